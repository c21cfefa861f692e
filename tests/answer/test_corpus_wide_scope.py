"""Questions over the whole corpus (session 23): the scope read from what the question says about authorship ("from
either research group", "not just Yunquan Zhang", "doesn't matter who wrote them", "counting ones that aren't
hers", "whoever else is on it", "anywhere in this corpus") runs every operation over both groups, the records
said not to be the author's are listed, and per-paper citation counts are compared as a table field."""

from __future__ import annotations

import pytest

from assistant.answer.plan import phrases
from assistant.models import Filters, Message


def _ask(assistant, question):
    return assistant.answer([Message(role="user", content=question)], Filters())


@pytest.mark.parametrize(
    "question",
    [
        "which papers in the collection, from either research group, use low-rank techniques?",
        "Not just Yunquan Zhang: which papers anywhere in this corpus work on quantizing large language models?",
        "Any papers involving the Fram Strait? Doesn't matter who wrote them, but say which are Tanaka's.",
        "How many records in total, counting ones that aren't hers, are from 2020?",
        "List every record that has Ole Hansen as an author, whoever else is on it.",
        "List every 2020 paper in the collection that has a Tanaka among its authors.",
        # which of them are the author's asked beside them: the papers of both groups, hers marked
        "Who in this corpus uses reinforcement learning, and is any of it Yunquan Zhang's own work?",
        "Which papers in the collection talk about the Laptev Sea, and are they all hers?",
        "Any papers in here involving the Fram Strait? Say which are Tanaka's.",
        # the author by name beside the other group
        "Which corpus papers benchmark deep learning systems, whether by Yunquan Zhang or by the other group?",
        "Both Yunquan Zhang and the other group have work on cheap training hardware. Which papers are these?",
        # the author beside anyone at all
        "Does anything in the corpus - by her or anyone else - deal with the Laptev Sea?",
        "Which records in this collection, whether by her or by somebody else, deal with how sea ice drifts?",
    ],
)
def test_both_groups_said_as_the_author_not_mattering(question):
    assert phrases.both_groups(question)


@pytest.mark.parametrize(
    "question",
    [
        "Not only his quantization papers but also his pruning ones?",  # a topic widened, not whose
        "List every 2020 paper of his.",
        "Which of his papers did he write with Ole Hansen?",
        "Which papers are hers?",  # her papers asked for, not marked among everyone's
        "Which of those are his?",
    ],
)
def test_the_authors_papers_alone_are_no_both_groups(question):
    assert not phrases.both_groups(question)


def test_a_denial_of_the_author_by_name_and_possessive():
    q = "Are there entries in this collection that aren't actually Keiko Tanaka's papers? Which ones?"
    assert phrases.denies_authorship(q, "Keiko Tanaka")
    assert not phrases.denies_authorship("Which papers aren't by García?", "Keiko Tanaka")


def test_the_collection_as_where_papers_are_sought_is_the_whole_corpus():
    assert phrases.whole_corpus("Which papers anywhere in this collection talk about the Laptev Sea?")


def test_whose_it_is_said_not_to_matter_is_no_negated_topic():
    assert phrases.negated("Any papers on the Fram Strait? Doesn't matter who wrote them, but say which.") is None
    assert phrases.negated("Which papers don't involve large language models?").topic == "large language models"


def test_records_said_not_to_be_hers_are_listed(tanaka):
    answer = _ask(
        tanaka, "Are there entries in this collection that aren't actually Keiko Tanaka's papers? Which ones?"
    )
    assert answer.meta["plan"]["scope"] == "others"
    cited = {c.title for c in answer.citations}
    assert cited == {
        "A Decade of Ice-Tethered Buoy Drift in the Transpolar Drift Stream",
        "Palladium-Catalysed Cross-Coupling of Aryl Chlorides in Water",
    }


def test_counting_the_others_in_widens_the_count(tanaka):
    answer = _ask(tanaka, "How many records in total, counting ones that aren't hers, are from 2020?")
    assert answer.meta["plan"]["scope"] == "all"
    assert answer.answer.startswith("3 (three)")  # the clause letting the others in is scope, not wording


def test_the_clause_letting_the_others_in_is_no_topic():
    q = "List everything dated 2020, including papers that aren't hers."
    assert "including" not in phrases.without_both_groups(q) and "hers" not in phrases.without_both_groups(q)


def test_a_coauthors_records_whoever_else_is_on_them(tanaka):
    answer = _ask(tanaka, "List every record that has Ole Hansen as an author, whoever else is on it.")
    cited = {c.title for c in answer.citations}
    assert "A Decade of Ice-Tethered Buoy Drift in the Transpolar Drift Stream" in cited  # not hers
    assert "Ice Drift Forecasts with Graph Neural Networks" in cited


@pytest.mark.parametrize(
    "question",
    [
        "Is there anything in the collection on sea-ice drift, whether by her or by anyone else?",
        "Does anything in the corpus - by her or anyone else - deal with the Laptev Sea?",
    ],
)
def test_a_yes_no_over_both_groups_lists_the_papers_of_both(tanaka, question):
    # whose papers does not matter: the answer is the papers (hers and the other group's), no verdict on one
    answer = _ask(tanaka, question)
    assert answer.meta["plan"]["route"] == "list" and len({c.paper_id for c in answer.citations}) == 2


def test_a_place_asked_of_either_group_lists_both(tanaka):
    answer = _ask(tanaka, "Any papers in here involving the Fram Strait? Doesn't matter who wrote them.")
    assert answer.meta["plan"]["negated_topic"] is None
    assert len({c.paper_id for c in answer.citations}) == 2


def test_either_research_group_lists_the_others_too(assistant):
    answer = _ask(assistant, "which papers in the collection, from either research group, use low-rank techniques?")
    assert answer.meta["plan"]["scope"] == "all"
    assert any("not Yunquan Zhang's paper" in line for line in answer.answer.splitlines())


def test_who_works_on_a_topic_across_the_corpus_lists_both_groups(assistant):
    answer = _ask(
        assistant, "Who in this corpus uses reinforcement learning, and is any of it Yunquan Zhang's own work?"
    )
    assert answer.meta["plan"]["route"] == "list" and answer.meta["plan"]["scope"] == "all"
    cited = {c.title for c in answer.citations}
    assert (
        "EnsembleFollower: A Hybrid Car-Following Framework Based On Reinforcement Learning and Hierarchical Planning"
        in cited
    )


@pytest.mark.parametrize(
    "question, left",
    [
        ("How many papers are about mixture-of-experts models, counting both groups?", "counting"),
        ("How many papers in the collection, his and the other group's together, are about X?", "together"),
        ("In total, across both research groups, how many papers deal with X?", "across"),
    ],
)
def test_the_words_leading_in_and_closing_the_both_groups_phrase_are_scope(question, left):
    assert left not in phrases.without_both_groups(question)


def test_a_topic_count_over_both_groups_counts_the_topic(assistant):
    # not every paper per group (the aggregate)
    q = "How many papers in the collection, his and the other group's together, are about federated learning?"
    answer = _ask(assistant, q)
    assert answer.meta["plan"]["route"] == "count" and answer.meta["plan"]["scope"] == "all"
    assert answer.answer.startswith("6 (six)")


def test_a_count_over_both_groups_is_no_one_papers_fact(assistant):
    # the learned shape read this as one paper's fact (FP=xINT) before
    answer = _ask(assistant, "In total, across both research groups, how many papers deal with quantization?")
    assert answer.meta["plan"]["route"] == "count" and answer.meta["plan"]["scope"] == "all"
    assert len(answer.citations) > 1


@pytest.mark.parametrize(
    "question, scope",
    [
        ("Which papers anywhere in the collection use low-rank matrices?", "all"),
        ("What's the oldest paper by Yunquan Zhang in the collection?", "author"),  # the byline names him
        ("What's the oldest item of his in this collection?", "author"),
        ("What's the most recent thing he's published in this collection?", "author"),
    ],
)
def test_the_collection_named_widens_unless_the_author_is_named(assistant, question, scope):
    answerer = assistant.answerer()
    plan = answerer.plan([Message(role="user", content=question)], Filters())
    assert plan.scope == scope


@pytest.mark.parametrize(
    "question",
    [
        "How many papers does the whole corpus contain, counting both his and the other group's?",
        "How many papers does the whole collection you search contain, counting the other group's too?",
    ],
)
def test_the_collection_counted_over_both_groups_stays_a_count_per_group(assistant, question):
    answer = _ask(assistant, question)
    assert answer.answer.startswith("Of the 79 papers in the corpus, counted by the group that wrote them")


def test_which_corpus_papers_asks_for_every_groups_papers(tanaka):
    answer = _ask(tanaka, "Which corpus papers report findings about the Laptev Sea?")
    assert answer.meta["plan"]["route"] == "list" and answer.meta["plan"]["scope"] == "all"
    assert "A Decade of Ice-Tethered Buoy Drift in the Transpolar Drift Stream" in {c.title for c in answer.citations}


def test_a_topic_count_over_the_other_group_counts_the_topic(assistant):
    # not every paper of the other group (the aggregate over the authorship group)
    answer = _ask(assistant, "How many papers from the other research group are about federated learning?")
    assert answer.meta["plan"]["route"] == "count" and answer.meta["plan"]["scope"] == "others"
    assert answer.answer.startswith("6 (six)")


def test_a_count_of_the_other_groups_papers_is_no_one_papers_fact(assistant):
    answer = _ask(assistant, "How many papers from the other research group deal with mixture-of-experts models?")
    assert answer.meta["plan"]["route"] == "count"
    assert "FSMoE: A Flexible and Scalable Training System for Sparse Mixture-of-Experts Models" in {
        c.title for c in answer.citations
    }
