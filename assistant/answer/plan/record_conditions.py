"""Conditions on a paper's record, not on its topic: the kind of work it is and the words of its venue's name, each
read from the values the table holds and negated where the question negates it. A registry maps each field to how a
paper holds it; the conditions of a question compose by intersection (two values of one field are alternatives)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

from assistant.answer.plan import phrases
from assistant.answer.plan.phrases import record
from assistant.answer.plan.phrases.governs import governed
from assistant.answer.plan.work_kinds import KIND_SAID, kind_of
from assistant.models import Paper
from assistant.text import without_spans

_WORD = re.compile(r"[A-Za-z][\w&'’.]*[\w&]|[A-Za-z]")  # no hyphen: "non-IEEE" holds "IEEE"


def venue_words(venue: str | None) -> set[str]:
    """The words of a venue's name, case-folded ("IEEE Geoscience and Remote Sensing Letters" -> {"ieee", ...})."""
    return {w.casefold() for w in _WORD.findall(venue or "")}


def names_a_source(name: str) -> bool:
    """A venue that names where a preprint is posted, not where a paper appeared ("arXiv", "arXiv.org", "CoRR")."""
    return name.casefold().startswith("arxiv") or name.casefold() == "corr"


def _kind_holds(paper: Paper, kind: str) -> bool:
    return paper.work_type == kind or kind_of(paper) == kind


def _source_holds(paper: Paper, source: str) -> bool:
    return phrases.in_source(paper, source)


def _venue_holds(paper: Paper, words: str) -> bool:
    return set(words.split()) <= venue_words(paper.venue)


@dataclass(frozen=True)
class Field:
    """A field of the record a condition reads: whether a paper holds a value, and how an answer says the value."""

    holds: Callable[[Paper, str], bool]
    said: Callable[[str], str]


FIELDS: dict[str, Field] = {
    "kind": Field(_kind_holds, lambda v: KIND_SAID.get(v, v + "s")),
    "venue": Field(_venue_holds, lambda v: f"in a venue named {v.upper() if len(v) <= 5 else v.title()}"),
    "source": Field(_source_holds, lambda v: "on arXiv" if v == "arxiv" else f"in {v}"),
}


@dataclass(frozen=True)
class Condition:
    field: str  # a key of FIELDS
    value: str  # a kind of work, or venue-name words as the table spells them (case-folded)
    negated: bool
    span: tuple[int, int]  # the words of the question that say it, negation included

    def phrase(self) -> str:
        said = FIELDS[self.field].said(self.value)
        if self.field == "kind":
            return f"{'not ' if self.negated else ''}{said}"
        return f"not {said}" if self.negated else said


@dataclass(frozen=True)
class Conditions:
    """A question's record conditions: a paper passes when it holds no negated value and, per field with positive
    values, one of them."""

    items: tuple[Condition, ...] = ()

    def admits(self, paper: Paper) -> bool:
        positive: dict[str, bool] = {}
        for c in self.items:
            holds = FIELDS[c.field].holds(paper, c.value)
            if c.negated and holds:
                return False
            if not c.negated:
                positive[c.field] = positive.get(c.field, False) or holds
        return all(positive.values())

    def kind(self) -> str | None:
        """The one kind of work the conditions select, if they name exactly one positively."""
        kinds = {c.value for c in self.items if c.field == "kind" and not c.negated}
        return next(iter(kinds)) if len(kinds) == 1 else None

    def beyond_kind(self) -> bool:
        """A condition on a field other than the kind of work (a source, a venue's words): a count of the collection by
        kind does not read it, a count over the table does."""
        return any(c.field != "kind" for c in self.items)

    def negates(self, kind: str | None) -> bool:
        return any(c.field == "kind" and c.negated and c.value == kind for c in self.items)

    def without(self, question: str) -> str:
        """The question without the words that say the conditions (their topic is none). Two conditions can be
        said by overlapping words ("no conference or workshop papers": both kinds from "no"): `without_spans` cuts
        their union."""
        return without_spans(question, (c.span for c in self.items))

    def phrase(self) -> str:
        # a condition said twice ("no conference or workshop papers": a workshop paper is a conference paper) once
        return "".join(f", {said}" for said in dict.fromkeys(c.phrase() for c in self.items))

    def explain(self) -> list[str]:
        return [f"{c.field} {'not ' if c.negated else ''}{c.value}" for c in self.items]


class RecordConditionReader:
    """Reads the record conditions a question states, against the table's venues and words (a mixin of SlotReader:
    needs `self.corpus`)."""

    @cached_property
    def venue_vocabulary(self) -> set[str]:
        """The words of the table's venue names that name a venue, not a kind of work nor arXiv (a source)."""
        kind_words = {w.casefold() for p in record.KIND_NOUNS.values() for w in re.findall(r"[a-z]+", p.pattern)}
        words = set().union(*(venue_words(v) for v in self.corpus.venues)) if self.corpus.venues else set()
        return {w for w in words if len(w) >= 3 and w not in kind_words and not names_a_source(w)}

    def record_conditions(self, question: str, venue_said: str = "") -> Conditions:
        """The kinds of work and venue words the question names as conditions, negated where it negates them; words
        inside a venue the question names in full (`venue_said`) are that venue's."""
        inside = self._span_of(question, venue_said)
        said = [("kind", *k) for k in record.values_said(question, record.KIND_NOUNS)]
        said += [
            ("source", *s)
            for s in record.values_said(question, record.SOURCE_NOUNS)
            if not any(k[2][0] < s[1][1] and s[1][0] < k[2][1] for k in said)  # "only on arXiv": a kind
        ]
        venues = self._venue_words_said(question, inside)
        said += [("venue", *v) for v in venues]
        items: list[Condition] = []
        used: set[int] = set()  # where the negations already spent start
        for field, value, span in sorted(said, key=lambda s: (s[2][0], s[0] != "venue")):
            if inside and inside[0] <= span[0] < inside[1]:
                continue
            negated, start = governed(question, span[0])
            if field != "venue" and any(a <= span[0] < b for _, (a, b) in venues):
                negated, start = False, span[0]  # "not in IEEE journals": the negation is the venue's, the kind stays
            elif items and record.JOINED.match(question[items[-1].span[1] : span[0]]):
                negated = items[-1].negated  # "not in a journal or conference": one negation governs both
            elif negated and start in used:
                negated, start = False, span[0]  # "non-IEEE journal papers": the negation went to "IEEE"
            if negated:
                used.add(start)
            items.append(Condition(field, value, negated, (start, span[1])))
        return Conditions(tuple(items))

    def _venue_words_said(self, question: str, inside) -> list[tuple[str, tuple[int, int]]]:
        """Runs of words of the table's venue names the question uses as a venue: followed by a venue noun ("IEEE
        venues") or after "in"/"at" ("at NeurIPS"), and no paper's own text uses them (else they are a topic)."""
        vocab, found, run = self.venue_vocabulary, [], []
        for m in _WORD.finditer(question):
            w = m.group(0).casefold()
            if w in vocab and not (inside and inside[0] <= m.start() < inside[1]) and m.group(0)[0].isupper():
                run.append(m)
                continue
            found += self._venue_run(question, run)
            run = []
        return found + self._venue_run(question, run)

    def _venue_run(self, question: str, run) -> list[tuple[str, tuple[int, int]]]:
        if not run:
            return []
        start, end = run[0].start(), run[-1].end()
        words = " ".join(m.group(0).casefold() for m in run)
        noun = record.VENUE_NOUN.match(question[end:])
        cue = record.VENUE_CUE.search(question[:start])
        if not (noun or cue) or any(self.corpus.retriever.lexical.knows(m.group(0).casefold()) for m in run):
            return []
        return [(words, (start, end + (noun.end() if noun else 0)))]

    @staticmethod
    def _span_of(question: str, said: str) -> tuple[int, int] | None:
        at = question.casefold().find(said.casefold()) if said else -1
        return (at, at + len(said)) if at >= 0 else None
