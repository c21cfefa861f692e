"""Frame or subject per word of a question, by the model fitted on every writer's labelled questions (plan/frame.py):
the frame a question is asked in drops, its subject stays, and a subject no paper holds is still said to be missing."""

from __future__ import annotations

import numpy as np

from assistant.answer.plan import frame
from assistant.answer.plan.content import content_of
from assistant.models import Filters, Message


def test_the_models_verdict_decides_which_words_are_the_topic():
    q = "a rundown of his tensor compiler publications thx"
    verdict = lambda words: [w in ("tensor", "compiler") for w in words]  # noqa: E731
    assert content_of("rundown tensor compiler thx", q, subject=verdict) == "tensor compiler"
    # a word outside every topic place that the model reads as the subject stays
    assert (
        content_of(
            "findings Svalbard",
            "Which articles contain findings concerning Svalbard?",
            subject=lambda w: [True] * len(w),
        )
        == "findings Svalbard"
    )


def test_a_topic_the_model_reads_as_all_frame_keeps_the_reading_before_it():
    # "prizes": no paper holds it and no writer's question used it; the topic is not emptied into a list of all papers
    assert content_of("prizes", "Has the author won any prizes?", subject=lambda w: [False] * len(w)) == "prizes"


def test_frame_words_score_below_subject_words(assistant):
    corpus = assistant.answerer().corpus
    papers = list(corpus.by_id.values())

    def share(word):
        return corpus.topics.holding(word, papers) / len(papers)

    def embed(words):
        return np.array(corpus.retriever.embeddings.embed_documents(words))

    q = "Give me a rundown of his tensor compiler publications thx"
    scores = dict(
        zip(
            ["rundown", "tensor", "compiler", "thx"],
            frame.subject_scores(q, ["rundown", "tensor", "compiler", "thx"], share, embed),
        )
    )
    assert scores["tensor"] > 0 and scores["compiler"] > 0
    assert scores["rundown"] < 0 and scores["thx"] < 0


def test_frame_drops_and_the_subject_stays_in_a_plan(assistant):
    plan = assistant.answerer().plan(
        [Message(role="user", content="briefly, which of his papers use stencil computation?")], Filters()
    )
    assert "stencil" in plan.topic.split()
    assert "briefly" not in plan.topic.split()


def test_a_subject_the_corpus_lacks_is_said_to_be_missing(assistant):
    answer = assistant.answer([Message(role="user", content="Has the author won any prizes?")], Filters())
    assert not answer.citations
    assert answer.meta["plan"]["topic"] == "prizes"


def test_a_subordinate_clause_is_frame_unless_the_papers_use_its_words():
    q = "How many distinct papers by her are in these exports once duplicates are merged?"
    assert content_of("once duplicates merged", q) == ""
    assert content_of("once duplicates merged", q, subject=lambda w: [True] * len(w)) == ""
    # a word of the clause the papers use stays: "if they use radar" keeps "radar"
    q = "How many of her papers count if they use radar?"
    assert content_of("radar", q, used=lambda w: w == "radar") == "radar"
    assert content_of("radar", q) == ""
