"""The topic-list measurements (bench/topic_causes.py, bench/topic_membership.py, bench/topic_lists.py) read every
writer's sets, and put each missed paper down to one cause in a fixed order."""

from __future__ import annotations

from pathlib import Path

from bench.topic_causes import CAUSES, cause_of
from bench.topic_membership import WRITERS

DATA = Path(__file__).resolve().parents[1] / "data"


def test_every_writer_set_is_measured():
    # a new blind writer's sets join the leave-one-writer-out measurement, or its items are silently left out
    sets = {p.stem for p in DATA.glob("first_contact*.json") if p.stem.endswith(("_seeds", "_corpus2"))}
    assert sets == {s for v in WRITERS.values() for s in v}


def test_a_missed_paper_has_the_first_cause_that_applies():
    assert cause_of(False, "", False, True) == "scope"
    assert cause_of(True, "", True, False) == "no topic"
    assert cause_of(True, "sea ice", True, True) == "dropped"
    assert cause_of(True, "sea ice imagery", False, True) == "topic wrong"
    assert cause_of(True, "sea ice", False, False) == "membership"
    assert {
        cause_of(*a) for a in [(False, "", 0, 0), (1, "", 0, 0), (1, "x", 1, 0), (1, "x", 0, 1), (1, "x", 0, 0)]
    } == set(CAUSES)


def test_a_listed_papers_evidence_says_which_rule_admitted_it_and_how_close_it_is(assistant):
    from bench.topic_causes import paper_evidence

    m = assistant.answerer().corpus.topics
    scope = list(assistant.answerer().corpus.by_id.values())
    members = {sp.paper.id for sp in m.papers_on("quantization", scope)}
    on = next(p for p in scope if p.id in members and "Quantization" in (p.title or ""))
    off = next(p for p in scope if p.id not in members and "Atomistic" in (p.title or ""))
    got = {e["title"]: e for e in paper_evidence(m, "quantization", scope, members, [(on, "extra"), (off, "x")])}
    e_on, e_off = got[(on.title or "")[:60]], got[(off.title or "")[:60]]
    assert e_on["member"] and e_on["rule"] not in {"-", ""} and e_on["stems"] == 1.0 and e_on["rank"] >= 1
    assert not e_off["member"] and e_off["rule"] == "-" and e_off["cosine"] < e_on["cosine"]
