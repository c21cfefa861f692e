"""What the corpus says a name is (index/named_kinds.py): a name before the noun phrase of its kind, or before
", a …"; a class's acronym, a title's capitals and a singular noun of use say no kind."""

from __future__ import annotations

from assistant.index.kinds import build
from assistant.index.named_kinds import closed, is_name, mine_named


def test_a_name_before_its_kind_or_in_apposition_is_one():
    assert ("sar", "Sentinel-1") in mine_named("Sea-Ice Type Classification from Sentinel-1 SAR with Self-Attention")
    assert ("gpu", "A100") in mine_named("Training ran on 64 A100 GPUs for a week.")
    assert ("network", "U-Net") in mine_named("We train a U-Net convolutional network on the charts.")
    assert ("model", "PolarSAR-FM") in mine_named("We present PolarSAR-FM, a foundation model pretrained on scenes.")
    # the phrase after a name is read ahead: the next name in the sentence is read too
    assert ("image", "RADARSAT-2") in mine_named("We align Sentinel-1 and RADARSAT-2 images with adaptation.")


def test_an_acronym_a_title_case_word_and_a_noun_of_use_say_no_kind():
    assert mine_named("LLM quantization with GPU kernels") == []  # a class's acronym: what it is used for
    assert mine_named("Arctic Sea-Ice Forecasts") == []  # title case, no name
    assert mine_named("It reaches 91% accuracy, 6 points above U-Net accuracy.") == []  # singular, no article
    assert is_name("CryoSat-2") and is_name("LLaMA") and is_name("U-Net")
    assert not is_name("SAR") and not is_name("GPUs") and not is_name("Self-Attention")


def test_the_names_join_the_kinds_the_table_states_and_chain_one_step():
    # two papers' texts (build reads a paper only through `texts`)
    papers = [
        ["Sea-Ice Type Classification from Sentinel-1 SAR"],
        ["Imaging sensors such as SAR and lidar see through clouds."],
    ]
    relations = build(papers, lambda texts: texts)
    assert "Sentinel-1" in relations["sar"]
    assert "Sentinel-1" in relations["sensor"]  # a SAR is a sensor, and Sentinel-1 a SAR
    assert closed({"sar": ["Sentinel-1"]}) == {"sar": ["Sentinel-1"]}
