"""Proof that nothing is tied to the seed corpus: `assistant init` + `ingest` + `eval` on another researcher's
exports."""

from __future__ import annotations

import json
import shutil

from assistant.cli import main
from tests.conftest import DATA

CORPUS = DATA / "corpus2"


def test_init_ingest_eval_on_the_second_corpus(tmp_path, capsys):
    folder = tmp_path / "tanaka"
    shutil.copytree(CORPUS, folder)
    store = tmp_path / "store"
    assert (
        main(["init", "Keiko Tanaka", "--dir", str(folder), "--orcid", "0000-0002-1825-0097", "--alias", "田中 恵子"])
        == 0
    )
    assert main(["--store", str(store), "ingest", str(folder)]) == 0
    out = capsys.readouterr().out
    assert (
        "tanaka_zotero.bib: shape bibtex, 17 entries read" in out
        and "openalex_tanaka.json: shape openalex, 15 entries read" in out
    )
    assert "24 papers (22 by Keiko Tanaka)" in out

    summary_file = tmp_path / "summary.json"
    code = main(
        [
            "--store",
            str(store),
            "eval",
            str(DATA / "corpus2_questions.json"),
            "--min-score",
            "0.9",
            "--json",
            str(summary_file),
        ]
    )
    out = capsys.readouterr().out
    summary = json.loads(summary_file.read_text())
    assert code == 0, out
    assert summary["overall"] >= 0.9 and summary["invalid_citations"] == 0, out
    assert set(summary["per_kind"]) == {"fact", "topic", "attribution", "metadata", "out_of_corpus", "follow_up"}

    # A paper no source gives an abstract for: its metadata answers, its content is never quoted or invented.
    def ask(question):
        assert main(["--store", str(store), "ask", question, "--json"]) == 0
        return json.loads(capsys.readouterr().out)

    content = ask("What does Deep Learning for Sea Ice: A Tutorial Review cover?")
    assert "the sources give no abstract for it" in content["answer"]
    assert [c["quote"] for c in content["citations"]] == ["the sources give no abstract for it"]
    listed = ask("Which papers did Keiko Tanaka publish in 2018?")
    assert (
        "Machine Learning for Operational Sea-Ice Monitoring" in listed["answer"] and "no abstract" in listed["answer"]
    )
    assert listed["citations"][0]["venue"] == "Hokkaido University"
    assert main(["--store", str(store), "papers", "--json", "--missing-abstract"]) == 0
    bare = json.loads(capsys.readouterr().out)["papers"]
    assert len(bare) == 4 and all(p["abstract"] == "" for p in bare)
    assert main(["--store", str(store), "papers", "--json", "--no-abstract"]) == 0  # the old name still works
    assert json.loads(capsys.readouterr().out)["papers"] == bare


def test_init_refuses_to_overwrite_and_checks_the_orcid(tmp_path, capsys):
    assert main(["init", "Keiko Tanaka", "--dir", str(tmp_path)]) == 0
    assert main(["init", "Someone Else", "--dir", str(tmp_path)]) == 2
    assert "already exists" in capsys.readouterr().err
    assert main(["init", "Keiko Tanaka", "--dir", str(tmp_path / "b"), "--orcid", "1234"]) == 2
    assert "not an ORCID" in capsys.readouterr().err


def test_a_corpus_folder_without_a_manifest_is_refused_with_what_to_do(tmp_path, capsys):
    folder = tmp_path / "exports"
    shutil.copytree(CORPUS, folder)
    assert main(["--store", str(tmp_path / "store"), "ingest", str(folder)]) == 2
    assert "assistant init" in capsys.readouterr().err
