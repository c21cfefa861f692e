"""`assistant papers --format …`, the filter checks the API also makes, and CLI errors as one line without a
traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import bibtexparser
import pytest
import rispy

from assistant.cli import main
from tests.conftest import ROOT


def run(seeded_store, capsys, *args) -> tuple[int, str, str]:
    code = main(["--store", str(seeded_store), *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_piped_papers_are_one_line_each_with_full_ids(seeded_store, capsys, assistant):
    code, out, _ = run(seeded_store, capsys, "papers")
    lines = out.splitlines()
    assert code == 0 and lines[0].split("\t")[0] == "id"
    ids = [line.split("\t")[0] for line in lines[1:]]
    assert ids == [p.id for p in assistant.papers()]  # whole ids, nothing cut with "…"
    assert all(len(line.split("\t")) == 6 for line in lines[1:])
    swarm = next(line for line in lines if line.startswith("2505.20094\t"))
    assert "\tSwarmThinkers (derived title)\t" in swarm


@pytest.mark.parametrize("fmt", ["bibtex", "ris", "csl-json"])
def test_papers_export_formats_parse_back(seeded_store, capsys, fmt):
    code, out, _ = run(seeded_store, capsys, "papers", "--author-only", "--text", "stencil", "--format", fmt)
    assert code == 0
    if fmt == "bibtex":
        eprints = {e["eprint"] for e in bibtexparser.parse_string(out).entries}
    elif fmt == "ris":
        eprints = {r["accession_number"].removeprefix("arXiv:") for r in rispy.loads(out)}
    else:
        eprints = {i["number"].removeprefix("arXiv:") for i in json.loads(out)}
    assert eprints == {"2506.22969", "2310.16298"}


def test_papers_json_keeps_the_raw_abstract(seeded_store, capsys):
    code, out, _ = run(seeded_store, capsys, "papers", "--format", "json", "--text", "ResNet-34")
    assert code == 0
    abstracts = [p["abstract"] for p in json.loads(out)["papers"]]
    assert any(
        "11$\\times$" in a for a in abstracts
    )  # the presenter renders it; the record stays as the source wrote it


def test_a_reversed_year_range_is_read_as_the_api_reads_it(seeded_store, capsys):
    code, out, err = run(seeded_store, capsys, "papers", "--json", "--year-from", "2026", "--year-to", "2025")
    assert code == 0 and "reading the years 2025-2026" in err
    years = {p["year"] for p in json.loads(out)["papers"]}
    assert years and years <= {2025, 2026}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["papers", "--year-from", "1200"], "year_from (1200) must be between 1900 and 2100."),
        (["ask", ""], "The question is empty"),
        (["ask", "   "], "The question is empty"),
        (["ask", "x" * 4001], "at most 4,000"),
        (["eval", "/nonexistent/questions.json"], "No question file at /nonexistent/questions.json"),
    ],
)
def test_bad_input_is_one_line_and_a_nonzero_exit(seeded_store, capsys, args, message):
    code, out, err = run(seeded_store, capsys, *args)
    assert code == 2 and not out
    assert err.startswith("error: ") and message in err and err.count("\n") == 1


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("not json {", "is not JSON (line 1"),
        ("[1, 2]", "has no list of questions"),
        ('{"questions": [{"id": "q1", "kind": "fact"}]}', "question 0 needs"),
        ('{"questions": [{"id": "q1", "kind": "fact", "turns": ["", 3]}]}', "question 0 needs"),
    ],
)
def test_eval_refuses_a_malformed_question_file(seeded_store, capsys, tmp_path, content, message):
    path = tmp_path / "questions.json"
    path.write_text(content)
    code, out, err = run(seeded_store, capsys, "eval", str(path))
    assert code == 2 and not out and message in err and err.count("\n") == 1


def _env() -> dict:
    return {**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", "PYTHONPATH": str(ROOT)}


def test_a_closed_pipe_exits_141_quietly(seeded_store):
    # `assistant papers --json | head -1`: the reader goes away after the first line. `head` users expect what
    # `yes | head` does: status 141 (128 + SIGPIPE) and nothing on stderr.
    proc = subprocess.Popen(
        [sys.executable, "-m", "assistant", "--store", str(seeded_store), "papers", "--json"],
        cwd=ROOT,
        env=_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 141
    assert err == ""


@pytest.mark.parametrize(("columns", "table"), [(200, True), (120, True), (80, False)])
def test_a_terminal_gets_a_table_only_when_wide_enough(seeded_store, assistant, columns, table):
    pexpect = pytest.importorskip("pexpect")
    child = pexpect.spawn(
        sys.executable,
        ["-m", "assistant", "--store", str(seeded_store), "papers"],
        cwd=str(ROOT),
        env=_env(),
        dimensions=(60, columns),
        encoding="utf-8",
        timeout=60,
    )
    child.expect(pexpect.EOF)
    out = child.before
    child.close()
    assert child.exitstatus == 0
    ids = [p.id for p in assistant.papers()]
    assert all(pid in out for pid in ids)  # whole ids either way
    assert ("┃" in out) == table
    if not table:
        assert out.replace("\r\n", "\n").count("\n") == len(ids) + 1  # a header, then one line per paper


def test_ask_shows_latex_as_text_and_references_from_the_presenter(seeded_store, capsys):
    code, out, _ = run(seeded_store, capsys, "ask", "What compression does CET achieve on ResNet-34?")
    assert code == 0 and "nearly 11× parameter compression" in out and "$\\times$" not in out
    assert (
        "\nReferences:\n[1] A General Error-Theoretical Analysis Framework for Constructing Compression Strategies · "
        "Boyang Zhang, Daning Cheng, Yunquan Zhang et al. · 2025 · arXiv:2502.15802\n" in out
    )
