"""Questions asked in two steps (plan/hop.py): a bridge sentence finds a person (an author of a paper it describes,
by position or as the co-author) or a paper picked by date, and the ask is about another paper reached from it,
narrowed by the year, the order, the team or the description the rest says; a bridge whose ask points back to its own
paper is no second step."""

from __future__ import annotations

import pytest

from assistant.answer.plan.phrases import hops
from tests.asking import ask, first_cited


def test_the_bridge_split_at_what_it_says_of_the_person():
    hop = hops.split_hop(
        "Whoever was first author of the sea ice intercomparison also worked with her later. What did that find?"
    )
    assert hop.anchor_text == "Whoever was first author of the sea ice intercomparison"
    assert hop.onward_text == "also worked with her later"
    assert hop.ask == "What did that find?"
    assert hops.split_hop("What is MoQE? Who wrote it?") is None  # a bridge that asks is two questions
    assert hops.split_hop("What does the crevasse paper report?") is None


def test_the_ask_lead_in_kept_unless_it_names_the_paper():
    assert hops.asked_of_paper("In that person's 2020 paper, what was it validated against?") == (
        "what was it validated against?"
    )
    assert hops.asked_of_paper("Besides downstream tasks, which metric does it report?") == (
        "Besides downstream tasks, which metric does it report?"
    )
    assert hops.asked_of_paper("Another one also does X - how much memory does it save?") == (
        "how much memory does it save?"
    )


def test_a_co_author_other_than_the_one_named_is_no_other_paper():
    assert not hops.ANOTHER.search("a co-author other than Ole Hansen")
    assert hops.placed("She later wrote a paper with only that person") == 1
    assert hops.PAIR.search("She later wrote a paper with only that person")


STEPS = [
    pytest.param(
        "tanaka",
        "Think of the last author of her crevasse detection paper. In that person's paper with her from 2020, when "
        "in the year does the mapped quantity peak?",
        "Melt Pond",
        "july",
        id="the-last-author-then-their-paper-of-a-year",
    ),
    pytest.param(
        "tanaka",
        "On her deep-ensemble paper there is a co-author other than Ole Hansen. She later wrote a paper with only "
        "that person. What error did it report?",
        "Snow Depth",
        "6.2",
        id="the-co-author-besides-the-one-named-then-their-pair-paper",
    ),
    pytest.param(
        "tanaka",
        "Her earliest IGARSS paper used operational ice charts. A later study of hers measures how much two ice "
        "services disagree - how many charts did it compare?",
        "Label Noise",
        "1,200",
        id="a-paper-picked-by-date-then-a-later-one-described",
    ),
    # no reference phrase reads "the Sentinel-1 to RADARSAT-2 work" whole: the anchor is the paper closest to it
    pytest.param(
        "tanaka",
        "Her co-author on the Sentinel-1 to RADARSAT-2 work is on one other paper of hers. How many scenes was that "
        "other one pretrained on?",
        "A Foundation Model",
        "1.2 million",
        id="the-co-author-of-a-paper-described-loosely",
    ),
    pytest.param(
        "assistant",
        "Take the second author of the residual-network scaling theory paper. That person is first author of one of "
        "his LLM training papers: which GPUs does that training paper consider?",
        "Exploiting Block Coordinate Descent",
        "4090",
        id="the-second-author-then-the-paper-they-lead",
    ),
    # the person is the bridge's subject, the paper its object; the pair's joint papers picked by date
    pytest.param(
        "tanaka",
        "Ivan Petrov was on her snow depth paper from 2024. Of everything the two of them wrote together, take the "
        "earliest paper: how many networks were in its ensemble?",
        "Deep Ensembles",
        "10",
        id="a-named-person-as-subject-then-the-pair-s-first-paper",
    ),
    pytest.param(
        "tanaka",
        "Anna de Vries co-wrote her melt pond work. In the latest paper those two did together, by how much did the "
        "damaged area change?",
        "Crevasse Detection",
        "40%",
        id="a-named-person-as-subject-then-the-pair-s-latest-paper",
    ),
    # the anchor is the described paper on which the named person holds the role said; the next, the one where the
    # byline puts them at the position the ask's verb says
    pytest.param(
        "assistant",
        "Zeyu Liu is first author on his low-cost LLM training paper and is listed second on another paper of his. "
        "What does that other paper say about depth and width?",
        "A Qualitative Test-Risk",
        "depth",
        id="a-named-person-s-role-picks-the-anchor-then-their-position-the-next",
    ),
    # a relative date counted from the bridge's paper; "his other X" points past it
    pytest.param(
        "assistant",
        "HPC AI500 became part of AIBench. His other benchmark for AI on HPC, which came out the year after it: what "
        "was the largest system it was evaluated on?",
        "AIPerf",
        "512",
        id="the-year-after-the-bridge-s-paper",
    ),
    # the venue as the bridge
    pytest.param(
        "tanaka",
        "The journal which published her melt pond paper later published another study of hers about ice services. "
        "How many charts did that one compare?",
        "Label Noise",
        "1,200",
        id="the-venue-of-the-bridge-s-paper",
    ),
    # the co-author found by the role ("who led"), then another paper they led
    pytest.param(
        "assistant",
        "The co-author who was lead author of MoQE with him also led another paper of his; what metric does that "
        "other one use to pick a quantization method per layer?",
        "CALM",
        "kernel alignment",
        id="the-co-author-who-led-then-another-they-led",
    ),
]


@pytest.mark.parametrize(("corpus", "question", "paper", "fact"), STEPS)
def test_the_paper_the_second_step_reaches(request, corpus, question, paper, fact):
    answer = ask(request.getfixturevalue(corpus), question)
    assert first_cited(answer).startswith(paper)
    assert fact in answer.answer.lower()


def test_an_ask_of_the_bridge_paper_itself_takes_no_second_step(tanaka):
    planner = tanaka.answerer().planner
    question = "Her first IGARSS paper learned from ice charts. Which ice service made those charts?"
    assert planner.hop_path(question, [], [], None) is None


def test_a_person_named_with_no_paper_found_takes_no_second_step(tanaka):
    planner = tanaka.answerer().planner
    question = "Ivan Petrov has several papers with her. In the one where only the two of them are authors, what …?"
    assert planner.hop_path(question, [], [], None) is None


def test_an_ask_of_several_papers_or_a_claim_is_no_step():
    assert not hops.ANOTHER.search("His CALM paper and the other group's STBLLM treat layers differently")
    assert hops.SEVERAL.search("What does each one use to make that per-layer decision?")
    assert not hops.SEVERAL.search("How much do ice services disagree with each other, and how many were compared?")
    assert not hops.asks_what("Is that accurate?")
    assert hops.SEVERAL.search("How do their headline numbers compare?")
    assert not hops.SEVERAL.search("How many charts did it compare?")


def test_a_pair_pick_needs_the_pair_and_an_order():
    assert hops.pair_pick("In the most recent paper the two of them wrote together") == "latest"
    assert hops.pair_pick("their very first joint paper") == "earliest"
    assert hops.pair_pick("In her most recent paper") is None  # no pair said: the author's own extreme
    assert hops.pair_pick("the two of them wrote together") is None  # no order said


def test_an_arxiv_id_said_in_a_note_s_words_reaches_the_paper_carrying_the_note(assistant):
    planner = assistant.answerer().planner
    question = "His preprint with a text overlap note naming 2202.05137 - what does it say about identity mappings?"
    assert planner.carrier_path(question, ["2202.05137"], [], None)[0] == "2207.10083"
    # the id said without the note's words names its own paper
    assert planner.carrier_path("What does arXiv:2202.05137 claim to beat?", ["2202.05137"], [], None) is None
    # one word of the note's ("note") is no relation to it: the paper said is the id's own
    question = "His short arXiv note on layer-input quantization (2202.05137): which algorithm does it outperform?"
    assert planner.carrier_path(question, ["2202.05137"], [], None) is None


def test_a_position_said_by_its_noun_with_a_gloss_or_by_a_verb_of_the_byline():
    assert hops.position_said("the last (senior) author of the crevasse paper") == -1
    assert hops.position_said("shows up second on another of his papers") == 2
    assert hops.position_said("is listed first on a later one") == 1
    assert hops.position_said("his first paper on ice") is None
    assert hops.position_said("the first time they worked together") is None
