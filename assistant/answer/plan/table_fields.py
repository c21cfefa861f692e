"""The table's own fields a question selects by: the venues it names, the subject categories (by the table's codes)
and the fields its papers must have or lack."""

from __future__ import annotations

import re

from assistant.answer.plan import phrases
from assistant.answer.plan.conversation import find_bounded


class TableFieldReader:
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
            if len(name) >= 4 and find_bounded(ql, name) >= 0:
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
        return found, said

    def table_slots(self, question: str) -> tuple[list[str], tuple[tuple[str, bool], ...]]:
        """The categories a question selects by and the fields its papers must have or lack ("with a DOI")."""
        return self.categories_in(question)[0], phrases.has_fields(question)[0]
