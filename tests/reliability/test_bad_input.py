"""Hostile and odd requests, hand-written: each gets a 4xx with a JSON reason or a normal answer, never a 5xx."""

from __future__ import annotations

import json
import socket
import time

import pytest

from tests.api.fixtures import parse_sse

CHAT, V1 = "/api/chat", "/v1/chat/completions"
NESTING = 10_000


def chat_body(content: str, **extra) -> dict:
    return {"messages": [{"role": "user", "content": content}], **extra}


def v1_body(content: str, **extra) -> dict:
    return {"model": "paper-assistant", "messages": [{"role": "user", "content": content}], **extra}


def check_4xx_or_answer(r, path: str = CHAT) -> str:
    """'4xx' or 'answer'; fails on a 5xx, a 4xx without a JSON reason, or a 200 that is not an answer."""
    assert r.status_code < 500, r.text[:500]
    if r.status_code >= 400:
        error = r.json()["error"]
        assert error["message"] and error["type"], error
        return "4xx"
    assert r.status_code == 200
    if r.headers["content-type"].startswith("text/event-stream"):
        events = parse_sse(r.text)
        assert all(e != "error" and not (isinstance(d, dict) and "error" in d) for e, d in events), events[-2:]
        assert events[-1][0] == "done" or events[-1][1] == "[DONE]"
        return "answer"
    body = r.json()
    text = body["answer"] if path == CHAT else body["choices"][0]["message"]["content"]
    assert text.strip(), body
    return "answer"


RAW = [
    ("empty body, JSON type", b"", "application/json"),
    ("empty body, no type", b"", None),
    ("whitespace body", b"  \n ", "application/json"),
    ("JSON null", b"null", "application/json"),
    ("JSON number", b"42", "application/json"),
    ("JSON string", b'"What is SparStencil?"', "application/json"),
    ("plain text", b"What is SparStencil?", "text/plain"),
    ("form encoded", b"messages=What+is+SparStencil%3F", "application/x-www-form-urlencoded"),
    (
        "multipart",
        b'--b\r\nContent-Disposition: form-data; name="messages"\r\n\r\nhi\r\n--b--\r\n',
        "multipart/form-data; boundary=b",
    ),
    ("JSON sent as XML", json.dumps(chat_body("What is SparStencil?")).encode(), "application/xml"),
    ("nested arrays 10,000 deep", b"[" * NESTING + b"]" * NESTING, "application/json"),
    ("nested objects 10,000 deep", b'{"a":' * NESTING + b"1" + b"}" * NESTING, "application/json"),
    ("nesting inside messages", b'{"messages": ' + b"[" * NESTING + b"]" * NESTING + b"}", "application/json"),
    (
        "nesting inside content",
        b'{"messages": [{"role": "user", "content": ' + b"[" * NESTING + b"]" * NESTING + b"}]}",
        "application/json",
    ),
    ("unclosed nesting", b"[" * NESTING, "application/json"),
    (
        "invalid UTF-8 in a string",
        b'{"messages": [{"role": "user", "content": "caf\xe9 \xff\xfe"}]}',
        "application/json",
    ),
    ("overlong UTF-8 encoding", b'{"messages": [{"role": "user", "content": "\xc0\xaf"}]}', "application/json"),
    ("UTF-16 body", json.dumps(chat_body("What is SparStencil?")).encode("utf-16"), "application/json"),
    (
        "lone surrogate escape",
        b'{"messages": [{"role": "user", "content": "What is \\ud800 SparStencil?"}]}',
        "application/json",
    ),
    (
        "raw control character in a string",
        b'{"messages": [{"role": "user", "content": "What\x01is\x1fSparStencil?"}]}',
        "application/json",
    ),
    ("NUL byte in the body", b'{"messages": [{"role": "user", "content": "hi"}]}\x00', "application/json"),
    (
        "duplicate keys",
        b'{"messages": [], "messages": [{"role": "user", "content": "What is SparStencil?"}]}',
        "application/json",
    ),
    (
        "huge number",
        b'{"messages": [{"role": "user", "content": "hi"}], "filters": {"year_from": 1e400}}',
        "application/json",
    ),
    (
        "huge integer",
        b'{"messages": [{"role": "user", "content": "hi"}], "filters": {"year_from": ' + b"9" * 5000 + b"}}",
        "application/json",
    ),
    ("NaN", b'{"messages": [{"role": "user", "content": "hi"}], "filters": {"year_from": NaN}}', "application/json"),
]


@pytest.mark.parametrize("path", [CHAT, V1])
@pytest.mark.parametrize("raw,content_type", [c[1:] for c in RAW], ids=[c[0] for c in RAW])
def test_malformed_bodies_are_4xx_with_a_reason(client, path, raw, content_type):
    headers = {"Content-Type": content_type} if content_type else {}
    r = client.post(path, content=raw, headers=headers)
    assert check_4xx_or_answer(r, path) in ("4xx", "answer")
    if raw.startswith(b"[" * 100) or b'\xff\xfe"' in raw or content_type != "application/json":
        assert r.status_code in (400, 415, 422), r.text


ODD_TEXT = [
    ("control characters", "What is\x00 Spar\x07Stencil\x1b[2J?\x7f\x08\x0b\x0c"),
    ("every C0 control", "".join(chr(c) for c in range(32)) + "What is SparStencil?"),
    ("bidi overrides", "What is \u202eSparStencil\u202c? \u2066\u2067\u2069"),
    ("zero-width and BOM", "\ufeffWhat\u200b is\u200d Spar\u2060Stencil?"),
    ("right-to-left Arabic", "ما هي أبحاث Yunquan Zhang حول SparStencil؟"),
    ("right-to-left Hebrew", "מה זה SparStencil?"),
    ("emoji", "🤖🚀 What is SparStencil? 🧪👩🏽‍🔬🏳️‍🌈"),
    ("only emoji", "🤖🚀🧪"),
    ("only punctuation", "?!..."),
    ("only question marks", "???"),
    ("brackets and markers", "[1] [2] ()[]{}<> [99999999999999999999]"),
    ("combining marks", "Ŝ̷̛̖̈́p̵̢̛a̶̡̛r̸̨̛Stencil?" + "\u0301" * 500),
    ("one 4,000-character word", "a" * 4000),
    ("4,000 emoji", "🤖" * 4000),
    ("markup", "<script>alert(1)</script><img src=x onerror=alert(1)>"),
    ("format string", "{principal} {sources} %s %(x)s {0} {{}}"),
    ("SQL-ish", "'; DROP TABLE papers; --"),
    ("whitespace around", "\n\n\t  What is SparStencil?  \t\n"),
    ("newlines only around a dot", "\n.\n"),
]


@pytest.mark.parametrize(
    "raw,why",
    [
        (b"[" * NESTING + b"]" * NESTING, "nested too deeply"),
        (b'{"messages": [{"role": "user", "content": "caf\xe9"}]}', "not valid UTF-8"),
        (b'{"messages": [], "filters": {"year_from": ' + b"9" * 5000 + b"}}", "too many digits"),
    ],
)
def test_unparsable_bodies_say_why(client, raw, why):
    r = client.post(CHAT, content=raw, headers={"Content-Type": "application/json"})
    assert r.status_code == 400
    assert r.json()["error"]["type"] == "invalid_json" and why in r.json()["error"]["message"], r.text


@pytest.mark.parametrize("stream", [False, True], ids=["json", "sse"])
@pytest.mark.parametrize("text", [c[1] for c in ODD_TEXT], ids=[c[0] for c in ODD_TEXT])
def test_odd_but_valid_text_gets_an_answer_or_a_reason(client, text, stream):
    r = client.post(CHAT, json=chat_body(text, stream=stream))
    assert check_4xx_or_answer(r) in ("4xx", "answer")


@pytest.mark.parametrize("text", [c[1] for c in ODD_TEXT], ids=[c[0] for c in ODD_TEXT])
def test_odd_text_on_the_openai_endpoint(client, text):
    assert check_4xx_or_answer(client.post(V1, json=v1_body(text)), V1) in ("4xx", "answer")


def test_odd_text_around_a_real_question_still_finds_the_paper(client):
    for text in (
        "🤖🚀 What is SparStencil? 🧪",
        "What is\x00 SparStencil?",
        "\u202bWhat is SparStencil?\u202c",
        "ما هو SparStencil؟",
    ):
        body = client.post(CHAT, json=chat_body(text)).json()
        assert any("SparStencil" in c["display_title"] for c in body["citations"]), (text, body["answer"][:200])


def test_punctuation_only_question_says_something_useful(client):
    body = client.post(CHAT, json=chat_body("?!...")).json()
    assert body["answer"].strip() and body["mode"] == "extractive"


def test_history_of_odd_messages(client):
    history = [
        {"role": "user", "content": "🤖" * 10},
        {"role": "assistant", "content": "\x00[1][2][3]"},
        {"role": "user", "content": "?!..."},
        {"role": "assistant", "content": "\u202e"},
        {"role": "user", "content": "and that one?"},
    ]
    assert check_4xx_or_answer(client.post(CHAT, json={"messages": history})) in ("4xx", "answer")


def test_limits_on_message_count_and_size(client):
    fifty = [{"role": "user", "content": "x"}, {"role": "assistant", "content": "y"}] * 24 + [
        {"role": "user", "content": "x"}
    ] * 2
    assert client.post(CHAT, json={"messages": fifty}).status_code == 200
    r = client.post(CHAT, json={"messages": fifty + [{"role": "user", "content": "x"}]})
    assert r.status_code == 422 and "at most 50" in r.json()["error"]["message"]
    # The largest valid conversation fits the 1 MB body limit as UTF-8 (800 KB of four-byte characters)...
    big = {"messages": [{"role": "user", "content": "🤖" * 4000}] * 50}
    utf8 = json.dumps(big, ensure_ascii=False).encode()
    assert (
        len(utf8) < 1_000_000
        and client.post(CHAT, content=utf8, headers={"Content-Type": "application/json"}).status_code == 200
    )
    # ...but not with every character \u-escaped (2.4 MB): refused by size, as JSON, with what to do.
    escaped = json.dumps(big).encode()
    r = client.post(CHAT, content=escaped, headers={"Content-Type": "application/json"})
    assert r.status_code == 413 and r.json()["error"]["type"] == "request_too_large"
    assert "fewer or shorter messages" in r.json()["error"]["message"]


def _raw_request(url: str, head: bytes, body_part: bytes, wait: float = 10.0) -> bytes:
    host, port = url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=wait) as s:
        s.sendall(head + body_part)
        deadline = time.monotonic() + wait
        data = b""
        while b"\r\n\r\n" not in data or len(data.split(b"\r\n\r\n", 1)[1]) < 20:
            assert time.monotonic() < deadline, f"no answer while the body was still unsent: {data!r}"
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
    return data


@pytest.mark.parametrize("path", [CHAT, V1])
def test_a_megabyte_body_is_refused_before_it_is_read(live_url, path):
    """The server answers 413 from the Content-Length alone: most of the body is never even sent."""
    size = 1024 * 1024
    head = (
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        f"Content-Length: {size}\r\nConnection: close\r\n\r\n"
    ).encode()
    started = time.monotonic()
    data = _raw_request(live_url, head, b'{"messages": [' + b" " * 1000)
    status_line, rest = data.split(b"\r\n", 1)
    assert b" 413 " in status_line, data[:300]
    body = json.loads(rest.split(b"\r\n\r\n", 1)[1])
    assert body["error"]["type"] == "request_too_large" and "1,000,000 bytes" in body["error"]["message"]
    assert time.monotonic() - started < 5


def test_slow_body_does_not_block_other_clients(live_url):
    """A client that sends headers and then nothing holds one connection, not the server."""
    import httpx

    host, port = live_url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as s:
        s.sendall(
            f"POST {CHAT} HTTP/1.1\r\nHost: x\r\nContent-Type: "
            f"application/json\r\nContent-Length: 500\r\n\r\n{{".encode()
        )
        t = time.monotonic()
        r = httpx.post(live_url + CHAT, json=chat_body("What is SparStencil?"), timeout=30)
        assert r.status_code == 200 and time.monotonic() - t < 20
