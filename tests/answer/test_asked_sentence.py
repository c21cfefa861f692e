"""A question that first describes a paper, then asks of it: the description and the ask are split
(main_clause.asked_part), and the sentence answering the ask is a learned choice (evidence/asked_sentence.py) loaded
from its weights file (made-up wordings and papers)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from assistant.answer.evidence import asked_sentence
from assistant.answer.evidence.weigh import QueryTerms, SentencePicker
from assistant.answer.plan.phrases.main_clause import asked_part
from tests import conftest


@pytest.mark.parametrize(
    ("question", "ask"),
    [
        (
            "Mara Ilves led two of her papers. For the one about kilns, which fuels were compared?",
            "which fuels were compared?",
        ),
        ("Her co-author on the glacier paper wrote a later one with her. How many scenes did it use?", None),
        ("In the paper where Ilves is second author, into which stages is the pipeline split?", None),
        ("The kiln paper she posted in 2021 - what did its smallest furnace reach?", None),
        ("Take the one that isn't about ovens: what metric does it report?", "what metric does it report?"),
    ],
)
def test_a_described_paper_and_its_ask_are_split(question, ask):
    description, asked = asked_part(question)
    assert description and asked
    assert asked not in description and question.startswith(description.split()[0])
    if ask is not None:
        assert asked == ask
    assert asked[0].casefold() in "wihot" and asked.endswith("?")


@pytest.mark.parametrize(
    "question",
    ["What fuels does the kiln paper compare?", "So, which fuels?", "How many scenes did the glacier model use?"],
)
def test_a_single_ask_is_not_split(question):
    assert asked_part(question) == ("", question)


def test_the_weights_file_matches_the_features_and_keeps_its_provenance():
    data = json.loads(asked_sentence.WEIGHTS.read_text())
    assert data["features"] == list(asked_sentence.FEATURES) and len(asked_sentence.FEATURES) <= 12
    lowo = data["provenance"]["leave_one_writer_out"]
    assert lowo["folds"] >= 10 and lowo["learned"] > lowo["current"]
    assert asked_sentence.model() is not None


def test_the_ask_picks_its_sentence_over_the_one_restating_the_description(assistant):
    """The description's words ("chooses a kiln schedule for each batch") are the paper's own announcement; the ask
    (which fuels) is answered by another sentence, which the learned choice quotes."""
    abstract = (
        "We present KilnMind, which chooses a firing schedule for each batch of ceramics automatically. "
        "Schedules are searched with a surrogate of the kiln's heat transfer. "
        "Experiments on natural gas, hydrogen and biomass fuels show savings of 12% in energy. "
        "The surrogate runs on a laptop."
    )
    title = "KilnMind: Batch-Wise Firing Schedules for Ceramic Kilns"
    paper = conftest.make_paper(id="k1", title=title, display_title=title, abstract=abstract)
    answerer = assistant.answerer()
    picker = SentencePicker(answerer.retriever.embeddings)

    def qterms(text):
        return QueryTerms.of(text, answerer.retriever.lexical)

    question = (
        "Mara Ilves led two kiln papers. For the one that chooses a firing schedule per batch, which fuels were tried?"
    )
    texts, rows = asked_sentence.features(picker, qterms, question, paper)
    assert rows.shape == (len(texts), len(asked_sentence.FEATURES))
    picked = asked_sentence.answering(picker, qterms, question, paper)
    assert picked is not None and "hydrogen" in picked
    assert asked_sentence.answering(picker, qterms, "Which fuels did KilnMind try?", paper) is None
    assert np.all(rows[:, asked_sentence.FEATURES.index("whole")] <= 0)


def test_the_model_prefers_the_asks_best_sentence_to_the_whole_questions():
    """Of two sentences, one best for the whole question (it restates the description) and one best for the ask
    alone, the ask's wins when it is well ahead on the ask and little behind on the whole question."""
    f = asked_sentence.FEATURES
    restating, answering = np.zeros(len(f)), np.zeros(len(f))
    restating[f.index("whole_top")], restating[f.index("asked")] = 1.0, -0.4
    answering[f.index("asked_top")], answering[f.index("whole")] = 1.0, -0.2
    restating[f.index("position")], answering[f.index("position")] = 0.0, 0.5
    p = asked_sentence.model().probabilities(np.vstack([restating, answering]))
    assert p[1] > p[0]
