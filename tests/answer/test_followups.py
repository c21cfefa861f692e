"""Follow-ups that point back: the state a conversation carries is rebuilt from the assistant's previous answers."""

from __future__ import annotations

from assistant.answer.plan.conversation import (
    group_pointed_to,
    people_named,
    person_pointed_to,
    pointed_back,
    restates_list,
    without_pointers,
)
from assistant.answer.plan.planner import Planner
from assistant.models import Filters, Message
from tests.answer.evals import run_eval
from tests.conftest import DATA, converse


def test_probe_follow_ups_score_at_least_090(seeded_store, tmp_path, capsys):
    """41 multi-turn conversations in wordings the dev sets do not use (one Assistant for the whole file)."""
    code, summary, out = run_eval(seeded_store, DATA / "probe_followups.json", tmp_path, capsys)
    assert code == 0, out
    assert summary["questions"] >= 25 and summary["overall"] >= 0.9 and summary["invalid_citations"] == 0, out


# A previous answer as our writers make it: each paper's name in italics, authors in their order.
TITLES = {"alpha: fast sorting": "a", "the static scheme for beta": "s", "the dynamic scheme for beta": "d"}
LABELS = {"a": "Alpha: fast sorting", "s": "The static scheme for Beta", "d": "The dynamic scheme for Beta"}
LIST_ANSWER = (
    "His papers on beta (2 papers):\n- *The static scheme for Beta* (2020): …[1]\n"
    "- *The dynamic scheme for Beta* (2021): …[2]"
)
AUTHORS_ANSWER = "*Alpha: fast sorting* (2024) is by Ann Lee, Bo Chen, Cy Wu et al. [1]"
PEOPLE = ["Ann Lee", "Bo Chen", "Cy Wu", "Dee Roe"]


def history(answer: str) -> list[Message]:
    return [Message(role="user", content="earlier question"), Message(role="assistant", content=answer)]


def back(question: str, answer: str = LIST_ANSWER):
    return pointed_back(question, history(answer), TITLES, LABELS.get)


def test_ordinals_and_described_papers_pick_from_the_previous_answer_in_order():
    assert back("Tell me about the second one.") == ("nth", ["d"])
    assert back("When did the latter come out?") == ("nth", ["d"])
    assert back("summarise the first") == ("nth", ["s"])
    assert back("Summarise the static one.") == ("nth", ["s"])
    assert back("the static or the dynamic one: which uses a master-worker scheme?") == ("which", ["s", "d"])
    assert back("Which of them is older?") == ("earliest", ["s", "d"])
    # A word both papers share ("beta") picks neither; "the first author" is a person, not a paper.
    assert back("What does the beta paper do?") is None
    assert back("What else did the first author write?") is None


def test_a_list_restated_or_narrowed_by_years_is_the_previous_list():
    assert restates_list("list them") and restates_list("only the ones after 2024") and restates_list("what are they?")
    assert not restates_list("which of those uses GPUs?") and not restates_list("only quantization papers")
    assert back("only the ones after 2020") == ("list", ["s", "d"])
    assert back("list them", "No paper is about that.") is None  # nothing listed: nothing to point to


def test_people_pointed_to_by_position_or_as_that_person():
    h = history(AUTHORS_ANSWER)
    assert people_named(AUTHORS_ANSWER, PEOPLE) == ["Ann Lee", "Bo Chen", "Cy Wu"]
    assert person_pointed_to("what else did the second author write?", h, PEOPLE) == ("Bo Chen", True)
    assert person_pointed_to("and the last author?", h, PEOPLE) == ("Cy Wu", True)
    assert person_pointed_to("what else did that person write with him?", h, PEOPLE) == ("Ann Lee", False)
    # Asking who holds a position, or a position filter ("as first author"), points at nobody.
    assert person_pointed_to("who is its first author?", h, PEOPLE) == (None, False)
    assert person_pointed_to("which papers did he write as the first author?", h, PEOPLE) == (None, False)


def test_pointer_words_are_not_the_topic():
    assert without_pointers("the static or the dynamic one: which uses a master-worker scheme?").split() == [
        ":",
        "which",
        "uses",
        "a",
        "master-worker",
        "scheme?",
    ]


def test_the_other_one_the_year_one_and_written_first():
    two_answers = [
        *history(LIST_ANSWER),
        Message(role="user", content="which one is dynamic?"),
        Message(role="assistant", content="*The dynamic scheme for Beta* (2021): … [1]"),
    ]
    assert pointed_back("and the other one?", two_answers, TITLES, LABELS.get) == ("nth", ["s"])
    years = {"s": "The static scheme for Beta (2020)", "d": "The dynamic scheme for Beta (2021)"}
    assert pointed_back("and the 2021 one?", history(LIST_ANSWER), TITLES, years.get) == ("nth", ["d"])
    assert back("Which of those was written first?") == ("earliest", ["s", "d"])


def test_an_ordinal_after_one_paper_counts_the_papers_the_answers_led_with():
    # Two answers about one paper each: "the first one" is the first paper discussed, "that second paper" the next.
    turns = [
        *history(AUTHORS_ANSWER),
        Message(role="user", content="and the static one?"),
        Message(role="assistant", content="*The static scheme for Beta* (2020): … [1]"),
    ]
    assert pointed_back("Going back to the first one: what is it built on?", turns, TITLES, LABELS.get) == (
        "nth",
        ["a"],
    )
    assert pointed_back("what did that second paper evaluate?", turns, TITLES, LABELS.get) == ("nth", ["s"])
    assert pointed_back("and the third one?", turns, TITLES, LABELS.get) is None


def test_them_and_the_two_point_back_at_the_previous_papers_as_shown():
    h = history(LIST_ANSWER)
    assert group_pointed_to("compare them", h, TITLES) == ["s", "d"]
    assert group_pointed_to("How do the two differ?", h, TITLES) == ["s", "d"]
    assert group_pointed_to("compare both", h, TITLES) == ["s", "d"]
    # No pointer back, or nothing shown before: no group.
    assert group_pointed_to("compare Alpha with the static scheme", h, TITLES) == []
    assert group_pointed_to("compare them", history("No paper is about that."), TITLES) == []


def test_compare_them_compares_the_papers_the_previous_answer_showed_in_its_order(assistant):
    """ "compare them" names no paper: its sides are the listed papers, in the order the user saw them (a list shown
    newest first is not the search's ranking), up to the four a comparison holds."""
    corpus = assistant.answerer().corpus
    planner = Planner(corpus)
    titled = sorted((p for p in corpus.by_id.values() if p.title and p.year), key=lambda p: (p.year, p.id))
    shown = [titled[-1], titled[0], titled[len(titled) // 2]]  # an order neither by date nor by any search
    listed = "His papers on that (3 papers, newest first):\n" + "\n".join(
        f"- *{p.label}* ({p.year}): … [{i}]" for i, p in enumerate(shown, 1)
    )
    for question in ("compare them", "compare the three"):
        plan = planner.plan([*history(listed), Message(role="user", content=question)], Filters())
        assert plan.route == "compare" and plan.compared == [p.id for p in shown], (question, plan.notes)
    two = f"*{shown[0].label}* ({shown[0].year}): … [1]\n\nAlso relevant: *{shown[1].label}* ({shown[1].year}): … [2]"
    plan = planner.plan([*history(two), Message(role="user", content="compare the two")], Filters())
    assert plan.route == "compare" and plan.compared == [shown[0].id, shown[1].id]
    # Without a comparison asked, "them" keeps its other readings (the list restated).
    plan = planner.plan([*history(listed), Message(role="user", content="list them")], Filters())
    assert plan.route != "compare"


def test_a_correction_that_describes_the_paper_meant_picks_it_by_its_text_and_later_turns_follow_it(assistant):
    """Neither paper's name holds "hands out work while it runs" or "fixes the split beforehand": each shown paper's
    own sentences are weighed against what is meant and what is ruled out."""
    listed, corrected, then = converse(
        assistant,
        "What has he published about HONPAS?",
        "No - not the one that fixes the split of the work beforehand; I mean the one that hands out integrals to "
        "workers while it runs.",
        "What machine were its tests on?",
    )
    assert len(listed.citations) == 2
    assert [c.title for c in corrected.citations] == [
        "The dynamic parallel distribution algorithm for hybrid density-functional calculations in HONPAS package"
    ]
    assert "Tianhe-2" in then.answer and all("dynamic" in c.title for c in then.citations)
    _, other_way = converse(
        assistant,
        "What has he published about HONPAS?",
        "Not the one with the master-worker scheme: I mean the one that distributes the integrals over shell pairs.",
    )
    assert [c.title for c in other_way.citations] == [
        "The static parallel distribution algorithms for hybrid density-functional calculations in HONPAS package"
    ]


def test_a_correction_to_an_earlier_or_later_paper_is_dated_against_the_one_ruled_out(assistant):
    """After one paper was shown, "I meant the earlier/later one" cannot pick among the papers shown: the date is set
    against the paper ruled out and the description finds the paper meant."""
    for first, correction, meant in (
        (
            "What does MoQE propose?",
            "Hmm, not that one. I meant the earlier paper that argues layer inputs matter more than weights in "
            "quantization.",
            "2202.05137",
        ),
        (
            "Tell me about the static HONPAS paper.",
            "Hmm, no. I meant the later HONPAS paper, the dynamic one.",
            "dynamic",
        ),
    ):
        _, corrected = converse(assistant, first, correction)
        cited = [f"{c.title} {c.arxiv_id}" for c in corrected.citations]
        assert cited and all(meant in c for c in cited), (correction, cited)
        assert "first to come out" not in corrected.answer


def test_what_a_correction_rules_out_ends_at_a_dash_or_i_mean():
    from assistant.answer.plan.phrases import NOT_THE_ONE

    said = "No, not the one that splits it up in advance - I mean the one that balances at run time."
    assert NOT_THE_ONE.search(said).group(0) == "not the one that splits it up in advance"
    assert (
        NOT_THE_ONE.search("not the incidence-angle one I meant the other").group(0) == "not the incidence-angle one "
    )


def test_a_group_counted_larger_than_the_answer_showed_is_filled_from_the_previous_questions_papers():
    one = "*The static scheme for Beta* (2020): … [1]"
    relatives = lambda history: ["s", "a", "d"]  # noqa: E731 - the previous question's best papers, best first
    assert group_pointed_to("Can you put those two side by side?", history(one), TITLES, relatives) == ["s", "a"]
    assert group_pointed_to("compare both", history(one), TITLES, relatives) == ["s", "a"]
    # "them" counts nothing, and a group already as large as counted is kept as shown.
    assert group_pointed_to("compare them", history(one), TITLES, relatives) == ["s"]
    assert group_pointed_to("compare those two", history(LIST_ANSWER), TITLES, relatives) == ["s", "d"]


def test_the_later_of_the_two_refers_to_a_paper_by_its_date_when_the_question_asks_something_of_it():
    dates = {"s": "2020-03-01", "d": "2020-09-01"}.get
    same_year = {"s": "The static scheme for Beta (2020)", "d": "The dynamic scheme for Beta (2020)"}.get
    h = history(LIST_ANSWER)
    assert pointed_back("For the later of the two, what does it say about X?", h, TITLES, same_year, dates) == (
        "nth",
        ["d"],
    )
    assert pointed_back("What does the older one find?", h, TITLES, same_year, dates) == ("nth", ["s"])
    # Asking which is later is the question itself: the route answers it with the dates.
    assert pointed_back("Which one is the newest?", h, TITLES, same_year, dates) == ("latest", ["s", "d"])
    assert pointed_back("Which of them is older?", h, TITLES, same_year, dates) == ("earliest", ["s", "d"])
    # A tie in dates tells nothing apart.
    tie = {"s": "2020", "d": "2020"}.get
    assert pointed_back("For the later of the two, what does it say?", h, TITLES, same_year, tie) != ("nth", ["d"])


def test_those_two_side_by_side_then_the_later_one(assistant):
    """The first answer lists one paper; "those two" takes the other the question came closest to, and "the later of
    the two" is the one with the later date (both are from 2022)."""
    _, grid, later = converse(
        assistant,
        "Which of his papers study how noise in a layer's inputs changes the loss?",
        "Put those two side by side.",
        "What does the later of the two say about networks with many identity mappings?",
    )
    assert grid.meta["plan"]["route"] == "compare" and len(grid.citations) == 2
    assert {c.arxiv_id for c in grid.citations} == {"2202.05137", "2207.10083"}
    assert [c.arxiv_id for c in later.citations] == ["2207.10083"] and "resistant" in later.answer


def test_which_of_those_then_a_second_question_answers_both(assistant):
    """ "which one uses X, and what speedup did it reach?": the plan picks the paper by X (among those shown) and asks
    the rest of it, so the answer is that paper's sentence with its speedup."""
    _, picked = converse(
        assistant,
        "Which of his papers are about stencil computation?",
        "Of those, which one uses sparse tensor cores, and what speedup did it reach?",
    )
    assert picked.meta["plan"]["route"] == "fact" and len(picked.meta["plan"]["points_back_to"]) == 1
    assert [c.arxiv_id for c in picked.citations] == ["2506.22969"] and "7.1x" in picked.answer


def test_the_two_shown_earlier_are_compared_when_a_comparison_is_asked_in_words(assistant):
    """After a middle turn that showed one paper, "compare the two side by side" takes the other from the answer
    before it (not a paper the middle question happens to retrieve), even when the vote is not "compare"."""
    first, dates, grid = converse(
        assistant,
        "Which of his papers argue that quantizing a layer's inputs matters a lot for the loss?",
        "When were those two posted on arXiv?",
        "Now compare the two side by side: what does each one claim beyond the point about layer inputs?",
    )
    both = {"2202.05137", "2207.10083"}
    assert {c.arxiv_id for c in first.citations} == both
    assert {c.arxiv_id for c in dates.citations} == both and "2022-02-10" in dates.answer
    assert grid.meta["plan"]["route"] == "compare" and {c.arxiv_id for c in grid.citations} == both
