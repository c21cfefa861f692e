"""A topic's kinds are read once per answer and only where they can change it: the planner's "does the phrase ground
a paper" stops at the phrase's own papers, and each kind grounds only the near papers no earlier kind added. Both
give exactly what reading every kind over every paper gave."""

from __future__ import annotations

import pytest

from assistant.answer.evidence.topic_terms import KIND_DENSE, WORD_TIER, Support, said_as_name
from assistant.index.term_masks import mask_with

TOPICS = ["model compression", "quantization methods", "matrix multiplication", "protein folding", "sea ice"]


def _topics(assistant):
    answerer = assistant.answerer()
    return answerer.corpus.topics, answerer.corpus.papers


def _every_kind(topics, topic, papers, found):
    """The kinds' supports as papers_on read them before: every kind over every paper not in `found`."""
    have = {sp.paper.id for sp in found}
    rest = [p for p in papers if p.id not in have]
    extra: dict[str, Support] = {}
    for alts, narrowed, reading in topics._kind_scopes(topic, papers, rest):
        on_kind = [sp for sp in topics._grounded_in(alts, narrowed, reading) if sp.score >= WORD_TIER]
        near = topics._best_sims(topic, [sp.paper for sp in on_kind]) if on_kind else {}
        for sp in on_kind:
            sim = near.get(sp.paper.id, -1.0)
            named = any(said_as_name(a, sp.sentence) for a in alts)
            if (sim >= KIND_DENSE or named) and (
                sp.paper.id not in extra or extra[sp.paper.id].score < WORD_TIER + sim
            ):
                extra[sp.paper.id] = Support(sp.paper, sp.sentence, WORD_TIER + sim, "kind")
    return extra


def _read(supports):
    return sorted((sp.paper.id, round(sp.score, 6), sp.rule, sp.sentence) for sp in supports)


@pytest.mark.parametrize("topic", TOPICS)
@pytest.mark.parametrize("mine", [True, False])
def test_each_kind_reading_only_the_open_papers_adds_what_every_kind_added(assistant, topic, mine):
    topics, papers = _topics(assistant)
    scope = [p for p in papers if p.is_author_work] if mine else papers
    for found in ([], topics._grounded(topic, scope)):
        assert _read(topics._on_kinds(topic, scope, found).values()) == _read(
            _every_kind(topics, topic, scope, found).values()
        )


def test_the_kinds_add_papers_here(assistant):
    topics, papers = _topics(assistant)
    assert topics._on_kinds("model compression", papers, [])  # the test above compares something


@pytest.mark.parametrize("topic", TOPICS)
def test_grounds_is_whether_papers_on_unscored_finds_any(assistant, topic):
    topics, papers = _topics(assistant)
    assert topics.grounds(topic, papers) == bool(topics.papers_on(topic, papers, scored=False))


def test_a_phrase_that_grounds_a_paper_reads_no_kind(assistant, monkeypatch):
    topics, papers = _topics(assistant)
    monkeypatch.setattr(type(topics), "_kind_scopes", lambda *a, **k: pytest.fail("kinds read"))
    assert topics.grounds("model compression", papers)


def test_a_mask_over_the_index_holds_the_papers_using_a_word(assistant):
    topics, _ = _topics(assistant)
    for words in ({"quantization"}, {"compression", "pruning"}, {"glacier"}, set()):
        mask = mask_with(topics.terms, words)
        assert mask.shape == (topics.terms.size,)
        assert set(mask.nonzero()[0].tolist()) == topics.terms.papers_with(words)
