"""A topic's alternatives read from its punctuation: slashes and a parenthesised list of sub-topics are a union,
not one phrase every paper must say; "X or not" and "so far" are structure, never topic words."""

from __future__ import annotations

from assistant.answer.plan.topic_scope import as_alternatives, tidy
from tests.asking import ask


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


def test_a_dash_list_to_the_end_of_the_sentence_gives_sub_topics():
    read = tidy(" ".join(as_alternatives("what has she done on land ice — glaciers, ice shelves, icebergs?").split()))
    assert read.endswith("land ice or glaciers or ice shelves or icebergs")
    # a clause after a dash is no list
    assert as_alternatives("papers on GPUs - which, if any, use CUDA?") == "papers on GPUs - which, if any, use CUDA?"


def test_a_comma_list_ending_in_and_or_or_gives_sub_topics():
    assert "glaciers or icebergs or ice shelves" in as_alternatives("her work on glaciers, icebergs and ice shelves")
    assert "few or noisy or missing labels" in as_alternatives("learning with few, noisy or missing labels")
    # a clause ("…, which use CUDA and …") is no list
    q = "Of his papers on GPUs, which use CUDA and which OpenCL?"
    assert as_alternatives(q) == q
    # "(non-LLM)" leaves a topic out: no alternative
    assert "LLM" not in as_alternatives("his work on classical (non-LLM) machine learning")


def test_a_summary_of_land_ice_listed_after_a_dash_is_their_union(tanaka):
    answer = ask(tanaka, "Give me an overview of her work on land ice — glaciers, ice shelves, icebergs?")
    found = " ".join(titles(answer))
    assert "Iceberg" in found and "Ice Shelves" in found and "Glaciers" in found


def test_an_and_splits_a_topic_only_where_it_stands(tanaka):
    # "ice" of "land ice" and "shelves" after "icebergs and ice" are no "ice or shelves" (which listed 18 papers)
    answer = ask(tanaka, "tell me about her papers on land ice – glaciers, icebergs and ice shelves")
    found = " ".join(titles(answer))
    assert "Glaciers" in found and "Ice Shelves" in found and "Iceberg" in found
    assert "Sea-Ice Type Classification" not in found
    assert len(answer.citations) <= 4


def test_a_paper_on_one_listed_item_by_a_passing_word_is_left_out(assistant, tanaka):
    # "benchmarks" said of a quantization paper's results is not on "benchmarks, AutoML and HPC AI systems"
    found = titles(ask(assistant, "Summarize his work on benchmarks, AutoML and HPC AI systems."))
    assert {
        "HPC AI500: A Benchmark Suite for HPC AI Systems",
        "AIPerf: Automated machine learning as an AI-HPC benchmark",
    } <= found
    assert not any(t.startswith("MoQE") for t in found)
    # a title that says an item keeps its paper however far its sentences are from the whole list
    found = titles(ask(tanaka, "Summarise Tanaka's work on forecasts, emulators and ensembles"))
    assert "Ice Drift Forecasts with Graph Neural Networks" in found
