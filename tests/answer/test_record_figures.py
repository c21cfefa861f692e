"""A question about the author's record asks what the record states, whatever its verb ("credit", "give", "list"):
a word left over that describes no paper does not make it a question about one paper's field."""

from __future__ import annotations

from assistant.answer.corpus import ProfileFact
from assistant.answer.plan.stated import stated_by_record
from tests.asking import ask


def test_the_record_states_a_field_by_its_label():
    facts = [ProfileFact("h-index", "4", "p.txt, line 4"), ProfileFact("citations", "99", "p.txt, line 6")]
    assert stated_by_record("citations", facts)
    assert not stated_by_record("venue", facts)
    assert not stated_by_record("citations", [])


def test_a_leftover_verb_falls_back_to_the_record(assistant):
    answer = ask(assistant, "How many citations does the profile credit him with?")
    # the profile page's own statement, quoted from the page (write/provenance.py) or the record's figures (metrics)
    assert answer.meta["plan"]["route"] in ("metrics", "provenance")
    assert "99" in answer.answer and "credit" not in answer.answer


def test_a_word_that_describes_a_paper_keeps_the_papers_field(assistant):
    answer = ask(assistant, "How many citations does his stencil paper have?")
    assert answer.meta["plan"]["route"] == "citations"
