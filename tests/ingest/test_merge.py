"""The merged seed corpus against hand-written expectations (tests/data/expected/merged.json)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from assistant.ingest.manifest import load_manifest
from assistant.ingest.pipeline import build_corpus

ROOT = Path(__file__).resolve().parents[2]
SEEDS = ROOT / "seeds"
MERGED = json.loads((ROOT / "tests" / "data" / "expected" / "merged.json").read_text(encoding="utf-8"))
OTHER_FILE = "004_a03131bc105233e7.txt"


@pytest.fixture(scope="module")
def corpus():
    return build_corpus([SEEDS], load_manifest(SEEDS))


@pytest.fixture(scope="module")
def papers(corpus):
    return corpus.papers


def find(papers, abstract_start: str):
    hits = [p for p in papers if any(a.startswith(abstract_start) for a in p.abstracts)]
    return hits


def test_no_warnings(corpus):
    assert [str(w) for w in corpus.warnings] == []


def test_total_papers(papers):
    assert len(papers) == MERGED["total_papers"], sorted(p.label[:60] for p in papers)


def test_author_paper_count(papers):
    mine = [p for p in papers if p.is_author_work]
    assert len(mine) == MERGED["author_papers"], sorted(p.label[:60] for p in mine)


def test_other_paper_count(papers):
    assert len([p for p in papers if not p.is_author_work]) == MERGED["other_papers"]


def test_author_papers_per_year(papers):
    got = Counter(str(p.year) for p in papers if p.is_author_work)
    assert dict(got) == MERGED["author_papers_per_year"]


def test_paper_ids_unique(papers):
    ids = [p.id for p in papers]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize(
    "want", MERGED["author_papers_detail"], ids=lambda w: (w["title"] or w["abstract_starts"])[:40]
)
def test_author_paper(papers, want):
    hits = find(papers, want["abstract_starts"])
    assert len(hits) == 1, (
        f"{len(hits)} papers have an abstract starting {want['abstract_starts']!r}: {[h.sources for h in hits]}"
    )
    p = hits[0]
    problems = []
    if not p.is_author_work:
        problems.append(f"not attributed to the author ({p.attribution})")
    for f in ("title", "arxiv_id", "year", "authors", "authors_truncated"):
        if getattr(p, f) != want[f]:
            problems.append(f"{f}: got {getattr(p, f)!r}, want {want[f]!r}")
    files = sorted({s.file for s in p.sources})
    if files != want["files"]:
        problems.append(f"files: got {files}, want {want['files']}")
    sources = sorted(f"{s.file}:{s.line}" for s in p.sources)
    if sources != want["sources"]:
        problems.append(f"sources: got {sources}, want {want['sources']}")
    assert not problems, "\n".join(problems)


def test_misspelt_coauthor_normalized(papers):
    offenders = [p.label for p in papers if "Daning Chen" in p.authors]
    assert offenders == []
    calm = [p for p in papers if p.title and p.title.startswith("CALM:")]
    assert len(calm) == 1 and "Daning Cheng" in calm[0].authors


def test_other_groups_listing_is_not_the_authors(papers):
    from_004 = [p for p in papers if any(s.file == OTHER_FILE for s in p.sources)]
    assert len(from_004) == MERGED["other_papers"]
    assert [p.label for p in from_004 if p.is_author_work] == []
    # nothing in 004 merged with a paper from the author's own pages
    assert [p.label for p in from_004 if {s.file for s in p.sources} != {OTHER_FILE}] == []


def test_admin_note_id_is_a_reference_not_the_papers_id(papers):
    quoted = find(papers, "In this paper, we will show that the quantization in layer's input")
    assert len(quoted) == 1 and quoted[0].arxiv_id == "2202.05137"
    noting = find(papers, "Based on the model's resilience to computational noise")
    assert len(noting) == 1 and noting[0].arxiv_id == "2207.10083"
    assert [p.label for p in papers if p.arxiv_id == "2202.05137"] == [quoted[0].label]


def test_block_coordinate_descent_keeps_both_abstract_versions(papers):
    (p,) = find(papers, "Training large language models typically demands")
    versions = p.abstracts
    assert any("we propose a full-parameter" in a for a in versions)
    assert any("we present a" in a for a in versions)
