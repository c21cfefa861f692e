"""A topic's core: the words that tell the corpus's papers apart decide membership, its corpus-generic words weigh
in only when said, a name counts in its versioned forms, and a paper placed on a topic by meaning alone must say
most of its core."""

from __future__ import annotations

from assistant.answer.evidence.topic_core import VersionedNames, core_words, holds, says_named
from assistant.answer.plan.phrases.who import both_groups
from tests.asking import ask

FP_XINT = "FP=xINT:A Low-Bit Series Expansion Algorithm for Post-Training Quantization"


def test_generic_words_of_the_corpus_are_no_core_and_names_always_are():
    share = {"wavelet": 0.04, "results": 0.6, "experiments": 0.4, "graphene": 0.3, "lattice": 0.1}
    # "results" and "experiments" are ordinary English most papers use; "graphene" names something however common
    assert core_words(["wavelet", "results", "experiments"], share) == ["wavelet"]
    assert core_words(["graphene", "results"], share) == ["graphene"]
    assert core_words(["results", "experiments"], share) == []  # nothing tells the papers apart
    # a phrase whose distinctive words no paper says keeps them: it grounds nothing, rather than everything
    assert core_words(["phonon", "results"], share) == []
    assert core_words(["lattice", "results"], share) == ["lattice"]


def test_a_name_is_held_in_its_versioned_and_run_together_forms():
    names = VersionedNames(["mistral", "mistral7b", "mistral-v0.3", "mistralin", "mistrals", "mist", "gemma2"])
    assert names.of("mistral") == {"mistral7b", "mistral-v0.3", "mistralin"}
    assert holds("gemma", frozenset({"gemma2", "pretrained"}), names)
    assert not holds("gemma", frozenset({"gemstone"}), names)


class _Acronyms:
    """The one thing topic_core reads of evidence/acronyms.Acronyms: each acronym's long forms."""

    long_forms = {"llm": {("large", "language", "model"), ("large", "language", "models")}}


def test_an_acronyms_long_form_read_apart_is_still_said_by_the_paper():
    words, core = ["quantization", "large", "language", "models"], ["quantization"]
    # a paper on quantizing CNNs says "large" and "models", never "language" nor "LLM"
    assert not says_named(words, core, frozenset({"quantization", "large", "models"}), None, _Acronyms())
    assert says_named(words, core, frozenset({"quantization", "llms", "binarization"}), None, _Acronyms())
    assert says_named(words, core, frozenset({"quantization", "large", "language", "model"}), None, _Acronyms())
    # other generic words are the phrase's frame, said or not ("results" of "results on ResNet models")
    assert says_named(["results", "resnet", "models"], ["resnet"], frozenset({"resnet"}), None, _Acronyms())


def test_quantizing_llms_over_both_groups_lists_the_papers_that_say_llms(assistant):
    # every word but "quantization" is in a good share of the table's papers: read apart, "large language models"
    # took in every quantization paper of either group (14), the ViT survey and the 2022 CNN papers among them
    corpus = assistant.answerer().corpus
    on = {
        sp.paper.title or sp.paper.display_title
        for sp in corpus.topics.papers_on("quantization large language models", corpus.papers)
    }
    assert any(t.startswith("CALM") for t in on) and any(t.startswith("STBLLM") for t in on)
    assert any(t.startswith("BitDistiller") for t in on)
    assert FP_XINT not in on and not any(t.startswith("Compression for Better") for t in on)
    assert not any(t.startswith("Evaluation and Optimization of Gradient Compression") for t in on)


def test_a_generic_word_need_not_be_said_beside_the_name(assistant):
    # FP=xINT says only "4-bit quantization of ResNet-50 …": "networks" is in most of the table's papers
    corpus = assistant.answerer().corpus
    mine = [p for p in corpus.papers if p.is_author_work]
    on = {sp.paper.title for sp in corpus.topics.papers_on("ResNet networks", mine)}
    assert FP_XINT in on and len(on) == 3


def test_a_count_of_a_model_family_reads_its_versioned_names(assistant):
    # MoE-DisCo names only "Qwen1.5-MoE-2.7B"; CALM's listing runs "Qwen" into the next word
    answer = ask(assistant, "In how many of his papers does Qwen appear?")
    assert answer.answer.startswith("3 ")


def test_a_paper_near_in_meaning_must_say_the_core(tanaka):
    # the charting, emulation and forecast-uncertainty papers are close to sea-ice drift but never say drift
    answer = ask(tanaka, "Give me a rundown of her research on sea-ice drift.")
    assert {c.title for c in answer.citations} == {"Ice Drift Forecasts with Graph Neural Networks"}


def test_either_group_said_by_a_name_or_anyone_else():
    assert both_groups("glacier papers, whether Smith's or not?")
    assert both_groups("Which papers cover radar — hers and anybody else's?")
    assert both_groups("Does Jane Doe, another group, or both work on lidar?".replace("another", "the other"))
    assert not both_groups("Which of Smith's papers are on lidar?")


def test_a_list_set_apart_by_dashes_gives_alternatives():
    from assistant.answer.plan.topic_scope import as_alternatives

    text = as_alternatives("his solver work – multigrid, Krylov methods, preconditioners – not eigenvalue codes")
    parts = [p.strip() for p in text.split(" or ")]
    assert parts[:3] == ["his solver work", "multigrid", "Krylov methods"] and parts[3].startswith("preconditioners")
    assert as_alternatives("well - fine, thanks") == "well - fine, thanks"  # one dash sets nothing apart


def test_a_count_in_the_topic_must_be_said_as_written(assistant):
    from assistant.answer.evidence.topic_terms import identities, said_as_written

    # 8 GPUs are not 64; a year is a date, read before the topic; a count is no name the planner keeps
    assert said_as_written(["experiments", "64", "gpus"]) == ["64"]
    assert said_as_written(["2023", "gpus"]) == []
    assert identities(["experiments", "64", "gpus"]) == []
    found = {
        c.title
        for c in ask(
            assistant, "Which papers in the whole corpus, whoever wrote them, report experiments on 64 GPUs?"
        ).citations
    }
    assert any(t.startswith("DeAR") for t in found) and any(t.startswith("cuNNQS-SCI") for t in found)
    # a kind of GPU ("A100") said without the count is no paper on it
    assert not any(t.startswith("Exploiting Block Coordinate Descent") for t in found)
    assert not any(t.startswith("MoE-DisCo") for t in found)
