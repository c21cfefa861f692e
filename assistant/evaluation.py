"""Run a question file (the dev_questions.json format) and score the answers per kind."""

from __future__ import annotations

import json
import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path

from assistant.answer.citations import check
from assistant.errors import BadRequest
from assistant.models import Answer, Message

NEGATIVE_PHRASES = ("does not cover", "not cover", "nothing in the corpus", "no paper", "none of")


@dataclass
class Result:
    id: str
    kind: str
    score: float
    seconds: float
    invalid_citations: int
    answer: Answer
    failures: list[str] = field(default_factory=list)


def _cites(answer: Answer, expected: dict) -> bool:
    for c in answer.citations:
        if expected.get("paper_id") and c.paper_id == expected["paper_id"]:
            return True
        if expected.get("arxiv_id") and c.arxiv_id == expected["arxiv_id"]:
            return True
        if expected.get("title") and c.title and c.title.casefold() == expected["title"].casefold():
            return True
    return False


def score_question(q: dict, answer: Answer, corpus_ids: set[str]) -> tuple[float, list[str], int]:
    checks: list[float] = []
    failures: list[str] = []
    invalid = len(check(answer.answer, answer.citations)) + sum(c.paper_id not in corpus_ids for c in answer.citations)
    kind = q["kind"]
    expected = q.get("expected_papers") or []
    if kind == "out_of_corpus":
        ok = not answer.citations and any(p in answer.answer.casefold() for p in NEGATIVE_PHRASES)
        checks.append(float(ok))
        if not ok:
            failures.append("should say the corpus does not cover it, with no citations")
    elif expected:
        if kind == "topic":
            found = sum(_cites(answer, e) for e in expected)
            checks.append(found / len(expected))
            if found < len(expected):
                failures.append(f"cited {found}/{len(expected)} expected papers")
        else:
            ok = any(_cites(answer, e) for e in expected)
            checks.append(float(ok))
            if not ok:
                failures.append("cites none of the expected papers")
    facts = q.get("expected_facts") or []
    if facts:
        ok = any(f.casefold() in answer.answer.casefold() for f in facts)
        checks.append(float(ok))
        if not ok:
            failures.append(f"none of the facts {facts} in the answer")
    rejected = q.get("rejected_answers") or []
    if rejected:  # a user rated this answer down (assistant feedback --questions): it must not come back unchanged
        ok = " ".join(answer.answer.split()) not in {" ".join(r.split()) for r in rejected}
        checks.append(float(ok))
        if not ok:
            failures.append("gives the answer a user rated down")
    if invalid:
        failures.append(f"{invalid} invalid citations")
    score = (sum(checks) / len(checks) if checks else 1.0) * (0.0 if invalid else 1.0)
    return score, failures, invalid


SHAPE = 'a question file is {"questions": [{"id", "kind", "question" or "turns", …}, …]} (see tests/data/dev_questions.json)'


def load_questions(path: Path) -> list[dict]:
    """The questions of a question file; a BadRequest saying what is wrong with it otherwise."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise BadRequest(f"No question file at {path}: give the path of a JSON question file.") from None
    except (IsADirectoryError, PermissionError, UnicodeDecodeError) as exc:
        raise BadRequest(f"Cannot read the question file {path} ({type(exc).__name__}): give a UTF-8 JSON file.") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadRequest(f"{path} is not JSON (line {exc.lineno}, column {exc.colno}: {exc.msg}): {SHAPE}.") from None
    questions = data.get("questions") if isinstance(data, dict) else None
    if not isinstance(questions, list):
        raise BadRequest(f"{path} has no list of questions: {SHAPE}.")
    for i, q in enumerate(questions):
        turns = q.get("turns") if isinstance(q, dict) else None
        ok = (
            isinstance(q, dict) and isinstance(q.get("id"), str) and isinstance(q.get("kind"), str)
            and (isinstance(q.get("question"), str) and q["question"].strip()
                 or isinstance(turns, list) and turns and all(isinstance(t, str) and t.strip() for t in turns))
        )
        if not ok:
            raise BadRequest(f"{path}: question {i} needs a string id and kind and a non-empty question (or turns): {SHAPE}.")
    return questions


def run(assistant, path: Path) -> tuple[list[Result], dict]:
    questions = load_questions(path)
    corpus_ids = {p.id for p in assistant.papers()}
    results: list[Result] = []
    for q in questions:
        turns = q.get("turns") or [q["question"]]
        messages: list[Message] = []
        started = time.perf_counter()
        answer = None
        for turn in turns:
            messages.append(Message(role="user", content=turn))
            answer = assistant.answer(messages)
            messages.append(Message(role="assistant", content=answer.answer))
        seconds = (time.perf_counter() - started) / len(turns)
        score, failures, invalid = score_question(q, answer, corpus_ids)
        results.append(Result(q["id"], q["kind"], score, seconds, invalid, answer, failures))
    latencies = sorted(r.seconds for r in results)
    kinds: dict[str, list[float]] = {}
    for r in results:
        kinds.setdefault(r.kind, []).append(r.score)
    summary = {
        "overall": statistics.fmean(r.score for r in results) if results else 0.0,
        "per_kind": {k: statistics.fmean(v) for k, v in sorted(kinds.items())},
        "invalid_citations": sum(r.invalid_citations for r in results),
        "p50_ms": 1000 * statistics.median(latencies) if latencies else 0.0,
        "p95_ms": 1000 * latencies[min(len(latencies) - 1, int(round(0.95 * (len(latencies) - 1))))] if latencies else 0.0,
        "questions": len(results),
    }
    return results, summary
