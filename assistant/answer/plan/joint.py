"""A multi-step question through a co-author: the paper a person and the principal author wrote together, placed by
date against another paper ("Yuki Sato co-authored her 2025 foundation model. In their earlier joint paper, what …?",
"Her co-author on the X paper also worked with her on a later foundation model - how many …?"). Step one finds the
anchor paper (named or described) and the person (named, or the anchor's co-author); step two selects their joint
papers on the asked side of the anchor's date, by the words that describe it, else the nearest in date; the question
is then asked of that paper. Mixed into the SlotReader (which gives `corpus`, `resolver`, `_coauthor_in`,
`_content`)."""

from __future__ import annotations

from assistant.answer.plan import phrases
from assistant.answer.plan.phrases.reference import references
from assistant.models import Paper

# A described joint paper is the one whose best sentence is this much closer to the description than the next's.
JOINT_LEAD = 0.05


class JointReader:
    def joint_paper(self, question: str, named: list[str], focus: list[str]) -> str | None:
        """The one joint paper the question asks about, or None when it places none or several fit."""
        placed = phrases.joint_placed(question)
        if placed is None:
            return None
        direction, described, at = placed
        anchor = self._anchor(question, [*named, *focus], at)
        if anchor is None or not anchor.date:
            return None
        people = self._people_of(question, anchor)
        mine = [p for p in self.corpus.papers if p.is_author_work and p.date and p.id != anchor.id]
        side = [p for p in mine if (p.date > anchor.date if direction > 0 else p.date < anchor.date)]
        joint = {
            p.id: p for person in people for p in side if any(a.casefold() == person.casefold() for a in p.authors)
        }
        if len(joint) <= 1:
            return next(iter(joint), None)
        if self._content(described):
            # Described ("a later foundation model", "an earlier paper about adapting between sensors"): the joint
            # paper whose sentences or title come clearly closest in meaning.
            scored = self.corpus.sentences.best(described, list(joint.values()))
            ranked = sorted(scored.items(), key=lambda kv: -kv[1][0])
            if ranked and (len(ranked) == 1 or ranked[0][1][0] >= ranked[1][1][0] + JOINT_LEAD):
                return ranked[0][0]
            return None
        if len(people) != 1:
            return None  # several co-authors, nothing to tell their joint papers apart
        return min(joint.values(), key=lambda p: abs(_days(p.date) - _days(anchor.date))).id  # the next one in time

    def _anchor(self, question: str, known: list[str], at: tuple[int, int]) -> Paper | None:
        """The paper the joint one is placed against: one the question names or the conversation points to, else the
        one a reference before the comparative describes among the author's papers of its years."""
        if known:  # the first the question names ("X co-wrote CALM with him. … their earlier joint paper")
            return self.corpus.by_id.get(known[0])
        for ref in references(question[: at[0]]):
            pool = [p for p in self.corpus.papers if p.is_author_work and (not ref.years or p.year in ref.years)]
            if ref.words and (pid := self.resolver.best(list(ref.words), pool)):
                return self.corpus.by_id[pid]
        return None

    def _people_of(self, question: str, anchor: Paper) -> list[str]:
        """The person named in the question, else (for "her co-author on the X paper") the anchor's co-authors."""
        if (person := self._coauthor_in(question)) and person != self.corpus.principal:
            return [person]
        if not phrases.CO_AUTHOR_ON.search(question):
            return []
        key = self.corpus.principal.casefold()
        return [a for a in anchor.authors if a.casefold() != key]


def _days(date: str) -> int:
    y, m, d = (list(map(int, date.split("-"))) + [1, 1])[:3]
    return y * 372 + m * 31 + d
