"""Typed records that cross module boundaries: raw entries, papers, citations, answers, answer-stream events."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import BaseModel, Field, computed_field

DatePrecision = Literal["day", "month", "year"]


class Source(BaseModel):
    """Where one entry of a paper was read."""

    file: str
    line: int
    shape: str


class RawEntry(BaseModel):
    """One entry as a parser read it from one file: only what that file says."""

    source: Source
    title: str | None = None
    authors: list[str] = Field(default_factory=list)
    authors_truncated: bool = False
    abstract: str = ""
    date: str | None = None  # ISO, partial allowed: 2024-12-09, 2024-12, 2024
    date_precision: DatePrecision | None = None
    date_note: str | None = None  # e.g. "year taken from the page's capture year"
    arxiv_id: str | None = None
    doi: str | None = None  # lower-cased, without the https://doi.org/ prefix
    venue: str | None = None  # journal, proceedings or repository as the source names it
    orcids: dict[str, str] = Field(default_factory=dict)  # author name -> ORCID iD, when the source gives them
    categories: list[str] = Field(default_factory=list)
    has_code: bool = False
    comments: list[str] = Field(default_factory=list)
    score: float | None = None
    work_type: str | None = None  # thesis | book | chapter | journal article | conference paper | preprint | report
    cited_by: int | None = None  # the citation count the source states for this work (OpenAlex, Semantic Scholar)


class ParseWarning(BaseModel):
    """A problem in one place of one file; ingest goes on."""

    file: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.message}"


class Conflict(BaseModel):
    """Two sources disagree on a field; every value is kept with where it came from."""

    field: str
    values: list[dict]


# The note a paper carries when no source dates it and its arXiv id (YYMM) gives the year and month (ingest/merge.py);
# answers over a span of months say which papers only it places.
ARXIV_ID_DATED = "date taken from the arXiv id (YYMM)"


class Paper(BaseModel):
    """One clean record per paper, merged from every source that has it."""

    id: str
    title: str | None
    display_title: str
    authors: list[str]
    authors_truncated: bool
    date: str | None
    date_precision: DatePrecision | None
    year: int | None
    arxiv_id: str | None
    categories: list[str]
    has_code: bool
    is_author_work: bool
    attribution: str
    sources: list[Source]
    abstract: str  # "" when no source gives one (DBLP and Google Scholar exports often do not)
    other_abstracts: list[str] = Field(default_factory=list)
    comments: list[str] = Field(default_factory=list)
    conflicts: list[Conflict] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)
    doi: str | None = None
    venue: str | None = None
    orcids: dict[str, str] = Field(default_factory=dict)  # author name -> ORCID iD
    work_type: str | None = None  # the kind of work a source names (records.WORK_TYPES), e.g. "thesis"
    # Citation counts as each source file states them (file -> count): sources count differently and at different
    # times, so each is kept with where it came from rather than merged into one number.
    cited_by: dict[str, int] = Field(default_factory=dict)

    @property
    def has_abstract(self) -> bool:
        """False for a metadata-only record: listed and counted, never quoted as evidence."""
        return bool(self.abstract.strip())

    @property
    def label(self) -> str:
        """The title, or the derived display title marked as such."""
        return self.title or self.display_title

    @property
    def abstracts(self) -> list[str]:
        return [self.abstract, *self.other_abstracts]


Role = Literal["system", "user", "assistant"]


class Message(BaseModel):
    role: Role
    content: str


class Filters(BaseModel):
    """Restrictions on which papers an answer may draw on."""

    author_only: bool | None = None
    year_from: int | None = None
    year_to: int | None = None
    coauthor: str | None = None

    def admits(self, paper: Paper) -> bool:
        if self.author_only and not paper.is_author_work:
            return False
        if self.year_from is not None and (paper.year is None or paper.year < self.year_from):
            return False
        if self.year_to is not None and (paper.year is None or paper.year > self.year_to):
            return False
        if self.coauthor:
            needle = self.coauthor.casefold()
            if not any(needle in a.casefold() for a in paper.authors):
                return False
        return True


class Citation(BaseModel):
    n: int
    paper_id: str
    title: str | None
    display_title: str
    arxiv_id: str | None
    year: int | None
    authors: list[str]
    authors_truncated: bool = False
    is_author_work: bool
    quote: str
    doi: str | None = None
    venue: str | None = None


_MARKER = re.compile(r"\s*\[(\d{1,3})\]")


class Claim(BaseModel):
    """One sentence (or table cell) of an answer, its `[n]` markers where the writer put them."""

    text: str

    @computed_field
    @property
    def cites(self) -> list[int]:
        return list(dict.fromkeys(int(n) for n in _MARKER.findall(self.text)))

    @property
    def plain(self) -> str:
        """The claim without its markers (what the checker compares with the sources)."""
        return re.sub(r"\s+([.,;:!?])", r"\1", _MARKER.sub("", self.text)).strip()


Cell = list[Claim]


class Paragraph(BaseModel):
    type: Literal["paragraph"] = "paragraph"
    claims: list[Claim]


class ListBlock(BaseModel):
    type: Literal["list"] = "list"
    items: list[list[Claim]]
    ordered: bool = False


class Table(BaseModel):
    """A grid: header cells are labels (never claims); each body cell holds claims, each cited where it states one."""

    type: Literal["table"] = "table"
    header: list[str]
    rows: list[list[Cell]]


Block = Annotated[Paragraph | ListBlock | Table, Field(discriminator="type")]


class Answer(BaseModel):
    answer: str  # markdown, rendered from `blocks` (assistant/blocks.py); kept for clients that read text
    citations: list[Citation] = Field(default_factory=list)
    mode: Literal["extractive", "llm"] = "extractive"
    notice: str | None = None
    meta: dict = Field(default_factory=dict)
    blocks: list[Block] = Field(default_factory=list)  # the answer's structure: what every interface renders


# An answer stream (Assistant.stream) is Token*, then exactly one Final; every view matches on these types.
@dataclass(frozen=True)
class Token:
    """A preview piece of the answer as it is written: no citation marker in it is checked yet."""

    text: str


@dataclass(frozen=True)
class Final:
    """The checked answer that ends a stream; its text replaces the previews."""

    answer: Answer
    truncated: bool = False  # cut to the client's token budget (/v1 `max_tokens`: finish_reason "length")


StreamEvent = Token | Final


class ThemeSummary(BaseModel):
    id: int
    label: str
    terms: list[str]
    paper_ids: list[str]
    representative: list[str]
    year_from: int | None
    year_to: int | None


class YearCount(BaseModel):
    year: int
    total: int
    by_theme: dict[int, int]  # theme id -> papers that year
    paper_ids: list[str]


class CoauthorCount(BaseModel):
    name: str
    papers: int
    paper_ids: list[str]
    themes: dict[int, int]  # theme id -> joint papers in that theme


class Profile(BaseModel):
    """The principal author at a glance: themes, publications per year, collaborators."""

    principal_author: str
    papers: int
    author_papers: int
    themes: list[ThemeSummary]
    per_year: list[YearCount]
    undated: list[str]
    coauthors: list[CoauthorCount]
    truncated_author_lists: int  # co-author counts are lower bounds when lists end in "et al."
