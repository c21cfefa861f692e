"""Whether a topic that grounds no paper is refused ("none is about it") or answered from the papers its subject
words ground, by a logistic regression over evidence the reading already computes (weights in data/refusal.json,
fitted by bench/refusal_fit.py on every writer's labelled questions, leave one writer out). `decided` is the one
place asked, by the topic reader (a list or count whose topic grounds nothing) and by the evidence step (a question
no paper is relevant to as a whole: "I'm interested in his mixture-of-experts research. What does it cover?")."""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, partial
from pathlib import Path

from assistant.answer.learned import Logistic
from assistant.answer.plan import frame
from assistant.models import Filters, Paper

FEATURES = (
    "words",  # how many words the topic has (/5)
    "unused_share",  # share of them no paper in scope holds
    "kept_share",  # share of them the reading keeps (subject words that ground papers alone)
    "best_subject",  # the frame model's highest subject log-odds among the kept words (/5)
    "dropped_subject",  # its highest subject log-odds among the dropped words (/5; -1 when none is dropped)
    "question_cosine",  # best paper's cosine to the whole question
    "topic_cosine",  # best paper's cosine to the topic as read
    "agrees",  # cosine to the question of the best paper the reading grounds (0 when retrieval misses them all)
    "gap",  # the question's best cosine less its second's
    "lexical",  # BM25 of the topic's best paper, squashed (x / (x + 5))
    "specific",  # how few papers the reading grounds: 1 - log(1+n) / log(1+pool)
    "filtered",  # another slot narrows the papers
)
_DATA = Path(__file__).parent / "data" / "refusal.json"


@dataclass(frozen=True)
class Case:
    """A topic that grounds nothing, the reading its supported subject words give, and the evidence on it."""

    topic: str
    reading: str
    papers: tuple[str, ...]
    features: tuple[float, ...]


def case(
    corpus,
    question: str,
    topic: str,
    pool: list[Paper],
    filtered: bool,
    scores: Callable[[list[str]], list[float]],
    margin: float,
) -> Case | None:
    """The case for answering a topic that grounds no paper, or None when no subject word of it grounds papers alone
    (nothing to answer from). `scores`: the frame model's subject log-odds of the words; `margin`: the log-odds under
    which a word is surely frame (plan/frame.py)."""
    words = list(dict.fromkeys(w for w in topic.replace(" or ", " ").split() if w))
    if not words or not pool:
        return None
    odds = dict(zip(words, scores(words)))
    holding = cache(partial(corpus.topics.holding, papers=pool))  # each word's papers in scope, counted once
    if any(odds[w] > 0 and not holding(w) for w in words):
        # a word no paper in scope holds that the frame model reads as the subject is what the corpus lacks
        # ("federated" of "federated learning"): dropping it would answer about what is left ("learning"). Asked
        # before any word's papers are read: at 10k papers each ordinary word ("structure") grounds thousands.
        return None
    # only a word the model does not read surely as frame can be kept, so only its papers are read
    on = {w: {sp.paper.id for sp in corpus.topics.papers_on(w, pool, scored=False)} for w in words if odds[w] > -margin}
    kept = [w for w in words if on.get(w)]
    if not kept:
        return None
    reading = " ".join(kept)
    papers = (
        {sp.paper.id for sp in corpus.topics.papers_on(reading, pool, scored=False)} if len(kept) > 1 else on[kept[0]]
    )
    # The kept words together ground nothing: the most of them that do, the word the model reads least surely as
    # subject dropped first ("LLM training" of "making LLM training cheaper teams", not "training" alone), down to
    # the one it reads most surely.
    surest = sorted(kept, key=lambda w: -odds[w])
    while not papers and len(surest) > 1:
        surest.pop()
        reading = " ".join(w for w in kept if w in surest)
        papers = (
            {sp.paper.id for sp in corpus.topics.papers_on(reading, pool, scored=False)}
            if len(surest) > 1
            else on[surest[0]]
        )
    ids = {p.id for p in pool}
    by_cosine = lambda hits: sorted((h for h in hits if h.paper.id in ids), key=lambda h: -h.dense)  # noqa: E731
    asked = by_cosine(corpus.retriever.search(question, Filters(), k=10))
    said = by_cosine(corpus.retriever.search(topic, Filters(), k=5))
    dropped = [odds[w] for w in words if w not in kept]
    lexical = max((h.lexical for h in said), default=0.0)
    feats = (
        len(words) / 5,
        sum(1 for w in words if holding(w) == 0) / len(words),
        len(kept) / len(words),
        max(odds[w] for w in kept) / 5,
        max(dropped) / 5 if dropped else -1.0,
        asked[0].dense if asked else 0.0,
        said[0].dense if said else 0.0,
        max((h.dense for h in asked if h.paper.id in papers), default=0.0),
        asked[0].dense - asked[1].dense if len(asked) > 1 else asked[0].dense if asked else 0.0,
        lexical / (lexical + 5),
        1 - math.log1p(len(papers)) / math.log1p(len(pool)),
        float(filtered),
    )
    return Case(topic, reading, tuple(sorted(papers)), tuple(float(f) for f in feats))


@cache
def _model() -> Logistic:
    return Logistic.of(json.loads(_DATA.read_text()))


def probability(features: tuple[float, ...]) -> float:
    """The model's probability that answering from the reading cites what the question asks about."""
    return float(_model().probabilities(features))


def answers(found: Case) -> bool:
    """Whether the case is answered from its reading rather than refused."""
    return probability(found.features) >= _model().threshold


def word_evidence(corpus) -> tuple[Callable[[str], float], Callable[[list[str]], list]]:
    """What the frame model reads of a word beyond the question: the share of the corpus's papers holding it, and
    its vector. The share is counted on the table's inverted index when built (no list of every paper: at 10k
    papers making one per question took ~70 ms, and its positions for each count ~10 ms more)."""
    indexed = corpus.topics.terms is not None
    papers = None if indexed else list(corpus.by_id.values())
    size = len(corpus.by_id)

    def share(word: str) -> float:
        return corpus.topics.holding(word, papers) / max(1, size)

    def embed(words: list[str]):
        corpus.retriever.vectors.prime(words)
        return [corpus.retriever.vectors.get(w) for w in words]

    return share, embed


def decided(corpus, question: str, topic: str, pool: list[Paper], filtered: bool) -> Case | None:
    """The case to answer from its reading, or None when the topic (grounding no paper) is refused: the one decision
    both refusal paths ask."""
    share, embed = word_evidence(corpus)
    scores = lambda words: frame.subject_scores(question, words, share, embed)  # noqa: E731
    found = case(corpus, question, topic, pool, filtered, scores, frame.margin())
    return found if found is not None and answers(found) else None


def assumed(topic: str, found: Case) -> str:
    """What the answer opens with when it answers from the reading."""
    return f"No paper's own text is on “{topic}”, so I read the topic as “{found.reading}”."
