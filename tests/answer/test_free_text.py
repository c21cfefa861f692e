"""Free-text answers: facts verbatim from the abstracts, topic lists, out-of-corpus refusals, follow-ups, filters."""

from __future__ import annotations

from assistant.answer.compose import CANNOT_ANSWER
from assistant.models import Filters
from tests.asking import ask


def test_fact_keeps_numbers_verbatim(assistant):
    a = ask(assistant, "What end-to-end speedup does cuNNQS-SCI achieve on 64 GPUs?")
    assert "2.32X" in a.answer
    assert a.citations[0].title.startswith("cuNNQS-SCI")
    assert a.mode == "extractive" and a.notice is None


def test_untitled_paper_is_named_with_its_arxiv_id(assistant):
    a = ask(assistant, "Which paper proposes RACE for redundancy elimination in loop nests?")
    assert "2506.21960" in a.answer
    assert a.citations[0].title is None and a.citations[0].display_title.startswith("RACE")


def test_out_of_corpus_says_so_and_cites_nothing(assistant):
    for q in [
        "What has Yunquan Zhang published on climate policy?",
        "What is the capital of France?",
        "Tell me about protein folding with AlphaFold.",
    ]:
        a = ask(assistant, q)
        assert a.citations == [] and CANNOT_ANSWER in a.answer, (q, a.answer)


def test_follow_up_answers_from_the_earlier_paper(assistant):
    a = ask(assistant, "Tell me about FP=xINT.", "What accuracy did it reach on ResNet-50?")
    assert a.citations[0].arxiv_id == "2412.06865"
    assert "77.03%" in a.answer


def test_other_groups_papers_are_labelled(assistant):
    a = ask(assistant, "Which papers in the corpus are about federated learning?")
    assert a.citations and not any(c.is_author_work for c in a.citations)
    assert "not Yunquan Zhang's paper" in a.answer


def test_author_questions_do_not_cite_other_groups(assistant):
    a = ask(assistant, "What has the author worked on in mixture-of-experts models?")
    assert a.citations and all(c.is_author_work for c in a.citations)


def test_year_filter_restricts_citations(assistant):
    a = ask(assistant, "What has the author done on model compression?", filters=Filters(year_from=2025))
    assert a.citations and all(c.year >= 2025 for c in a.citations)


def test_named_paper_questions_are_answered_about_that_paper(assistant):
    for question, start in [("What does CALM do?", "CALM"), ("What is AtomWorld?", "Unfolding an Atomistic World")]:
        a = ask(assistant, question)
        assert len(a.citations) == 1 and a.citations[0].title.startswith(start), (question, a.answer)


def test_summary_of_a_paper_described_by_topic(assistant):
    a = ask(assistant, "Summarize the paper on best friend clustering.")
    assert len(a.citations) == 1 and "Best Friend Clustering" in a.citations[0].title
    assert a.answer.count("[1]") >= 2
