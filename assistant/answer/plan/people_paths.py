"""A paper reached through a person: "the other paper X is on" (the papers with X, less the one the question names),
"the person she wrote A with also co-authored a B with her - what …?" (A's co-authors, then their joint paper that
fits B). The person comes from the author index or from the anchor paper's byline; the asked clause is then put to
the paper found. Mixed into the SlotReader (which gives `corpus`, `people_in`, `_anchor`, `_closest`, `_content`)."""

from __future__ import annotations

import re

from assistant.answer.plan import phrases
from assistant.answer.plan.people import same_person
from assistant.answer.plan.selection import ONE_SELECTED, asks_of_selection

# The paper asked about is another than the one the person was found from: "the other …", "also co-wrote a …".
_ANOTHER = re.compile(r"\b(?:other|another|also|too|as well|else|second)\b", re.I)
# The person is said without a name: "the person she wrote X with", "her co-author on X", "whoever …".
_SOMEONE = re.compile(r"\b(?:person|co-?authors?|colleague|collaborator|researcher|someone|whoever|partner)\b", re.I)
_OF_BEFORE = re.compile(r"\bof\s+$", re.I)  # "the first author of the X paper": X is where a person is found
_CLAUSE_END = re.compile(r"\s[-–—]\s|[,;:?]|\.\s|\b(?:what|which|how|where|who|when)\b", re.I)


class PeoplePaths:
    def person_path(
        self, question: str, named: list[str], focus: list[str], _span
    ) -> tuple[str, str, bool, str] | None:
        """The one paper a question reaches through a person, with the route and the clause asked of it; None when
        the question reaches none this way (or asks which papers, a list)."""
        other = _ANOTHER.search(question)
        if not other or not asks_of_selection(question):
            return None
        principal = self.corpus.principal
        anchor = self._anchor(question, [], other.span()) or (
            self.corpus.by_id.get(named[0]) if len(named) == 1 else None
        )
        if anchor is None:
            return None
        people = [m.name for m in self.people_in(question) if m.name != principal]
        if not people and _SOMEONE.search(question[: other.start()]):
            people = [a for a in anchor.authors if not same_person(a, principal)]  # the anchor's co-authors
        if not people or not any(same_person(a, who) for a in anchor.authors for who in people):
            return None  # the person is not on the paper they were found from: not this reading
        joint = [
            p
            for p in self.corpus.authors_papers
            if p.id != anchor.id and any(same_person(a, who) for a in p.authors for who in people)
        ]
        if len(joint) > 1:
            described = " ".join(self._content(_CLAUSE_END.split(question[other.end() :])[0]))
            picked = self._closest(described, joint) if described else None
            joint = [self.corpus.by_id[picked]] if picked else []
        if len(joint) != 1:
            return None
        return joint[0].id, "fact", True, phrases.asked_after(question, other.end())

    def team_path(self, question: str, named: list[str], focus: list[str], _span) -> tuple[str, str, bool, str] | None:
        """The one paper a question reaches through a person and the size of its byline ("On the paper where that
        person is her only co-author, what …?", "Ivan Petrov led one of her papers. On the paper where he is her
        only co-author, …"): the author's papers with that person (named, else the anchor's author at the position
        the question reaches it through) and that many authors, less the anchor; with the route and the clause asked
        of it. None when none or several fit, or the question asks which papers."""
        team = phrases.team_size(question)
        if team is None or not asks_of_selection(question) or (at := question.rfind(team.said)) < 0:
            return None
        principal, anchor = self.corpus.principal, None
        people = [m.name for m in self.people_in(question) if m.name != principal]
        if not people:
            role = phrases.anchor_role(question[:at])
            anchor = self._anchor(question, [*named, *focus][:1], (at, at + len(team.said)))
            if role is None or anchor is None or len(anchor.authors) < abs(role):
                return None
            people = [anchor.authors[role - 1 if role > 0 else -1]]
        pool = [
            p
            for p in self.corpus.authors_papers
            if (anchor is None or p.id != anchor.id)
            and team.admits(len(p.authors), p.authors_truncated)
            and all(any(same_person(a, who) for a in p.authors) for who in people)
            and not any(same_person(who, principal) for who in people)
        ]
        if len(pool) > 1 and _ANOTHER.search(question[:at]):  # "in the other paper where he is her only co-author"
            pool = [p for p in pool if p.id not in {*named, *focus}]
        if len(pool) != 1:
            return None
        return pool[0].id, "fact", True, phrases.asked_after(question, at + len(team.said))

    def described_one(self, question: str, papers) -> str | None:
        """The one of a selection the question describes ("take the mixture-of-experts one"), by meaning; None when it
        describes none ("the paper where X is second author") or no paper comes clearly closest."""
        text = self._without_people(question)
        m = ONE_SELECTED.search(text)
        if not m or phrases.ELSE_WRITTEN.search(text) or _OF_BEFORE.search(text[: m.start()]):
            return None  # "what else did the first author of the graph coloring paper write?": a step, no pick
        words = " ".join(self._content(m.group(0)))
        return self._closest(words, papers) if words else None
