"""Sentence-level evidence: a described paper is found by its best sentence; the sentence naming the asked kind wins."""

from __future__ import annotations

from assistant.answer.evidence.sentence_search import question_parts
from assistant.answer.evidence.weigh import QueryTerms, SentencePicker
from assistant.models import Filters, Message, Paper
from tests import conftest


def make_paper(abstract: str, **fields) -> Paper:
    title = "Tuning a Finite Volume Code on Many-Core Servers"
    base = dict(id="p1", title=title, display_title=title, date="2016-01-01", year=2016, abstract=abstract)
    return conftest.make_paper(**{**base, **fields})


def test_a_question_with_a_description_and_a_request_is_also_searched_by_each_part():
    parts = question_parts("The solver that splits the mesh by colour: which hardware did it run on?")
    assert parts[1:] == ["The solver that splits the mesh by colour", "which hardware did it run on"]
    assert question_parts("What is MoQE?") == ["What is MoQE?"]


def test_the_sentence_naming_the_asked_kind_beats_index_terms_and_lead_ins(assistant):
    abstract = (
        "Keywords: finite volume, parallel, multi-core, sparse solver, performance optimization. "
        "This work analyses the steps, the computing pattern and the parallel mechanism of a finite volume code. "
        "Based on that analysis, we tune the code on a many-core server platform. "
        "Finally, a vectorised hybrid programming scheme combining message passing with shared-memory threads "
        "is provided."
    )
    paper = make_paper(abstract)
    answerer = assistant.answerer()
    picker = SentencePicker(answerer.retriever.embeddings)
    question = "what hybrid programming scheme did the finite volume tuning work provide?"
    ranked = picker.rank(question, QueryTerms.of(question, answerer.retriever.lexical), [paper])["p1"]
    assert ranked[0][0].startswith("Finally, a vectorised hybrid programming scheme")
    assert not any(s.startswith("Keywords") for s, _ in ranked)


def test_the_best_sentence_lifts_a_paper_the_passage_vector_dilutes(assistant):
    answerer = assistant.answerer()
    paper = next(p for p in assistant.papers() if p.is_author_work and len(p.abstract.split()) > 150)
    sentence = max((s for s in paper.abstract.split(". ") if len(s.split()) > 12), key=len)
    hits = answerer.retriever.search(sentence, Filters(), k=20)
    before = {h.paper.id: h.dense for h in hits}
    lifted = answerer.sentences.lift(sentence, hits)
    after = {h.paper.id: h.dense for h in lifted}
    assert all(after[i] >= before[i] for i in before)
    assert after[paper.id] > 0.9 and after[paper.id] > before[paper.id]


def test_misspelt_questions_weigh_sentences_against_the_corrected_words(assistant):
    messages = [Message(role="user", content="How many cores did the quantum chemestry simulation scale to?")]
    plan = assistant.answerer().plan(messages, Filters())
    assert plan.words == "How many cores did the quantum chemistry simulation scale to?"
    assert plan.question == messages[0].content  # slots and routes read the words as written
    a = assistant.answer(messages)
    assert a.citations and "20 million cores" in a.answer
