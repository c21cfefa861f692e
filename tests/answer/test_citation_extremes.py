"""The other end of the citation ranking: "the fewest citations", "least cited" ranks the papers a source counts from
the lowest count up; papers no source counts are not the least cited."""

from __future__ import annotations

from assistant.answer.check.citations import Citations
from assistant.answer.write.meta import most_cited
from assistant.models import Filters, Message
from tests.conftest import make_paper


def test_least_cited_among_the_counted_papers_only():
    papers = [
        make_paper(id="a", title="Kelp Rafts", cited_by={"works.json": 40}),
        make_paper(id="b", title="Kelp Drift", cited_by={"works.json": 2}),
        make_paper(id="c", title="Kelp Notes"),  # no count: unknown, not zero
    ]
    text = most_cited(papers, Citations(), lambda p: "x", "Ines Rao's papers", limit=2, direction=-1)
    assert text.startswith("The least cited") and text.index("Kelp Drift") < text.index("Kelp Rafts")
    assert "Kelp Notes" not in text.split("In all")[0]


def test_the_fewest_citations_asked_in_other_words(tanaka):
    q = "Counting only what OpenAlex reports, which of Tanaka's papers has been cited the least?"
    answer = tanaka.answer([Message(role="user", content=q)], Filters())
    assert answer.meta["plan"]["route"] == "metrics" and "least cited" in answer.answer
    assert answer.citations[0].title.startswith("Automated Sea-Ice Charting")
