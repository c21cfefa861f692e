"""References people take away: BibTeX (bibtexparser), RIS (rispy) and CSL-JSON for any list of papers, with stable
keys."""

from __future__ import annotations

import re
from dataclasses import dataclass

from assistant.errors import BadRequest
from assistant.export.references import NOTE_DERIVED, NOTE_NO_AUTHORS, NOTE_TRUNCATED, citation_keys, split_name
from assistant.export.writers import WRITERS, bibtex_text, to_bibtex, to_csl_json, to_ris
from assistant.models import Paper

__all__ = [
    "NOTE_DERIVED",
    "NOTE_NO_AUTHORS",
    "NOTE_TRUNCATED",
    "FORMATS",
    "ExportFormat",
    "bibtex_text",
    "citation_keys",
    "export",
    "filename",
    "get_format",
    "split_name",
    "to_bibtex",
    "to_csl_json",
    "to_ris",
]


@dataclass(frozen=True)
class ExportFormat:
    name: str
    media_type: str
    extension: str


FORMATS = {
    f.name: f
    for f in (
        ExportFormat("bibtex", "application/x-bibtex; charset=utf-8", "bib"),
        ExportFormat("ris", "application/x-research-info-systems; charset=utf-8", "ris"),
        ExportFormat("csl-json", "application/vnd.citationstyles.csl+json; charset=utf-8", "json"),
    )
}


def get_format(name: str | None) -> ExportFormat:
    """The format called `name`; a BadRequest naming the valid ones otherwise."""
    fmt = FORMATS.get((name or "").strip().lower())
    if fmt is None:
        raise BadRequest(f"Unknown export format {name!r}: use one of {', '.join(FORMATS)}.")
    return fmt


def export(papers: list[Paper], fmt: str) -> str:
    """The papers as one document in format `fmt` (bibtex, ris or csl-json)."""
    return WRITERS[get_format(fmt).name](papers)


def filename(stem: str, fmt: str) -> str:
    """A safe download name: `references.bib`, `zhang2024cunnqs.ris`."""
    stem = re.sub(r"[^A-Za-z0-9._-]+", "-", stem).strip("-.") or "references"
    return f"{stem[:80]}.{get_format(fmt).extension}"
