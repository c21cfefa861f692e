"""Which words of a question make its topic, in fresh wordings: the object a paper noun ends is the topic, and what
follows the noun ("thx", "contain findings") is the frame, dropped unless the papers in scope use it."""

from __future__ import annotations

from assistant.answer.plan.content import content_of
from assistant.answer.plan.facets import either
from assistant.answer.plan.intents import topic_words
from assistant.answer.plan.topic_parts import distributed, shared
from assistant.models import Filters, Message


def test_a_paper_noun_ends_the_object_it_follows():
    q = "Which of the lab's articles contain findings concerning Svalbard?"
    assert content_of("contain findings Svalbard", q) == "Svalbard"
    assert content_of("tensor compiler thx", "a rundown of his tensor compiler publications thx") == "tensor compiler"
    # a word the papers use stays, and a topic with no paper noun keeps its object whole
    assert content_of("findings Svalbard", q, lambda w: w == "findings") == "findings Svalbard"
    assert content_of("KV cache compression LLMs", "any work on KV cache compression for LLMs?") == (
        "KV cache compression LLMs"
    )


def test_trailing_request_words_do_not_empty_a_topic(tanaka):
    answer = tanaka.answer([Message(role="user", content="a summary of her snow depth research thx")], Filters())
    assert answer.meta["plan"]["topic"] == "snow depth"
    assert "Snow Depth on Sea Ice from Dual-Frequency Altimetry" in {c.title for c in answer.citations}


def test_what_a_paper_noun_is_followed_by_stays_when_it_says_what_the_papers_do():
    # no place of its own and words the papers use: a condition on the papers, not frame
    q = "which of the group's preprints show the pruned network outperforms the dense baseline?"
    used = {"pruned", "network", "dense", "baseline"}.__contains__
    assert content_of("pruned network outperforms dense baseline", q, used) == (
        "pruned network outperforms dense baseline"
    )


def test_alternatives_share_the_context_around_their_separator():
    on = {"sparse tensor kernels": {"a"}, "dense tensor kernels": {"b"}, "tensor": {"a", "b", "c"}}.get
    papers = lambda phrase: on(phrase) or set()  # noqa: E731
    q = "what has the lab written on sparse / dense tensor kernels?"
    assert shared("sparse or dense tensor kernels", q, papers) == "sparse tensor kernels or dense tensor kernels"
    # the alternatives apart in the question, or no reading a paper is on: the topic as said
    assert shared("sparse or dense tensor kernels", "sparse methods, or else dense tensor kernels", papers) == ""
    assert shared("frozen or thawed lake ice", "papers on frozen / thawed lake ice", papers) == ""


def test_alternatives_side_by_side_in_another_derived_form_share_their_context():
    # the topic holds the papers' forms ("quantization" for the question's "quantizing": topic_words.in_papers_forms)
    on = {"quantization large language models": {"a"}, "binarization large language models": {"b"}}.get
    papers = lambda phrase: on(phrase) or set()  # noqa: E731
    q = "Which papers are about quantizing or binarizing large language models?"
    assert shared("quantization or binarization large language models", q, papers) == (
        "quantization large language models or binarization large language models"
    )
    # a form of another word ("quantity") is no form of the topic's word
    assert shared("quantization or binarization large language models", "quantity or binarizing LLMs", papers) == ""
    # an "and" between the question's forms splits the topic's forms too
    assert (
        either("quantization binarization", "his work on quantizing and binarizing") == "quantization or binarization"
    )


def _role(word: str) -> str:
    return "phrasing" if word in {"making", "more", "or"} else "distinguishing"


def test_a_lone_qualifier_after_a_core_keeps_the_core():
    on = {"LLM training cheaper": {"a"}, "LLM training flexible": {"b"}, "flexible": {"x", "y"}}.get
    papers = lambda phrase: on(phrase) or set()  # noqa: E731
    q = "Summarize his papers on making LLM training cheaper or more flexible."
    topic = "making LLM training cheaper or flexible"
    assert distributed(topic, q, papers, _role, lambda w: False) == "LLM training cheaper or LLM training flexible"
    # no reading with the core grounds the qualifier: it keeps the core all the same, never "flexible" alone
    fewer = {"LLM training cheaper": {"a"}, "flexible": {"x"}}.get
    assert distributed(topic, q, lambda p: fewer(p) or set(), _role, lambda w: False) == (
        "LLM training cheaper or LLM training flexible"
    )
    # apart in the question: no run of alternatives
    assert distributed(topic, "making LLM training cheaper, and later flexible", papers, _role, lambda w: False) == ""


def test_a_lone_word_stands_alone_when_its_papers_hold_the_core_or_it_is_a_name():
    # every paper "elastic" grounds alone is on the core already: read alone, as said
    on = {"LLM training": {"a", "b"}, "LLM training cheaper": {"a"}, "elastic": {"b"}}.get
    papers = lambda phrase: on(phrase) or set()  # noqa: E731
    q = "his papers on making LLM training cheaper or more elastic"
    assert distributed("making LLM training cheaper or elastic", q, papers, _role, lambda w: False) == (
        "LLM training cheaper or elastic"
    )
    # the question's example, a name: it widens the topic
    on = {"Tianhe": {"t"}, "national supercomputers Sunway": {"s"}}.get
    papers = lambda phrase: on(phrase) or set()  # noqa: E731
    q = "which papers ran on national supercomputers Sunway or Tianhe?"
    topic = "national supercomputers Sunway or Tianhe"
    assert distributed(topic, q, papers, _role, {"Tianhe"}.__contains__) == ""  # the topic as said
    assert distributed(topic, q, papers, _role, lambda w: False) == (
        "national supercomputers Sunway or national supercomputers Tianhe"
    )


def test_lone_words_before_a_core_are_left_to_the_shared_reading():
    on = {"scarce training labels": {"a"}, "glaciers": {"g"}}.get
    papers = lambda phrase: on(phrase) or set()  # noqa: E731
    q = "her work with scarce, noisy or unreliable training labels"
    assert distributed("scarce or noisy or unreliable training labels", q, papers, _role, lambda w: False) == ""


def test_a_shared_modifier_narrows_each_alternative(assistant):
    q = "Which of his papers do low-rank decomposition or factorization for compressing models?"
    answer = assistant.answer([Message(role="user", content=q)], Filters())
    assert {c.title for c in answer.citations} == {
        "Lossless Model Compression via Joint Low-Rank Factorization Optimization",
        "Compression for Better: A General and Stable Lossless Compression Framework",
    }


def test_a_date_restated_as_one_compound_word_is_no_topic(tanaka):
    # "(Jul-Dec)" restates the span the dates slot already read; a compound of topic words stays whole.
    assert topic_words("anything she put out in the second half of 2021 (Jul-Dec)?", "Keiko Tanaka") == []
    assert topic_words("her low-rank and sea-ice work", "Keiko Tanaka") == ["low-rank", "sea-ice"]
    answer = tanaka.answer(
        [Message(role="user", content="anything she put out in the second half of 2021 (Jul-Dec)?")], Filters()
    )
    assert answer.citations and "Jul-Dec" not in answer.answer


def test_every_item_of_a_comma_list_is_in_the_place_of_the_topic():
    # The comma after "lake ice" ends no clause: "river" is in the place too, so no item is left as a bare "ice".
    used = lambda w: w in {"ice", "sea"}  # noqa: E731 - the words the papers in scope write
    q = "Which of her papers are on lake ice, river ice or sea ice?"
    assert content_of("lake ice or river ice or sea ice", q, used) == "lake ice or river ice or sea ice"


def test_a_near_negative_listed_with_commas_stays_refused(tanaka):
    # Before, "river ice" lost its modifier and "ice" listed every paper of hers.
    answer = tanaka.answer(
        [Message(role="user", content="Did she ever publish on freshwater ice, like lake ice or river ice?")], Filters()
    )
    assert not answer.citations
    assert "does not cover" in answer.answer
