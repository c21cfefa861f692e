"""One calibrated membership score (evidence/topic_score.py) admits a paper whose title and text say the topic in other
forms and close in meaning, where no sentence holds the topic's words as written."""

from __future__ import annotations

from assistant.answer.evidence.topic_score import BIAS, STEM_FLOOR, W_SENTENCE, W_STEMS, W_TITLE, membership
from assistant.models import Filters, Message

ON_BOARD = "Quantized Convolutional Networks for On-Board Ice Classification on Small Satellites"
WAVEFORMS = "Detecting Leads in Winter Sea Ice with CryoSat-2 Waveforms"
REACTOR = "Unfolding an Atomistic World: Atomistic Simulation of Reactor Pressure"


def titles(assistant, question: str) -> set[str]:
    answer = assistant.answer([Message(role="user", content=question)], Filters())
    return {c.title or "" for c in answer.citations}


def test_words_grounding_a_topic_pass_and_meaning_alone_needs_most_of_its_stems():
    assert membership(True, 0.3, 0.2, 0.5) >= 0
    assert membership(False, 0.7, 0.7, 0.0) < 0  # close in meaning, none of its words: a neighbouring topic
    assert membership(False, 1.0, 1.0, STEM_FLOOR - 0.01) < 0
    assert abs(W_SENTENCE + W_TITLE + W_STEMS * STEM_FLOOR + BIAS) < 1e-9


def test_a_paper_saying_the_topic_in_other_forms_is_on_it(tanaka):
    # "Ice Classification" in its title, "sea ice" and "SAR" in its text, never "classifying sea ice in SAR images".
    assert ON_BOARD in titles(tanaka, "Which of her papers deal with classifying sea ice in SAR images?")
    # The waveform paper says "altimeter", never "altimetry".
    assert WAVEFORMS in titles(tanaka, "Give me an overview of her altimetry-based papers.")


def test_a_verb_of_the_topic_meets_its_noun_in_a_close_paper(assistant):
    # "simulating" is said as "Simulation" in the reactor paper's title.
    found = titles(assistant, "Which of his papers are on simulating?")
    assert any(t.startswith(REACTOR) for t in found), found


def test_a_phrase_its_words_do_not_ground_is_still_read_again_by_its_distinguishing_words(assistant):
    # "results measured NVIDIA A100 GPUs" as a whole is near one paper in meaning only; the planner asks whether the
    # words ground a paper, so the topic is read again as the A100 and every paper saying it is listed.
    found = titles(assistant, "Which of his papers give results measured on NVIDIA A100 GPUs?")
    assert "Exploiting Block Coordinate Descent for Cost-Effective LLM Model Training" in found
    assert len(found) >= 3
