"""Run a question file (the dev_questions.json format) and score the answers per kind."""

from __future__ import annotations

import json
import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path

from assistant import evaluation_rules as rules
from assistant.answer.citations import check
from assistant.models import Answer, Message


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


def score_question(q: dict, answer: Answer, corpus_ids: set[str], hard: bool = False, principal: str = "") -> tuple[float, list[str], int]:
    invalid = len(check(answer.answer, answer.citations)) + sum(c.paper_id not in corpus_ids for c in answer.citations)
    score, failures = rules.score_hard(q, answer, principal) if hard else rules.score_legacy(q, answer)
    if invalid:
        failures.append(f"{invalid} invalid citations")
    return score * (0.0 if invalid else 1.0), failures, invalid


def run(assistant, path: Path) -> tuple[list[Result], dict]:
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    corpus_ids = {p.id for p in assistant.papers()}
    hard = rules.is_hard(data["questions"])
    principal = data.get("principal_author") or assistant.principal_author
    results: list[Result] = []
    for q in data["questions"]:
        turns = q.get("turns") or [q["question"]]
        messages: list[Message] = []
        started = time.perf_counter()
        answer = None
        for turn in turns:
            messages.append(Message(role="user", content=turn))
            answer = assistant.answer(messages)
            messages.append(Message(role="assistant", content=answer.answer))
        seconds = (time.perf_counter() - started) / len(turns)
        score, failures, invalid = score_question(q, answer, corpus_ids, hard, principal)
        answerable = rules.answerable(q)
        results.append(Result(
            q["id"], q["kind"], score, seconds, invalid, answer, failures,
            refused=answerable is True and rules.refused(q, answer),
            wrongly_answered=answerable is False and rules.wrongly_answered(q, answer),
        ))
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
        "rules": "hard" if hard else "dev",
        "answerable_refused": [sum(r.refused for r in results), sum(rules.answerable(q) is True for q in data["questions"])],
        "unanswerable_answered": [sum(r.wrongly_answered for r in results), sum(rules.answerable(q) is False for q in data["questions"])],
    }
    return results, summary
