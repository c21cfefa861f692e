"""Answers composed over the table: the extreme of a quantity the papers report or the papers past a bound on it, the
authors two papers share, and papers per year on average. Each is cited to the papers it reads."""

from __future__ import annotations

import re
from datetime import date

from assistant.answer.check.citations import Citations, finish
from assistant.answer.corpus import Corpus
from assistant.answer.evidence import offered
from assistant.answer.evidence.measured import asked_phrase, asked_text, by_context, change_side
from assistant.answer.evidence.quantity import RATIO_NOUNS, alike, beyond, extreme
from assistant.answer.evidence.weigh import summary_sentence
from assistant.answer.plan import phrases
from assistant.answer.plan.phrases.elapsed import elapsed as elapsed_words
from assistant.answer.plan.plan import QueryPlan
from assistant.answer.write import pages, structured
from assistant.answer.write.extractive import clause
from assistant.answer.write.format import name, owner_note, plural, when
from assistant.models import ARXIV_ID_DATED, Answer, Paper

# Runners-up after the extreme of a figure read from the abstracts, whatever the number asked: the figure read may
# not measure what was asked ("a 235B MoE model" read as a count of models, over "80 models"), and the next ones keep
# the paper meant in the answer (dropping them lost two "which study looked at the most models" items).
SHOWN = 3


def quantity_extreme(corpus: Corpus, papers: list[Paper], plan: QueryPlan) -> Answer:
    """ "The largest GPU count any of his papers reports": each paper's extreme reading of the noun, the most extreme
    first (and as many after it as the question asks for: "the three largest"), every figure quoted from its
    abstract."""
    cites = Citations()
    who = structured.scope_phrase(plan, corpus.principal, plan.scope, plan.filters.coauthor, plan.dates)
    word = "largest" if plan.direction > 0 else "smallest"
    asked = next(phrases.QUANTITY_EXTREME.finditer(plan.question), None)
    if asked and change_side(asked_phrase(plan.question, asked.start())) is not None:
        # a change asked ("the largest cost reduction"): the figures are read as changes, by what they measure, before
        # the noun's largest figure ("reducing training cost by 47.6 percent" is less of a cut than "to 2.6%")
        if answer := _by_what_measured(corpus, papers, plan, who, cites):
            return answer
    found = extreme(plan.quantity, [p for p in papers if p.has_abstract], plan.direction, plan.words)
    # The quantity as the question names it ("model size"), when its noun phrase holds the noun read.
    said = phrases.quantity_extreme(plan.question)
    said = said.said if said and plan.quantity in said.words else plan.quantity
    if not found:
        if answer := _by_what_measured(corpus, papers, plan, who, cites):
            return answer
        text = f"None of {who} states a number of {said} in its abstract, so the sources do not say which is {word}."
        return finish(text, cites, route="quantity_extreme")
    top = found[0]
    lines = [
        f"The {word} {said} figure {who} report is {top.said}, in {name(top.paper)}{when(top.paper)}"
        f"{owner_note(top.paper, corpus.principal)}: {clause(top.sentence)} {cites.cite(top.paper, top.sentence)}."
    ]
    shown = found[: max(plan.ranked, 1 + SHOWN)]
    lines += _next(shown, cites)
    return finish("\n".join(lines), cites, route="quantity_extreme", papers=[r.paper.id for r in shown])


def _next(shown, cites: Citations) -> list[str]:
    """The runners-up of a superlative, each with its figure and the sentence stating it, after a "Next:" line."""
    if len(shown) < 2:
        return []
    return ["Next:"] + [
        f"- {r.said} in {name(r.paper)}{when(r.paper)}: {clause(r.sentence)} {cites.cite(r.paper, r.sentence)}"
        for r in shown[1:]
    ]


def _by_what_measured(
    corpus: Corpus, papers: list[Paper], plan: QueryPlan, who: str, cites: Citations
) -> Answer | None:
    """The extreme of a quantity the question names in other words than the papers ("the highest compression
    ratio": "nearly 11× parameter compression"), its figures read by what they measure (evidence/measured.py); the
    figures of another unit said to be not comparable. None when no figure measures it."""
    m = next(phrases.QUANTITY_EXTREME.finditer(plan.question), None)
    if m is None:
        return None
    words = asked_phrase(plan.question, m.start())
    ranked, others = by_context(words, [p for p in papers if p.has_abstract], plan.direction)
    if not ranked:
        return None
    asked, top = asked_text(plan.question, m.start()), ranked[0]
    lines = [
        f"No paper names a figure “{asked}” as such; read by what each figure measures, the {asked} {who} report is "
        f"{top.said}, in {name(top.paper)}{when(top.paper)}{owner_note(top.paper, corpus.principal)}: "
        f"{clause(top.sentence)} {cites.cite(top.paper, top.sentence)}."
    ]
    shown = ranked[: max(plan.ranked, 1 + SHOWN)]
    lines += _next(shown, cites)
    if others:
        o = others[0]
        lines.append(
            f"Not comparable with these (another unit): {o.said} in {name(o.paper)}{when(o.paper)}: "
            f"{clause(o.sentence)} {cites.cite(o.paper, o.sentence)}"
        )
    return finish("\n".join(lines), cites, route="quantity_extreme", papers=[r.paper.id for r in shown])


def _bounded(r, unit: str) -> str:
    """The figure as the sentence bounds it ("over 90%"), with the asked unit."""
    if r.change:
        return r.said  # "from 71% to 86%": the change is the figure, in the sentence's own words
    return f"{'over ' if r.open_bound > 0 else 'under ' if r.open_bound < 0 else ''}{r.said} {unit}".strip()


# The least cosine of a paper's closest sentence to a selection said beside a threshold ("his large-scale simulation
# papers that report …") for a paper that does not say its words. On the seeds: cuNNQS-SCI is 0.42 from "large-scale
# simulation" and 0.36 from "atom or molecule-level simulation" (both simulation papers the sets expect), while the LLM
# and compression papers stay under 0.26 from the latter; a passing closeness is enough beside the figure's condition.
NEAR_SELECTION = 0.35


def quantity_threshold(corpus: Corpus, papers: list[Paper], plan: QueryPlan, selected: str = "") -> Answer:
    """ "Which of his papers claim a speedup of more than 100x?": the papers whose abstract reports a figure of the
    noun past the bound, each with the sentence that reports it; when none does, the most extreme figure reported."""
    cites = Citations()
    th = plan.threshold
    # every condition the selection applied, said (`selected`: the table writer's phrase of them)
    who = selected or structured.scope_phrase(plan, corpus.principal, plan.scope, plan.filters.coauthor, plan.dates)
    with_abstract = [p for p in papers if p.has_abstract]
    for part in plan.topic.split(" and ") if plan.topic else ():
        # "his simulation papers that use GPUs and report …": the figure is read in the papers each part of the
        # selection touches; the figure is the strict condition, a passing mention of the topic is enough beside it
        touching, near = corpus.topics.papers_touching(part, with_abstract), corpus.topics.closest(part, with_abstract)
        with_abstract = [p for p in with_abstract if p.id in touching or near.get(p.id, 0.0) >= NEAR_SELECTION]
    if plan.topic:
        who = f"{who} on “{plan.topic}”"
    # the unit once: "10 percentage points or higher" says its own
    said = th.said if not th.direction or th.unit.casefold() in th.said.casefold() else f"{th.said} {th.unit}".strip()
    nouns = [n for n in (th.also, th.noun) if n]
    best: dict[str, object] = {}
    for n in nouns:
        for r in beyond(n, with_abstract, th.direction, th.value, th.ratio, th.percent, th.unit, th.inclusive):
            if r.paper.id not in best or (r.value - best[r.paper.id].value) * th.direction > 0:
                best[r.paper.id] = r
    found = sorted(best.values(), key=lambda r: -r.value * th.direction)
    noun = " or ".join(nouns)
    if th.ratio and not any(n.casefold() in RATIO_NOUNS for n in nouns):
        noun = "a figure"  # "beating earlier approaches by more than a factor of 100": any factor reported
    # each a line: the papers past the bound, their figure first, then those that say the condition offered in its
    # place ("near-linear scaling or an efficiency above 90%"), in the topic's own sense (papers_on)
    rows = [
        (r.paper, r.sentence, _as_written(r) if not th.direction and th.unit else _bounded(r, th.unit)) for r in found
    ]
    either = th.either
    if either:
        rest = [p for p in with_abstract if p.id not in best]
        on = {sp.paper.id: (sp.paper, sp.sentence) for sp in corpus.topics.papers_on(either, rest)}
        on |= {s.paper.id: (s.paper, s.sentence) for s in offered.saying(either, rest) if s.paper.id not in on}
        rows += [(paper, sentence, f"says “{either}”") for paper, sentence in on.values()]
    if rows:
        asked = f"report {noun} {said}" + (f" or say “{either}”" if either else "")
        lines = [f"{who[0].upper()}{who[1:]} that {asked} ({plural(len(rows), 'paper')}):"]
        page = pages.page_of(rows, plan)  # as many as a topic list shows, the rest offered
        for paper, sentence, lead in page.items:
            lines.append(
                f"- {name(paper)}{when(paper)}{owner_note(paper, corpus.principal)}: {lead}. "
                f"{clause(sentence)} {cites.cite(paper, sentence)}"
            )
        lines += page.closing()
        return finish("\n".join(lines), cites, route="quantity_threshold", papers=[row[0].id for row in page.items])
    text = f"None of {who} reports {noun} {said} in its abstract."
    closest = [
        r
        for r in sorted(
            (r for n in nouns for r in extreme(n, with_abstract, th.direction)), key=lambda r: -r.value * th.direction
        )
        if alike(r, th.ratio, th.percent, th.unit)
    ]
    if closest:
        top = closest[0]
        word = "largest" if th.direction > 0 else "smallest"
        text += (
            f" The {word} they report is {top.said}, in {name(top.paper)}{when(top.paper)}: {clause(top.sentence)} "
            f"{cites.cite(top.paper, top.sentence)}."
        )
    return finish(text, cites, route="quantity_threshold")


def _as_written(r) -> str:
    """A figure with the word the sentence writes after it ("6.2 cm")."""
    m = re.search(rf"{re.escape(r.said)}\s*[^\s,.;:)]+", r.shown)
    return m.group(0) if m else r.said


def shared_authors(corpus: Corpus, plan: QueryPlan) -> Answer:
    """ "Who wrote both A and B?": the authors every named paper lists, in the first paper's order."""
    cites = Citations()
    papers = [corpus.by_id[i] for i in plan.named if i in corpus.by_id]
    lists = [{a.casefold() for a in p.authors} for p in papers]
    common = [a for a in papers[0].authors if all(a.casefold() in names for names in lists[1:])]
    refs = " and ".join(f"{name(p)}{when(p)} {cites.cite(p, summary_sentence(p))}" for p in papers)
    if common:
        text = f"Both {refs} list {', '.join(common)} among their authors."
    else:
        text = f"No author is listed on both {refs}."
    partial = [p for p in papers if p.authors_truncated or not p.authors]
    if partial:
        text += (
            " The sources give only part of the author list for "
            + "; ".join(name(p) for p in partial)
            + ", so others may be shared."
        )
    return finish(text, cites, route="shared_authors", papers=[p.id for p in papers])


def average(corpus: Corpus, papers: list[Paper], plan: QueryPlan) -> Answer:
    """Papers per year on average over the years asked (from the first year asked, or his first paper, to the last
    year asked, or his latest paper), with the year-by-year counts it is computed from."""
    cites = Citations()
    who = structured.scope_phrase(plan, corpus.principal, plan.scope, plan.filters.coauthor, plan.dates)
    dated = [p for p in papers if p.year]
    if not dated:
        return finish(f"None of {who} are in the corpus, so there is no average.", cites, route="average")
    first = plan.year_from or min(p.year for p in dated)
    last = plan.year_to or max(p.year for p in dated)
    years = last - first + 1
    mean = len(dated) / years
    head = (
        f"{who[0].upper()}{who[1:]}: {plural(len(dated), 'paper')} over the {years} years {first}–{last}, "
        f"{mean:.1f} per year on average (years without a paper count as zero)."
    )
    breakdown = structured.per_year(dated, cites, summary_sentence, corpus.principal, who)
    undated = len(papers) - len(dated)
    tail = f"\n\n{plural(undated, 'paper')} without a date are not counted." if undated else ""
    return finish(f"{head}\n\n{breakdown}{tail}", cites, route="average")


def _day(paper: Paper) -> date | None:
    """The paper's date as a day, when the sources give it to the day."""
    if paper.date and paper.date_precision == "day":
        try:
            return date.fromisoformat(paper.date[:10])
        except ValueError:
            return None
    return None


def _said(d: date) -> str:
    return f"{d.day} {d.strftime('%B')} {d.year}"


def _month_of(paper: Paper) -> tuple[int, int] | None:
    if paper.date and paper.date_precision in ("day", "month") and re.match(r"\d{4}-\d{2}", paper.date):
        return int(paper.date[:4]), int(paper.date[5:7])
    return None


def elapsed(corpus: Corpus, plan: QueryPlan) -> Answer:
    """The time between two dates: of two papers named ("how long after A did B come out?"), or of the two dates one
    named paper's comments state ("submitted … then accepted …"), in days and months, citing the paper(s)."""
    cites = Citations()
    papers = [corpus.by_id[i] for i in plan.named if i in corpus.by_id]
    if len(papers) == 1:
        paper = papers[0]
        for comment in paper.comments:
            found = sorted(phrases.stated_dates(comment), key=lambda s: s.day)
            if len(found) >= 2:
                first, last = found[0], found[-1]
                what = lambda s: f" ({s.before})" if s.before else ""  # noqa: E731
                text = (
                    f"{elapsed_words(first.day, last.day)} passed between {_said(first.day)}{what(first)} and "
                    f"{_said(last.day)}{what(last)}, the dates the arXiv comments of {name(paper)}{when(paper)} "
                    f"state {cites.cite(paper, comment)}."
                )
                return finish(text, cites, route="elapsed", papers=[paper.id])
        return finish(
            f"The sources give {name(paper)}{when(paper)} only one date "
            f"{cites.cite(paper, summary_sentence(paper))}, so there is no span of time to count.",
            cites,
            route="elapsed",
            papers=[paper.id],
        )
    if len(papers) < 2:
        return finish("No two dated papers are named, so there is no span of time to count.", cites, route="elapsed")
    a, b = papers[:2]
    days = {p.id: _day(p) for p in (a, b)}
    months = {p.id: _month_of(p) for p in (a, b)}
    if all(days.values()):
        a, b = sorted((a, b), key=lambda p: days[p.id])
        span = elapsed_words(days[a.id], days[b.id])
        dated = f"dated {_said(days[a.id])} and {_said(days[b.id])}"
    elif all(months.values()):
        a, b = sorted((a, b), key=lambda p: months[p.id])
        (ya, ma), (yb, mb) = months[a.id], months[b.id]
        n = (yb - ya) * 12 + mb - ma
        span = f"about {plural(n, 'month')}" if n else "less than a month"
        if n >= 12:  # "how many years separate …": the months said in years too
            span += f" (about {plural(round(n / 12), 'year')})" if n % 12 else f" ({plural(n // 12, 'year')})"
        dated = f"dated {date(ya, ma, 1).strftime('%B %Y')} and {date(yb, mb, 1).strftime('%B %Y')}"
        arxiv = [p for p in (a, b) if any(ARXIV_ID_DATED in note for note in p.notes)]
        if arxiv:
            dated += " (" + " and ".join(name(p) for p in arxiv) + " dated only by the month of the arXiv id)"
    elif a.year and b.year:
        # Dated only by year: the years apart, said as approximate, and which paper the sources date that coarsely.
        a, b = sorted((a, b), key=lambda p: p.year)
        n = b.year - a.year
        coarse = " and ".join(name(p) for p in (a, b) if not months[p.id])
        span = f"about {plural(n, 'year')}" if n else "less than a year"
        dated = f"dated {a.year} and {b.year} (the sources date {coarse} only to the year, so this is by year)"
    else:
        undated = [p for p in (a, b) if not months[p.id]]
        years = (
            f" ({', '.join(f'{name(p)} {p.year}' for p in (a, b) if p.year)})" if any(p.year for p in (a, b)) else ""
        )
        return finish(
            f"The sources do not date {' and '.join(name(p) for p in undated)} to the month{years}, so the time "
            f"between them cannot be counted {' '.join(cites.cite(p, summary_sentence(p)) for p in (a, b))}.",
            cites,
            route="elapsed",
            papers=[a.id, b.id],
        )
    text = (
        f"{span[0].upper()}{span[1:]} passed between {name(a)}{when(a)} {cites.cite(a, summary_sentence(a))} and "
        f"{name(b)}{when(b)} {cites.cite(b, summary_sentence(b))}, {dated}."
    )
    return finish(text, cites, route="elapsed", papers=[a.id, b.id])
