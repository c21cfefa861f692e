"""Superlatives by date under the question's own conditions, over the real stores: a pick whose noun names no paper
("the oldest item of hers in the library", "which card has the most recent date") is the earliest or latest of all
the papers in scope; a possessive pick under a table field ("her earliest arXiv preprint") is one paper of those the
field selects, not a list of them; an idiom ("in the first place") and an author position ("his first author paper")
pick nothing; a pick answered from its paper says the date it used."""

from __future__ import annotations

from assistant.answer.plan import dated, phrases
from tests.asking import ask


def own(assistant):
    return [p for p in assistant.table().papers if p.is_author_work and p.date]


def test_a_pick_whose_noun_names_no_paper_is_of_all_her_papers(tanaka):
    answer = ask(tanaka, "What's the oldest item of hers in the library?")
    first = dated.extreme(own(tanaka)).paper
    assert answer.meta["plan"]["route"] == "earliest"
    assert answer.citations[0].paper_id == first.id
    assert "wording" in answer.answer  # the noun was read as the question's wording, said so


def test_a_card_with_the_most_recent_date_is_his_latest_paper(assistant):
    answer = ask(assistant, "which card on his profile page has the most recent date?")
    last = dated.extreme(own(assistant), latest=True).paper
    assert answer.meta["plan"]["route"] == "latest"
    assert answer.citations[0].paper_id == last.id


def test_in_the_first_place_picks_no_paper(tanaka):
    answer = ask(
        tanaka, "What reason does her altimetry work give for needing snow depth on sea ice in the first place?"
    )
    assert answer.meta["plan"]["route"] not in ("earliest", "latest")


def test_her_earliest_arxiv_preprint_is_one_paper(tanaka):
    answer = ask(tanaka, "What's her earliest arXiv preprint?")
    first = dated.extreme([p for p in own(tanaka) if p.arxiv_id]).paper
    assert answer.meta["plan"]["route"] == "earliest"
    assert [c.paper_id for c in answer.citations] == [first.id]


def test_a_possessive_pick_is_one_paper_but_an_author_position_is_not():
    assert phrases.one_by_date("What's her earliest arXiv preprint?") == "earliest"
    assert phrases.one_by_date("Tanaka's most recent journal article?") == "latest"
    assert phrases.one_by_date("Which is his first author paper on stencils?") is None
    assert phrases.one_by_date("her latest arXiv preprints") is None  # several asked: a list


def test_a_pick_answered_from_its_paper_states_the_date(assistant):
    answer = ask(assistant, "Of his papers that carry an exact day of publication, which is the most recent?")
    last = dated.extreme(own(assistant), latest=True).paper
    assert answer.citations[0].paper_id == last.id
    assert dated.spoken_date(last) in answer.answer  # the date the pick used, said


def test_asking_the_date_of_the_pick_is_the_pick():
    assert phrases.picked_then_asked("Which is his most recent paper and what's the date on it?") is None
    assert phrases.picked_then_asked("What's her newest paper, and what data does it use?") is not None


def test_a_first_question_picks_one_paper_of_its_selection(tanaka):
    answer = ask(tanaka, "What is the most recent journal article she has out, not counting arXiv-only preprints?")
    ends = dated.extreme([p for p in own(tanaka) if p.work_type == "journal article"], latest=True)
    assert answer.citations[0].paper_id == ends.paper.id
    # the papers it may tie with are named as such; the older ones are not listed as if asked for
    assert {c.paper_id for c in answer.citations} <= {p.id for p in ends.tied + ends.maybe}


def test_a_kind_of_work_named_in_the_singular_selects_the_pool(tanaka):
    answer = ask(tanaka, "Tanaka's oldest conference paper?")
    first = dated.extreme([p for p in own(tanaka) if p.work_type == "conference paper"]).paper
    assert answer.meta["plan"]["route"] == "earliest"
    assert answer.citations[0].paper_id == first.id


def test_a_year_or_earlier_bounds_the_dates_and_picks_nothing():
    assert phrases.date_pick("Machine-learning (LG) category papers on his profile dated 2024 or earlier?") is None
    assert phrases.date_pick("Which of the two is earlier?") == ("earliest", False)
