"""A yes/no claim asked of several papers the question names or describes, made a verdict over that set (a planner
step, before the one-paper verdict): "Do both his BCD paper and MoE-DisCo claim to cut training cost …?" is each
paper's own verdict on the claim, aggregated by the quantifier (write/set_verdict.py), not a comparison of the two.

The papers are the ones the planner already resolved (plan.named); where each is said in the question is found here
from the same readings (a short name, or a description the resolver reads, as pairs.py reads comparison sides), so
phrases/named_sets.py can tell the subject from the claim. The papers a conversation points back to ("Do both of
them …?" after an answer about two) are the set when the question names none. Mixed into the Planner (which gives
`resolver`, `corpus`, `by_meaning`).
"""

from __future__ import annotations

import re
from dataclasses import replace

from assistant.answer.plan import phrases, sides
from assistant.answer.plan.names import find_bounded
from assistant.answer.plan.phrases.named_sets import over_named, over_pointed
from assistant.answer.plan.phrases.reference import PAPER_HEADS, references
from assistant.answer.plan.plan import QueryPlan

_WORD = re.compile(r"[\w=+-]+")
# A paper pointed back to is named in its one-paper question by a short name of at most this many words.
SHORT_NAME_WORDS = 3


class NamedSetReader:
    def as_named_set(self, plan: QueryPlan) -> QueryPlan:
        """The plan of a yes/no claim whose subject is two or more papers named or described (or read as the sides
        of a comparison, pairs.py), as a verdict over them (route set_verdict, the papers in plan.named); any other
        plan unchanged."""
        if plan.route == "set_verdict" or not phrases.polar(plan.question):
            return plan
        found = phrases.yes_no(plan.corrected or plan.question)
        papers = plan.named if len(plan.named) >= 2 else plan.compared
        if found and len(papers) < 2:
            papers = self._described_by_meaning(found.claim, plan.named)
        placed = self._said_at(found.claim, papers) if found and len(papers) >= 2 else None
        quantified = over_named(found.claim, [span for span, _ in placed]) if placed else None
        if quantified is None and found and not plan.named and len(plan.focus) >= 2:
            # "Do both of them use X?": the papers the conversation points back to
            labels = [self._short_name(i) for i in plan.focus]
            placed = [((0, 0), i) for i in plan.focus]
            quantified = over_pointed(found.claim, labels)
        if quantified is None:
            return plan
        notes = [*plan.notes, f"a yes/no claim over the {len(papers)} papers named: {quantified.describe()}"]
        return replace(
            plan,
            route="set_verdict",
            named=[pid for _, pid in placed],
            claim=quantified.claim,
            quantified=quantified,
            compared=[],
            topic="",
            subject="",
            negated="",
            assumed="",
            notes=notes,
        )

    def _said_at(self, text: str, papers: list[str]) -> list[tuple[tuple[int, int], str]] | None:
        """Where each paper is said in the text, in the text's order: the description the resolver reads as it (a
        description without a paper noun ends at its last word the paper's title holds: "the polar SAR foundation
        model ‹trained on …›"), else its longest short name there; a paper found by neither (a side pairs.py read)
        is said at a reference no other paper holds. None when they cannot all be placed."""
        low = text.casefold()
        described = {r.paper: r for r in self.resolver.described(text) if not r.aside}
        placed: list[tuple[tuple[int, int], str]] = []
        missing = []
        for pid in papers:
            names = [(i, len(nm)) for nm in self.resolver.names_of(pid) if (i := find_bounded(low, nm)) >= 0]
            if pid in described:
                placed.append((self._trimmed(text, described[pid], pid), pid))
            elif names:
                at, size = min(names, key=lambda n: (n[0], -n[1]))
                placed.append(((at, at + size), pid))
            else:
                missing.append(pid)
        if missing:
            taken = [span for span, _ in placed]
            free = [r.span for r in references(text) if r.headed and not any(_overlap(r.span, s) for s in taken)]
            if len(free) != len(missing):
                return None
            placed += zip(free, missing)
        placed.sort()
        if any(_overlap(a[0], b[0]) for a, b in zip(placed, placed[1:])):
            return None
        return placed

    def _short_name(self, pid: str) -> str:
        """How a one-paper question names a paper pointed back to: its shortest short name of at most three words
        as the paper writes it ("MoQE", "AtomWorld"), else "it" (a whole title asked with the claim is read as part
        of the claim)."""
        paper = self.corpus.by_id[pid]
        text = " ".join([paper.title or "", *paper.abstracts])
        for name in sorted(self.resolver.names_of(pid), key=len):
            if len(name.split()) <= SHORT_NAME_WORDS and not name[:1].isdigit():
                if found := re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text, re.I):
                    return found.group(0)
        return "it"

    def _described_by_meaning(self, text: str, named: list[str]) -> list[str]:
        """The papers of two or more descriptions with a paper noun ("the snow depth paper and the lead detection
        paper"), those no title reads as one paper read by meaning (pairs.by_meaning, as a comparison's sides are);
        [] unless every description finds a different paper."""
        refs = [r for r in references(text) if r.headed and r.words]
        if len(refs) < 2:
            return []
        by_span = {r.span: r.paper for r in self.resolver.described(text) if not r.aside and r.paper in named}
        found = [by_span.get(r.span) or self.by_meaning(" ".join(r.words)) for r in refs]
        return found if all(found) and len(set(found)) == len(found) else []

    def _trimmed(self, text: str, ref, pid: str) -> tuple[int, int]:
        """A description's span, ending at its last word the paper's title or short name holds when no paper noun
        heads it (the words after it are the claim's)."""
        start, end = ref.span
        words = [(m.start(), m.end()) for m in _WORD.finditer(text, start, end)]
        paper = self.corpus.by_id.get(pid)
        if not words or paper is None or text[words[-1][0] : words[-1][1]].casefold() in PAPER_HEADS:
            return ref.span
        held = sides.title_words(paper)
        kept = [w for w in words[1:] if sides.holds(held, text[w[0] : w[1]])]
        return (start, kept[-1][1]) if kept else ref.span


def _overlap(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a[0] < b[1] and b[0] < a[1]
