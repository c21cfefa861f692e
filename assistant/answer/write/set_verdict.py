"""A verdict over a set of papers: "Were all of his 2020 papers about machine learning?" decided paper by paper.

The set is the table's selection for the plan (scope, years, co-author) narrowed to the topic the question names
beside the paper noun ("his stencil papers"). Each paper is on the claim when the topic reading puts it on a claim
that names a subject ("about machine learning": evidence/topics.papers_on, the one membership every list uses), or
when its own sentences state the claim (the one-paper verdict, write/verdict.verdict_on). The verdicts aggregate by
the quantifier: all -> Yes only when every paper is on the claim, else "No: k of n are not", citing the ones off it;
any -> Yes citing the papers that state it; none -> the inverse; exactly one -> Yes when one is. The first sentence
carries the verdict; the papers follow, each cited with the sentence that decided it.
"""

from __future__ import annotations

import re
from dataclasses import replace

from assistant.answer.check.citations import Citations, finish_blocks
from assistant.answer.corpus import Corpus
from assistant.answer.evidence.topic_terms import KIND_DENSE
from assistant.answer.evidence.weigh import summary_sentence
from assistant.answer.plan.intents import topic_words
from assistant.answer.plan.plan import QueryPlan
from assistant.answer.write.by_role import heading
from assistant.answer.write.extractive import clause
from assistant.answer.write.premises import NO, UNSAID, YES, coverage
from assistant.answer.write.structured import scope_phrase
from assistant.answer.write.verdict import verdict_on
from assistant.models import Answer, Claim, ListBlock, Paper, Paragraph

# A claim that names a subject the papers are on ("about machine learning", "on sea ice"): read by topic membership.
_ON_SUBJECT = re.compile(
    r"^(?:all\s+|both\s+|each\s+)?(?:(?:mainly|mostly|primarily|really|actually|all)\s+)?"
    r"(?:about|on|concerned\s+with|related\s+to|dealing\s+with|focused\s+on|in\s+the\s+area\s+of)\s+(?P<topic>.+)$",
    re.I,
)


def subject_of(claim: str) -> str:
    """The subject a claim says the papers are on ("about compressing models": "compressing models"), or ""."""
    found = _ON_SUBJECT.match(claim.strip())
    return found["topic"].strip() if found else ""


# A paper the topic reading leaves off the claim's subject, whose closest sentence is still this near the subject in
# meaning, is not said to be off it: the near band of a kind the corpus names (topic_terms.KIND_DENSE: the seeds'
# quantization papers reach 0.30-0.46 for "compression"). Its verdict stays open, so "all" is neither Yes nor No.
NEAR_SUBJECT = KIND_DENSE
ON, OFF, OPEN = "on", "off", "open"
# A "No" of "any" or "none" over many papers cites the few closest to the claim, not every paper of the set.
SHOWN_CLOSEST = 3


def _decided(
    claim: str, papers: list[Paper], plan: QueryPlan, corpus: Corpus, records: dict[str, str]
) -> list[tuple[Paper, str, str]]:
    """Each paper of the set, whether it is on the claim, off it or left open, and the sentence that shows it (or
    what the paper is about); `records` gets what the record says of each paper its record decided."""
    subject = "" if plan.quantified and plan.quantified.asked else subject_of(claim)
    if subject:
        on = {sp.paper.id: sp.sentence for sp in corpus.topics.papers_on(subject, papers)}
        near = corpus.topics.closest(subject, [p for p in papers if p.id not in on])
        return [
            (p, ON, on[p.id])
            if p.id in on
            else (p, OPEN if near.get(p.id, 0.0) >= NEAR_SUBJECT else OFF, summary_sentence(p))
            for p in papers
        ]
    # the claim asked of each paper as a one-paper question is ("run on X": "Did it run on X?"); a position the
    # claim asserts is checked on each paper's byline (claim_record.authors)
    asked = f"Did it {claim}?"
    if plan.quantified and plan.quantified.position:
        plan = replace(plan, position=plan.quantified.position)
    words = topic_words(asked)
    out = []
    # a set the question names: each paper's verdict is the one its own question would get (phrases/named_sets.py)
    own = plan.quantified.asked if plan.quantified else ()
    for i, p in enumerate(papers):
        if own:
            asked, plan = own[i], replace(plan, named=[p.id])
        if words and p.title and _title_states(words, p.title):
            # "use Sentinel-2 imagery" of "Melt Pond Fraction … from Sentinel-2 Imagery": the title states it (the
            # one-paper verdict sets a paper's title words aside, as a question naming it says them to name it)
            out.append((p, ON, p.title))
            continue
        verdict = verdict_on(asked, p, plan, corpus)
        state = {YES: ON, NO: OFF}.get(verdict.word, OPEN)
        if verdict.record:
            records[p.id] = verdict.record
        # a paper named is shown with the sentence its own verdict closest came to (as the one-paper verdict shows it)
        out.append((p, state, verdict.sentence if state != OPEN or own else summary_sentence(p)))
    return out


def _title_states(words: list[str], title: str) -> bool:
    """The title holds every word of the claim: a name of letters and digits ("Sentinel-2") as written, so
    "Sentinel-1" is not it; another word in any form ("imagery", "Imagery")."""
    named = [w for w in words if not w.isalpha()]
    return coverage(words, title) == 1.0 and all(
        re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", title, re.I) for w in named
    )


def write_set_verdict(corpus: Corpus, scoped: list[Paper], plan: QueryPlan) -> Answer:
    """Yes or No over the papers of the set, then the papers that decide it, each cited with its sentence."""
    q = plan.quantified
    assert q is not None  # the kind's slot (plan/kinds.py)
    if plan.named:  # the papers the question names or describes (plan/named_set.py), in the question's order
        papers = [corpus.by_id[i] for i in plan.named if i in corpus.by_id]
        named = "named"
    else:
        papers = [sp.paper for sp in corpus.topics.papers_on(plan.topic, scoped)] if plan.topic else list(scoped)
        papers.sort(key=lambda p: (p.date or "", p.id), reverse=True)
        who = scope_phrase(plan, corpus.principal, plan.scope, plan.filters.coauthor, plan.dates)
        named = f"{who}{f' on “{plan.topic}”' if plan.topic else ''}"
    cites = Citations()
    if not papers:
        text = f"No: none of {named} is in the sources, so none is “{q.claim}”."
        return finish_blocks([Paragraph(claims=[Claim(text=text)])], cites, route="set_verdict", verdict=NO, papers=[])
    records: dict[str, str] = {}
    decided = _decided(q.claim, papers, plan, corpus, records)
    on = [d for d in decided if d[1] == ON]
    off = [d for d in decided if d[1] == OFF]
    open_ = [d for d in decided if d[1] == OPEN]
    n, of_set = len(decided), f"the {len(decided)} {_noun(len(decided))} ({named})"
    every = f"all {of_set}" if n > 1 else of_set
    if plan.named:  # "1 of the 2 papers named"; all of them: "both papers named", "all 3 papers named"
        of_set, every = f"the {n} papers named", ("both" if n == 2 else f"all {n}") + " papers named"
    said = _Said(q.claim, bool(subject_of(q.claim)))
    word = YES
    if q.quantifier == "all":
        if off:
            word, lead, shown = NO, f"No: {len(off)} of {of_set} {said.off(len(off))}", off + open_ + on
        elif open_:
            word, shown = UNSAID, open_ + on
            lead = f"{UNSAID} for {every}: {len(on)} {said.on(len(on))}, {len(open_)} {said.open(len(open_))}"
        else:
            lead, shown = (
                f"Yes: {every} {said.on(n)}"
                if plan.named or n == 1
                else f"Yes: all {n} {_noun(n)} ({named}) {said.on(n)}",
                on,
            )
    elif q.quantifier == "none":
        if on:
            word, lead, shown = NO, f"No: {len(on)} of {of_set} {said.on(len(on))}", on
        else:
            lead, shown = f"Yes: none of {of_set} {said.on(1)}", _closest(decided, q.claim, corpus)
    elif q.quantifier == "one" and len(on) > 1:
        word, lead, shown = NO, f"No: {len(on)} of {of_set} {said.on(len(on))}, not one", on
    elif on:
        lead, shown = f"Yes: {len(on)} of {of_set} {said.on(len(on))}", on
    elif plan.named and open_:  # "does either A or B …?" that one leaves unsaid is not a No
        word, shown = UNSAID, decided
        parts = [f"{len(off)} {said.off(len(off))}"] if off else []
        lead = f"{UNSAID} for {of_set}: {', '.join([*parts, f'{len(open_)} {said.open(len(open_))}'])}"
    else:
        word, lead, shown = NO, f"No: none of {of_set} {said.on(1)}", _closest(decided, q.claim, corpus)
    if plan.named:
        shown = decided  # a set the question names: every paper of it, in the question's order, with its evidence
    items = []
    for paper, state, sentence in shown:
        marker = cites.cite(paper, sentence)
        says = {ON: "it says", OFF: "not on it; it says", OPEN: "it does not say so; it says"}[state]
        if plan.named and state == OPEN:
            says = "it does not say so; the closest it comes is"
        if paper.id in records:
            says = f"{records[paper.id]}; it says"
        items.append([Claim(text=f"{heading(paper, corpus)}, {says}: {clause(sentence)} {marker}.")])
    return finish_blocks(
        [Paragraph(claims=[Claim(text=f"{lead}:")]), ListBlock(items=items)],
        cites,
        route="set_verdict",
        verdict=word,
        papers=[p.id for p, _, _ in shown],
    )


def _closest(decided: list[tuple[Paper, str, str]], claim: str, corpus: Corpus) -> list[tuple[Paper, str, str]]:
    """The few papers whose sentences come closest to the claim, with those sentences."""
    papers = [p for p, _, _ in decided]
    ranked = corpus.picker.rank(claim, corpus.qterms(claim), papers)
    best = {p.id: max(ranked.get(p.id, []), key=lambda r: r[1], default=None) for p in papers}
    order = sorted(decided, key=lambda d: -(best[d[0].id][1] if best[d[0].id] else -1.0))[:SHOWN_CLOSEST]
    return [(p, state, best[p.id][0] if best[p.id] else sentence) for p, state, sentence in order]


class _Said:
    """How the lead says the claim of k papers: a subject as is ("are about X"), anything else quoted as stated."""

    def __init__(self, claim: str, subject: bool):
        self.claim, self.subject = claim, subject

    def on(self, k: int) -> str:
        return f"{_be(k)} {self.claim}" if self.subject else f"state{'s' if k == 1 else ''} it: “{self.claim}”"

    def open(self, k: int) -> str:
        """Papers left open: near the subject without being on it, or not saying the claim either way."""
        return "only near it" if self.subject else f"do{'es' if k == 1 else ''} not say either way"

    def off(self, k: int) -> str:
        return f"{_be(k)} not {self.claim}" if self.subject else f"do{'es' if k == 1 else ''} not: “{self.claim}”"


def _noun(n: int) -> str:
    return "paper" if n == 1 else "papers"


def _be(n: int) -> str:
    return "is" if n == 1 else "are"
