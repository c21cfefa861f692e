"""Field helpers shared by the bibliographic-format parsers: names, DOIs, arXiv ids, dates, line numbers."""

from __future__ import annotations

import re

from assistant.text import clean

_DOI = re.compile(r"10\.\d{4,9}/\S+", re.IGNORECASE)
# arXiv's own DOIs (DataCite, 10.48550/arXiv.YYMM.NNNNN) name the preprint: they are its arXiv id, not a venue DOI.
_ARXIV_DOI = re.compile(r"^10\.48550/arxiv\.(?P<id>\d{4}\.\d{4,5})(?:v\d+)?$", re.IGNORECASE)
_ARXIV_ID = re.compile(r"(?:arxiv[:/ ]|abs/|pdf/|^)(?P<id>\d{4}\.\d{4,5})(?:v(?P<v>\d+))?(?:\.pdf)?$", re.IGNORECASE)
_TAGS = re.compile(r"</?(?:jats:)?[a-z][a-z0-9]*(?:\s[^>]*)?>", re.IGNORECASE)


def doi_and_arxiv(raw: str | None) -> tuple[str | None, str | None]:
    """(DOI, arXiv id) from a DOI field or URL: arXiv's DataCite DOIs become the arXiv id."""
    if not raw:
        return None, None
    m = _DOI.search(raw.strip())
    if not m:
        return None, None
    doi = m.group(0).rstrip(".,;").lower()
    if a := _ARXIV_DOI.match(doi):
        return None, a["id"]
    return doi, None


def arxiv_id(raw: str | None) -> str | None:
    """The new-style arXiv id (no version) in an id, `arXiv:` reference or abs/pdf URL."""
    if not raw:
        return None
    m = _ARXIV_ID.search(raw.strip())
    return m["id"] if m else None


def arxiv_version(raw: str) -> int:
    m = _ARXIV_ID.search(raw.strip())
    return int(m["v"]) if m and m["v"] else 0


def person(family: str | None, given: str | None) -> str:
    """ "Given Family" from parts, as the page shapes write names."""
    return clean(" ".join(p for p in (given, family) if p and p.strip()))


def display_name(name: str) -> str:
    """ "Tanaka, Keiko" -> "Keiko Tanaka"; a name already in display order is kept."""
    name = clean(name)
    if name.count(",") == 1:
        family, given = (p.strip() for p in name.split(","))
        return person(family, given)
    return name


def strip_markup(text: str | None) -> str:
    """Abstract text without JATS/HTML tags (Crossref-fed CSL-JSON has `<jats:p>`)."""
    return clean(_TAGS.sub(" ", text or ""))


def date_of(year, month=None, day=None) -> tuple[str | None, str | None]:
    """ISO date and precision from parts (any of which may be missing or junk)."""
    try:
        y = int(str(year).strip()[:4])
    except (TypeError, ValueError):
        return None, None
    if not 1000 <= y <= 2999:
        return None, None
    try:
        m = int(month) if month not in (None, "") else None
    except (TypeError, ValueError):
        m = None
    if m is None or not 1 <= m <= 12:
        return f"{y:04d}", "year"
    try:
        d = int(day) if day not in (None, "") else None
    except (TypeError, ValueError):
        d = None
    if d is None or not 1 <= d <= 31:
        return f"{y:04d}-{m:02d}", "month"
    return f"{y:04d}-{m:02d}-{d:02d}", "day"


def iso_date(raw: str | None) -> tuple[str | None, str | None]:
    """ "2021-03-04", "2021-03", "2021/3", "2021" (and a trailing time) -> ISO date and precision."""
    if not raw:
        return None, None
    m = re.match(r"^\s*(\d{4})(?:[-/](\d{1,2})(?:[-/](\d{1,2}))?)?", str(raw))
    return date_of(m[1], m[2], m[3]) if m else (None, None)


def line_at(text: str, offset: int) -> int:
    """1-based line number of a character offset."""
    return text.count("\n", 0, max(offset, 0)) + 1


class LineFinder:
    """Line numbers of successive records in a JSON or XML file, found by a string each record contains.

    The JSON and XML readers give no positions; searching forward from the previous record keeps
    repeated values (two records with one title) on their own lines.
    """

    def __init__(self, text: str):
        self.text = text
        self.pos = 0

    def find(self, *needles: str) -> int:
        for needle in needles:
            if needle:
                at = self.text.find(needle, self.pos)
                if at >= 0:
                    self.pos = at + 1
                    return line_at(self.text, at)
        return line_at(self.text, self.pos)

    def find_line(self, pattern: str) -> int:
        """The next line matching a regular expression (e.g. a bare `null` in a list)."""
        m = re.compile(pattern, re.MULTILINE).search(self.text, self.pos)
        if m is None:
            return line_at(self.text, self.pos)
        self.pos = m.end()
        return line_at(self.text, m.start())


def json_document(text: str) -> object | None:
    """The parsed JSON document, or None (the sniffers call this; the parsers report the error)."""
    import json

    try:
        return json.loads(text)
    except ValueError:
        return None


def json_or_warn(text: str, ctx, result) -> object | None:
    """The parsed JSON document, or None after a warning naming the line and column of the syntax error."""
    import json

    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        result.warn(ctx, exc.lineno, f"not valid JSON (column {exc.colno}: {exc.msg}); nothing read from this file")
        return None


def json_records(text: str, ctx, result, records_of, expected: str) -> tuple[list | None, LineFinder | None]:
    """The records of a JSON export (`records_of` finds them in the document) and a LineFinder over the text, or
    (None, None) after a warning: the syntax error's line, or what the file should have been."""
    data = json_or_warn(text, ctx, result)
    if data is None:
        return None, None
    records = records_of(data)
    if records is None:
        result.warn(ctx, 1, f"{expected}; nothing read")
        return None, None
    return records, LineFinder(text)


def looks_like_json(lines: list[str]) -> str | None:
    """The text when it starts like a JSON document (and so may be one of the JSON formats), else None."""
    text = "\n".join(lines)
    return text if text.lstrip("\ufeff \t\r\n")[:1] in ("{", "[") else None


# The kinds of work the sources name (BibTeX entry types, CSL and OpenAlex types, RIS TY codes), read as one small
# vocabulary: questions select by it ("her PhD thesis"). A generic type ("misc", OpenAlex's "article", which covers
# conference papers and preprints too) says nothing and is left unset.
WORK_TYPES = {
    "thesis": ("phdthesis", "mastersthesis", "thesis", "dissertation", "thes"),
    "book": ("book", "monograph", "edited-book"),
    "chapter": ("inbook", "incollection", "book-chapter", "chapter", "chap"),
    "conference paper": ("inproceedings", "conference", "paper-conference", "proceedings-article", "conf", "cpaper"),
    "journal article": ("article-journal", "journal-article", "jour", "journalarticle"),
    "preprint": ("preprint", "posted-content", "unpublished"),
    "report": ("techreport", "report", "rprt"),
}
_WORK_TYPE = {raw: kind for kind, raws in WORK_TYPES.items() for raw in raws}


def work_type(raw: object) -> str | None:
    """The kind of work a source's type names ("phdthesis", "dissertation", "THES" -> "thesis"), or None."""
    return _WORK_TYPE.get(raw.strip().casefold()) if isinstance(raw, str) else None


def count_of(raw: object) -> int | None:
    """A non-negative whole count a JSON source states (a citation count), else None."""
    return raw if isinstance(raw, int) and not isinstance(raw, bool) and raw >= 0 else None
