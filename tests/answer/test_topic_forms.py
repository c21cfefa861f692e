"""A topic word the papers write only in another derived form ("quantizing" where they say "quantization") is read
in the form they write: the topic's words are matched to the papers by inflection only."""

from __future__ import annotations

from dataclasses import replace

from assistant.answer.evidence.query_terms import stem
from assistant.models import Filters, Message


def _topics(assistant):
    answerer = assistant.answerer()
    return answerer.corpus.topics, answerer.corpus.papers


def test_a_derived_form_no_paper_writes_is_read_in_the_form_they_write(assistant):
    topics, papers = _topics(assistant)
    form = topics.derived_form("quantizing", papers)
    assert form and stem(form, derived=True) == stem("quantizing", derived=True)
    assert topics.papers_on(form, papers, scored=False)


def test_a_word_the_papers_write_or_no_form_of_it_is_kept(assistant):
    topics, papers = _topics(assistant)
    assert topics.derived_form("quantization", papers) == ""  # written as itself
    assert topics.derived_form("quantized", papers) == ""  # an inflection the papers write
    assert topics.derived_form("penguins", papers) == ""  # no paper writes any form of it
    assert topics.derived_form("GEMM", papers) == ""  # written as itself


def test_a_summary_of_a_topic_asked_in_a_derived_form_lists_its_papers(assistant):
    # the words' reading of both forms finds the same papers; which of them the summary keeps is then the fitted
    # choice's (evidence/described_members.py), which weighs each description's own meaning: a paper found by
    # "neural networks" alone (neural-network quantum states) sits near its keep threshold under either wording
    derived = "Summarize his work on quantizing neural networks."
    written = "Summarize his work on quantization of neural networks."
    answerer = assistant.answerer()
    found = {}
    for q in (derived, written):
        plan = answerer.plan([Message(role="user", content=q)], Filters())
        assert plan.route == "topic_summary" and "quantiz" in plan.topic
        found[q] = set(answerer.tables.structured(replace(plan, route="list")).meta.get("papers") or [])
        answer = assistant.answer([Message(role="user", content=q)], Filters())
        assert any("Quantization" in (c.title or "") for c in answer.citations)
    assert found[derived] and found[derived] == found[written]
