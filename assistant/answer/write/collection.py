"""Answers about the collection itself, from the table: how many distinct papers it holds (by kind of work: journal,
conference, thesis, only on arXiv), which source files it was built from, and which years it covers."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from assistant.answer.check.citations import Citations, finish
from assistant.answer.corpus import Corpus
from assistant.answer.evidence.weigh import summary_sentence
from assistant.answer.plan import phrases
from assistant.answer.plan.plan import QueryPlan
from assistant.answer.plan.provenance import KIND_SAID
from assistant.answer.plan.work_kinds import WORK_KINDS
from assistant.answer.write.format import name, plural, when
from assistant.answer.write.pages import page_of
from assistant.index.lazy_table import column
from assistant.models import Answer, Paper

# How each source shape is said (plan/provenance.py, where a question names a source by it).
SHAPES = KIND_SAID
# The kinds of work, in the order a breakdown gives them, and how each is said.
KINDS = {
    "journal article": ("journal article", "journal articles"),
    "conference paper": ("conference paper", "conference papers"),
    "thesis": ("thesis", "theses"),
    "book": ("book", "books"),
    "chapter": ("book chapter", "book chapters"),
    "report": ("report", "reports"),
    "other venue": ("paper with a venue of no stated kind", "papers with a venue of no stated kind"),
    "arxiv only": ("arXiv-only preprint", "arXiv-only preprints"),
    "unknown": ("paper with no venue or kind in the sources", "papers with no venue or kind in the sources"),
}


def collection(corpus: Corpus, plan: QueryPlan, papers: Sequence[Paper]) -> Answer:
    """The aggregate the question asks of the collection (`phrases.collection_asked`), over the papers in scope.
    Counts and years are read from the table's columns by position: a record is made only for a paper the answer
    names (at 10k papers, making one for every paper took seconds)."""
    ask = phrases.collection_asked(plan.question)
    aggregate, kind = (ask.aggregate, ask.kind) if ask else ("count", None)
    cites = Citations()
    # "How many papers by X are in the corpus?" reads the whole corpus as its place, X's papers as its subject
    scope = "author" if plan.scope == "all" and plan.about_author else plan.scope
    who = _who(corpus, scope)
    every = _positions(corpus, papers)
    scoped = _scoped(corpus, every, scope)
    if aggregate == "sources":
        text = sources(corpus)
    elif aggregate in ("years", "earliest", "latest"):
        text = years(corpus, scoped, every, aggregate, who, cites)
    else:
        text = count(corpus, scoped, every, kind, who, cites, plan, scope)
    return finish(text, cites, route="corpus")


def _who(corpus: Corpus, scope: str) -> str:
    return {"author": corpus.principal, "others": "authors other than " + corpus.principal}.get(scope, "")


def _positions(corpus: Corpus, papers: Sequence[Paper]) -> np.ndarray:
    if papers is corpus.papers:
        return np.arange(len(papers))
    return np.array([corpus.positions[p.id] for p in papers], dtype=np.int64)


def _scoped(corpus: Corpus, every: np.ndarray, scope: str) -> np.ndarray:
    if scope not in ("author", "others"):
        return every
    mine = _mine(corpus)[every]
    return every[mine if scope == "author" else ~mine]


def _mine(corpus: Corpus) -> np.ndarray:
    """The author flag of every paper, by position (from its column)."""
    return np.asarray(column(corpus.papers, "is_author_work"), dtype=bool)


def _said(kind: str, n: int) -> str:
    one, many = KINDS[kind]
    return f"{n} {one if n == 1 else many}"


def breakdown(corpus: Corpus, scoped: np.ndarray) -> str:
    """ "By kind of work: 11 journal articles, 3 conference papers, 1 thesis, 7 arXiv-only preprints." """
    counts = np.bincount(corpus.works["kind"][scoped], minlength=len(WORK_KINDS))
    said = [_said(k, int(n)) for k, n in zip(WORK_KINDS, counts) if n]
    return f"By kind of work, as the sources state it: {', '.join(said)}." if said else ""


def count(corpus, scoped, every, kind, who, cites, plan, scope) -> str:
    """How many distinct papers the collection holds (of a kind of work, when asked), with the breakdown by kind."""
    whose = f"by {who}" if who else "in all"
    entries = int(corpus.works["entries"][scoped].sum())
    merged = f" (the sources list {entries} entries for them, merged where two are the same paper)"
    merged = merged if entries > len(scoped) else ""
    head = f"The collection holds {plural(len(scoped), 'distinct paper')} {whose}{merged}."
    rest = len(every) - len(scoped)
    if scope == "author" and rest:
        head += f" It also holds {plural(rest, 'paper')} by other authors, {len(every)} in all."
    elif scope == "all" and 0 < (own := int(_mine(corpus)[scoped].sum())) < len(scoped):
        head += f" {own} of them are {corpus.principal}'s and {len(scoped) - own} by other authors."
    if kind is None:
        return "\n\n".join(x for x in (head, breakdown(corpus, scoped)) if x)
    chosen = [corpus.papers[int(i)] for i in scoped[corpus.works["kind"][scoped] == WORK_KINDS.index(kind)]]
    said = {
        "arxiv only": "only arXiv preprints (the sources give them no journal, conference or thesis version)",
        "journal article": "journal articles",
        "conference paper": "conference papers",
        "thesis": "theses",
    }[kind]
    whose = f"{who}'s " if who else "the "
    lead = f"{len(chosen)} of {whose}{len(scoped)} papers in the collection are {said}"
    if not chosen:
        return f"{lead}.\n\n{breakdown(corpus, scoped)}"
    page = page_of(sorted(chosen, key=lambda p: p.date or str(p.year or ""), reverse=True), plan)
    lines = [f"{lead}:"]
    lines += [f"- {name(p)}{when(p)} {cites.cite(p, summary_sentence(p))}" for p in page.items]
    if page.rest:
        lines.append(f"… and {page.rest} more: ask for the rest.")
    return "\n".join(lines) + f"\n\n{breakdown(corpus, scoped)}"


def _ends(corpus: Corpus, positions: np.ndarray) -> tuple[Paper, Paper] | None:
    """The earliest and the latest dated paper among the positions: the years from their column, then the dates of
    only the papers of the first and the last year."""
    year = column(corpus.papers, "year")
    dated = [int(i) for i in positions if year[int(i)]]
    if not dated:
        return None
    lo, hi = min(year[i] for i in dated), max(year[i] for i in dated)

    def when_of(i: int) -> str:
        p = corpus.papers[i]
        return p.date or str(p.year)

    first = min((i for i in dated if year[i] == lo), key=when_of)
    last = max((i for i in dated if year[i] == hi), key=when_of)
    return corpus.papers[first], corpus.papers[last]


def years(corpus, scoped, every, aggregate, who, cites) -> str:
    """The years the papers in scope cover, with the earliest and the latest paper cited; the whole collection's span
    too when it differs."""
    ends = _ends(corpus, scoped)
    if ends is None:
        return "The sources date none of the papers in scope."
    first, last = ends
    whose = f"{who}'s papers" if who else "the papers"
    # the span with its length, since "how many years do they span?" asks the number ("2015 to 2026, 11 years")
    gap = last.year - first.year
    span = f"{first.year} to {last.year} ({plural(gap, 'year')} apart)" if gap else str(first.year)

    def earliest() -> str:
        return f"the earliest is {name(first)}{when(first)} {cites.cite(first, summary_sentence(first))}"

    def latest() -> str:
        return f"the latest is {name(last)}{when(last)} {cites.cite(last, summary_sentence(last))}"

    if aggregate == "earliest":
        lead = f"The earliest year of {whose} in the collection is {first.year}: {earliest()}; they run to {last.year}."
    elif aggregate == "latest":
        lead = f"The latest year of {whose} in the collection is {last.year}: {latest()}; they start in {first.year}."
    else:
        lead = f"{whose[0].upper()}{whose[1:]} in the collection cover {span}: {earliest()}, {latest()}."
    year = column(corpus.papers, "year")
    known = [year[int(i)] for i in every if year[int(i)]]
    if known and (min(known), max(known)) != (first.year, last.year):
        lead += f" The whole collection, other authors' papers included, covers {min(known)} to {max(known)}."
    return lead


def sources(corpus: Corpus) -> str:
    """The source files the collection was read from, each with its kind and how many entries it gave."""
    files = [s for s in corpus.sources if s.get("shape")]
    if not files:
        return "The store keeps no record of the source files this collection was read from."
    lines = [f"The collection was built from {plural(len(files), 'source file')}:"]
    for s in files:
        entries = s.get("entries", 0)
        lines.append(
            f"- {s['file']}: {SHAPES.get(s['shape'], s['shape'])}, {entries} {'entry' if entries == 1 else 'entries'}"
        )
    total = sum(s.get("entries", 0) for s in files)
    own = len(corpus.authors_papers)
    lines.append(
        f"Their {total} entries merge into {plural(len(corpus.papers), 'distinct paper')}, {own} of them "
        f"{corpus.principal}'s."
    )
    return "\n".join(lines)
