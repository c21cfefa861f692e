"""Per-paper citation counts are a table field (session 23): the counts the sources state (OpenAlex cited_by_count,
Semantic Scholar citationCount) compared paper by paper with their source, said plainly when no source states one,
and ranked over the plan's scope."""

from __future__ import annotations

from assistant.answer.plan import phrases
from assistant.models import Filters, Message


def _ask(assistant, question):
    return assistant.answer([Message(role="user", content=question)], Filters())


def test_a_comparison_reads_citation_counts_as_its_field():
    assert phrases.compared_fields("Is the ice drift paper cited more than the iceberg paper?") == ("citations",)
    # "her most cited paper" only picks a side: the grid answers what is asked of it
    assert phrases.compared_fields("Compare her most-cited paper with the melt pond paper: what method?") == ()


def test_citation_counts_compared_from_the_sources(tanaka):
    answer = _ask(tanaka, "How does the melt pond paper's citation count compare with her most-cited paper?")
    assert "74 citations" in answer.answer and "111 citations" in answer.answer
    assert "openalex" in answer.answer
    assert len(answer.citations) == 2


def test_citation_counts_no_source_states_are_said_plainly(assistant):
    answer = _ask(assistant, "How does the MoQE paper's citation count compare with the CALM paper's?")
    assert answer.answer.startswith("The sources give no per-paper citation counts")


def test_the_most_cited_over_the_whole_corpus_ranks_every_group(tanaka):
    answer = _ask(tanaka, "Which are the 3 most cited papers in the collection, hers or not?")
    assert "Palladium-Catalysed Cross-Coupling of Aryl Chlorides in Water" in {c.title for c in answer.citations}
    assert "not Keiko Tanaka's paper" in answer.answer
