"""Questions about the sources themselves: what a page states of itself (quoted with its file and line) and the papers
by source (only in one, in one and not another, in both, another group's), named by the words the corpus uses of its
sources (corpus.toml, the page's heading, the file name, the kind of source)."""

from __future__ import annotations

import re

from assistant.ingest.page_statements import heading, statements
from assistant.models import Filters, Message

PAGE = (
    "Researcher profile\n\nOren Vale\n\nResearcherAffiliation not imported\n"
    "Trust 40 - SolidVerification L2Claimed author\n12works\n3followers\n\n"
    "A long sentence of prose that explains what a claim of this profile does and why someone would make one.\n"
    "preprint2024arXiv\nA Title\nAn abstract.\n"
)


def ask(assistant, question: str):
    return assistant.answer([Message(role="user", content=question)], Filters())


def first_number(text: str) -> int:
    return int(re.match(r"\s*(\d+)", text).group(1))


def test_a_pages_glued_chrome_is_read_as_statements_with_their_lines():
    found = statements(PAGE, before_line=10)
    said = {(s["label"], s["value"]) for s in found}
    assert {("Trust", "40 - Solid"), ("Verification", "L2"), ("Claimed author", ""), ("works", "12")} <= said
    assert ("followers", "3") in said and all(s["line"] < 10 for s in found)
    assert not any("prose" in s["text"] for s in found)  # a sentence is not a statement
    assert heading(PAGE) == "Researcher profile"


def test_a_statement_the_question_names_is_quoted_from_its_page(assistant):
    answer = ask(assistant, "Has he claimed his researcher profile, and what trust rating does it show?")
    assert answer.meta["plan"]["route"] == "provenance"
    assert "Unclaimed author" in answer.answer and "Emerging" in answer.answer and "line 13" in answer.answer
    answer = ask(assistant, "How many close collaborators does his researcher profile list?")
    assert "4 close collaborators" in answer.answer


def test_the_pages_figure_and_the_corpus_count_are_told_apart(assistant):
    text = ask(assistant, "How many papers does his profile page show, and what's his h-index there?").answer
    assert "16 papers" in text and "h-index 4" in text
    assert "page's own figure" in text and "The corpus holds 16 papers read from this page" in text


def test_papers_only_in_one_kind_of_source_and_not_another(assistant):
    answer = ask(assistant, "How many of his papers appear only in the arXiv listings and not on either profile page?")
    assert first_number(answer.answer) == 7 and len(answer.citations) == 7
    both = ask(assistant, "Which of his papers are in both the arXiv listings and the profile pages?")
    assert first_number(both.answer) == 6


def test_the_other_groups_papers_are_counted_by_their_listing(assistant):
    answer = ask(assistant, "How many papers from the other research group (not Yunquan Zhang's) are in the corpus?")
    assert first_number(answer.answer) == 50 and "none of them Yunquan Zhang's" in answer.answer


def test_a_topic_a_person_or_a_plain_source_word_is_not_a_question_about_the_sources(assistant):
    for question in (
        "Which papers on his profile page are about quantization?",
        "How many of his papers are on arXiv?",
        "How many research papers has he written?",
        "how many papers on his profile page list Boyang Zhang as the first author?",
        "What's his h-index?",
    ):
        assert ask(assistant, question).meta["plan"]["route"] != "provenance", question


def test_a_topic_of_ordinary_words_beside_a_group_is_the_topic_not_the_groups_listing(assistant):
    # each word of "quantizing large language models" is ordinary English or written otherwise by the papers, yet the
    # phrase names papers: the question asks for them from both groups, not for the other group's whole listing
    answer = ask(assistant, "Which papers, his or the other group's, are about quantizing large language models?")
    assert answer.meta["plan"]["route"] != "provenance"
    titles = [c.title or c.display_title for c in answer.citations]
    assert any(t.startswith("CALM") for t in titles) and any(t.startswith("STBLLM") for t in titles)
    assert not any(t.startswith("FinKario") for t in titles)


def test_a_second_corpus_names_its_sources_by_file_and_kind(tanaka):
    answer = ask(tanaka, "How many of her papers are only in the Zotero library and not in OpenAlex?")
    assert answer.meta["plan"]["route"] == "provenance" and first_number(answer.answer) == 3
    answer = ask(tanaka, "How many papers does the OpenAlex export list that the BibTeX file doesn't?")
    assert first_number(answer.answer) == 1
    # "arXiv preprints" is a kind of work, not the arXiv feed
    question = "How many of her works are only arXiv preprints, with no journal, conference or thesis version?"
    kinds = ask(tanaka, question)
    assert kinds.meta["plan"]["route"] != "provenance" and first_number(kinds.answer) == 7


def test_a_word_every_source_is_names_none_and_is_said_without_its_article(tanaka):
    # "file" is what every source is, not BibTeX's word: "these files" restricts to none of them
    answer = ask(tanaka, "List every paper in these files on which Ole Hansen is an author.")
    assert answer.meta["plan"]["sources"] is None
    assert "listed in the" not in answer.answer
    # beside a source's own word it still names that source as a document, and a heading says "the OpenAlex export"
    answer = ask(tanaka, "Which of her papers are in the OpenAlex file but not in the BibTeX one?")
    assert first_number(answer.answer) == 1 and "the an " not in answer.answer and "the a " not in answer.answer
    answer = ask(tanaka, "Which of her papers on sea ice are only in the BibTeX file?")
    assert "the a BibTeX" not in answer.answer
