"""Yes/no questions: a verdict first ("Yes", "No", or "The abstracts do not say"), then the deciding sentence, cited.

The verdict comes from the evidence, never from the paper having been found: the question's numbers (with their
units and the nouns they count) matched or contradicted by the paper's sentences, a claim of exclusivity ("only
molecules") met by "both … and …", a claim without limit ("keeps scaling") met by a stated bound, a requirement met
by "without"/"-free", and the question's terms covered (or not) by the best sentence. A false premise is
corrected in the first sentence, by the sentence that contradicts it.

A "Yes" also needs every content word of the claim in the paper (as written, another form of it, or a close variant
by meaning); a word the paper lacks makes it a "No" when a sentence holds another term in its place ("copper-nickel
alloy" against "Fe-Cu alloy"), else "The abstracts do not say". The listing's metadata (comments such as "Accepted to
SC'25", the venue) is read as the paper's own statement.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from assistant.answer.check.citations import Citations, finish_blocks
from assistant.answer.check.claim_parts import Pool, numbers
from assistant.answer.corpus import Corpus
from assistant.answer.evidence import alignment, claim_record, claim_terms, clauses, comparative, contrast
from assistant.answer.evidence.query_terms import stem
from assistant.answer.evidence.roles import with_roles
from assistant.answer.evidence.weigh import summary_sentence, vocabulary
from assistant.answer.plan import phrases
from assistant.answer.plan.intents import topic_words
from assistant.answer.plan.plan import QueryPlan
from assistant.answer.write.by_role import heading
from assistant.answer.write.extractive import clause
from assistant.index.bm25 import terms
from assistant.index.retrieval import Hit
from assistant.models import Answer, Claim, Paper, Paragraph

YES, NO, UNSAID = "Yes", "No", "The abstracts do not say"
# How much of the question's own words (those not naming the paper) the deciding sentence must hold for a "yes"
# with nothing to contradict it, and how little of them the whole paper may hold before "is X about Y?" is a no.
COVERED = 0.5
FOREIGN = 0.34
# Or: this much of them somewhere in the paper, and this much in the best sentence.
WHOLE, PART = 0.6, 0.25
TOP = 4  # best sentences (by the question) a verdict is read from

_EXCLUSIVE = re.compile(
    r"\b(?:only|solely|exclusively|purely|just)\b\s+(?:on\s+|in\s+|with\s+|for\s+)?((?:[\w-]+\s+){0,2}[\w-]+)", re.I
)
_INCLUSIVE = re.compile(r"\b(both|as well as|including|in addition to|together with)\b", re.I)
_UNBOUNDED = re.compile(
    r"\b(keeps?|kept|continues?|continued)\s+\w+ing\b|\bas long as\b|\bindefinitely\b"
    r"|\bwithout (?:any )?(?:limit|bound)\b|\bno (?:limit|bound|ceiling)\b|\bunlimited\b|\balways\b",
    re.I,
)
_BOUND = re.compile(r"\b(upper bound|upper limit|saturat\w*|plateau\w*|diminishing returns|ceiling|bounded by)\b", re.I)
_LIMITED = re.compile(r"\b(limit(?:ed|s)?|no longer|cannot)\b", re.I)
_NEGATOR = {"without", "no", "not", "never", "neither", "nor", "free", "avoid", "avoids", "avoiding", "eliminat"}
_ASKS_NEGATED = re.compile(r"\b(without|not|n't|never|no)\b", re.I)
_MORE_THAN = re.compile(r"\b(more than|over|at least|beyond)\s+(\d[\d,.]*|one|two|three|four|five|six|ten)\b", re.I)
_OPEN_BOUND = re.compile(r"\b(more than|over|above|beyond)\s+(\d[\d,.]*|one|two|three|four|five|six|ten)\b", re.I)
_CATEGORY = re.compile(r"^\s*(?:is|are|was|were)\b[^?]*?\b(?:about|an?|mainly|primarily|mostly)\b", re.I)
_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
_COUNTED = re.compile(
    r"(?<![\w.])(\d[\d,.]*|one|two|three|four|five|six|seven|eight|nine|ten)\s+"
    r"((?:[a-z][\w-]*\s+){0,2}[a-z][\w-]*)",
    re.I,
)
# "2.6% on A100 clusters": a figure and the named setting it is stated for.
_FOR_NAME = (
    r"\s*(?:%|x|×)?[\w-]*\s+(?:\w+\s+){0,2}?(?:on|with|for|using|in)\s+(?:the\s+)?([A-Z][\w-]*\d[\w-]*|[A-Z]{2,}[\w-]*)"
)


@dataclass
class Verdict:
    word: str  # YES, NO or UNSAID
    sentence: str  # the deciding sentence
    why: str  # what decided it (for meta)
    term: str | None = None  # the word of the deciding sentence the verdict turned on, when one did


def _value(word: str) -> float | None:
    w = word.casefold().replace(",", "")
    if w in _WORDS:
        return float(_WORDS[w])
    try:
        return float(w)
    except ValueError:
        return None


def _counted(text: str) -> dict[str, set[float]]:
    """Nouns with the numbers that count them: "80 models" -> {"models": {80}}."""
    out: dict[str, set[float]] = {}
    for m in _COUNTED.finditer(text):
        v = _value(m.group(1))
        if v is not None:
            for word in m.group(2).split()[:3]:  # "two complementary test-risk guarantees": each may be the noun
                out.setdefault(stem(word), set()).add(v)
    return out


def _content(question: str, paper: Paper) -> list[str]:
    """The question's topic words (stopwords out) that do not name the paper."""
    naming = vocabulary(paper.title or paper.display_title)
    return [t for w in topic_words(question) for t in terms(w) if t not in naming]


def _setting_swapped(question: str, v: str, sentences: list[str]) -> str | None:
    """The sentence stating the asked figure for another named setting than the question's ("2.6% on RTX 4090" asked
    as "2.6% on A100"), or None."""
    m = re.search(rf"(?<![\d.]){re.escape(v)}{_FOR_NAME}", question)
    if not m:
        return None
    asked = m.group(1).casefold()
    for s in sentences:
        for n in re.finditer(rf"(?<![\d.]){re.escape(v)}{_FOR_NAME}", s):
            if n.group(1).casefold() != asked and asked in s.casefold():
                return s
    return None


def _coverage(words: list[str], text: str) -> float:
    if not words:
        return 0.0
    have = {stem(t) for t in terms(text)}
    return sum(stem(t) in have for t in words) / len(words)


def _negates(sentence: str, words: list[str]) -> bool:
    """The sentence denies one of the question's terms: "without any inter-device communication", "tuning-free"."""
    stems = {stem(w) for w in words if len(w) > 3}
    tokens = re.findall(r"[a-z][a-z-]*", sentence.casefold())
    for i, tok in enumerate(tokens):
        parts = tok.split("-")
        if parts[-1] == "free" and any(stem(p) in stems for p in parts[:-1]):
            return True
        if tok in _NEGATOR or tok.startswith("eliminat"):
            if any(stem(t) in stems for t in tokens[i + 1 : i + 5]):
                return True
    return False


def decide(question: str, paper: Paper, ranked: list[str], near: claim_terms.Near | None = None) -> Verdict:
    """The verdict on a yes/no question about one paper, from its sentences ranked by the question and its listing's
    metadata (venue, comments); `near` finds a close variant of a word among the paper's words by meaning."""
    words = _content(question, paper)
    # "Was X accepted at SC'25?": the listing's comment ("Accepted to SC'25 (June 3, 2025).") states the whole claim.
    stated = [s for s in claim_terms.metadata(paper) if _coverage(words, s) == 1.0]
    if stated and _coverage(words, " ".join(ranked)) < 1.0:
        return Verdict(YES, stated[0], "the listing's metadata states it")
    # "Was X accepted at ISCA'25?" - "Accepted to SC'25": the comment names another venue in the claim's place.
    for s in claim_terms.metadata(paper):
        if _coverage(words, s) >= COVERED:
            for w in topic_words(question):
                if _coverage(terms(w), s) == 0 and (other := claim_terms.swapped(question, w, s)):
                    return Verdict(NO, s, f"the listing says {other!r} where the claim says {w!r}")
    # A term the claim asserts of the work that the paper names only as what the work is set against ("previously
    # attainable only via OpenKMC on a supercomputer", "performance as native C or Fortran") is a false premise.
    if foiled := claim_terms.foil_only(question, paper, ranked):
        word, sentence = foiled
        return Verdict(NO, sentence, f"the paper names {word!r} only as what the work is set against", word)
    # "mainly written in C++?" - "… the Julia script language as the main programming language": another main one.
    if main := claim_terms.main_rival_of(question, paper, ranked):
        return Verdict(NO, main[2], f"the paper names {main[1]!r} as the main one, not {main[0]!r}", main[1])
    if weighed := comparative.weigh(question, ranked):  # "A drops faster than B?" - "-0.21 for B and -0.12 for A"
        return Verdict(YES if weighed.holds else NO, weighed.sentence, f"the figures for both sides: {weighed.stated}")
    verdict = _decide(question, paper, ranked)
    light = vocabulary(paper.title or paper.display_title) | claim_terms.LIGHT
    alt = contrast.contrast(question, ranked[:TOP], frozenset(light)) if verdict.word != NO else None
    if alt and not claim_terms.in_comparison(question, alt.asked):  # "beat the vendor BLAS" - "famous BLAS"
        # "generated during the run-time stage?" - "In the install-time stage, X auto-generates …"
        return Verdict(
            NO, alt.sentence, f"the paper says {alt.stated!r} where the claim says {alt.asked!r}", alt.stated
        )
    if verdict.word != YES:
        return verdict
    # Never a yes while a term of the claim is nowhere in the paper: "copper-nickel alloy" against "Fe-Cu alloy" is a
    # no when a sentence puts another term in its place, else the abstracts do not say.
    missing = [
        w
        for w in claim_terms.unsupported(question, paper, ranked, near)
        if not claim_terms.paraphrased(question, w, ranked)
    ]
    if verdict.why.startswith(claim_terms.BY_FIGURES):
        # A figure met in the sentence bound to the same context already matched what it counts: "4096 Huawei
        # Ascend 910 accelerators" is stated as "4096 Huawei Ascend 910".
        counted = claim_terms.counted_words(question)
        # A versioned name stays asked for: "11x compression on ResNet-50" is not met by "on the ResNet-34 model".
        missing = [w for w in missing if w.casefold() not in counted or claim_terms.versioned(w)]
        # With the figures met for the same thing, a plain word in a verb's place (after a content word) that the
        # paper words otherwise is wording ("the study group(s) the benchmarks into 6 primary abilities" -
        # "categorized into 6 primary abilities"); a modifier ("the winter classifier"), a name or a value (capitals,
        # digits, hyphens) still has to be the paper's.
        missing = [
            w for w in missing if not w.isalpha() or not w.islower() or not claim_terms.after_its_subject(question, w)
        ]
    if not missing:
        return verdict
    for word in missing:
        for s in ranked:
            if claim_terms.versioned(word) and (other := claim_terms.other_version(word, s)):
                return Verdict(NO, s, f"the paper says {other!r} where the claim says {word!r}", other)
            if not claim_terms.in_comparison(question, word) and (other := claim_terms.swapped(question, word, s)):
                return Verdict(NO, s, f"the paper says {other!r} where the claim says {word!r}")
    missing = [w for w in missing if not claim_terms.verb_place(question, w)]
    if not missing:
        return verdict
    return Verdict(UNSAID, verdict.sentence, f"not in the paper: {', '.join(missing)}")


def _decide(question: str, paper: Paper, ranked: list[str]) -> Verdict:
    top = ranked[:TOP]
    every = ranked
    pool = Pool([paper.abstract, *paper.other_abstracts])
    words = _content(question, paper)

    def holding(pred, among=None) -> str | None:
        return next((s for s in (among or every) if pred(s)), None)

    # A premise of exclusivity met by an inclusive sentence: "only molecules?" - "both molecular and solid systems".
    if m := _EXCLUSIVE.search(question):
        asked = terms(m.group(1))
        s = holding(lambda s: _coverage(asked, s) > 0 and bool(_INCLUSIVE.search(s)), top)
        if s:
            return Verdict(NO, s, "exclusive premise, inclusive sentence")
    # A premise without limit met by a stated bound: "keeps scaling?" - "there is an upper bound".
    if _UNBOUNDED.search(question):
        s = holding(lambda s: bool(_BOUND.search(s))) or holding(lambda s: bool(_LIMITED.search(s)), top)
        if s:
            return Verdict(NO, s, "unbounded premise, a stated bound")
    # "More than one X?" - "two complementary X".
    if m := _MORE_THAN.search(question):
        floor = _value(m.group(2))
        # what is counted: "more than one test-risk …"
        after = {stem(t) for t in terms(question[m.end() :])[:3]}
        for s in every:
            counts = [v for noun, vs in _counted(s).items() if noun in after for v in vs]
            if counts and floor is not None:
                # "over 80 models" itself exceeds 80: a count the sentence states as a lower bound meets that floor
                exceeded = {_value(b.group(2)) for b in _OPEN_BOUND.finditer(s)}
                met = max(counts) > floor or floor in exceeded
                return Verdict(YES if met else NO, s, "a count against the asked bound")
    # Each figure and direction of the claim bound to what it measures: a sentence stating it otherwise for the same
    # thing is a no ("a 235B MoE model in under 2 seconds" - "a 235B MoE model in 4.36s"), all of them met a yes.
    aligned = alignment.check(question, every)
    if aligned.contradiction is not None:
        return Verdict(NO, aligned.contradiction.sentence, f"stated otherwise: {aligned.contradiction.why}")
    if aligned.support is not None:
        return Verdict(YES, aligned.support.sentence, f"stated for the same thing: {aligned.support.why}")
    # The question's figures: stated (yes), stated otherwise (no), or not stated at all (the abstracts do not say).
    asked_numbers = [(v, u) for v, u in numbers(question) if not re.search(re.escape(v), paper.title or "")]
    if asked_numbers and not _MORE_THAN.search(question):
        missing = [(v, u) for v, u in asked_numbers if not pool.has_number(v, u)]
        q_counts = _counted(question)
        for noun, values in q_counts.items():
            for s in every:
                stated = _counted(s).get(noun)
                if stated and not (values & stated):
                    return Verdict(NO, s, f"the paper counts {noun} otherwise")
        for v, _ in asked_numbers:
            if s := _setting_swapped(question, v, every):
                return Verdict(NO, s, "the figure is stated for another setting")
        if not missing:
            s = max(
                top or every,
                key=lambda s: sum(bool(re.search(rf"(?<![\d.]){re.escape(v)}(?![\d])", s)) for v, _ in asked_numbers),
            )
            return Verdict(YES, s, "every figure stated")
        units = {u for _, u in missing if u}
        s = (
            holding(lambda s: any(u2 in units for _, u2 in numbers(s)) and _coverage(words, s) >= 0.2)
            if units
            else None
        )
        if s:
            return Verdict(NO, s, "a figure stated otherwise")
        s = holding(lambda s: bool(numbers(s)) and _coverage(words, s) >= 0.4, top)
        if s:
            return Verdict(NO, s, "a figure stated otherwise")
        return Verdict(UNSAID, top[0] if top else summary_sentence(paper), "a figure not stated")
    # A requirement the paper denies: "do they have to communicate?" - "without any inter-device communication".
    if not _ASKS_NEGATED.search(phrases.untagged(question)):  # "…, didn't it?" asks to confirm, not negates
        s = holding(lambda s: _negates(s, words), top)
        if s:
            return Verdict(NO, s, "the sentence denies the asked term")
    whole = " ".join(every)
    if _CATEGORY.search(question) and _coverage(words, whole) <= FOREIGN:
        return Verdict(NO, summary_sentence(paper), "the paper is about something else")
    if top and _coverage(words, top[0]) >= COVERED:
        return Verdict(YES, top[0], "the best sentence states it")
    if top and _coverage(words, whole) >= WHOLE and _coverage(words, top[0]) >= PART:
        return Verdict(YES, top[0], "the paper states it, nothing contradicts it")
    return Verdict(UNSAID, top[0] if top else summary_sentence(paper), "not stated")


@lru_cache(maxsize=64)
def _word_vectors(embeddings, words: tuple[str, ...]) -> np.ndarray:
    # A paper's ~200 words embed in ~125 ms (onnx, 2 cores): once per paper, not once per question.
    return np.asarray(embeddings.embed_documents(list(words)), dtype=np.float32)


def _near(corpus: Corpus) -> claim_terms.Near:
    """A word is held as a close variant when some word of the paper embeds within VARIANT of it."""

    def near(word: str, words: list[str]) -> bool:
        if not words:
            return False
        embeddings = corpus.picker.embeddings
        asked = np.asarray(embeddings.embed_query(word), dtype=np.float32)
        return bool((_word_vectors(embeddings, tuple(words)) @ asked).max() >= claim_terms.VARIANT)

    return near


def presumes_author(plan: QueryPlan, paper: Paper) -> bool:
    """The claim is about the author's own work ("his", "she", the name) and the paper is another group's."""
    return plan.about_author and plan.scope == "author" and not plan.others_asked and not paper.is_author_work


def _record(plan: QueryPlan, claim: str, paper: Paper) -> claim_record.RecordCheck | None:
    """The claim's year, venue, authors and category against the paper's record (evidence/claim_record.py)."""
    return claim_record.check(
        claim,
        paper,
        [
            claim_record.year(claim, paper),
            claim_record.authors(claim, paper, plan.person, plan.position),
            claim_record.venue(claim, paper, plan.venues),
            claim_record.categories(claim, paper, plan.categories),
        ],
    )


def write_verdict(plan: QueryPlan, hits: list[Hit], corpus: Corpus) -> Answer | None:
    """Yes, No or "The abstracts do not say", then the deciding sentence, cited; None without a paper to read."""
    if not hits:
        return None
    claim = phrases.claim_of(plan.words) or plan.claim or plan.words
    paper = claim_record.stating(claim, hits, bool(plan.named or plan.focus)) or hits[0].paper
    record = _record(plan, claim, paper)
    rest = claim_record.rest(claim, record.spans) if record else claim
    # The record decides a claim about it, unless what is left states a figure or a direction for the abstract to
    # weigh ("her 2020 paper found a 40% increase, right?").
    if record and (record.word == NO or not paper.has_abstract or not alignment.stated(rest)):
        cites = Citations()
        marker = cites.cite(paper, summary_sentence(paper))
        text = f"{record.word}: {heading(paper, corpus)}: {record.said} {marker}."
        return finish_blocks(
            [Paragraph(claims=[Claim(text=text)])],
            cites,
            route="verify",
            verdict=record.word,
            decided_by=f"the record's {record.field}",
            papers=[paper.id],
        )
    if not paper.has_abstract:
        cites = Citations()
        marker = cites.cite(paper, summary_sentence(paper))
        text = f"{UNSAID}: the sources give no abstract for {heading(paper, corpus)} {marker}, only its record."
        return finish_blocks(
            [Paragraph(claims=[Claim(text=text)])], cites, route="verify", verdict=UNSAID, papers=[paper.id]
        )
    rest = claim_record.unnamed(rest, paper)
    ranked = [s for s, _ in corpus.picker.rank(rest, corpus.qterms(rest), [paper])[paper.id]]
    ranked = [s for s in ranked if not s.rstrip().endswith("?")] or ranked
    if not ranked:
        ranked = [r.text for r in with_roles(paper, corpus.picker.stored)]
    verdict = decide(rest, paper, ranked, near=_near(corpus))
    if verdict.word == YES and presumes_author(plan, paper):
        # "Did he use speculative decoding?" met only by another group's paper: the claim is false of him
        verdict = Verdict(NO, verdict.sentence, "only another group's paper states it", verdict.term)
    # The item holding the figure (or the word the verdict turned on), when the sentence is an enumeration.
    if verdict.term:
        verdict.sentence = clauses.holding(verdict.term, verdict.sentence)
    else:
        verdict.sentence = clauses.focus(rest, verdict.sentence)
    cites = Citations()
    marker = cites.cite(paper, verdict.sentence)
    says = "the closest it comes is" if verdict.word == UNSAID else "it says"
    text = f"{verdict.word}: {heading(paper, corpus)}, {says}: {clause(verdict.sentence)} {marker}."
    if verdict.word == UNSAID:
        text = f"{UNSAID}: in {heading(paper, corpus)}, {says}: {clause(verdict.sentence)} {marker}."
    return finish_blocks(
        [Paragraph(claims=[Claim(text=text)])],
        cites,
        route="verify",
        verdict=verdict.word,
        decided_by=verdict.why,
        papers=[paper.id],
    )
