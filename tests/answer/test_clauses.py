"""Clause-level evidence: a number of the asked kind inside a long enumerated sentence is quoted as its clause."""

from __future__ import annotations

from assistant.answer.evidence import clauses
from assistant.models import Message

ENUMERATED = (
    "The framework brings three ideas: (1) a blocked layout of the tensors that removes most copies between the "
    "host and the device; (2) an overlap of the halo exchange with the interior update, which hides 85% of the "
    "communication time; (3) a two-level decomposition that lets the solver run on 1.5 million cores with a "
    "parallel efficiency that stays high; and (4) kernels tuned for every platform."
)


def test_the_clause_with_the_asked_kind_of_number_is_a_verbatim_span():
    cores = clauses.focus("How many cores does the solver run on?", ENUMERATED)
    assert cores == (
        "a two-level decomposition that lets the solver run on 1.5 million cores with a parallel efficiency that "
        "stays high"
    )
    share = clauses.focus("What percentage of the communication time is hidden?", ENUMERATED)
    assert share.startswith("an overlap of the halo exchange") and share in ENUMERATED
    assert all(c in ENUMERATED for c in clauses.clauses(ENUMERATED))


def test_short_sentences_and_questions_that_single_out_no_clause_keep_the_whole_sentence():
    # no number asked, but one item holds the question's terms: that item (tests/answer/test_recall.py)
    hide = clauses.focus("How does the framework hide communication?", ENUMERATED)
    assert hide.startswith("an overlap of the halo exchange") and hide in ENUMERATED
    assert clauses.focus("What ideas does the framework bring?", ENUMERATED) == ENUMERATED
    short = "It runs on 4096 cores; it reaches 2.1x over the baseline."
    assert clauses.focus("How many cores does it use?", short) == short
    assert clauses.focus("What speedup does it reach?", ENUMERATED) == ENUMERATED  # no clause has a speedup


def test_a_numeric_answer_quotes_the_clause_not_the_enumerated_sentence(assistant):
    a = assistant.answer([Message(role="user", content="How many cores did the quantum chemistry simulator scale to?")])
    quote = a.citations[0].quote
    assert "20 million cores" in quote and "(1)" not in quote and len(quote.split()) < 20
    paper = next(p for p in assistant.papers() if p.id == a.citations[0].paper_id)
    assert any(quote in abstract for abstract in paper.abstracts)
