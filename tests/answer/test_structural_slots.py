"""The structural slots of a question read end to end: dates listed rather than ranged, an author position held by
someone other than a person, the quantity a superlative asks for as the papers report it, a paper picked by date
and then asked about, and the time between two papers by their dates."""

from __future__ import annotations

from assistant.answer.plan import phrases
from tests.asking import ask


def years_cited(answer):
    return {c.year for c in answer.citations}


def test_years_listed_with_a_gap_select_only_those_years(tanaka):
    answer = ask(tanaka, "List her 2019 and 2024 papers.")
    plan = answer.meta["plan"]
    assert plan["dates"] == "2019 and 2024" and plan["route"] == "list"
    assert years_cited(answer) == {2019, 2024} and "(5 papers" in answer.answer


def test_years_listed_that_touch_are_one_span(tanaka):
    answer = ask(tanaka, "Show me her work from 2020 or 2021.")
    assert answer.meta["plan"]["dates"] == "2020 to 2021"
    assert years_cited(answer) == {2020, 2021} and "(6 papers" in answer.answer


def test_a_position_held_by_someone_other_than_her_is_a_condition_over_her_papers(tanaka):
    for question in (
        "Which of her papers have a first author who isn't her?",
        "Which papers of hers were led by someone besides her?",
    ):
        answer = ask(tanaka, question)
        plan = answer.meta["plan"]
        assert plan["scope"] == "author" and plan["author_position"] == 1 and plan["position_negated"], question
        assert plan["person"] == "Keiko Tanaka"
        assert "(5 papers" in answer.answer and answer.citations, question
        assert all(c.authors and c.authors[0] != "Keiko Tanaka" for c in answer.citations), question
    assert not phrases.excludes_author("papers whose senior author is anyone except Keiko Tanaka")
    assert phrases.position_negated("papers whose senior author is anyone except Keiko Tanaka")
    # "but" after a position joins two conditions; it does not negate the person.
    assert not phrases.position_negated("Which papers have her as first author but Boyang Zhang as second?")
    assert phrases.position("papers led by Boyang Zhang") == 1
    assert phrases.position("the ones second-authored by Boyang Zhang") == 2
    assert phrases.position("Zeyu Liu first-authored his training paper; what does his theory paper prove?") is None
    assert phrases.position_negated("papers first-authored by someone other than her")


def test_the_quantity_of_a_superlative_is_read_as_the_papers_report_it(assistant):
    assert phrases.quantity_extreme("the biggest model size trained in his work").words == ("size", "model")
    answer = ask(assistant, "What is the biggest model size trained in his work?")
    assert answer.meta["plan"]["quantity"] == ["size", "largest"]
    assert "largest model size figure" in answer.answer and "235B" in answer.answer.split("\n")[0]
    assert answer.citations[0].title.startswith("DynaTrain")


def test_a_paper_picked_by_date_is_then_asked_the_rest(assistant):
    assert phrases.picked_then_asked("Which is his latest paper, and when was it published?") is None  # the pick says
    answer = ask(assistant, "What is his newest stencil paper, and which hardware does it target?")
    plan = answer.meta["plan"]
    assert plan["route"] == "fact" and plan["points_back_to"] == ["SparStencil (arXiv:2506.22969)"]
    assert "sparse TCUs" in answer.answer
    oldest = ask(assistant, "Tell me his earliest paper here; what program did it speed up?")
    assert oldest.meta["plan"]["route"] == "fact" and [c.arxiv_id for c in oldest.citations] == ["1505.08023"]
    assert "SpMV" in oldest.answer


def test_years_between_two_papers_count_their_dates_not_one_papers_comments(assistant):
    answer = ask(assistant, "How many years lie between SparStencil and the FEM mini-application paper?")
    assert answer.meta["plan"]["route"] == "elapsed" and len(answer.citations) == 2
    assert "(about 10 years)" in answer.answer and "May 2015 and June 2025" in answer.answer
    # Naming what the comments date still counts between those dates.
    comments = ask(assistant, "How long was SparStencil between its first submission and its acceptance?")
    assert "193 days" in comments.answer


def test_a_paper_named_only_to_leave_it_out_narrows_the_selection(assistant):
    answer = ask(
        assistant,
        "Among the papers where Jinhao Zhang is first author, take the one other than CALM: what does it propose?",
    )
    plan = answer.meta["plan"]
    assert plan["route"] == "fact" and plan["named"] == []
    assert [c.title for c in answer.citations] == [
        "MoQE: Improve Quantization Model performance via Mixture of Quantization Experts"
    ]


def test_one_paper_described_by_its_year_is_asked_the_question(assistant):
    answer = ask(assistant, "His 2020 benchmark work ranks systems by one number. Which metric is that?")
    plan = answer.meta["plan"]
    assert plan["route"] == "fact" and plan["points_back_to"] == [
        "AIPerf: Automated machine learning as an AI-HPC benchmark"
    ]
    assert "operations per second" in answer.answer
    # A question asking which papers lists them instead.
    listing = ask(assistant, "Which of his 2019 papers are about benchmarks?")
    assert listing.meta["plan"]["points_back_to"] == []


def test_a_position_asked_of_one_described_paper_is_its_author_field_not_a_filter(tanaka):
    answer = ask(tanaka, "In what journal did the snow depth altimetry study appear, and who was its lead author?")
    plan = answer.meta["plan"]
    assert plan["route"] == "venue" and plan["fields"] == ["venue", "authors"] and plan["author_position"] is None
    assert "Remote Sensing of Environment" in answer.answer and "Keiko Tanaka, Ivan Petrov" in answer.answer


def test_accelerators_counted_by_their_maker_are_read_as_accelerators(assistant):
    answer = ask(assistant, "Across his papers, what is the highest count of accelerator devices used in one run?")
    assert answer.meta["plan"]["quantity"] == ["devices", "largest"]
    first = answer.answer.split("\n")[0]
    # "up to 512 nodes with 4096 Huawei Ascend 910": the chips are 4096, the 512 counts nodes.
    assert "is 4096" in first and answer.citations[0].title.startswith("AIPerf")


def test_a_paper_placed_before_or_after_the_one_named_is_the_one_asked_about(assistant):
    answer = ask(
        assistant,
        "SparStencil retargets sparse tensor cores. Is there an earlier paper of his on stencil computation, and "
        "which hardware instruction does it build on?",
    )
    plan = answer.meta["plan"]
    assert plan["named"] == [] and plan["points_back_to"] == [
        "Novel stencil algorithm using vector outer products (arXiv:2310.16298)"
    ]
    later = ask(
        assistant,
        "His 2022 Sunway work ran quantum chemistry with VQE; which later paper of his also does quantum chemistry "
        "on GPUs?",
    )
    assert later.meta["plan"]["dates"] is None  # 2022 dated the named paper, not the one asked for
    assert later.citations[0].title.startswith("cuNNQS-SCI")


def test_a_pick_by_date_keeps_the_kind_of_work_it_names(tanaka):
    answer = ask(tanaka, "Which is her most recent journal article, and what does it study?")
    plan = answer.meta["plan"]
    assert plan["route"] == "fact"
    assert plan["points_back_to"] == ["Calving Front Delineation of Greenland Glaciers with Multi-Temporal SAR"]
    assert phrases.work_type_of_one("his newest conference paper") == "conference paper"
    assert phrases.work_type_of_one("his conference papers") is None


def test_one_paper_asked_for_by_date_within_a_span_is_the_extreme_not_a_list(assistant):
    answer = ask(assistant, "Name the last work he released prior to 2024.")
    plan = answer.meta["plan"]
    assert plan["route"] == "latest" and plan["dates"] == "up to December 2023"
    assert answer.citations[0].arxiv_id == "2310.16298"
    assert phrases.one_by_date("What are his latest papers?") is None
    assert phrases.one_by_date("Who is the first author of the SAR paper?") is None
