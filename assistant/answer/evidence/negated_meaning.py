"""A negated noun phrase the papers state in other words: the papers near it in meaning, when its words rule out few."""

from __future__ import annotations

from assistant.answer.evidence.topic_terms import (
    MAX_PHRASE_WORDS,
    NEGATED_DENSE,
    NEGATED_MIN_SCOPE,
    NEGATED_WORDS_SHARE,
    content_terms,
    names_in,
)
from assistant.models import Paper


class NegatedMeaning:
    """Mixed into the topic matcher, whose `papers_on` and `_best_sims` (topic_meaning.TopicMeaning) it reads."""

    def touching_by_meaning(self, phrase: str, papers: list[Paper], touching: set[str], within: str) -> set[str]:
        """The papers a negated noun phrase's words left (`touching` rules out the rest) that have it by meaning:
        NEGATED_DENSE near it, when the words ruled out at most NEGATED_WORDS_SHARE of NEGATED_MIN_SCOPE or more
        `papers` on the topic `within`. A name is said or not ("ResNet"); a statement has its own bar."""
        papers = [sp.paper for sp in self.papers_on(within, papers)] if within else papers
        touching = touching & {p.id for p in papers}
        rest = [p for p in papers if p.id not in touching]
        if (
            len(papers) < NEGATED_MIN_SCOPE
            or len(touching) > NEGATED_WORDS_SHARE * len(papers)
            or len(content_terms(phrase)) > MAX_PHRASE_WORDS
            or names_in(phrase)
        ):
            return set()
        return {pid for pid, sim in self._best_sims(phrase, rest).items() if sim >= NEGATED_DENSE}
