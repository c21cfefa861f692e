"""The evidence-only verdict on a claim about one paper: its premises (exclusivity, no limit, counts, figures, a
denied requirement, a category) against the paper's sentences ranked by the claim. write/verdict.py adds the
listing's metadata, the claim's terms and the record on top of it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from assistant.answer.check.claim_parts import Pool, numbers
from assistant.answer.evidence import alignment, exception, extended, months, named_product, share, vague_count
from assistant.answer.evidence.asserted import asserted
from assistant.answer.evidence.claim_terms import LIGHT
from assistant.answer.evidence.query_terms import stem
from assistant.answer.evidence.weigh import summary_sentence, vocabulary
from assistant.answer.plan import phrases
from assistant.answer.plan.intents import topic_words
from assistant.index.bm25 import terms
from assistant.models import Paper

YES, NO, UNSAID = "Yes", "No", "The abstracts do not say"
# How much of the question's own words (those not naming the paper) the deciding sentence must hold for a "yes"
# with nothing to contradict it, and how little of them the whole paper may hold before "is X about Y?" is a no.
COVERED = 0.5
FOREIGN = 0.34
# Or: this much of them somewhere in the paper, and this much in the best sentence.
WHOLE, PART = 0.6, 0.25
TOP = 4  # best sentences (by the question) a verdict is read from
# Two stems this long, one the start of the other, are one word's forms ("label" of "labels", "labell" of "labelled").
_SHARED = 5
ABOUT_ELSE = "the paper is about something else"  # why a claim whose words the paper hardly holds is a No
DENIES = "the sentence denies the asked term"  # why a requirement the paper denies is a No
EXCEPTED = "the paper states an exception to it"  # why a claim made without exception is a No

# ("not only accuracy and speed" claims more than them: no exclusivity)
_EXCLUSIVE = re.compile(
    r"(?<!\bnot )\b(?:only|solely|exclusively|purely|just)\b\s+"
    r"(?:on\s+|in\s+|with\s+|for\s+)?((?:[\w-]+\s+){0,2}[\w-]+)",
    re.I,
)
# ("purely data-parallel?" - "a hybrid structure of data and model parallelism")
_INCLUSIVE = re.compile(r"\b(both|as well as|including|in addition to|together with|hybrid)\b", re.I)
_UNBOUNDED = re.compile(
    r"\b(keeps?|kept|continues?|continued)\s+\w+ing\b|\bas long as\b|\bindefinitely\b"
    r"|\bwithout (?:any )?(?:limit|bound)\b|\bno (?:limit|bound|ceiling)\b|\bunlimited\b|\balways\b",
    re.I,
)
_BOUND = re.compile(r"\b(upper bound|upper limit|saturat\w*|plateau\w*|diminishing returns|ceiling|bounded by)\b", re.I)
_LIMITED = re.compile(r"\b(limit(?:ed|s)?|no longer|cannot)\b", re.I)
_NEGATOR = {"without", "no", "not", "never", "neither", "nor", "free", "avoid", "avoids", "avoiding", "eliminat"}
_ASKS_NEGATED = re.compile(r"\b(without|not|n't|never|no|zero(?!-))\b", re.I)  # "zero communication", not "zero-shot"
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
    rival: bool = False  # a No because the paper states another term in the place of one the claim asserts
    record: str = ""  # what the paper's record says, when it decided (claim_record: "its first author is X, not Y")

    def contradicted(self) -> bool:
        """A No from a sentence that states another term in the place of one the claim asserts, or denies one ("did
        Tanaka and Sato have to label RADARSAT-2 images?" - "… and no labels from the target sensor")."""
        return self.word == NO and (self.rival or self.why == DENIES)


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


def content(question: str, paper: Paper) -> list[str]:
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


def coverage(words: list[str], text: str, *, derived: bool = False) -> float:
    """The share of the words the text holds, in another form ("models") or versioned ("ARM" as "ARMv8"); with
    `derived`, also by its derived stem ("peaks" as "peaking", "thinner" as "thinning")."""
    if not words:
        return 0.0
    tokens = terms(text)
    have = {stem(t) for t in tokens}
    have_derived = {stem(t, derived=True) for t in tokens} if derived else set()

    def held(t: str) -> bool:
        return stem(t) in have or extended.held(t, tokens) or (derived and stem(t, derived=True) in have_derived)

    return sum(map(held, words)) / len(words)


# The noun names an operation by what it removes, before it ("a more general redundancy elimination technique"):
# the words after it are not what is denied, as they are after "eliminates" ("eliminates inter-node communication").
_NAMING = frozenset({"elimination", "eliminations"})


def denied(sentence: str, words: list[str]) -> int:
    """The place in the claim's words of the last one the sentence denies ("without any inter-device communication",
    "tuning-free"), -1 for none."""
    stems = [stem(w) if len(w) > 3 else None for w in words]

    def asked(token: str) -> int:  # "labels" for "labelled": one stem the other's start
        t = stem(token)
        return max(
            (
                i
                for i, s in enumerate(stems)
                if s and (t == s or (min(len(t), len(s)) >= _SHARED and (t.startswith(s) or s.startswith(t))))
            ),
            default=-1,
        )

    tokens = re.findall(r"[a-z][a-z-]*", sentence.casefold())
    found = -1
    for i, tok in enumerate(tokens):
        parts = tok.split("-")
        if parts[-1] == "free":
            found = max(found, -1, *(asked(p) for p in parts[:-1]))
        if tok in _NEGATOR or (tok.startswith("eliminat") and tok not in _NAMING):
            found = max(found, *(asked(t) for t in tokens[i + 1 : i + 5]), -1)
    return found


def negates(sentence: str, words: list[str]) -> bool:
    """The sentence denies one of the question's terms."""
    return denied(sentence, words) >= 0


def denying(words: list[str], sentences: list[str]) -> str | None:
    """Of the sentences denying a claim word, the one denying its latest: a yes/no question states what it asserts
    after what it describes ("To adapt the model to RADARSAT-2, did they have to label some of its images?" - "no
    labels from the target sensor", not "64% without adaptation"); of equals the first (ranked order)."""
    places = [(denied(s, words), -i, s) for i, s in enumerate(sentences)]
    best = max(places, default=(-1, 0, None))
    return best[2] if best[0] >= 0 else None


def stating(words: list[str], best: str, sentences: list[str]) -> str:
    """The sentence that states the claim: the one holding most of its words, and of equals the one holding its later
    words, where a yes/no question puts what it asserts after the paper it describes ("was the dynamic HONPAS scheme
    for Hartree-Fock exchange demonstrated on the Tianhe-2 supercomputers?"); `best` (the claim's best-ranked
    sentence) unless another holds more."""
    if not words:
        return best

    def held(s: str) -> tuple[float, float]:
        tokens = terms(s)
        have = {stem(t) for t in tokens}
        places = [i + 1 for i, w in enumerate(words) if stem(w) in have or extended.held(w, tokens)]
        return len(places) / len(words), sum(places) / sum(range(1, len(words) + 1))

    top = max(sentences, key=held, default=best)
    return top if held(top) > held(best) else best


def _plain(text: str) -> list[str]:
    """The text's content words in order (no stopwords, no compound's parts appended)."""
    return [w for w in re.findall(r"[A-Za-z][\w-]*", text) if terms(w)]


def _unbound(question: str, words: list[str]) -> list[str]:
    """The claim's content words that are not what one of its figures counts or measures ("82% accuracy"), nor what
    one of its direction words is said of ("the accuracy gain")."""
    counted = {
        stem(t) for q in alignment.quantities(question) for t in terms(question[q.end :])[: alignment.NEAR_AFTER]
    }
    for m in alignment.direction_words(question):
        counted |= {stem(t) for t in _plain(question[: m.start()])[-alignment.NEAR_BEFORE :] + [m.group(0)]}
        counted |= {stem(t) for t in _plain(question[m.end() :])[: alignment.NEAR_AFTER]}
    return [w for w in words if stem(w) not in counted]


def asks_negated(question: str) -> bool:
    """The claim itself denies something ("without a GPU"); a tag ("…, didn't it?") asks to confirm, not negates."""
    return bool(_ASKS_NEGATED.search(phrases.untagged(question)))


def premises(question: str, paper: Paper, ranked: list[str]) -> Verdict:
    top = ranked[:TOP]
    every = ranked
    pool = Pool(paper.abstracts)
    words = content(asserted(question), paper)

    def holding(pred, among=None) -> str | None:
        return next((s for s in (among or every) if pred(s)), None)

    # A premise of exclusivity met by an inclusive sentence: "only molecules?" - "both molecular and solid systems".
    if m := _EXCLUSIVE.search(question):
        asked = terms(m.group(1))
        s = holding(lambda s: coverage(asked, s) > 0 and bool(_INCLUSIVE.search(s)), top)
        if s:
            return Verdict(NO, s, "exclusive premise, inclusive sentence")
    # A premise without limit met by a stated bound: "keeps scaling?" - "there is an upper bound".
    if _UNBOUNDED.search(question):
        s = holding(lambda s: bool(_BOUND.search(s))) or holding(lambda s: bool(_LIMITED.search(s)), top)
        if s:
            return Verdict(NO, s, "unbounded premise, a stated bound")
    # "under 12 cm everywhere, including the Greenland coast?" - "below 12 cm, except along the coast of Greenland"
    if s := exception.excepted(question, every):
        return Verdict(NO, s, EXCEPTED)
    # "only tested on a handful of stencil kernels?" - "Evaluated on 79 stencil kernels": the vague count against the
    # figure the paper states for the same head noun (a met figure elsewhere in the claim does not outrank it).
    if vague := vague_count.weigh(question, every):
        return Verdict(YES if vague.holds else NO, vague.sentence, f"{vague_count.WHY}: {vague.stated}")
    # "pond coverage peaked in mid-August?" - "pond fractions peaking in early July": another month of the year
    if s := months.said_otherwise(question, every):
        return Verdict(NO, s, "the paper names another month", rival=True)
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
                # "over 80 models across 73 benchmarks?" - "over 80 models across 37 evaluation benchmarks": the
                # count meets its floor, but another figure of the claim is nowhere in the paper
                other = [v for v, u in numbers(question) if _value(v) != floor and not pool.has_number(v, u)]
                if met and other:
                    return Verdict(NO, s, f"stated otherwise: {other[0]} (not stated)")
                return Verdict(YES if met else NO, s, "a count against the asked bound")
    # "most of the chart area?" - "different concentration classes to 17% of the area": a share asked in words.
    if weighed := share.weigh(question, every):
        return Verdict(
            YES if weighed.holds else NO, weighed.sentence, f"a share against the asked bound: {weighed.stated}"
        )
    # Each figure and direction of the claim bound to what it measures: a sentence stating it otherwise for the same
    # thing is a no ("a 235B MoE model in under 2 seconds" - "a 235B MoE model in 4.36s"), all of them met a yes.
    aligned = alignment.check(question, every)
    if aligned.contradiction is not None:
        return Verdict(NO, aligned.contradiction.sentence, f"stated otherwise: {aligned.contradiction.why}")
    if aligned.support is not None:
        # "did they have to hand-label some images to get the accuracy gain?" - the gain is stated, but "… with no
        # labels from the target sensor" denies what the claim says it took (as for a figure, below)
        s = aligned.support.sentence
        if not asks_negated(question) and (d := denying(_unbound(question, words), [t for t in top if t != s])):
            return Verdict(NO, d, DENIES)
        return Verdict(YES, s, f"stated for the same thing: {aligned.support.why}")
    # The question's figures: stated (yes), stated otherwise (no), or not stated at all (the abstracts do not say).
    asked_numbers = [(v, u) for v, u in numbers(question) if not re.search(re.escape(v), paper.title or "")]
    if asked_numbers and not _MORE_THAN.search(question):
        # "roughly 8%" is stated by "8.31%"; "8%" is not (alignment.met_as_said)
        missing = [
            (v, u)
            for v, u in asked_numbers
            if not pool.has_number(v, u) and not alignment.met_as_said(question, v, every)
        ]
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
            if other := alignment.moved(question, s, every):
                return Verdict(NO, s, f"stated otherwise: {other}")
            # "needed a few labelled scenes to get to 82%?" - the 82% is stated, but "… with no labels from the target
            # sensor" denies what the claim says it took; a word bound to a figure ("90% accuracy" - "without
            # accuracy loss") is the figure's to weigh, and the sentence stating the figures names its baseline
            # ("rises from 64% without adaptation to 82%"), not a denial.
            unbound = _unbound(question, words)
            if not asks_negated(question) and (d := denying(unbound, [t for t in top if t != s])):
                return Verdict(NO, d, DENIES)
            return Verdict(YES, s, "every figure stated")
        units = {u for _, u in missing if u}
        s = holding(lambda s: any(u2 in units for _, u2 in numbers(s)) and coverage(words, s) >= 0.2) if units else None
        if s:
            return Verdict(NO, s, "a figure stated otherwise")
        s = holding(lambda s: bool(numbers(s)) and coverage(words, s) >= 0.4, top)
        if s:
            return Verdict(NO, s, "a figure stated otherwise")
        return Verdict(UNSAID, top[0] if top else summary_sentence(paper), "a figure not stated")
    # A requirement the paper denies: "do they have to communicate?" - "without any inter-device communication".
    if not asks_negated(question):
        s = denying(words, top)
        if s:
            return Verdict(NO, s, DENIES)
    whole = " ".join(every)
    if _CATEGORY.search(question) and coverage(words, whole) <= FOREIGN:
        return Verdict(NO, summary_sentence(paper), ABOUT_ELSE)
    # "run on Huawei accelerators?" - "4096 Huawei Ascend 910": the class noun is met by the product the name names
    named = named_product.class_words(question, top[0]) if top else set()
    if top and coverage(words, " ".join([top[0], *named])) >= COVERED:
        return Verdict(YES, stating(words, top[0], every), "the best sentence states it")
    if top and coverage(words, whole) >= WHOLE and coverage(words, top[0]) >= PART:
        return Verdict(YES, top[0], "the paper states it, nothing contradicts it")
    # The words that report a finding ("find that", "show") need no place in the sentence stating it, and a word may
    # be held in another derived form ("pond coverage peaks in early July" - "pond fractions peaking in early July").
    stated = [w for w in words if w not in LIGHT] or words
    if top and coverage(stated, top[0], derived=True) >= COVERED:
        return Verdict(YES, top[0], "the best sentence states it in other forms")
    return Verdict(UNSAID, top[0] if top else summary_sentence(paper), "not stated")
