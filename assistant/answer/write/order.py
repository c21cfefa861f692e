"""The earliest or latest of some papers written out (which one, by the tie rule of plan/dated.py); ties and dates
known only to the month or year said as such."""

from __future__ import annotations

from collections.abc import Callable

from assistant.answer.check.citations import Citations
from assistant.answer.plan import dated
from assistant.answer.plan.dated import date_key, order_key, spoken_date  # noqa: F401 - read from here too
from assistant.answer.write.format import name, plural, when
from assistant.models import ARXIV_ID_DATED, Paper

Quote = Callable[[Paper], str]  # the sentence of a paper's abstract that supports citing it


THOSE_SHOWN = 10  # papers of "which of those" listed in order after the first one


def extreme(
    latest: bool,
    papers: list[Paper],
    cites: Citations,
    quote: Quote,
    principal: str,
    who: str,
    among_those: bool = False,
    asked: int = 1,
) -> str:
    """The earliest (or latest) paper: by date, then arXiv id; papers on the same date named as ties, papers dated
    only to the month or year that could come before (after) it named as such. `among_those`: the papers of the
    previous answer ("which of those came out first?"), all of them accounted for. `asked`: how many papers the question
    asks for ("his three latest papers"); the next ones in order fill the count the first and its ties leave."""
    undated = [p for p in papers if not p.date]
    ends = dated.extreme(papers, latest)
    if ends is None:
        return "No dated papers match, so there is no earliest or latest one to give."
    best, tied, maybe, rest = ends.paper, ends.tied, ends.maybe, ends.rest

    def cited(p: Paper) -> str:
        return (
            f"{name(p)} ({p.date}) {cites.cite(p, quote(p))}"
            if p.date
            else f"{name(p)}{when(p)} {cites.cite(p, quote(p))}"
        )

    word = "latest" if latest else "earliest"
    if among_those:
        last = "last" if latest else "first"
        subject = (
            f"Of those {plural(len(papers), 'paper')}, the {last} to come out"
            if len(papers) > 1
            else f"Only one paper was shown, so the {last} to come out"  # not "Of those 1 paper"
        )
    else:
        subject = f"The {word} of {who}"
    if len(tied) == 1:
        text = f"{subject} is" if not among_those else f"{subject} was"
        text += f" {name(best)}{when(best)}, dated {spoken_date(best)} {cites.cite(best, quote(best))}."
    else:
        text = f"{subject} {'were' if among_those else 'are'} {len(tied)} papers tied on {best.date}: " + "; ".join(
            f"{name(p)}{when(p)} {cites.cite(p, quote(p))}" for p in tied
        )
        text += " (listed by arXiv id)." if any(p.arxiv_id for p in tied) else "."
    if maybe:
        coarse = "month or year" if any(p.date_precision == "month" for p in maybe) else "year"
        text += (
            f" Dated only to the {coarse}, so {'it' if len(maybe) == 1 else 'each'} may have come out "
            f"{'after' if latest else 'before'} {'it' if len(tied) == 1 else 'them'}: "
            + "; ".join(cited(p) for p in maybe[:THOSE_SHOWN])
            + "."
        )
    if among_those:
        if rest:
            order = "Before it, newest first" if latest else "After it, in order"
            text += f" {order}: " + "; ".join(cited(p) for p in rest[:THOSE_SHOWN]) + _more_of(rest) + "."
        if undated:
            text += " No date in the sources: " + "; ".join(cited(p) for p in undated) + "."
    else:
        # One paper asked is one answered: the next ones would be cited as answers the question did not ask for
        # (writers asking for "his most recent paper" count them as papers outside the answer, 12 of 20 misses).
        nxt = rest[: max(0, asked - len(tied) - len(maybe))]
        if nxt:
            text += " Next: " + "; ".join(cited(p) for p in nxt) + "."
    return text


def _more_of(papers: list) -> str:
    return f" (and {len(papers) - THOSE_SHOWN} more)" if len(papers) > THOSE_SHOWN else ""


def undated_note(papers: list[Paper], plan, shown: list[Paper] = ()) -> str:
    """A note on the papers whose date is too coarse to place in a span of months (left out, not guessed), and
    on those shown that only the month of their arXiv id dates (placed by it, and said so)."""
    if not (plan.dates and plan.dates.by_month):
        return ""
    by_id = [p for p in shown if plan.dates.admits(p) and any(ARXIV_ID_DATED in n for n in p.notes)]
    note = ""
    if by_id:
        listed = "; ".join(f"{name(p)}{when(p)}" for p in by_id[:5]) + ("; …" if len(by_id) > 5 else "")
        note = (
            f"\n\nDated by the year and month of the arXiv id, the sources giving no other date: {listed}."
            if len(by_id) > 1
            else f"\n\nDated by the year and month of its arXiv id, the sources giving no other date: {listed}."
        )
    f = plan.filters.model_copy(update={"author_only": True if plan.scope == "author" else None})
    unknown = [p for p in papers if f.admits(p) and plan.dates.admits(p) is None]
    if not unknown:
        return note
    names = "; ".join(f"{name(p)}{when(p)}" for p in unknown[:5]) + ("; …" if len(unknown) > 5 else "")
    return note + (
        f"\n\nNot counted: {plural(len(unknown), 'paper')} the sources date only by year ({names}), so whether "
        f"{'it falls' if len(unknown) == 1 else 'they fall'} in {plan.dates.describe()} is unknown."
    )
