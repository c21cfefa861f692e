"""bench.regress's comparison: every moved item is listed under its set, up and down counted, unchanged sets quiet;
its kinds table and a kind's misses read with their questions."""

from __future__ import annotations

import json

from bench.regress import compare, kind_scores, misses


def _run(
    folder, name: str, scores: dict[str, float], answers: dict[str, str], kinds: dict[str, str] | None = None
) -> None:
    folder.mkdir(exist_ok=True)
    items = [
        {
            "id": i,
            "kind": (kinds or {}).get(i, "fact"),
            "score": s,
            "answer": answers.get(i, "same"),
            "failures": [f"f-{i}"],
        }
        for i, s in scores.items()
    ]
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


def test_kinds_are_averaged_per_set(tmp_path):
    _run(
        tmp_path / "run", "first_contact_r9_seeds", {"a": 1.0, "b": 0.0, "c": 0.5}, {}, {"a": "summary", "b": "summary"}
    )
    _run(tmp_path / "run", "dev_questions", {"x": 1.0}, {})
    table = kind_scores(tmp_path / "run")
    assert table["first_contact_r9_seeds"] == {"fact": (0.5, 1), "summary": (0.5, 2)}
    assert list(kind_scores(tmp_path / "run", "dev_")) == ["dev_questions"]


def test_misses_print_the_question_of_a_set_outside_tests_data(tmp_path, capsys):
    _run(tmp_path / "run", "blind_r99_seeds", {"a": 1.0, "b": 0.25, "c": 0.0}, {}, {"c": "summary"})
    sets = tmp_path / "sets"
    sets.mkdir()
    questions = [{"id": "b", "question": "Which of his papers?"}, {"id": "c", "turns": ["One?", "Two?", "Three?"]}]
    (sets / "blind_r99_seeds.json").write_text(json.dumps({"questions": questions}))
    assert misses(tmp_path / "run", "fact", sets=sets) == 1
    out = capsys.readouterr().out
    assert "Which of his papers?" in out and "f-b" in out and "f-a" not in out
    assert misses(tmp_path / "run", "summary", sets=sets) == 1
    assert "One? || Two? || Three?" in capsys.readouterr().out
