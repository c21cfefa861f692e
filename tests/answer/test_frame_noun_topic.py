"""A topic that grounds no paper while another slot (a co-author, years, a venue) already selects papers (issue 21):
a subject the papers lack stays refused. A word that only names what is listed ("her Ole Hansen collaborations")
is still refused too: the refusal model has no labelled case of that shape to learn "answer from the other
conditions" from, and the frame model scores such a word (-2.3 log-odds) much like a real subject the corpus lacks
("volcanoes", -1.7), so the strict xfails below flip when that is read apart."""

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
    ],
)
def test_a_subject_the_filtered_papers_lack_stays_refused(tanaka, question):
    answer = ask(tanaka, question)
    assert not answer.citations, answer.answer
    assert "in the corpus is about" in answer.answer, answer.answer


@pytest.mark.xfail(strict=True, reason="issue 21: a word naming what is listed becomes the topic and is refused")
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
