"""`assistant ingest` and `assistant papers` through main([...]): summaries, warnings with file and line, exit codes."""

from __future__ import annotations

import json
import shutil

from assistant.cli import main
from tests.conftest import DATA, SEEDS


def test_ingest_summarises_each_file_and_is_idempotent(tmp_path, capsys):
    store = tmp_path / "store"
    assert main(["--store", str(store), "ingest", str(SEEDS)]) == 0
    out = capsys.readouterr().out
    assert (
        "000_5373d79505ae5ddf.txt: shape profile_cards, 16 entries read, 9 merged with other files, 0 warnings" in out
    )
    assert "004_a03131bc105233e7.txt: shape glued_listing, 50 entries read" in out
    assert "79 papers (29 by Yunquan Zhang); 79 added" in out
    assert main(["--store", str(store), "ingest", str(SEEDS)]) == 0
    again = capsys.readouterr().out
    assert "0 added, 0 updated, 0 removed, 79 unchanged; 0 sentences embedded" in again
    assert main(["--store", str(store), "ingest", "--if-empty"]) == 0
    assert "not ingesting" in capsys.readouterr().out


def test_broken_files_warn_with_file_and_line_and_the_rest_ingests(tmp_path, capsys):
    folder = tmp_path / "in"
    shutil.copytree(DATA / "broken", folder)
    shutil.copy(SEEDS / "corpus.toml", folder / "corpus.toml")
    assert main(["--store", str(tmp_path / "store"), "ingest", str(folder)]) == 0
    captured = capsys.readouterr()
    assert "empty.txt:1: the file is empty" in captured.err
    assert "arxiv_listing_bad_bytes.txt:8: bytes that are not UTF-8" in captured.err
    assert "unknown_shape.txt:1: no known page shape" in captured.err
    assert "profile_cards_missing_abstract.txt:16:" in captured.err
    assert main(["--store", str(tmp_path / "store"), "papers", "--json"]) == 0
    papers = json.loads(capsys.readouterr().out)["papers"]
    assert len(papers) >= 6


def test_nothing_readable_exits_non_zero(tmp_path, capsys):
    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copy(DATA / "broken" / "empty.txt", folder)
    shutil.copy(SEEDS / "corpus.toml", folder / "corpus.toml")
    code = main(["--store", str(tmp_path / "store"), "ingest", str(folder)])
    assert code == 3
    assert "Nothing could be read" in capsys.readouterr().err


def test_papers_json_has_the_agreed_fields(seeded_store, capsys):
    assert main(["--store", str(seeded_store), "papers", "--json", "--author-only"]) == 0
    papers = json.loads(capsys.readouterr().out)["papers"]
    assert len(papers) == 29
    fields = {
        "id",
        "title",
        "display_title",
        "authors",
        "authors_truncated",
        "date",
        "date_precision",
        "year",
        "arxiv_id",
        "categories",
        "has_code",
        "is_author_work",
        "attribution",
        "sources",
        "abstract",
    }
    assert all(fields <= set(p) for p in papers)
    untitled = [p for p in papers if p["title"] is None]
    assert {p["arxiv_id"] for p in untitled} == {
        "2505.20094",
        "2506.21960",
        "2506.22969",
        "2310.16298",
        "2202.05137",
        "2207.10083",
        "1505.08023",
    }
    assert all(p["arxiv_id"] in p["display_title"] for p in untitled)


def test_store_missing_gives_a_clear_error(tmp_path, capsys):
    assert main(["--store", str(tmp_path / "nothing"), "ask", "What is MoQE?"]) == 4
    assert "run `assistant ingest` first" in capsys.readouterr().err


def test_a_file_nested_a_thousand_deep_is_a_warning_and_the_rest_ingests(tmp_path, capsys):
    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copy(DATA / "hostile" / "files" / "nested_openalex.json", folder)
    shutil.copy(DATA / "upload" / "new_papers.bib", folder)
    shutil.copy(SEEDS / "corpus.toml", folder / "corpus.toml")
    assert main(["--store", str(tmp_path / "store"), "ingest", str(folder)]) == 0
    captured = capsys.readouterr()
    assert "nested_openalex.json:0: could not be parsed (nested too deeply to read (RecursionError))" in captured.err
    assert "3 papers" in captured.out


def test_prepare_writes_the_package_bytecode_a_start_reads():
    # A checkout run with PYTHONDONTWRITEBYTECODE (set on these machines) never writes it itself.
    import importlib.util
    from pathlib import Path

    import assistant.text
    from assistant.cli.ingest import compile_package

    cached = Path(importlib.util.cache_from_source(assistant.text.__file__))
    cached.unlink(missing_ok=True)
    assert compile_package()
    assert cached.is_file() and cached.stat().st_size > 0
