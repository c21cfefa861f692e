"""`assistant feedback` through main([...]): the list, --json, --rating, and --questions feeding `assistant eval`."""

from __future__ import annotations

import json

from assistant.cli import main
from assistant.core import Assistant
from assistant.feedback import FILE, Feedback, FeedbackLog
from assistant.models import Message
from assistant.settings import Settings
from tests.conftest import SEEDS

GOOD_Q = "What parallel efficiency does cuNNQS-SCI maintain in strong scaling tests?"
BAD_Q = "Which papers are about stencil computation?"
FOLLOW = "Which of them is the newest?"


def _rate(store) -> Assistant:
    """Ratings of three real answers (one a follow-up), written where `--store` looks for them."""
    assistant = Assistant.from_settings(Settings(store_dir=store, seeds_dir=SEEDS))
    log = FeedbackLog(store / FILE)
    good = assistant.answer([Message(role="user", content=GOOD_Q)])
    log.add(
        Feedback(
            rating="up", question=GOOD_Q, answer=good.answer, citations=good.citations, mode=good.mode, source="web"
        )
    )
    bad = assistant.answer([Message(role="user", content=BAD_Q)])
    log.add(
        Feedback(
            rating="down",
            comment="It left out the 2023 paper.",
            question=BAD_Q,
            answer=bad.answer,
            citations=bad.citations,
            mode=bad.mode,
        )
    )
    history = [Message(role="user", content=BAD_Q), Message(role="assistant", content=bad.answer)]
    follow = assistant.answer([*history, Message(role="user", content=FOLLOW)])
    log.add(
        Feedback(
            rating="down",
            question=FOLLOW,
            history=history,
            answer=follow.answer,
            citations=follow.citations,
            mode=follow.mode,
            source="repl",
        )
    )
    return assistant


def test_lists_ratings_plain_and_json(fresh_store, capsys):
    _rate(fresh_store)
    assert main(["--store", str(fresh_store), "feedback"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 4
    assert (
        " up    web   What parallel efficiency does cuNNQS-SCI maintain in strong "
        "scaling tests?  (extractive, 1 citation)" in out[0]
    )
    assert out[1].endswith("— It left out the 2023 paper.") and " down  api " in out[1]
    assert out[3].startswith("3 ratings: 1 up, 2 down.")
    assert main(["--store", str(fresh_store), "feedback", "--json", "--rating", "down"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [r["question"] for r in data["feedback"]] == [BAD_Q, FOLLOW] and data["skipped"] == 0
    assert all(r["created"] and r["id"] for r in data["feedback"])


def test_no_ratings_yet_says_how_to_give_them(tmp_path, capsys):
    assert main(["--store", str(tmp_path), "feedback"]) == 0
    assert "No ratings yet" in capsys.readouterr().out


def test_an_unreadable_line_is_a_warning(fresh_store, capsys):
    _rate(fresh_store)
    with open(fresh_store / FILE, "a", encoding="utf-8") as f:
        f.write("{half a line\n")
    assert main(["--store", str(fresh_store), "feedback", "--json"]) == 0
    captured = capsys.readouterr()
    assert len(json.loads(captured.out)["feedback"]) == 3 and json.loads(captured.out)["skipped"] == 1
    assert "1 unreadable lines" in captured.err


def test_rated_questions_become_an_eval_file(fresh_store, tmp_path, capsys):
    _rate(fresh_store)
    out = tmp_path / "rated.json"
    assert main(["--store", str(fresh_store), "feedback", "--questions", str(out)]) == 0
    assert f"Wrote 3 rated questions to {out}" in capsys.readouterr().out
    questions = json.loads(out.read_text())["questions"]
    assert [q["kind"] for q in questions] == ["rated_good", "rated_bad", "rated_bad"]
    assert questions[0]["expected_papers"][0]["paper_id"].startswith("cunnqs-sci")
    assert questions[1]["comment"] == "It left out the 2023 paper." and questions[1]["rejected_answers"]
    assert questions[2]["turns"] == [BAD_Q, FOLLOW]
    # Unchanged answers: the thumbs-up still holds, the complaints stay open until the answers change.
    assert main(["--store", str(fresh_store), "eval", str(out), "--min-score", "1.0"]) == 1
    report = capsys.readouterr().out
    assert "rated_good     1.000" in report and "rated_bad      0.000" in report
    assert report.count("gives the answer a user rated down") == 2


def test_an_unwritable_questions_path_is_a_clear_error(fresh_store, tmp_path, capsys):
    _rate(fresh_store)
    assert main(["--store", str(fresh_store), "feedback", "--questions", str(tmp_path / "missing" / "q.json")]) == 2
    assert "Cannot write" in capsys.readouterr().err
