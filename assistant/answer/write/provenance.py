"""Answers about the sources (plan/provenance.py): what a page states of itself, quoted with its file and line, and
the papers by source (only in one kind of source, in one and not another, in both, another group's), counted from
each paper's own source list and cited. A figure a page states and a count of the corpus are always said apart."""

from __future__ import annotations

from assistant.answer.check.citations import Citations, finish
from assistant.answer.corpus import Corpus
from assistant.answer.evidence.weigh import summary_sentence
from assistant.answer.plan.plan import QueryPlan
from assistant.answer.plan.provenance import Mention, SourceReading, selects
from assistant.answer.write.format import name, plural, when
from assistant.answer.write.pages import page_of
from assistant.models import Answer, Paper

_NUMBERS = "zero one two three four five six seven eight nine ten eleven twelve".split()


def _counted(n: int) -> str:
    return f"{n} ({_NUMBERS[n]})" if n < len(_NUMBERS) else str(n)


def _source_said(corpus: Corpus, files) -> str:
    """ "000_….txt (a researcher profile page (cards): Profile page of <the author>)" for each file."""
    out = [corpus.source_index.said(f) for f in sorted(files)]
    return " and ".join(out) if len(out) < 3 else ", ".join(out[:-1]) + " and " + out[-1]


def provenance(corpus: Corpus, plan: QueryPlan, papers: list[Paper]) -> Answer:
    reading = plan.sources  # read once, by the planner
    if reading is None:  # a plan made elsewhere (a test, the model reader) without a reading of the sources
        return finish("The sources named in the question are not in this corpus.", Citations(), route="provenance")
    if reading.statements:
        return finish(stated(corpus, reading, papers), Citations(), route="provenance")
    cites = Citations()
    return finish(by_source(corpus, plan, reading, papers, cites), cites, route="provenance")


def stated(corpus: Corpus, reading: SourceReading, papers: list[Paper]) -> str:
    """What each page states, as it states it, then (for a figure of its papers) how many the corpus read from it."""
    lines = []
    by_file: dict[str, list] = {}
    for s in reading.statements:
        by_file.setdefault(s.file, []).append(s)
    for f, found in by_file.items():
        said = "; ".join(f"{s.said} (line {s.line})" for s in found)
        lines.append(f"The page {_source_said(corpus, [f])} states: {said}.")
        if any(s.counts_papers for s in found):
            read = sum(1 for p in papers if any(src.file == f for src in p.sources))
            lines.append(
                f"That is the page's own figure. The corpus holds {plural(read, 'paper')} read from this page "
                f"(merged with the other sources where they list the same paper)."
            )
    return "\n\n".join(lines)


def _op_said(m: Mention, corpus: Corpus) -> str:
    where = _source_said(corpus, m.files)
    return {
        "not": f"not in {where}",
        "only": f"only in {where}",
        "every": f"in every one of {where}",
    }.get(m.op, f"in {where}")


def by_source(corpus: Corpus, plan: QueryPlan, reading: SourceReading, papers: list[Paper], cites: Citations) -> str:
    """The papers each mention's operation selects, counted and listed (a page at a time), cited."""
    own_listing = not any(m.files <= reading.others for m in reading.mentions)
    pool = [p for p in papers if p.is_author_work] if plan.scope == "author" and own_listing else list(papers)
    chosen = [p for p in pool if selects({s.file for s in p.sources}, reading.mentions)]
    whose = f"{corpus.principal}'s papers" if pool is not papers and plan.scope == "author" else "the papers"
    where = ", and ".join(_op_said(m, corpus) for m in reading.mentions)
    lead = f"{_counted(len(chosen))} of {whose} in the corpus {'is' if len(chosen) == 1 else 'are'} listed {where}"
    if not chosen:
        return lead + ", by the source lists the corpus keeps for each paper."
    mine = sum(p.is_author_work for p in chosen)
    if whose == "the papers" and 0 < mine < len(chosen):
        lead += f" ({mine} of them {corpus.principal}'s)"
    elif whose == "the papers" and not mine:
        lead += f" (none of them {corpus.principal}'s)"
    page = page_of(sorted(chosen, key=lambda p: p.date or str(p.year or ""), reverse=True), plan)
    lines = [lead + ":"]
    lines += [f"- {name(p)}{when(p)} {cites.cite(p, summary_sentence(p))}" for p in page.items]
    lines += page.closing()
    lines.append("Counted from the source files the corpus records for each paper, not from a figure a page states.")
    return "\n".join(lines)
