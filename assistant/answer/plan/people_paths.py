"""A paper reached through a person: "the other paper X is on" (the papers with X, less the one the question names),
"the person she wrote A with also co-authored a B with her - what …?" (A's co-authors, then their joint paper that
fits B). The person comes from the author index or from the anchor paper's byline; the asked clause is then put to
the paper found. Mixed into the SlotReader (which gives `corpus`, `people_in`, `_anchor`, `_closest`, `_content`)."""

from __future__ import annotations

import re

from assistant.answer.evidence.query_terms import derived_form
from assistant.answer.evidence.weigh import COVERAGE_WEIGHT, paper_text, vocabulary
from assistant.answer.plan import phrases
from assistant.answer.plan.joint import JOINT_LEAD
from assistant.answer.plan.people import author_at, same_person
from assistant.answer.plan.selection import ONE_SELECTED, asks_of_selection

# The paper asked about is another than the one the person was found from: "the other …", "also co-wrote a …".
_ANOTHER = re.compile(r"\b(?:other|another|also|too|as well|else|second|again)\b", re.I)
# The person is said without a name: "the person she wrote X with", "her co-author on X", "whoever …".
_SOMEONE = re.compile(r"\b(?:person|co-?authors?|colleague|collaborator|researcher|someone|whoever|partner)\b", re.I)
# The person "also led" the next paper: its first author.
_LED = re.compile(r"\s+(?:led|headed|first-authored)\b", re.I)
_OF_BEFORE = re.compile(r"\bof\s+$", re.I)  # "the first author of the X paper": X is where a person is found
_CLAUSE_END = re.compile(r"\s[-–—]\s|[,;:?]|\.\s|\b(?:what|which|how|where|who|when)\b", re.I)


class PeoplePaths:
    def person_path(self, question: str, named: list[str], focus: list[str], span) -> tuple[str, str, bool, str] | None:
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
        role = None
        if not people and _SOMEONE.search(before := question[: other.start()]):
            if (role := phrases.anchor_role(before)) is not None:
                # "the co-author who led MoQE with him": the anchor's author at that position
                people = [who] if (who := author_at(anchor, role)) and not same_person(who, principal) else []
            else:
                people = [a for a in anchor.authors if not same_person(a, principal)]  # the anchor's co-authors
        if not people or not any(same_person(a, who) for a in anchor.authors for who in people):
            return None  # the person is not on the paper they were found from: not this reading
        joint = [
            p
            for p in self.corpus.authors_papers
            if p.id != anchor.id and any(same_person(a, who) for a in p.authors for who in people)
        ]
        if span is not None and span.relative is None:
            joint = [p for p in joint if span.admits(p) is not False]  # "teamed up with her again in 2023"
        if role is not None and _LED.match(question, other.end()):
            # "the co-author who led X also led another of his papers": the person found by the role first on it
            joint = [p for p in joint if (lead := author_at(p, 1)) and any(same_person(lead, w) for w in people)]
        asked = phrases.asked_after(question, other.end())
        if len(joint) > 1:
            picked = self._described_joint(_CLAUSE_END.split(question[other.end() :])[0], asked, joint)
            joint = [self.corpus.by_id[picked]] if picked else []
        if len(joint) != 1:
            return None
        return joint[0].id, "fact", True, asked

    def _described_joint(self, said: str, asked: str, joint: list) -> str | None:
        """The one of a person's joint papers that the words after "also"/"another" describe ("… also worked with her
        on something in Antarctica"): clearly closest by its sentences, else by its sentences and the terms its text
        holds; when the description tells none apart ("another study using the same satellite"), the one clearly
        answering the clause asked of it is the paper meant ("… with what share of the labels was it fine-tuned?")."""
        described = " ".join(self._content(said))
        if described and (picked := self._closest(described, joint) or self._form_lead(described, joint)):
            return picked
        asking = " ".join(self._content(f"{said} {asked}"))
        return self._form_lead(asking, joint) if asking else None

    def _form_lead(self, described: str, papers: list) -> str | None:
        """The paper clearly closest to a description by its best sentence and the IDF-weighted share of the
        description's terms its title and abstract hold in some form of the word ("Antarctica" in "Antarctic ice
        shelves": `derived_form`), or None."""
        terms = self.corpus.qterms(described).weights
        best = self.corpus.sentences.best(described, papers)
        total = sum(terms.values()) or 1.0

        def held(p) -> float:
            vocab = vocabulary(paper_text(p))
            return sum(w for t, w in terms.items() if any(derived_form(t, v) for v in vocab)) / total

        ranked = sorted(((best[p.id][0] if p.id in best else 0.0) + COVERAGE_WEIGHT * held(p), p.id) for p in papers)
        ranked.reverse()
        if ranked and (len(ranked) == 1 or ranked[0][0] >= ranked[1][0] + JOINT_LEAD):
            return ranked[0][1]
        return None

    def team_path(self, question: str, named: list[str], focus: list[str], _span) -> tuple[str, str, bool, str] | None:
        """The one paper a question reaches through a person and the size of its byline ("On the paper where that
        person is her only co-author, what …?", "Ivan Petrov led one of her papers. On the paper where he is her
        only co-author, …"): the author's papers with that person (named, else the anchor's author at the position
        the question reaches it through) and that many authors, less the anchor; with the route and the clause asked
        of it. None when none or several fit, or the question asks which papers."""
        team = phrases.team_size(question)
        # "Which paper did the two of them write as a pair, and what error did it report?": picked, then asked of
        asks = asks_of_selection(question) or phrases.picked_then_asked(question)
        if team is None or not asks or (at := question.rfind(team.said)) < 0:
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
