"""Spelling correction: only words that are neither English nor the corpus's own, never an inflection."""

from __future__ import annotations

from assistant.answer.plan.spelling import correct_spelling, is_word

# A corpus vocabulary with near neighbours of ordinary English words ("tends" of "sends", "studies" of "studied").
CORPUS = {"parallel", "programming", "communication", "tends", "studies", "suite", "dynatrain", "quantization"}


def knows(term: str) -> bool:
    return term in CORPUS


def test_misspelt_words_are_corrected_to_the_corpus_word_one_edit_away():
    text, fixes = correct_spelling("what hybrid paralel programing model uses comunication?", knows)
    assert text == "what hybrid parallel programming model uses communication?"
    assert fixes == ["paralel→parallel", "programing→programming", "comunication→communication"]


def test_english_words_and_their_inflections_are_left_alone():
    question = "Which methods were studied, and where does it send each input that suits it?"
    text, fixes = correct_spelling(question + " It sends inputs.", knows)
    assert text == question + " It sends inputs." and fixes == []
    assert is_word("studied", knows) and is_word("sends", knows) and is_word("stopped", knows)


def test_a_misspelt_system_name_is_corrected_and_its_case_kept():
    assert correct_spelling("How fast is Dynatrian?", knows)[0] == "How fast is Dynatrain?"
    assert not is_word("paralel", knows)


def test_a_topic_read_as_written_takes_the_corrections_but_keeps_names():
    from assistant.answer.plan.spelling import respelled

    assert respelled("gradiant boosted trees", ["gradiant→gradient"]) == "gradient boosted trees"
    # a name written with a capital inside is kept as its authors write it
    assert respelled("ResNet or ResNeXt", ["ResNeXt→resnet"]) == "ResNet or ResNeXt"


def test_a_misspelt_topic_is_looked_for_in_the_papers_spelling(tanaka):
    from assistant.models import Filters, Message

    answer = tanaka.answer(
        [Message(role="user", content="two-author papers of hers that use gradiant boosted trees")], Filters()
    )
    assert {c.title for c in answer.citations} == {"Snow Depth on Sea Ice from Dual-Frequency Altimetry"}, answer.answer
