"""The papers the stated part of a question selects, for plan/selection_asked.py: the stated part planned alone as
its own first-turn question and answered from the table, a counted statement's topic, and the papers the question
sets aside (split from compose.py, which gives the planner, the corpus and how a plan's table answer reaches
papers)."""

from __future__ import annotations

from collections.abc import Callable

from assistant.answer.plan import selection_asked
from assistant.answer.plan.phrases.stated_count import stated_count
from assistant.models import Filters, Message


class StatedSelection:
    """One question's stated selection: made per plan, with the planner, the corpus, how a plan's table answer
    reaches papers (`answered`: compose.py's) and the question's filters."""

    def __init__(self, planner, corpus, answered: Callable[[object], list[str]], filters: Filters):
        self.planner, self.corpus, self.answered, self.filters = planner, corpus, answered, filters

    def reached(self, stated: str, described_alone: bool = True) -> list[str]:
        """The papers the stated part of a question selects, planned alone as a first-turn question: its table
        answer's papers, else the papers that answer cites (a byline's, a date extreme's); else, for a statement that
        says how many papers, the author's papers on what it says they are about. A stated part that selects by its
        topic alone (no person, position, date, venue or record condition) is no selection when `described_alone` is
        False (the whole question was a fact, which retrieval over all its words answers: "There's a paper on
        spreading the two-electron integral work on the fly …. What do they send …?" took the static HONPAS paper
        by its topic list, where the whole question's retrieval had the dynamic one; r10s99, r18s95, pr16)."""
        plan = self.planner.plan([Message(role="user", content=stated)], self.filters)
        if plan.route not in selection_asked.REACHING_ROUTES or not (described_alone or _by_table(plan)):
            return self._counted_on(stated)
        # a paper the statement names or describes is where it starts, not what it selects ("the co-author of the
        # adaptation paper joined her on a foundation model": a byline of the adaptation paper; r8c54 went down)
        named = set(plan.named) | set(self.planner.named_in(stated))
        return [i for i in self.answered(plan) if i not in named]

    def kept(self, plan, ids: list[str]) -> list[str]:
        """The papers a question does not set aside: by name or description ("leaving aside the one about leads"),
        or of several, those not on the topic it negates ("the one that is NOT about reactor pressure vessel
        steel")."""
        aside = set(self.planner.set_aside_in(plan.question))
        ids = [i for i in ids if i not in aside]
        if plan.negated and len(ids) > 1:
            on = {
                s.paper.id
                for s in self.corpus.topics.papers_on(
                    plan.negated, [self.corpus.by_id[i] for i in ids if i in self.corpus.by_id]
                )
            }
            ids = [i for i in ids if i not in on] if len(on) < len(ids) else ids
        return ids

    def _counted_on(self, stated: str) -> list[str]:
        """The author's papers on what a statement says N of them are about ("She has used gradient-boosted trees in
        two papers."), when exactly N are: the number said confirms the topic's reading; none otherwise."""
        if not (counted := stated_count(stated)):
            return []
        topic = self.planner._topic(self.planner._without_people(counted[1]))
        pool = [p for p in self.corpus.in_scope(self.filters) if p.is_author_work]
        on = [s.paper.id for s in self.corpus.topics.papers_on(topic, pool)] if topic else []
        return on if len(on) == counted[0] else []


def _by_table(plan) -> bool:
    """The plan selects by a condition over the table's records or its groups ("both he and the other group …"),
    not by its topic alone."""
    f = plan.filters
    return (
        bool(plan.person or plan.position or plan.people or plan.dates or plan.venues or plan.work_type or plan.surname)
        or bool(plan.team or plan.categories or plan.has or plan.record.items or f.coauthor or plan.negated)
        or not plan.author_scope
    )
