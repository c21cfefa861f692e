"""The corpus as the API shows it: papers (list and detail), the author's profile, health, an uploaded source."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from assistant.models import Paper


class PaperSummary(BaseModel):
    """One row of the papers list."""

    id: str
    title: str | None = Field(description="The title as a source gives it; null when no source titles the paper.")
    display_title: str = Field(description="What to show: the title, or a title derived from the abstract or id.")
    title_derived: bool = Field(description="True when display_title is derived, not a real title.")
    authors: list[str]
    authors_truncated: bool = Field(description="The sources list only the first authors: show 'et al.'.")
    date: str | None
    year: int | None
    arxiv_id: str | None
    arxiv_url: str | None
    doi: str | None = Field(None, description="The DOI, when a source gives one (arXiv's own DOIs are its arXiv id).")
    doi_url: str | None = None
    venue: str | None = Field(None, description='Journal, proceedings or "arXiv", as the sources name it.')
    has_abstract: bool = Field(
        True, description="False for a metadata-only record: listed and counted, never quoted as evidence."
    )
    categories: list[str]
    has_code: bool
    is_author_work: bool

    @classmethod
    def of(cls, paper: Paper) -> PaperSummary:
        return cls(**_summary_fields(paper))


class PaperDetail(PaperSummary):
    """Everything known about one paper, with where each part came from."""

    date_precision: str | None
    work_type: str | None = Field(None, description="The kind of work a source names (thesis, journal article, …).")
    cited_by: dict[str, int] = Field(
        default_factory=dict, description="Citation counts as each source file states them (file -> count)."
    )
    attribution: str
    abstract: str
    other_abstracts: list[str]
    comments: list[str]
    sources: list[dict]
    conflicts: list[dict]
    notes: list[str]

    @classmethod
    def of(cls, paper: Paper) -> PaperDetail:
        return cls(
            **_summary_fields(paper),
            date_precision=paper.date_precision,
            work_type=paper.work_type,
            cited_by=paper.cited_by,
            attribution=paper.attribution,
            abstract=paper.abstract,
            other_abstracts=paper.other_abstracts,
            comments=paper.comments,
            sources=[s.model_dump() for s in paper.sources],
            conflicts=[c.model_dump() for c in paper.conflicts],
            notes=paper.notes,
        )


def _summary_fields(paper: Paper) -> dict:
    return {
        "id": paper.id,
        "title": paper.title,
        "display_title": paper.display_title,
        "title_derived": paper.title is None,
        "authors": paper.authors,
        "authors_truncated": paper.authors_truncated,
        "date": paper.date,
        "year": paper.year,
        "arxiv_id": paper.arxiv_id,
        "arxiv_url": f"https://arxiv.org/abs/{paper.arxiv_id}" if paper.arxiv_id else None,
        "doi": paper.doi,
        "doi_url": f"https://doi.org/{paper.doi}" if paper.doi else None,
        "venue": paper.venue,
        "has_abstract": paper.has_abstract,
        "categories": paper.categories,
        "has_code": paper.has_code,
        "is_author_work": paper.is_author_work,
    }


class PaperList(BaseModel):
    """One page of the matching papers, in list order."""

    count: int = Field(description="How many papers match, over all pages.")
    offset: int = Field(0, description="Matching papers skipped before this page.")
    limit: int = Field(description="The page size asked for.")
    next_offset: int | None = Field(None, description="The `offset` of the next page; null on the last page.")
    papers: list[PaperSummary]


class Theme(BaseModel):
    """One research theme of the principal author, computed from the corpus at ingest."""

    id: int = Field(description="Stable within one ingest; the key of `by_theme` and `themes` maps.")
    label: str = Field(
        description="A short phrase (one to four words) taken verbatim from the theme's own titles and abstracts."
    )
    terms: list[str] = Field(description="The theme's most distinctive words and word pairs (class-based TF-IDF).")
    paper_ids: list[str] = Field(description="The theme's papers (each author paper is in exactly one theme).")
    representative: list[str] = Field(description="Up to three papers closest to the theme's centre.")
    year_from: int | None
    year_to: int | None


class YearCount(BaseModel):
    """The principal author's papers of one year."""

    year: int
    total: int
    by_theme: dict[int, int] = Field(description="Theme id → papers that year (JSON keys are strings).")
    paper_ids: list[str]


class Coauthor(BaseModel):
    """Someone who wrote papers with the principal author."""

    name: str
    papers: int = Field(description="Joint papers; a lower bound when `truncated_author_lists` > 0.")
    paper_ids: list[str]
    themes: dict[int, int] = Field(description="Theme id → joint papers in that theme (JSON keys are strings).")


class Profile(BaseModel):
    """The principal author at a glance: research themes, publications per year by theme, co-authors."""

    principal_author: str
    papers: int = Field(description="Papers in the corpus, the author's and others'.")
    author_papers: int = Field(description="Of those, the principal author's.")
    themes: list[Theme]
    per_year: list[YearCount] = Field(description="Years with at least one of the author's papers, oldest first.")
    undated: list[str] = Field(description="Author papers with no known year (not in `per_year`).")
    coauthors: list[Coauthor] = Field(description="Most joint papers first.")
    truncated_author_lists: int = Field(
        description="Author papers whose sources list only the first authors: co-author counts are lower bounds."
    )

    @classmethod
    def of(cls, profile) -> Profile:
        return cls.model_validate(profile.model_dump())


class Health(BaseModel):
    status: Literal["ok", "degraded", "unavailable"] = Field(
        description="'ok': the store is reachable and holds papers; 'degraded': the paper table is "
        "loaded but the vector store "
        "cannot be reached (questions get a 503, the paper list works); 'unavailable': nothing to answer from."
    )
    reason: str | None = Field(None, description="What is wrong and what to do, when the status is not 'ok'.")
    papers: int = Field(description="Papers indexed.")
    author_papers: int = Field(description="Of those, the principal author's.")
    mode: Literal["extractive", "llm"] = Field(description="How answers are composed.")
    mode_reason: str
    store_reachable: bool
    auth_required: bool = Field(description="Whether /api/* and /v1/* need `Authorization: Bearer …`.")
    sources_upload: bool = Field(
        False, description="Whether `POST /api/sources` (adding a file to the corpus) is switched on."
    )


class SourceFileReport(BaseModel):
    """What ingest read from one file (the same summary `assistant ingest` prints)."""

    file: str = Field(description="The name the file was stored under in the corpus folder.")
    shape: str | None = Field(description="The format or page shape detected from the content.")
    entries: int = Field(description="Entries read from the file.")
    merged: int = Field(description="Of those, entries that joined a paper another file also has.")
    warnings: list[str] = Field(description="Problems, each as `file:line: message`; ingest went on.")


class SourceAdded(BaseModel):
    """The result of adding one file: its report and the corpus after the re-ingest."""

    report: SourceFileReport
    papers: int = Field(description="Papers in the corpus now.")
    author_papers: int
    added: list[str] = Field(description="Ids of papers new to the store.")
    updated: list[str] = Field(description="Ids of papers the file changed (e.g. an abstract it brought).")
    unchanged: int
    seconds: float
