"""One tie rule for the earliest or latest paper (plan/dated.extreme), read by the planner's picks and the answer."""

from assistant.answer.plan.dated import extreme
from tests.conftest import make_paper


def _paper(pid: str, date: str | None, precision: str | None = "day", arxiv_id: str | None = None):
    year = int(date[:4]) if date else None
    return make_paper(id=pid, date=date, date_precision=precision, year=year, arxiv_id=arxiv_id)


def test_a_full_date_wins_over_a_year_it_falls_in_and_the_year_is_said_to_be_unsure():
    kiln = _paper("kiln", "2017", "year")
    glaze = _paper("glaze", "2017-05-14")
    slip = _paper("slip", "2018-02-01")
    first = extreme([slip, kiln, glaze])
    assert (first.paper.id, [p.id for p in first.maybe], [p.id for p in first.rest]) == ("glaze", ["kiln"], ["slip"])
    last = extreme([slip, kiln, glaze], latest=True)
    assert (last.paper.id, [p.id for p in last.maybe]) == ("slip", [])


def test_a_year_wholly_before_a_full_date_is_the_earliest():
    assert extreme([_paper("late", "2020-01-02"), _paper("early", "2016", "year")]).paper.id == "early"


def test_the_same_day_is_a_tie_listed_by_arxiv_id_and_undated_papers_are_never_picked():
    a = _paper("a", "2021-09-09", arxiv_id="2109.00200")
    b = _paper("b", "2021-09-09", arxiv_id="2109.00100")
    ends = extreme([a, _paper("none", None, None), b], latest=True)
    assert [p.id for p in ends.tied] == ["a", "b"]
    assert extreme([_paper("none", None, None)]) is None
