"""A paper placed by its relation to another: "two years after AIPerf he had one on small matrix multiplication",
"three years after her melt pond paper she published again in the same journal". One composition over the table:
the anchor (the paper the question names or describes, else the one the conversation points to) gives the dates
(counted_dates, from the anchor's year or month) and, when the question says "the same journal", its venue; the paper
asked about is the one of the author's papers inside those dates (and that venue) which the rest of the question
describes, by its title words or by meaning; the question is then asked of it. Mixed into the SlotReader (which gives
`corpus`, `resolver`, `_content`, `_closest`, `_without_paper`)."""

from __future__ import annotations

import re

from assistant.answer.plan import phrases
from assistant.answer.plan.phrases.reference import references
from assistant.models import Paper

# The relation to the anchor's venue: "in the same journal", "at the same conference again", "the same venue".
SAME_VENUE = re.compile(
    r"\b(?:the\s+)?same\s+(?:journal|venue|conference|proceedings|workshop|outlet|periodical|series|symposium)\b",
    re.I,
)

_EDITION = re.compile(r"\b(?:(?:19|20)\d\d|'\d\d|\d+(?:st|nd|rd|th))\b")
_CLAUSE = re.compile(r"[?:;!.]\s|[?:;!]$|\s[—–-]\s|\s*[—–]\s*")


def venue_key(p: Paper) -> str:
    """The paper's venue as one value whatever its year or edition ("2019 IEEE …", "39th …"), case and spacing aside;
    "" for none or arXiv (no venue)."""
    key = " ".join(_EDITION.sub(" ", (p.venue or "").casefold()).split())
    return "" if key.startswith("arxiv") else key


def same_venue(a: Paper, b: Paper) -> bool:
    """Both papers appeared in one venue (compared as written, case and spacing aside; arXiv is no venue)."""
    return bool(venue_key(a)) and venue_key(a) == venue_key(b)


class PlacedReader:
    def placed(self, question: str, span, named: list[str], pointed: list[str], anchored: bool) -> list[str]:
        """The paper the question places by dates counted from another: with nothing named, among the dates
        counted from the conversation ("the AI-HPC benchmark he wrote the year after that"); with one paper named
        and the dates counted from it, among the dates (and its venue, for "the same journal") counted from that
        anchor, the one the rest of the question describes. [] when none or several fit."""
        if not named:
            return self.described_within(question, span, pointed)
        if len(named) != 1 or not anchored or not (anchor := self.corpus.by_id.get(named[0])):
            return []
        pool = [p for p in self.corpus.papers if p.id != anchor.id and span.admits(p)]
        if SAME_VENUE.search(question):
            pool = [p for p in pool if same_venue(p, anchor)]
        pool = [p for p in pool if p.is_author_work] or pool
        if len(pool) <= 1:
            return [p.id for p in pool]
        rest = self._without_paper(phrases.without_dates(SAME_VENUE.sub(" ", question)), anchor.id)
        for ref in references(rest):
            if ref.words and (pid := self.resolver.best(list(ref.words), pool)):
                return [pid]
        # The description is the clause that places the paper ("he had one on small matrix multiplication"), not
        # what is then asked of it ("which platform did they test it on?").
        clause = next((c for c in _CLAUSE.split(rest) if self._content(c)), "")
        words = self._content(clause)
        if words and (pid := self.resolver.best(words, pool) or self._closest(" ".join(words), pool)):
            return [pid]
        return []
