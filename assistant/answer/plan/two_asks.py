"""Two questions in one, each asking of its own paper described in it ("What position error did the drift forecast
with her reach, and how much did the drift stream speed up in the buoy study?"): each part is read by meaning over
every record, the author's and another group's alike, and two parts that each find their own paper clearly are asked
side by side (mixed into the SlotReader, which gives `corpus`)."""

from __future__ import annotations

import re

from assistant.answer.evidence.weigh import paper_text, strength, vocabulary
from assistant.answer.plan import phrases
from assistant.answer.plan.intents import topic_words
from assistant.answer.plan.paper_nouns import PLURAL

# A part's paper is the one whose best sentence is this close to the part, and ahead of the next paper's (its
# cosine with the share of the part's terms it holds, weigh.strength) by TWO_ASKS_LEAD; the comparison's sides read a
# described side the same way (pairs.MEANT, pairs.MEANT_LEAD).
TWO_ASKS_CLOSE = 0.45
TWO_ASKS_LEAD = 0.05
# A part must describe its paper: this many words of its own once the question's frame is out.
TWO_ASKS_WORDS = 2
# Two asks joined: "what …, and how much …", "which …; and what …", each opening with a question word.
_ASK = r"(?:what|which|how|where|when|who|whom|whose)\b"
_TWO_ASKS = re.compile(rf"\b(?P<first>{_ASK}[^?.;]*?)\s*,?\s+and\s+(?P<second>{_ASK}[^?.;]*)", re.I)

# An ask of papers in the plural ("which papers use buoys, and what do they find?") asks of no one paper.
_PAPERS = re.compile(rf"\b{PLURAL}\b", re.I)


class TwoAsks:
    def asked_of_two(self, question: str, named: list[str]) -> list[str]:
        """The two papers two joined asks are each about, in the question's order, or none when the question names
        two papers itself, corrects an earlier answer, an ask points back ("it", "they"), or a part finds no paper of
        its own clearly."""
        if len(named) >= 2 or phrases.CORRECTION.search(question) or phrases.NOT_THE_ONE.search(question):
            return []
        m = _TWO_ASKS.search(question)
        if not m or phrases.ANAPHORA.search(m.group(0)):
            # "Who is behind X, and how much latency reduction does it claim?": the second asks of X; "which models
            # did they test it on, and how much …?": of the paper the conversation is on
            return []
        found: list[str] = []
        for part in (m.group("first"), m.group("second")):
            if _PAPERS.search(part) or len(topic_words(part, self.corpus.principal)) < TWO_ASKS_WORDS:
                return []
            pid = self._part_paper(part)
            if pid is None or pid in found:
                return []
            found.append(pid)
        return found

    def _part_paper(self, part: str) -> str | None:
        """The paper one ask describes by meaning, over every record through the table's sentence index (no record
        made but those it finds), else the one title its words clearly read as ("the cross-coupling paper": no
        sentence says "cross-coupling paper" closely enough), the author's first, then every record's by id; or
        None when none leads."""
        hits = self.corpus.sentences.candidates(part, self.corpus.papers, lambda p: True, set())
        if not hits or hits[0].dense < TWO_ASKS_CLOSE:
            words = topic_words(part, self.corpus.principal)
            mine = frozenset(p.id for p in self.corpus.authors_papers)
            return self.resolver.best(words, mine) or self.resolver.best(words, frozenset(self.corpus.positions))
        qterms = self.corpus.qterms(part)
        ranked = sorted(
            ((strength(h, qterms.coverage(vocabulary(paper_text(h.paper)))), h.paper.id) for h in hits), reverse=True
        )
        if len(ranked) > 1 and ranked[1][0] > ranked[0][0] - TWO_ASKS_LEAD:
            return None
        return ranked[0][1]
