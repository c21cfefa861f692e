"""The kinds a reader of a field knows (index/field_kinds.py), read wherever a topic's kinds are: a negated field
rules out the papers that name one of its kinds in other words, and the same field asked for lists them."""

from __future__ import annotations

from tests.asking import ask

CONVOLUTIONAL = "Automated Sea-Ice Charting from Sentinel-1 with Convolutional Networks"
TRANSFORMER = "Crevasse Detection on Antarctic Ice Shelves with Vision Transformers"
OPERATOR = "Emulating Sea-Ice Dynamics with Fourier Neural Operators"
TREES = "Detecting Leads in Winter Sea Ice with CryoSat-2 Waveforms"  # a gradient-boosted tree
UNMIXING = "Melt Pond Fraction on Arctic Sea Ice from Sentinel-2 Imagery"  # a spectral unmixing model


def titles(answer):
    return {c.title or c.arxiv_id for c in answer.citations}


def test_a_negated_field_rules_out_the_papers_naming_its_kinds(tanaka):
    # no abstract says "neural network" of a convolutional network, a vision transformer or a neural operator
    found = titles(ask(tanaka, "Which of her papers manage without a neural network of any sort?"))
    assert not {CONVOLUTIONAL, TRANSFORMER, OPERATOR} & found
    assert {TREES, UNMIXING} <= found


def test_the_field_asked_for_lists_the_papers_naming_its_kinds(tanaka):
    # only the graph-neural-network paper says "neural network"; the others name a kind of one
    found = titles(ask(tanaka, "Which of her papers use neural networks?"))
    assert {CONVOLUTIONAL, TRANSFORMER, OPERATOR} <= found
    assert TREES not in found and UNMIXING not in found


def test_a_kind_of_a_kind_counts_and_a_machine_is_named_by_its_model(tanaka, assistant):
    # machine learning -> neural network -> convolutional network; gradient-boosted trees are machine learning too
    found = titles(ask(tanaka, "Which of her machine-learning papers avoid neural networks?"))
    assert TREES in found and CONVOLUTIONAL not in found
    # "32 NVIDIA Tesla T4": a paper that names only its GPU model uses GPUs
    found = titles(ask(assistant, "Which of his papers ran on GPUs?"))
    assert any(t.startswith("AIPerf") for t in found)


def test_a_field_beside_another_topic_keeps_its_kinds(assistant):
    # the dynamic HONPAS paper writes only "Hartree-Fock exchange" and "hybrid density-functional calculations"
    found = titles(ask(assistant, "Which of his quantum chemistry papers did not use GPUs?"))
    assert any(t.startswith("The dynamic parallel distribution algorithm") for t in found)
    assert not any(t.startswith("cuNNQS-SCI") for t in found)
