"""An alternative of a topic that takes in most of the scope is no narrowing (plan/topic_breadth.py): the question's
list or example widens the topic to any of its items, but one ordinary item ("ice" in a corpus of ice papers) must
not become the topic; it is dropped and the answer says so."""

from __future__ import annotations

from assistant.answer.plan.topic_breadth import BROAD_SHARE, narrowed
from assistant.models import Filters, Message


class _Topics:
    """A fake of TopicMatcher.papers_on: each phrase grounds the papers listed for it."""

    def __init__(self, on: dict[str, int]):
        self.on = on

    def papers_on(self, topic, papers, scored=True):
        return papers[: self.on.get(topic, 0)]


def _pool(n: int) -> list[str]:
    return [f"p{i}" for i in range(n)]  # narrowed reads only how many papers are in scope and hands them on


def test_an_alternative_taking_in_most_of_the_scope_is_dropped():
    pool = _pool(20)
    topic, said = narrowed(_Topics({"classifying sea ice": 5, "ice": 18}), "classifying sea ice or ice", pool)
    assert topic == "classifying sea ice"
    assert "“ice”" in said and "18 of the 20" in said


def test_alternatives_within_the_share_are_all_kept():
    pool = _pool(20)
    on = {"quantization": int(BROAD_SHARE * 20), "low-rank factorization": 2}
    assert narrowed(_Topics(on), "quantization or low-rank factorization", pool) == (
        "quantization or low-rank factorization",
        "",
    )


def test_a_broad_alternative_stays_when_the_others_ground_nothing():
    # dropping it would leave a topic no paper is on: the broad reading is the only one the corpus gives
    pool = _pool(20)
    assert narrowed(_Topics({"ice": 18}), "frozen tundra or ice", pool) == ("frozen tundra or ice", "")


def test_a_small_scope_says_too_little_to_drop_anything():
    pool = _pool(4)
    assert narrowed(_Topics({"a b": 1, "c": 3}), "a b or c", pool) == ("a b or c", "")


def test_examples_in_brackets_do_not_become_the_topic(tanaka):
    # "(ice types or concentration)" is read as alternatives, one of them "ice", which 20 of her 22 papers say:
    # before, the summary listed 21 papers; the classification papers are the topic
    asked = "Give me a rundown of her work on classifying sea ice (ice types or concentration) from radar images."
    answer = tanaka.answer([Message(role="user", content=asked)], Filters())
    assert answer.meta["plan"]["route"] == "topic_summary"
    assert answer.answer.startswith("I left out “ice” as a reading of the topic")
    assert 3 <= len(answer.citations) <= 8


def test_a_compound_list_does_not_take_in_every_paper(assistant):
    # "systems and methods for training large language models" read "systems models" as one alternative (14 of his
    # 29 papers): the summary keeps the LLM-training reading
    asked = "Summarize what he's published about systems and methods for training large language models."
    answer = assistant.answer([Message(role="user", content=asked)], Filters())
    assert "“systems models”" in answer.answer.split("\n")[0]
    assert len(answer.citations) <= 8
