"""The paper table: papers, passage references, themes and the ingest report, as a JSON-lines file read a line at a
time (a header line, one line per paper, one per passage)."""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterator
from functools import cached_property
from pathlib import Path

from pydantic import BaseModel, Field

from assistant.index.lazy_table import lazy_parts
from assistant.index.passages import PassageRef
from assistant.models import Paper

TABLE_VERSION = 2  # 2: JSON lines, passages as references (their text is re-derived from the papers)
TABLE_FILE = "table.jsonl"


class Theme(BaseModel):
    """One of the principal author's research themes, computed at ingest (`ingest/themes.py`) and kept in the table."""

    id: int
    label: str
    terms: list[str]
    paper_ids: list[str]
    representative: list[str]  # up to three papers closest to the theme's centre
    year_from: int | None
    year_to: int | None


class Table(BaseModel):
    """What an ingest produced: papers, their passages, and the per-file report."""

    version: int = TABLE_VERSION
    principal_author: str
    papers: list[Paper]
    passages: list[PassageRef]  # in BM25's document order
    reports: list[dict] = Field(default_factory=list)
    themes: list[Theme] = Field(default_factory=list)  # the principal author's research themes, recomputed each ingest
    built_at: str = ""

    @cached_property  # a table is not changed once built; load_table fills it from the file's header
    def digest(self) -> str:
        h = hashlib.sha1()
        for p in self.passages:
            h.update(p.id.encode())
        for p in self.papers:
            h.update(paper_digest(p).encode())
        return h.hexdigest()[:16]


def paper_digest(paper: Paper) -> str:
    return hashlib.sha1(paper.model_dump_json().encode()).hexdigest()


def read_header(fh) -> dict | None:
    """The table file's first line (version, counts, digest), or None when it is not a current table."""
    try:
        header = json.loads(fh.readline())
    except ValueError:
        return None
    return header if isinstance(header, dict) and header.get("version") == TABLE_VERSION else None


def load_table(path: Path) -> Table | None:
    """The header, then the papers and passages lazily (`lazy_table`): at 100k papers, parsing every line into a
    `Paper` took 5.9 s of a cold `ask`; the compact rows a start reads are written once per table."""
    try:
        fh = open(path, "rb")
    except FileNotFoundError:
        return None
    with fh:
        header = read_header(fh)
    if header is None:
        return None
    papers, passages, _ = lazy_parts(path, header)
    table = Table.model_construct(
        version=TABLE_VERSION,
        principal_author=header["principal_author"],
        papers=papers,
        passages=passages,
        reports=header["reports"],
        themes=[Theme.model_validate(t) for t in header["themes"]],
        built_at=header["built_at"],
    )
    table.__dict__["digest"] = header["digest"]  # the cached_property's slot: 100k paper digests are not recomputed
    return table


def table_digests(path: Path) -> tuple[dict | None, dict[str, str]]:
    """The table's header and each paper's digest, without building the papers (a line is exactly
    `model_dump_json()`, so its hash is `paper_digest`)."""
    try:
        fh = open(path, "rb")
    except FileNotFoundError:
        return None, {}
    with fh:
        header = read_header(fh)
        if header is None:
            return None, {}
        digests = {}
        for _ in range(header["papers"]):
            line = fh.readline().rstrip(b"\n")
            digests[json.loads(line)["id"]] = hashlib.sha1(line).hexdigest()
    return header, digests


def write_table(table: Table, path: Path) -> None:
    """One line per record as it goes (a whole-table JSON string was 3x the file at its peak), synced to disk."""
    index = {p.id: i for i, p in enumerate(table.papers)}
    header = {
        "version": TABLE_VERSION,
        "principal_author": table.principal_author,
        "built_at": table.built_at,
        "papers": len(table.papers),
        "passages": len(table.passages),
        "digest": table.digest,
        "reports": table.reports,
        "themes": [t.model_dump(mode="json") for t in table.themes],
    }
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(json.dumps(header) + "\n")
        for p in table.papers:
            fh.write(p.model_dump_json() + "\n")
        for pa in table.passages:
            fh.write(json.dumps([pa.id, index[pa.paper_id], pa.kind]) + "\n")
        fh.flush()
        os.fsync(fh.fileno())


def papers_in(path: Path, wanted: set[int] | None = None) -> Iterator[tuple[int, Paper]]:
    """(position, paper) for the papers of a table file, or only those at the `wanted` positions, a line at a time."""
    with open(path, "rb") as fh:
        header = read_header(fh)
        for i in range(header["papers"] if header else 0):
            line = fh.readline()
            if wanted is None or i in wanted:
                yield i, Paper.model_validate_json(line)
