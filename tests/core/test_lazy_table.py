"""The paper table read lazily: a start reads the compact rows written once per table, and a paper's abstracts,
sources and conflicts only when someone reads them; callers still get whole `Paper` records."""

from __future__ import annotations

import os

from assistant.index.lazy_table import LeanPaper, PaperTable, column, paper_map
from assistant.index.passages import PassageRef
from assistant.index.table import TABLE_FILE, Table, load_table, write_table
from assistant.models import Paper
from tests.conftest import make_paper


def _papers() -> list[Paper]:
    return [
        make_paper(id="kelp", title="Kelp Forests under Marine Heatwaves", abstract="Kelp canopies thinned by 40%."),
        make_paper(id="tides", title=None, display_title="Tidal mixing (derived)", abstract="", is_author_work=False),
        make_paper(id="reefs", title="Reef Acoustics", year=None, date=None, date_precision=None, venue="Oceans"),
    ]


def _write(tmp_path, papers):
    refs = [PassageRef(f"ps{i}", p.id, "abstract" if i % 2 else "passage") for i, p in enumerate(papers)]
    write_table(Table(principal_author="Ada Lovelace", papers=papers, passages=refs), tmp_path / TABLE_FILE)
    return refs


def test_a_loaded_table_parses_no_paper_until_one_is_read(tmp_path):
    papers = _papers()
    refs = _write(tmp_path, papers)
    table = load_table(tmp_path / TABLE_FILE)
    assert isinstance(table.papers, PaperTable) and len(table.papers) == 3
    kelp = table.papers[0]
    assert isinstance(kelp, Paper) and isinstance(kelp, LeanPaper)
    assert kelp.label == "Kelp Forests under Marine Heatwaves" and "abstract" not in kelp.__dict__
    assert kelp.has_abstract and not table.papers[1].has_abstract  # known without reading the line
    assert "abstract" not in kelp.__dict__
    assert kelp.abstract == "Kelp canopies thinned by 40%." and kelp.sources == papers[0].sources
    for got, want in zip(table.papers, papers):  # every field, as written
        assert got.model_dump() == want.model_dump() and got == want
    assert table.papers[2] is table.papers[2] and table.papers[0] != table.papers[2]
    assert column(table.papers, "year") == [2024, 2024, None]
    assert paper_map(table.papers)["reefs"] is table.papers[2] and "nope" not in paper_map(table.papers)
    assert list(table.passages) == refs
    assert table.passages.get("ps1") == refs[1] and table.passages.get("ps9") is None and "ps2" in table.passages


def test_a_second_load_reads_the_stored_rows_and_an_ingest_that_replaces_the_file_changes_nothing(tmp_path):
    _write(tmp_path, _papers())
    first = load_table(tmp_path / TABLE_FILE)
    assert [p.name for p in (tmp_path / "derived" / first.digest).iterdir()]  # the rows, written once
    again = load_table(tmp_path / TABLE_FILE)
    assert [p.id for p in again.papers] == ["kelp", "tides", "reefs"]
    # Another table switched in under a reader: the papers it made still read their own lines.
    other = [make_paper(id="x", abstract="Something else entirely, and much longer than before.")]
    write_table(Table(principal_author="B", papers=other, passages=[]), tmp_path / "new.jsonl")
    os.replace(tmp_path / "new.jsonl", tmp_path / TABLE_FILE)
    assert again.papers[0].abstract == "Kelp canopies thinned by 40%."


def test_a_start_parses_no_paper_and_makes_only_the_authors(seeded_store):
    """Ready to answer (table, indexes, answerer) without parsing a table line: every paper is parsed only when an
    answer reads it, and only the principal author's papers are made at start."""
    from assistant.core import Assistant
    from assistant.models import Message
    from assistant.settings import Settings

    assistant = Assistant.from_settings(Settings(store_dir=seeded_store))
    assistant.warm()
    papers = assistant.table().papers
    made = [p for p in papers._made if p is not None]
    assert not papers._full and {p.id for p in made} <= {p.id for p in papers if p.is_author_work}
    answer = assistant.answer([Message(role="user", content="What does the Lottery LLM Hypothesis paper argue?")])
    assert answer.answer and 0 < len(papers._full) < len(papers)


def test_a_year_filter_reads_the_year_column_and_makes_only_the_papers_it_admits(seeded_store):
    from assistant.core import Assistant
    from assistant.models import Filters
    from assistant.settings import Settings

    assistant = Assistant.from_settings(Settings(store_dir=seeded_store))
    corpus = assistant.answerer().corpus
    papers = corpus.papers
    year = max(y for y in column(papers, "year") if y)
    filters = Filters(year_from=year - 1, year_to=year)
    before = {i for i, p in enumerate(papers._made) if p is not None}
    got = corpus.admitted(filters)
    made = {i for i, p in enumerate(papers._made) if p is not None} - before
    assert got and all(p.year in (year - 1, year) for p in got)
    assert made <= {papers.positions[p.id] for p in got}  # no other paper was made to read its year
    assert [p.id for p in got] == [p.id for p in papers if filters.admits(p)]


def test_a_count_of_the_collection_reads_stored_columns_and_makes_no_other_paper(seeded_store):
    """ "How many papers by X are in the corpus?" counts from the table's columns and the kinds of work stored at
    ingest: no table line is parsed and no paper record made beyond the author's (at 10k papers, reading every
    paper's sources took 3.9 s)."""
    from assistant.core import Assistant
    from assistant.models import Message
    from assistant.settings import Settings

    assistant = Assistant.from_settings(Settings(store_dir=seeded_store))
    assistant.warm()
    papers = assistant.table().papers
    mine = {i for i, own in zip(column(papers, "id"), column(papers, "is_author_work")) if own}
    answer = assistant.answer([Message(role="user", content="How many papers by Yunquan Zhang does the corpus hold?")])
    assert "29 distinct papers" in answer.answer and "50 papers by other authors" in answer.answer
    assert {p.id for p in papers._made if p is not None} <= mine
    assert not papers._full


def test_two_papers_read_over_every_record_make_only_the_records_read(seeded_store):
    """Two papers counted, or asked of in two joined asks, are read over every record (the author's and the other
    group's) through the lexical and sentence indexes: only the records those reach are made, never every one."""
    from assistant.core import Assistant
    from assistant.models import Message
    from assistant.settings import Settings

    assistant = Assistant.from_settings(Settings(store_dir=seeded_store))
    assistant.warm()
    papers = assistant.table().papers
    for question in (
        "There are two papers on mixture-of-experts training in this collection. What does each one report?",
        "What speedup does SparStencil report, and how much training cost did the other group's FusionLLM save?",
    ):
        answer = assistant.answer([Message(role="user", content=question)])
        assert len(answer.citations) == 2
    assert len([p for p in papers._made if p is not None]) < len(papers) / 2
