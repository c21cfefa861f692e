"""The learned choice of a comparison grid's cells (write/grid_model.py): its weights file says where it came from,
each row still takes one of the row's own candidates, and on the real store a side's cell holds what the reader
asked of it (how each paper was evaluated: real kernels on one side, a simulator on the other)."""

from __future__ import annotations

import json

from assistant.answer.write import grid, grid_model
from assistant.models import Filters, Message, Table


def test_the_weights_file_matches_the_features_and_says_where_it_came_from():
    data = json.loads(grid_model.WEIGHTS.read_text())
    assert data["features"] == list(grid_model.FEATURES) and len(grid_model.FEATURES) <= 12
    m = data["model"]
    assert len(m["weights"]) == len(m["mean"]) == len(m["scale"]) == len(grid_model.FEATURES)
    prov = data["provenance"]
    assert prov["leave_one_writer_out"]["folds"] >= 10 and prov["script"].startswith("python -m bench.")
    assert grid_model.model() is not None


def _answer(assistant, question: str):
    return assistant.answer([Message(role="user", content=question)], Filters())


def test_each_side_of_an_evaluation_comparison_says_how_it_was_evaluated(assistant):
    answer = _answer(assistant, "How was each of the two stencil papers evaluated, and on what?")
    assert isinstance(answer.blocks[0], Table), answer.answer
    assert "simulator" in answer.answer and "79 stencil kernels" in answer.answer, answer.answer


def test_the_learned_and_the_hand_set_choice_each_fill_every_row_with_a_sentence_of_the_paper(assistant):
    corpus = assistant.answerer().corpus
    paper = next(p for p in assistant.table().papers if (p.title or "").startswith("MoQE"))
    plan = type("P", (), {"words": "How does each choose the quantization method?"})()
    for model in (None, grid_model.model()):
        rows = grid.rows_for(plan, paper, corpus, model=model)
        cells = [c for c in rows.values() if c]
        assert len(cells) >= 3 and len(set(cells)) == len(cells)
        assert all(c.split()[0].strip(".,;:\"'") in (paper.abstract or "") for c in cells), rows
