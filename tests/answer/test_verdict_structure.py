"""Yes/no questions read by their structure, the claim each checks, and the verdict decided from the evidence:
figures however they are written, the same figure said in the other direction, and claims about the paper's record
(year, venue, school of a thesis, authors, arXiv category), also for a paper without an abstract."""

from __future__ import annotations

import pytest

from assistant.answer.evidence import alignment, claim_record
from assistant.answer.plan.phrases import polar, yes_no
from assistant.evaluation_rules import verdict
from assistant.models import Filters, Message
from tests.conftest import make_paper


@pytest.mark.parametrize(
    ("question", "claim", "form"),
    [
        (
            "The glacier tracker from her group - did it halve the error of the old method?",
            "The glacier tracker from her group - did it halve the error of the old method",
            "clause",
        ),
        ("Her kelp survey used twelve drones, didn't it?", "Her kelp survey used twelve drones", "tag"),
        ("The pruning paper kept 98% of the accuracy, right?", "The pruning paper kept 98% of the accuracy", "check"),
        ("I read that the wind model runs on a laptop. Is that right?", "the wind model runs on a laptop", "check"),
        (
            "Someone told me the ranking study covers 40 languages; true?",
            "the ranking study covers 40 languages",
            "check",
        ),
        ("The parser handles Fortran 77 — correct?", "The parser handles Fortran 77", "check"),
        ("Is it the case that the tagger needs no labels?", "the tagger needs no labels", "that"),
        ("Is it correct that the solver scales to 1,024 nodes?", "the solver scales to 1,024 nodes", "that"),
        (
            "A colleague mentioned the cache paper won a best paper award. Am I right?",
            "the cache paper won a best paper award",
            "check",
        ),
        ("Did the cache paper win an award?", "Did the cache paper win an award", "opening"),
    ],
)
def test_a_yes_no_question_is_read_by_its_structure_with_the_claim_it_checks(question, claim, form):
    found = yes_no(question)
    assert found is not None and polar(question), question
    assert (found.claim, found.form) == (claim, form)


@pytest.mark.parametrize(
    "question",
    [
        "Why, in the cache paper, does the hit rate fall?",
        "Which survey used twelve drones, right?",
        "Can you list the kelp papers?",
        "Papers on kelp: which came first?",
        "Is there a paper on kelp? How many drones did it use?",
    ],
)
def test_other_questions_are_not_yes_no(question):
    assert not polar(question)


def test_a_statement_whose_last_clause_asks_with_a_wh_word_is_no_yes_no_question():
    # an auxiliary opens a clause of the statement ("…, was flown …"), but the last clause asks with a wh-word
    assert (
        yes_no("Her kelp survey, published the year after it, was flown at several sites: which was the coldest?")
        is None
    )
    assert yes_no("The kelp survey was flown at five sites - was it?") is not None


def test_figures_match_however_they_are_written():
    sentence = ["The compressed kernel runs 40 times faster and stays 6 points above the dense baseline."]
    assert alignment.check("it runs faster by a factor of 40", sentence).support is not None
    assert alignment.check("it runs 40-fold faster", sentence).support is not None
    assert alignment.check("it stays about six points ahead of the dense baseline", sentence).support is not None
    assert alignment.check("it runs faster by a factor of 12", sentence).contradiction is not None


def test_an_aside_in_parentheses_does_not_part_a_figure_from_its_noun():
    sentence = ["It reaches up to 812x (95x on average) faster solves with 37x lower memory use."]
    found = alignment.check("the solver ran up to 812 times faster", sentence)
    assert found.contradiction is None and found.support is not None


def test_the_same_figure_in_the_other_direction_is_a_no():
    sentence = ["The survey shows kelp cover shrinking by 3.5 km per decade along the coast."]
    assert alignment.check("kelp cover growing by 3.5 km per decade", sentence).contradiction is not None
    # a capitalised name ending in "no" is no negation: "the FNO model is faster" states "faster"
    assert alignment.check("the FNO model is faster by a factor of 9", ["It runs 9 times faster."]).support


def test_a_model_number_after_a_name_in_capitals_is_no_count():
    assert alignment.quantities("on RTX 4090 cards") == []
    assert [q.kind for q in alignment.quantities("it draws 4.5 watts")] == ["power"]


THESIS = make_paper(title="Sea Kelp Mapping", venue="University of Tromsø", work_type="thesis", year=2016, abstract="")


def test_a_thesis_at_another_school_is_a_no_that_names_the_school():
    said = claim_record.venue("She wrote her 2016 PhD thesis at Uppsala University", THESIS, [])
    assert said is not None and said.word == "No" and "University of Tromsø" in said.said
    assert claim_record.venue("her thesis was at the University of Tromsø", THESIS, []).word == "Yes"


def test_the_year_a_claim_dates_the_paper_to_is_checked_against_the_record():
    assert claim_record.year("the kelp thesis came out in 2018", THESIS).word == "No"
    assert claim_record.year("her 2016 thesis on kelp", THESIS).word == "Yes"
    paper = make_paper(abstract="Kelp cover fell between 2012 and 2020.", year=2022)
    assert claim_record.year("it found kelp cover fell between 2012 and 2020", paper) is None


def test_authors_and_categories_are_checked_against_the_record():
    paper = make_paper(authors=["Ines Moreau", "Tomas Berg"], categories=["cs.LG"])
    assert claim_record.authors("Tomas Berg was its first author", paper, "Tomas Berg", 1).word == "No"
    assert claim_record.authors("Ines Moreau was its first author", paper, "Ines Moreau", 1).word == "Yes"
    assert claim_record.authors("Tomas Berg co-wrote it", paper, "Tomas Berg", None).word == "Yes"
    assert claim_record.authors("Lea Vogt co-wrote it", paper, "Lea Vogt", None).word == "No"
    assert claim_record.categories("it is listed under cs.CV", paper, ["cs.CV"]).word == "No"
    assert claim_record.categories("it is listed under cs.LG", paper, ["LG"]).word == "Yes"


def ask(assistant, question: str) -> str:
    return assistant.answer([Message(role="user", content=question)], Filters()).answer


@pytest.mark.parametrize(
    ("question", "expect", "fact"),
    [
        ("The HPC AI500 benchmark suite came out in 2017, didn't it?", "no", "2019"),
        ("Was Jinhao Zhang the first author of the MoQE paper?", "yes", "Jinhao Zhang"),
        ("I read that SparStencil averages a 3.1x speedup. Is that right?", "yes", "3.1x"),
        ("Someone told me the MoE-DisCo training cost drops by up to 75 percent; true?", "no", "69.5"),
        ("SwarmThinkers' memory usage - was it 485-fold lower?", "yes", "485x"),
    ],
)
def test_yes_no_questions_in_these_forms_open_with_the_verdict_from_the_evidence(assistant, question, expect, fact):
    text = ask(assistant, question)
    assert verdict(text) == (expect, True), text
    assert fact in text, text
