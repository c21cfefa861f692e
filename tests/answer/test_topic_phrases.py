"""A topic phrase decided by its distinguishing words, on the seed corpus: qualifiers ("NVIDIA", "neural network")
need not be said, the head and the most specific word must be, together; examples after "like" and alternatives
after "or" are each enough; verbs of order ("predate") are dates, not topics."""

from __future__ import annotations

from assistant.answer.evidence.topics import alternatives, content_terms, key_terms
from tests.asking import ask


def titles(answer):
    return {c.title or c.arxiv_id for c in answer.citations}


def test_a_qualifier_of_a_phrase_need_not_be_said(assistant):
    answer = ask(assistant, "Which of his papers mention NVIDIA A100 GPUs in their abstracts?")
    found = titles(answer)
    # Only cuNNQS-SCI says "NVIDIA"; the others say "A100" with "GPUs" or "clusters".
    assert any(t.startswith("cuNNQS-SCI") for t in found)
    assert any(t.startswith("MoE-DisCo") for t in found)
    assert any(t.startswith("Exploiting Block Coordinate Descent") for t in found)


def test_neural_network_quantization_is_every_quantization_paper(assistant):
    answer = ask(assistant, "Which of his papers are about neural network quantization?")
    found = titles(answer)
    assert any(t.startswith("CALM") for t in found) and any(t.startswith("MoQE") for t in found)
    assert any(t.startswith("FP=xINT") for t in found) and len(found) >= 6


def test_a_head_said_apart_from_the_rest_grounds_nothing(assistant):
    # "neural network architectures" in one sentence and "quantization search problem" in another are not NAS.
    answer = ask(assistant, "Did Yunquan Zhang work on neural architecture search?")
    assert not any(t.startswith("Compression for Better") for t in titles(answer))


def test_examples_after_like_are_alternatives(assistant):
    assert alternatives("supercomputers like Sunway or Tianhe") == ["supercomputers", "Sunway", "Tianhe"]
    answer = ask(assistant, "Which of his papers ran on Chinese national supercomputers like Sunway or Tianhe?")
    found = titles(answer)
    assert any("Sunway" in t for t in found) and any("HONPAS" in t for t in found)


def test_the_key_words_of_a_phrase():
    every = lambda w: True  # noqa: E731
    assert key_terms("NVIDIA A100 GPUs", content_terms("NVIDIA A100 GPUs"), every) == {"a100", "gpus"}
    assert key_terms("neural network quantization", ["neural", "network", "quantization"], every) == {"quantization"}
    # an ordinary head leans on its modifiers; a long run of leftovers is no one phrase
    assert key_terms("pruning LLM weights", ["pruning", "llm", "weights"], every) == {"pruning", "llm", "weights"}
    # a word no paper in scope uses is never dropped
    assert "lu" in key_terms("sparse LU factorization", ["sparse", "lu", "factorization"], lambda w: w != "lu")
    assert content_terms("attention-based models") == ["models", "attention"]


def test_predate_is_a_date(assistant):
    answer = ask(assistant, "How many of his papers predate 2020?")
    assert answer.meta["plan"]["topic"] == "" and "2 (two)" in answer.answer


def test_a_claim_of_being_first_is_read_in_the_abstracts_not_as_the_earliest(assistant):
    answer = ask(assistant, "Which of his papers claim to be the first to do something?")
    assert answer.meta["plan"]["route"] == "list"
    found = titles(answer)
    assert any(t.startswith("FP=xINT") for t in found) and any(
        t.startswith("Lossless Model Compression") for t in found
    )
    # "the first layer of a model" (the error-theory paper) claims nothing
    assert not any(t.startswith("A General Error-Theoretical") for t in found)


def test_words_under_a_date_pick_that_ground_nothing_are_wording(assistant):
    # "his publication record" is the collection as a whole: its earliest year, from the table (write/collection.py)
    answer = ask(assistant, "What's the earliest year in his publication record?")
    assert answer.meta["plan"]["route"] == "corpus" and "2015" in answer.answer and "“record”" not in answer.answer


def test_a_question_asked_of_the_picked_paper_is_answered_from_it(assistant):
    answer = ask(
        assistant, "The oldest paper in his list optimizes a mini-application released by which research center?"
    )
    assert answer.meta["plan"]["route"] == "fact" and "NERSC" in answer.answer
    assert [c.arxiv_id for c in answer.citations][:1] == ["1505.08023"]


def test_function_words_are_never_a_topic(assistant):
    # Pronouns, conjunctions and light verbs around a question ("do you have", "whether", "you've got here") are
    # its frame: a count of his papers is all of them, and a topic keeps only its content.
    count = ask(assistant, "How many papers by Yunquan Zhang do you have?")
    assert "29" in count.answer and "on you" not in count.answer
    listed = ask(assistant, "Do you know whether he has papers on Sunway?")
    assert "“Sunway”" in listed.answer and "whether" not in listed.answer
    assert any("Sunway" in t for t in titles(listed))
    examples = ask(assistant, "Which of his papers discuss GPUs, e.g. A100 or V100?")
    assert "e.g" not in examples.answer.split("\n")[0]
