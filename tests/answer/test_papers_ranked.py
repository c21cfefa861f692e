"""How many papers a ranking asks for: "his most recent paper" is one paper (and any tied with it), not the first of a
list; "his three most recent papers" is three. The number is read from the question's own words before its
superlative, and every ranking writer (by date, by author count, by citation count, by a reported figure) answers
with that many."""

from __future__ import annotations

from assistant.answer.check.citations import Citations
from assistant.answer.plan.phrases.superlatives import papers_ranked
from assistant.answer.write.meta import most_cited
from tests.asking import ask
from tests.conftest import make_paper


def cited(answer) -> list[str]:
    return [c.title or c.arxiv_id for c in answer.citations]


def test_the_number_before_a_superlative_is_how_many_are_asked():
    assert papers_ranked("What are his three most recent papers?") == 3
    assert papers_ranked("the 2 oldest things she wrote") == 2
    assert papers_ranked("Give me the top five by citations") == 5
    assert papers_ranked("her four biggest author lists") == 4
    assert papers_ranked("What's his most recent paper?") == 1
    assert papers_ranked("Which of her papers have the longest author lists?") == 1  # the ties, not a list
    assert papers_ranked("his latest 2024 paper") == 1
    assert papers_ranked("the 2024 latest paper") == 1  # a year, not a count
    assert papers_ranked("the paper with the first three authors from Beijing") == 1  # no superlative after it
    assert papers_ranked("two interesting papers") == 1  # "interest" is no superlative


def test_one_paper_asked_by_date_is_one_paper_answered(assistant):
    answer = ask(assistant, "What's his most recent paper?")
    assert answer.meta["plan"]["route"] == "latest" and answer.meta["plan"]["papers_ranked"] == 1
    titles = cited(answer)
    assert titles[0].startswith("DynaTrain")
    # only papers that could be the latest: the one dated to the day and one dated only to its year (2026)
    assert len(titles) == 2 and titles[1].startswith("MoE-DisCo") and "Next" not in answer.answer


def test_a_number_of_papers_asked_by_date_gives_that_many(assistant):
    answer = ask(assistant, "What are his three most recent papers?")
    assert answer.meta["plan"]["papers_ranked"] == 3
    assert len(answer.citations) == 3 and cited(answer)[0].startswith("DynaTrain")


def test_the_longest_author_list_names_the_tied_papers_only(tanaka):
    answer = ask(tanaka, "Which of her papers has the longest author list?")
    assert answer.meta["plan"]["route"] == "team_extreme"
    assert sorted(cited(answer)) == [
        "A Foundation Model for Polar SAR Imagery",
        "Towards Benchmark Datasets for Sea-Ice Segmentation",
    ]


def test_the_least_cited_is_one_paper_with_its_ties():
    papers = [
        make_paper(id="a", title="Kelp Rafts", cited_by={"works.json": 40}),
        make_paper(id="b", title="Kelp Drift", cited_by={"works.json": 2}),
        make_paper(id="c", title="Kelp Tides", cited_by={"works.json": 2}),
        make_paper(id="d", title="Kelp Beds", cited_by={"works.json": 9}),
    ]
    ranked = most_cited(papers, Citations(), lambda p: "x", "Ines Rao's papers", direction=-1).split("In all")[0]
    assert "Kelp Drift" in ranked and "Kelp Tides" in ranked and "Kelp Beds" not in ranked
    top = most_cited(papers, Citations(), lambda p: "x", "Ines Rao's papers", limit=2).split("In all")[0]
    assert "Kelp Rafts" in top and "Kelp Beds" in top and "Kelp Drift" not in top
