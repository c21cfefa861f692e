"""A question the plan reads as yes/no reaches a verdict kind, whichever route its words drew: a claim that a person
holds a role on a paper (not a reference to the person holding it), a claim about a paper the question describes on
a route of its record, and a figure's bound asserted of one work (not a threshold over the papers)."""

from __future__ import annotations

from tests.conftest import said_verdict


def test_a_claim_that_someone_holds_the_role_is_checked_on_the_papers_byline(tanaka):
    # "the first author of X" after "Is <name>" is what the claim asserts, not the person asked about (joint.py)
    said, text = said_verdict(
        tanaka, "Is Keiko Tanaka the first author of the TGRS paper on classifying sea-ice types with self-attention?"
    )
    assert said == "no" and "its first author is Jörg Müller, not Keiko Tanaka" in text, text


def test_a_claim_about_a_described_paper_on_its_authors_route_gets_a_verdict(tanaka):
    said, text = said_verdict(
        tanaka, "Is Keiko Tanaka the lead author of the paper forecasting ice drift with graph neural networks?"
    )
    assert said == "no" and "its first author is Ole Hansen" in text, text


def test_a_bound_asserted_of_one_work_is_a_verdict_not_a_threshold_list(assistant):
    said, text = said_verdict(
        assistant, "Did the meta-study on LLM and human abilities collect performance data from more than 80 models?"
    )
    assert said == "yes" and "over 80 models" in text, text
