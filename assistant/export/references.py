"""Papers as reference managers see them: stable citation keys, names split into given and family, notes."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from assistant import presenter
from assistant.models import Paper

NOTE_DERIVED = "No source gives this paper a title: the bracketed title is derived from its abstract or arXiv id."
NOTE_TRUNCATED = "The sources list only the first authors (et al.)."
NOTE_NO_AUTHORS = "The sources list no authors."
# Words a citation key skips when it takes the title's first word ("zhang2024cunnqs", not "zhang2024a").
_KEY_SKIP = {
    "a",
    "an",
    "the",
    "on",
    "of",
    "for",
    "in",
    "to",
    "towards",
    "toward",
    "with",
    "and",
    "via",
    "using",
    "from",
    "by",
    "at",
    "is",
    "are",
}
# arXiv's subject classes with two-letter codes. Profile pages write only the code ("LG"); a code names a class
# (cs.LG) for `primaryClass` only when exactly one archive has it ("CV" is cs.CV and math.CV: left out).
_ARXIV_CLASSES = {
    "cs": "AI AR CC CE CG CL CR CV CY DB DC DL DM DS ET FL GL GR GT HC IR IT LG LO MA MM "
    "MS NA NE NI OH OS PF PL RO SC SD SE SI SY",
    "math": "AC AG AP AT CA CO CT CV DG DS FA GM GN GR GT HO IT KT LO MG MP NA NT OA OC PR QA RA RT SG SP ST",
    "stat": "AP CO ME ML OT TH",
    "eess": "AS IV SP SY",
    "econ": "EM GN TH",
    "q-bio": "BM CB GN MN NC OT PE QM SC TO",
    "q-fin": "CP EC GN MF PM PR RM ST TR",
}
_OWNERS: dict[str, list[str]] = {}
for _archive, _codes in _ARXIV_CLASSES.items():
    for _code in _codes.split():
        _OWNERS.setdefault(_code, []).append(_archive)
_FULL_CLASS = re.compile(r"^[a-z-]+(?:\.[A-Za-z-]+)?$")
# Name particles that belong to the family name ("Ludwig van Beethoven" → family "van Beethoven").
_PARTICLES = {
    "van",
    "von",
    "der",
    "den",
    "de",
    "del",
    "della",
    "di",
    "da",
    "du",
    "la",
    "le",
    "dos",
    "das",
    "ter",
    "ten",
    "bin",
    "al",
}


@dataclass(frozen=True)
class Reference:
    """One paper as a reference manager sees it; `title` is None unless a source gives one."""

    key: str
    title: str | None
    derived_title: str | None
    authors: list[str]
    authors_truncated: bool
    year: int | None
    month: int | None
    day: int | None
    arxiv_id: str | None
    primary_class: str | None
    categories: list[str]
    doi: str | None
    venue: str | None
    abstract: str
    notes: list[str] = field(default_factory=list)

    @property
    def url(self) -> str | None:
        if self.doi:
            return f"https://doi.org/{self.doi}"
        return presenter.arxiv_url(self.arxiv_id) if self.arxiv_id else None

    @property
    def shown_title(self) -> str:
        """The title, or the derived one in square brackets (the cataloguers' mark for a supplied title)."""
        return self.title if self.title else f"[{self.derived_title}]"


def _ascii_word(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower())


def split_name(name: str) -> tuple[str, str]:
    """(given, family) of a name written "Given Family"; particles stay with the family name."""
    if "," in name:
        family, _, given = name.partition(",")
        return given.strip(), family.strip()
    words = name.split()
    if len(words) < 2:
        return "", name.strip()
    start = len(words) - 1
    while start > 1 and words[start - 1].lower() in _PARTICLES:
        start -= 1
    return " ".join(words[:start]), " ".join(words[start:])


def arxiv_class(category: str) -> str | None:
    """`cs.LG` for "cs.LG" or "LG" (a code only one archive has); None when the category names no single class."""
    if _FULL_CLASS.match(category) and ("." in category or "-" in category):
        return category
    owners = _OWNERS.get(category, [])
    return f"{owners[0]}.{category}" if len(owners) == 1 else None


def base_key(paper: Paper) -> str:
    """first author's family name + year + first significant title word, ASCII: `zhang2024cunnqs`."""
    author = _ascii_word(split_name(paper.authors[0])[1]) if paper.authors else ""
    words = [
        _ascii_word(w)
        for w in re.split(r"[\s\-–—:/]+", presenter.plain_text(paper.title or presenter.derived_title(paper)))
    ]
    word = next((w for w in words if w and w not in _KEY_SKIP), "")
    return f"{author or 'anon'}{paper.year or 'nd'}{word}"


def citation_keys(papers: list[Paper]) -> dict[str, str]:
    """paper id → key. A paper's key is its `base_key`; papers sharing one get a, b, … in paper-id order,
    so a key depends only on the paper unless two exported papers collide."""
    groups: dict[str, list[str]] = {}
    for p in papers:
        groups.setdefault(base_key(p), []).append(p.id)
    keys = {}
    for key, ids in groups.items():
        ids = sorted(set(ids))
        for i, pid in enumerate(ids):
            keys[pid] = key if len(ids) == 1 else f"{key}{_suffix(i)}"
    return keys


def _suffix(i: int) -> str:
    out = ""
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        out = chr(97 + r) + out
    return out


def reference(paper: Paper, key: str) -> Reference:
    year = month = day = None
    if paper.date:
        parts = [int(x) for x in re.findall(r"\d+", paper.date)[:3]]
        year = parts[0] if parts else None
        if paper.date_precision in ("month", "day") and len(parts) > 1:
            month = parts[1]
        if paper.date_precision == "day" and len(parts) > 2:
            day = parts[2]
    notes = []
    if not paper.title:
        notes.append(NOTE_DERIVED)
    if paper.authors_truncated:
        notes.append(NOTE_TRUNCATED)
    elif not paper.authors:
        notes.append(NOTE_NO_AUTHORS)
    primary = arxiv_class(paper.categories[0]) if paper.arxiv_id and paper.categories else None
    return Reference(
        key=key,
        title=paper.title,
        derived_title=None if paper.title else presenter.derived_title(paper),
        authors=list(paper.authors),
        authors_truncated=paper.authors_truncated,
        year=paper.year or year,
        month=month,
        day=day,
        arxiv_id=paper.arxiv_id,
        primary_class=primary,
        categories=list(paper.categories),
        # Ingest of DOIs and venues (issue 16) adds these fields to Paper; until then they are absent.
        doi=getattr(paper, "doi", None) or None,
        venue=getattr(paper, "venue", None) or None,
        abstract=paper.abstract,
        notes=notes,
    )


def references(papers: list[Paper]) -> list[Reference]:
    keys = citation_keys(papers)
    return [reference(p, keys[p.id]) for p in papers]
