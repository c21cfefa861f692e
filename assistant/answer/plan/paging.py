"""Paging a long list: "more" or "show the rest" after a list answer asks for its next page. The conversation carries
no state, so the page is counted from the turns: the question that asked for the list is planned again, one page on
for each "more" since."""

from __future__ import annotations

import re

from assistant.answer.plan.conversation import split_turns
from assistant.answer.plan.phrases import MORE, OFFERED
from assistant.models import Message

# How many papers a list answer's first line announces: "(79 papers, newest first)", "holds 79 papers", "31
# (thirty-one) of his papers" (not any number: "the largest speedup is 4963x" lists nothing).
_ANNOUNCED = re.compile(r"(?<![\d.])(\d+)(?:\s+\([a-z -]+\))?\s+(?:papers\b|of\b)")


def continued_list(messages: list[Message], page_size: int) -> tuple[list[Message], int] | None:
    """(the conversation up to the question that asked for a list, the page wanted) when the last question asks for
    the rest of it ("more", "show the rest"; each further "more" one page on); None otherwise. The list is known to
    go on by the line that offered the rest or, when a client sent back only the start of a long answer, by a number
    larger than a page in its first line."""
    question, history = split_turns(messages)
    if not MORE.match(question):
        return None
    page = 1
    asked, earlier = split_turns(history)
    while asked and MORE.match(asked):
        page += 1
        asked, earlier = split_turns(earlier)
    if not asked:
        return None
    start = len(earlier)
    answer = next((m.content for m in history[start + 1 :] if m.role == "assistant"), "")
    first = answer.split("\n", 1)[0]
    if OFFERED.search(answer) or any(int(n) > page_size for n in _ANNOUNCED.findall(first)):
        return history[: start + 1], page
    return None
