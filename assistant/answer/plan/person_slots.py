"""The people slots of a question, read against the corpus's author index (`plan.people`): who it names, and the
constraint it puts on each (mixed into the SlotReader, which gives `corpus`)."""

from __future__ import annotations

import re

from assistant.answer.plan import phrases
from assistant.answer.plan.conversation import find_bounded
from assistant.answer.plan.intents import topic_words
from assistant.answer.plan.people import Mention, PersonConstraint, constraints, given_name

_WORD = re.compile(r"\w")
_CACHED = 256  # texts whose mentions are kept


class PeopleReader:
    """People found by the author index, in any case, accent, order or initials."""

    def people_in(self, question: str) -> list[Mention]:
        """The people the question names, in order (the principal author among them when named)."""
        # A turn reads its people 5-8 times (slots, topic, masking): looked up once per text (~0.3 ms each).
        cache = self.corpus.__dict__.setdefault("_mentions", {})
        found = cache.get(question)  # no check-then-read: another thread may clear the cache in between
        if found is None:
            if len(cache) >= _CACHED:
                cache.clear()
            said = phrases.without_group_members(question)  # a group's members in brackets are no byline condition
            found = cache[question] = self.corpus.person_index.mentions(said, self.corpus.ordinary_word)
        return found

    def person_constraints(self, question: str) -> list[PersonConstraint]:
        """One constraint per person the question names or points to with a position."""
        return constraints(question, self.people_in(question), self.corpus.principal)

    def _coauthor_in(self, question: str) -> str | None:
        """The first co-author the question names, as the table writes the name."""
        found = (m.name for m in self.people_in(question) if m.name != self.corpus.principal)
        if name := next(found, None):
            return name
        # A name the index does not fold to one person: as the table writes it, word for word.
        low = phrases.without_group_members(question).casefold()
        people = self.corpus.people_words.among(low)
        exact = (p for p in people if p.casefold() in low and find_bounded(low, p.casefold(), _WORD) >= 0)
        return next(exact, None)

    def _without_people(self, text: str) -> str:
        """The text with every person it names taken out (each leaves a space: no new words)."""
        mentions = self.people_in(text)
        # a person named again by the given name alone ("… include Boyang Zhang, which is Boyang not first on?")
        others = [m for m in mentions if m.name != self.corpus.principal]
        for m in sorted([*mentions, *given_name(text, others, "")], key=lambda m: m.start, reverse=True):
            text = text[: m.start] + " " + text[m.end :]
        lowered = text
        for person in self.corpus.everyone_words.among(text):
            i = find_bounded(lowered.casefold(), person.casefold(), _WORD)
            if i >= 0:
                lowered = lowered[:i] + " " + lowered[i + len(person) :]
        return lowered

    def person_routes(self, question: str, stripped: str) -> tuple[str, ...]:
        """The routes a question naming a co-author enumerates their joint papers on: a fact too, unless it is a yes/no
        question claiming more than the joint work ("Did Tanaka and Petrov get X by Y?": a claim to check)."""
        routes = ("list", "count", "earliest", "latest")
        if phrases.polar(question):
            rest = phrases.AUTHORING.sub(" ", self._without_people(stripped))
            if topic_words(rest, self.corpus.principal):
                return routes
        return (*routes, "fact")

    def people_read(self, question: str, filters, intent, person: str | None, position: int | None):
        """The filters the question adds (its years; a co-author besides the one whose position is said) and the
        person slots: the position goes to the person it is said of ("Tanaka first author, Müller a co-author":
        Tanaka's), the legacy `person`/`position` fields derived from the constraint list, which the plan keeps."""
        f = filters.model_copy()
        f.year_from = intent.year_from if f.year_from is None else f.year_from
        f.year_to = intent.year_to if f.year_to is None else f.year_to
        people = tuple(self.person_constraints(question))
        negated = bool(position) and phrases.position_negated(question)
        if any(c.absent and c.who == person for c in people):
            person = None  # "without Jörg Müller": a condition the constraint list carries, not a co-author
        placed = [c for c in people if c.position is not None]
        if placed:
            person, position, negated = placed[0].who, placed[0].position, placed[0].negated
            listed = [c.who for c in people if c.position is None and not c.absent and c.who != person]
            if listed and f.coauthor is None:
                f.coauthor = listed[0]  # the papers must list them too
        return f, person, position, negated, people
