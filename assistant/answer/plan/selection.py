"""The table's selection of papers a question makes before its operation: an author position (or not that position),
a co-author, a venue, a kind of work, dates and scope; one paper picked from it by date; the paper a kind of work
names ("her PhD thesis"). The Planner reads these and asks the question's operation of what they select."""

from __future__ import annotations

import re
from dataclasses import replace

from assistant.answer.evidence.finding import TARGET_LEAD
from assistant.answer.evidence.quantity import asked_noun, furthest_noun
from assistant.answer.evidence.weigh import COVERAGE_WEIGHT, relevant
from assistant.answer.plan import correction, dated, phrases
from assistant.answer.plan.elapsed import ElapsedReader
from assistant.answer.plan.intents import classify
from assistant.answer.plan.paper_nouns import EITHER
from assistant.answer.plan.people import admit_all
from assistant.answer.plan.stated import stated_by_record
from assistant.models import Filters, Paper

# "the first"/"the last" are positions and steps as often as dates ("the first step, and how does it work?").
_FIRST_OR_LAST = re.compile(r"\bthe (?:first|last)\b", re.I)

# Routes about one paper, which a question asking its metadata fields turns into those fields' routes; table routes a
# word of the description can draw ("categories", "lead author"); the paper-fact routes a selected paper keeps.
ONE_PAPERS = ("fact", "summary", "authors", "when", "arxiv", "how", "why")
TABLE_FIELDS = ("list", "count", "categories", "code")
PAPER_FIELDS = ("when", "authors", "arxiv")
_DATE_PICKED = ("fact", "arxiv")  # routes a question's words drew that a date pick then asked of takes over
# IDF of a term in at most ~3% of passages (log(1 + n/(df+0.5)) >= 3.5): a name-like word, not a common one.
RARE_IDF = 3.5


def holds_position(p: Paper, position: int | None, person: str | None, surname: str | None) -> bool:
    """The paper's author at the asked position (1 first, -1 last) is the asked person, or has the asked surname."""
    pos = position or 1
    if not p.authors:
        return False
    if pos == -1:
        # a sole author is no "last author": three writers' last-author lists leave single-author papers out
        if p.authors_truncated or len(p.authors) < 2:
            return False
        who = p.authors[-1]
    elif len(p.authors) >= pos:
        who = p.authors[pos - 1]
    else:
        return False
    if surname and who.split()[-1].casefold() != surname.casefold():
        return False
    return not (person and who.casefold() != person.casefold())


# A selection picks one paper to ask something of: "Take the paper where Zeyu Liu is the second author …. What bound
# does it prove?", "the one he wrote with X as lead author". A question asking which paper that is, or how many,
# is a list or a count of the selection instead.
ONE_SELECTED = re.compile(
    r"\b(?:the|this|that|his|her|their)\s+(?:[\w-]+\s+){0,3}?(?:paper|article|preprint|study|work|one)\b(?!s)", re.I
)
_ASKS_WHICH = re.compile(
    rf"\b(?:which|what)\s+(?:[\w-]+\s+)?(?:{EITHER}|ones?|titles?)\b(?!\s+(?:does|did|do)\b)|"
    rf"\bhow many\s+(?:of\s+)?(?:(?:his|her|their|the|these|those)\s+)?(?:{EITHER}|ones?)\b|"
    r"\b(?:list|name(?!\s+of\b)|count|enumerate)\b|"  # "the name of X" asks a fact
    r"\bwhat (?:is|was) (?:it|its|the paper)\s+(?:called|titled|named)\b",
    re.I,
)
# A selection of at most this many papers is asked the question itself (each answers it); more is a list.
SELECTED_MAX = 2
# Clauses of a question: a selection said first, then what is asked of it.
_CLAUSES = re.compile(r"(?<=[.;:?!])\s+")


def asks_of_selection(question: str, said: bool = True) -> bool:
    """A question that selects one paper by its slots (`said`: and says "the paper") and asks something of it (not
    which paper it is)."""
    selects = ONE_SELECTED.search(question) or phrases.ONE_WHERE.search(question)  # "there's one where …"
    return (not said or bool(selects)) and not _ASKS_WHICH.search(_CLAUSES.split(question.strip())[-1])


class Selection(ElapsedReader):
    """Selection slots read against the table (mixed into SlotReader, which gives `corpus` and `_in_scope`)."""

    def of_work_type(self, question: str) -> list[str]:
        """The one paper of the kind of work the question names ("her PhD thesis"): the author's only one of that
        kind (else the corpus's only one), or none."""
        kind = phrases.work_type_named(question)
        if kind is None or not phrases.selects_one_work(question):
            return []
        typed = [p for p in self.corpus.papers if p.work_type == kind]
        for pool in ([p for p in typed if p.is_author_work], typed):
            if len(pool) == 1:
                return [pool[0].id]
        return []

    def selected(
        self,
        f: Filters,
        span,
        scope: str,
        person: str | None,
        position: int | None,
        surname: str | None,
        venues,
        negated: bool = False,
        work_type: str | None = None,
        categories=(),
    ) -> list[Paper]:
        """The papers a question's selection slots admit: scope, dates, venue, kind of work, author position (or
        not that position) or co-author."""
        papers = self._in_scope(f.model_copy(update={"author_only": True if scope == "author" else None}), span)
        if scope == "others":
            papers = [p for p in papers if not p.is_author_work]
        if venues:
            papers = [p for p in papers if phrases.in_venues(p, venues)]
        if categories:
            papers = [p for p in papers if phrases.in_categories(p, categories)]
        if work_type:
            papers = [p for p in papers if p.work_type == work_type]
        if position or surname:
            return [p for p in papers if holds_position(p, position, person, surname) != negated]
        if person and person != self.corpus.principal:
            key = person.casefold()
            return [p for p in papers if any(a.casefold() == key for a in p.authors)]
        return papers

    def asked_of_selection(
        self,
        question: str,
        f: Filters,
        span,
        scope: str,
        person,
        position,
        surname,
        venues,
        work_type=None,
        left_out: list[str] = (),
        categories=(),
    ) -> tuple[list[str], str] | None:
        """A selection and the operation asked of it: the papers the slots select (less those the question names to
        leave out), picked by date when the question picks one ("which of the two is newer"), and the route that
        answers it (a fact of the paper picked or described, or the earliest/latest of the selection); None when the
        question lists or counts the selection."""
        if self.joint_paper(question, [], []):
            return None  # "the first author of her 2023 arXiv preprint also led …": a joint paper, reached in steps
        picked = self.selected(
            f, span, scope, person, position, surname, venues, phrases.position_negated(question), work_type, categories
        )
        picked = [p for p in picked if p.id not in left_out]
        if position is not None:
            # every position said holds, not the first one read ("the one where she is first author and he is the
            # last author": Petrov last too)
            picked = [p for p in picked if admit_all(p, self.person_constraints(question))]
        if not picked:
            return None
        by_date = phrases.date_pick(question)
        if by_date and len(picked) >= 2:
            pick, more = by_date
            if not more:
                if not (position or surname or venues or work_type or categories):
                    return None  # "the newest of his papers with X": the co-author list's own extreme (the planner's)
                return [p.id for p in picked], pick  # "which of them is newer?": the extreme of the selection
            if ends := dated.extreme(picked, latest=pick == "latest"):
                return [ends.paper.id], "fact"
        if len(picked) >= 2 and (one := self.described_one(question, picked)):
            return [one], "fact"  # "of the papers with X as first author, take the mixture-of-experts one: …"
        if asks_of_selection(question) and len(picked) <= SELECTED_MAX:
            return [p.id for p in picked], "fact"
        return None

    def picked_then_asked(self, question: str, pick: str, f: Filters, span, scope: str) -> tuple[str, str] | None:
        """The paper a question picks by date before asking something of it ("What's his oldest paper in the
        collection and what did it optimize?"), and what it asks: the earliest or latest of the papers in scope, on
        the topic the picking words name when a paper is on it ("his newest stencil paper"); None when nothing more
        is asked."""
        split = phrases.picked_then_asked(question)
        if split is None:
            return None
        topic = self._topic(self._without_people(self._strip_slots(split[0])))
        picked = self.picked_by_date(pick, f, span, scope, topic, phrases.work_type_of_one(split[0]))
        return (picked, split[1]) if picked else None

    def dated_then_asked(self, question: str, f: Filters, span, scope: str) -> tuple[str, str] | None:
        """ "What did she publish two years after that about SAR incidence angles, and what slope did it estimate?":
        the only paper in the dates on the first clause's topic, and the clause asked of it; None otherwise."""
        said, *then = phrases.THEN_ASKS.split(question, maxsplit=1) if span else ("",)
        topic = self._topic(self._without_people(self._strip_slots(said))) if then else ""
        on = self.corpus.topics.papers_on(topic, self._pool(f, span, scope)) if topic else []
        return (on[0].paper.id, then[0]) if len(on) == 1 else None

    def picked_by_date(
        self, pick: str, f: Filters, span, scope: str, topic: str = "", work_type: str | None = None
    ) -> str | None:
        """The earliest or latest dated paper in scope (of the kind of work, on the topic when a paper is on it)."""
        pool = [p for p in self._pool(f, span, scope) if p.date]
        if f.coauthor:
            pool = [p for p in pool if any(a.casefold() == f.coauthor.casefold() for a in p.authors)]
        if work_type:  # "her most recent journal article": of that kind
            pool = [p for p in pool if p.work_type == work_type]
        if topic and (on := self.corpus.topics.papers_on(topic, pool)):
            pool = [sp.paper for sp in on]
        ends = dated.extreme(pool, latest=pick != "earliest")
        return ends.paper.id if ends else None

    def dated_against(self, question: str, named: list[str], f: Filters, scope: str) -> str | None:
        """The one paper a question places before or after the paper it names and describes by topic ("His 2022
        Sunway work simulated … Which later paper of his also tackles quantum many-body chemistry, and where …?"):
        the only paper in scope dated after (or before) the named one on the clause's topic; None otherwise. `f` is
        the caller's filters, not the question's dates: "his 2022 Sunway work" dates the named paper only."""
        placed = phrases.than_the_named(question)
        anchor = self.corpus.by_id.get(named[0]) if len(named) == 1 else None
        if placed is None or anchor is None or not anchor.date:
            return None
        direction, clause = placed
        words = " ".join(self._content(self._without_paper(clause, anchor.id)))
        if not words:
            return None
        pool = [
            p
            for p in self._pool(f, None, scope)
            if p.date and p.id != anchor.id and (p.date > anchor.date if direction > 0 else p.date < anchor.date)
        ]
        on = self.corpus.topics.papers_on(words, pool)
        if on:
            return on[0].paper.id if len(on) == 1 else None
        ids = {p.id for p in pool}  # no paper's own text holds the words: the clear lead of a search among them
        return self._clear_lead(words, lambda p: p.id in ids)

    def one_dated(self, question: str, span, f: Filters, scope: str) -> str | None:
        """The one paper a question describes by its year ("His 2019 benchmark paper says it belongs to a bigger
        effort. What is that project called?") and asks something of: the only paper in the span on the words
        before the paper noun (or the only paper in the span when there are none); None when the description fits
        none or several, or the question asks which papers."""
        m = phrases.ONE_DATED.search(question)
        if not m or span is None or span.relative is not None or not asks_of_selection(question):
            return None
        pool = self._pool(f, span, scope)
        words = " ".join(self._content(m.group("w")))
        if words:
            pool = [sp.paper for sp in self.corpus.topics.papers_on(words, pool)]
        return pool[0].id if len(pool) == 1 else None

    def picked_by_table(self, question, route, named, focus, f: Filters, span, scope, filters: Filters):
        """The one paper the table picks for a question that asks something of it, with the route of that ask and
        whether a named paper only dated it: by date ("his oldest paper … and what did it optimize?"), by year and
        description ("his 2019 benchmark paper …"), placed against the paper named ("which later paper of his also
        tackles X, and where …?"), or reached by a path; with the clause asked when the question splits; or None."""
        if joint := self.joint_paper(question, named, focus):
            # "their earlier joint paper": the anchor and the person only found it; the clause after it is asked
            return joint, "fact", True, phrases.asked_after(question, phrases.joint_placed(question).span[1])
        # "the other paper X is on", "same journal", "accepted to SC'25 after ISCA'25" (a listing's comment)
        paths = (self.person_path, self.team_path, self.venue_path, self.dated_path, self.noted_path, self.hop_path)
        for path in paths:
            if through := path(question, named, focus, span):
                return through
        if route in ONE_PAPERS and (later := self.placed_by_meaning(question, named, focus)):
            # "Which later paper of his also tackles X, and where …?": described among the papers after the anchor
            return later, "fact", True, phrases.asked_after(question, phrases.placed_described(question).span[1])
        asked = (phrases.THEN_ASKS.split(question, maxsplit=1)[1:] or [""])[0]
        if not (named or focus):
            # "her newest paper, and what is it?", "the oldest preprint in his arXiv listing, and which …?": by date
            if route in _DATE_PICKED and phrases.picked_then_asked(question) and not _FIRST_OR_LAST.search(question):
                route = phrases.date_extreme(question) or route
            if route in ("earliest", "latest"):
                if then := self.picked_then_asked(question, route, f, span, scope):
                    return then[0], self.asked_route(then[1]), False, ""
                then = self.dated_then_asked(question, f, span, scope)
                return (then[0], self.asked_route(then[1]), False, then[1]) if then else None
            picked = self.one_dated(question, span, f, scope)
            return (picked, "fact", False, "") if picked else self.dated_then_it(asked, f, span, scope)
        placed = self.dated_against(question, named, filters, scope)
        return (placed, "fact", True, asked) if placed else None

    def one_picked(self, question: str, among: list[str]) -> tuple[str, str] | None:
        """The one paper of several pointed back to that "which one says X, and which algorithms did it study?" picks
        by what it says (X), and what the question goes on to ask of it ("which algorithms did it study?"); None when
        it asks only which one (the which_of answer) or X fits two papers alike."""
        m = phrases.WHICH_PICKS.search(question)
        if not m or len(among) < 2:
            return None
        said, *then = phrases.THEN_ASKS.split(question[m.end() :], maxsplit=1)
        words = " ".join(self._content(said))
        if not then or not words:
            return None
        pick = correction.picked(self.corpus, list(dict.fromkeys(among)), said, words)
        return (pick, then[0]) if pick else None

    def extreme_of(self, question: str, among: list[str]) -> tuple[str, str] | None:
        """The paper "which of those is newer, and how much does it cut the cost?" picks by date among the papers
        pointed back to, and what is asked of it; None when nothing more is asked or two share the date."""
        by_date, split = phrases.date_pick(question), phrases.picked_then_asked(question)
        if not by_date or not split:
            return None
        pool = [self.corpus.by_id[i] for i in among if i in self.corpus.by_id and self.corpus.by_id[i].date]
        return self._extreme(pool, by_date[0], split[1]) if len(pool) >= 2 else None

    def asked_route(self, asked: str) -> str:
        """The route of what is asked of a paper once it is picked: its date, authors or arXiv id from the table
        ("… and when did it come out?"), else a fact of its text."""
        route = classify(asked, self.corpus.principal).route
        dated = phrases.asked_fields(asked)[:1] == ("date",)  # "…, and what is that date?": the field by its noun
        return route if route in PAPER_FIELDS else "when" if dated else "fact"

    @staticmethod
    def _extreme(pool, pick: str, asked: str) -> tuple[str, str] | None:
        """The earliest or latest paper of a pool (None on a tie in dates), and what is asked of it."""
        ends = dated.extreme(pool, latest=pick == "latest")
        return (ends.paper.id, asked) if ends and len(ends.tied) == 1 else None

    def described_besides(self, question: str, besides: str, by_name: bool) -> str | None:
        """The one other paper a question describes beside the one it names or selects ("how many years separate her
        PhD thesis from the polar SAR foundation model preprint?"): the clear lead of a search for its words."""
        text = phrases.INCLUDED_TYPE.sub(" ", phrases.without_work_type(phrases.ELAPSED.sub(" ", question)))
        own = set()
        if by_name and (paper := self.corpus.by_id.get(besides)):
            own = {w.casefold() for w in self._content(paper.label)}
        words = " ".join(w for w in self._content(text) if w.casefold() not in own)
        # One word describes a paper when it is a rare corpus term ("his MiniFE paper"); else two are needed.
        rare = [
            t
            for t, w in self.corpus.qterms(words).weights.items()
            if w >= RARE_IDF and self.corpus.retriever.lexical.knows(t)
        ]
        if len(words.split()) < 2 and not rare:
            return None
        return self._clear_lead(words, lambda p: p.id != besides)

    def _clear_lead(self, words: str, admits) -> str | None:
        """The paper a search for the words finds clearly first among those `admits` lets in: the only relevant one,
        or one ahead of the next by the evidence step's lead margin."""
        hits = self.corpus.retriever.search(words, Filters(), k=5)
        good = [
            (h, cov)
            for h, cov in relevant(hits, self.corpus.qterms(words), self.corpus.settings.relevance_threshold)
            if admits(h.paper)
        ]
        if not good:
            return None
        strength = [h.dense + COVERAGE_WEIGHT * cov for h, cov in good]
        if len(good) == 1 or strength[0] >= strength[1] + TARGET_LEAD:
            return good[0][0].paper.id
        return None

    def _without_paper(self, text: str, pid: str) -> str:
        """The text without the names it gives one paper, or the description it gives it ("the graph coloring
        paper"): a nested reference's anchor is no topic."""
        for r in sorted(self.resolver.described(text), key=lambda r: -r.span[0]):
            if r.paper == pid:
                text = text[: r.span[0]] + " " + text[r.span[1] :]
        low = text.casefold()
        for nm in sorted((n for n, i in self.corpus.names.items() if i == pid and n in low), key=len, reverse=True):
            at = low.find(nm)
            text, low = text[:at] + " " + text[at + len(nm) :], low[:at] + " " + low[at + len(nm) :]
        return text

    def fields_asked(
        self, question: str, stripped: str, fields: tuple[str, ...], route: str, meta, named, focus
    ) -> tuple[str, str, str] | None:
        """The route, subject and topic of a question asking metadata fields of one paper, or None: a paper to read
        them of (named, pointed to or described; "the profile's citations" names none), and a route about one paper
        (or a table route a word of the description drew)."""
        described = " ".join(self._content(phrases.without_fields(stripped))) if fields else ""
        if not fields or not (named or focus or described):
            return None
        if not (named or focus) and stated_by_record(fields[0], self.corpus.profile):
            # "How many citations does the profile credit him with?": a word that describes no paper ("credit")
            # leaves the author's record, which states the figure, as what is asked
            if not self.corpus.topics.papers_on(described, self.corpus.papers, scored=False):
                return None
        if (
            route in ONE_PAPERS
            or (meta == "metrics" and fields[0] == "citations")
            or (route in TABLE_FIELDS and (named or focus or ONE_SELECTED.search(question)))
        ):
            return phrases.FIELD_ROUTES[fields[0]], described, ""
        return None

    def quantity_asked(self, question: str, f: Filters, span, scope: str) -> phrases.Extreme | None:
        """The superlative of a quantity a question asks for, its noun as the papers in scope report it: the first
        word of the question's noun phrase they give figures of ("the biggest model size handled": size, i.e.
        parameters), else the phrase's own noun (the answer then says none states it); None for an untrusted
        superlative none reports ("the strongest claim": no quantity asked)."""
        if (extreme := phrases.quantity_extreme(question)) is None:
            return None
        papers = self._in_scope(f.model_copy(update={"author_only": True if scope == "author" else None}), span)
        if scope == "others":
            papers = [p for p in papers if not p.is_author_work]
        found = extreme.heads and furthest_noun(extreme.heads, papers, extreme.direction, question)
        found = found or asked_noun(extreme.words or (extreme.noun,), papers, question)
        if not (found or extreme.trusted):
            return None
        return replace(extreme, noun=found or extreme.noun)

    def most_cited(self, question: str) -> list[str]:
        """The author's paper with the highest citation count a source states, when the question picks its paper so
        ("her most cited paper"); none when no source counts them."""
        if not phrases.most_cited_named(question):
            return []
        counted = [p for p in self.corpus.authors_papers if p.cited_by]
        top = max(counted, key=lambda p: max(p.cited_by.values()), default=None)
        return [top.id] if top else []
