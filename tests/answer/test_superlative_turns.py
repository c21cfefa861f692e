"""Superlatives and the turns around them: the quantity a superlative ranks read through a parenthesis ("by parameter
count"), a slash ("parallel/scaling") and a participle; the picked paper's date said as a reader says it; a further
ask answered from the paper a date picked; "arXiv preprints" a kind of paper listed, not an identifier asked."""

from __future__ import annotations

from assistant.answer.plan import phrases
from assistant.answer.plan.dated import spoken_date
from assistant.answer.write.format import record_said
from tests.asking import ask
from tests.conftest import converse, make_paper, titles


def test_the_noun_phrase_of_a_superlative():
    by = phrases.quantity_extreme("Biggest model (by parameter count) handled in any of his papers?")
    assert by is not None and by.words == ("parameter", "model")
    either = phrases.quantity_extreme("Which of his papers reports the highest parallel/scaling efficiency figure?")
    assert either is not None and either.noun == "efficiency" and set(either.words) >= {"parallel", "scaling"}
    unit = phrases.quantity_extreme("the highest TFLOPS/W he reports?")
    assert unit is not None and unit.noun == "TFLOPS/W"


def test_the_superlative_states_its_deciding_value(assistant):
    biggest = ask(assistant, "Biggest model (by parameter count) handled in any of his papers?")
    assert "235B" in biggest.answer and titles(biggest)[0].startswith("DynaTrain")
    efficient = ask(assistant, "Which of his papers reports the highest parallel/scaling efficiency figure?")
    assert "97%" in efficient.answer and titles(efficient)[0].startswith("Unfolding an Atomistic World")


def test_dates_said_as_a_reader_says_them():
    assert spoken_date(make_paper(date="2026-05-12", date_precision="day")) == "May 12, 2026"
    assert spoken_date(make_paper(date="2021-12", date_precision="month")) == "December 2021"
    assert spoken_date(make_paper(date="2018", date_precision="year", year=2018)) == "2018"
    thesis = make_paper(work_type="thesis", venue="Hokkaido University", abstract="")
    assert record_said(thesis) == ", a thesis at Hokkaido University,"
    assert record_said(make_paper(venue="arXiv")) == ""


def test_the_latest_dated_paper_gives_its_day(assistant):
    answer = ask(assistant, "what's the most recently dated card on his profile page?")
    assert titles(answer)[0].startswith("DynaTrain") and "May 12, 2026" in answer.answer


def test_a_further_ask_is_answered_from_the_picked_paper(assistant):
    answers = converse(
        assistant,
        "What is the oldest paper of his in this collection?",
        "and what was he working on about 4 yrs after that? which bigger open-source project was it part of?",
    )
    assert titles(answers[1])[0].startswith("HPC AI500") and "AIBench" in answers[1].answer


def test_her_earliest_study_is_picked_by_date(tanaka):
    answer = ask(tanaka, "What was her earliest study using Sentinel-2, and which sea did it report results for?")
    assert titles(answer)[0].startswith("Melt Pond Fraction") and "Beaufort" in answer.answer
    work = ask(tanaka, "Tanaka's earliest work - what is it and where was it done?")
    assert titles(work)[0] == "Machine Learning for Operational Sea-Ice Monitoring" and "Hokkaido" in work.answer


def test_arxiv_preprints_are_listed_not_identified(assistant):
    answer = ask(assistant, "any 2022 arXiv preprints of his on mixed-precision quantization?")
    assert answer.meta["plan"]["route"] == "list"
    assert {c.arxiv_id for c in answer.citations} == {"2202.05137", "2207.10083"}


def test_a_superlative_is_read_from_its_form():
    assert phrases.quantity_extreme("Top speedup reported in his papers?").noun == "speedup"
    assert phrases.quantity_extreme("the shortest runtime he reports?").direction == -1
    assert phrases.quantity_extreme("the heaviest workload any paper runs?").noun == "workload"
    slash = phrases.quantity_extreme("largest parameter count / model size in his work?")
    assert slash is not None and slash.noun == "size" and "parameter" in slash.words
    # A word ending in -est whose stem has no comparative is no superlative; a superlative of date picks a paper.
    assert phrases.quantity_extreme("the interest in quantization?") is None
    assert phrases.quantity_extreme("the earliest result?") is None


def test_a_superlative_read_by_form_needs_a_reported_quantity(assistant):
    top = ask(assistant, "Top speedup reported in his papers?")
    assert top.meta["plan"]["route"] == "quantity_extreme" and "4963x" in top.answer
    best = ask(assistant, "What's the best scaling efficiency he reports?")
    assert "97%" in best.answer
    claim = ask(assistant, "the strongest claim he makes about quantization?")
    assert claim.meta["plan"]["route"] != "quantity_extreme"


def test_a_list_of_one_paper_says_what_it_does(assistant):
    answer = ask(assistant, "what did he publish in 2022 on quantum chemistry?")
    assert answer.meta["plan"]["route"] == "list" and "Matrix Product State" in answer.answer


def test_the_time_to_a_paper_picked_by_date_within_a_venue(tanaka):
    first = ask(tanaka, "How long after finishing her Hokkaido PhD thesis did her first IGARSS paper appear?")
    assert first.meta["plan"]["route"] == "elapsed" and "1 year" in first.answer
    assert titles(first)[1].startswith("Automated Sea-Ice Charting")
    latest = ask(tanaka, "how long after her thesis did her latest IGARSS paper come out?")
    assert "5 years" in latest.answer and titles(latest)[1].startswith("Quantized Convolutional Networks")
