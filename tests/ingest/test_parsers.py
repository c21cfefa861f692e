"""Each seed file, parsed alone, gives exactly the entries a careful reader sees in it.

The expectations in tests/data/expected/NNN.json were written by reading the seed files,
not by recording parser output: a mismatch is a question about the parser first.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from assistant.ingest.manifest import load_manifest
from assistant.ingest.pipeline import parse_file

ROOT = Path(__file__).resolve().parents[2]
SEEDS = ROOT / "seeds"
EXPECTED = ROOT / "tests" / "data" / "expected"

SHAPES = {
    "000": "profile_cards",
    "001": "profile_items",
    "002": "arxiv_listing",
    "003": "arxiv_listing",
    "004": "glued_listing",
}
FIELDS = ("title", "authors", "authors_truncated", "date", "date_precision", "arxiv_id", "categories", "has_code")
# Recorded in the fixtures too; compared when present.
EXTRA_FIELDS = ("comments", "score")


@pytest.fixture(scope="module")
def manifest():
    return load_manifest(SEEDS)


def seed_file(prefix: str) -> Path:
    (path,) = SEEDS.glob(f"{prefix}_*.txt")
    return path


def expected(prefix: str) -> list[dict]:
    return json.loads((EXPECTED / f"{prefix}.json").read_text(encoding="utf-8"))


def describe(entry) -> dict:
    return {
        "line": entry.source.line,
        **{f: getattr(entry, f) for f in FIELDS + EXTRA_FIELDS},
        "abstract": entry.abstract[:40] + " … " + entry.abstract[-30:],
    }


def entry_problems(got, want: dict) -> list[str]:
    problems = []
    if got.source.line != want["line"]:
        problems.append(f"line: got {got.source.line}, want {want['line']}")
    for f in FIELDS:
        if getattr(got, f) != want[f]:
            problems.append(f"{f}: got {getattr(got, f)!r}, want {want[f]!r}")
    for f in EXTRA_FIELDS:
        if f in want and getattr(got, f) != want[f]:
            problems.append(f"{f}: got {getattr(got, f)!r}, want {want[f]!r}")
    if not got.abstract.startswith(want["abstract_starts"]):
        problems.append(f"abstract starts {got.abstract[:50]!r}, want {want['abstract_starts']!r}")
    if not got.abstract.endswith(want["abstract_ends"]):
        problems.append(f"abstract ends {got.abstract[-40:]!r}, want {want['abstract_ends']!r}")
    return problems


@pytest.mark.parametrize("prefix", sorted(SHAPES))
def test_shape_detected_without_warnings(prefix, manifest):
    path = seed_file(prefix)
    _, report = parse_file(path, manifest)
    assert report.shape == SHAPES[prefix]
    assert [str(w) for w in report.warnings] == []


@pytest.mark.parametrize("prefix", sorted(SHAPES))
def test_entry_count(prefix, manifest):
    entries, _ = parse_file(seed_file(prefix), manifest)
    want = expected(prefix)
    assert len(entries) == len(want), (
        f"got {len(entries)} entries at lines {[e.source.line for e in entries]}, "
        f"want {len(want)} at lines {[w['line'] for w in want]}"
    )


@pytest.mark.parametrize("prefix", sorted(SHAPES))
def test_entries_match_fixture(prefix, manifest):
    path = seed_file(prefix)
    entries, _ = parse_file(path, manifest)
    want = expected(prefix)
    by_line = {e.source.line: e for e in entries}
    failures = []
    for w in want:
        got = by_line.get(w["line"])
        if got is None:
            failures.append(f"{path.name}:{w['line']}: no entry ({w['title'] or w['abstract_starts']!r})")
            continue
        failures += [f"{path.name}:{w['line']}: {p}" for p in entry_problems(got, w)]
    extra = sorted(set(by_line) - {w["line"] for w in want})
    failures += [f"{path.name}:{n}: unexpected entry {describe(by_line[n])}" for n in extra]
    assert not failures, f"{len(failures)} mismatches:\n" + "\n".join(failures)


@pytest.mark.parametrize("prefix", sorted(SHAPES))
def test_entries_in_file_order(prefix, manifest):
    entries, _ = parse_file(seed_file(prefix), manifest)
    lines = [e.source.line for e in entries]
    assert lines == sorted(lines)
    for e in entries:
        assert e.source.file == seed_file(prefix).name
        assert e.source.shape == SHAPES[prefix]


def test_a_profile_page_states_the_researchers_figures_with_their_lines():
    """The page chrome before the first card: h-index, papers and citations, kept as facts of the file (not
    papers)."""
    from assistant.ingest import profile_cards

    facts = profile_cards.profile_facts(seed_file("000").read_text(encoding="utf-8"))
    assert facts == [
        {"label": "h-index", "value": "4", "line": 4},
        {"label": "papers", "value": "16", "line": 5},
        {"label": "citations", "value": "99", "line": 6},
    ]
    # A card's own text never counts: only lines before the first card are read.
    page = "Jane Roe\nh-index 7\n\nCVDec 9, 2024Code\nA Title\n\nA. Author\n\n12 citations of prior work."
    assert profile_cards.profile_facts(page) == [{"label": "h-index", "value": "7", "line": 2}]
