"""A topic's alternatives read from its punctuation: slashes and a parenthesised list of sub-topics are a union,
not one phrase every paper must say; "X or not" and "so far" are structure, never topic words."""

from __future__ import annotations

from assistant.answer.plan.topic_scope import as_alternatives, tidy
from assistant.models import Filters, Message


def ask(assistant, question):
    return assistant.answer([Message(role="user", content=question)], Filters())


def titles(answer):
    return {c.title or c.arxiv_id for c in answer.citations}


def test_slashes_and_listed_sub_topics_are_alternatives():
    assert tidy(" ".join(as_alternatives("his storage / networking papers (caches, RDMA)").split())) == (
        "his storage or networking papers or caches or RDMA"
    )
    assert "I/O" in as_alternatives("papers on parallel I/O")
    # a tight slash joins two words of one phrase
    assert as_alternatives("AI/deep-learning systems") == "AI/deep-learning systems"
    assert "or" not in as_alternatives("papers, quantized or not, on vision").split()
    assert tidy("or stencils or or GEMM or") == "stencils or GEMM"


def test_a_summary_over_listed_sub_topics_is_their_union(assistant):
    answer = ask(assistant, "Give me a recap of his kernel-tuning / stencil research (GEMM, outer products).")
    found = titles(answer)
    assert any(t.startswith("IAAT") for t in found)
    # the stencil papers' titles are derived (cited by arXiv id): IAAT plus both of them
    assert {"2506.22969", "2310.16298"} <= {c.arxiv_id for c in answer.citations}
    assert "does not cover" not in answer.answer


def test_so_far_is_no_topic(assistant):
    answer = ask(assistant, "What did he publish in 2025 so far?")
    assert "does not cover" not in answer.answer
    assert len(answer.citations) >= 3


def test_his_or_not_gathers_both_groups(assistant):
    # "his or not" says whose paper it is does not matter: other groups' papers are gathered too, and "his or" is
    # no topic word.
    answer = ask(assistant, "Which stencil or benchmarking papers are in here, his or not?")
    assert "not Yunquan Zhang's paper" in answer.answer
    assert "his or" not in answer.answer.split("\n")[0]
