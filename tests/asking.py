"""How the answering tests put a question (or a conversation) to an Assistant, and read whom the answer cites."""

from __future__ import annotations

from assistant.models import Answer, Filters, Message


def ask(assistant, *turns: str, filters: Filters | None = None) -> Answer:
    """The answer to the last of the user's turns, each earlier turn followed by the assistant's own answer to it."""
    messages: list[Message] = []
    answer = None
    for turn in turns:
        messages.append(Message(role="user", content=turn))
        answer = assistant.answer(messages, filters or Filters())
        messages.append(Message(role="assistant", content=answer.answer))
    return answer


def first_cited(answer: Answer) -> str:
    """The first cited paper's title (its derived title when it has none), "" when nothing is cited."""
    return (answer.citations[0].title or answer.citations[0].display_title) if answer.citations else ""
