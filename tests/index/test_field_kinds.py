"""The kinds a reader of a field knows (index/field_kinds.py): a phrase is its field in any form of the field's name,
a kind that is a field brings its kinds, and a narrower phrase is no field."""

from __future__ import annotations

from assistant.index import field_kinds


def test_a_field_is_read_in_any_form_of_its_name():
    assert field_kinds.key("any neural networks at all") == field_kinds.key("neural network") == ("neural", "network")
    assert field_kinds.key("neural-networks") == ("neural", "network")
    assert field_kinds.key("GPUs") == field_kinds.key("GPU") == ("gpu",)
    assert field_kinds.key("A100s") == ("a100",) and field_kinds.key("corpus") == ("corpus",)
    assert "vision transformer" in field_kinds.of("a neural network")
    assert "A100" in field_kinds.of("GPUs") and "tensor core" in field_kinds.of("graphics processing units")
    # a field's other names say it too: a paper on "satellite" data uses satellite observations
    assert "satellite" in field_kinds.of("satellite observations")
    # a narrower field's kinds are the wider's, not the other way round: an AMD GPU is no NVIDIA GPU
    assert "AMD GPU" in field_kinds.of("GPU") and "AMD GPU" not in field_kinds.of("NVIDIA GPUs")


def test_a_kind_that_is_a_field_brings_its_own_kinds():
    # machine learning -> neural network -> U-Net; radar -> radar imagery -> SAR -> Sentinel-1
    assert {"neural network", "U-Net", "gradient-boosted tree"} <= set(field_kinds.of("machine learning"))
    assert {"SAR", "Sentinel-1", "radar altimeter"} <= set(field_kinds.of("radar"))
    assert "Hartree-Fock" in field_kinds.of("chemistry")


def test_a_narrower_phrase_is_no_field():
    # a convolutional neural network is one kind of neural network: its kinds are not the field's
    assert field_kinds.of("convolutional neural network") == []
    assert field_kinds.of("sea ice") == []
