"""Verdicts read from the deciding sentence's structure: compounds by their parts, fractions in words, figures listed
"respectively" with their names, pairings crossed between the claim and the sentence, and direction words said of
the same words beside them."""

from __future__ import annotations

from assistant.answer.evidence import alignment, exception, share
from assistant.answer.evidence.figures import quantities
from assistant.answer.evidence.paired import crossed
from assistant.answer.evidence.query_terms import parts


def verdict(claim: str, sentences: list[str]) -> str | None:
    found = alignment.check(claim, sentences)
    return "no" if found.contradiction else "yes" if found.support else None


def test_a_compound_is_read_by_its_parts_a_name_stays_whole():
    assert parts("sea-ice") == ["sea", "ice"]
    assert parts("A100-without") == ["A100", "without"]
    assert parts("Sentinel-1") == ["Sentinel-1"] and parts("CryoSat-2-based") == ["CryoSat-2", "based"]
    assert parts("S-SGD") == ["S-SGD"]  # a single letter leads a name


def test_an_exception_names_the_claim_when_a_compound_holds_its_word():
    stated = ["Errors in ice thickness stay below 12 cm, except along the coast of Greenland where it smooths ridging."]
    claim = "Did the emulator of sea-ice dynamics stay accurate everywhere on its grid, Greenland's coast included?"
    assert exception.excepted(claim, stated) == stated[0]


def test_fractions_in_words_joined_by_a_hyphen_are_figures():
    assert [(q.low, q.kind) for q in quantities("an hourly cost only one-quarter that of A100")] == [(25, "%")]
    assert [(q.low, q.kind) for q in quantities("recovers two thirds of the accuracy")] == [(66.7, "%")]
    assert [(q.low, q.kind) for q in quantities("three orders of magnitude")] == [(1000, "x")]
    assert [q.low for q in quantities("a hundred billion cells")] == [1e11]


def test_a_fraction_in_words_against_another_in_words():
    stated = ["Training with a noise-robust loss recovers two thirds of the accuracy lost to label noise."]
    assert verdict("the robust loss recovers only one-third of the accuracy lost to noisy labels", stated) == "no"
    assert verdict("the robust loss wins back about two-thirds of the accuracy lost to label noise", stated) == "yes"
    assert share.weigh("does the loss win back more than half of the accuracy lost?", stated).holds


def test_a_quarter_is_bound_to_the_name_after_a_dash():
    stated = [
        "BCD lowers training costs to approximately 33% on A100, and to approximately 2.6% on RTX 4090 clusters.",
        "Models can be pre-trained on 4090 clusters-whose hourly cost is only one-quarter that of A100-without "
        "requiring expensive hardware.",
    ]
    assert verdict("an RTX 4090 cluster costs about a quarter of an A100 cluster per hour", stated) == "yes"
    assert verdict("4090 clusters cost half as much per hour as A100 clusters", stated) == "no"


LISTED = [
    "DA4LG achieves state-of-the-art performance in the single-view setting and multi-view setting with the accuracy "
    "of 83.8% and 86.8% respectively in the language grounding benchmark SNARE.",
    "ACP-SGD achieves an average of 4.06x and 1.43x speedups over S-SGD and Power-SGD, respectively, and it "
    "consistently outperforms other baselines.",
    "DeAR achieves up to 83% and 15% training speedup over the state-of-the-art solutions on a 64-GPU cluster with "
    "10Gb/s Ethernet and 100Gb/s InfiniBand interconnects, respectively.",
]


def test_figures_listed_respectively_are_each_said_of_their_own_name():
    assert verdict("DA4LG reaches 86.8% accuracy in the single-view setting", LISTED[:1]) == "no"
    assert verdict("DA4LG reaches 86.8% accuracy in the multi-view setting", LISTED[:1]) == "yes"
    assert verdict("ACP-SGD averages a 1.43x speedup over S-SGD", LISTED[1:2]) == "no"
    assert verdict("ACP-SGD averages a 1.43x speedup over Power-SGD", LISTED[1:2]) == "yes"
    assert verdict("DeAR reaches its 15% training speedup on the 10Gb/s Ethernet cluster", LISTED[2:]) == "no"
    assert verdict("DeAR reaches its 83% training speedup on the 10Gb/s Ethernet cluster", LISTED[2:]) == "yes"


def test_a_link_bandwidth_is_a_figure_of_its_own_unit():
    assert [q.kind for q in quantities("with 10Gb/s Ethernet and 25 Gbps links")] == ["bandwidth", "bandwidth"]


def test_pairings_crossed_between_the_claim_and_the_sentences():
    leads = [
        "We classify CryoSat-2 radar altimeter waveforms into leads and floes with a gradient-boosted tree.",
        "The classifier detects 94% of leads seen in coincident Sentinel-1 images.",
    ]
    assert crossed("Did they classify Sentinel-1 waveforms and check the leads against CryoSat-2 images?", leads)
    assert not crossed("Did they classify CryoSat-2 waveforms and check the leads against Sentinel-1 images?", leads)
    paradigm = ["Training follows a centralized-training, decentralized-execution paradigm."]
    assert crossed("Is it trained in a decentralized way and then executed centrally?", paradigm)
    assert not crossed("Is it trained centrally and then executed in a decentralized way?", paradigm)
    ponds = ["We estimate pond fraction from Sentinel-2 reflectances with a model whose endmembers are learned from "
             "helicopter photographs."]  # fmt: skip
    assert crossed(
        "Were the endmembers learned from Sentinel-2 reflectances and the fraction from helicopter photos?", ponds
    )
    assert not crossed(
        "Were the endmembers learned from helicopter photographs and the fraction from Sentinel-2?", ponds
    )


def test_two_pairs_of_one_clause_are_no_crossing():
    snow = [
        "We combine Ku-band CryoSat-2 and laser ICESat-2 freeboards and estimate snow depth as their difference.",
        "Snow on sea ice insulates the ice and biases thickness retrievals from altimetry.",
    ]
    assert not crossed("Did they get snow depth on sea ice by differencing CryoSat-2 and ICESat-2 freeboards?", snow)


def test_a_direction_word_weighed_against_the_one_said_of_the_same_words():
    chunk = [
        "Our innovation includes a layer-wise index reuse technique that exploits the cross-layer similarity of "
        "preserved indices in ChunkKV, reducing computational overhead and improving throughput by 26.5%."
    ]
    assert verdict("ChunkKV's layer-wise index reuse increases computational overhead", chunk) == "no"
    geo = [
        "Across diverse architectures and tasks, Geo-Sharing consistently outperforms state-of-the-art heuristic "
        "sharing strategies, achieving higher compression ratios with smaller accuracy degradation."
    ]
    assert verdict("Geo-Sharing reaches higher compression ratios than heuristic sharing strategies with less "
                   "accuracy degradation", geo) != "no"  # fmt: skip
    ponds = ["Melt ponds lower the albedo of summer sea ice and speed up its melt."]
    assert verdict("melt ponds raise the albedo of summer sea ice", ponds) == "no"


def test_the_words_describing_the_paper_pair_nothing():
    stated = ["We align the feature distributions of Sentinel-1 and RADARSAT-2 with adversarial domain adaptation."]
    claim = "Did the domain adaptation paper align Sentinel-1 and RADARSAT-2 features adversarially?"
    assert not crossed(claim, stated)


def test_a_direction_agreeing_only_beside_it_does_not_state_the_claim():
    stated = [
        "On 2023 Northern Sea Route transits the planned routes were 9% shorter in time than routes that avoid all "
        "forecast ice, with no entries into ice above the vessel class."
    ]
    claim = "Did the ice-aware route planner's routes enter ice above the vessel class to get their time savings?"
    assert not alignment.check(claim, stated).support
