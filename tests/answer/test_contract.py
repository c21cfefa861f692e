"""Every answer keeps the citation contract, cites only corpus papers, and quotes their own sentences."""

from __future__ import annotations

import pytest

from assistant.answer.check.citations import check
from assistant.models import Message
from assistant.text import split_sentences

QUESTIONS = [
    "What parallel efficiency does cuNNQS-SCI maintain in strong scaling tests?",
    "What is FP=xINT?",
    "Which of the author's papers are about quantization?",
    "How many papers did Yunquan Zhang publish in 2025?",
    "Who are Yunquan Zhang's most frequent co-authors?",
    "What is the author's earliest paper?",
    "Which of his papers have code?",
    "How many papers per year?",
    "Is MoQE one of Yunquan Zhang's papers?",
    "What did the author work on before 2021?",
    "Which papers in the corpus are about federated learning?",
    "What arXiv categories does the author publish in?",
]


@pytest.mark.parametrize("question", QUESTIONS)
def test_contract_holds(assistant, question):
    answer = assistant.answer([Message(role="user", content=question)])
    assert check(answer.answer, answer.citations) == []
    assert answer.citations, f"no citations for {question!r}: {answer.answer}"
    ids = {p.id for p in assistant.papers()}
    for c in answer.citations:
        assert c.paper_id in ids
        paper = assistant.paper(c.paper_id)
        sentences = {s for a in paper.abstracts for s in split_sentences(a)}
        assert c.quote in sentences, f"quote is not a sentence of {paper.label}: {c.quote!r}"
        assert c.is_author_work == paper.is_author_work
