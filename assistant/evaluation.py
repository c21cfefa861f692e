"""Run a question file (the dev_questions.json format) and score the answers per kind."""

from __future__ import annotations

import json
import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path

from assistant import evaluation_rules as rules
from assistant.answer.check.citations import check
from assistant.errors import BadRequest
from assistant.models import Answer, Message
from assistant.presenter import present_answer


@dataclass
class Result:
    id: str
    kind: str
    score: float
    seconds: float
    invalid_citations: int
    answer: Answer
    failures: list[str] = field(default_factory=list)
    refused: bool = False  # answerable, yet nothing cited
    wrongly_answered: bool = False  # not answerable from the corpus (or not his), yet cited


def score_question(
    q: dict, answer: Answer, corpus_ids: set[str], hard: bool = False, principal: str = ""
) -> tuple[float, list[str], int]:
    invalid = len(check(answer.answer, answer.citations)) + sum(c.paper_id not in corpus_ids for c in answer.citations)
    score, failures = rules.score_hard(q, answer, principal) if hard else rules.score_legacy(q, answer)
    if invalid:
        failures.append(f"{invalid} invalid citations")
    return score * (0.0 if invalid else 1.0), failures, invalid


HISTORY_CHARS = 4000

SHAPE = (
    'a question file is {"questions": [{"id", "kind", "question" or "turns", …}, …]} '
    "(see tests/data/dev_questions.json)"
)


def load_questions(path: Path) -> list[dict]:
    """The questions of a question file; a BadRequest saying what is wrong with it otherwise."""
    return load_question_file(path)["questions"]


def load_question_file(path: Path) -> dict:
    """A question file (its `questions`, and `principal_author` when it names one), checked; a BadRequest otherwise."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise BadRequest(f"No question file at {path}: give the path of a JSON question file.") from None
    except (IsADirectoryError, PermissionError, UnicodeDecodeError) as exc:
        raise BadRequest(
            f"Cannot read the question file {path} ({type(exc).__name__}): give a UTF-8 JSON file."
        ) from None
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
            isinstance(q, dict)
            and isinstance(q.get("id"), str)
            and isinstance(q.get("kind"), str)
            and (
                isinstance(q.get("question"), str)
                and q["question"].strip()
                or isinstance(turns, list)
                and turns
                and all(isinstance(t, str) and t.strip() for t in turns)
            )
        )
        if not ok:
            raise BadRequest(
                f"{path}: question {i} needs a string id and kind and a non-empty question (or turns): {SHAPE}."
            )
    return data


def run(assistant, path: Path) -> tuple[list[Result], dict]:
    data = load_question_file(path)
    questions = data["questions"]
    corpus_ids = {p.id for p in assistant.papers()}
    hard = rules.is_hard(questions)
    principal = data.get("principal_author") or assistant.principal_author
    results: list[Result] = []
    for q in questions:
        turns = q.get("turns") or [q["question"]]
        messages: list[Message] = []
        started = time.perf_counter()
        answer = None
        for turn in turns:
            messages.append(Message(role="user", content=turn))
            answer = present_answer(assistant.answer(messages))  # scored as every interface shows it (LaTeX as text)
            # As a client sends it back: each earlier answer cut to HISTORY_CHARS (dev_new_kinds.json's follow-up rule).
            messages.append(Message(role="assistant", content=answer.answer[:HISTORY_CHARS]))
        seconds = (time.perf_counter() - started) / len(turns)
        score, failures, invalid = score_question(q, answer, corpus_ids, hard, principal)
        answerable = rules.answerable(q)
        results.append(
            Result(
                q["id"],
                q["kind"],
                score,
                seconds,
                invalid,
                answer,
                failures,
                refused=answerable is True and rules.refused(q, answer),
                wrongly_answered=answerable is False and rules.wrongly_answered(q, answer),
            )
        )
    latencies = sorted(r.seconds for r in results)
    kinds: dict[str, list[float]] = {}
    for r in results:
        kinds.setdefault(r.kind, []).append(r.score)
    summary = {
        "overall": statistics.fmean(r.score for r in results) if results else 0.0,
        "per_kind": {k: statistics.fmean(v) for k, v in sorted(kinds.items())},
        "invalid_citations": sum(r.invalid_citations for r in results),
        "p50_ms": 1000 * statistics.median(latencies) if latencies else 0.0,
        "p95_ms": 1000 * latencies[min(len(latencies) - 1, int(round(0.95 * (len(latencies) - 1))))]
        if latencies
        else 0.0,
        "questions": len(results),
        "rules": "hard" if hard else "dev",
        "answerable_refused": [sum(r.refused for r in results), sum(rules.answerable(q) is True for q in questions)],
        "unanswerable_answered": [
            sum(r.wrongly_answered for r in results),
            sum(rules.answerable(q) is False for q in questions),
        ],
    }
    return results, summary
