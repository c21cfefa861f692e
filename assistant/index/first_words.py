"""Strings (paper names, people) by their first word, so a question finds the few it may contain from its own words.

A question is tested against every short name and every co-author of the table (to mask them, to find the papers
and people it names). At 10k papers that is 10k names and 2k people, a loop of substring tests per step, several
steps a question (~40 ms of CPU an answer, ten times that at 100k). A string that occurs in a text with no word
character just before or after it starts with a whole word of that text, so the text's words name every candidate.
"""

from __future__ import annotations

import re
from collections.abc import Iterable


class FirstWords:
    """The strings, each filed under its first word (case-folded); `among(text)` gives the ones that may occur in
    the text bounded by non-word characters: a superset of those that do, in the strings' own order."""

    def __init__(self, strings: Iterable[str], word: str = r"\w"):
        self.source = strings  # what was indexed (a dict of names: their values are looked up there)
        self.strings = list(strings)
        self._run = re.compile(f"(?:{word})+")
        self._by_first: dict[str, list[int]] = {}
        self._always: list[int] = []  # strings that do not start with a word character: always candidates
        for i, s in enumerate(self.strings):
            m = self._run.match(s.casefold())
            if m:
                self._by_first.setdefault(m.group(0), []).append(i)
            else:
                self._always.append(i)

    def among(self, text: str, also: Iterable[str] = ()) -> list[str]:
        """The strings that may occur in `text` (or in it once words of `also` are written into it)."""
        words = set(self._run.findall(text.casefold())) | {w.casefold() for w in also}
        at = [i for w in words for i in self._by_first.get(w, ())] + self._always
        return [self.strings[i] for i in sorted(set(at))]
