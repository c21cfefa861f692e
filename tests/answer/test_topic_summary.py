"""A topic summary: one contribution line per paper, the count in its header the papers it lists."""

from __future__ import annotations

from assistant.models import Filters, Message


def test_a_paper_without_an_abstract_is_listed_by_its_title(tanaka):
    # Her tutorial review has no abstract in the corpus: it is still the paper the summary counts and cites (before,
    # the header said "(0 papers)" over an empty list).
    answer = tanaka.answer([Message(role="user", content="Summarize her work on deep learning tutorials.")], Filters())
    assert answer.meta["plan"]["route"] == "topic_summary"
    assert "(1 paper)" in answer.answer
    assert [c.title for c in answer.citations] == ["Deep Learning for Sea Ice: A Tutorial Review"]


def test_a_rundown_of_a_topic_is_written_as_the_topic_summary(tanaka):
    # "a rundown of her X research" asks a summary of the papers on X, whether the vote reads a fact or a list: each
    # paper gets its contribution line (before: read as a fact, it quoted one paper).
    asked = "Can you give me a rundown of her sea-ice forecasting research?"
    answer = tanaka.answer([Message(role="user", content=asked)], Filters())
    assert answer.meta["plan"]["route"] == "topic_summary"
    assert "one contribution each" in answer.answer
    cited = {c.title for c in answer.citations}
    assert {
        "Deep Ensembles for Uncertainty in Seasonal Sea-Ice Forecasts",
        "Ice Drift Forecasts with Graph Neural Networks",
    } <= cited


def test_a_summary_of_a_topic_cites_more_than_one_paper(assistant):
    # "a summary of everything he has published that deals with X": the papers on X, not the one retrieval ranks first
    asked = "Give me a summary of everything he has published that deals with large language models."
    answer = assistant.answer([Message(role="user", content=asked)], Filters())
    assert answer.meta["plan"]["route"] == "topic_summary"
    assert len(answer.citations) >= 3
