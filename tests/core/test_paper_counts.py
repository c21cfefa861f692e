"""How many papers of a pool hold a word, counted on the inverted index (index/paper_terms.py, pools made once by
index/scopes.py), is the count a scan of every paper's own text gives: on the seeds and on a synthetic corpus whose
words come in several forms, for the author's papers, everyone's, others', random pools and the whole table."""

from __future__ import annotations

import random

import pytest

from assistant.answer.evidence.topics import TopicMatcher
from assistant.index.bm25 import terms
from assistant.index.paper_terms import PaperTerms, build, paper_texts
from assistant.index.scopes import Scopes
from tests.conftest import make_paper

ABSENT = ["volcano", "cryptocurrency", "poetry", "glacier"]
# Words of the synthetic corpus, each in forms a question may use another of ("quantize" / "quantized" / "quantization")
FORMS = [
    ("quantize", "quantized", "quantization", "quantizing"),
    ("kernel", "kernels"),
    ("solver", "solvers", "solve", "solving"),
    ("simulate", "simulation", "simulations"),
    ("sparse", "sparsity"),
    ("graph", "graphs"),
    ("protein", "proteins"),
    ("compress", "compression", "compressed"),
    ("schedule", "scheduling", "scheduler"),
    ("train", "training", "trained"),
]


def _scan(t: TopicMatcher) -> TopicMatcher:
    """The same matcher without the index: every count reads each paper's own text."""
    return TopicMatcher(t.embeddings, t.picker, t.lexical, t.vectors, index=t.index, positions=t.positions)


def _agree(indexed: TopicMatcher, scan: TopicMatcher, words: list[str], pools: list[list]) -> int:
    held = 0
    for pool in pools:
        for w in words:
            ours = indexed.holding(w, pool)
            assert ours == scan.holding(w, pool), (w, len(pool))
            held += ours > 0
    return held


def test_counts_on_the_seeds_are_the_scans(assistant):
    corpus = assistant.answerer().corpus
    t = corpus.topics
    assert t.terms is not None
    papers = list(corpus.papers)
    mine = [p for p in papers if p.is_author_work]
    others = [p for p in papers if not p.is_author_work]
    rng = random.Random(5)
    # plain words: a compound or a name with digits ("2-level") is counted by its parts on the index and as written
    # by the scan (distinct.held), a difference older than these counts (13 papers against 1 for "2-level")
    vocabulary = sorted(w for w in t.terms.vocabulary if w.isalpha())
    words = rng.sample(vocabulary, 60) + ["quantized", "kernels", "GPUs", "models", "training"] + ABSENT
    pools = [mine, papers, others, rng.sample(papers, len(papers) // 3), []]
    assert _agree(t, _scan(t), words, pools) > 60
    scan = _scan(t)
    for w in words:  # the whole table, counted without a pool
        assert t.holding(w, None) == scan.holding(w, papers), w
    for w in ABSENT:
        assert t.holding(w, None) == 0


@pytest.fixture(scope="module")
def synthetic():
    """400 papers whose sentences draw words (in random forms) from FORMS, with their inverted index."""
    rng = random.Random(11)
    papers = []
    for i in range(400):
        picked = rng.sample(FORMS, 3)
        sentences = [
            f"We {rng.choice(f)} the {rng.choice(g)} problem with a new method for large systems."
            for f, g in zip(picked, picked[1:])
        ]
        papers.append(
            make_paper(
                id=f"s{i:04d}",
                title=f"Study {i} of {rng.choice(picked[0])}",
                display_title=f"Study {i}",
                abstract=" ".join(sentences),
                is_author_work=i % 4 == 0,
            )
        )
    each = [{w for text in paper_texts(p) for w in terms(text)} for p in papers]
    vocabulary = sorted(set().union(*each))
    index = PaperTerms(vocabulary, build(each, vocabulary))
    positions = {p.id: i for i, p in enumerate(papers)}
    return papers, TopicMatcher(None, None, None, positions=positions, terms=index)


def test_counts_on_a_synthetic_corpus_are_the_scans(synthetic):
    papers, indexed = synthetic
    scan = TopicMatcher(None, None, None, positions=indexed.positions)
    rng = random.Random(7)
    words = [w for forms in FORMS for w in forms] + ABSENT + ["Compression", "problems"]
    mine = [p for p in papers if p.is_author_work]
    pools = [mine, papers, [p for p in papers if p not in mine], *(rng.sample(papers, k) for k in (1, 17, 250))]
    assert _agree(indexed, scan, words, pools) > len(pools) * len(FORMS)
    for w in words:
        assert indexed.holding(w, None) == scan.holding(w, papers), w


def test_a_pool_is_made_once_and_a_stranger_leaves_it_to_the_scan(synthetic):
    papers, indexed = synthetic
    scopes = Scopes(indexed.positions, len(papers), kept=2)
    first = scopes.of(papers[:10])
    assert first is not None and first.at == frozenset(range(10)) and int(first.mask.sum()) == 10
    assert scopes.of(list(papers[:10])) is first  # the same papers in a new list: the pool already made
    assert scopes.of(papers[5:20]).at == frozenset(range(5, 20))
    assert scopes.of(papers[:3] + [make_paper(id="not-in-the-table")]) is None
    assert scopes.of(list(papers[:10])) is not first  # evicted: 2 pools kept, made again
    # a paper outside the table: the matcher counts by reading the texts, not the index
    stranger = make_paper(id="elsewhere", title="Quantized kernels", abstract="We quantize kernels.")
    assert indexed.holding("quantization", [*papers[:8], stranger]) == 1 + sum(
        indexed.holding("quantization", [p]) for p in papers[:8]
    )
