"""Words said only in clauses that hold no place of the question's topic are no part of it when they are ordinary
English or no paper uses them and the frame model reads them as frame too (plan/content.py: without_outer_frame)."""

from __future__ import annotations

from assistant.answer.plan.content import without_outer_frame
from assistant.models import Filters, Message

EVERY_WORD = lambda w: True  # noqa: E731 - the papers say "short", "brief" and "great" too
FRAME = lambda words: [True] * len(words)  # noqa: E731 - the frame model reads every word it is asked as frame
SUBJECT = lambda words: [False] * len(words)  # noqa: E731 - and here as subject


def test_ordinary_words_of_a_clause_without_the_topic_are_frame():
    q = "A brief recap would be great: what has he done on shrinking neural networks?"
    assert without_outer_frame("brief great shrinking neural networks", q, EVERY_WORD, FRAME) == (
        "shrinking neural networks"
    )
    # each alternative loses them
    q = "What has he done on atomistic / materials simulation? short summary"
    assert without_outer_frame("atomistic simulation short or materials simulation short", q, EVERY_WORD, FRAME) == (
        "atomistic simulation or materials simulation"
    )


def test_a_clause_that_holds_a_place_keeps_every_word():
    # "for training large language models" is no place, but its clause holds "his systems work"
    q = "Summarise his systems work for training large language models."
    topic = "systems training large language models"
    assert without_outer_frame(topic, q, EVERY_WORD, FRAME) == topic


def test_a_word_the_frame_model_reads_as_subject_stays():
    q = "Overview of his model-compression work that is NOT quantization-centric - low-rank, parameter sharing."
    topic = "model-compression low-rank parameter sharing"
    assert without_outer_frame(topic, q, EVERY_WORD, SUBJECT) == topic
    assert without_outer_frame(topic, q, EVERY_WORD, FRAME) == "model-compression low-rank parameter"


def test_words_no_paper_uses_are_frame_too_and_words_that_tell_papers_apart_stay():
    q = "Summarize her work on sea-ice forecasting. Short rundown, Sentinel-1 only."
    used = lambda w: w.casefold() in {"short", "sea-ice", "forecasting", "sentinel-1"}  # noqa: E731
    assert without_outer_frame("sea-ice forecasting Short rundown Sentinel-1", q, used, FRAME) == (
        "sea-ice forecasting Sentinel-1"
    )


def test_a_question_with_no_place_keeps_its_topic():
    q = "Quantization summary, short."
    assert without_outer_frame("Quantization short", q, EVERY_WORD, FRAME) == "Quantization short"
    # nothing left: the topic as it was
    q = "What has he done on it? Short and great."
    assert without_outer_frame("short great", q, EVERY_WORD, FRAME) == "short great"


def test_a_summary_asked_before_a_framing_clause_reads_only_its_topic(assistant):
    # before, "short" stayed in the topic ("stencil computations Short"): the papers say "short"
    question = "Has he worked on stencil computations? Short summary please."
    answer = assistant.answer([Message(role="user", content=question)], Filters())
    assert answer.meta["plan"]["topic"] == "stencil computations"
