"""Topic membership in fresh wordings: a topic is made of content only (where the question puts it, never its frame),
a topic of several facets means papers on any of them, a parenthesis gives examples or a contrast, and negation is
the scope less the papers the same test puts on the excluded topic, field or position."""

from __future__ import annotations

from assistant.answer.plan.content import content_of
from assistant.answer.plan.phrases import has_fields, negated
from assistant.answer.plan.topic_scope import as_alternatives
from tests.asking import ask


def titles(answer):
    return {c.title for c in answer.citations}


def test_the_frame_of_a_question_is_no_topic():
    # the words before "to" frame the question; the topic is what "to" introduces
    assert content_of("sum up contributions quantization", "Could you sum up his contributions to quantization?") == (
        "quantization"
    )
    # a paper noun's modifiers are topic too, and a question with no place for a topic keeps its words
    assert content_of("briefly LLM", "Briefly, which LLM papers did he write?", lambda w: w == "LLM") == "LLM"
    assert content_of("stencil", "stencil?") == "stencil"


def test_a_parenthesis_gives_examples_and_a_contrast():
    said = as_alternatives("her altimetry work (CryoSat-2 and the like)")
    assert "or CryoSat-2" in said and "like" not in said
    q = "a rundown of what she did on ice shelves (land ice, not sea ice)"
    assert "sea ice" not in as_alternatives(q) and "or land ice" in as_alternatives(q)
    assert negated(q).topic == "sea ice"


def test_never_with_any_verb_and_a_missing_arxiv_version_exclude():
    assert (
        negated("Which of her 2023 papers never quote an RMSE?").topic == "RMSE"
    )  # the quantifier is the frame, not the topic
    assert has_fields("Which of his compression papers lack an arXiv version?")[0] == (("arxiv", False),)


def test_frame_words_do_not_empty_a_topic_list(tanaka):
    answer = ask(tanaka, "Could you sum up her contributions to sea-ice forecasting and glacier calving?")
    topic = answer.meta["plan"]["topic"]
    assert "sum" not in topic and "contributions" not in topic
    found = titles(answer)
    # any facet: the forecasting papers and the calving-front paper
    assert "Calving Front Delineation of Greenland Glaciers with Multi-Temporal SAR" in found
    assert "Deep Ensembles for Uncertainty in Seasonal Sea-Ice Forecasts" in found


def test_facets_joined_by_and_are_either(assistant):
    answer = ask(assistant, "Tell me briefly about his work on quantum chemistry and electronic-structure computing.")
    assert "briefly" not in answer.meta["plan"]["topic"]
    assert "Large-Scale Simulation of Quantum Computational Chemistry on a New Sunway Supercomputer" in titles(answer)
    honpas = ask(assistant, "give me an overview of what he's done on HONPAS and kinetic Monte Carlo")
    assert " or " in honpas.meta["plan"]["topic"] and len(honpas.citations) >= 3


def test_not_led_by_a_coauthor_keeps_the_coauthored_scope(tanaka):
    answer = ask(tanaka, "Which of her papers with Ole Hansen were not led by Ole Hansen?")
    for c in answer.citations:
        paper = next(p for p in tanaka.table().papers if p.title == c.title)
        assert "Ole Hansen" in paper.authors and paper.authors[0] != "Ole Hansen"
    assert 0 < len(titles(answer)) < 10


def test_a_field_lacked_narrows_the_topic(tanaka):
    answer = ask(tanaka, "Which of her sea-ice papers have no arXiv version?")
    assert not answer.meta["plan"]["negated_topic"] and answer.citations
    for c in answer.citations:
        paper = next(p for p in tanaka.table().papers if p.title == c.title)
        assert not paper.arxiv_id


def test_a_contrast_inside_a_reason_question_filters_nothing(tanaka):
    # "instead of on the ground" says what the design avoids; the answer is the on-board paper's motivation
    answer = ask(tanaka, "For what reason was the ice classifier put on the small satellite rather than on the ground?")
    assert not answer.meta["plan"]["negated_topic"]
    assert "Quantized Convolutional Networks for On-Board Ice Classification on Small Satellites" in titles(answer)
