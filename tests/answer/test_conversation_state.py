"""Turns that refer to the conversation: a correction read against the papers shown and the question it corrects (the
venue, dates and "later"/"earlier" it says in the table's own values), a condition over the set shown, the ask of a
paper picked by "the other one" without the words that picked it, and fillers that open a turn."""

from __future__ import annotations

from assistant.answer.plan import correction
from assistant.answer.plan.conversation import asked_only
from assistant.answer.plan.intents import topic_words
from tests.conftest import converse, make_paper, titles


def test_fillers_that_open_a_turn_are_no_topic():
    assert topic_words("hmm, alright - anything from the year after about glacier calving?", "Ada Lovelace") == [
        "glacier",
        "calving",
    ]
    assert topic_words("Okay. Yeah, and her work on snow radar?", "Ada Lovelace") == ["snow", "radar"]


def test_the_words_that_pick_a_paper_are_no_part_of_the_ask():
    assert asked_only("ok, and the other one - which hardware did it run on?") == "which hardware did it run on?"
    assert asked_only("For the older one of the two, how large was the training set?") == (
        "For , how large was the training set?"
    )
    assert asked_only("and the other one?") == "and the other one?"  # nothing else asked: the question as it is


def test_a_correction_says_the_paper_meant_in_the_tables_values():
    ruled_out = make_paper(id="a", venue="Ocean Letters", date="2020-06-01", year=2020)
    keep = correction.grounded("I meant her more recent Ocean Letters one", ["Ocean Letters"], None, [ruled_out])
    assert keep(make_paper(id="b", venue="Ocean Letters", date="2022-01-01", year=2022))
    assert not keep(make_paper(id="c", venue="Ocean Letters", date="2019-01-01", year=2019))
    assert not keep(make_paper(id="d", venue="Ice Review", date="2023-01-01", year=2023))
    earlier = correction.grounded("no, the older paper", [], None, [ruled_out])
    assert earlier(make_paper(id="e", date="2018-02-02", year=2018))
    assert not earlier(make_paper(id="f", date="2021-02-02", year=2021))
    assert correction.grounded("the one about snow", [], None, [ruled_out]) is None


def test_a_correction_by_venue_and_later_then_a_detail_of_that_paper(tanaka):
    answers = converse(
        tanaka,
        "What's her convolutional ice classification work at IGARSS about?",
        "Wrong one - not the charting paper from 2019; the more recent IGARSS one.",
        "What wattage does it need?",
    )
    meant = "Quantized Convolutional Networks for On-Board Ice Classification on Small Satellites"
    assert titles(answers[1]) == [meant]
    assert answers[1].meta["plan"].get("dates") is None  # the 2019 told the paper set aside: no filter
    assert titles(answers[2])[:1] == [meant] and "2.3 W" in answers[2].answer


def test_a_correction_is_read_with_the_question_it_corrects(assistant):
    # Several papers are on experts; the one meant is the one on what the first question asked (cheap LLM training).
    answers = converse(
        assistant,
        "Has he worked on making large language model training affordable on low-cost GPUs?",
        "no, not the coordinate descent paper - I mean the one with the experts",
        "which models was the saving in cost shown on?",
    )
    assert titles(answers[1]) == ["MoE-DisCo:Low Economy Cost Training Mixture-of-Experts Models"]
    assert "Qwen1.5-MoE-2.7B" in answers[2].answer


def test_a_condition_over_the_papers_shown_keeps_to_them(tanaka):
    answers = converse(
        tanaka,
        "Which papers did she co-write with Ole Hansen?",
        "and of those, which ones list her as first author?",
    )
    shown = set(titles(answers[0]))
    assert len(shown) == 6 and titles(answers[1]) and set(titles(answers[1])) <= shown


def test_the_other_one_then_its_evaluation(assistant):
    answers = converse(
        assistant,
        "Which of his papers deal with stencils?",
        "How many kernels was SparStencil run on?",
        "ok, the other one: on what was it evaluated?",
    )
    assert "2310.16298" in answers[2].answer.split("\n")[0]
    assert "simulator" in answers[2].answer


def test_a_correction_whose_description_a_title_holds(tanaka):
    # Another paper's abstract lists calving fronts among its tasks; the title that holds the words is the one meant.
    answers = converse(tanaka, "What did Tanaka write about icebergs?", "not quite - I meant her calving-front work")
    assert titles(answers[1]) == ["Calving Front Delineation of Greenland Glaciers with Multi-Temporal SAR"]


def test_a_correction_that_picks_from_the_list_by_its_year(tanaka):
    answers = converse(tanaka, "Her Sentinel-2 papers, please.", "no, I meant the one from 2023")
    assert titles(answers[1]) == ["Coastline Extraction with Self-Supervised Pretraining on Sentinel-2"]


def test_where_it_was_evaluated_is_asked_beside_how_it_works():
    from assistant.answer.evidence.asked import read

    assert read("How is the detector built, and against which baselines was it tested?").roles == ("method", "result")
    assert read("on what data was it evaluated?").roles == ("result",)


def test_the_anchors_own_year_is_a_date_counted_from_the_conversation():
    from assistant.answer.plan import phrases

    for said in ("Anything else she wrote around the same time?", "and that very same year, what about radar?"):
        assert phrases.dates(said).relative == (0, 1)
    assert phrases.dates("The method cuts memory and at the same time speeds it up.") is None
    assert phrases.dates("papers from that same year as the coastline one") is None  # "as" names its own anchor
    assert phrases.dates("Her two radar papers from the same year: which came first?") is None
    assert topic_words("in that same year, anything on snow radar?", "Ada Lovelace") == ["snow", "radar"]


def test_the_same_year_as_the_paper_of_the_previous_answer(tanaka):
    answers = converse(tanaka, "When did her melt pond paper come out?", "Anything else from her around the same time?")
    assert titles(answers[1]) == ["Correcting Incidence-Angle Effects in SAR Sea-Ice Classification"]
