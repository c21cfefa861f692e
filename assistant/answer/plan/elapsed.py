"""The papers an elapsed-time question counts between ("how long after A did B come out?", "how long between its
submission and its acceptance?"): two papers named or described, or one whose listing's comments state two dates.
Mixed into Selection (which gives `corpus`, `of_work_type` and `described_besides`)."""

from __future__ import annotations

from assistant.answer.plan import dated, phrases
from assistant.models import Filters


class ElapsedReader:
    def elapsed_asked(self, question: str, named: list[str]) -> bool:
        """A question about the time between two dates that has them: two papers named, or one whose comments state
        two whole dates (a submission and an acceptance)."""
        if not named or not phrases.ELAPSED.search(question):
            return False
        if len(named) >= 2:
            return True
        paper = self.corpus.by_id.get(named[0])
        return bool(paper) and any(len(phrases.stated_dates(c)) >= 2 for c in paper.comments)

    def with_the_other_dated(
        self, question: str, named: list[str], by_name: bool, compared=(), f: Filters | None = None, venues=()
    ) -> list[str]:
        """The papers an elapsed-time question counts between: the one named or selected, and the one it describes
        ("how many years separate her PhD thesis from the polar SAR foundation model preprint?"). The dates a
        paper's comments state are counted between only when the question names what they date ("between its
        submission and its acceptance") or describes no other paper: "SparStencil and his MiniFE work" is two
        papers' dates, whatever SparStencil's comments say. Two papers found as a pair ("his two 2022 preprints on
        X") are the two counted between; a kind of work the author has one of ("her thesis") is that one."""
        if not named and len(compared) == 2 and phrases.ELAPSED.search(question):
            return list(compared)
        if not named and venues and phrases.ELAPSED.search(question):
            # "how much time passed between her two IGARSS papers?": the venue's papers, when they are two
            pair = self._pool_besides(None, f, venues)
            return [p.id for p in pair] if len(pair) == 2 else named
        if len(named) != 1 or not phrases.ELAPSED.search(question):
            return named
        if phrases.LISTING_EVENTS.search(question) and self.elapsed_asked(question, named):
            return named
        typed = [i for i in self.of_work_type(question) if i != named[0]]
        # "her first IGARSS paper", "his earliest paper in the collection": a pick by date among the papers the
        # question's venue (or, picking one paper, the table) admits comes before a description
        by_date = venues or phrases.one_by_date(question)
        picked = self.picked_besides(question, named[0], f, venues) if by_date else None
        other = typed[0] if typed else picked or self.described_besides(question, named[0], by_name)
        return [*named, other] if other else named

    def picked_besides(self, question: str, named: str, f: Filters | None, venues) -> str | None:
        """The author's paper a date picks among those of the venue the question names (all of the author's papers
        when it names none), the named one left out ("how long after her thesis did her first IGARSS paper
        appear?": the earliest of her IGARSS papers); None when the pick is tied or the question picks none."""
        if not (pick := phrases.date_extreme(question)):
            return None
        ends = dated.extreme(self._pool_besides(named, f, venues), pick == "latest")
        return ends.paper.id if ends and len(ends.tied) == 1 else None

    def _pool_besides(self, named: str | None, f: Filters | None, venues) -> list:
        """The author's papers the question's filters and venues admit, the named one left out."""
        return [
            p
            for p in self.corpus.papers
            if p.is_author_work
            and p.id != named
            and (not venues or phrases.in_venues(p, venues))
            and (f is None or f.admits(p))
        ]
