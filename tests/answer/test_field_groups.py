"""A count per value of one table field: the field from the registry's nouns where the question asks for it, the
bound from general count words; the writer groups the papers in scope by that field and cites every paper shown."""

from __future__ import annotations

from types import SimpleNamespace

from assistant.answer.plan.field_groups import grouping
from assistant.answer.plan.plan import QueryPlan
from assistant.answer.write.field_groups import grouped
from assistant.models import Filters, Message
from tests.conftest import make_paper


def test_the_field_and_the_bound_from_any_wording():
    g = grouping("Which periodicals carried three or more of his articles?")
    assert (g.field, g.low, g.high, g.kind) == ("venue", 3, None, "journal article")
    g = grouping("what outlets has he used just one time?")
    assert (g.field, g.low, g.high) == ("venue", 1, 1)
    g = grouping("In which year did the lab publish fewest papers?")
    assert (g.field, g.extreme) == ("year", -1)
    assert grouping("Where did she publish repeatedly?").low == 2
    # an existential asks for the values too
    g = grouping("Is there a journal she has published in more than once?")
    assert (g.field, g.low, g.kind) == ("venue", 2, "journal article")
    assert grouping("Any conference he went to twice or more?").field == "venue"


def test_no_grouping_without_a_count_or_with_a_count_of_something_else():
    assert grouping("Which journal printed the glacier paper?") is None
    assert grouping("Which journal articles have more than four authors?") is None
    assert grouping("Which venue has the most citations?") is None  # a superlative of citations, not of papers
    assert grouping("which of his workshop papers came out in 2019?") is None


def _plan(question: str) -> QueryPlan:
    return QueryPlan(
        question=question,
        history=[],
        answer_type="list",
        route="field_groups",
        filters=Filters(),
        scope="author",
        query=question,
        grouping=grouping(question),
    )


def test_venues_shared_by_papers_across_editions_cited_and_others_left_out():
    papers = [
        make_paper(id="a", title="Lichen Maps", venue="Annals of Moss", work_type="journal article"),
        make_paper(id="b", title="Fern Counts", venue="Annals of Moss", work_type="journal article", year=2021),
        make_paper(id="c", title="Bog Depth", venue="2019 Bog Workshop", work_type="conference paper"),
        make_paper(id="d", title="Bog Light", venue="2022 Bog Workshop", work_type="conference paper"),
        make_paper(id="e", title="Peat Flux", venue="Swamp Letters", work_type="journal article"),
        make_paper(id="f", title="Moss Preprint", venue="arXiv", arxiv_id="2101.00001"),
    ]
    corpus = SimpleNamespace(principal="Mira Fenn", topics=SimpleNamespace(papers_on=lambda topic, papers: []))
    answer = grouped(corpus, papers, _plan("Which journal did Fenn publish in on two or more occasions?"))
    assert "Annals of Moss" in answer.answer and "Swamp Letters" not in answer.answer
    assert "Bog Workshop" not in answer.answer  # "journal": the conference papers are not journals
    assert sorted(c.title for c in answer.citations) == ["Fern Counts", "Lichen Maps"]
    answer = grouped(corpus, papers, _plan("At which venues has Fenn appeared at least twice?"))
    assert "Bog Workshop" in answer.answer and "2019" not in answer.answer.split(":")[1]
    assert len(answer.citations) == 4 and "arXiv" not in answer.answer


def test_a_periodical_used_more_than_once_in_the_corpus(tanaka):
    q = "Name the periodical that carried more than one of Tanaka's articles."
    answer = tanaka.answer([Message(role="user", content=q)], Filters())
    assert answer.meta["plan"]["route"] == "field_groups" and "The Cryosphere" in answer.answer
    assert len(answer.citations) == 2


def test_a_kind_of_work_said_by_where_the_papers_appeared():
    from assistant.answer.plan.field_groups import kind_said

    assert kind_said("list his 2018 work that ended up in a periodical") == "journal article"
    assert kind_said("which of these were shown at a symposium?") == "conference paper"
    assert kind_said("she placed it again in the same journal, what did it find?") is None  # a relation, not a kind
    assert kind_said("which of her papers never got into a journal?") is None  # ruled out, not asked for
    assert kind_said("his papers in a journal or at a workshop") is None


def test_only_preprints_said_as_a_venue_ruled_out():
    from assistant.answer.plan.field_groups import kind_said

    assert kind_said("his e-prints that no periodical ever picked up") == "arxiv only"
    assert kind_said("which arXiv papers remain preprints?") == "arxiv only"
    assert kind_said("which of his papers are not on arXiv?") is None  # a source ruled out, not a venue
    assert kind_said("how many preprints did he post in 2020?") is None


def test_preprints_with_no_venue_listed_as_papers_not_one_papers_arxiv_id(tanaka):
    q = "Tanaka's arXiv e-prints that were never published anywhere else: which are they?"
    answer = tanaka.answer([Message(role="user", content=q)], Filters())
    assert answer.meta["plan"]["route"] == "list" and answer.meta["plan"]["work_type"] == "arxiv only"
    cited = {c.title for c in answer.citations}
    assert "Ice Drift Forecasts with Graph Neural Networks" in cited and len(cited) == 7
    assert "Label Noise in Operational Ice Charts" not in cited  # it has a journal version


def test_a_topic_said_inside_the_count_narrows_the_papers_grouped(tanaka):
    q = "What year saw the most iceberg papers from her?"
    answer = tanaka.answer([Message(role="user", content=q)], Filters())
    assert answer.meta["plan"]["route"] == "field_groups" and "on “iceberg”" in answer.answer
    assert all("Iceberg" in c.title or "Foundation" in c.title for c in answer.citations)
