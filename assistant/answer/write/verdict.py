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

from assistant.answer.check.citations import Citations, finish_blocks
from assistant.answer.corpus import Corpus
from assistant.answer.evidence import (
    alignment,
    asked,
    claim_record,
    claim_terms,
    clauses,
    comparative,
    concessive,
    contrast,
    main_claim,
    named_product,
    negated_form,
    paired,
    range_end,
    restated,
    share,
    vague_count,
)
from assistant.answer.evidence.asserted import asserted
from assistant.answer.evidence.roles import cue_role, with_roles
from assistant.answer.evidence.weigh import summary_sentence, vocabulary
from assistant.answer.plan import phrases
from assistant.answer.plan.intents import topic_words
from assistant.answer.plan.plan import QueryPlan
from assistant.answer.write import verdict_meaning as meaning
from assistant.answer.write import verdict_model, verdict_parts
from assistant.answer.write.by_role import heading
from assistant.answer.write.extractive import clause
from assistant.answer.write.premises import (
    ABOUT_ELSE,
    COVERED,
    NO,
    TOP,
    UNSAID,
    YES,
    Verdict,
    content,
    coverage,
    premises,
)
from assistant.index.bm25 import terms
from assistant.index.retrieval import Hit
from assistant.models import Answer, Claim, Paper, Paragraph

__all__ = ["NO", "UNSAID", "YES", "Verdict", "decide", "verdict_on", "write_verdict"]


def decide(
    question: str,
    paper: Paper,
    ranked: list[str],
    near: claim_terms.Near | None = None,
    embed: restated.Embed | None = None,
) -> Verdict:
    """The verdict on a yes/no question about one paper, from its sentences ranked by the question and its listing's
    metadata (venue, comments); `near` finds a close variant of a word among the paper's words by meaning, `embed`
    reads a phrase of the claim the paper states in other words. A Yes holds only when no part of a claim with
    several figures is a No (write/verdict_parts.py)."""
    whole = _whole(question, paper, ranked, near, embed)
    return verdict_parts.combined(question, whole, lambda part: _whole(part, paper, ranked, near, embed))


def _whole(question: str, paper: Paper, ranked: list[str], near, embed) -> Verdict:
    """The verdict on the claim read as one statement."""
    words = content(asserted(question), paper)
    # "Was X accepted at SC'25?": the listing's comment ("Accepted to SC'25 (June 3, 2025).") states the whole claim.
    stated = [s for s in claim_terms.metadata(paper) if coverage(words, s) == 1.0]
    if stated and coverage(words, " ".join(ranked)) < 1.0:
        return Verdict(YES, stated[0], "the listing's metadata states it")
    # "Was X accepted at ISCA'25?" - "Accepted to SC'25": the comment names another venue in the claim's place.
    for s in claim_terms.metadata(paper):
        if coverage(words, s) >= COVERED:
            for w in topic_words(question):
                if coverage(terms(w), s) == 0 and (other := claim_terms.swapped(question, w, s)):
                    return Verdict(NO, s, f"the listing says {other!r} where the claim says {w!r}", rival=True)
    # A term the claim asserts of the work that the paper names only as what the work is set against ("previously
    # attainable only via OpenKMC on a supercomputer", "performance as native C or Fortran") is a false premise.
    if foiled := claim_terms.foil_only(question, paper, ranked):
        word, sentence = foiled
        return Verdict(NO, sentence, f"the paper names {word!r} only as what the work is set against", word)
    # "mainly written in C++?" - "… the Julia script language as the main programming language": another main one.
    if main := main_claim.main_rival_of(question, paper, ranked):
        return Verdict(NO, main[2], f"the paper names {main[1]!r} as the main one, not {main[0]!r}", main[1])
    # "decentralized training with centralized execution?" - "a centralized-training, decentralized-execution
    # paradigm": the claim pairs the paper's words the other way round.
    if crossed := paired.crossed(question, ranked[:TOP]):
        return Verdict(NO, crossed[2], f"the paper says {crossed[1]!r} where the claim says {crossed[0]!r}", rival=True)
    # "strongly correlated in LLMs?" - "nearly uncorrelated in LLMs": the claim's word negated, of the same thing.
    if negated := negated_form.denied(question, ranked[:TOP]):
        return Verdict(NO, negated[2], f"the paper says {negated[1]!r} where the claim says {negated[0]!r}", rival=True)
    # "do abilities linked in humans also turn out to be linked in LLMs?" - "While … interrelated in humans, they appear
    # nearly uncorrelated in LLMs": the sentence sets apart the two things the claim says are alike.
    if apart := concessive.set_apart(question, ranked[:TOP]):
        return Verdict(NO, apart, "the paper sets apart what the claim says is alike", rival=True)
    if weighed := comparative.weigh(question, ranked):  # "A drops faster than B?" - "-0.21 for B and -0.12 for A"
        return Verdict(YES if weighed.holds else NO, weighed.sentence, f"the figures for both sides: {weighed.stated}")
    # "the smallest setup used T4 cards?" - "from 4 nodes with 32 NVIDIA Tesla T4, up to 512 nodes with …": an end
    ended = range_end.weigh(question, ranked, vocabulary(paper.title or paper.display_title))
    if ended:
        return Verdict(YES if ended.holds else NO, ended.sentence, f"the range's end holds the names: {ended.end}")
    verdict = premises(question, paper, ranked)
    light = vocabulary(paper.title or paper.display_title) | claim_terms.LIGHT
    # A sentence that motivates the work by what earlier work lacks ("Previous work on redundancy elimination … in loop
    # nests lacks universality") states no value of the work's own: it is no contrast to a claim about the work.
    own = [s for s in ranked[:TOP] if cue_role(s) not in _NOT_THE_WORK]
    alt = contrast.contrast(question, own, frozenset(light), " ".join(paper.abstracts)) if verdict.word != NO else None
    if alt and not claim_terms.in_comparison(question, alt.asked):  # "beat the vendor BLAS" - "famous BLAS"
        # "generated during the run-time stage?" - "In the install-time stage, X auto-generates …"
        return Verdict(
            NO,
            alt.sentence,
            f"the paper says {alt.stated!r} where the claim says {alt.asked!r}",
            alt.stated,
            rival=True,
        )
    # "projecting onto the high-curvature directions?" - "onto the Hessian's low-curvature eigensubspace"
    opposite = restated.opposed(question, own) if verdict.word != NO else None
    if opposite and not claim_terms.in_comparison(question, opposite[0].split()[0]):
        return Verdict(
            NO, opposite[2], f"the paper says {opposite[1]!r} where the claim says {opposite[0]!r}", rival=True
        )
    if verdict.word != YES:
        return verdict
    # Never a yes while a term of the claim is nowhere in the paper: "copper-nickel alloy" against "Fe-Cu alloy" is a
    # no when a sentence puts another term in its place, else the abstracts do not say.
    missing = [
        w
        for w in claim_terms.unsupported(asserted(question), paper, ranked, near)
        if not claim_terms.paraphrased(question, w, ranked)
        and not named_product.held(question, w, ranked[:TOP])
        and not claim_terms.abbreviated_in(w, ranked[:TOP])
    ]
    if verdict.why.startswith(claim_terms.BY_FIGURES):
        # A figure met in the sentence bound to the same context already matched what it counts: "4096 Huawei
        # Ascend 910 accelerators" is stated as "4096 Huawei Ascend 910".
        counted = claim_terms.counted_words(question) | share.wording(question) | vague_count.words(question)
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
    # a word a sentence states in other words is held, unless another sentence puts a rival term in its place
    restating = {w: r for w in missing if embed and (r := restated.stating(question, w, ranked[:TOP], embed))}
    if rival := _rival(question, paper, ranked, missing, restating):
        return rival
    missing = [
        w
        for w in missing
        if w not in restating
        and not claim_terms.verb_place(question, w)
        and not claim_terms.verb_of_met_object(question, w, verdict.sentence)
    ]
    if not missing:
        return verdict
    return Verdict(UNSAID, verdict.sentence, f"not in the paper: {', '.join(missing)}")


# The cue roles of a sentence about the field or earlier work rather than the paper's own (index/roles.py).
_NOT_THE_WORK = frozenset({"motivation", "background"})


def _rival(
    question: str, paper: Paper, ranked: list[str], missing: list[str], restating: dict | None = None
) -> Verdict | None:
    """A No from the sentence stating another term in the place of a claim word the paper lacks ("ResNet-34" for
    "ResNet-50", "Fe-Cu" for "copper-nickel"): of the sentences that do, the one holding most of the claim's words
    ("… partitions the training data into subsets using unsupervised clustering" for "split its training data into
    subsets using hand-labelled categories", not "… trained on its data subset using low-cost devices")."""
    words = content(question, paper)
    for word in missing:
        if claim_terms.graded(question, word, ranked):
            continue
        found = []
        for s in ranked:
            if claim_terms.versioned(word) and (other := claim_terms.other_version(word, s)):
                found.append(
                    Verdict(NO, s, f"the paper says {other!r} where the claim says {word!r}", other, rival=True)
                )
            elif (
                not claim_terms.in_comparison(question, word)
                and (other := claim_terms.swapped(question, word, s))
                and not (word in (restating or {}) and restated.rewords(other, question, s))
            ):  # a restated word has only a name, a count or an opposite for a rival ("six", not "scientific")
                found.append(Verdict(NO, s, f"the paper says {other!r} where the claim says {word!r}", rival=True))
        if found:
            return max(found, key=lambda v: coverage(words, v.sentence))  # the first of equals: ranked order
    return None


def presumes_author(plan: QueryPlan, paper: Paper) -> bool:
    """The claim is about the author's own work ("his", "she", the name) and the paper is another group's."""
    return plan.about_author and plan.scope == "author" and not plan.others_asked and not paper.is_author_work


def _others_in_author_scope(plan: QueryPlan, paper: Paper) -> bool:
    """Another group's paper read for a question in the author's scope ("did Tanaka publish …?"): whether he did it
    is not what the claim's evidence weighs, so the learned gate leaves the rules' verdict."""
    return plan.scope == "author" and not plan.others_asked and not paper.is_author_work


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


def _sentences(rest: str, paper: Paper, corpus: Corpus) -> list[str]:
    """The paper's sentences ranked by the claim (without its naming words)."""
    ranked = [s for s, _ in corpus.picker.rank(rest, corpus.qterms(rest), [paper])[paper.id]]
    ranked = [s for s in ranked if not s.rstrip().endswith("?")] or ranked
    return ranked or [r.text for r in with_roles(paper, corpus.picker.stored)]


def _read(rest: str, paper: Paper, corpus: Corpus) -> Verdict:
    """The verdict the paper's sentences (ranked by the claim) give on the claim without its naming words."""
    rest = claim_record.unnamed(rest, paper)
    return decide(rest, paper, _sentences(rest, paper, corpus), near=meaning.near(corpus), embed=meaning.embed(corpus))


def _reported_result(rest: str, paper: Paper, ranked: list[str], verdict: Verdict, corpus: Corpus) -> str:
    """The deciding sentence of a verdict that finds no figure or evaluation where the claim asks for one ("does it
    quantify its speedup?", "was it tested on …?"): what the paper reports as its result (the best-ranked sentence
    in the result role), else the rules' sentence. A verdict that turned on a term or a rival value keeps the
    sentence stating it."""
    read = asked.read(rest)
    # "was it evaluated on Northwest Passage voyages?" asks where it was evaluated: the result sentence says it ("On
    # 2023 Northern Sea Route transits …"), as it states the figure a "does it quantify …?" finds missing
    if verdict.word == YES or verdict.term or verdict.rival or not (read.quantity or "result" in read.roles):
        return verdict.sentence
    # the stored role (a classifier) and the sentence's cues agreeing first: "This stage utilizes an input-aware
    # adaptive tile algorithm" is read as a result by the classifier alone
    role = {r.text: (r.role, cue_role(r.text)) for r in with_roles(paper, corpus.picker.stored)}
    agreed = (s for s in ranked if role.get(s) == ("result", "result"))
    return next(agreed, None) or next((s for s in ranked if role.get(s, ("",))[0] == "result"), verdict.sentence)


def _rest_said(record: claim_record.RecordCheck, rest: str, paper: Paper, corpus: Corpus) -> str | None:
    """For a claim the record holds, the sentence the abstract's verdict on the rest of it quotes, when the rest
    asserts something of the paper."""
    words = content(asserted(claim_record.unnamed(rest, paper)), paper)
    if record.word != YES or not paper.has_abstract or not words:
        return None
    said = _read(rest, paper, corpus).sentence
    return said if coverage(words, said) > 0 else None


# A rest of the claim with this many content words (less the paper's title, its authors' names and its listing's
# words) asserts something of the work ("forecast drift on a regular grid from satellite images": 6); fewer describe
# the paper the record is about ("the TGRS paper", "write the adaptation paper") or its history ("turned down by
# ISCA and then accepted": 2).
ASSERTS = 3


def _asserts(rest: str, paper: Paper) -> bool:
    """What is left of a claim the record holds states something of the work, not only names the paper or people."""
    # the listing's own words are the record's too ("turned down by ISCA" - "previously submitted to ISCA'25")
    record = {t for a in [*paper.authors, *claim_terms.metadata(paper)] for t in terms(a)}
    words = content(asserted(claim_record.unnamed(rest, paper)), paper)
    return len([w for w in words if w not in record and w not in claim_terms.LIGHT]) >= ASSERTS


def _gated(rest: str, paper: Paper, read: Verdict, plan: QueryPlan, corpus: Corpus) -> Verdict:
    """The rules' verdict on the rest, weighed by the learned gate as the abstract's verdict is."""
    if _others_in_author_scope(plan, paper):
        return read
    rest = claim_record.unnamed(rest, paper)
    return verdict_model.gate(rest, paper, _sentences(rest, paper, corpus), read, meaning.embed(corpus))


def verdict_on(claim: str, paper: Paper, plan: QueryPlan, corpus: Corpus) -> Verdict:
    """The verdict on a claim made of one paper (a set's verdict reads each): its record when the claim is about the
    record ("Tanaka first author"), else the rules then the learned gate on all the claim's words ("use Sentinel-2
    imagery" of the paper titled "… from Sentinel-2 Imagery" is not left as "use"), with the deciding sentence."""
    if (record := _record(plan, claim, paper)) and not alignment.stated(claim_record.rest(claim, record.spans)):
        return Verdict(record.word, summary_sentence(paper), "the record", record=record.said)
    if not paper.has_abstract:
        return Verdict(UNSAID, summary_sentence(paper), "the sources give no abstract")
    ranked = _sentences(claim, paper, corpus)
    verdict = decide(claim, paper, ranked, near=meaning.near(corpus), embed=meaning.embed(corpus))
    if not _others_in_author_scope(plan, paper):
        verdict = verdict_model.gate(claim, paper, ranked, verdict, meaning.embed(corpus))
    verdict.sentence = clauses.holding(verdict.term, verdict.sentence) if verdict.term else verdict.sentence
    return verdict


def write_verdict(plan: QueryPlan, hits: list[Hit], corpus: Corpus) -> Answer | None:
    """Yes, No or "The abstracts do not say", then the deciding sentence, cited; None without a paper to read."""
    if not hits:
        return None
    claim = phrases.claim_of(plan.words) or plan.claim or plan.words
    paper = claim_record.stating(claim, hits, bool(plan.named or plan.focus)) or hits[0].paper
    record = _record(plan, claim, paper)
    rest = claim_record.rest(claim, record.spans) if record else claim
    # The record decides a claim about it, unless what is left states a figure or a direction for the abstract to
    # weigh ("her 2020 paper found a 40% increase, right?"), or the abstract states another term in the place of one
    # the rest asserts ("did Tanaka & Petrov difference CryoSat-2 and SMOS freeboards?": the authors hold, but the
    # paper differences CryoSat-2 and ICESat-2) or denies one ("did Tanaka and Sato have to label some RADARSAT-2
    # images?": the authors hold, but the paper uses "no labels from the target sensor").
    # A rest that asserts something of the work ("did Tanaka and Hansen's network forecast drift on a regular grid
    # from satellite images?") is the abstract's to decide too: the co-authors on the byline do not make it a Yes.
    if record and record.word == YES and paper.has_abstract and not alignment.stated(rest):
        read = _read(rest, paper, corpus)
        if read.contradicted() or (_asserts(rest, paper) and _gated(rest, paper, read, plan, corpus).word != YES):
            record = None
    if record and (record.word == NO or not paper.has_abstract or not alignment.stated(rest)):
        if record.word == YES and presumes_author(plan, paper):  # "the Organic Letters paper is one of hers?": not hers
            record = claim_record.RecordCheck(NO, record.said, record.field, record.spans)
        cites = Citations()
        text = f"{record.word}: {heading(paper, corpus)}: {record.said} {cites.cite(paper, summary_sentence(paper))}."
        if said := _rest_said(record, rest, paper, corpus):
            # "Does the 2020 paper … argue there's an upper limit to how far they scale?": the record holds the year,
            # and the abstract's sentence closest to the rest of the claim is what it says of the rest
            text = f"{text[:-1]}; it says: {clause(said)} {cites.cite(paper, said)}."
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
    ranked = _sentences(rest, paper, corpus)
    verdict = decide(rest, paper, ranked, near=meaning.near(corpus), embed=meaning.embed(corpus))
    if not _others_in_author_scope(plan, paper):
        verdict = verdict_model.gate(rest, paper, ranked, verdict, meaning.embed(corpus))
    if verdict.word == YES and presumes_author(plan, paper):
        # "Did he use speculative decoding?" met only by another group's paper: the claim is false of him
        verdict = Verdict(NO, verdict.sentence, "only another group's paper states it", verdict.term)
    verdict.sentence = _reported_result(rest, paper, ranked, verdict, corpus)
    if verdict.word == UNSAID or verdict.why == ABOUT_ELSE:
        # not stated, but a sentence states another term in the place of one the claim asserts: that sentence is the
        # closest the paper comes ("a first-order criterion?" - "we propose a second-order geometric criterion")
        lacking = claim_terms.unsupported(asserted(rest), paper, ranked, meaning.near(corpus))
        if other := _rival(rest, paper, ranked, lacking):
            verdict.sentence, verdict.term = other.sentence, other.term
    # The item holding the figure (or the word the verdict turned on), when the sentence is an enumeration.
    if verdict.term:
        verdict.sentence = clauses.holding(verdict.term, verdict.sentence)
    else:
        # an item of an enumeration, unless it drops a claim word the whole sentence holds ("(4) Usage of the Julia
        # script language …" is not the item "Study of real chemistry systems" that shares the paper's description)
        words = content(rest, paper)
        focused = clauses.focus(rest, verdict.sentence)
        if coverage(words, focused) >= coverage(words, verdict.sentence):
            verdict.sentence = focused
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
