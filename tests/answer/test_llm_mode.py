"""LLM mode through the real openai SDK and LangChain, with the endpoint faked at the HTTP layer."""

from __future__ import annotations

import pytest

from assistant.answer.check.citations import check
from assistant.core import Assistant
from assistant.models import Final, Message, Token
from assistant.settings import Settings
from tests.conftest import SEEDS
from tests.fakes import FakeOpenAI, llm_mode_assistant

QUESTION = [Message(role="user", content="What parallel efficiency does cuNNQS-SCI maintain in strong scaling tests?")]


@pytest.fixture
def fake():
    return FakeOpenAI()


@pytest.fixture
def llm_assistant(seeded_store, fake):
    return llm_mode_assistant(seeded_store, fake)


def test_llm_answer_keeps_valid_markers_and_drops_invented_ones(llm_assistant, fake):
    fake.enqueue("cuNNQS-SCI keeps over 90% parallel efficiency in strong scaling [1]. It also won a prize [9].")
    a = llm_assistant.answer(QUESTION)
    assert a.mode == "llm"
    assert "[9]" not in a.answer and "90%" in a.answer and "prize" not in a.answer
    assert a.meta["invalid_citations_removed"] == 1 and a.meta["claims_removed"] == 1
    # The notice says what was removed, how many, and why.
    assert (
        "1 unsupported claim (1 no source supports it)" in a.notice and "1 citation marker naming no source" in a.notice
    )
    assert check(a.answer, a.citations) == []
    assert a.citations[0].title.startswith("cuNNQS-SCI")
    assert "90% parallel efficiency" in a.citations[0].quote
    # The prompt fences the numbered sources as data and names the principal author.
    sent = fake.requests[0]["messages"][-1]["content"]
    assert "<<<SOURCES" in sent and "[1] cuNNQS-SCI" in sent and "Yunquan Zhang" in sent


def test_markers_are_renumbered_in_order_of_use(llm_assistant, fake):
    fake.enqueue(
        "Low-rank factorization is a popular model compression technique [3]. LLC "
        "achieves lossless model compression [1]."
    )
    a = llm_assistant.answer([Message(role="user", content="What has the author done on model compression?")])
    assert "[3] " in fake.requests[0]["messages"][-1]["content"], "the question should retrieve at least three sources"
    assert a.answer.startswith(
        "Low-rank factorization is a popular model compression technique [1]. LLC "
        "achieves lossless model compression [2]."
    )
    assert [c.n for c in a.citations] == [1, 2] and a.citations[0].paper_id != a.citations[1].paper_id


@pytest.mark.parametrize(
    "failure, reason", [(("status", 500), "HTTP 500"), (("timeout",), "in time"), (("garbage",), "LLM unavailable")]
)
def test_endpoint_failure_falls_back_to_extractive_with_notice(llm_assistant, fake, failure, reason):
    fake.enqueue(failure)
    a = llm_assistant.answer(QUESTION)
    assert a.mode == "extractive"
    assert a.notice and "LLM unavailable" in a.notice and reason in a.notice
    assert "90%" in a.answer and a.citations


def test_stream_yields_tokens_then_validated_answer(llm_assistant, fake):
    fake.enqueue("Over 90% parallel efficiency in strong scaling [1].")
    events = list(llm_assistant.stream(QUESTION))
    assert all(isinstance(e, Token) for e in events[:-1]) and isinstance(events[-1], Final)
    final = events[-1].answer
    # Tokens are a preview without markers (none is validated yet); the final event has the checked text.
    assert (
        final.mode == "llm"
        and "".join(e.text for e in events[:-1]) == "Over 90% parallel efficiency in strong scaling ."
    )
    assert final.answer == "Over 90% parallel efficiency in strong scaling [1]."


def test_stream_garbage_mid_answer_falls_back(llm_assistant, fake):
    fake.enqueue(("stream_garbage", "Over 90"))
    events = list(llm_assistant.stream(QUESTION))
    final = events[-1].answer
    assert final.mode == "extractive" and "LLM unavailable" in final.notice


def test_follow_up_is_condensed_by_the_model(llm_assistant, fake):
    fake.enqueue(
        "What accuracy did FP=xINT reach on ResNet-50?",
        "With 4-bit quantization, ResNet-50 reaches 77.03% accuracy, surpassing the original [1].",
    )
    messages = [
        Message(role="user", content="Tell me about FP=xINT."),
        Message(role="assistant", content="FP=xINT is a post-training quantization method [1]."),
        Message(role="user", content="What accuracy did it reach on ResNet-50?"),
    ]
    a = llm_assistant.answer(messages)
    assert "condense" not in a.answer and a.mode == "llm"
    assert "Last question: What accuracy did it reach on ResNet-50?" in fake.requests[0]["messages"][0]["content"]
    assert a.citations[0].arxiv_id == "2412.06865"


def test_structured_questions_stay_exact_in_llm_mode(llm_assistant, fake):
    a = llm_assistant.answer([Message(role="user", content="How many of the author's papers are from 2020?")])
    assert "4 (four)" in a.answer and fake.requests == []


def test_a_model_that_trickles_past_the_deadline_falls_back(seeded_store, fake):
    import time as _time

    class Slow(FakeOpenAI):
        def handler(self, request):
            _time.sleep(0.3)  # each chunk read is quick, the whole answer is not
            return super().handler(request)

    slow = Slow().enqueue("word " * 5 + "[1].")
    settings = Settings(
        store_dir=seeded_store,
        seeds_dir=SEEDS,
        OPENAI_API_KEY="sk-test",
        OPENAI_BASE_URL="http://fake.local/v1",
        llm_timeout=0.1,
    )
    a = Assistant.from_settings(settings, http_client=slow.client())
    final = list(a.stream(QUESTION))[-1].answer
    assert final.mode == "extractive" and "in time" in final.notice
