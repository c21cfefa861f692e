"""/v1 used through the `openai` client itself, against a live uvicorn on loopback."""

from __future__ import annotations

import openai
import pytest

from tests.api.fixtures import CUNNQS, QUESTION, make_app
from tests.api.live import LiveServer


@pytest.fixture(scope="module")
def oai(live_url):
    with openai.OpenAI(base_url=live_url + "/v1", api_key="not-needed", max_retries=0, timeout=60) as client:
        yield client


def test_models(oai):
    assert [m.id for m in oai.models.list()] == ["paper-assistant"]
    assert oai.models.retrieve("paper-assistant").owned_by == "paper-assistant"


def test_completion_carries_references_and_citations(oai):
    completion = oai.chat.completions.create(model="paper-assistant", messages=[{"role": "user", "content": QUESTION}])
    content = completion.choices[0].message.content
    assert completion.choices[0].finish_reason == "stop"
    assert "90%" in content and "[1]" in content
    assert "\n\nReferences:\n[1] cuNNQS-SCI" in content
    citations = completion.model_extra["citations"]
    assert citations[0]["paper_id"] == CUNNQS
    assert completion.model_extra["mode"] == "extractive"


def test_streamed_completion_ends_with_the_same_content(oai):
    plain = oai.chat.completions.create(model="paper-assistant", messages=[{"role": "user", "content": QUESTION}])
    stream = oai.chat.completions.create(
        model="paper-assistant", messages=[{"role": "user", "content": QUESTION}], stream=True
    )
    chunks = list(stream)
    assert len(chunks) > 3
    assert chunks[0].choices[0].delta.role == "assistant"
    text = "".join(c.choices[0].delta.content or "" for c in chunks)
    assert text == plain.choices[0].message.content
    last = chunks[-1]
    assert last.choices[0].finish_reason == "stop"
    assert last.model_extra["citations"][0]["paper_id"] == CUNNQS


def test_follow_up_with_our_own_answer_in_history(oai):
    first = oai.chat.completions.create(
        model="paper-assistant", messages=[{"role": "user", "content": "Which papers are about stencil computation?"}]
    )
    follow = oai.chat.completions.create(
        model="paper-assistant",
        messages=[
            {"role": "system", "content": "You are a helpful assistant."},
            {"role": "user", "content": "Which papers are about stencil computation?"},
            {"role": "assistant", "content": first.choices[0].message.content},
            {"role": "user", "content": [{"type": "text", "text": "Which of them is the newest?"}]},
        ],
    )
    assert follow.choices[0].message.content.strip()


def test_filters_travel_as_an_extension(oai):
    completion = oai.chat.completions.create(
        model="paper-assistant",
        messages=[{"role": "user", "content": "Which papers are about mixture-of-experts training?"}],
        extra_body={"filters": {"author_only": True}},
    )
    assert all(c["is_author_work"] for c in completion.model_extra["citations"])


def test_errors_raise_the_clients_exceptions(oai):
    with pytest.raises(openai.NotFoundError, match="paper-assistant"):
        oai.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": "hi"}])
    with pytest.raises(openai.UnprocessableEntityError, match="empty"):
        oai.chat.completions.create(model="paper-assistant", messages=[{"role": "user", "content": "   "}])


def test_token_is_the_clients_api_key(seeded_store, assistant):
    with LiveServer(make_app(seeded_store, assistant, api_token="tok-123")) as url:
        with openai.OpenAI(base_url=url + "/v1", api_key="wrong", max_retries=0) as bad:
            with pytest.raises(openai.AuthenticationError):
                bad.models.list()
        with openai.OpenAI(base_url=url + "/v1", api_key="tok-123", max_retries=0) as good:
            assert [m.id for m in good.models.list()] == ["paper-assistant"]


def test_usage_is_counted_by_our_tokenizer(oai):
    from assistant.vendors import tokens

    completion = oai.chat.completions.create(model="paper-assistant", messages=[{"role": "user", "content": QUESTION}])
    usage = completion.usage
    assert usage.prompt_tokens == tokens.count(QUESTION)
    assert usage.completion_tokens == tokens.count(completion.choices[0].message.content) > 0
    assert usage.total_tokens == usage.prompt_tokens + usage.completion_tokens


def test_streamed_usage_comes_last_when_asked_for(oai):
    plain = oai.chat.completions.create(model="paper-assistant", messages=[{"role": "user", "content": QUESTION}])
    chunks = list(
        oai.chat.completions.create(
            model="paper-assistant",
            messages=[{"role": "user", "content": QUESTION}],
            stream=True,
            stream_options={"include_usage": True},
        )
    )
    assert chunks[-1].choices == [] and chunks[-1].usage.model_dump(
        include={"prompt_tokens", "completion_tokens", "total_tokens"}
    ) == plain.usage.model_dump(include={"prompt_tokens", "completion_tokens", "total_tokens"})
    assert all(c.usage is None for c in chunks[:-1])
    without = list(
        oai.chat.completions.create(
            model="paper-assistant", messages=[{"role": "user", "content": QUESTION}], stream=True
        )
    )
    assert all(c.usage is None for c in without) and without[-1].choices[0].finish_reason == "stop"


def test_arxiv_papers_get_url_citation_annotations(oai):
    completion = oai.chat.completions.create(
        model="paper-assistant", messages=[{"role": "user", "content": "Which papers are about model compression?"}]
    )
    message = completion.choices[0].message
    citations = completion.model_extra["citations"]
    with_arxiv = [c for c in citations if c["arxiv_id"]]
    assert with_arxiv and len(with_arxiv) < len(citations)  # the corpus has cited papers without an arXiv id too
    assert [a.url_citation.url for a in message.annotations] == [
        f"https://arxiv.org/abs/{c['arxiv_id']}" for c in with_arxiv
    ]
    for a, c in zip(message.annotations, with_arxiv):
        span = message.content[a.url_citation.start_index : a.url_citation.end_index]
        assert span.startswith(f"[{c['n']}] ") and span.endswith(a.url_citation.url)
    streamed = list(
        oai.chat.completions.create(
            model="paper-assistant",
            messages=[{"role": "user", "content": "Which papers are about model compression?"}],
            stream=True,
        )
    )
    found = [a for c in streamed if c.choices for a in (c.choices[0].delta.model_extra or {}).get("annotations") or []]
    assert [a["url_citation"]["url"] for a in found] == [a.url_citation.url for a in message.annotations]


@pytest.mark.parametrize(
    ("options", "param"),
    [
        ({"n": 2}, "n"),
        (
            {
                "tools": [
                    {
                        "type": "function",
                        "function": {"name": "lookup", "parameters": {"type": "object", "properties": {}}},
                    }
                ]
            },
            "tools",
        ),
        ({"tool_choice": "required"}, "tool_choice"),
        ({"response_format": {"type": "json_object"}}, "response_format"),
        (
            {"response_format": {"type": "json_schema", "json_schema": {"name": "out", "schema": {"type": "object"}}}},
            "response_format",
        ),
    ],
)
def test_what_cannot_be_honoured_is_a_400_naming_the_parameter(oai, options, param):
    for stream in (False, True):
        with pytest.raises(openai.BadRequestError) as caught:
            oai.chat.completions.create(
                model="paper-assistant", messages=[{"role": "user", "content": QUESTION}], stream=stream, **options
            )
        assert caught.value.body["param"] == param and param in caught.value.body["message"]


def test_options_that_ask_for_what_we_do_are_accepted(oai):
    completion = oai.chat.completions.create(
        model="paper-assistant",
        messages=[{"role": "user", "content": QUESTION}],
        n=1,
        tool_choice="none",
        response_format={"type": "text"},
        temperature=0.2,
    )
    assert "90%" in completion.choices[0].message.content


def test_max_tokens_ends_at_a_sentence_and_keeps_only_its_references(oai):
    from assistant.answer.check.citations import check
    from assistant.vendors import tokens

    question = [{"role": "user", "content": "Which papers are about model compression?"}]
    whole = oai.chat.completions.create(model="paper-assistant", messages=question)
    assert whole.usage.completion_tokens > 300 and len(whole.model_extra["citations"]) >= 4
    for key in ("max_tokens", "max_completion_tokens"):
        cut = oai.chat.completions.create(model="paper-assistant", messages=question, **{key: 300})
        content = cut.choices[0].message.content
        assert cut.choices[0].finish_reason == "length"
        assert tokens.count(content) == cut.usage.completion_tokens <= 300
        text, _, refs = content.partition("\n\nReferences:\n")
        citations = cut.model_extra["citations"]
        assert (
            1 <= len(citations) < len(whole.model_extra["citations"])
            and check(text, [_citation(c) for c in citations]) == []
        )
        assert len(refs.splitlines()) == len(citations)
        assert whole.choices[0].message.content.startswith(
            text.rsplit("[", 1)[0]
        )  # a prefix of the whole answer, up to renumbering
        assert text.rstrip().endswith(("]", ".", ":"))  # a whole sentence or list item, not a cut word
    streamed = list(
        oai.chat.completions.create(model="paper-assistant", messages=question, max_tokens=300, stream=True)
    )
    assert "".join(c.choices[0].delta.content or "" for c in streamed) == content
    assert streamed[-1].choices[0].finish_reason == "length"
    roomy = oai.chat.completions.create(
        model="paper-assistant", messages=question, max_tokens=whole.usage.completion_tokens
    )
    assert (
        roomy.choices[0].finish_reason == "stop"
        and roomy.choices[0].message.content == whole.choices[0].message.content
    )


def _citation(data: dict):
    from assistant.models import Citation

    return Citation.model_validate(data)


def test_a_comparison_reaches_v1_clients_as_a_markdown_table(oai):
    """/v1 speaks markdown: the grid is a table (header, separator, one row per aspect), the same streamed and not."""
    messages = [{"role": "user", "content": "How do MoQE and CALM differ in how they quantize models?"}]
    content = oai.chat.completions.create(model="paper-assistant", messages=messages).choices[0].message.content
    lines = content.split("\n")
    assert lines[0].startswith("|  | *MoQE") and lines[1] == "|---|---|---|"
    assert any(line.startswith("| Problem | ") and line.endswith(" |") for line in lines)
    streamed = oai.chat.completions.create(model="paper-assistant", messages=messages, stream=True)
    assert "".join(c.choices[0].delta.content or "" for c in streamed) == content
