"""The inverted index of the papers' words names exactly the papers whose texts use a word, and topic lists narrowed
by it are the lists read from every paper's text."""

from __future__ import annotations

from assistant.answer.evidence.topics import TopicMatcher, texts_of
from assistant.answer.evidence.weigh import vocabulary

TOPICS = [
    "quantization",
    "sparse matrix multiplication",
    "molecular dynamics",
    "protein folding",
    "climate policy",
    "GPU kernels or tensor cores",
    "HONPAS",
    "medical image segmentation",
    "protein structure prediction",
    "lowering the cost of training large language models",
    "mixed precision GPU kernels",
    "Sentinel-2 optical imagery",
]


def test_postings_name_the_papers_whose_texts_use_each_word(assistant):
    corpus = assistant.answerer().corpus
    terms = corpus.topics.terms
    papers = assistant.table().papers
    words = {}
    for i, p in enumerate(papers):
        for w in frozenset().union(*(vocabulary(t) for t in texts_of(p))):
            words.setdefault(w, set()).add(i)
    assert words
    for w, holders in words.items():
        assert terms.papers_with([w]) == holders, w
    assert terms.papers_with(["no-such-word-anywhere"]) == set()
    for i, p in enumerate(papers):
        assert terms.words_of(i) == frozenset().union(*(vocabulary(t) for t in texts_of(p)))


def test_topic_lists_narrowed_by_the_index_are_the_full_reads(assistant):
    corpus = assistant.answerer().corpus
    t = corpus.topics
    # the same word statistics (a topic's core), without the postings that narrow the papers read
    full = TopicMatcher(
        t.embeddings, t.picker, t.lexical, t.vectors, index=t.index, positions=t.positions, stats=t.terms
    )
    listed = 0
    for scope in ([p for p in corpus.papers if p.is_author_work], corpus.papers):
        for topic in TOPICS:
            ours = [(s.paper.id, s.sentence, round(s.score, 4)) for s in t.papers_on(topic, scope)]
            theirs = [(s.paper.id, s.sentence, round(s.score, 4)) for s in full.papers_on(topic, scope)]
            assert ours == theirs, topic
            listed += bool(ours)
    assert listed >= 4
