"""Slots read from the table's own metadata and stacked with the others: the subject category a paper is listed under
("in the CV category", "cs.DC"), author positions said in more words ("list her second in the author line"), the
author named by surname alone, "an arXiv version", a DOI, the venue a listing's comment states, the span of years
and the venues of a whole publication record, and a reason asked about "the authors of X"."""

from __future__ import annotations

import re

from assistant.answer.check.citations import Citations
from assistant.answer.evidence.quantity import beyond
from assistant.answer.evidence.weigh import summary_sentence
from assistant.answer.plan import phrases
from assistant.answer.write import meta
from assistant.answer.write.verdict import NO, decide
from tests.asking import ask
from tests.conftest import make_paper


def cited(assistant, answer):
    table = {p.label: p for p in assistant.table().papers}
    return [table[c.title] for c in answer.citations]


def test_a_category_the_table_lists_selects_papers_stacked_with_years(assistant):
    answer = ask(assistant, "In the CV category, which of his papers came out in 2024?")
    assert answer.meta["plan"]["categories"] == ["CV"] and answer.meta["plan"]["topic"] == ""
    papers = cited(assistant, answer)
    assert papers and all("CV" in p.categories and p.year == 2024 for p in papers)


def test_a_dotted_category_code_selects_the_short_code_the_listing_writes(assistant):
    answer = ask(assistant, "Count his papers listed under cs.DC.")
    assert answer.meta["plan"]["categories"] == ["DC"]
    mine = [p for p in assistant.table().papers if p.is_author_work and "DC" in p.categories]
    assert {p.label for p in cited(assistant, answer)} == {p.label for p in mine}


def test_a_code_without_a_category_word_stays_a_topic(assistant):
    answer = ask(assistant, "Which of his AI papers came out in 2020?")
    assert answer.meta["plan"]["categories"] == []


def test_author_positions_said_in_more_words():
    assert phrases.position("the papers that list her second in the author list") == 2
    assert phrases.position("any paper with him in fourth position?") == 4
    assert phrases.position("where is she third among the authors") == 3
    assert phrases.position("who came second in the benchmark") is None


def test_the_authors_surname_alone_names_her_at_a_position(tanaka):
    answer = ask(tanaka, "Which 2023 papers have Tanaka as the lead author?")
    assert answer.meta["plan"]["person"] == "Keiko Tanaka"
    assert all(p.authors[0] == "Keiko Tanaka" and p.year == 2023 for p in cited(tanaka, answer))


def test_an_arxiv_version_is_any_paper_with_an_arxiv_id(tanaka):
    answer = ask(tanaka, "Of her papers with Jörg Müller, how many also exist as an arXiv preprint?")
    expected = {
        p.label for p in tanaka.table().papers if p.is_author_work and "Jörg Müller" in p.authors and p.arxiv_id
    }
    assert {p.label for p in cited(tanaka, answer)} == expected and len(expected) >= 1


def test_a_doi_is_a_field_of_one_paper(tanaka):
    assert phrases.asked_fields("DOI for the crevasse detection paper?") == ("doi",)
    paper = next(p for p in tanaka.table().papers if p.doi and p.is_author_work)
    answer = ask(tanaka, f"venue and DOI of {paper.label}?")
    assert paper.doi in answer.answer and paper.venue in answer.answer


def test_a_reason_asked_about_the_authors_of_a_paper_is_no_authors_field(assistant):
    assert phrases.asked_fields("Why did the authors of MoQE think one method per model falls short?") == ()
    answer = ask(assistant, "Why did the authors of MoQE think one quantization method per model falls short?")
    assert answer.meta["plan"]["route"] == "why"


def test_what_prompted_asks_the_motivation(assistant):
    answer = ask(assistant, "What limitation prompted the design of DynaTrain?")
    assert answer.meta["plan"]["route"] == "why"


def test_the_span_of_years_of_a_record(tanaka):
    years = sorted(p.year for p in tanaka.table().papers if p.is_author_work and p.year)
    answer = ask(tanaka, "first and last year she published?")
    assert answer.meta["plan"]["route"] == "per_year" and f"from {years[0]} to {years[-1]}" in answer.answer
    assert phrases.YEARS_SPANNED.search("What period does his research cover?")


def test_the_venues_of_a_record_are_counted(tanaka):
    answer = ask(tanaka, "In how many distinct journals or venues has she published?")
    # one venue whatever year its proceedings carry ("2019 IEEE International …", "2023 IEEE International …")
    venues = {
        re.sub(r"^20\d\d ", "", p.venue)
        for p in tanaka.table().papers
        if p.is_author_work and p.venue and p.venue != "arXiv"
    }
    assert answer.meta["plan"]["route"] == "venues" and f"{len(venues)} distinct venues" in answer.answer


def test_the_venue_a_listing_comment_states():
    paper = make_paper(comments=["Accepted to ICML'24 (May 2, 2024). An earlier version was submitted to NeurIPS'23."])
    text = meta.venue_of(paper, Citations(), summary_sentence)
    assert "ICML'24" in text and "NeurIPS'23" in text and "no venue" not in text.split(":")[0]


def test_a_figure_stated_as_a_bound_meets_the_same_bound_asked():
    paper = make_paper(abstract="It sustains over 85% weak-scaling efficiency on 512 nodes.")
    assert [r.paper.id for r in beyond("efficiency", [paper], 1, 85.0, False, True)] == ["p"]
    assert beyond("efficiency", [make_paper(abstract="It reaches 85% efficiency.")], 1, 85.0, False, True) == []


def test_another_name_stated_as_the_main_one_is_a_no():
    sentences = [
        "We present QuillSolve, a sparse solver for lattice models.",
        "The code base uses Rust as its primary implementation language, with a thin C layer for vendor BLAS.",
    ]
    paper = make_paper(title="QuillSolve: Sparse Lattice Solvers", abstract=" ".join(sentences))
    v = decide("QuillSolve is mainly written in Go, right?", paper, sentences[::-1])
    assert v.word == NO and v.term == "Rust"
    v = decide("Was QuillSolve mainly implemented in C++?", paper, sentences[::-1])
    assert v.word == NO and v.term == "Rust"  # "C" of the C layer is not "C++"


def test_in_the_first_place_is_no_author_position():
    assert phrases.position("In the MiniFE paper, why is parallel FEM needed in the first place?") is None


def test_a_field_the_papers_have_or_lack_filters_the_table(tanaka):
    answer = ask(tanaka, "Which of her papers come with a DOI and were published after 2022?")
    assert answer.meta["plan"]["has"] == ["doi"] and answer.meta["plan"]["topic"] == ""
    papers = cited(tanaka, answer)
    assert papers and all(p.doi and p.year > 2022 for p in papers)
    answer = ask(tanaka, "How many papers in the collection lack an abstract?")
    bare = [p for p in tanaka.table().papers if not p.has_abstract]
    assert answer.meta["plan"]["has"] == ["no abstract"] and len(cited(tanaka, answer)) == len(bare) >= 1


def test_the_orcid_the_sources_state(tanaka):
    answer = ask(tanaka, "What's Keiko Tanaka's ORCID?")
    assert "0000-0002-1825-0097" in answer.answer and answer.citations


def test_the_record_by_venue_and_kind_of_work(tanaka):
    answer = ask(tanaka, "Where does she publish most often?")
    assert answer.meta["plan"]["route"] == "venues"
    journals = sum(p.work_type == "journal article" for p in tanaka.table().papers if p.is_author_work)
    answer = ask(tanaka, "Journal papers vs conference papers: how many of each does she have?")
    assert answer.meta["plan"]["route"] == "venues" and f"journal article: {journals}" in answer.answer
    assert answer.meta["plan"]["work_type"] is None  # a breakdown, not a filter


def test_more_questions_about_the_record(tanaka):
    assert ask(tanaka, "How long has she been publishing?").meta["plan"]["route"] == "per_year"
    answer = ask(tanaka, "In total, how many collaborators does she have?")
    # the distinct co-authors counted, each named and cited (an aggregate over the co-author field)
    assert answer.meta["plan"]["aggregate"] == "distinct of coauthor" and "10 co-authors" in answer.answer


def test_the_words_asking_for_a_motivation_do_not_pick_the_paper(tanaka):
    answer = ask(tanaka, "What constraint motivates running the ice classifier on the satellite itself?")
    assert answer.meta["plan"]["route"] == "why"
    assert answer.citations[0].title.startswith("Quantized Convolutional Networks for On-Board Ice Classification")


def test_a_bound_said_as_inclusive_lets_the_bound_itself_pass():
    paper = make_paper(abstract="It reaches 90% parallel efficiency on 512 nodes.")
    assert beyond("efficiency", [paper], 1, 90.0, False, True) == []  # "more than 90%"
    assert [r.paper.id for r in beyond("efficiency", [paper], 1, 90.0, False, True, inclusive=True)] == ["p"]
