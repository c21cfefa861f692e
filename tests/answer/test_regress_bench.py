"""bench.regress's comparison: every moved item is listed under its set, up and down counted, unchanged sets quiet."""

from __future__ import annotations

import json

from bench.regress import compare


def _run(folder, name: str, scores: dict[str, float], answers: dict[str, str]) -> None:
    folder.mkdir(exist_ok=True)
    items = [{"id": i, "kind": "fact", "score": s, "answer": answers.get(i, "same")} for i, s in scores.items()]
    summary = {"overall": sum(scores.values()) / len(scores), "invalid_citations": 0}
    (folder / f"{name}.json").write_text(json.dumps({"summary": summary, "items": items}))


def test_moved_items_are_listed_and_counted(tmp_path, capsys):
    before, after = tmp_path / "before", tmp_path / "after"
    _run(before, "first_contact_r9_seeds", {"a": 1.0, "b": 0.0, "c": 0.5}, {})
    _run(after, "first_contact_r9_seeds", {"a": 0.5, "b": 1.0, "c": 0.5}, {"c": "reworded"})
    _run(before, "dev_questions", {"x": 1.0}, {})
    _run(after, "dev_questions", {"x": 1.0}, {})
    assert compare(before, after) == (1, 1)
    out = capsys.readouterr().out
    assert "DOWN a" in out and "UP   b" in out and "answers changed 1" in out and "answers changed 0" in out
    assert compare(before, after, "dev_") == (0, 0)
