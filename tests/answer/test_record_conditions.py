"""Conditions on a paper's record, not its topic: the kind of work and the words of the venue's name, negated where
the question negates them and composed by intersection (two kinds of one paper are alternatives)."""

from __future__ import annotations

from assistant.answer.plan.record_conditions import Condition, Conditions
from assistant.models import Filters, Message
from tests.asking import ask
from tests.conftest import make_paper


def titles(answer) -> set[str]:
    return {c.title for c in answer.citations}


def test_a_negated_venue_word_leaves_those_venues_out_and_is_no_topic(tanaka):
    answer = ask(tanaka, "Which of her journal papers appeared outside IEEE outlets?")
    assert answer.meta["plan"]["topic"] == "" and answer.meta["plan"]["record"] == ["venue not ieee"]
    assert len(answer.citations) == 8
    assert not any("IEEE" in (tanaka.answerer().corpus.by_id[c.paper_id].venue or "") for c in answer.citations)


def test_kinds_negated_in_brackets_are_left_out_and_the_positive_one_selects(tanaka):
    answer = ask(tanaka, "List her 2023 first-author work that went to a journal (not arXiv-only, not a conference).")
    assert answer.meta["plan"]["work_type"] == "journal article" and answer.meta["plan"]["topic"] == ""
    assert titles(answer) == {
        "Label Noise in Operational Ice Charts",
        "Coastline Extraction with Self-Supervised Pretraining on Sentinel-2",
    }


def test_one_negation_governs_kinds_joined_by_or(tanaka):
    answer = ask(tanaka, "Which arXiv papers of hers never came out in a journal or at a conference?")
    assert sorted(answer.meta["plan"]["record"]) == ["kind not conference paper", "kind not journal article"]
    assert len(answer.citations) == 7
    assert all(tanaka.answerer().corpus.by_id[c.paper_id].arxiv_id for c in answer.citations)


def test_a_sole_author_is_not_a_last_author(tanaka):
    answer = ask(tanaka, "Which of her papers have her as the last author?")
    assert titles(answer) == {
        "Few-Shot Iceberg Detection in Synthetic Aperture Radar Images",
        "Sea-Ice Type Classification from Sentinel-1 SAR with Self-Attention",
        "Ice Drift Forecasts with Graph Neural Networks",
    }


def test_a_word_the_papers_use_stays_a_topic(tanaka):
    plan = ask(tanaka, "Which of her papers deal with Greenland glaciers?").meta["plan"]
    assert plan["record"] == [] and "Greenland" in plan["topic"]


def test_a_kind_asked_about_is_no_condition(tanaka):
    assert ask(tanaka, "Which journal published her snow depth paper?").meta["plan"]["record"] == []


def _paper(venue, work_type):
    return make_paper(id=venue, title=venue, display_title=venue, venue=venue, work_type=work_type)


def test_conditions_compose_alternatives_within_a_field_and_intersect_across_fields():
    journal = Condition("kind", "journal article", False, (0, 1))
    conference = Condition("kind", "conference paper", False, (2, 3))
    not_ieee = Condition("venue", "ieee", True, (4, 5))
    both = Conditions((journal, conference, not_ieee))
    assert both.admits(_paper("The Cryosphere", "journal article"))
    assert both.admits(_paper("NeurIPS Workshop", "conference paper"))
    assert not both.admits(_paper("IEEE Transactions on Geoscience", "journal article"))
    assert not both.admits(_paper("Hokkaido University", "thesis"))
    assert Conditions().admits(_paper("Anything", None))


def test_a_kind_noun_said_with_a_negated_venue_keeps_the_kind_and_negates_the_venue(tanaka):
    """ "not in IEEE journals", "non-IEEE journal papers": the negation is the venue words'; one negation is spent
    on one value."""
    for question in ("Which of her journal articles were not in IEEE journals?", "non-IEEE journal papers of hers?"):
        plan = ask(tanaka, question).meta["plan"]
        assert plan["work_type"] == "journal article" and plan["record"] == ["venue not ieee"], question


def test_conditions_said_by_overlapping_words_are_cut_once_and_said_once():
    # "no conference or workshop papers": both kinds read from "no", the second span holding the first
    question = "Journal articles only (no conference or workshop papers): which did she co-write?"
    start = question.index("no conference")
    read = Conditions(
        (
            Condition("kind", "conference paper", True, (start, start + len("no conference"))),
            Condition("kind", "conference paper", True, (start, start + len("no conference or workshop"))),
        )
    )
    assert read.without(question) == "Journal articles only (  papers): which did she co-write?"
    assert read.phrase() == ", not conference papers"


def test_a_stacked_list_with_kinds_excluded_in_brackets_keeps_its_question_words(tanaka):
    question = "Journal articles only (no conference or workshop papers): which did she co-write with Jörg Müller?"
    answer = ask(tanaka, question)
    assert answer.meta["plan"]["topic"] == "" and answer.citations
    assert all(tanaka.answerer().corpus.by_id[c.paper_id].work_type == "journal article" for c in answer.citations)


def test_one_cut_of_spans_serves_the_conditions_and_the_claims_fields():
    from assistant.answer.evidence.claim_record import rest
    from assistant.text import without_spans

    text = "ran on 64 GPUs and 8 nodes"
    # apart or touching, each span is cut where it is; overlapping ones as their union
    assert without_spans(text, [(7, 14), (19, 26)]) == "ran on   and  "
    assert without_spans(text, [(7, 9), (9, 14)]) == "ran on    and 8 nodes"
    assert without_spans(text, [(7, 9), (7, 14)]) == rest(text, ((7, 9), (7, 14))) == "ran on   and 8 nodes"


def test_a_plan_that_restricts_no_record_admits_every_paper_and_one_that_does_says_so(assistant, tanaka):
    # A list skips asking each paper (`admits_record`) when the plan says nothing can fail it.
    for who, question, restricts in [
        (assistant, "List his papers on model compression.", False),
        (assistant, "Which of his papers have a DOI?", True),
        (assistant, "Which papers did he write with Zeyu Liu?", True),
        (tanaka, "Which of her journal papers appeared outside IEEE outlets?", True),
        (tanaka, "What are her papers on sea ice?", False),
    ]:
        answerer = who.answerer()
        plan = answerer.plan([Message(role="user", content=question)], Filters())
        assert plan.restricts_record() == restricts, question
        papers = answerer.corpus.papers
        if not restricts:
            assert all(plan.admits_record(p) for p in papers)
        else:
            assert not all(plan.admits_record(p) for p in papers)
