"""A topic that grounds no paper while another slot (a co-author, years, a venue) already selects papers (issue 21):
a subject the papers lack stays refused, and a word that only names what is listed ("her Ole Hansen
collaborations", "her write-ups from 2022": the head of the possessive's noun phrase when no paper noun names the
items, plan/listed.py) is no topic: the other slots select the papers, and the answer says how it read the word."""

from __future__ import annotations

import pytest

from assistant.models import Filters, Message


def ask(assistant, question: str):
    return assistant.answerer().answer([Message(role="user", content=question)], Filters())


@pytest.mark.parametrize(
    "question",
    [
        "Which of her papers with Ole Hansen are about lake ice?",
        "Which of her papers with Ole Hansen are about glaciers?",
        "Her 2021 papers with Hansen on penguins?",
        "Which of her 2022 papers are about volcanoes?",
        # the listed noun is read apart, and the subject left beside it is still what the corpus lacks
        "Which of her Ole Hansen penguin collaborations came out in 2021?",
        "Which of her collaborations with Ole Hansen are about coral reefs?",
    ],
)
def test_a_subject_the_filtered_papers_lack_stays_refused(tanaka, question):
    answer = ask(tanaka, question)
    assert not answer.citations, answer.answer
    assert "in the corpus is about" in answer.answer, answer.answer


@pytest.mark.parametrize(
    ("question", "titles"),
    [
        (
            "Which of her Ole Hansen collaborations came out in 2021 and are also on arXiv?",
            {
                "Emulating Sea-Ice Dynamics with Fourier Neural Operators",
                "Deep Ensembles for Uncertainty in Seasonal Sea-Ice Forecasts",
            },
        ),
        (
            "Which of her write-ups with Ole Hansen came out in 2022?",
            {
                "Detecting Leads in Winter Sea Ice with CryoSat-2 Waveforms",
                "Sea-Ice Thickness Retrieval Intercomparison over the Barents Sea",
            },
        ),
        (
            "Which of her collaborations with Ole Hansen are not about forecasting?",
            {
                "Towards Benchmark Datasets for Sea-Ice Segmentation",
                "Detecting Leads in Winter Sea Ice with CryoSat-2 Waveforms",
                "Sea-Ice Thickness Retrieval Intercomparison over the Barents Sea",
            },
        ),
    ],
)
def test_a_word_naming_what_is_listed_is_not_the_topic(tanaka, question, titles):
    answer = ask(tanaka, question)
    cited = {c.title for c in answer.citations}
    assert titles <= cited, answer.answer
    assert "as naming what is listed, not a topic" in answer.answer, answer.answer


@pytest.mark.parametrize(
    ("question", "topic", "word"),
    [
        ("Which of her Ole Hansen collaborations came out in 2021?", "collaborations", "collaborations"),
        ("Which of her write-ups from 2022 are on arXiv?", "ups", "write-ups"),
        ("Tanaka's Petrov collaborations?", "collaborations", "collaborations"),
        ("Her de Vries collaborations, please.", "collaborations", "collaborations"),
        ("Which of her penguin collaborations came out in 2021?", "penguin collaborations", "collaborations"),
        # "journal articles" says what kind they are (the work-type slot), not what is listed
        ("Which of her Jörg Müller collaborations are journal articles?", "collaborations", "collaborations"),
        # a paper noun names the items: the word is the topic
        ("Which of her papers with Ole Hansen are about collaborations?", "collaborations", None),
        ("Her 2021 volcano studies?", "volcano", None),
        # not the head of the possessive's phrase
        ("What are his main contributions to HPC?", "HPC", None),
        ("Which of her 2022 ones are about volcanoes?", "volcanoes", None),
    ],
)
def test_the_word_naming_what_is_listed_is_read_from_where_it_stands(question, topic, word):
    from assistant.answer.plan.listed import listed_noun

    found = listed_noun(question, topic)
    assert (found.word if found else None) == word
