"""The English question phrases (answer/plan/phrases.py), each read on its own: dates to the month, exclusions of the
author, negated topics, author positions, pointers back, and the words of structure that never make a topic."""

from __future__ import annotations

import pytest

from assistant.answer.plan import phrases
from assistant.answer.plan.intents import topic_words
from assistant.answer.plan.phrases import DateSpan, Month
from tests.conftest import make_paper


def span(q):
    d = phrases.dates(q)
    assert d is not None, q
    return (d.start and (d.start.year, d.start.month), d.end and (d.end.year, d.end.month))


@pytest.mark.parametrize(
    "question, expected",
    [
        ("Which papers did he put out in March 2025?", ((2025, 3), (2025, 3))),
        ("What did he publish in Sept. 2023?", ((2023, 9), (2023, 9))),
        ("What did he publish in the first half of 2024?", ((2024, 1), (2024, 6))),
        ("papers from the second half of 2023", ((2023, 7), (2023, 12))),
        ("Anything from late 2023?", ((2023, 9), (2023, 12))),
        ("work from early 2021", ((2021, 1), (2021, 4))),
        ("What came out in Q3 2024?", ((2024, 7), (2024, 9))),
        ("papers between May 2022 and February 2023", ((2022, 5), (2023, 2))),
        ("List his papers from March to May 2025.", ((2025, 3), (2025, 5))),
        ("anything he co-wrote in April–May 2026?", ((2026, 4), (2026, 5))),
        ("the Sept-Dec 2024 preprints", ((2024, 9), (2024, 12))),
        ("papers from 2019 to 2021", ((2019, 1), (2021, 12))),
        ("papers 2019-2021", ((2019, 1), (2021, 12))),
        ("What has he written since 2021?", ((2021, 1), None)),
        ("anything since June 2024?", ((2024, 6), None)),
        ("Which of his papers from 2024 or later are about X?", ((2024, 1), None)),
        ("from 2020 onwards", ((2020, 1), None)),
        ("papers after 2024", ((2025, 1), None)),
        ("papers after March 2025", ((2025, 4), None)),
        ("papers before 2021", (None, (2020, 12))),
        ("papers before June 2022", (None, (2022, 5))),
        ("papers up to 2022", (None, (2022, 12))),
        ("2021 or earlier", (None, (2021, 12))),
        ("his work in the two years after 2020", ((2021, 1), (2022, 12))),
        ("in the 3 years before 2024", ((2021, 1), (2023, 12))),
        ("How many of his papers date from 2024?", ((2024, 1), (2024, 12))),
        # A day of the month is read with its month (spans are counted in months).
        ("How many papers did he release on December 9, 2024?", ((2024, 12), (2024, 12))),
        ("anything from 3rd March 2023?", ((2023, 3), (2023, 3))),
        ("papers between Nov 22, 2024 and June 3, 2025", ((2024, 11), (2025, 6))),
        ("List his papers from between 2019 and 2021 (inclusive).", ((2019, 1), (2021, 12))),
        ("What has he published since the start of April 2026?", ((2026, 4), None)),
        ("anything since the beginning of 2024?", ((2024, 1), None)),
        # verbs of order read as before/after, not as a topic
        ("How many of his papers predate 2020?", (None, (2019, 12))),
        ("papers antedating March 2021", (None, (2021, 2))),
        ("Which of her papers postdate 2022?", ((2023, 1), None)),
    ],
)
def test_dates_to_the_month(question, expected):
    assert span(question) == expected


def test_relative_dates_wait_for_their_anchor():
    assert phrases.dates("And what did he publish four years after that one?").relative == (4, 1)
    assert phrases.dates("what about the following year?").relative == (1, 1)
    assert phrases.dates("and the year before?").relative == (-1, 1)
    assert phrases.years("what about the following year?") == (None, None)  # no year until anchored


def test_no_date_in_a_question_without_one():
    for q in ["Which of his papers are about stencils?", "Who is the first author of MoQE?", "hi"]:
        assert phrases.dates(q) is None, q
    # Two years without a range word are not one span: a list of those two years, the ones between left out.
    listed = phrases.dates("Compare his 2020 and 2024 papers")
    assert listed.pieces == ((Month(2020, 1), Month(2020, 12)), (Month(2024, 1), Month(2024, 12)))
    assert phrases.dates("his 2019 paper and his 2021 one") is None  # two dates, each of its own paper


def test_the_date_phrase_leaves_the_question_whole_for_the_rest():
    rest = phrases.without_dates("What did he publish in the first half of 2024?")
    assert "first" not in rest and "half" not in rest and "2024" not in rest and "publish" in rest


def test_a_day_and_an_inclusive_mark_belong_to_the_date_phrase_not_the_topic():
    rest = phrases.without_dates("How many papers did he release on December 9, 2024?")
    assert "9" not in rest and "December" not in rest and "release" in rest
    rest = phrases.without_dates("List his papers from between 2019 and 2021 (inclusive).")
    assert "inclusive" not in rest and "(" not in rest and "papers" in rest
    # A number that is not a day of a month stays in the question.
    assert "9" in phrases.without_dates("Which 9 papers came out in 2024?")


def test_a_span_admits_papers_dated_to_the_month_and_leaves_coarse_ones_unknown():
    march = DateSpan(Month(2025, 3), Month(2025, 3))
    assert march.by_month
    assert march.admits(make_paper(date="2025-03-14", date_precision="day", year=2025)) is True
    assert march.admits(make_paper(date="2025-04", date_precision="month", year=2025)) is False
    assert march.admits(make_paper(date="2025", date_precision="year", year=2025)) is None  # unknown, not matched
    assert march.admits(make_paper(date=None, date_precision=None, year=None)) is None
    assert march.admits(make_paper(date="2024", date_precision="year", year=2024)) is False
    whole = DateSpan(Month(2024, 1), Month(2024, 12))
    assert not whole.by_month and whole.admits(make_paper(date="2024", date_precision="year", year=2024)) is True
    assert march.describe() == "March 2025" and whole.describe() == "2024"


@pytest.mark.parametrize(
    "question, topic",
    [
        ("Which of his papers are not about LLMs?", "LLMs"),
        ("Which of his papers from 2024 or later don't involve LLMs?", "LLMs"),
        ("Which of his simulation papers don't rely on machine learning at all?", "machine learning"),
        (
            "Among his quantization work, which papers don't involve large language models at all?",
            "large language models",
        ),
        ("Which papers other than quantization ones came out after 2023?", "quantization"),
        ("papers that do not use GPUs", "GPUs"),
        ("his papers without any deep learning", "deep learning"),
    ],
)
def test_negated_topics(question, topic):
    n = phrases.negated(question)
    assert n is not None and n.topic == topic
    rest = phrases.without_negation(question)
    assert topic not in rest and "at all" not in rest


@pytest.mark.parametrize(
    "question",
    [
        "Which papers are not by him?",
        "List the papers other than his own.",
        "Which papers in the corpus did he not write?",
        "papers excluding the author's",
    ],
)
def test_excluding_the_author_is_not_a_negated_topic(question):
    assert phrases.excludes_author(question)
    assert phrases.negated(question) is None


def test_author_positions_and_ordinals():
    assert phrases.position("papers where he is the first author") == 1
    assert phrases.position("as second author") == 2
    assert phrases.position("the senior author") == -1
    assert phrases.position("listed third among its authors") == 3
    assert phrases.position("the first half of 2024") is None  # an ordinal of a date, not of an author
    assert phrases.author_index("lead") == 1 and phrases.author_index("last") == -1
    assert phrases.surname("whose first author is surnamed Zhang") == "Zhang"


@pytest.mark.parametrize(
    "text",
    [
        "Which of his papers evaluate on",
        "which papers involve",
        "what do they report",
        "list the other ones",
        "the first half of",
        "what is he best known for",
        "his key contributions",
        "papers from March",
    ],
)
def test_structure_words_never_make_a_topic(text):
    assert topic_words(text, "Yunquan Zhang") == []


def test_content_words_stay_a_topic():
    assert topic_words("Which of his papers evaluate on ImageNet?", "Yunquan Zhang") == ["ImageNet"]
    assert topic_words("papers that involve stencil computation", "Yunquan Zhang") == ["stencil", "computation"]


def test_greetings_and_meta_questions():
    assert phrases.GREETING.match("hi") and phrases.GREETING.match("Hello there!")
    assert not phrases.GREETING.match("hi, which papers are about stencils?")
    assert phrases.KNOWN_FOR.search("What is Yunquan Zhang best known for?")
    assert phrases.KNOWN_FOR.search("What are his key contributions?")
    assert phrases.METRICS.search("What is his h-index?") and phrases.METRICS.search("How often is he cited?")
    assert phrases.quoted("an 'under review' note") == "under review"


def test_superlatives_of_a_quantity_read_the_counted_noun():
    assert phrases.quantity_extreme(
        "the largest number of accelerator chips (GPUs or NPUs) that any paper reports"
    ) == (phrases.Extreme(1, "chips"))
    assert phrases.quantity_extreme("Which of his papers scaled to the most CPU cores, and how many?") == (
        phrases.Extreme(1, "cores")
    )
    # "best known for", "most cited", "most frequent co-authors" are not quantities a paper reports.
    for q in ["What is he best known for?", "Which paper is the most cited?", "Who are his most frequent co-authors?"]:
        assert phrases.quantity_extreme(q) is None, q


def test_years_spanned_is_a_question_about_the_corpus():
    assert phrases.YEARS_SPANNED.search("What years does his work in this corpus span?")
    assert phrases.YEARS_SPANNED.search("How far back does the collection go?")
    assert not phrases.YEARS_SPANNED.search("Which of his papers came out in 2024?")


def test_elapsed_time_questions_and_the_dates_a_text_states():
    import datetime

    for q in [
        "How much time passed between A and B?",
        "How long after the first paper did the second come out?",
        "How long did it sit between its submission and its acceptance?",
        "How many months between A and B?",
        "What was the time gap between them?",
        "How long did it take to get from its submission to its acceptance?",
    ]:
        assert phrases.ELAPSED.search(q), q
    for q in [
        "How long is the paper?",
        "How many papers came out after 2020?",
        "How long does training take?",
        "How long did the paper take to write?",
    ]:
        assert not phrases.ELAPSED.search(q), q
    found = phrases.stated_dates("Created: 2024-12-09; revised 3rd Feb 2025, then Nov 31, 2025 (no such day)")
    assert [s.day for s in found] == [datetime.date(2024, 12, 9), datetime.date(2025, 2, 3)]
    assert found[1].before == "revised"
    assert phrases.elapsed(datetime.date(2024, 11, 22), datetime.date(2025, 6, 3)) == "193 days (about 6 months)"
    assert phrases.elapsed(datetime.date(2019, 7, 27), datetime.date(2020, 8, 17)) == (
        "387 days (about 13 months, just over a year)"
    )
    assert phrases.elapsed(datetime.date(2025, 1, 1), datetime.date(2025, 1, 11)) == "10 days"


def test_a_month_without_a_year_is_that_month_of_every_year():
    april = phrases.dates("Which of his papers are dated in April (any year)?")
    assert april.months_of_year == (4,) and april.by_month and april.years == (None, None)
    assert april.describe() == "April of any year"
    assert "April" not in phrases.without_dates("Which of his papers are dated in April (any year)?")
    assert april.admits(make_paper(date="2021-04-22", date_precision="day", year=2021)) is True
    assert april.admits(make_paper(date="2025-05-02", date_precision="day", year=2025)) is False
    assert april.admits(make_paper(date="2022", date_precision="year", year=2022)) is None
    assert phrases.dates("What came out in May?").months_of_year == (5,)
    # "may" the verb and a month beside a year are not a month of every year.
    assert phrases.dates("Which papers may be about stencils?") is None
    assert phrases.dates("What came out in May 2025?").months_of_year == ()


def test_several_months_without_a_year_are_those_months_of_every_year():
    winter = phrases.dates("anything he posted during December, January and February, whatever the year?")
    assert winter.months_of_year == (12, 1, 2) and winter.years == (None, None)
    assert winter.describe() == "December, January or February of any year"
    assert winter.admits(make_paper(date="2019-01-30", date_precision="day", year=2019)) is True
    assert winter.admits(make_paper(date="2019-03-01", date_precision="day", year=2019)) is False
    assert phrases.dates("work that appeared in March or October?").months_of_year == (3, 10)


def test_a_bound_on_a_reported_quantity():
    t = phrases.quantity_threshold("Which of his papers claim a speedup of more than 100x?")
    assert (t.noun, t.direction, t.value, t.ratio, t.said) == ("speedup", 1, 100.0, True, "more than 100x")
    t = phrases.quantity_threshold("Which of her papers report over 90% accuracy?")
    assert (t.noun, t.value, t.percent) == ("accuracy", 90.0, True)
    t = phrases.quantity_threshold("Which of her papers report an error below 10 cm?")
    assert (t.noun, t.direction, t.unit) == ("error", -1, "cm")
    assert phrases.quantity_threshold("Which papers used more than 1000 GPUs?").noun == "GPUs"
    # A year or a structure word is no bound on a quantity.
    assert phrases.quantity_threshold("Which of his papers came out after 2020?") is None
    assert phrases.quantity_threshold("Which of his papers have more than 5 authors?") is None


def test_a_bound_given_as_a_factor():
    t = phrases.quantity_threshold("Which papers beat earlier approaches by more than a factor of 100?")
    assert t.ratio and t.value == 100.0 and t.said == "more than a factor of 100"
    assert phrases.quantity_threshold("a speedup or improvement of more than 100x").also == "speedup"


def test_a_quantity_asked_in_a_unit():
    t = phrases.quantity_threshold("Which of her papers report an error measured in centimetres?")
    assert (t.noun, t.direction, t.unit) == ("error", 0, "centimetres")
    assert phrases.quantity_threshold("What is the highest speedup reported in his papers?") is None


@pytest.mark.parametrize(
    "question, topic",
    [
        ("Which of his papers have nothing to do with LLMs?", "LLMs"),
        ("Which of his papers are unrelated to quantization?", "quantization"),
        ("His papers with no LLM content?", "LLM content"),
        ("Which of her papers avoid deep learning?", "deep learning"),
        ("Which of his compression papers are not quantization papers?", "quantization"),
        ("List his non-LLM papers.", "LLM"),
        ("Which papers of his lack any quantization?", "quantization"),
        ("Which of his papers never mention GPUs?", "GPUs"),
        # a contrast is a topic left out
        ("Summarize her work on glaciers and ice shelves (as opposed to sea ice).", "sea ice"),
        ("Which of his papers use CPUs rather than GPUs?", "GPUs"),
        ("papers on training instead of inference", "inference"),
        ("Her papers on glaciers (not sea ice)", "sea ice"),
    ],
)
def test_more_negated_wordings(question, topic):
    n = phrases.negated(question)
    assert n is not None and n.topic == topic


@pytest.mark.parametrize(
    "question", ["Is MoQE non-trivial?", "Which papers are not by him?", "Which ones are not his?"]
)
def test_not_a_negated_topic(question):
    assert phrases.negated(question) is None


def test_any_verb_after_do_not_negates_its_object_but_writing_and_having_do_not():
    assert phrases.negated("Which of his quantization papers do not evaluate on large language models?").topic == (
        "large language models"
    )
    assert phrases.negated("Which of her papers don't report accuracy?").topic == "accuracy"
    assert phrases.negated("Which papers did he not write?") is None
    assert phrases.negated("Which of his papers does not have code?") is None


def test_the_date_verb_leaves_no_topic_word():
    assert "predate" not in phrases.without_dates("How many of his papers predate 2020?")


def test_a_claim_of_being_first_is_not_a_date_pick():
    assert phrases.claim_first("Which of his papers claim to be the first to do something?")
    assert phrases.claim_first("Which papers report results for the first time?")
    assert phrases.claim_first("Which was his first paper?") is None
    assert phrases.FIRST_CLAIMED.search("This is the first use of series expansion for quantization.")
    assert phrases.FIRST_CLAIMED.search("which, for the first time, enhances the model's performance")
    assert not phrases.FIRST_CLAIMED.search("the first layer of a model can sustain a higher compression level")


def test_a_question_asking_more_of_the_paper_it_picks():
    assert phrases.asks_of_picked("The oldest paper in his list optimizes a program released by which center?")
    assert not phrases.asks_of_picked("What's the earliest year in his publication record?")


def test_a_why_or_how_question_negates_no_topic():
    """ "Why use a stack of images instead of a single one?" asks a reason; the contrast is part of it, not a filter."""
    assert phrases.negated("Why use a stack of several radar images instead of a single image?") is None
    assert phrases.negated("How does it recover accuracy without calibration data?") is None
    assert phrases.negated("How many of his papers don't involve LLMs?").topic == "LLMs"
    assert phrases.negated("Which of her papers use SAR rather than optical imagery?").topic == "optical imagery"


@pytest.mark.parametrize(
    "question, expected",
    [
        # Years listed with "and", "or", commas, "&" or "/" that touch are one span.
        ("Which articles did she write in 2017 and 2018?", ((2017, 1), (2018, 12))),
        ("anything from 2016 or 2017 on glaciers?", ((2016, 1), (2017, 12))),
        ("papers dated 2015, 2016 & 2017", ((2015, 1), (2017, 12))),
        ("work in 2016 and in 2017", ((2016, 1), (2017, 12))),
        ("anything in 2016 and/or 2017?", ((2016, 1), (2017, 12))),
        # A start and an end said with other words.
        ("papers from 2015 up to 2018", ((2015, 1), (2018, 12))),
        ("what has she done since 2019 until the end of 2021?", ((2019, 1), (2021, 12))),
        ("starting in March 2020 through 2022", ((2020, 3), (2022, 12))),
        # A range said short or with "through"/"until".
        ("her 2016-17 output", ((2016, 1), (2017, 12))),
        ("the 2018/19 preprints", ((2018, 1), (2019, 12))),
        ("what appeared 2014 through 2016?", ((2014, 1), (2016, 12))),
        ("papers 2013 until 2015", ((2013, 1), (2015, 12))),
        # Months listed share the year said last.
        ("what came out in April and May 2023?", ((2023, 4), (2023, 5))),
        # Decades, and thirds of one.
        ("her work of the 2010s", ((2010, 1), (2019, 12))),
        ("anything from the early 2020s?", ((2020, 1), (2023, 12))),
        ("papers from the late 1990s", ((1997, 1), (1999, 12))),
    ],
)
def test_listed_dates_that_touch_are_one_span(question, expected):
    assert span(question) == expected
    assert phrases.dates(question).pieces == ()


def test_listed_dates_with_a_gap_keep_their_pieces():
    d = phrases.dates("What did she put out in 2014, 2016 or 2019?")
    assert d.years == (2014, 2019)
    assert [(a.year, b.year) for a, b in d.pieces] == [(2014, 2014), (2016, 2016), (2019, 2019)]
    assert d.by_month  # the year filter 2014-2019 alone does not decide it
    assert d.describe() == "2014, 2016 and 2019"
    assert d.admits(make_paper(id="a", year=2016, date="2016", date_precision="year")) is True
    assert d.admits(make_paper(id="b", year=2015, date="2015", date_precision="year")) is False
    assert d.admits(make_paper(id="c", year=2020, date="2020", date_precision="year")) is False
    months = phrases.dates("anything from June or September 2022?")
    assert months.describe() == "June 2022 and September 2022"
    assert months.admits(make_paper(id="d", year=2022, date="2022-09-14", date_precision="day")) is True
    assert months.admits(make_paper(id="e", year=2022, date="2022-07-01", date_precision="day")) is False
    assert (
        months.admits(make_paper(id="f", year=2022, date="2022", date_precision="year")) is None
    )  # a year-only date could be either
    assert "2014" not in phrases.without_dates("What did she put out in 2014, 2016 or 2019?")


def test_a_day_written_iso_is_no_short_range():
    assert span("anything on 2024-12-09?") == ((2024, 1), (2024, 12))


def test_a_bound_said_after_its_number():
    t = phrases.quantity_threshold("Which of his papers report a parallel or scaling efficiency of 90% or more?")
    assert (t.noun, t.direction, t.value, t.percent, t.inclusive) == ("efficiency", 1, 90.0, True, True)
    t = phrases.quantity_threshold("her papers with an error of 15 cm or less")
    assert (t.noun, t.direction, t.value, t.unit) == ("error", -1, 15.0, "cm")
    t = phrases.quantity_threshold("Which of her studies used 400 scenes or more?")
    assert (t.noun, t.value) == ("scenes", 400.0)  # a verb before the number is no noun
    assert phrases.quantity_threshold("papers from 2020 or later") is None
    assert not phrases.quantity_threshold("over 90% accuracy").inclusive  # "over" leaves the bound out


def test_a_bound_with_an_article_a_separator_or_a_large_number_word_after_it():
    t = phrases.quantity_threshold("list his papers that report more than a 5x speedup over baselines")
    assert (t.noun, t.value, t.ratio) == ("speedup", 5.0, True)
    assert phrases.quantity_threshold("which of his papers evaluate on more than 1,000 GPUs?").value == 1000.0
    assert phrases.quantity_threshold("which of his works ran on 1,000 GPUs or more").value == 1000.0
    t = phrases.quantity_threshold("Which of her models were trained on more than 1.5 million images?")
    assert (t.noun, t.value) == ("images", 1.5e6)
    assert phrases.quantity_threshold("papers with more than 2 million parameters").value == 2e6


def test_a_superlative_measured_against_a_baseline():
    ex = phrases.quantity_extreme("Which of his papers claims the largest speedup factor over its baseline?")
    assert (ex.noun, ex.direction) == ("speedup", 1)
