"""`assistant eval` on the dev questions, in extractive mode, through the CLI's own entry point."""

from __future__ import annotations

import json

from assistant.cli import main
from tests.answer.evals import run_eval
from tests.conftest import DATA


def test_dev_set_scores_at_least_090(seeded_store, tmp_path, capsys):
    code, summary, out = run_eval(seeded_store, DATA / "dev_questions.json", tmp_path, capsys)
    assert code == 0, out
    assert summary["overall"] >= 0.9
    assert summary["invalid_citations"] == 0
    assert "overall" in out and "latency p50" in out and "mode extractive" in out
    assert set(summary["per_kind"]) == {
        "fact",
        "topic",
        "attribution",
        "metadata",
        "no_title",
        "out_of_corpus",
        "follow_up",
    }


def test_ask_json_prints_the_contract(seeded_store, capsys):
    code = main(["--store", str(seeded_store), "ask", "What is MoQE?", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    assert set(data) == {"answer", "blocks", "citations", "mode", "notice", "references", "meta", "plan"}
    # A one-paper summary: a lead-in, then the problem, the method and the result as a list, each claim cited.
    assert [b["type"] for b in data["blocks"]] == ["paragraph", "list"]
    labels = [item[0]["text"].split(":")[0] for item in data["blocks"][1]["items"]]
    assert labels == [x for x in ("Problem", "Method", "Result") if x in labels] and "Method" in labels
    assert all(item[0]["cites"] == [1] for item in data["blocks"][1]["items"])
    assert data["plan"]["answer_type"] == "summary" and data["plan"]["named"][0].startswith("MoQE")
    assert data["mode"] == "extractive" and data["citations"][0]["title"].startswith("MoQE")
    assert set(data["citations"][0]) == {
        "n",
        "paper_id",
        "title",
        "display_title",
        "arxiv_id",
        "year",
        "authors",
        "authors_truncated",
        "is_author_work",
        "quote",
        "doi",
        "venue",
    }


def test_ask_text_prints_references(seeded_store, capsys):
    main(["--store", str(seeded_store), "ask", "Is FedML Parrot one of Yunquan Zhang's papers?"])
    out = capsys.readouterr().out
    assert out.startswith("No.") and "\nReferences:\n[1] " in out and out.rstrip().endswith("· not the author's")
