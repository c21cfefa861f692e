"""A paper placed by its relation to another, composed over the table: the anchor (named or described) gives the
dates ("N years after X") and, for "the same journal/conference", its venue; the paper found among the author's
papers there by the words of the clause that places it; then the question is asked of it. And the time between two
papers found by description: a kind of work the author has one of ("her doctoral thesis"), a pair ("his two … ")."""

from __future__ import annotations

from assistant.answer.plan import phrases
from assistant.answer.plan.placed import same_venue
from assistant.models import Filters, Message
from tests.asking import ask
from tests.conftest import make_paper


def titles(answer):
    return [c.title or c.display_title for c in answer.citations]


def test_years_counted_from_a_paper_the_question_names():
    assert phrases.dates("A year before her iceberg paper, what did she publish?").relative == (-1, 1)
    assert phrases.dates("three years after SwarmThinkers he wrote one on stencils").relative == (3, 1)
    # a year is a point, and "the two years after" a span of two: neither counted from a paper
    assert phrases.dates("in the two years after 2019").relative is None
    assert getattr(phrases.dates("in the two years after his thesis"), "relative", None) is None


def test_one_venue_across_the_editions_of_a_conference():
    a = make_paper(venue="2019 IEEE Symposium on Ice")
    assert same_venue(a, make_paper(venue="2023 IEEE Symposium on Ice"))
    assert same_venue(make_paper(venue="12th Workshop on Snow"), make_paper(venue="14th Workshop on Snow"))
    assert not same_venue(a, make_paper(venue="Journal of Ice"))
    assert not same_venue(make_paper(venue="arXiv"), make_paper(venue="arXiv"))


def test_a_paper_placed_years_after_a_described_one_by_its_topic(tanaka):
    answer = ask(tanaka, "Two years after her incidence-angle paper she had one on thickness retrieval: which sea?")
    assert titles(answer)[:1] == ["Sea-Ice Thickness Retrieval Intercomparison over the Barents Sea"]


def test_a_paper_placed_at_the_same_conference_years_later(tanaka):
    answer = ask(
        tanaka,
        "Four years after her automated charting paper she presented at the same conference again: what did that "
        "one put on board?",
    )
    assert titles(answer) == ["Quantized Convolutional Networks for On-Board Ice Classification on Small Satellites"]
    assert answer.meta["plan"]["route"] != "compare"  # the anchor only dates the paper asked about


def test_years_between_the_one_thesis_and_a_named_preprint(tanaka):
    answer = ask(tanaka, "How long passed between her doctoral thesis and the crevasse detection preprint, in years?")
    assert answer.meta["plan"]["route"] == "elapsed"
    assert "6 years" in answer.answer and len(answer.citations) == 2


def test_months_between_a_pair_of_preprints_found_together(assistant):
    answer = ask(assistant, "how many days lay between his two quantization preprints from 2022?")
    assert answer.meta["plan"]["route"] == "elapsed"
    assert "160 days" in answer.answer


def test_a_paper_reached_through_the_anchors_venue_with_no_dates_counted(tanaka):
    # the anchor named after "same journal as", the years dating the paper asked about
    answer = ask(
        tanaka, "Same journal as her melt-pond study, but a 2023 paper: how much of the lost accuracy does it recover?"
    )
    assert titles(answer)[:1] == ["Label Noise in Operational Ice Charts"]
    assert "two thirds" in answer.answer
    # the anchor described with "a … paper" in a sentence before, its own year given
    answer = ask(
        tanaka,
        "She had a 2020 melt pond paper in a journal. In the other paper she put in that same journal, what share "
        "of the area do the ice services disagree on?",
    )
    assert titles(answer)[:1] == ["Label Noise in Operational Ice Charts"]
    # a conference: every edition is one venue
    answer = ask(tanaka, "The other paper at the same conference as her 2019 charting one: what does it quantize?")
    assert titles(answer)[:1] == [
        "Quantized Convolutional Networks for On-Board Ice Classification on Small Satellites"
    ]


def test_a_question_asking_which_paper_shares_the_venue_and_a_fact_of_it_is_asked_of_that_paper(tanaka):
    answer = ask(
        tanaka,
        "What paper of hers came out in the same journal as her melt pond study, and what share of the area do the "
        "services disagree on?",
    )
    assert titles(answer)[:1] == ["Label Noise in Operational Ice Charts"]
    assert "17%" in answer.answer
    assert (
        phrases.which_then_asked("Which other paper of hers is in that journal, and what did it find?")
        == "what did it find?"
    )
    assert phrases.which_then_asked("Which papers of hers are in that journal, and what did they find?") == ""
    assert phrases.which_then_asked("Which other paper of hers is in that journal?") == ""


def test_a_paper_placed_by_years_from_a_person_stated_of_the_anchor(tanaka):
    # García led the anchor, not the paper asked about: her position is a step; the paper is the two's joint one
    answer = ask(
        tanaka,
        "Lucía García first-authored Tanaka's 2021 iceberg paper. In the paper the two of them had together the "
        "year before, what did accuracy in the far range go up to?",
    )
    assert titles(answer)[:1] == ["Correcting Incidence-Angle Effects in SAR Sea-Ice Classification"]
    assert "86%" in answer.answer
    # the person named narrows the papers of the years counted (2021 has three of hers, one with Petrov)
    answer = ask(
        tanaka,
        "Ivan Petrov co-wrote her 2024 snow depth paper. In the paper they wrote together three years earlier, how "
        "many networks were trained?",
    )
    assert titles(answer)[:1] == ["Deep Ensembles for Uncertainty in Seasonal Sea-Ice Forecasts"]


def test_years_counted_to_the_month_when_exact_or_with_a_half():
    assert phrases.dates("And what did she put out exactly three years after that?").relative == (36, 1)
    assert phrases.dates("two and a half years later, anything?").relative == (30, 1)
    assert phrases.dates("a year and a half before that one, what did he post?").relative == (-18, 1)
    assert phrases.dates("three years after that").relative_unit == "year"  # not exact: the whole year


def converse(assistant, *turns):
    messages, answer = [], None
    for turn in turns:
        if answer is not None:
            messages.append(Message(role="assistant", content=answer.answer))
        messages.append(Message(role="user", content=turn))
        answer = assistant.answer(list(messages), Filters())
    return answer


def test_a_follow_up_places_the_one_paper_of_the_dates_counted_from_the_previous_answer(tanaka):
    # February 2021, then exactly three years: February 2024 holds one of her papers, not the iceberg paper
    answer = converse(
        tanaka,
        "Which paper of hers came out in February 2021?",
        "And what did she put out exactly three years after that?",
    )
    assert titles(answer)[:1] == ["Crevasse Detection on Antarctic Ice Shelves with Vision Transformers"]


def test_a_follow_up_places_a_paper_by_its_relation_to_the_previous_answers_paper(tanaka):
    # the venue: the 2019 IGARSS paper, four years on at "that same symposium" (2023 has four papers of hers)
    answer = converse(
        tanaka,
        "What's the paper where she automated ice charting from Sentinel-1 with CNNs?",
        "And what did she present at that same symposium four years later?",
    )
    assert titles(answer)[:1] == [
        "Quantized Convolutional Networks for On-Board Ice Classification on Small Satellites"
    ]
    # the co-authors: 2022 has three papers of hers; the incidence-angle paper's co-authors are on one
    answer = converse(
        tanaka,
        "When did her incidence-angle correction paper come out?",
        "What did she publish with the same co-authors two years later?",
    )
    assert titles(answer)[:1] == ["Sea-Ice Type Classification from Sentinel-1 SAR with Self-Attention"]


def test_a_follow_up_places_a_paper_on_the_same_theme_among_the_years_papers(assistant):
    answer = converse(
        assistant,
        "Which is his earliest paper on benchmarking HPC systems for AI workloads?",
        "And what did he put out on the same theme about a year after that?",
    )
    assert titles(answer)[:1] == ["AIPerf: Automated machine learning as an AI-HPC benchmark"]


def test_the_time_between_the_two_papers_a_venue_holds(tanaka):
    # no paper named or described: the conference's editions hold two of her papers, and those are the two dates
    answer = ask(tanaka, "How many years lie between her IGARSS papers?")
    assert answer.meta["plan"]["route"] == "elapsed"
    assert sorted(c.year for c in answer.citations) == [2019, 2023]
    assert "four years" in answer.answer


def test_the_time_from_a_paper_picked_by_date_among_all_of_the_authors(assistant):
    # "his earliest paper" names no venue: the pick is among all of his papers, the named one left out
    answer = ask(assistant, "How long after his earliest paper did the HPC AI500 benchmark come out?")
    assert answer.meta["plan"]["route"] == "elapsed"
    assert sorted(c.year for c in answer.citations) == [2015, 2019]


def test_dates_are_counted_from_the_paper_described_before_them(tanaka):
    # the charts asked about afterwards describe the paper asked of, not the anchor (the 2019 charting paper)
    answer = ask(
        tanaka,
        "She put her melt pond study in some journal; three years later another paper of hers appeared in the same "
        "journal. How many charts did that one compare?",
    )
    assert titles(answer)[:1] == ["Label Noise in Operational Ice Charts"], answer.answer
