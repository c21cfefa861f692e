"""The papers a topic's kinds put on it, mixed into TopicMatcher: the kinds the corpus states of the topic
(index/kinds.py, index/named_kinds.py) and those a reader of its field knows (index/field_kinds.py), each read over
the papers the topic's own words left, by the same grounding as the topic's."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from assistant.answer.evidence.topic_terms import (
    KIND_DENSE,
    WORD_TIER,
    Support,
    _has_all,
    alternatives,
    content_terms,
    said_as_name,
    said_as_written,
)
from assistant.models import Paper


@dataclass(frozen=True)
class _Reading:
    """What grounding a phrase reads of its scope: its size and each term's count of papers (`_scope_df`), and
    whether some paper of it says a word."""

    in_scope: tuple[int, Callable[[str], int]]
    used: Callable[[str], bool]


class TopicKinds:
    """Mixed into TopicMatcher (which gives `kinds`, `vectors`, `_kinds_of`, `_best_sims`, `_grounded_in`,
    `_may_support`, `_reading` and `_whole_of`)."""

    def _on_kinds(self, topic: str, papers: list[Paper], found: list[Support]) -> dict[str, Support]:
        """The papers not in `found` that name a kind of the topic the corpus states (`_kind_scopes`) and are near
        the topic in meaning (KIND_DENSE), or write the kind as a name ("evaluations on ResNet, LLaMA, and Qwen" for
        "LLMs"), or name a kind a reader knows ("a vision transformer" for "neural networks"), by id."""
        have = {sp.paper.id for sp in found}
        ids = [said_as_written(content_terms(a)) for a in alternatives(topic)]  # a kind of "64 GPUs" still says 64
        rest = [p for p in papers if p.id not in have and any(_has_all(i, self._whole_of(p)) for i in ids)]
        # A kind's support is scored by the paper's meaning near the topic itself (`_best_sims`), whichever kind
        # grounds it: a far paper is added only where its sentence writes the kind as a name, and one an earlier
        # kind added keeps that support (a later kind can only tie it). So the nearness is read once, and each kind
        # grounds only the papers it may add that no earlier kind added (146 kinds of "model compression" had each
        # grounded all their papers).
        extra: dict[str, Support] = {}
        if not (scopes := self._kind_scopes(topic, papers, rest)):
            return extra
        near = self._best_sims(topic, rest)
        # a kind a reader knows (index/field_kinds.py) is one in every sense it is said: "neural network" is only
        # 0.21-0.33 from the sentences naming a convolutional network
        known = {k.casefold() for alt in alternatives(topic) for k in self.kinds.known(alt)}

        def may_add(paper: Paper, alts: list[str]) -> bool:
            if paper.id in extra:
                return False
            if near.get(paper.id, -1.0) >= KIND_DENSE or any(a.casefold() in known for a in alts):
                return True
            return any(said_as_name(a, text) for a in alts for text in (paper.title or "", *paper.abstracts))

        for alts, narrowed, reading in scopes:
            if not (narrowed := [p for p in narrowed if may_add(p, alts)]):
                continue
            for sp in self._grounded_in(alts, narrowed, reading):
                sim = near.get(sp.paper.id, -1.0)
                on = sim >= KIND_DENSE or any(said_as_name(a, sp.sentence) or a.casefold() in known for a in alts)
                if on and sp.score >= WORD_TIER and sp.paper.id not in extra:
                    extra[sp.paper.id] = Support(sp.paper, sp.sentence, WORD_TIER + sim, "kind")
        return extra

    def _kind_scopes(
        self,
        topic: str,
        papers: list[Paper],
        rest: list[Paper],
    ) -> list[tuple[list[str], list[Paper], _Reading]]:
        """Each kind of the topic the corpus names (`_kinds_of`) that some paper of `rest` may support, with its
        alternatives and those papers: the scope of `rest` read once for all kinds, the kinds no paper can support
        dropped by the inverted index before any reading, and every kept alternative embedded in one batch (one
        model call each took ~20 ms: 146 kinds of "compression" at 10k papers)."""
        kinds = self._kinds_of(topic, papers) if rest else []
        if not kinds:
            return []
        reading = self._reading(rest)
        out = []
        for kind in kinds:
            if (alts := alternatives(kind)) and (narrowed := self._may_support(rest, alts, reading.used)):
                out.append((alts, narrowed, reading))
        if self.vectors is not None:
            self.vectors.prime([a for alts, _, _ in out for a in alts])
        return out
