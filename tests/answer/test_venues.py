"""A venue the question names filters the table: by the venue's own words ("in The Cryosphere") or by an acronym of
a run of its words ("IGARSS" for "… International Geoscience and Remote Sensing Symposium")."""

from __future__ import annotations

from assistant.models import Filters, Message
from tests.asking import ask


def test_a_venue_named_by_its_words(tanaka):
    answer = ask(tanaka, "How many of her papers appeared in The Cryosphere?")
    assert answer.meta["plan"]["venues"] == ["The Cryosphere"] and answer.meta["plan"]["topic"] == ""
    assert "2 (two)" in answer.answer and "in The Cryosphere" in answer.answer


def test_a_venue_named_by_an_acronym_of_its_words(tanaka):
    answer = ask(tanaka, "How many IGARSS papers has she published?")
    assert len(answer.meta["plan"]["venues"]) == 2 and "2 (two)" in answer.answer


def test_no_venue_when_none_is_named(tanaka):
    assert ask(tanaka, "How many papers has she published since 2020?").meta["plan"]["venues"] == []


def test_a_correction_that_rules_a_paper_out_by_name_and_describes_another(tanaka):
    """ "No, not the incidence-angle one. I meant the paper that uses an attention network.": "not the X one" rules
    the incidence-angle paper out instead of picking it."""
    messages = [Message(role="user", content="What has she done on classifying sea-ice types from Sentinel-1 SAR?")]
    first = tanaka.answer(messages, Filters())
    messages += [
        Message(role="assistant", content=first.answer),
        Message(
            role="user", content="No, not the incidence-angle one. I meant the paper that uses an attention network."
        ),
    ]
    corrected = tanaka.answer(messages, Filters())
    assert [c.title for c in corrected.citations] == [
        "Sea-Ice Type Classification from Sentinel-1 SAR with Self-Attention"
    ]


def test_a_correction_among_many_listed_papers_rules_one_out_and_picks_the_one_described(tanaka):
    """Seven forecasting papers listed: "not the one about shipping routes" rules the routing paper out, and "the one
    that predicts how the ice drifts" picks the drift paper (a paper merely far from shipping routes is not meant)."""
    messages, answers = [], []
    for turn in (
        "What has she done on sea-ice forecasting?",
        "No, not the one about shipping routes - I mean the one that predicts how the ice drifts.",
        "What was its error?",
    ):
        messages.append(Message(role="user", content=turn))
        answers.append(tanaka.answer(messages, Filters()))
        messages.append(Message(role="assistant", content=answers[-1].answer))
    _, corrected, then = answers
    assert [c.title for c in corrected.citations] == ["Ice Drift Forecasts with Graph Neural Networks"]
    assert "4.1 km" in then.answer


def test_a_question_whose_only_words_name_a_venue_lists_its_papers(tanaka):
    # "What did she present at IGARSS?": no topic and no paper named; the venue selects the papers
    answer = ask(tanaka, "What did she present at IGARSS?")
    assert answer.meta["plan"]["route"] == "list" and len(answer.citations) == 2, answer.answer
