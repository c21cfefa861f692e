"""BibTeX / BibLaTeX exports (Google Scholar, DBLP, Zotero): one entry per `@type{key, …}` block, via
bibtexparser v2."""

from __future__ import annotations

import logging
import re

from assistant.ingest.base import MAX_FIELD_CHARS, ParseContext, ParseResult, cap, source
from assistant.ingest.records import (
    arxiv_id,
    date_of,
    display_name,
    doi_and_arxiv,
    iso_date,
    work_type,
)
from assistant.models import RawEntry
from assistant.text import clean

SHAPE = "bibtex"
_ENTRY_START = re.compile(r"^\s*@(?!string\b|comment\b|preamble\b)[a-z]+\s*[{(]", re.IGNORECASE)
_BARE_PERCENT = re.compile(r"(?<!\\)%")
_ARXIV_VENUE = re.compile(r"^\s*(?:arxiv\s+preprint|preprint|e-?print)?\s*arxiv[: ]", re.IGNORECASE)


def sniff(lines: list[str]) -> int:
    return sum(1 for line in lines if _ENTRY_START.match(line))


def _percent_middleware():
    """A bare `%` in a field ("within 5% of") is text to BibTeX but a comment to the LaTeX decoder, which
    dropped the rest of the abstract after it: escape it first, as reference managers do (`5\\%`)."""
    from bibtexparser.middlewares.middleware import BlockMiddleware

    class EscapePercent(BlockMiddleware):
        def transform_entry(self, entry, library):
            for f in entry.fields:
                if isinstance(f.value, str) and "%" in f.value:
                    f.value = _BARE_PERCENT.sub(r"\\%", f.value)
            return entry

    return EscapePercent(allow_inplace_modification=True)


# Characters and pairs the LaTeX decoder changes; a field with none of them decodes to itself (checked on 100,000
# random strings), so it skips the decoder: pylatexenc costs ~10 µs a character and grows faster than the text
# (a 1 MB single-line entry took 10 s here, 61 s on the attack machine).
_LATEX = re.compile(r"[\\{}~%&$]|--|``|''|[!?]`|\s{2,}|^\s|\s$")
# Characters of LaTeX one file may send through the decoder (about 2 s of work); past it, fields are decoded roughly
# (commands dropped, braces removed) and the file gets one warning.
LATEX_BUDGET = 200_000
_COMMAND = re.compile(r"\\(?:[A-Za-z]+\*?|.)\s*")


class _Guard:
    """Bounds the cost of one file's fields: caps each at MAX_FIELD_CHARS (noted), decodes LaTeX only where there
    is some, and within LATEX_BUDGET. Its notes become the file's warnings, with the entry's line."""

    def __init__(self) -> None:
        self.notes: list[tuple[int, str]] = []
        self.budget = LATEX_BUDGET

    def middlewares(self):
        from bibtexparser.middlewares import LatexDecodingMiddleware
        from bibtexparser.middlewares.middleware import BlockMiddleware

        guard = self

        class CapFields(BlockMiddleware):
            def transform_entry(self, entry, library):
                for f in entry.fields:
                    if isinstance(f.value, str) and len(f.value) > MAX_FIELD_CHARS:
                        guard.notes.append(
                            (
                                (entry.start_line or 0) + 1,
                                f"entry {entry.key!r}: field {f.key!r} is {len(f.value):,} characters; "
                                f"kept the first {MAX_FIELD_CHARS:,}",
                            )
                        )
                        f.value = cap(f.value)
                return entry

        class DecodeWhereLatex(LatexDecodingMiddleware):
            def transform_entry(self, entry, library):
                self._line, self._key = (entry.start_line or 0) + 1, entry.key
                return super().transform_entry(entry, library)

            def _transform_python_value_string(self, value: str) -> tuple[str, str]:
                if not _LATEX.search(value):
                    return value, ""
                if len(value) > guard.budget:
                    if guard.budget >= 0:
                        guard.notes.append(
                            (
                                self._line,
                                f"entry {self._key!r}: more LaTeX in this file than {LATEX_BUDGET:,} characters; "
                                "the rest is decoded roughly (commands dropped)",
                            )
                        )
                        guard.budget = -1
                    return _rough(value), ""
                guard.budget -= len(value)
                return super()._transform_python_value_string(value)

        return [CapFields(allow_inplace_modification=True), DecodeWhereLatex()]


def _rough(value: str) -> str:
    return _COMMAND.sub("", value.replace("\\%", "%").replace("~", " ")).replace("{", "").replace("}", "")


def _library(text: str, guard: _Guard):
    import bibtexparser
    from bibtexparser.middlewares import (
        MonthIntMiddleware,
        SeparateCoAuthors,
    )

    # The default stack resolves @string macros and removes enclosing braces; then month macros (mar)
    # become numbers, LaTeX accents ({\"u}) become Unicode, and author fields become lists.
    logging.getLogger("bibtexparser").setLevel(logging.CRITICAL)  # its errors become our warnings, with lines
    cap_fields, decode = guard.middlewares()
    return bibtexparser.parse_string(
        text,
        append_middleware=[
            MonthIntMiddleware(allow_inplace_modification=True),
            cap_fields,
            _percent_middleware(),
            decode,
            SeparateCoAuthors(),
        ],
    )


def _value(fields: dict, *keys: str) -> str | None:
    for k in keys:
        v = fields.get(k)
        if isinstance(v, str) and clean(v):
            return clean(v)
    return None


def _first_line(exc: Exception) -> str:
    text = getattr(exc, "abort_reason", None) or getattr(exc, "message", None) or str(exc)
    return (str(text).strip().splitlines() or [type(exc).__name__])[0][:200]


def parse(text: str, ctx: ParseContext) -> ParseResult:
    result = ParseResult()
    guard = _Guard()
    library = _library(text, guard)
    for line, note in guard.notes:
        result.warn(ctx, line, note)
    for block in library.failed_blocks:
        line = (block.start_line or 0) + 1
        if type(block).__name__ == "DuplicateBlockKeyBlock":
            result.warn(
                ctx, line, f"entry key {getattr(block, 'key', '?')!r} appears twice; the second entry is skipped"
            )
        else:
            result.warn(ctx, line, f"unreadable BibTeX entry, skipped: {_first_line(block.error)}")
    for entry in library.entries:
        line = (entry.start_line or 0) + 1
        fields = {f.key.lower(): f.value for f in entry.fields}
        title = _value(fields, "title")
        abstract = _value(fields, "abstract") or ""
        if not title and not abstract:
            result.warn(ctx, line, f"entry {entry.key!r} has neither a title nor an abstract; skipped")
            continue
        authors_raw = fields.get("author") or []
        if isinstance(authors_raw, str):
            authors_raw = [authors_raw]
        names = [display_name(a) for a in authors_raw if clean(a)]
        truncated = any(n.casefold() == "others" for n in names)
        names = [n for n in names if n.casefold() != "others"]

        doi, arxiv_from_doi = doi_and_arxiv(_value(fields, "doi"))
        venue = _value(fields, "journal", "journaltitle", "booktitle", "school", "institution")
        arxiv = arxiv_from_doi
        prefix = (_value(fields, "archiveprefix", "eprinttype") or "").casefold()
        if prefix == "arxiv" or (not prefix and re.fullmatch(r"\d{4}\.\d{4,5}(v\d+)?", _value(fields, "eprint") or "")):
            arxiv = arxiv or arxiv_id(_value(fields, "eprint"))
        if venue and _ARXIV_VENUE.match(venue):
            arxiv = arxiv or arxiv_id(venue.split()[-1])
            venue = "arXiv"
        arxiv = arxiv or arxiv_id(_value(fields, "url"))

        if raw_date := _value(fields, "date"):  # BibLaTeX
            date, precision = iso_date(raw_date)
        else:
            month = fields.get("month")
            date, precision = date_of(_value(fields, "year"), month if isinstance(month, int) else None)
        if _value(fields, "year", "date") and date is None:
            result.warn(
                ctx, line, f"entry {entry.key!r}: unreadable year {_value(fields, 'year', 'date')!r}; left undated"
            )
        result.entries.append(
            RawEntry(
                source=source(ctx, line),
                title=title,
                authors=names,
                authors_truncated=truncated,
                abstract=abstract,
                date=date,
                date_precision=precision,
                arxiv_id=arxiv,
                doi=doi,
                venue=venue,
                # "@article" in BibTeX is a journal article (preprints are @misc or @unpublished)
                work_type=work_type(
                    "article-journal" if entry.entry_type.casefold() == "article" else entry.entry_type
                ),
            )
        )
    return result
