"""Every paper's title words and initials, and which papers hold each (built once per corpus, kept in the store):
what plan/resolver.py reads a description against, and how two forms of one word are told to be the same."""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field

from assistant.answer.plan.intents import topic_words
from assistant.index.bm25 import variants
from assistant.index.lazy_table import column
from assistant.models import Paper

# Endings two forms of one word may differ by beyond a shared root ("forecast|er" / "forecast|s", "emulat|or" /
# "emulat|ing", "quantiz|ation" / "quantiz|ed").
_SUFFIXES = frozenset(
    """ s es e ed d er ers or ors ing ings ion ions ation ations ator ators ate ates ated ating al ally ic ics ical
    ive ity ities ism ment ments ly""".split()
) | {""}
ROOT = 5  # letters two forms of a word share at least
# Title words that only join the others ("… over the Barents Sea", "… via Joint …").
JOINING = frozenset("over via towards toward across under beyond within through into onto upon per".split())
# Acronyms of title phrases: 3-6 capitals, maybe with lower-case joining letters ("FNO", "GNN", "MoE"), a plural s.
ACRONYM = re.compile(r"(?:[A-Z][a-z]?){2,5}[A-Z]s?")
VENUE_ACRONYM = re.compile(r"[A-Z]{4,}")  # "IGARSS", "TGRS": as the table's venues read by their initials
SMALL = frozenset("a an the of for and with to in on by at from as".split())


def same_word(a: str, b: str) -> bool:
    """Two casefolded words are forms of one word: equal, singular and plural, or a shared root of ROOT letters with
    known endings ("forecaster"/"forecasts", "emulator"/"emulating")."""
    if a == b or b in variants(a):
        return True
    n = 0
    for x, y in zip(a, b):
        if x != y:
            break
        n += 1
    return any(k >= ROOT and a[k:] in _SUFFIXES and b[k:] in _SUFFIXES for k in range(n, ROOT - 1, -1))


def _parts(word: str) -> list[str]:
    return [w for w in word.casefold().split("-") if w and w not in SMALL]


@dataclass
class _Title:
    words: list[str]  # content words, hyphenated ones in parts, casefolded
    initials: tuple[str, ...]  # the initials of every word, with and without the joining words
    derived: bool  # no title in the sources: the words are the abstract's first phrase, not a name


@dataclass
class TitleIndex:
    """Every paper's title words and initials, and the papers each title word is in (built once per corpus)."""

    titles: dict[str, _Title] = field(default_factory=dict)
    holders: dict[str, set[str]] = field(default_factory=dict)  # title word -> paper ids
    by_root: dict[str, set[str]] = field(default_factory=dict)  # first ROOT letters -> title words
    # every title's initials in one text ("\n" between them), where each starts, and whose they are: made on the
    # first acronym, so `spelled` searches one string (testing 10k titles' initials one by one took ~30 ms a word)
    _joined: tuple[str, list[int], list[str]] | None = field(default=None, repr=False)

    @classmethod
    def of(cls, papers: list[Paper]) -> TitleIndex:
        """Read from the table's columns (no paper record is made)."""
        index = cls()
        ids, titles, shown = (column(papers, f) for f in ("id", "title", "display_title"))
        for pid, given, display in zip(ids, titles, shown):
            title = given or display or ""
            raw = re.findall(r"[A-Za-z0-9][\w=+-]*", title)
            parts = [x for w in raw for x in w.casefold().split("-") if x]
            initials = (
                "".join(x[0] for x in parts),
                "".join(x[0] for x in parts if x not in SMALL),
            )
            words = [x for w in topic_words(title) for x in _parts(w) if x not in JOINING]
            index._add(pid, _Title(words, initials, not given))
        return index

    def _add(self, pid: str, title: _Title) -> None:
        self.titles[pid] = title
        for w in title.words:
            self.holders.setdefault(w, set()).add(pid)
            self.by_root.setdefault(w[:ROOT], set()).add(w)

    def state(self) -> dict[str, list]:
        """What the index is made of, as JSON (a derived item of the table: computed at ingest, read at start)."""
        return {pid: [t.words, list(t.initials), t.derived] for pid, t in self.titles.items()}

    @classmethod
    def from_state(cls, state: dict[str, list]) -> TitleIndex:
        index = cls()
        for pid, (words, initials, derived) in state.items():
            index._add(pid, _Title(words, tuple(initials), derived))
        return index

    def holding(self, word: str) -> set[str]:
        """The papers whose titles hold the word in some form."""
        w = word.casefold()
        found: set[str] = set()
        for t in self.by_root.get(w[:ROOT], ()) if len(w) >= ROOT else (w, *variants(w)):
            if t in self.holders and same_word(w, t):
                found |= self.holders[t]
        return found

    def spelled(self, acronym: str) -> set[str]:
        """The papers whose titles hold a run of words the acronym spells ("FNO": "Fourier Neural Operators")."""
        key = acronym[:-1] if acronym.endswith("s") and acronym[:-1].isupper() else acronym
        key = key.casefold()
        if not key or "\n" in key:
            return {pid for pid, t in self.titles.items() if any(key in i for i in t.initials)}
        if self._joined is None:
            starts, owners, at = [], [], 0
            for pid, t in self.titles.items():
                for i in t.initials:
                    starts.append(at)
                    owners.append(pid)
                    at += len(i) + 1
            self._joined = ("\n".join(i for t in self.titles.values() for i in t.initials), starts, owners)
        text, starts, owners = self._joined
        found: set[str] = set()
        at = text.find(key)
        while at >= 0:  # a match lies within one title's initials: no "\n" in the key
            found.add(owners[bisect.bisect_right(starts, at) - 1])
            at = text.find(key, at + 1)
        return found
