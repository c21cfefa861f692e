"""One learned membership score (evidence/topic_score.py) admits a paper whose title and text say the topic in other
forms and close in meaning, where no sentence holds the topic's words as written."""

from __future__ import annotations

import json

from assistant.answer.evidence.query_terms import derived_form, runs_on
from assistant.answer.evidence.topic_score import DATA, FEATURES, NEAR_BEST, gated, weights
from assistant.models import Filters, Message

ON_BOARD = "Quantized Convolutional Networks for On-Board Ice Classification on Small Satellites"
WAVEFORMS = "Detecting Leads in Winter Sea Ice with CryoSat-2 Waveforms"
REACTOR = "Unfolding an Atomistic World: Atomistic Simulation of Reactor Pressure"
ADAPTATION = "Domain Adaptation Between Sentinel-1 and RADARSAT-2 for Ice Mapping"


def titles(assistant, question: str) -> set[str]:
    answer = assistant.answer([Message(role="user", content=question)], Filters())
    return {c.title or "" for c in answer.citations}


def test_the_shipped_weights_are_few_known_features_with_their_held_out_figures():
    w = weights()
    assert 0 < len(w.weights) <= 12 and set(w.weights) <= set(FEATURES)
    figures = json.loads(DATA.read_text())["provenance"]
    assert len(figures["leave-one-writer-out"]) >= 10  # every writer held out in turn
    assert figures["mean"]["learned"] >= figures["mean"]["current"]


def test_the_closest_paper_in_meaning_without_the_topics_words_is_not_on_it():
    w = weights()
    best_in_meaning = {f: 0.0 for f in FEATURES} | {"sentence": 0.7, "relative": 1.0, "title": 0.7, "rank": 1.0}
    assert w.z(best_in_meaning) < 0  # a neighbouring topic: none of its words, however close
    assert w.z(best_in_meaning | {"stems": 1.0, "core": 1.0, "title_stems": 1.0}) >= 0
    assert 0 < w.least_stems() < 1  # a paper holding none of the phrase's words is not even read


def test_a_paper_on_a_topic_only_in_meaning_is_listed_and_a_neighbouring_one_is_not(tanaka):
    q = "Give me a summary of Keiko Tanaka's papers on classifying sea ice in SAR images."
    answerer = tanaka.answerer()
    plan = answerer.plan([Message(role="user", content=q)], Filters())
    on = {sp.paper.title or "" for sp in answerer.corpus.topics.papers_on(plan.topic, answerer.tables.scoped(plan))}
    # "ice mapping" from "several SAR satellites": classifying sea ice in SAR images, never in those words (the
    # first score, fitted on the seeds to r6, left it out)
    assert ADAPTATION in on, on
    # classifying leads from radar altimeter waveforms: a neighbouring subject, not in SAR images
    assert WAVEFORMS not in on, on


def test_a_paper_saying_the_topic_in_other_forms_is_on_it(tanaka):
    # "Ice Classification" in its title, "sea ice" and "SAR" in its text, never "classifying sea ice in SAR images".
    assert ON_BOARD in titles(tanaka, "Which of her papers deal with classifying sea ice in SAR images?")
    # The waveform paper says "altimeter", never "altimetry".
    assert WAVEFORMS in titles(tanaka, "Give me an overview of her altimetry-based papers.")


def test_a_verb_of_the_topic_meets_its_noun_in_a_close_paper(assistant):
    # "simulating" is said as "Simulation" in the reactor paper's title.
    found = titles(assistant, "Which of his papers are on simulating?")
    assert any(t.startswith(REACTOR) for t in found), found


def test_a_phrase_its_words_do_not_ground_is_still_read_again_by_its_distinguishing_words(assistant):
    # "results measured NVIDIA A100 GPUs" as a whole is near one paper in meaning only; the planner asks whether the
    # words ground a paper, so the topic is read again as the A100 and every paper saying it is listed.
    found = titles(assistant, "Which of his papers give results measured on NVIDIA A100 GPUs?")
    assert "Exploiting Block Coordinate Descent for Cost-Effective LLM Model Training" in found
    assert len(found) >= 3


def test_the_stems_floor_is_learned_from_the_items_and_changes_no_held_out_writer():
    w = weights()
    floor = w.gates["stems_floor"]
    assert 0 < floor < 1 and w.least_stems() >= floor
    figures = json.loads(DATA.read_text())["provenance"]["stems floor"]
    folds = next(v for k, v in figures.items() if k.startswith("leave-one-writer-out"))
    assert len(folds) >= 10 and all(f["floor"] >= f["no floor"] for f in folds.values())
    best = {f: 1.0 for f in FEATURES}
    assert gated(w, best | {"stems": floor}, 2) and not gated(w, best | {"stems": floor - 0.01}, 2)


def test_a_topic_nobody_works_on_reads_only_papers_holding_enough_of_its_words(assistant, monkeypatch):
    from assistant.answer.evidence import topic_meaning

    read: list[float] = []
    features = topic_meaning.topic_score.features

    def counted(m, topic, alt, words, qterms, papers, cands, wanted=None):
        read.extend(m._stem_coverage(qterms, p) for p in cands)
        return features(m, topic, alt, words, qterms, papers, cands, wanted)

    monkeypatch.setattr(topic_meaning.topic_score, "features", counted)
    titles(assistant, "What has he published on protein structure prediction?")
    assert all(s >= weights().gates["stems_floor"] - 1e-9 for s in read), sorted(read)[:5]


def test_the_head_gate_is_waived_near_the_scopes_best_only_where_the_words_ground_a_paper():
    w = weights()
    near = w.gates[NEAR_BEST]
    assert 0.5 < near < 1
    headless = {f: 1.0 for f in FEATURES} | {"head_near": 0.0, "head_derived": 0.0, "relative": near}
    assert gated(w, headless, 2, grounded=True)
    # a near-negative: the scope's best paper is itself off the topic, so being near it says nothing
    assert not gated(w, headless, 2, grounded=False)
    assert not gated(w, headless | {"relative": near - 0.01}, 2, grounded=True)


def test_a_paper_near_the_best_on_the_topic_is_on_it_though_the_phrase_head_is_not_said(assistant):
    # "quantizing neural networks": the MoQE paper says "quantization" in the sentence closest to it, but never
    # "networks" beside it (the phrase's last word)
    found = titles(assistant, "Can you give me an overview of his research on quantizing neural networks?")
    assert any(t.startswith("MoQE") for t in found), found


def test_a_word_and_the_corpus_s_other_forms_of_it_are_one_word():
    for a, b in [
        ("altimetry", "altimeter"),
        ("imagery", "images"),
        ("classifying", "classifier"),
        ("stencil", "stencils"),
    ]:
        assert derived_form(a, b) and derived_form(b, a), (a, b)
    # a long tail or a different word whose start is shared
    for a, b in [("class", "classification"), ("quantum", "quantization"), ("sea", "search"), ("neural", "neuron")]:
        assert not derived_form(a, b), (a, b)


def test_the_head_said_in_another_form_passes_the_head_gate_only_where_the_words_ground_a_paper():
    w = weights()
    other_form = {f: 1.0 for f in FEATURES} | {"head_near": 0.0, "head_derived": 1.0, "relative": 0.5}
    assert gated(w, other_form, 3, grounded=True)
    # "hurricane track forecasting": a sea-ice drift paper's "forecasts ... tracks" is no measure of an uncovered topic
    assert not gated(w, other_form, 3, grounded=False)
    assert not gated(w, other_form | {"head_derived": 0.0}, 3, grounded=True)


def test_a_paper_saying_the_head_beside_the_phrase_in_its_own_forms_is_on_it(tanaka):
    # "CryoSat-2 radar altimeter waveforms": radar altimetry said as "radar altimeter", never "altimetry"
    assert WAVEFORMS in titles(tanaka, "Give me a short summary of her satellite radar altimetry work.")
    # "a convolutional ice classifier ... instead of images": classifying ice in images, never "imagery"
    assert ON_BOARD in titles(tanaka, "Recap what she has done on classifying sea ice in SAR imagery.")


def test_only_a_form_that_runs_on_from_the_word_is_its_own_form():
    assert runs_on("altimetry", "altimeter") and runs_on("imagery", "images")
    # the same six first letters are no form of the word: "quantization" is not read as "quantity"
    assert not runs_on("quantization", "quantity") and not runs_on("generation", "generalization")
