"""The paper with the most (or fewest) authors, read from the table's author lists: "which of his papers has the
longest author list?". A list the source cuts short ("et al.") counts at least one more author than it names, so
it is never said to be the shortest and is said as "at least" when it is the longest."""

from __future__ import annotations

from assistant.answer.check.citations import Citations, finish
from assistant.answer.corpus import Corpus
from assistant.answer.evidence.weigh import summary_sentence
from assistant.answer.plan.plan import QueryPlan
from assistant.answer.write import structured
from assistant.answer.write.format import name, owner_note, when
from assistant.models import Answer, Paper


def _count(p: Paper) -> str:
    n = len(p.authors)
    return f"at least {n + 1} authors" if p.authors_truncated else f"{n} author{'s' if n != 1 else ''}"


def _byline(p: Paper) -> str:
    return ", ".join(p.authors) + (" et al." if p.authors_truncated else "")


def undecided_note(plan: QueryPlan, papers: list[Paper]) -> str:
    """What a condition on the author count could not decide: papers whose source lists only its first authors."""
    cut = [p for p in papers if plan.team and plan.team.undecided(len(p.authors), p.authors_truncated)]
    if not cut:
        return ""
    return (
        f"\n\n{len(cut)} more paper{'s' if len(cut) != 1 else ''} in scope list{'s' if len(cut) == 1 else ''} only "
        f'the first {len(cut[0].authors)} authors ("et al."), so the sources do not say whether '
        f"{'it has' if len(cut) == 1 else 'they have'} {plan.team.said}."
    )


def extreme(corpus: Corpus, papers: list[Paper], plan: QueryPlan) -> Answer:
    """The papers in scope ordered by their number of authors, the most (direction 1) or fewest first; ties at the
    top are all named, and the next ones only when the question asks for more papers than tie ("the three largest
    teams")."""
    cites = Citations()
    who = structured.scope_phrase(plan, corpus.principal, plan.scope, plan.filters.coauthor, plan.dates)
    listed = [p for p in papers if p.authors and not (plan.direction < 0 and p.authors_truncated)]
    if not listed:
        return finish(f"None of {who} lists its authors in the sources.", cites, route="team_extreme")

    def size(p: Paper) -> float:
        return len(p.authors) + (0.5 if p.authors_truncated else 0)

    ordered = sorted(listed, key=lambda p: (-size(p) * plan.direction, p.date or ""))
    top = [p for p in ordered if size(p) == size(ordered[0])]
    word = "most" if plan.direction > 0 else "fewest"

    def line(p: Paper) -> str:
        return f"{name(p)}{when(p)}{owner_note(p, corpus.principal)}, with {_count(p)} ({_byline(p)}) " + cites.cite(
            p, summary_sentence(p)
        )

    if len(top) == 1:
        head = f"Of {who}, the one with the {word} authors is {line(top[0])}."
    else:
        head = f"Of {who}, {len(top)} tie for the {word} authors:\n" + "\n".join(f"- {line(p)}" for p in top)
    rest = [p for p in ordered if p not in top][: max(0, plan.ranked - len(top))]
    text = head + ("\n\nNext:\n" + "\n".join(f"- {line(p)}" for p in rest) if rest else "")
    return finish(text, cites, route="team_extreme", papers=[p.id for p in [*top, *rest]])
