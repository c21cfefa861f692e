"""A multi-step question through a co-author: the paper a person and the principal author wrote together, placed by
date against another paper ("Yuki Sato co-authored her 2025 foundation model. In their earlier joint paper, what …?",
"Her co-author on the X paper also worked with her on a later foundation model - how many …?", "The first author of
her 2023 drift preprint also led an earlier preprint with her: what …?"). Step one finds the anchor paper (named,
pointed to, or described: by its year, its kind of work and its words, by meaning when no title holds them) and the
person (named, the anchor's co-author, or its author at the position the question reaches it through); step two
selects their joint papers on the asked side of the anchor's date (led by that person when the question says so, only
on arXiv for "a preprint"), by the words that describe it, else the nearest in date; the question is then asked of
that paper. Mixed into the SlotReader (which gives `corpus`, `resolver`, `_coauthor_in`, `_content`)."""

from __future__ import annotations

import re

from assistant.answer.evidence.weigh import COVERAGE_WEIGHT, paper_text, vocabulary
from assistant.answer.plan import phrases
from assistant.answer.plan.phrases.reference import references
from assistant.models import Paper

# A described joint paper (or anchor) is the one whose best sentence is this much closer to the description than the
# next's.
JOINT_LEAD = 0.05
# What is left before "the first author of X" once the person is out, when the question says they hold that role.
_COPULA = re.compile(r"\W*(?:is|was|are|were)\s*", re.I)


class JointReader:
    def joint_paper(self, question: str, named: list[str], focus: list[str]) -> str | None:
        """The one joint paper the question asks about, or None when it places none or several fit."""
        placed = phrases.joint_placed(question)
        if placed is None:
            return None
        anchor = self._anchor(question, [*named, *focus], placed.span)
        if anchor is None or not anchor.date:
            return None
        people = self._people_of(question, anchor, placed)
        mine = [p for p in self.corpus.papers if p.is_author_work and p.date and p.id != anchor.id]
        side = [p for p in mine if (p.date > anchor.date if placed.direction > 0 else p.date < anchor.date)]
        keys = {person.casefold() for person in people}
        joint = {
            p.id: p for p in side if any(a.casefold() in keys for a in (p.authors[:1] if placed.led else p.authors))
        }
        if placed.preprint:  # "an earlier preprint with her": on arXiv alone
            joint = {i: p for i, p in joint.items() if phrases.kind_of(p) == "arxiv only"} or joint
        if len(joint) <= 1:
            return next(iter(joint), None)
        described = phrases.PREPRINT.sub(" ", placed.described)
        if self._content(described):
            # Described ("a later foundation model", "an earlier paper about adapting between sensors"): the joint
            # paper whose sentences or title come clearly closest in meaning.
            return self._closest(described, list(joint.values()))
        if len(people) != 1:
            return None  # several co-authors, nothing to tell their joint papers apart
        return min(joint.values(), key=lambda p: abs(_days(p.date) - _days(anchor.date))).id  # the next one in time

    def placed_by_meaning(self, question: str, named: list[str], focus: list[str]) -> str | None:
        """The one paper of the author's on the asked side of the anchor's date that the words after the comparative
        describe clearly best by meaning ("His 2022 Sunway work …. Which later paper of his also tackles quantum
        many-body chemistry, and …?"), or None when no anchor or description is read or no paper leads."""
        if phrases.CORRECTION.search(question):
            return None  # "not the 2019 one, I meant her later IGARSS paper": a correction, read by correction.py
        placed = phrases.placed_described(question)
        if placed is None or not (words := self._content(placed.described)):
            return None
        # A paper the planner's description picked (focus) may be the one the words after the comparative describe
        # ("his collaborator on X later came back on a study of LLM capabilities"): the anchor is one named, or
        # described before the comparative.
        # The anchor is a paper named before the comparative, or by its name after it ("… builds on SparStencil"),
        # never one only the description after the comparative introduces: that is the paper asked about ("Ice
        # Drift Forecasts uses graph networks. Another paper of hers emulates sea-ice dynamics with neural operators").
        said = {*self.named_in(question[: placed.span[0]]), *self.named_in(question[placed.span[1] :], False)}
        anchor = self._anchor(question, [i for i in named if i in said], placed.span)
        if anchor is None or (placed.direction and not anchor.date):
            return None
        side = [p for p in self.corpus.papers if p.is_author_work and p.id != anchor.id and _on_side(p, anchor, placed)]
        return self._described_lead(" ".join(words), side) if side else None

    def _described_lead(self, described: str, papers: list[Paper]) -> str | None:
        """The paper clearly closest to a description by its best sentence and the share of the description's terms
        its title and abstract hold (the evidence step's weighing: "a classifier on board a small satellite" is the
        title's words more than any sentence's), or None."""
        terms = self.corpus.qterms(described)
        best = self.corpus.sentences.best(described, papers)
        ranked = sorted(
            (
                (best[p.id][0] if p.id in best else 0.0) + COVERAGE_WEIGHT * terms.coverage(vocabulary(paper_text(p))),
                p.id,
            )
            for p in papers
        )[::-1]
        if ranked and (len(ranked) == 1 or ranked[0][0] >= ranked[1][0] + JOINT_LEAD):
            return ranked[0][1]
        return None

    def nested_person(self, question: str, named: list[str], focus: list[str]) -> tuple[str, str] | None:
        """The person a nested reference finds, and the paper it finds them from ("the first author of CALM", "MoQE's
        lead author", "its first author" after a turn about MoQE), when the question asks about them, not who they
        are."""
        if phrases.asks_who(question) or self._claims_the_role(question):
            return None
        if len(named) == 1 and phrases.NTH_AUTHOR_OF.search(question):
            anchor = named[0]
        elif not named and len(focus) == 1 and phrases.ITS_NTH_AUTHOR.search(question):
            anchor = focus[0]
        else:
            return None
        lead = self._author_of(anchor, question)
        return (lead, anchor) if lead else None

    def _claims_the_role(self, question: str) -> bool:
        """A yes/no claim that a person it names holds the role ("Is Keiko Tanaka the first author of the TGRS paper
        …?"): the role's paper is where the claim is checked, its author there the value compared, not the person
        the question is about."""
        found = phrases.NTH_AUTHOR_OF.search(question)
        if found is None or not phrases.claim_of(question):
            return False
        before = question[: found.start()]
        person = self._coauthor_in(before) or self.names_the_author(before)
        rest = self._without_people(before)
        if not self._coauthor_in(before):
            # the author by a name the people index does not take out ("Keiko was the first author of …, right?")
            for word in self.corpus.principal.split():
                rest = re.sub(rf"\b{re.escape(word)}\b", " ", rest, flags=re.I)
        return bool(person) and bool(_COPULA.fullmatch(rest))

    def through_an_author(self, question: str) -> bool:
        """The question reaches its joint paper through an author of the anchor ("the first author of her 2023
        preprint also led an earlier one with her"): that author position is a step, not a filter of papers."""
        placed = phrases.joint_placed(question)
        return bool(placed) and phrases.anchor_role(question[: placed.span[0]]) is not None

    def _closest(self, described: str, papers: list[Paper]) -> str | None:
        """The paper whose sentences come clearly closest in meaning to a description, or None."""
        scored = self.corpus.sentences.best(described, papers)
        ranked = sorted(scored.items(), key=lambda kv: -kv[1][0])
        if ranked and (len(ranked) == 1 or ranked[0][1][0] >= ranked[1][1][0] + JOINT_LEAD):
            return ranked[0][0]
        return None

    def _anchor(self, question: str, known: list[str], at: tuple[int, int]) -> Paper | None:
        """The paper the joint one is placed against: one the question names or the conversation points to, else the
        one a reference before the comparative describes among the author's papers of its years (only those on arXiv
        alone for "her 2023 preprint"), by its title words, else by meaning."""
        if known:  # the first the question names ("X co-wrote CALM with him. … their earlier joint paper")
            return self.corpus.by_id.get(known[0])
        before = question[: at[0]]
        for ref in references(before):
            pool = [p for p in self.corpus.papers if p.is_author_work and (not ref.years or p.year in ref.years)]
            if phrases.PREPRINT.search(before[ref.span[0] : ref.span[1] + 12]) or "arxiv" in map(
                str.casefold, ref.words
            ):
                pool = [p for p in pool if phrases.kind_of(p) == "arxiv only"] or pool
            words = [*ref.words, *ref.after]
            if words and (pid := self.resolver.best(list(words), pool)):
                return self.corpus.by_id[pid]
            if len(pool) == 1 and ref.years:
                return pool[0]  # "her 2023 preprint": the only one of that year and kind
            described = " ".join(self._content(" ".join(words)))
            if described and ref.years and (pid := self._closest(described, pool)):
                return self.corpus.by_id[pid]
        return None

    def _people_of(self, question: str, anchor: Paper, placed) -> list[str]:
        """The person named in the question, else (for "her co-author on the X paper") the anchor's co-authors, else
        (for "the first author of X also led …") the anchor's author at that position."""
        if (person := self._coauthor_in(question)) and person != self.corpus.principal:
            return [person]
        key = self.corpus.principal.casefold()
        position = phrases.anchor_role(question[: placed.span[0]])
        if position is not None and anchor.authors:
            author = (
                anchor.authors[position - 1 if position > 0 else -1] if len(anchor.authors) >= abs(position) else ""
            )
            return [author] if author and author.casefold() != key else []
        if not (phrases.CO_AUTHOR_ON.search(question) or phrases.reaches_person(question[: placed.span[0]])):
            return []
        return [a for a in anchor.authors if a.casefold() != key]


def _on_side(paper: Paper, anchor: Paper, placed) -> bool:
    """The paper is on the side of the anchor's date the comparative asks (any side for "his other X paper")."""
    if not placed.direction:
        return True
    return bool(paper.date) and (paper.date > anchor.date if placed.direction > 0 else paper.date < anchor.date)


def _days(date: str) -> int:
    y, m, d = (list(map(int, date.split("-"))) + [1, 1])[:3]
    return y * 372 + m * 31 + d
