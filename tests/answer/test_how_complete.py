"""A "how" answered as the method is at least as complete as the generic answer: it quotes the sentences the generic
answer would quote of the paper besides its method sentences (write/by_role.write_how), so the structural reading of
"how" + auxiliary (plan/operation.STRUCTURAL_HOW) is on."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from assistant.answer.plan import operation
from assistant.answer.plan.operation import operation_of
from assistant.answer.write import by_role
from assistant.answer.write.extractive import clause, quoted
from assistant.models import Filters, Message


def _corpus(assistant):
    return assistant.answerer().corpus


def _paper(corpus, arxiv_id: str):
    return next(p for p in corpus.papers if p.arxiv_id == arxiv_id)


@pytest.mark.parametrize(
    ("question", "arxiv_id"),
    [
        ("How did he make the MiniFE mini-application faster?", "1505.08023"),
        ("How do they keep the SwarmThinkers statistics physically right?", "2505.20094"),
        ("How does RACE find repeated work in loop nests?", "2506.21960"),
    ],
)
def test_the_method_answer_quotes_what_the_generic_answer_quotes(assistant, question, arxiv_id, monkeypatch):
    corpus = _corpus(assistant)
    paper = _paper(corpus, arxiv_id)
    ranked = corpus.picker.rank(question, corpus.qterms(question), [paper])[paper.id]
    generic = quoted(corpus, question, paper, ranked)
    plan, hits = SimpleNamespace(words=question), [SimpleNamespace(paper=paper)]
    text = by_role.write_how(plan, hits, corpus).answer
    # every sentence it would quote but a question the abstract asks itself (no claim to quote)
    assert all(clause(s) in text for s in generic if not s.rstrip().endswith("?")), (generic, text)
    monkeypatch.setattr(by_role, "QUOTES_GENERIC", False)  # the method sentences alone: a different answer
    alone = by_role.write_how(plan, hits, corpus).answer
    assert len(alone) <= len(text)


def test_a_how_the_vote_misses_is_read_as_the_method_as_shipped():
    assert operation.STRUCTURAL_HOW and by_role.QUOTES_GENERIC
    assert (
        operation_of("fact", SimpleNamespace(label="list", sure=False), "How did he speed it up?", [], [], "") == "how"
    )


def test_a_speed_up_question_quotes_how_it_was_done(assistant):
    # read as a fact, the answer quoted "we optimize the MiniFE program" and neither the storage format nor the plan
    answer = assistant.answer(
        [Message(role="user", content="How was the MiniFE proxy app made to run faster?")], Filters()
    )
    assert answer.meta.get("route") == "how", answer.meta
    assert "BCRS" in answer.answer or "OpenMP" in answer.answer, answer.answer
