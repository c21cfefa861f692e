"""A yes/no question about a set of papers is decided paper by paper over that set and aggregated by its quantifier,
not answered from the one paper retrieval finds first."""

from __future__ import annotations

from assistant.answer.plan.phrases.quantifiers import quantified
from assistant.models import Filters, Message
from tests.asking import ask
from tests.conftest import said_verdict


def _read(question):
    found = quantified(question)
    return found and (found.quantifier, found.count, found.scope, found.claim)


def test_the_quantifier_the_set_and_the_claim_are_read_apart():
    assert _read("Were all of his 2020 papers about machine learning?") == ("all", None, "", "about machine learning")
    assert _read("Do both of his stencil papers use matrix units?") == ("all", 2, "stencil", "use matrix units")
    assert _read("Are all three of his papers dated December 9, 2024 about compressing models?") == (
        "all",
        3,
        "",
        "about compressing models",
    )
    assert _read("Did any of his papers run on Huawei accelerators?") == ("any", None, "", "run on Huawei accelerators")
    assert _read("Is everything he has dated 2026 about large language models?")[0::3] == (
        "all",
        "about large language models",
    )
    assert _read("Are his quantization papers all evaluated on LLMs?") == (
        "all",
        None,
        "quantization",
        "evaluated on LLMs",
    )
    assert _read("Were none of her papers about icebergs?")[0] == "none"


def test_a_question_whether_such_papers_exist_or_about_one_paper_is_no_set():
    assert quantified("Has he done any work on federated learning?") is None
    assert quantified("Does she have any papers on lake or river ice?") is None
    assert quantified("Does DynaTrain put all distributed training states into a single coordinate space?") is None
    assert quantified("Is there code in any of his papers?") is None


def test_a_claim_before_the_set_is_read_with_its_subject():
    assert _read("Is Tanaka first author on all of her papers with Ole Hansen?") == (
        "all",
        None,
        "",
        "Tanaka first author with Ole Hansen",
    )


def test_a_position_the_claim_asserts_is_checked_on_each_byline_not_used_to_select_the_set(tanaka):
    said, text = said_verdict(tanaka, "Was Keiko Tanaka the lead author on every one of her papers with Ivan Petrov?")
    first, rest = text.split("\n", 1)
    assert said == "no" and first.startswith("No: 1 of the 3 papers"), text
    assert "its first author is Ivan Petrov, not Keiko Tanaka" in rest.split("\n")[0], text


def test_all_is_no_when_some_paper_of_the_set_is_off_the_claim_and_cites_those(assistant):
    plan = assistant.answerer().plan(
        [Message(role="user", content="Were all of his 2020 papers about machine learning?")], Filters()
    )
    assert plan.route == "set_verdict" and plan.quantified and plan.filters.year_from == 2020
    said, text = said_verdict(assistant, "Were all of his 2020 papers about machine learning?")
    first = text.split("\n")[0]
    assert said == "no" and first.startswith("No: 2 of the 4 papers"), text
    assert "HONPAS" in text.split("\n")[1]  # the papers off the claim come first


def test_any_is_yes_citing_the_paper_that_states_it(assistant):
    said, text = said_verdict(assistant, "Did any of his papers run on Huawei accelerators?")
    assert said == "yes" and "AIPerf" in text and "Ascend 910" in text, text


def test_none_is_yes_when_no_paper_of_the_set_is_on_the_claim(assistant):
    said, text = said_verdict(assistant, "Are none of his papers about protein folding?")
    assert said == "yes" and text.startswith("Yes: none of the 29 papers"), text


def test_a_title_states_the_claim_and_a_versioned_name_only_as_written(tanaka):
    said, text = said_verdict(tanaka, "Do both of her melt pond papers use Sentinel-2 imagery?")
    assert said == "yes" and "Melt Pond Fraction" in text, text
    said, text = said_verdict(tanaka, "Did none of Keiko Tanaka's papers use Sentinel-2?")
    assert said == "no" and text.startswith("No: 2 of the"), text
    assert "Sentinel-1" not in text.split("\n")[0]


def test_all_is_left_open_when_no_paper_is_off_but_some_do_not_say(assistant):
    said, text = said_verdict(assistant, "Are all of his quantization papers evaluated on LLMs?")
    first = text.split("\n")[0]
    assert first.startswith("The abstracts do not say for all the 7 papers"), text
    assert "1 states it" in first and "6 do not say either way" in first and "CALM" in text


def test_a_venue_the_set_is_selected_by_is_no_topic_of_it(tanaka):
    # "her IGARSS papers": the venue's acronym selects the set; no paper's text has to say "IGARSS"
    answer = ask(tanaka, "Did both of her IGARSS papers use convolutional networks?")
    assert answer.answer.startswith("Yes") and len(answer.citations) == 2
