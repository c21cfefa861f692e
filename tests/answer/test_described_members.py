"""The fitted choice of a described topic summary's papers (evidence/described_members.py): the words' reading's
papers kept or left out and others added by the description's meaning as a whole, said so; a negated question keeps
the earlier rule."""

from __future__ import annotations

import numpy as np
import pytest

from assistant.answer.evidence import described_members
from assistant.answer.evidence.described import Described
from assistant.models import Filters, Message


def _ask(assistant, question: str):
    return assistant.answer([Message(role="user", content=question)], Filters())


def test_the_weights_file_was_fitted_on_these_features():
    fitted = described_members.fitted()
    assert fitted is not None
    assert 0 < fitted.keep.threshold < 1 and 0 < fitted.add.threshold < 1
    assert len(fitted.keep.weights) == len(described_members.FEATURES) == len(fitted.add.weights)


def test_the_candidates_are_the_found_papers_and_those_first_by_meaning(assistant):
    topics = assistant.answerer().corpus.topics
    pool = [p for p in assistant.papers() if p.is_author_work]
    found = pool[:2]
    papers, rows = described_members.features(topics, "parallel training of machine learning models", pool, found)
    ids = [p.id for p in papers]
    assert rows.shape == (len(papers), len(described_members.FEATURES))
    assert all(p.id in ids for p in found if p.abstracts)
    assert len(ids) == len(set(ids)) and len(ids) <= len(found) + described_members.TOP
    found_column = rows[:, described_members.FEATURES.index("found")]
    assert np.array_equal(found_column == 1, np.array([i in {p.id for p in found} for i in ids]))


def _unit(*v):
    v = np.asarray(v, dtype=float)
    return v / np.linalg.norm(v)


def test_a_paper_read_like_the_found_ones_is_nearer_them_than_one_read_unlike():
    # "a" and "b" were found; "d" reads like them as a whole, "c" does not
    directions = {"a": _unit(1, 0, 0), "b": _unit(0.9, 0.1, 0), "c": _unit(0, 1, 0), "d": _unit(0.8, 0.2, 0.1)}
    near = described_members.near_found(directions, ["a", "b", "c", "d"], ["a", "b"], ["c", "a", "b", "d"])
    assert near[3] > near[2]
    # the found papers' usual closeness to each other is taken off: two found papers are each at it
    assert near[0] == pytest.approx(0) and near[1] == pytest.approx(0)
    assert near[3] == pytest.approx(
        directions["d"] @ _unit(*(directions["a"] + directions["b"])) - directions["a"] @ directions["b"]
    )


def test_with_nothing_found_the_candidates_are_weighed_against_the_best_by_meaning():
    directions = {"c": _unit(0, 1, 0), "d": _unit(0.8, 0.6, 0), "e": _unit(1, 0, 0)}
    near = described_members.near_found(directions, ["c", "d", "e"], [], ["c", "d", "e"])
    # the best ("c") against the next ("d"), the others against the best
    assert near.tolist() == pytest.approx([0.6, 0.6, 0.0])


def test_a_scope_of_one_paper_has_nothing_to_be_near():
    # one paper in scope and found: no other to weigh it against (before: np.mean of none, and matmul raised)
    near = described_members.near_found({"a": _unit(1, 0, 0)}, ["a"], ["a"], ["a"])
    assert near.tolist() == [0.0]


def test_the_closeness_column_is_the_candidates_closeness_to_the_found_papers(assistant):
    topics = assistant.answerer().corpus.topics
    pool = [p for p in assistant.papers() if p.is_author_work]
    found = [p for p in pool if p.abstracts][:2]
    papers, rows = described_members.features(topics, "parallel training of machine learning models", pool, found)
    column = rows[:, described_members.FEATURES.index("near_found")]
    at = {p.id: i for i, p in enumerate(papers)}
    # two found papers are each at their usual closeness to each other; the candidates differ
    assert column[at[found[0].id]] == pytest.approx(0, abs=1e-6) == column[at[found[1].id]]
    assert len(set(np.round(column, 6))) > 2


def test_what_was_assumed_names_the_papers_added_and_left_out(assistant):
    a, b, c = list(assistant.papers())[:3]
    said = described_members.said("cheap training", [a, b], Described([a], [c], {}, [b]))
    assert said == (
        "The words of “cheap training” found 2 papers; I added the paper closest in meaning to it as a whole and "
        "left out one paper of them further from it."
    )


def test_a_broad_reading_of_the_words_is_narrowed_to_the_papers_on_the_description(assistant):
    # the words ("parallel", "training", "regression", "clustering") find five papers, LLM training among them; by
    # meaning, two of those far below the others are left out, and his regression and parallel-training scalability
    # papers stay
    answer = _ask(
        assistant,
        "Give me an overview of his work on parallel training of classical machine-learning methods (regression, "
        "clustering, SGD).",
    )
    assert answer.meta["plan"]["route"] == "topic_summary"
    assert "found 5 papers; I left out 2 papers of them further from it" in answer.answer
    titles = {c.title for c in answer.citations}
    assert len(titles) == 3
    assert any(t.startswith("An Accurate and Efficient Large-scale Regression") for t in titles)
    assert any(t.startswith("The Scalability for Parallel Machine Learning Training") for t in titles)


def test_a_negated_description_keeps_the_earlier_rule(assistant):
    # the description keeps "quantization" but not the "not": the fitted choice would weigh it as wanted
    answer = _ask(assistant, "Summarize his model compression work that is not about quantization.")
    assert "I added" not in answer.answer and "left out" not in answer.answer


def test_an_overview_of_his_work_on_a_described_subject_is_the_topic_summary(assistant):
    # "his atomistic simulation work" read as one paper's description answered from one paper; its meaning as a whole
    # leads to his two atomistic simulations of steel under irradiation, so it is the summary of the papers on it
    answer = _ask(assistant, "overview of his atomistic simulation work on metals/alloys aging under irradiation")
    assert answer.meta["plan"]["route"] == "topic_summary"
    assert "closest in meaning to it as a whole" in answer.answer
    ids = {c.arxiv_id for c in answer.citations}
    titles = {c.title or "" for c in answer.citations}
    assert len(answer.citations) == 2 and "2505.20094" in ids
    assert any(t.startswith("Unfolding an Atomistic World") for t in titles)


def test_a_reading_scores_the_pool_once_and_hands_the_scores_down(assistant, monkeypatch):
    # the fitted choice, the earlier rule and its features once each computed the pool's scores (3-4 times a summary)
    from assistant.answer.evidence import described

    topics = assistant.answerer().corpus.topics
    pool = [p for p in assistant.papers() if p.is_author_work]
    calls = []
    real = described.scores
    monkeypatch.setattr(described, "scores", lambda *a: calls.append(a) or real(*a))
    reading = described_members.read(topics, "parallel training of machine learning models", pool, [])
    assert len(calls) == 1
    assert reading.scores == real(topics, "parallel training of machine learning models", pool)
    assert reading.meant is (reading.fitted or reading.rule)
