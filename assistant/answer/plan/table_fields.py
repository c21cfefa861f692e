"""The table's own fields a question selects by: the venues it names, the subject categories (by the table's codes),
the fields its papers must have or lack, the record's conditions (kind of work, venue words), and the question with
all of them taken out (what is left may be a topic)."""

from __future__ import annotations

import re

from assistant.answer.plan import field_groups, phrases
from assistant.answer.plan.conversation import find_bounded
from assistant.answer.plan.intents import topic_words
from assistant.answer.plan.phrases import who
from assistant.answer.plan.phrases.category_names import named_categories
from assistant.answer.plan.phrases.governs import governed
from assistant.answer.plan.phrases.record import SEVERAL
from assistant.answer.plan.phrases.team import without_team
from assistant.answer.plan.record_conditions import Conditions, RecordConditionReader, names_a_source

# A question picking among papers already shown or listed ("which of those …", "which of these …").
_WHICH_OF = re.compile(r"\bwhich\s+of\s+(?:those|these|them)\b", re.I)


class TableFieldReader(RecordConditionReader):
    """Reads the table fields a question names (a mixin of SlotReader: needs `self.corpus`)."""

    def venues_in(self, question: str) -> tuple[list[str], str]:
        """The venues the question names (every venue string of the table it matches) and the words it named them
        with: the venue itself less a leading "The" and year ("The Cryosphere"), or an acronym of a run of its words'
        initials ("IGARSS" for "… International Geoscience and Remote Sensing Symposium")."""
        venues = self.corpus.venues
        ql = question.casefold()
        found: list[str] = []
        said = ""
        for v in venues:
            name = re.sub(r"^(?:the\s+)?(?:(?:19|20)\d{2}\s+)?", "", v.casefold()).strip()
            if len(name) >= 4 and (at := find_bounded(ql, name)) >= 0:
                if names_a_source(v) and governed(question, at)[0]:
                    continue  # "in a journal (not just arXiv)": the kind of work says it, arXiv is no venue asked
                found.append(v)
                said = max(said, question[find_bounded(ql, name) :][: len(name)], key=len)
                continue
            initials = "".join(w[0] for w in re.findall(r"[A-Za-z][\w-]*", v)).casefold()
            for acronym in re.findall(r"\b[A-Z]{4,}\b", question):
                if acronym.casefold() in initials:
                    found.append(v)
                    said = max(said, acronym, key=len)
        return found, said

    def categories_in(self, question: str) -> tuple[list[str], list[str]]:
        """The subject categories a question selects by (the table's own codes: "in the LG category", "cs.DC") and
        the words that said each."""
        cue = bool(phrases.CATEGORY_CUE.search(question))
        found, said = [], []
        for code in self.corpus.categories:
            if m := phrases.category_phrase(question, code, cue):
                found.append(code)
                said.append(m.group(0))
        # "filed under distributed/parallel computing": a category by its name, not its code
        for code, words in named_categories(question, [c for c in self.corpus.categories if c not in found]):
            found.append(code)
            said.append(words)
        return found, said

    def table_slots(self, question: str) -> tuple[list[str], tuple[tuple[str, bool], ...]]:
        """The categories a question selects by and the fields its papers must have or lack ("with a DOI")."""
        return self.categories_in(question)[0], phrases.has_fields(question)[0]

    def literal_asked(self, question: str) -> tuple[str | None, str]:
        """What a question asks for in so many words (a quoted phrase, a listing's mark, or the claim of "papers that
        claim to be the first to …", in the abstracts' words: "first" there is no date pick), and the question with
        its slots (and that claim) taken out."""
        literal = phrases.quoted(question) or self._marked(question)
        if not literal and (claim := phrases.claim_first(question)):
            (a, b) = claim[1]
            return claim[0], self._strip_slots(question[:a] + " " + question[b:])
        return literal, self._strip_slots(question)

    def _marked(self, question: str) -> str | None:
        """The note a question asks papers to be marked with, unless the mark is a field of the table another slot
        reads: a category ("tagged DC") or a field the papers have ("marked with a Code link")."""
        marked = phrases.marked(question)
        said = [s.casefold() for s in (*self.categories_in(question)[1], *phrases.has_fields(question)[1])]
        if marked and any(marked.casefold() in s or s in marked.casefold() for s in said):
            return None
        return marked

    def venue_only(self, stripped: str, venues: list[str], other) -> bool:
        """The question names a venue and nothing else to read (no paper, topic or content word): its papers."""
        return bool(venues) and not other and not topic_words(stripped, self.corpus.principal)

    def exclusions(self, question: str, record: Conditions | None = None):
        """The negated topic, the source left out ("not on arXiv"), the venues a question names and whether it asks
        for papers without code. A source left out is a field of the table (arXiv id, kind of work): neither the
        negated topic nor a venue; negated words about the papers' code ("don't say anything about their code") are
        no topic either."""
        # "with no abstract", "lacking an arXiv id": fields the papers lack (table_slots), no topic and no venue
        for said in phrases.has_fields(question)[1]:
            question = question.replace(said, " ")
        venues, negation = self.venues_in(question)[0], phrases.negated(question)
        if negation and (rest := self._without_people(negation.topic)) != negation.topic:
            rest = who.BYLINE.sub(" ", rest)  # "don't include Berg as an author": where the person stands
        if negation and not rest.strip(" ,.?"):
            negation = None  # "without Jörg Müller", "besides tanaka": a person (plan.people), not a topic
        if (
            negation
            and record
            and any(c.span[0] < negation.span[1] and negation.span[0] < c.span[1] for c in record.items)
        ):
            negation = None  # "rather than a journal article": the record's kind of work, no negated topic
        not_in, not_in_said = phrases.not_in_source(question)
        if not_in:
            if negation and not_in_said.casefold() in question[negation.span[0] : negation.span[1]].casefold():
                negation = None
            venues = [v for v in venues if v.casefold() not in not_in_said.casefold()]
        if negation and phrases.code_asked(negation.topic):
            return None, not_in, venues, True
        return negation, not_in, venues, False

    def record_read(self, question: str) -> tuple[Conditions, str | None]:
        """The record conditions of a question asking for several papers, and the kind of work it lists: the one its
        words for kinds read ("her journal articles", "only preprints") unless a condition negates it ("in a journal
        (so not arXiv-only)"), then the one the conditions name. A condition the kind of work or a source left out
        ("not on arXiv") already says is not repeated."""
        work_type = phrases.work_type_listed(question)[0] or field_groups.kind_said(question)
        if work_type is None and _WHICH_OF.search(question):
            work_type = phrases.work_type_of_one(question)  # "which of those was a conference paper?"
        if not SEVERAL.search(question):
            return Conditions(), work_type
        read = self.record_conditions(question, self.venues_in(question)[1])
        if read.negates(work_type) or work_type is None or read.kind() not in (None, work_type):
            # a paper is of one kind: one the conditions name outright ("it appeared in a journal (not a conference and
            # not just arXiv)") over one read from a kind ruled out beside arXiv
            work_type = read.kind()
        # the source left out and the fields had are the table slots' (not_in, has): not said twice
        said = {(phrases.not_in_source(question)[0], True), (work_type, False)}
        said |= {("arxiv", not had) for f, had in phrases.has_fields(question)[0] if f == "arxiv"}
        kept = tuple(c for c in read.items if (c.value, c.negated) not in said)
        return Conditions(kept), work_type

    def _strip_slots(self, question: str) -> str:
        """The question without the phrases slots read (dates, negated topic, venue, author position, surname,
        exclusions, record conditions), for the classifier and the topic."""
        if SEVERAL.search(question):
            question = self.record_conditions(question, self.venues_in(question)[1]).without(question)
        q = phrases.without_negation(phrases.without_dates(question))
        q = phrases.without_both_groups(q, self.corpus.principal)
        q = without_team(q)  # "more than five authors", "the longest author list": the table's author counts
        for said in [*self.categories_in(q)[1], *phrases.has_fields(q)[1]]:
            q = q.replace(said, " ")
        if said := self.venues_in(q)[1]:
            q = re.sub(re.escape(said), " ", q, flags=re.I)
        q = phrases.POSITION.sub(" ", phrases.NOT_POSITION.sub(" ", q))
        if said := phrases.work_type_listed(q)[1]:
            q = q.replace(said, " papers ")  # "her journal articles": a filter; the paper noun keeps the form
        q = phrases.INCLUDED_TYPE.sub(" ", q)
        # "papers of hers": the author's, a scope ("of his" also opens "an overview of his research": kept)
        q = re.sub(r"(?i)\bof (?:hers|theirs|his own|her own|their own)\b", " ", q)
        q = phrases.SURNAME.sub(" ", q)
        return phrases.EXCLUDES_AUTHOR.sub(" ", q)
