"""Whether the words a question about the collection or its author leaves over, once its structure is read, are a
topic the corpus could be about or only the question's wording ("counting both groups", "once duplicates across the
sources are merged", "research-wise").

A stop list cannot tell them apart: "counting", "merged" and "sources" are a topic in another question. The corpus and
the question decide, each word by three pieces of evidence, any one of which makes it a topic:

- it stands where the question puts a topic ("about memory", "on training", "his GPU papers": content.places) and
  some paper holds it;
- a fifth or more of the corpus's papers hold it (CORPUS_WORD_SHARE): what the corpus is about ("sea ice" in
  corpus 2, "training", "memory"), whatever the frame model reads of it;
- the frame model (plan/frame.py, fitted on every writer's labelled questions) reads it as the question's subject
  rather than its frame, unless it is a compound of ordinary English no paper writes whole ("research-wise": its
  parts are no topic either).
"""

from __future__ import annotations

from assistant.answer.evidence import distinct
from assistant.answer.plan import frame, refusal
from assistant.answer.plan.content import places

# A word held by at least this share of the corpus's papers is what the corpus is about, never wording. Measured on
# the two corpora: the words collection questions are worded in are held by at most 0.11 of the papers ("sources"
# 0.11, "counting" 0.01, "merged" 0.03, "journal" 0; the compound "research-wise" by none whole), the topics such a
# question may still have by 0.24 or more ("GPUs" 0.24, "memory" 0.35, "training" 0.44, corpus 2's "sea" 0.67).
CORPUS_WORD_SHARE = 0.2


def _ordinary_compound(word: str, share) -> bool:
    """A hyphenated word no paper holds whole, every part of it ordinary English ("research-wise", "time-wise")."""
    parts = [p for p in word.split("-") if p]
    return len(parts) > 1 and share(word) == 0 and all(distinct.ordinary(p) for p in parts)


def _share_whole(corpus, share):
    """The share of papers holding the word, a compound counted only where it is written whole."""
    _, used_whole = corpus.topics.users(list(corpus.by_id.values()))
    return lambda w: share(w) if "-" not in w.strip("-") or used_whole(w) else 0.0


def topic_left(corpus, question: str, rest: str, words: list[str]) -> list[str]:
    """The words of `words` (left over in `rest`, the question without the phrases its structure was read from) that
    are a topic the corpus could be about (see the module's docstring); [] when they are all wording."""
    if not words:
        return []
    share, embed = refusal.word_evidence(corpus)
    whole = _share_whole(corpus, share)
    held = places(rest)
    inside = set().union(*held) if held else set()
    scores = frame.subject_scores(question, words, whole, embed)
    out = []
    for w, score in zip(words, scores):
        s = whole(w)
        placed = w.casefold() in inside and s > 0
        if placed or s >= CORPUS_WORD_SHARE or (score > 0 and not _ordinary_compound(w, whole)):
            out.append(w)
    return out
