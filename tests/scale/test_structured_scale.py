"""Structured answers over thousands of papers: lists are paged at LIST_PAGE, breakdown lines stop at
MARKERS_PER_LINE, and the citation contract holds (every marker is a citation, every citation is used; markers stay
under 1,000)."""

from __future__ import annotations

from assistant.answer.check.citations import Citations, check
from assistant.answer.plan.intents import Intent
from assistant.answer.plan.plan import LIST_PAGE
from assistant.answer.write import structured
from tests.scale.synth_papers import papers_with_vectors

PRINCIPAL = "A. Author"


def quote(p):
    return p.abstract.split(". ")[0] + "."


def contract(text: str, cites: Citations) -> list:
    citations = cites.list()
    assert check(text, citations) == [], check(text, citations)[:3]
    return citations


def test_count_over_2500_papers_lists_the_newest_page_and_offers_the_rest():
    papers, _ = papers_with_vectors(2500)
    for p in papers:
        p.date = str(p.year)
    cites = Citations()
    text = structured.count(
        Intent(route="count", about_author=True), papers, cites, quote, PRINCIPAL, f"{PRINCIPAL}'s papers"
    )
    citations = contract(text, cites)
    assert text.startswith(f"The corpus holds 2500 of {PRINCIPAL}'s papers")
    assert len(citations) == LIST_PAGE
    assert f"And {2500 - LIST_PAGE} more: ask for the rest" in text
    newest = max(p.year for p in papers)
    assert all(papers_by_id(papers)[c.paper_id].year == newest for c in citations[:10])


def test_breakdowns_cite_at_most_ten_papers_a_line_and_say_how_many_more():
    papers, _ = papers_with_vectors(2500)
    for i, p in enumerate(papers):
        p.authors = [PRINCIPAL, f"Co {i % 3}"]
        p.has_code = True
    for answer in (
        lambda c: structured.per_year(papers, c, quote, PRINCIPAL, "the author's papers"),
        lambda c: structured.categories(papers, c, quote, PRINCIPAL, "the author's papers"),
        lambda c: structured.coauthors(papers, c, quote, PRINCIPAL),
        lambda c: structured.with_code(papers, c, quote, PRINCIPAL, "the author's papers"),
    ):
        cites = Citations()
        text = answer(cites)
        citations = contract(text, cites)
        assert 0 < len(citations) <= 15 * structured.MARKERS_PER_LINE + LIST_PAGE
        assert "more" in text


def papers_by_id(papers):
    return {p.id: p for p in papers}
