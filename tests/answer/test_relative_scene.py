"""A two-step question whose relation is said in a sentence that sets the scene before the ask ("Her co-author on the
melt pond paper also worked with her on something in Antarctica. What ... did that study find?"): what the scene says
beyond the anchor describes the paper wanted, and the learned choice of plan/relative.py reads it. The wordings are
paraphrases; the question sets hold the originals."""

from __future__ import annotations

import pytest

from assistant.answer.plan import phrases, relative

CREVASSE = "2402.04567"


def _melt_pond(tanaka) -> str:
    corpus = tanaka.answerer().corpus
    return next(p.id for p in corpus.papers if (p.title or "").startswith("Melt Pond Fraction"))


@pytest.mark.parametrize(
    ("question", "scene"),
    [
        (
            "Her co-author on the melt pond paper also worked with her on something in Antarctica. What change did "
            "that study find?",
            "Her co-author on the melt pond paper also worked with her on something in Antarctica.",
        ),
        ("arXiv 2207.10083 has an admin note. What does it say?", "arXiv 2207.10083 has an admin note."),
        ("What was the biggest machine AIPerf was run on, and how much AI performance did it measure?", ""),
        ("Which paper of hers uses U-Nets?", ""),
    ],
)
def test_the_scene_is_the_statements_before_the_ask(question, scene):
    assert phrases.scene_before(question, phrases.asked_after(question, 0)) == scene


def test_the_scene_beyond_the_anchor_describes_the_relative(tanaka):
    planner = tanaka.answerer().planner
    q = "Her co-author on the melt pond paper also did some Antarctic work with her. What grew there?"
    reading = planner.relative_read(q, _melt_pond(tanaka), described=True)
    fit, cover = relative.FEATURES.index("scene_fit"), relative.FEATURES.index("scene_cover")
    by_id = dict(zip(reading.candidates, reading.features))
    # the anchor's own words ("melt pond") are no part of the scene: the anchor is not the best fit of what is left
    assert by_id[CREVASSE][fit] > by_id[reading.anchor][fit] + 0.05
    assert by_id[CREVASSE][cover] > 0.0 == by_id[reading.anchor][cover]


def test_no_scene_when_the_question_is_one_clause(tanaka):
    planner = tanaka.answerer().planner
    reading = planner.relative_read(
        "Her melt pond paper had a co-author; what did their 2024 preprint find?", _melt_pond(tanaka)
    )
    fit, cover = relative.FEATURES.index("scene_fit"), relative.FEATURES.index("scene_cover")
    assert reading is not None and not any(x[fit] or x[cover] for x in reading.features)
