"""A kind of thing across the author's papers ("Which GPUs did he use?") is gathered from all of his abstracts."""

from __future__ import annotations

from assistant.answer.write.aggregate import asked_kind
from assistant.models import Message


def ask(assistant, question):
    return assistant.answer([Message(role="user", content=question)])


def test_which_questions_about_his_work_ask_for_a_kind_but_questions_about_one_paper_do_not():
    assert asked_kind("Which GPUs did he use?", [], []) == "GPUs"
    assert asked_kind("What kinds of datasets has the author evaluated on?", [], []) == "datasets"
    assert asked_kind("Which GPUs did the swarm paper use?", [], []) is None  # one paper
    assert asked_kind("Which GPUs did it use?", [], []) is None  # points back to one paper
    assert asked_kind("Which GPUs did he use?", ["p1"], []) is None  # names a paper
    assert asked_kind("What hybrid programming model did he propose?", [], []) is None  # one thing, not a kind


def test_which_gpus_gathers_every_gpu_his_abstracts_name(assistant):
    a = ask(assistant, "Which GPUs did he use?")
    assert a.meta["plan"]["route"] == "across"
    assert a.citations and all(c.is_author_work for c in a.citations)
    for gpu in ("A100", "A800", "RTX 4090"):
        assert gpu in a.answer, gpu
    for c in a.citations:  # every quote is verbatim from the paper's abstract and names a GPU
        paper = next(p for p in assistant.papers() if p.id == c.paper_id)
        assert any(c.quote in abstract for abstract in paper.abstracts) and "GPU" in c.quote


def test_a_kind_across_his_work_is_not_answered_from_another_groups_paper(assistant):
    a = ask(assistant, "Which datasets has Yunquan Zhang evaluated on?")
    assert a.citations and all(c.is_author_work for c in a.citations)
    assert "ImageNet" in a.answer


def test_a_free_question_is_answered_from_the_clearly_stronger_paper_even_if_not_his(assistant):
    a = ask(assistant, "What did the benchmark study of GPU deep learning tools find about Caffe?")
    assert a.citations[0].title.startswith("Benchmarking State-of-the-Art Deep Learning Software Tools")
    assert "not Yunquan Zhang's paper" in a.answer.split("\n")[0]
