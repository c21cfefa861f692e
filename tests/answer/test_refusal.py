"""Refuse, or answer from the subject words that ground papers, when a topic grounds no paper (plan/refusal.py: a
model fitted on every writer's questions, leave one writer out); a contraction's clitic is never a topic word."""

from __future__ import annotations

import json

from assistant.answer.plan import refusal
from assistant.answer.plan.intents import topic_words
from assistant.models import Filters, Message
from assistant.text import without_clitics


def ask(assistant, question: str):
    answerer = assistant.answerer()
    messages = [Message(role="user", content=question)]
    return answerer.plan(messages, Filters()), answerer.answer(messages, Filters())


def test_a_contractions_clitic_is_never_a_word():
    assert (
        without_clitics("I'm sure they’re done; we've seen he'll, I'd, it's") == "I sure they done; we seen he, I, it"
    )
    assert without_clitics("don't, can't, won't") == "do, can, will"
    assert "m" not in topic_words("I'm interested in his mixture-of-experts research. What does it cover?")
    assert "d" not in topic_words("I'd like a short summary of his stencil work")


def test_the_model_file_says_what_it_was_fitted_on():
    data = json.loads(refusal._DATA.read_text())
    assert data["features"] == list(refusal.FEATURES) and len(refusal.FEATURES) <= 12
    assert len(data["weights"]) == len(data["mean"]) == len(data["scale"]) == len(refusal.FEATURES)
    folds = data["leave_one_writer_out"]
    assert len(folds) >= 10 and all("refused_learned" in f and "wrong_learned" in f for f in folds.values())


def test_a_subject_the_corpus_lacks_stays_refused(assistant):
    # "learning" grounds papers, "federated" none: the reading "learning" would list unrelated papers
    for q, topic in (
        ("Which of his papers are about federated learning?", "federated learning"),
        ("List his papers on protein structure prediction.", "protein structure prediction"),
    ):
        plan, answer = ask(assistant, q)
        assert "I read the topic as" not in (plan.assumed or ""), plan.assumed
        assert f"is about “{topic}”" in answer.answer, answer.answer
        # only other groups' papers may be cited beside the refusal, never his
        assert not any(assistant.answerer().corpus.by_id[c.paper_id].is_author_work for c in answer.citations)


def test_a_long_description_whose_subject_grounds_papers_is_answered(assistant):
    q = (
        "Of his two 2026 LLM-training systems papers, take the one that is NOT about training on cheap hardware. "
        "What abstraction sits at the core of it?"
    )
    plan, answer = ask(assistant, q)
    assert answer.citations, answer.answer
    # the list's selection is the one paper, asked the fact (plan/one_reached.py), or the topic is read relaxed
    assert len(plan.focus) == 1 or "I read the topic as" in (plan.assumed or "")
    assert "Virtual Parameter Space" in answer.answer


def test_a_question_no_paper_is_relevant_to_as_a_whole_is_answered_from_its_subject(assistant):
    # the relevance check over all the question's words ("interested", "cover") finds nothing; "mixture-of-experts"
    # grounds his MoE papers, and the one decision (refusal.decided) answers from them, saying how it read the topic
    plan, answer = ask(assistant, "I'm interested in his mixture-of-experts research. What does it cover?")
    assert answer.citations, answer.answer
    assert all("mixture" in (c.title or "").casefold() for c in answer.citations), answer.citations
    assert "I read the topic as “mixture-of-experts”" in answer.answer, answer.answer


def test_a_question_on_a_subject_the_corpus_lacks_stays_refused(assistant):
    for q in ("What did he find about protein structure prediction?", "Tell me what his climate policy work covers."):
        _, answer = ask(assistant, q)
        assert not answer.citations, answer.answer
        assert "I read the topic as" not in answer.answer, answer.answer


def test_both_refusal_paths_ask_the_one_decision(assistant, monkeypatch):
    asked = []
    decided = refusal.decided

    def spy(corpus, question, topic, pool, filtered):
        asked.append(topic)
        return decided(corpus, question, topic, pool, filtered)

    monkeypatch.setattr(refusal, "decided", spy)
    ask(assistant, "I'm interested in his mixture-of-experts research. What does it cover?")  # the evidence step
    ask(assistant, "Which of his papers are about federated learning?")  # the topic reader
    assert asked[0] == "interested mixture-of-experts" and "federated learning" in asked[1:], asked


def test_the_reading_keeps_the_most_subject_words_that_ground_papers_together(assistant):
    # each word grounds papers alone, the three together none: the word read least surely as subject drops first,
    # so the reading is "numerical kernels" (its kernel papers), not "numerical" alone (any numerical paper)
    corpus = assistant.answerer().corpus
    pool = [p for p in corpus.by_id.values() if p.is_author_work]
    odds = {"numerical": 3.0, "kernels": 2.0, "mixture-of-experts": 1.0}
    found = refusal.case(
        corpus,
        "What has he done on numerical kernels and mixture-of-experts?",
        "numerical kernels mixture-of-experts",
        pool,
        False,
        lambda words: [odds[w] for w in words],
        2.5,
    )
    assert found is not None and found.reading == "numerical kernels", found
    on = {sp.paper.id for sp in corpus.topics.papers_on("numerical kernels", pool, scored=False)}
    assert on and set(found.papers) == on
