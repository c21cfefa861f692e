"""Negated topics: the negation's frame ("in their abstracts", "any") is no topic word, a bracket after it a gloss or
examples, a name in it is ruled out by any mention (and a name the corpus says is a kind of the topic says it),
"post-X" is no X, and a topic hyphenated or slashed as a modifier of "papers" is read as its words."""

from __future__ import annotations

from assistant.answer.plan.phrases import negated
from assistant.answer.plan.topic_scope import as_alternatives
from tests.asking import ask


def titles(answer):
    return {c.title or c.arxiv_id for c in answer.citations}


def test_where_the_negated_words_are_looked_for_is_no_topic():
    assert negated("Which ones never name a ResNet in the abstract?").topic == "ResNet"
    assert negated("papers that do not mention any GPU in their titles or abstracts").topic == "GPU"
    # no place named after the words: only the quantifier goes
    assert negated("which are not about the abstract?").topic == "abstract"


def test_a_closed_class_word_after_the_negated_words_is_no_topic():
    assert negated("Which of his HPC papers are not about GPUs though?").topic == "GPUs"
    assert negated("Which of her papers do not use deep learning either?").topic == "deep learning"
    assert negated("which ones do not use MPI really").topic == "MPI"
    # a topic of one word stays, whatever the word
    assert negated("which papers do not use it").topic == "it"


def test_a_tight_slash_before_papers_divides_the_topic():
    assert "pruning or quantization papers" in as_alternatives("his pruning/quantization papers")
    assert as_alternatives("AI/deep-learning systems") == "AI/deep-learning systems"


def test_a_hyphenated_modifier_topic_reads_as_its_words(assistant):
    # "model-compression" is written apart in the papers: the parameter-sharing paper is on it, the lossless
    # framework (it applies quantization) is left out by the negation
    found = titles(ask(assistant, "List his model-compression works that have nothing to do with quantization."))
    assert any(t.startswith("Rethinking Parameter Sharing") for t in found)
    assert any(t.startswith("Lossless Model Compression") for t in found)
    assert not any(t.startswith("Compression for Better") for t in found)


def test_post_training_is_no_training(assistant):
    found = titles(ask(assistant, "I'd like the LLM papers of his that are not about training."))
    assert any(t.startswith("CALM") for t in found)
    assert not any(t.startswith("DynaTrain") for t in found)


def test_a_name_in_the_negated_words_rules_out_any_mention(assistant):
    found = titles(
        ask(assistant, "Of his quantization work, which papers never mention ResNet models in the abstract?")
    )
    assert any(t.startswith("CALM") for t in found)
    assert not any(t.startswith("FP=xINT") or t.startswith("MoQE") for t in found)


def test_a_bracket_after_the_negated_words_is_a_gloss_or_examples():
    # a gloss restates the question: not part of the topic, nor left for the topic ("glacier ice instead")
    n = negated("Which of her Sentinel-1 papers are NOT about sea ice (i.e. about glacier ice instead)?")
    assert n.topic == "sea ice" and n.span[1] == len(
        "Which of her Sentinel-1 papers are NOT about sea ice (i.e. about glacier ice instead)"
    )
    # a list in the bracket gives examples of the negated words; where they are said after it is the frame
    q = "Which of his compression papers never name a specific model (ResNet, LLaMA, Qwen...) in their results?"
    n = negated(q)
    assert n.topic == "specific model like ResNet or LLaMA or Qwen"
    assert q[n.span[1] :] == "?"
    # "instead" says what the answer is, not an example of what it is not
    assert negated("Which of her SAR papers are not about sea ice (e.g. glaciers instead)?").topic == "sea ice"


def test_code_before_a_hyphen_asks_no_code(assistant):
    a = ask(assistant, "Which of his code-optimization papers do not target tensor cores?")
    assert a.meta["plan"]["route"] == "list"
    a = ask(assistant, "Which of his papers have code on GitHub?")
    assert a.meta["plan"]["route"] == "code"


def test_a_sub_topic_negated_inside_the_topic_leaves_the_topics_other_papers(assistant):
    # "training LLMs" inside "LLM papers": the word "LLMs" marks every paper listed, "training" rules out
    found = titles(ask(assistant, "Which of his LLM papers are not about training LLMs?"))
    assert any(t.startswith("CALM") for t in found) and any(t.startswith("MoQE") for t in found)
    assert not any(t.startswith(("DynaTrain", "MoE-DisCo", "Exploiting Block")) for t in found)


def test_the_names_of_a_negated_phrase_are_its_core():
    from assistant.answer.evidence.topic_terms import names_in

    assert names_in("Sentinel-1 data") == ["Sentinel-1"]
    assert names_in("any Sentinel satellite data") == ["Sentinel"]
    assert names_in("results on a ResNet-type network") == ["ResNet"]
    assert names_in("NVIDIA A100 GPUs") == ["A100"]  # the name with a number is the thing meant
    assert names_in("Machine Learning methods") == names_in("sea ice") == []


def test_a_negated_phrase_whose_whole_words_no_sentence_holds_is_ruled_out_by_its_name(tanaka, assistant):
    # no sentence says "Sentinel-1 data"; nine papers say Sentinel-1 and are not listed
    found = titles(ask(tanaka, "Which of her papers did not use Sentinel-1 data?"))
    assert "Snow Depth on Sea Ice from Dual-Frequency Altimetry" in found
    assert not any("Sentinel-1" in t or t.startswith("A Foundation Model") for t in found)
    found = titles(ask(assistant, "Which of his compression papers do not report results on a ResNet-type network?"))
    assert any(t.startswith("Rethinking Parameter Sharing") for t in found)
    assert not any(t.startswith(("FP=xINT", "MoQE", "A General Error-Theoretical")) for t in found)


def test_a_negated_statement_rules_out_the_papers_that_state_it(assistant):
    # no sentence holds every word of the statement: the sentences that mean it rule their papers out
    found = titles(
        ask(
            assistant,
            "Which of his compression papers do not claim the compressed model ends up better than the original?",
        )
    )
    assert any(t.startswith("Rethinking Parameter Sharing") for t in found)
    assert not any(t.startswith(("Lossless Model Compression", "A General Error-Theoretical")) for t in found)


def test_a_negated_co_author_and_source_are_left_out(tanaka):
    found = titles(ask(tanaka, "Which of her papers with Ole Hansen don't have Ingrid Berg on the author list?"))
    assert "Detecting Leads in Winter Sea Ice with CryoSat-2 Waveforms" not in found
    assert "Ice Drift Forecasts with Graph Neural Networks" in found
    found = titles(ask(tanaka, "which of her 2020 and 2021 papers never went on arXiv?"))
    assert found == {
        "Towards Benchmark Datasets for Sea-Ice Segmentation",
        "Melt Pond Fraction on Arctic Sea Ice from Sentinel-2 Imagery",
        "Correcting Incidence-Angle Effects in SAR Sea-Ice Classification",
    }


def test_a_negated_name_is_said_in_its_versioned_forms_too(assistant):
    # CALM writes "LLaMA and Qwenin terms of", MoQE "Qwen model families": both say Qwen
    found = titles(ask(assistant, "Which of Yunquan Zhang's LLM-related papers don't evaluate on Qwen models?"))
    assert any(t.startswith("DynaTrain") for t in found)
    assert not any(t.startswith(("CALM", "MoQE")) for t in found)


def test_a_negated_passive_participle_negates_its_object(assistant):
    # "were NOT tested on X": the participle's object is left out; an agent or a verb of the record is no topic
    assert negated("Among his quantization papers, which ones were NOT tested on large language models?").topic == (
        "large language models"
    )
    assert negated("Which of her papers weren't trained on Sentinel-1 data?").topic == "Sentinel-1 data"
    assert negated("Which joint papers were NOT led by Hansen as first author?") is None
    assert negated("Which papers were not published in 2023?") is None
    found = titles(
        ask(assistant, "Among his quantization papers, which ones were NOT tested on large language models?")
    )
    assert any(t.startswith("FP=xINT") for t in found)
    assert not any(t.startswith("CALM") or t.startswith("MoQE") for t in found)


def test_a_bracket_after_at_all_is_read_as_one_after_the_negated_words():
    q = "Which of her studies don't use any Sentinel satellite data at all (neither Sentinel-1 nor Sentinel-2)?"
    n = negated(q)
    assert n.topic == "Sentinel satellite data like Sentinel-1 or Sentinel-2"
    assert q[n.span[1] :] == "?"
    assert negated("Which of her papers don't use SAR at all (i.e. optical only)?").topic == "SAR"


def test_a_name_the_corpus_says_is_the_topics_kind_says_the_topic(tanaka):
    # a title writes "Sentinel-1 SAR": the crevasse paper, which writes only "Sentinel-1 images", is a SAR paper
    crevasse = "Crevasse Detection on Antarctic Ice Shelves with Vision Transformers"
    assert crevasse in titles(ask(tanaka, "Which of her papers use Sentinel-1 SAR?"))
    found = titles(ask(tanaka, "Of her Sentinel-1 SAR papers, which ones are not about sea ice?"))
    assert crevasse in found and not any("Sea-Ice" in t for t in found)


def test_a_negated_kind_the_papers_state_in_other_words_is_read_by_meaning(tanaka):
    # no abstract writes "satellite observations": the words rule out none of her sea-ice papers, so a paper whose
    # closest sentence means it (Sentinel-1 scenes, SAR backscatter) has it, and the emulator of a sea-ice model stays
    found = titles(ask(tanaka, "Which of her sea-ice studies do not use satellite observations?"))
    assert "Emulating Sea-Ice Dynamics with Fourier Neural Operators" in found
    assert not any("Sentinel-1" in t for t in found)
    # where the words rule out most of the scope, meaning adds nothing: the crevasse paper (0.49 from "sea ice") is
    # not about sea ice
    found = titles(ask(tanaka, "Which of her papers are not about sea ice?"))
    assert "Crevasse Detection on Antarctic Ice Shelves with Vision Transformers" in found


def test_a_bare_noun_after_the_negated_copula_is_a_negated_topic(assistant):
    # "which papers are not chemistry?": the two HONPAS chemistry papers of 2020 are left out
    answer = ask(assistant, "from his 2020 output, which papers are not chemistry?")
    titles = " ".join(c.title or "" for c in answer.citations)
    assert answer.citations and "HONPAS" not in titles and "AIPerf" in titles, answer.answer


def test_a_dash_before_a_wh_word_ends_the_negated_words():
    assert negated("His quantization papers that are NOT about large language models — which ones?").topic == (
        "large language models"
    )
    assert negated("which papers are not chemistry?").topic == "chemistry"
