"""A topic summary whose topic the user describes in their own words: the papers the description leads to by meaning
as a whole join a reading of its words that found few (evidence/described.py), and the answer says so."""

from __future__ import annotations

from assistant.answer.evidence.described import leading
from assistant.models import Filters, Message


def test_the_leading_group_ends_at_the_widest_gap():
    # 0.55 and 0.51 lead 0.44 by a gap wider than any between them: the group is the two
    assert leading({"a": 0.55, "b": 0.51, "c": 0.44, "d": 0.43, "e": 0.30}) == ["a", "b"]


def test_the_group_never_reaches_past_the_span_of_the_best():
    # 0.40 is more than the span below 0.55: the only gap read is the one after the best
    assert leading({"a": 0.55, "b": 0.40, "c": 0.20}) == ["a"]


def test_a_gap_needs_a_paper_below_it():
    assert leading({"a": 0.55}) == []
    assert leading({}) == []


def test_a_description_no_reading_of_its_words_grounds_is_read_by_its_meaning(assistant):
    # Its words ground no paper as a whole ("cheaper", "modest", "hardware" are not the paper's words); the paper on
    # cost-effective LLM training leads his others by meaning and says "LLM", so it is the answer, said so (before:
    # "the corpus does not cover this").
    asked = "Give me an overview of his work on making it cheaper to train large language models on modest hardware."
    answer = assistant.answer([Message(role="user", content=asked)], Filters())
    assert answer.meta["plan"]["route"] == "topic_summary"
    assert "closest in meaning to it as a whole" in answer.answer
    # the fitted choice (evidence/described_members.py) also takes MoE-DisCo, whose abstract is on the cost of the
    # high-end GPUs that training large MoE models needs: on the description too
    assert [c.title for c in answer.citations] == [
        "Exploiting Block Coordinate Descent for Cost-Effective LLM Model Training",
        "MoE-DisCo:Low Economy Cost Training Mixture-of-Experts Models",
    ]


def test_a_reading_that_found_one_paper_gains_those_closest_in_meaning(tanaka):
    # "telling apart the kinds of ice" is her ice-type classification, in other words: the words' reading finds only
    # the iceberg paper (it says "radar" and "scene"); the description as a whole leads to the classification paper
    asked = "Summarize her research on telling apart the kinds of ice in radar scenes."
    answer = tanaka.answer([Message(role="user", content=asked)], Filters())
    assert answer.meta["plan"]["route"] == "topic_summary"
    assert "closest in meaning to it as a whole" in answer.answer
    assert "Sea-Ice Type Classification from Sentinel-1 SAR with Self-Attention" in {c.title for c in answer.citations}


def test_a_subject_the_corpus_lacks_stays_refused_though_a_paper_leads_by_meaning(tanaka):
    # a radar paper leads her others by meaning and says "radar", but most of the description's words are used by no
    # paper ("tornado", "outbreaks", "doppler"): none of her papers is about it
    asked = "Summarize her work on forecasting tornado outbreaks with doppler weather radar."
    answer = tanaka.answer([Message(role="user", content=asked)], Filters())
    assert answer.citations == []


def test_a_paper_added_by_meaning_says_the_identity_the_description_names(tanaka):
    # "Sentinel-2" names one satellite: a Sentinel-1 paper close in meaning is not on it
    asked = "Give me a summary of her work with optical Sentinel-2 data."
    answer = tanaka.answer([Message(role="user", content=asked)], Filters())
    assert answer.citations
    assert all("Sentinel-1" not in c.title for c in answer.citations)


def test_a_summary_of_a_topic_its_words_ground_nowhere_is_read_by_meaning_not_retrieval(tanaka):
    # "synthetic aperture radar" is written "SAR" in her papers: the words ground no paper, so the question used to
    # be answered as a fact of the one paper retrieval put nearest; a summary asked of it is the topic summary of
    # the papers its meaning leads to, said so
    asked = "Give me a short summary of her work with synthetic aperture radar imagery."
    answer = tanaka.answer([Message(role="user", content=asked)], Filters())
    assert answer.meta["plan"]["route"] == "topic_summary"
    assert "closest in meaning to it as a whole" in answer.answer
    assert answer.citations


def test_a_summary_of_a_subject_the_corpus_lacks_stays_refused(tanaka):
    asked = "Give me a short summary of her work on penguin population counts."
    answer = tanaka.answer([Message(role="user", content=asked)], Filters())
    assert not answer.citations
