"""A "how many X" question is answered by the sentence whose number counts X, also when the paper counts X by a kind
of it ("10 U-Nets" for "networks"): evidence/counted_noun.py (made-up papers)."""

from __future__ import annotations

from assistant.answer.evidence.counted_noun import counted_phrase, counting
from assistant.answer.evidence.weigh import QueryTerms, SentencePicker
from tests import conftest

ABSTRACT = (
    "River flood forecasts need calibrated uncertainty for emergency planning. "
    "We train an ensemble of 12 ResNets on hourly gauge records and use their spread as the forecast uncertainty. "
    "The ensemble is better calibrated than a single network with dropout, with a calibration error of 0.021 "
    "against 0.057."
)


def paper():
    title = "Ensembles for Flood Forecast Uncertainty"
    return conftest.make_paper(id="p1", title=title, display_title=title, abstract=ABSTRACT)


def test_a_count_by_a_kind_of_the_asked_thing_answers_how_many(assistant):
    picker = SentencePicker(assistant.answerer().retriever.embeddings)
    lexical = assistant.answerer().retriever.lexical
    for question in ("How many networks are in the ensemble?", "and how many networks went into the ensemble there?"):
        ranked = picker.rank(question, QueryTerms.of(question, lexical), [paper()])["p1"]
        assert "12 ResNets" in ranked[0][0], question  # not the sentence saying "a single network"


def test_a_number_of_something_else_does_not_count_it(assistant):
    picker = SentencePicker(assistant.answerer().retriever.embeddings)
    sentences = ["We collected 40 months of gauge records.", "The spread was taken over 300 stations."]
    assert counting(picker, "How many networks are in the ensemble?", sentences) == set()
    # a count in the asked words is read by its form, before any meaning
    said = ["It uses 5 stations.", "We trained 3 networks and 40 ResNets."]
    assert counting(picker, "How many networks did it train?", said) == {said[1]}
    assert counted_phrase("how many networks went into the ensemble") == "networks"
    assert counting(picker, "What accuracy did it reach?", said) == set()
