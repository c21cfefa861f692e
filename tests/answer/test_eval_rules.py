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


def test_the_verdict_is_read_from_the_first_sentence_as_dev_new_kinds_says():
    assert rules.verdict("**Short answer:** No. It was first submitted to ISCA [1].") == ("no", True)
    assert rules.verdict("# DynaTrain\n\nYes, it trains dense and MoE models [1].") == ("yes", True)
    # "not only" is no explicit verdict, but the rule still reads its "not" as an implicit no
    assert rules.verdict("Not only does it train [1]; it also serves.") == ("no", False)
    assert rules.verdict("The paper does not evaluate inference serving [1]. Yes, later.") == ("no", False)
    assert rules.verdict("Indeed it does; see [1].") == ("yes", True)
    assert rules.verdict("DynaTrain is a training system [1].") == (None, False)


def test_verify_scores_the_verdict_then_the_paper_and_the_fact():
    q = {
        "id": "v",
        "kind": "verify",
        "expect": "no",
        "expected_papers": [{"arxiv_id": "2506.22969"}],
        "expected_facts": ["isca"],
        "question": "Was it accepted at ISCA?",
    }
    right = Answer(
        answer="No: it was submitted to ISCA'25, then accepted at SC'25 [1].",
        citations=[cite(1, "SparStencil", "2506.22969")],
    )
    wrong = Answer(answer="Yes, it was accepted at ISCA [1].", citations=right.citations)
    silent = Answer(answer="It was submitted to ISCA'25 [1].", citations=right.citations)
    assert rules.score_hard(q, right, "Yunquan Zhang")[0] == 1.0
    assert rules.score_hard(q, wrong, "Yunquan Zhang")[0] == 0.0
    assert rules.score_hard(q, silent, "Yunquan Zhang")[0] == 0.5


def test_a_filter_whose_exact_set_is_empty_scores_the_refusal_not_zero():
    q = {"kind": "near_negative", "rule": "filter", "expected_papers": [], "question": "Any work on lake ice?"}
    said = Answer(answer="The corpus does not cover this: none of her papers is about lake ice, so I list none.")
    assert rules.score_hard(q, said, "Keiko Tanaka") == (1.0, [])
    assert rules.score_hard(q, Answer(answer="Here is what I found."), "Keiko Tanaka")[0] == 0.5
    listed = Answer(answer="Her papers on it: [1].", citations=[cite(1, "Ice charts")])
    assert rules.score_hard(q, listed, "Keiko Tanaka")[0] == 0.0


def test_an_items_rule_overrides_its_kind_and_allowed_papers_cost_nothing():
    q = {
        "id": "d",
        "kind": "dates",
        "rule": "filter",
        "question": "What came out in March 2025?",
        "expected_papers": [{"arxiv_id": "2503.00001"}],
        "allowed_papers": [{"arxiv_id": "2503.00002"}],
    }
    both = Answer(answer="[1] [2]", citations=[cite(1, "A", "2503.00001"), cite(2, "B", "2503.00002")])
    extra = Answer(answer="[1] [2]", citations=[cite(1, "A", "2503.00001"), cite(2, "C", "2401.00003")])
    assert rules.is_hard([q]) and rules.rule_of(q) == "filter"
    assert rules.score_hard(q, both, "Yunquan Zhang")[0] == 1.0
    assert rules.score_hard(q, extra, "Yunquan Zhang")[0] == 0.75
