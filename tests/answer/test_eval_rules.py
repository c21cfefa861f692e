"""The hard question file's scoring rules, on hand-made answers."""

from __future__ import annotations

from assistant import evaluation_rules as rules
from assistant.models import Answer, Citation


def cite(n, title=None, arxiv=None, mine=True):
    return Citation(
        n=n,
        paper_id=f"p{n}",
        title=title,
        display_title=title or "x",
        arxiv_id=arxiv,
        year=2024,
        authors=[],
        is_author_work=mine,
        quote="q",
    )


def test_numbers_must_stand_alone_and_short_facts_be_whole_words():
    text = rules.norm_text("up to 83.8% and 2483 and 15% [2]; the C4s and C4 sets; master-worker")
    assert not rules.fact_found("83", text) and rules.fact_found("15%", text)
    assert rules.fact_found("C4", text) and rules.fact_found("master worker", text)
    assert rules.fact_found("Rademach", rules.norm_text("a Rademacher bound")) and not rules.fact_found(
        "ademacher", rules.norm_text("a Rademacher bound")
    )


def test_citations_match_by_arxiv_id_or_normalised_title_with_prefix_rule():
    c = cite(1, "FP=xINT:A Low-Bit Series Expansion Algorithm for Post-Training Quantization", "2412.06865v2")
    assert rules.matches({"arxiv_id": "arXiv:2412.06865"}, c)
    assert rules.matches({"title": "fp xint a low bit series expansion algorithm"}, c)
    assert not rules.matches({"title": "FP=xINT"}, c)  # a short prefix is not enough


def test_restated_titles_do_not_count_as_facts_and_negations_are_read():
    a = Answer(
        answer="*DeAR: Accelerating Distributed Deep Learning* is not Yunquan Zhang's paper [1].",
        citations=[cite(1, "DeAR: Accelerating Distributed Deep Learning", mine=False)],
    )
    q = {
        "kind": "other_group",
        "expected_papers": [{"title": "DeAR: Accelerating Distributed Deep Learning"}],
        "expected_facts": ["Accelerating"],
    }
    score, failures = rules.score_hard(q, a, "Yunquan Zhang")
    assert abs(score - 2 / 3) < 1e-9 and any("facts" in f for f in failures)


def test_near_negative_and_filter_scores():
    q = {"kind": "near_negative", "expected_papers": [], "related_others": [{"title": "Pruner-Zero"}]}
    assert rules.score_hard(q, Answer(answer="None of his papers is about pruning."), "Yunquan Zhang")[0] == 1.0
    assert (
        rules.score_hard(
            q, Answer(answer="Yes, see [1].", citations=[cite(1, "Pruner-Zero", mine=False)]), "Yunquan Zhang"
        )[0]
        == 0.0
    )
    f = {"kind": "filter", "expected_papers": [{"title": "A paper"}, {"title": "B paper"}]}
    assert (
        rules.score_hard(
            f, Answer(answer="[1][2]", citations=[cite(1, "A paper"), cite(2, "C paper")]), "Yunquan Zhang"
        )[0]
        == 0.25
    )
