"""Text helpers shared by the parsers: dates, arXiv ids, whitespace, sentences, author lists."""

from __future__ import annotations

import re
import unicodedata

MONTHS = {m: i for i, m in enumerate(["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"], 1)}
MONTH_RE = "|".join(MONTHS)
# "CVDec 9, 2024Code", "DCApr 20": arXiv category glued to a date, an optional year and a "has code" flag.
CARD_DATE = rf"(?P<cat>[A-Z]{{2}})(?P<mon>{MONTH_RE}) (?P<day>\d{{1,2}})(?:, (?P<year>\d{{4}}))?(?P<code>Code)?"
ARXIV_ID = r"\d{4}\.\d{4,5}"
ARXIV_AT_START = re.compile(rf"^arXiv:(?P<id>{ARXIV_ID})(?:v\d+)?(?P<rest>.*)$")

NAME_WORD = r"(?:[A-Z][a-z]+(?:-[A-Za-z][a-z]+)*|[A-Z]\.)"
NAME = rf"{NAME_WORD}(?: {NAME_WORD}){{0,3}}"
AUTHOR_LIST = re.compile(rf"^(?P<names>{NAME}(?:, {NAME})*)(?P<etal> et al\.)?$")


def clean(text: str) -> str:
    """Normalise Unicode and collapse whitespace."""
    return re.sub(r"\s+", " ", unicodedata.normalize("NFC", text)).strip()


def card_date(match: re.Match, capture_year: int | None) -> tuple[str, str, str | None]:
    """ISO date, precision and a note from a CARD_DATE match; a missing year is the page's capture year."""
    month, day = MONTHS[match["mon"]], int(match["day"])
    note = None
    year = match["year"]
    if year is None:
        if capture_year is None:
            return f"--{month:02d}-{day:02d}", "day", "no year on the page and no capture_year in the manifest"
        year = str(capture_year)
        note = f"year {capture_year} taken from the page's capture year (the page shows no year)"
    return f"{int(year):04d}-{month:02d}-{day:02d}", "day", note


def parse_author_list(line: str) -> tuple[list[str], bool] | None:
    """Names and whether the list was cut short ("et al."), or None if the line is not an author list."""
    m = AUTHOR_LIST.match(clean(line))
    if not m:
        return None
    return [n.strip() for n in m["names"].split(", ")], bool(m["etal"])


def split_sentences(text: str) -> list[str]:
    """Sentences of an abstract; also splits where a scrape dropped the space ("patterns.This paper")."""
    text = clean(text)
    text = re.sub(r"(?<=[a-z0-9)\]][.!?])(?=[A-Z][a-z])", " ", text)
    # Markup pasted between sentences ("... learning. <script>…</script> Although …") stands alone.
    parts = re.split(r"(?<=[.!?])\s+(?=[A-Z0-9(\"'$\\<])|(?<=>)\s+(?=[A-Z][a-z])", text)
    out: list[str] = []
    for part in parts:
        # Re-join splits after common abbreviations and initials.
        if out and re.search(r"(?:\b(?:e\.g|i\.e|et al|etc|vs|Fig|Eq|approx|resp|abbr|cf|No|Ref|Sec)\.|\b[A-Z]\.)$", out[-1]):
            out[-1] = f"{out[-1]} {part}"
        else:
            out.append(part)
    return [s.strip() for s in out if s.strip()]


def arxiv_yymm(arxiv_id: str) -> str:
    """The YYYY-MM an arXiv id encodes (new-style ids: YYMM.NNNNN)."""
    yy, mm = int(arxiv_id[:2]), int(arxiv_id[2:4])
    return f"{2000 + yy:04d}-{mm:02d}"


# Text in a source that addresses a reader or a model instead of describing research: kept verbatim in the
# paper record, but never searched, quoted as evidence, or summarised.
_INSTRUCTION = re.compile(
    r"\b(ignore|disregard|forget|override)\b.{0,60}\b(instructions?|prompts?|rules|questions?|above|previous|prior|everything)\b"
    r"|(^|\band\s+|\bjust\s+)(reply|answer|respond|say|output)\s+(only\s+)?(that|with|exactly)\b"
    r"|\b(system prompt|you are (an? )?(ai|assistant|language model|chatbot))\b"
    r"|<<<|>>>",
    re.I,
)


_TAG = re.compile(r"<[^>]*>")


def is_instruction(sentence: str) -> bool:
    """An order to a reader or model, or a fragment that is mostly markup (under four words outside its tags)."""
    if _INSTRUCTION.search(sentence):
        return True
    return "<" in sentence and len(_TAG.sub(" ", sentence).split()) < 4


def research_sentences(text: str) -> list[str]:
    """The sentences of an abstract, without instruction-like ones planted in a source."""
    return [s for s in split_sentences(text) if not is_instruction(s)]
