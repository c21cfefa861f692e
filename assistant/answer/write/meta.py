"""Answers about the corpus and the assistant rather than a topic: a greeting, and bibliometrics (citation counts,
h-index) as far as the sources state them."""

from __future__ import annotations

import re

from assistant.answer.check.citations import Citations, finish
from assistant.answer.corpus import Corpus
from assistant.answer.evidence.weigh import summary_sentence
from assistant.answer.plan import phrases
from assistant.answer.plan.plan import QueryPlan
from assistant.answer.plan.stated import stated_fact
from assistant.answer.write.format import name, owner_note, plural, when
from assistant.models import Answer, Paper


def greeting(corpus: Corpus, plan: QueryPlan) -> Answer:
    """A short hello and what can be asked, with the corpus's own size and years (no claim, nothing to cite)."""
    own = corpus.authors_papers
    years = sorted(p.year for p in own if p.year)
    span = f", {years[0]}–{years[-1]}" if years else ""
    example = min((p for p in own if p.title), key=lambda p: len(name(p)), default=None)
    about = f"What does {name(example).strip('*')} propose?" if example else "What does his latest paper propose?"
    text = (
        f"Hello! I answer questions about {corpus.principal}'s research from the papers in this corpus "
        f"({len(own)} of theirs{span}, {len(corpus.papers)} papers in all), citing the sources for every claim. "
        f"You can ask, for example: “{about}”, “Which of their papers are about a topic, or from a period?”, "
        "“How many papers did they write with a co-author?”, “What are their main research themes?”, "
        "“Compare two papers”, and follow-ups such as “which of those came out first?”."
    )
    return finish(text, Citations(), route="greeting")


def metrics(corpus: Corpus, plan: QueryPlan, papers: list[Paper] | None = None) -> Answer:
    """Citation counts and h-index: what the profile pages state, with their source file, and the per-paper counts
    the sources state (OpenAlex's cited_by_count, Semantic Scholar's citationCount) for the papers in scope or the
    one named; said plainly when the sources state none."""
    facts = corpus.profile
    cites = Citations()
    if phrases.ORCID.search(plan.question):
        return finish(orcid(corpus, cites), cites, route="metrics")
    if fact := stated_fact(plan.question, facts):
        # "How many papers does his profile page list?": the page's own figure; the corpus merges every source
        own = len(corpus.authors_papers)
        text = (
            f"The page states {fact.value} {fact.label} ({fact.source}). That is the page's own figure; this corpus "
            f"merges every source and holds {own} of {corpus.principal}'s papers."
        )
        return finish(text, Citations(), route="metrics")
    named = [corpus.by_id[i] for i in [*plan.named, *plan.focus] if i in corpus.by_id]
    if named:
        text = citations_of(named[0], cites, summary_sentence)
        return finish(text, cites, route="metrics")
    everyone = plan.scope == "all" and papers is not None
    pool = [p for p in (papers if papers is not None else corpus.papers) if p.is_author_work] or list(papers or [])
    if everyone:  # "which paper in the whole corpus is cited most?": every group's papers are ranked
        pool = list(papers)
    th = phrases.quantity_threshold(plan.question)
    if th and _CITATIONS.match(th.noun) and any(p.cited_by for p in pool):
        # "works with more than 90 citations in the OpenAlex export": the count a source states, past the bound; the
        # other groups' papers too when the scope counts everyone's
        return finish(
            cited_past(list(papers) if everyone else pool, th, cites, who_of(corpus, plan), corpus.principal),
            cites,
            route="metrics",
        )
    ranked = most_cited(
        pool,
        cites,
        summary_sentence,
        who_of(corpus, plan),
        limit=plan.ranked,
        direction=-1 if _FEWEST.search(plan.question) else 1,
        principal=corpus.principal,
    )
    if ranked:
        stated = "; ".join(f"{f.label} {f.value} (stated on {f.source})" for f in facts)
        head = f"The profile page in the sources states for {corpus.principal}: {stated}.\n\n" if facts else ""
        return finish(head + ranked, cites, route="metrics")
    if not facts:
        text = (
            f"The sources in this corpus state no citation counts or h-index for {corpus.principal}, and they give no "
            "per-paper citation counts, so I cannot answer that from them."
        )
        return finish(text, Citations(), route="metrics")
    stated = "; ".join(f"{f.label} {f.value} (stated on {f.source})" for f in facts)
    text = (
        f"The profile page in the sources states for {corpus.principal}: {stated}. "
        "The sources give no per-paper citation counts."
    )
    return finish(text, Citations(), route="metrics")


# How a venue is said, by the kind of work the sources name.
_AT = {"thesis": "is a thesis at", "conference paper": "was presented at", "journal article": "appeared in the journal"}


# A listing's comment that says where a paper went: "Accepted to SC'25 (June 3, 2025)", "previously submitted to
# ISCA'25", "To appear in …", "Published in …".
_VENUE_SAID = re.compile(
    r"\b(?:accepted|submitted|to appear|appear(?:s|ed)? in|published|presented|camera[- ]ready|in proceedings)\b", re.I
)


def venue_of(paper: Paper, cites: Citations, quote) -> str:
    """Where the paper appeared, as the table's venue field states it (a thesis: its school), and what the listing's
    comments say of where it was accepted or submitted before."""
    marker = cites.cite(paper, quote(paper))
    said = " ".join(c.strip() for c in paper.comments if _VENUE_SAID.search(c))
    said = f"“{said.rstrip('.')}.”" if said else ""
    listing = f" Its listing says: {said}" if said else ""
    if not paper.venue and said:
        return f"{name(paper)}{when(paper)}: the sources give no venue field, but its listing says: {said} {marker}"
    if not paper.venue:
        return f"The sources name no venue for {name(paper)}{when(paper)} {marker}."
    if paper.venue == "arXiv":
        return f"{name(paper)}{when(paper)} is an arXiv preprint; the sources name no other venue {marker}.{listing}"
    return (
        f"{name(paper)}{when(paper)} {_AT.get(paper.work_type or '', 'appeared in')} {paper.venue} {marker}.{listing}"
    )


def orcid(corpus: Corpus, cites: Citations) -> str:
    """The author's ORCID iD as the papers' sources state it, cited to one paper whose record carries it."""
    key = corpus.principal.casefold()
    carrying = [p for p in corpus.papers if any(n.casefold() == key for n in p.orcids)]
    if not carrying:
        return f"The sources in this corpus state no ORCID iD for {corpus.principal}."
    ids = sorted({i for p in carrying for n, i in p.orcids.items() if n.casefold() == key})
    paper, marker = carrying[0], cites.cite(carrying[0], summary_sentence(carrying[0]))
    return (
        f"{corpus.principal}'s ORCID iD, as the sources state it: {', '.join(ids)} (https://orcid.org/{ids[0]}), on "
        f"{plural(len(carrying), 'paper')}' records, e.g. {name(paper)}{when(paper)} {marker}."
    )


def venues(papers: list[Paper], cites: Citations, quote, who: str) -> str:
    """The venues the papers appeared in (the table's venue fields; arXiv counted apart), most papers first."""
    by_venue: dict[str, list[Paper]] = {}
    for p in papers:
        if p.venue and not p.venue.casefold().startswith("arxiv"):
            # one venue whatever its year ("2019 IEEE International Geoscience …" and "2023 IEEE …")
            by_venue.setdefault(re.sub(r"^(?:19|20)\d{2}\s+", "", p.venue), []).append(p)
    if not by_venue:
        return f"The sources name no venue other than arXiv for {who}."
    kinds: dict[str, int] = {}
    for p in papers:
        kinds[p.work_type or "not typed in the sources"] = kinds.get(p.work_type or "not typed in the sources", 0) + 1
    lines = [f"{who[0].upper()}{who[1:]} appeared in {plural(len(by_venue), 'distinct venue')}, most papers first:"]
    if len(kinds) > 1 or None not in {p.work_type for p in papers}:
        lines.insert(
            0,
            "By kind of work: " + ", ".join(f"{k}: {n}" for k, n in sorted(kinds.items(), key=lambda kv: -kv[1])) + ".",
        )
    for v, ps in sorted(by_venue.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        lines.append(f"- {v}: {plural(len(ps), 'paper')} " + "".join(cites.cite(p, quote(p)) for p in ps[:3]))
    rest = [p for p in papers if not p.venue or p.venue.casefold().startswith("arxiv")]
    if rest:
        lines.append(f"{plural(len(rest), 'paper')} {'has' if len(rest) == 1 else 'have'} no venue but arXiv or none.")
    return "\n".join(lines)


def doi_of(paper: Paper, cites: Citations, quote) -> str:
    """The paper's DOI as the sources state it, with its link."""
    marker = cites.cite(paper, quote(paper))
    if not paper.doi:
        return f"The sources give no DOI for {name(paper)}{when(paper)} {marker}."
    return f"{name(paper)}{when(paper)} has the DOI {paper.doi} (https://doi.org/{paper.doi}) {marker}."


def citations_of(paper: Paper, cites: Citations, quote) -> str:
    """The paper's citation count as each source states it, with the source."""
    marker = cites.cite(paper, quote(paper))
    if not paper.cited_by:
        return f"The sources give no citation count for {name(paper)}{when(paper)} {marker}."
    stated = "; ".join(f"{plural(n, 'citation')} according to {src}" for src, n in paper.cited_by.items())
    return f"{name(paper)}{when(paper)} has {stated} {marker}."


def citations_compared(papers: list[Paper], cites: Citations, quote, principal: str) -> str:
    """Each compared paper's citation count as its sources state it, then which is cited more (a paper's count is
    the highest any of its sources states); a paper no source counts is said to have none, never ranked."""
    lines = ["By the citation counts the sources state:"]
    for p in papers:
        stated = "; ".join(f"{plural(n, 'citation')} according to {src}" for src, n in p.cited_by.items())
        lines.append(
            f"- {name(p)}{when(p)}{owner_note(p, principal)}: {stated or 'the sources give no citation count'} "
            f"{cites.cite(p, quote(p))}"
        )
    counted = sorted(((max(p.cited_by.values()), p) for p in papers if p.cited_by), key=lambda r: -r[0])
    if not counted:
        return "The sources give no per-paper citation counts for these papers.\n" + "\n".join(lines[1:])
    if len(counted) >= 2:
        (top, first), (low, last) = counted[0], counted[-1]
        if top == low:
            lines.append(f"They are cited equally often: {plural(top, 'citation')} each.")
        else:
            more = "the most" if len(counted) > 2 else "more"
            lines.append(f"{name(first)} is cited {more}: {top} against {low} for {name(last)}, {top - low} more.")
    return "\n".join(lines)


# The nouns a threshold on citation counts is said with ("more than 90 citations", "cited fewer than 5 times").
_CITATIONS = re.compile(r"(?i)^(?:citations?|cited|cites)$")


def who_of(corpus: Corpus, plan: QueryPlan) -> str:
    return "the corpus's papers" if plan.scope == "all" else f"{corpus.principal}'s papers"


def cited_past(papers: list[Paper], th, cites: Citations, who: str, principal: str) -> str:
    """The papers whose citation count a source states past the threshold ("more than 90"), highest first, each count
    with its source; the papers no source counts are said apart (neither above nor below any bound)."""
    counted = [(max(p.cited_by.values()), p) for p in papers if p.cited_by]
    bound = th.value
    kept = sorted(
        ((n, p) for n, p in counted if (n - bound) * th.direction > 0 or (n == bound and th.inclusive)),
        key=lambda r: (-r[0], r[1].label),
    )
    n = len(kept)
    past = (
        f"{'is' if n == 1 else 'are'} cited {th.said}"
        if th.noun == "cited"
        else f"{'has' if n == 1 else 'have'} {th.said} citations"
    )
    head = f"{n} of {who} {past}"
    lines = [f"{head}, by the citation counts the sources state{':' if kept else '.'}"]
    for count, p in kept:
        src = ", ".join(s if len(p.cited_by) == 1 else f"{c} in {s}" for s, c in p.cited_by.items())
        lines.append(
            f"- {name(p)}{when(p)}{owner_note(p, principal)}: {plural(count, 'citation')} ({src}) "
            f"{cites.cite(p, summary_sentence(p))}"
        )
    if uncounted := len(papers) - len(counted):
        lines.append(f"{uncounted} of {who} {'has' if uncounted == 1 else 'have'} no count in the sources.")
    return "\n".join(lines)


# "the fewest citations", "least cited", "the lowest citation count": the other end of the ranking.
_FEWEST = re.compile(r"\b(?:fewest|least|lowest|smallest|minimum)\b", re.I)


def most_cited(
    papers: list[Paper], cites: Citations, quote, who: str, limit: int = 1, direction: int = 1, principal: str = ""
) -> str:
    """The `limit` papers with the highest citation count a source states (each count with its source) and any tied
    with the last of them, or the lowest (`direction` -1: among the papers a source counts, the uncounted are not
    "least cited"); "" when none is counted."""
    counted = sorted(
        ((max(p.cited_by.values()), p) for p in papers if p.cited_by), key=lambda r: (-r[0] * direction, r[1].label)
    )
    if not counted:
        return ""
    edge = counted[min(limit, len(counted)) - 1][0]
    ranked = [r for r in counted if r[0] * direction >= edge * direction]
    lines = [f"The {'most' if direction > 0 else 'least'} cited of {who}, by the citation counts the sources state:"]
    for n, p in ranked:
        src = ", ".join(s if len(p.cited_by) == 1 else f"{c} in {s}" for s, c in p.cited_by.items())
        note = owner_note(p, principal) if principal else ""
        lines.append(f"- {name(p)}{when(p)}{note}: {plural(n, 'citation')} ({src}) {cites.cite(p, quote(p))}")
    totals = {}
    for p in papers:
        for src, n in p.cited_by.items():
            totals[src] = totals.get(src, 0) + n
    lines.append(
        "In all: "
        + "; ".join(
            f"{plural(n, 'citation')} over the {len(counted)} counted papers in {src}" for src, n in totals.items()
        )
        + "."
    )
    uncounted = len(papers) - len(counted)
    if uncounted:
        lines.append(f"{uncounted} of {who} {'has' if uncounted == 1 else 'have'} no count in the sources.")
    return "\n".join(lines)
