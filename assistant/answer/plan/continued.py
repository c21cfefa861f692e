"""Whether a turn that names no paper still asks about the paper the conversation is on: a word the paper never uses
makes a new subject only when another paper's sentence says what the question asks, clearly closer than any of the
paper's own ("What is the Virtual Parameter Space?" after MoQE: another paper proposes it, 0.51 against MoQE's 0.16),
not when the question only words its ask in words of its own ("which models was the saving in cost shown on?" after
the MoE training paper: no other sentence comes near, its own is at 0.28)."""

from __future__ import annotations

from assistant.answer.corpus import Corpus

# Another paper's best sentence must beat the focus papers' best by this much for the question to be about it.
ELSEWHERE_LEAD = 0.15


def said_elsewhere(corpus: Corpus, question: str, focus: list[str]) -> bool:
    """Another paper's sentence (among those strongly close to the question) is clearly closer than every sentence
    of the papers in focus."""
    papers = [corpus.by_id[i] for i in focus if i in corpus.by_id]
    own = max((score for score, _ in corpus.sentences.best(question, papers).values()), default=0.0)
    others = corpus.sentences.candidates(question, corpus.papers, lambda p: True, set(focus))
    return bool(others) and others[0].dense >= own + ELSEWHERE_LEAD
