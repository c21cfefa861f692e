"""Questions in steps through a person: the anchor paper (described by year, kind of work and meaning), its author at
the position the question reaches it through (or a co-author named), their joint paper on the asked side of the
anchor's date (led by that person, only on arXiv for "a preprint"), then the fact asked of it."""

from __future__ import annotations

import pytest

from assistant.answer.plan import phrases
from assistant.models import Filters, Message
from tests.asking import ask, first_cited


def test_a_joint_paper_led_by_the_person_and_said_to_be_a_preprint():
    placed = phrases.joint_placed("Her student had also fronted an earlier preprint with her; what did it find?")
    assert (placed.direction, placed.led, placed.preprint) == (-1, True, True)


def test_words_of_joint_ness_are_no_description():
    placed = phrases.joint_placed("P co-wrote X with her. In the subsequent paper they both appear on, what changed?")
    assert placed.direction == 1 and not placed.led and placed.described.split() == ["paper"]


def test_the_position_an_anchor_is_reached_through():
    assert phrases.anchor_role("The senior author of her 2021 review ") == -1
    assert phrases.anchor_role("Whoever headed his 2019 benchmark ") == 1
    assert phrases.anchor_role("Her 2021 review ") is None


def test_a_person_reached_through_a_paper_needs_no_word_of_joint_ness():
    # Every paper is the author's own: a later paper a co-author of the anchor is asked on is one they share.
    placed = phrases.joint_placed("Her co-author on the X study later teamed up with her again on Y. What did Y find?")
    assert placed is not None and placed.direction == 1
    assert phrases.joint_placed("Her X study was followed by a later Y paper. What did Y find?") is None


def test_the_same_co_author_of_a_conversation_is_no_step_through_a_paper():
    assert not phrases.reaches_person("What did she then post with the same co-author roughly two years ")
    assert phrases.reaches_person("The co-author she had on the RADARSAT-2 paper ")


def test_a_comparative_places_a_paper_only_before_a_paper_noun_or_opening_its_sentence():
    assert phrases.placed_described("X came out in 2021. Which later paper of his does Y, and what …?").direction == 1
    assert phrases.placed_described("X came out in 2021. Earlier she did Y. What …?").direction == -1
    assert phrases.placed_described("Why did the RACE paper say earlier approaches fell short?") is None


def test_his_other_paper_or_another_of_hers_is_placed_on_either_side_of_the_anchor():
    assert phrases.placed_described("X maps Y. His other stencil paper relies on Z - what …?").direction == 0
    assert phrases.placed_described("X does Y. Another paper of hers does Z; how …?").direction == 0
    # "that other paper" points back to a paper already reached (here through a person): no new placing
    assert phrases.placed_described("X turns up on one more of her papers. What did that other paper use?") is None
    assert phrases.placed_described("Whoever co-wrote X with her is on another paper of hers. What …?") is None


def test_an_only_co_author_is_a_byline_of_two():
    assert phrases.team_size("the paper where that person is her only co-author").low == 2
    assert phrases.team_size("with Ole Hansen as his sole co-author").high == 2
    assert phrases.team_size("her only co-authors were students") is None


def test_the_paper_where_a_person_reached_through_an_anchor_is_her_only_co_author(tanaka):
    question = (
        "Take the first author of the Barents Sea thickness intercomparison. On the paper where that person is her "
        "only co-author, what long-term trend in snow did they find?"
    )
    answer = tanaka.answer([Message(role="user", content=question)], Filters())
    assert [c.title for c in answer.citations][:1] == ["Snow Depth on Sea Ice from Dual-Frequency Altimetry"]


def test_the_other_paper_where_a_named_person_is_her_only_co_author(tanaka):
    question = (
        "Jörg Müller was her only co-author on her IGARSS 2019 paper. On the other paper where he is her only "
        "co-author, what share of the area do the services disagree on?"
    )
    answer = tanaka.answer([Message(role="user", content=question)], Filters())
    assert [c.title for c in answer.citations][:1] == ["Label Noise in Operational Ice Charts"], answer.answer


STEPS = [
    pytest.param(
        "tanaka",
        (
            "The person who led her 2023 preprint on graph-network drift forecasting had also fronted an "
            "earlier arXiv paper with her; what share of leads did that one detect?"
        ),
        "Detecting Leads",
        "94%",
        id="the-leader-of-a-described-preprint-and-their-earlier-preprint",
    ),
    pytest.param(
        "tanaka",
        (
            "Jörg Müller co-authored her 2019 paper on automated charting. In the next paper they both appear "
            "on, how far did far-range accuracy climb?"
        ),
        "Correcting Incidence-Angle",
        "86%",
        id="the-next-paper-two-people-both-appear-on",
    ),
    pytest.param(
        "assistant",
        (
            "The lead author of his CKA-guided layer-wise quantization framework had also headed an earlier "
            "paper with him. What does that earlier paper combine with quantization?"
        ),
        "MoQE",
        "",
        id="the-lead-author-of-a-described-paper-then-an-earlier-paper-they-led",
    ),
    pytest.param(
        "tanaka",
        (
            "The person who co-wrote the melt pond paper with her came back for a later coastline project. "
            "What did that project pretrain on?"
        ),
        "Coastline Extraction",
        "",
        id="the-anchors-co-author-joined-by-any-verb-on-a-later-paper",
    ),
    pytest.param(
        "tanaka",
        (
            "Her Fourier neural operator emulator came out in 2021. Later she forecast drift on a mesh of "
            "buoys instead. How large is its typical day-ahead error?"
        ),
        "Ice Drift Forecasts",
        "4.1 km",
        id="a-later-paper-described-after-the-comparative-by-meaning",
    ),
    # The stencil paper asked about is older than the one named (a comparative would have to say "earlier").
    pytest.param(
        "assistant",
        (
            "SparStencil maps stencils onto sparse tensor cores. His other stencil paper builds its kernel "
            "from outer products: how was that design evaluated?"
        ),
        "Novel stencil algorithm",
        "",
        id="his-other-paper-described-by-meaning-in-either-direction",
    ),
    # "… emulates sea-ice dynamics with neural operators" introduces the emulator: the asked paper, not the anchor.
    pytest.param(
        "tanaka",
        (
            "Ice Drift Forecasts puts buoys on a graph. Another paper of hers emulates sea-ice dynamics with "
            "neural operators; how much faster than the numerical model is it?"
        ),
        "Emulating Sea-Ice Dynamics",
        "300",
        id="the-anchor-is-not-the-paper-the-description-introduces",
    ),
]


@pytest.mark.parametrize(("corpus", "question", "cited", "fact"), STEPS)
def test_the_step_through_a_person_reaches_the_paper_asked_of(request, corpus, question, cited, fact):
    """The paper the last step reaches is cited first and its fact is said."""
    answer = ask(request.getfixturevalue(corpus), question)
    assert first_cited(answer).startswith(cited) and fact in answer.answer, answer.answer
