"""Read source files into one attributed record per paper, with a report per file."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from assistant.ingest import page_statements, shapes
from assistant.ingest.attribution import attribute, name_key
from assistant.ingest.base import MAX_FIELD_CHARS, ParseContext, cap
from assistant.ingest.cache import ParseCache
from assistant.ingest.cache import key as cache_key
from assistant.ingest.manifest import MANIFEST_NAME, Manifest
from assistant.ingest.merge import build_fields, cluster_entries
from assistant.ingest.names import spelling_variants
from assistant.models import Paper, ParseWarning, RawEntry


@dataclass
class FileReport:
    file: str
    shape: str | None
    entries: int = 0
    merged: int = 0  # entries that joined a paper another file also has
    facts: list[dict] = field(default_factory=list)  # figures a profile page states (ParseResult.facts)
    # What a scraped page says of itself: {"heading": …, "statements": [{label, value, line, text}]} (page_statements)
    page: dict = field(default_factory=dict)
    warnings: list[ParseWarning] = field(default_factory=list)


@dataclass
class Corpus:
    papers: list[Paper]
    reports: list[FileReport]

    @property
    def warnings(self) -> list[ParseWarning]:
        return [w for r in self.reports for w in r.warnings]


def source_files(paths: list[Path]) -> list[Path]:
    """Files named, and the files in folders named (sorted), minus the manifest."""
    files: list[Path] = []
    for p in paths:
        if p.is_dir():
            files += sorted(
                f for f in p.iterdir() if f.is_file() and f.name != MANIFEST_NAME and not f.name.startswith(".")
            )
        else:
            files.append(p)
    return files


def read_bytes(path: Path, report: FileReport) -> bytes | None:
    try:
        return path.read_bytes()
    except OSError as exc:
        report.warnings.append(
            ParseWarning(file=path.name, line=0, message=f"cannot read the file: {exc.strerror or exc}")
        )
        return None


def decode(raw: bytes, path: Path, report: FileReport) -> str | None:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        report.warnings.append(
            ParseWarning(
                file=path.name,
                line=line,
                message=f"bytes that are not UTF-8 (at byte {exc.start}); replaced with U+FFFD",
            )
        )
        text = raw.decode("utf-8", errors="replace")
    if not text.strip():
        report.warnings.append(ParseWarning(file=path.name, line=1, message="the file is empty"))
        return None
    return text


def parse_file(path: Path, manifest: Manifest, cache: ParseCache | None = None) -> tuple[list[RawEntry], FileReport]:
    """One file's entries and report. Whatever a parser raises on this file (a RecursionError from JSON nested a
    thousand deep, a MemoryError, a UnicodeError, a bug) becomes a warning naming the file: one hostile file never
    ends an ingest, and the rest of the folder is read. With a cache, a file whose bytes were parsed before is not
    parsed again."""
    report = FileReport(file=path.name, shape=None)
    raw = read_bytes(path, report)
    if raw is None:
        return [], report
    capture_year = manifest.info(path.name).capture_year
    k = cache_key(path.name, capture_year, raw) if cache is not None else ""
    if cache is not None and (hit := cache.get(k)) is not None:
        report.shape, entries, report.warnings, report.facts, report.page = hit
        report.entries = len(entries)
        return entries, report
    try:
        entries = _parse(raw, path, capture_year, report)
    except Exception as exc:  # noqa: BLE001 - every failure of one file is that file's warning, by design
        entries = []
        report.entries = 0
        report.warnings.append(
            ParseWarning(
                file=path.name,
                line=0,
                message=f"could not be parsed ({_reason(exc)}); nothing read from this file",
            )
        )
    if cache is not None:
        cache.put(k, report.shape, entries, report.warnings, report.facts, report.page)
    return entries, report


def _reason(exc: BaseException) -> str:
    if isinstance(exc, RecursionError):
        return "nested too deeply to read (RecursionError)"
    if isinstance(exc, MemoryError):
        return "too large to read in memory (MemoryError)"
    first = (str(exc).strip().splitlines() or [""])[0][:200]
    return f"{type(exc).__name__}: {first}" if first else type(exc).__name__


def _parse(raw: bytes, path: Path, capture_year: int | None, report: FileReport) -> list[RawEntry]:
    text = decode(raw, path, report)
    if text is None:
        return []
    shape = shapes.detect(text)
    if shape is None:
        report.warnings.append(
            ParseWarning(
                file=path.name,
                line=1,
                message="no known page shape fits this file; known shapes: " + ", ".join(shapes.PARSERS),
            )
        )
        return []
    report.shape = shape
    ctx = ParseContext(file=path.name, shape=shape, capture_year=capture_year)
    result = shapes.PARSERS[shape].parse(text, ctx)
    report.facts = result.facts
    if shape in shapes.PAGE_SHAPES and result.entries:
        first = min(e.source.line for e in result.entries)
        report.page = {"heading": page_statements.heading(text), "statements": page_statements.statements(text, first)}
    report.warnings += result.warnings
    for e in result.entries:
        _cap_fields(e, report)
    report.entries = len(result.entries)
    return result.entries


def _cap_fields(entry: RawEntry, report: FileReport) -> None:
    """Every format's long fields cut to MAX_FIELD_CHARS (BibTeX's already are, before its LaTeX decoding): a 1 MB
    abstract would otherwise be thousands of sentences to embed."""
    for name in ("title", "abstract", "venue"):
        value = getattr(entry, name)
        if value and len(value) > MAX_FIELD_CHARS:
            setattr(entry, name, cap(value))
            report.warnings.append(
                ParseWarning(
                    file=report.file,
                    line=entry.source.line,
                    message=f"{name} is {len(value):,} characters; kept the first {MAX_FIELD_CHARS:,}",
                )
            )


def build_corpus(paths: list[Path], manifest: Manifest, cache: ParseCache | None = None) -> Corpus:
    """Parse (or take from `cache`) every file, merge the entries into papers and attribute them."""
    entries: list[RawEntry] = []
    reports: list[FileReport] = []
    for path in source_files(paths):
        got, report = parse_file(path, manifest, cache)
        entries += got
        reports.append(report)
    if cache is not None:
        cache.keep_only(cache.used)

    clusters = cluster_entries(entries)
    fields = [build_fields(c) for c in clusters]
    aliases = spelling_variants([f["authors"] for f in fields])
    papers: list[Paper] = []
    for f in fields:
        renamed = [a for a in f["authors"] if a in aliases]
        if renamed:
            f["authors"] = [aliases.get(a, a) for a in f["authors"]]
            f["notes"].append("author names normalized: " + ", ".join(f"{a} → {aliases[a]}" for a in renamed))
        is_author, why = attribute(f["authors"], f["authors_truncated"], f["sources"], manifest, f["orcids"])
        _principal_spelling(f, manifest)
        papers.append(Paper(**f, is_author_work=is_author, attribution=why))

    by_file = {r.file: r for r in reports}
    for c in clusters:
        if len({e.source.file for e in c.entries}) > 1:
            for e in c.entries:
                by_file[e.source.file].merged += 1
    _dedupe_ids(papers)
    return Corpus(papers=sorted(papers, key=lambda p: (not p.is_author_work, -(p.year or 0), p.id)), reports=reports)


def _principal_spelling(fields: dict, manifest: Manifest) -> None:
    """Write the principal author as the manifest names them ("Tanaka, K" stays; "田中 恵子" or "TANAKA Keiko" becomes
    "Keiko Tanaka"), so co-author lists and counts do not take one person for two. The source spelling is noted."""
    keys = {name_key(n) for n in manifest.names}
    who = manifest.principal_author
    renamed = [a for a in fields["authors"] if a != who and name_key(a) in keys]
    if renamed:
        fields["authors"] = [who if a in renamed else a for a in fields["authors"]]
        fields["orcids"] = {(who if n in renamed else n): o for n, o in fields["orcids"].items()}
        fields["notes"].append("author names normalized: " + ", ".join(f"{a} → {who}" for a in renamed))


def _dedupe_ids(papers: list[Paper]) -> None:
    seen: dict[str, int] = {}
    for p in papers:
        if p.id in seen:
            seen[p.id] += 1
            p.id = f"{p.id}-{seen[p.id]}"
        else:
            seen[p.id] = 1
