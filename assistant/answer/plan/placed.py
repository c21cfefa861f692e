"""A paper placed by its relation to another: "two years after AIPerf he had one on small matrix multiplication",
"three years after her melt pond paper she published again in the same journal". One composition over the table:
the anchor (the paper the question names or describes, else the one the conversation points to) gives the dates
(counted_dates, from the anchor's year or month) and, when the question says "the same journal", its venue; the paper
asked about is the one of the author's papers inside those dates (and that venue) which the rest of the question
describes, by its title words or by meaning; the question is then asked of it. Mixed into the SlotReader (which gives
`corpus`, `resolver`, `_content`, `_closest`, `_without_paper`, `venues_in`)."""

from __future__ import annotations

import re

from assistant.answer.plan import phrases
from assistant.answer.plan.people import same_person
from assistant.answer.plan.phrases.reference import references
from assistant.answer.plan.selection import asks_of_selection
from assistant.models import Paper

# The relation to the anchor's venue: "in the same journal", "at the same conference again", "the same venue".
# The venue as the bridge is the same relation: "the journal that published her melt-pond study also published
# another", "the conference where X appeared".
_VENUE_NOUN = r"(?:journal|venue|conference|proceedings|workshop|outlet|periodical|series|symposium)"
SAME_VENUE = re.compile(
    rf"\b(?:the\s+)?same\s+{_VENUE_NOUN}\b"
    rf"|\bthe\s+{_VENUE_NOUN}\s+(?:that|which|where|in which)\s+(?:\w+\s+){{0,2}}?"
    r"(?:published|carried|printed|accepted|took|ran|appeared|came out)\b",
    re.I,
)

_EDITION = re.compile(r"\b(?:(?:19|20)\d\d|'\d\d|\d+(?:st|nd|rd|th))\b")
_AS = re.compile(r"\s+as\b", re.I)  # "the same journal as her melt pond paper"
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
    def dated_then_it(self, asked: str, f, span, scope: str) -> tuple[str, str, bool, str] | None:
        """The one paper of the dates a question names when the clause after them asks of "it" ("What did she publish
        in September 2020, and against how many surveys was it checked?"), with the route and clause asked; None
        when the dates hold none or several, or nothing is asked of one paper."""
        if span is None or span.relative is not None or not asked or not phrases.asks_of_it(asked):
            return None
        pool = self._pool(f, span, scope)
        return (pool[0].id, self.asked_route(asked), False, asked) if len(pool) == 1 else None

    def dated_path(self, question: str, named: list[str], _focus, _span) -> tuple[str, str, bool, str] | None:
        """The paper placed by dates counted from another ("Lucía García first-authored her 2021 iceberg paper. In
        the paper the two of them had together the year before, what …?"; placed() has made it the one named), when
        the question asks something of it: the route of a fact and the clause after the dates; None otherwise."""
        said = phrases.dates(question)
        if said is None or said.relative is None or len(named) != 1 or not asks_of_selection(question, said=False):
            return None  # placed() found the one paper: a question that does not ask which papers asks of it
        if named[0] in self.named_in(question[: said.said[0][0]], described=False):
            return None  # the paper named by its title before the dates is their anchor: placed() found none (r36s30)
        return named[0], "fact", True, phrases.asked_after(question, said.said[-1][1])

    def venue_path(self, question: str, named: list[str], _focus, span) -> tuple[str, str, bool, str] | None:
        """The one paper a question reaches through its anchor's venue, with no dates counted from it ("same journal
        as her melt-pond study, but a 2023 paper: …", "in the other paper she put in that same journal, …"): the
        author's other papers of the anchor's venue, within the years the question gives when they are not the
        anchor's own, and (when several) the one the words after "same journal" describe; with the route and the
        clause asked of it. None when none or several fit, or the question asks which papers."""
        m = SAME_VENUE.search(question)
        said = phrases.dates(question)
        asks = asks_of_selection(question) or phrases.which_then_asked(question)  # "Which other paper …, and how …?"
        if not m or (said is not None and said.relative is not None) or not asks:
            return None  # dates counted from the anchor ("four years after X, at the same conference") are placed()'s
        # The anchor is named, or described after "same journal as …", or before the phrase.
        after = question[m.end() :] if _AS.match(question[m.end() :]) else ""
        anchor = (
            self._anchor(after, named[:1], (len(after), len(after)))
            or self._anchor(question, [], m.span())
            or self._venue_anchor(question[: m.start()] or _CLAUSE.split(after)[0])
        )
        if anchor is None or not venue_key(anchor):
            return None
        pool = [p for p in self.corpus.authors_papers if p.id != anchor.id and same_venue(p, anchor)]
        if span is not None and not span.admits(anchor):
            pool = [p for p in pool if span.admits(p)]  # "but a 2023 paper": the years date the one asked about
        if len(pool) > 1:
            clause = next((c for c in _CLAUSE.split(question[m.end() :]) if self._content(c)), "")
            words = self._content(phrases.without_dates(clause))
            picked = words and (self.resolver.best(words, pool) or self._closest(" ".join(words), pool))
            pool = [self.corpus.by_id[picked]] if picked else []
        if len(pool) != 1:
            return None
        return pool[0].id, "fact", True, phrases.asked_after(question, m.end())

    def anchor_said_first(self, question: str, named: list[str]) -> list[str]:
        """The paper dates counted in a question are counted from: one it describes before the dates ("She published
        her melt pond work in a particular journal; three years later she had another paper in the same journal"),
        not one only the words after them describe, which is the paper asked about ("how many charts were compared in
        that later one?"); `named` as read otherwise."""
        said = phrases.dates(question)
        if said is None or said.relative is None or not said.said or len(named) > 1:
            return named
        before = question[: said.said[0][0]]
        if set(named) & set(self.named_in(before, described=False)):
            return named  # named by its title before the dates: the anchor already
        anchor = self._anchor(question, [], said.said[0])
        return [anchor.id] if anchor is not None else named

    def _venue_anchor(self, before: str) -> Paper | None:
        """The paper whose venue is meant when no reference names it ("she published a melt pond paper in some
        journal in 2020. In the other paper she put in that same journal"): among the author's papers with a venue,
        the one the words before "same journal" describe (the question's years may date the other paper)."""
        words = self._content(phrases.without_dates(before))
        pool = [p for p in self.corpus.authors_papers if venue_key(p)]
        pid = words and (self.resolver.best(words, pool) or self._closest(" ".join(words), pool))
        return self.corpus.by_id.get(pid) if pid else None

    def placed(
        self, question: str, span, named: list[str], pointed: list[str], anchored: bool, lead: str | None = None
    ) -> list[str]:
        """The paper the question places by dates counted from another: with nothing named, among the dates
        counted from the conversation ("the AI-HPC benchmark he wrote the year after that", else related to `lead`,
        the paper the dates were counted from); with one paper named and the dates counted from it, among the dates
        (and its venue, for "the same journal") counted from that anchor, the one the rest of the question
        describes. [] when none or several fit."""
        if not named:
            return self.described_within(question, span, pointed) or self.related_within(question, span, pointed, lead)
        if len(named) != 1 or not anchored or not (anchor := self.corpus.by_id.get(named[0])):
            return []
        pool = [p for p in self.corpus.papers if p.id != anchor.id and span.admits(p)]
        if SAME_VENUE.search(question):
            pool = [p for p in pool if same_venue(p, anchor)]
        pool = [p for p in pool if p.is_author_work] or pool
        # The people the question names are on the paper placed too ("the paper the two of them had the year
        # before"), unless none of the dates' papers has them (then they were of the anchor alone).
        people = [m.name for m in self.people_in(question) if m.name != self.corpus.principal]
        pool = [p for p in pool if all(any(same_person(a, w) for a in p.authors) for w in people)] or pool
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

    def related_within(self, question: str, span, pointed: list[str], lead: str | None) -> list[str]:
        """The one paper of the author's within dates counted from the paper `lead` that the question relates to it
        ("at that same symposium four years later": its venue; "with the same co-author": a person of its byline
        other than the author; "on the same theme": closest in meaning to its title) or describes by its own words
        ("the following year, anything about matrix multiplication?"), or the only paper of those dates when the
        question says nothing more ("what did she put out exactly three years after that?"); [] when none or several
        fit, or no paper was pointed back to."""
        anchor = self.corpus.by_id.get(lead or (pointed[0] if pointed else ""))
        if anchor is None:
            return []
        pool = [p for p in self.corpus.authors_papers if span.admits(p) and p.id != anchor.id and p.id not in pointed]
        if SAME_VENUE.search(question):
            pool = [p for p in pool if same_venue(p, anchor)]
        if phrases.SAME_PEOPLE.search(question):
            others = [a for a in anchor.authors if not same_person(a, self.corpus.principal)]
            pool = [p for p in pool if any(same_person(a, o) for a in p.authors for o in others)]
        venues, said = self.venues_in(question)
        if venues:  # "another IGARSS paper four years after that one": the venue named
            pool = [p for p in pool if phrases.in_venues(p, venues)]
        rest = phrases.without_relations(phrases.without_dates(SAME_VENUE.sub(" ", question)))
        words = self._content(rest.replace(said, " ") if said else rest)
        if len(pool) > 1 and phrases.SAME_THEME.search(question) and not words:
            return [pid] if (pid := self._closest(anchor.title or "", pool)) else []
        if len(pool) > 1 and words:
            # by its title's words first ("anything on sea-ice thickness?"), else by meaning
            pid = self.resolver.best(words, pool) or self._closest(" ".join(words), pool)
            return [pid] if pid else []
        if len(pool) == 1 and words and self._describes_another(question, [pool[0].id]):
            return []  # "anything about matrix multiplication?" of the one paper of a year on something else
        return [pool[0].id] if len(pool) == 1 else []
