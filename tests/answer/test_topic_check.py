"""The learned check on the papers the topic's words admit (evidence/topic_check.py): each admitted paper says which
rule of papers_on admitted it, the check reads only the rules the held-out writers chose, and a negated topic reads
papers_on unchecked."""

from __future__ import annotations

import json

from assistant.answer.evidence import topic_check
from assistant.answer.evidence.topic_check import DATA, FEATURES, RULES, Check
from assistant.answer.evidence.topic_terms import Support
from tests.conftest import make_paper, topic_scope

CHUNK = "ChunkKV"  # KV cache compression: near in meaning only, far below the benchmark papers
BENCHMARKING = "Benchmarking State-of-the-Art Deep Learning Software Tools"


def test_the_shipped_check_is_few_features_and_won_on_every_held_out_writer():
    check = topic_check.check()
    assert check is not None and 0 < len(check.weights) <= 12 and set(check.weights) <= set(FEATURES)
    assert check.rules and check.rules <= set(RULES)
    figures = json.loads(DATA.read_text())["provenance"]
    assert len(figures["leave-one-writer-out"]) >= 10  # every writer held out in turn
    assert figures["mean"]["checked"]["score"] > figures["mean"]["current"]["score"]
    assert figures["mean"]["writers worse"] == 0


def test_the_check_drops_only_the_papers_of_the_rules_it_reads(monkeypatch):
    near, titled, scored = (make_paper(id=i, title=i) for i in ("near", "titled", "scored"))
    found = [Support(near, "", 0.5, "near"), Support(titled, "", 1.5, "title"), Support(scored, "", 0.6)]
    monkeypatch.setattr(topic_check, "check", lambda: Check({"stems": 1.0}, -2.0, frozenset({"near"})))
    monkeypatch.setattr(topic_check, "features", lambda *a: {p.id: {"stems": 0.5} for p in (near, titled, scored)})
    assert [sp.paper.id for sp in topic_check.admitted(None, "t", found, [])] == ["titled", "scored"]
    monkeypatch.setattr(topic_check, "check", lambda: Check({"stems": 1.0}, -0.4, frozenset({"near"})))
    assert len(topic_check.admitted(None, "t", found, [])) == 3


def test_every_paper_the_words_admit_says_its_rule(assistant):
    m, topic, scope = topic_scope(assistant, "Which of his papers are about quantization?")
    found = m.papers_on(topic, scope, checked=False)
    assert found and all(sp.rule in RULES or sp.rule == "" for sp in found)
    assert any(sp.rule == "title" for sp in found)


def test_a_paper_near_the_topic_only_far_below_its_best_papers_is_left_off(assistant):
    m, topic, scope = topic_scope(
        assistant, "Across both groups, which papers are about benchmarking deep learning systems?"
    )
    checked = {sp.paper.title for sp in m.papers_on(topic, scope)}
    unchecked = {sp.paper.title for sp in m.papers_on(topic, scope, checked=False)}
    assert checked <= unchecked
    assert any(t.startswith(BENCHMARKING) for t in checked), checked
    assert any(CHUNK in t for t in unchecked) and not any(CHUNK in t for t in checked), checked


def test_a_negated_topic_reads_papers_on_unchecked(assistant, monkeypatch):
    m, topic, scope = topic_scope(assistant, "Which of his papers are about benchmarking deep learning systems?")
    unchecked = {sp.paper.id for sp in m.papers_on(topic, scope, checked=False)}
    monkeypatch.setattr(topic_check, "check", lambda: Check({}, -1.0, frozenset(RULES)))  # drops every admitted paper
    assert {sp.paper.id for sp in m.papers_on(topic, scope)} < unchecked
    assert unchecked <= m.papers_touching(topic, scope)
