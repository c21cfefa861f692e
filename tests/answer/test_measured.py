"""Superlatives over a quantity the question names otherwise than the papers: figures read as they are shown (LaTeX as
text) and by what they measure (evidence/measured.py), a change asked read as the change each figure makes."""

from __future__ import annotations

from assistant.answer.evidence.measured import asked_phrase, by_context, change_side
from assistant.answer.evidence.quantity import extreme
from assistant.models import Filters, Message
from tests.conftest import make_paper

# Papers on other things, so that the asked words are rare among the papers in scope (as they are in a corpus).
_OTHERS = [
    make_paper(id=f"o{i}", title=f"Other {i}", abstract=f"We study topic {i} of glaciers. It reaches {i + 1} km.")
    for i in range(8)
]


def test_a_latex_factor_is_read_as_it_is_shown():
    p = make_paper(id="cet", abstract="On ResNet-34, CET achieves nearly 11$\\times$ parameter compression.")
    found = extreme("compression", [p], 1)
    assert [(r.said, r.value) for r in found] == [("11×", 11.0)]
    assert found[0].sentence.endswith("11$\\times$ parameter compression.")  # quoted as the source writes it


def test_a_cut_asked_ranks_the_share_a_cost_is_lowered_to_over_a_smaller_cut():
    to = make_paper(
        id="bcd",
        abstract="We reduce the training cost of a 7B model to 33% on A100 and only 2.6% on RTX 4090 clusters.",
    )
    by = make_paper(id="moe", abstract="Our method matches full training while reducing training cost by 47.6 percent.")
    words = asked_phrase("Which of his papers claims the biggest cut in LLM training cost?", 32)
    assert change_side(words) == 1
    ranked, _ = by_context(words, [to, by, *_OTHERS], 1)
    assert [(m.paper.id, m.said) for m in ranked] == [("bcd", "2.6%"), ("moe", "47.6 percent")]


def test_a_count_of_something_else_measures_no_asked_noun():
    kinds = make_paper(id="kinds", abstract="We choose four kinds of parallel machine learning training algorithms.")
    ranked, _ = by_context(["machine"], [kinds, *_OTHERS], 1)
    assert ranked == []


def test_figures_in_another_unit_are_said_apart_not_ranked():
    pct = make_paper(id="pct", abstract="The classifier reaches 91.3% overall accuracy on held-out scenes.")
    pts = make_paper(id="pts", abstract="Its overall accuracy is 6 points above the baseline on held-out scenes.")
    ranked, others = by_context(["overall", "accuracy"], [pct, pts, *_OTHERS], 1)
    assert [m.said for m in ranked] == ["91.3%"]
    assert [m.said for m in others] == ["6 points"]


def test_a_memory_reduction_asked_otherwise_than_written_is_answered_with_its_paper(assistant):
    answer = assistant.answer(
        [Message(role="user", content="What's the largest drop in memory footprint any of his papers reports?")],
        Filters(),
    )
    assert "485x" in answer.answer
    assert [c.arxiv_id for c in answer.citations][:1] == ["2505.20094"]
