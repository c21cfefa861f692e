"""Slots of a question read against the paper table: the papers it names or describes, the people, the dates
(anchored in the conversation when relative), the topic words, the masked form the router reads. Nothing here
decides the route: the Planner (planner.py), which reads these slots, does."""

from __future__ import annotations

import re

from assistant.answer.corpus import Corpus
from assistant.answer.evidence import topics
from assistant.answer.evidence.across import asked_kind, mentions
from assistant.answer.evidence.weigh import vocabulary
from assistant.answer.plan import correction, counted_dates, phrases, topic_scope
from assistant.answer.plan.continued import said_elsewhere
from assistant.answer.plan.conversation import (
    ANAPHORA,
    cited_papers,
    earlier_papers,
    find_bounded,
    follow_up,
    fuzzy_names,
    mentioned,
    previous_answer,
)
from assistant.answer.plan.corrected import CorrectionReader
from assistant.answer.plan.hop import HopPath
from assistant.answer.plan.intents import mentions_author, topic_words
from assistant.answer.plan.joint import JointReader
from assistant.answer.plan.noted import NotedReader
from assistant.answer.plan.pairs import PairReader
from assistant.answer.plan.people_paths import PeoplePaths
from assistant.answer.plan.person_slots import PeopleReader
from assistant.answer.plan.phrases.negated_dates import read_negated
from assistant.answer.plan.phrases.reference import AMONG_SHOWN, introduced, references
from assistant.answer.plan.placed import PlacedReader
from assistant.answer.plan.relative import RelativeReader
from assistant.answer.plan.resolver import Resolver
from assistant.answer.plan.selection import RARE_IDF, Selection
from assistant.answer.plan.table_fields import TableFieldReader
from assistant.answer.plan.two_asks import TwoAsks
from assistant.index.bm25 import terms, variants
from assistant.models import Filters, Message, Paper

_WORD = re.compile(r"\w")
# A question continues the previous answer's paper when this share of its content words (and two at least) are that
# paper's own and it speaks of "the …" something: "the cost reductions" (2 of 3) after an answer about the paper.
OWN_SHARE = 0.66
# After an answer about exactly one paper, half its content words (one at least) are enough.
ONE_SHARE = 0.5
_DEFINITE = re.compile(r"\bthe\s+(?!(?:author|corpus|researcher)\b)\w", re.I)
# A pick the question says is among the papers shown ("which of those is the small-matrix-multiplication one?"): the
# shown paper whose best sentence is at least PICK_FLOOR close and leads the next shown paper's by PICK_LEAD. The
# user has said the paper is one of them, so the lead among them decides, not the corpus-wide floor (pairs.MEANT).
PICK_FLOOR = 0.3
PICK_LEAD = 0.08


class SlotReader(
    CorrectionReader,
    PeopleReader,
    PeoplePaths,
    Selection,
    PairReader,
    JointReader,
    PlacedReader,
    NotedReader,
    TableFieldReader,
    RelativeReader,
    TwoAsks,
    HopPath,
):
    """Reads a question's slots against the corpus (the table's names, people and papers)."""

    def __init__(self, corpus: Corpus):
        self.corpus = corpus

    def _resolve_paper(self, name: str) -> list[str]:
        """The ids of the papers a name the model gave matches (exactly one is a paper)."""
        key = name.strip().casefold()
        if key in self.corpus.by_title:
            return [self.corpus.by_title[key]]
        return self.named_in(name)

    def across_asked(self, question, intent, scope, negation, named, focus, f, span) -> str:
        """The kind a question asks named across the author's papers ("Which GPUs did he use?"), when any of them
        names it; "" otherwise."""
        if intent.route not in ("fact", "list") or scope != "author" or not intent.about_author or negation:
            return ""
        kind = asked_kind(question, named, focus)
        return kind if kind and mentions(kind, [p for p in self._in_scope(f, span) if p.is_author_work]) else ""

    def named_in(self, question: str, described: bool = True) -> list[str]:
        """Papers the question names: exactly, or written without spaces/hyphens or with one typo ("dyna train"),
        and those it describes by a fragment of their title, an acronym of a title phrase or their title words ("the
        Dataset Matters paper", "the FNO emulator": plan/resolver.py), in the order the question gives them."""
        found = mentioned(question, self.corpus.name_words) or fuzzy_names(
            question, self.corpus.squashed, self.corpus.retriever.lexical, self.corpus.deletions
        )
        return self.with_described(question, found) if described else found

    def set_aside_in(self, question: str) -> list[str]:
        """The papers a question sets aside, named ("the one that isn't MoQE") or described ("leaving aside the one
        about leads")."""
        named = self.resolver.set_aside(question, self.named_in(question, described=False))
        return [*named, *(r.paper for r in self.resolver.described(question) if r.aside and r.paper not in named)]

    def with_described(self, question: str, found: list[str], history: list[Message] = ()) -> list[str]:
        """The papers named, and those the question describes (not those it sets aside), in the question's order;
        a description in a conversation is read among the papers earlier answers showed first."""
        # A correction or "the other one" means a paper the answers did not lead with: no preference for those shown
        # ("beat the other BLAS libraries" is no such pick: "other" must point at a paper)
        other = (
            phrases.CORRECTION.search(question)
            or phrases.THE_OTHER.search(question)
            or re.search(r"\b(?:his|her|their|its|an|any|one) other\b", question, re.I)
        )
        shown = earlier_papers(list(history), self.corpus.by_title) if history and not other else []
        among = bool(shown) and bool(AMONG_SHOWN.search(question))
        if among and phrases.WHICH_SEVERAL.search(question):
            return found  # "which of those are set in the Arctic?": every one shown that fits, none picked here
        described = [
            r
            for r in self.resolver.described(question, shown, self._picked_among if among else self._meant_among)
            if r.paper not in found and not r.aside
        ]
        if not described:
            # "which of those is …": a paper of those shown or none, never one the answers did not show
            return found or ([] if among else self.introduced(question))
        low = question.casefold()
        at = {
            pid: min(
                (i for nm in self.resolver.names_of(pid) if nm in low and (i := find_bounded(low, nm)) >= 0),
                default=len(low),
            )
            for pid in found
        }
        at.update({r.paper: r.span[0] for r in described if r.paper not in at})
        return sorted(at, key=lambda pid: at[pid])

    def _meant_among(self, text: str, papers: list) -> str | None:
        """The paper of those given whose sentences a description fits clearly best (pairs.by_meaning), or None."""
        ids = {p.id for p in papers}
        return self.by_meaning(text, lambda p: p.id in ids) if text.strip() else None

    def _picked_among(self, text: str, papers: list) -> str | None:
        """The paper of those shown the question picks by a description: the one whose best sentence leads the other
        shown papers' by PICK_LEAD (and is PICK_FLOOR close), else the corpus-wide reading (_meant_among)."""
        if not text.strip() or len(papers) < 2:
            return self._meant_among(text, papers)
        best = sorted(
            ((score, pid) for pid, (score, _) in self.corpus.sentences.best(text, papers).items()), reverse=True
        )
        if len(best) >= 2 and best[0][0] >= PICK_FLOOR and best[0][0] - best[1][0] >= PICK_LEAD:
            return best[0][1]
        return self._meant_among(text, papers)

    def followed(self, question: str, history: list[Message]) -> tuple[str, list[str]]:
        """(retrieval query, papers pointed back to) of a question in a conversation (conversation.follow_up), and of
        one that points back only by a definite noun the previous answer's paper gives ("which two models were the
        cost reductions reported on?" after an answer about a paper that reports them): its content words mostly that
        paper's own."""
        query, focus = follow_up(question, history, self.corpus.name_words)
        if focus or not history or phrases.LIST_FORM.search(question):
            return query, focus
        shown = cited_papers(previous_answer(history), self.corpus.by_title)
        # An answer about one paper (the turn selected it): a question of details ("How many scenes, and from which
        # region?") continues it when half its content words are the paper's own, with no "the …" needed.
        one = len(shown) == 1
        if not (one or _DEFINITE.search(question)):
            return query, focus
        lead = shown[:1]
        words = [t for w in self._content(question) for t in terms(w)]
        if not lead or len(words) < (1 if one else 2):
            return query, focus
        own = vocabulary(" ".join(topics.texts_of(self.corpus.by_id[lead[0]])))
        least = max(1, ONE_SHARE * len(words)) if one else max(2, OWN_SHARE * len(words))
        if sum(bool(variants(t) & own) for t in words) < least:
            return query, focus
        last = next(m.content for m in reversed(history) if m.role == "user")
        return f"{question} {last}", lead

    def introduced(self, question: str) -> list[str]:
        """The paper one sentence introduces by what it does and a later one points back to ("… one paper uses the
        MoE idea for quantized inference instead. Which image dataset does that paper evaluate on?"): the author's
        paper whose sentences come clearly closest in meaning (pairs.by_meaning), else none."""
        said = introduced(question)
        pid = self.by_meaning(said[0], lambda p: p.is_author_work) if said else None
        return [pid] if pid else []

    def described_within(self, question: str, span, pointed: list[str]) -> list[str]:
        """The paper a reference of the question describes among the papers within dates counted from the
        conversation ("and the AI-HPC benchmark he co-authored the year after that": of that year's papers, the one
        whose title holds "AI-HPC benchmark"), the author's first; not the paper the dates were counted from."""
        pool = [p for p in self.corpus.papers if span.admits(p)]
        for ref in references(question):
            for papers in ([p for p in pool if p.is_author_work], pool):
                if ref.words and (pid := self.resolver.best(list(ref.words), papers)) and pid not in pointed:
                    return [pid]
        return []

    def described_notes(self, question: str, used: list[str]) -> list[str]:
        """For --explain: each description the plan read as a paper ("the Dataset Matters paper" -> its title)."""
        return [
            f"described: “{question[r.span[0] : r.span[1]]}” read as {self._label(r.paper)}"
            + (", set aside" if r.aside else "")
            for r in self.resolver.described(question)
            if r.paper in used or r.aside
        ]

    @property
    def resolver(self) -> Resolver:
        """The corpus's paper resolver (made on first use: the Planner is built once per corpus)."""
        if getattr(self, "_resolver", None) is None or self._resolver.papers is not self.corpus.papers:
            self._resolver = Resolver(
                self.corpus.papers,
                self.corpus.names,
                self.corpus.principal,
                self.corpus.topics.terms,
                self.corpus.title_index,
            )
        return self._resolver

    def _author_of(self, pid: str, question: str) -> str | None:
        """The author of a paper at the position the question names ("the first author of CALM"), if listed."""
        pos = phrases.position(question) or 1
        authors = self.corpus.by_id[pid].authors
        if not authors or (pos == -1 and self.corpus.by_id[pid].authors_truncated):
            return None
        if pos == -1:
            return authors[-1]
        return authors[pos - 1] if len(authors) >= pos else None

    def names_the_author(self, question: str) -> bool:
        """The question points to the author (the name, a pronoun, or the surname alone when no co-author shares
        it: "with Tanaka as first author") and does not leave the author out."""
        if phrases.excludes_author(question):
            return False
        parts = self.corpus.principal.split() or [""]
        first, last = parts[0][:1].casefold(), parts[-1].casefold()

        def other(p: str) -> bool:  # a co-author sharing the surname ("K. Tanaka" is the author's own initial)
            words = p.split()
            return words[-1].casefold() == last and words[0][:1].casefold() != first

        alone = last and not any(other(p) for p in self.corpus.people)
        return mentions_author(question, self.corpus.principal) or bool(
            alone and find_bounded(question.casefold(), last, _WORD) >= 0
        )

    def _in_scope(self, f: Filters, span) -> list[Paper]:
        """The papers the filters and the dates admit (a paper dated too coarsely for a span of months is not)."""
        return [p for p in self.corpus.admitted(f) if not (span and span.by_month and not span.admits(p))]

    def _describes_one_paper(
        self, question: str, topic: str, f: Filters, span, scope: str, said: str = "", summary: bool = False
    ) -> bool:
        """A list "topic" that is really a description of one paper ("the theory work on when slotting an extra layer
        …"): long (the question's leftover words, `said`, before its content was told apart) or singular, not asking
        whether papers exist, and no paper in scope (nor, for the author's, a paper of another group) is on it. A
        summary asked of papers ("an overview of his work on X", `summary`) is one when X's meaning as a whole leads
        to none (TopicReader.led_by_meaning); else it is the topic's summary."""
        if not topic:
            return False
        singular = re.search(
            r"\b(the|this|that|his|her|their|author['’]s|[A-Z]\w+['’]s) (\w+[- ])?(paper|work|"
            r"study|method|system|framework|library|algorithm)\b(?! on\b)",
            question,
        )
        if not (len((said or topic).split()) >= 7 or singular) or phrases.ASKS_EXISTENCE.match(question):
            return False
        pool = self._in_scope(f.model_copy(update={"author_only": True if scope == "author" else None}), span)
        if scope == "others":
            pool = [p for p in pool if not p.is_author_work]
        if self.corpus.topics.papers_on(topic, pool):
            return False
        if summary and self.topics.led_by_meaning(said or topic, pool):
            return False
        if scope != "author":
            return True
        others = [p for p in self._in_scope(f.model_copy(update={"author_only": None}), span) if not p.is_author_work]
        return not any(topics.strongly_on(sp) for sp in self.corpus.topics.papers_on(topic, others))

    def _pool(self, f: Filters, span, scope: str) -> list[Paper]:
        """The papers a topic is looked for among: the scope's (the author's, others', all) within the filters."""
        pool = self._in_scope(f.model_copy(update={"author_only": True if scope == "author" else None}), span)
        return [p for p in pool if not p.is_author_work] if scope == "others" else pool

    def _content(self, text: str) -> list[str]:
        """The words of a text that could name a topic: not structure, not people, not the author."""
        return topic_words(self._without_people(text), self.corpus.principal)

    def _dates(self, question: str, history: list[Message], focus: list[str]) -> tuple[phrases.DateSpan | None, bool]:
        """The dates asked for, and whether they were counted from a paper pointed back to (counted_dates.py)."""
        span = read_negated(question, phrases.dates(question))  # "not from 2023": the months outside it
        if span is not None and phrases.in_reported_claim(question, span):
            return None, False
        aside = phrases.NOT_THE_ONE.search(question)
        if (
            span is not None
            and aside
            and span.said
            and all(aside.start() <= a and b <= aside.end() for a, b in span.said)
        ):
            return None, False  # "not the 2019 charting one": the year tells the paper set aside, it filters nothing
        if span is None or span.relative is None:
            return span, False
        lead = self._dates_lead(history, focus)
        return counted_dates.resolved(span, history, self.corpus.by_id.get(lead) if lead else None)

    def _dates_lead(self, history: list[Message], focus: list[str]) -> str | None:
        """The paper dates said relative to the conversation are counted from: the one pointed back to, else the
        one the previous answer led with."""
        lead = focus or cited_papers(previous_answer(history), self.corpus.by_title)
        return lead[0] if lead else None

    def _topic(self, text: str) -> str:
        """The topic words of a question, alternatives kept apart ("stereo matching or multi-view stereo")."""
        text = re.sub(
            r"(?i)\b(how many|number of|count|list|name|enumerate|show)\b", " ", topic_scope.as_alternatives(text)
        )
        parts = [" ".join(topic_words(part, self.corpus.principal)) for part in re.split(r"(?i)\bor\b", text)]
        return " or ".join(p for p in parts if p)

    def _mask(self, question: str) -> str:
        """Names of papers and people and years replaced by placeholders: the router reads the form."""
        out = question
        for m in reversed(self.people_in(question)):  # people from the author index, in any case or spelling
            who = "the author" if m.name == self.corpus.principal else "Jane Doe"
            out = out[: m.start] + who + out[m.end :]
        low = out.casefold()
        # A name masked leaves "X" and a person "Jane Doe": the only words the masking writes in.
        names = self.corpus.name_words.among(low, also=("x",))
        for nm in sorted((n for n in names if len(n) >= 3 and n in low), key=len, reverse=True):
            i = find_bounded(out.casefold(), nm)
            if i >= 0:
                out = out[:i] + "X" + out[i + len(nm) :]
        for person in self.corpus.people_words.among(out, also=("jane", "doe")):
            if person.casefold() in out.casefold():
                i = find_bounded(out.casefold(), person.casefold(), _WORD)
                if i >= 0:
                    out = out[:i] + "Jane Doe" + out[i + len(person) :]
        out = re.sub(re.escape(self.corpus.principal), "the author", out, flags=re.I)
        return re.sub(r"\b(?:19|20)\d{2}\b", "2019", out)

    def _names_own_subject(self, question: str, focus: list[str]) -> bool:
        """A question with no word pointing back ("it", "those") that uses a rare corpus term the papers in focus
        never use names a new subject: it is not a follow-up."""
        if ANAPHORA.search(question):
            return False
        from assistant.answer.evidence.topics import texts_of

        focus_vocab = set().union(
            *(vocabulary(" ".join(texts_of(self.corpus.by_id[i]))) for i in focus if i in self.corpus.by_id)
        )
        rare = [
            t
            for t, w in self.corpus.qterms(question).weights.items()
            if w >= RARE_IDF and self.corpus.retriever.lexical.knows(t)
        ]
        return any(not (variants(t) & focus_vocab) for t in rare) and said_elsewhere(self.corpus, question, focus)

    def out_of_scope(self, focus: list[str], scope: str) -> bool:
        """The papers the conversation is on are all the author's and the turn asks of other groups' papers only
        ("There's also a buoy paper in the library that she isn't an author of. How much did …?"): the turn is not
        about them."""
        papers = [self.corpus.by_id[i] for i in focus if i in self.corpus.by_id]
        return scope == "others" and bool(papers) and all(p.is_author_work for p in papers)

    def _relatives(self, history: list[Message]) -> list[str]:
        """The papers earlier answers showed (the most recent first), then those the previous question retrieves, best
        first; of the same side (the author's or others') as the first paper the previous answer showed."""
        shown = cited_papers(previous_answer(history), self.corpus.by_title)
        side = self.corpus.by_id[shown[0]].is_author_work if shown else None
        pool = [*earlier_papers(history, self.corpus.by_title), *correction.relatives(self.corpus, history, "")]
        return [i for i in dict.fromkeys(pool) if self.corpus.by_id[i].is_author_work == side]

    def _date(self, pid: str) -> str:
        return self.corpus.by_id[pid].date or ""

    def _label(self, pid: str) -> str:
        p = self.corpus.by_id.get(pid)
        return f"{p.label} ({p.year or ''})" if p else ""

    def _names_only(self, question: str, named: list[str]) -> bool:
        """Besides the paper's name, at most two content words ("What is MoQE?", "Summarize X's method")."""
        rest = set(topic_words(question, self.corpus.principal)) - {
            w for pid in named[:1] for w in topic_words(self.corpus.by_id[pid].label)
        }
        return len([w for w in rest if w.casefold() not in self.corpus.names]) <= 2
