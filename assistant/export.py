"""References people take away: BibTeX (bibtexparser), RIS (rispy) and CSL-JSON for any list of papers, with stable
keys."""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass, field

from assistant import presenter
from assistant.errors import BadRequest
from assistant.models import Paper


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


def get_format(name: str | None) -> ExportFormat:
    """The format called `name`; a BadRequest naming the valid ones otherwise."""
    fmt = FORMATS.get((name or "").strip().lower())
    if fmt is None:
        raise BadRequest(f"Unknown export format {name!r}: use one of {', '.join(FORMATS)}.")
    return fmt


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


# --- BibTeX -------------------------------------------------------------------------------------------
_PLAIN_SPECIALS = {
    "\\": r"\textbackslash{}",
    "{": r"\{",
    "}": r"\}",
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
}


def _balanced(text: str) -> bool:
    depth = 0
    for m in re.finditer(r"\\.|[{}]", text):
        tok = m.group()
        if tok == "{":
            depth += 1
        elif tok == "}":
            depth -= 1
            if depth < 0:
                return False
    return depth == 0


def bibtex_text(text: str) -> str:
    """A field value BibTeX and LaTeX read back as `text`.

    Sources write LaTeX in abstracts and some titles (`11$\\times$`, `\\textit{…}`): that markup is kept, with bare
    `%`, `&` and `#` escaped (LaTeX would read `90%` as a comment). Text without markup, or with unbalanced braces
    (which would end the field early), is escaped character by character.
    """
    latex = ("\\" in text or re.search(r"\$[^$]+\$", text)) and _balanced(text)
    if latex:
        return re.sub(r"(?<!\\)([%&#])", r"\\\1", text)
    source = presenter.plain_text(text) if ("\\" in text or "$" in text) else text
    return "".join(_PLAIN_SPECIALS.get(c, c) for c in source)


def _protect_case(title: str) -> str:
    """Braces around words with capitals after their first letter (`{cuNNQS-SCI}`), which BibTeX styles would
    lowercase."""
    if "\\" in title or "$" in title:
        return title
    return " ".join(
        f"{{{w}}}" if re.search(r"[A-Z]", w.lstrip("[(\"'")[1:]) and "{" not in w else w for w in title.split(" ")
    )


def bibtex_entry(ref: Reference):
    from bibtexparser.model import Entry, Field

    fields: list[tuple[str, str]] = [("title", _protect_case(bibtex_text(ref.shown_title)))]
    if ref.authors:
        names = [bibtex_text(a) for a in ref.authors] + (["others"] if ref.authors_truncated else [])
        fields.append(("author", " and ".join(names)))
    if ref.year:
        fields.append(("year", str(ref.year)))
    if ref.month:
        fields.append(("month", str(ref.month)))
    if ref.venue:
        fields.append(("howpublished", bibtex_text(ref.venue)))
    if ref.doi:
        fields.append(("doi", bibtex_text(ref.doi)))
    if ref.arxiv_id:
        fields += [("eprint", ref.arxiv_id), ("archivePrefix", "arXiv")]
        if ref.primary_class:
            fields.append(("primaryClass", ref.primary_class))
    if ref.url:
        fields.append(("url", ref.url))
    if ref.categories:
        fields.append(("keywords", ", ".join(ref.categories)))
    if ref.abstract:
        fields.append(("abstract", bibtex_text(" ".join(ref.abstract.split()))))
    if ref.notes:
        fields.append(("note", bibtex_text(" ".join(ref.notes))))
    return Entry("misc", ref.key, [Field(k, v) for k, v in fields])


def to_bibtex(papers: list[Paper]) -> str:
    import bibtexparser
    from bibtexparser.library import Library

    library = Library()
    for ref in references(papers):
        library.add(bibtex_entry(ref))
    return bibtexparser.write_string(library) if papers else ""


# --- RIS ----------------------------------------------------------------------------------------------
def ris_record(ref: Reference) -> dict:
    record: dict = {
        "type_of_reference": "UNPB" if ref.arxiv_id and not (ref.venue or ref.doi) else "GEN",
        "id": ref.key,
        "title": presenter.plain_text(ref.shown_title),
    }
    if ref.authors:
        record["authors"] = [", ".join(x for x in reversed(split_name(a)) if x) for a in ref.authors]
    if ref.year:
        record["year"] = str(ref.year)
        record["date"] = "/".join(
            [str(ref.year), f"{ref.month:02d}" if ref.month else "", f"{ref.day:02d}" if ref.day else "", ""]
        )
    if ref.venue:
        record["secondary_title"] = ref.venue
    if ref.doi:
        record["doi"] = ref.doi
    if ref.arxiv_id:
        record["accession_number"] = f"arXiv:{ref.arxiv_id}"
        record["name_of_database"] = "arXiv"
    if ref.url:
        record["urls"] = [ref.url]
    if ref.categories:
        record["keywords"] = list(ref.categories)
    if ref.abstract:
        record["abstract"] = " ".join(presenter.plain_text(ref.abstract).split())
    if ref.notes:
        record["notes"] = list(ref.notes)
    return record


def to_ris(papers: list[Paper]) -> str:
    import rispy

    return rispy.dumps([ris_record(r) for r in references(papers)]) if papers else ""


# --- CSL-JSON -----------------------------------------------------------------------------------------
def csl_item(ref: Reference) -> dict:
    item: dict = {
        "id": ref.key,
        "type": "article" if ref.arxiv_id and not ref.venue else "document",
        "title": presenter.plain_text(ref.shown_title),
    }
    if ref.authors:
        item["author"] = [{"given": g, "family": f} if g else {"literal": f} for g, f in map(split_name, ref.authors)]
    if ref.year:
        item["issued"] = {"date-parts": [[x for x in (ref.year, ref.month, ref.day) if x]]}
    if ref.venue:
        item["container-title"] = ref.venue
    if ref.doi:
        item["DOI"] = ref.doi
    if ref.arxiv_id:
        item["number"] = f"arXiv:{ref.arxiv_id}"
        item["publisher"] = "arXiv"
    if ref.url:
        item["URL"] = ref.url
    if ref.categories:
        item["keyword"] = ", ".join(ref.categories)
    if ref.abstract:
        item["abstract"] = " ".join(presenter.plain_text(ref.abstract).split())
    if ref.notes:
        item["note"] = " ".join(ref.notes)
    return item


def to_csl_json(papers: list[Paper]) -> str:
    return json.dumps([csl_item(r) for r in references(papers)], ensure_ascii=False, indent=1)


WRITERS = {"bibtex": to_bibtex, "ris": to_ris, "csl-json": to_csl_json}


def export(papers: list[Paper], fmt: str) -> str:
    """The papers as one document in format `fmt` (bibtex, ris or csl-json)."""
    return WRITERS[get_format(fmt).name](papers)


def filename(stem: str, fmt: str) -> str:
    """A safe download name: `references.bib`, `zhang2024cunnqs.ris`."""
    stem = re.sub(r"[^A-Za-z0-9._-]+", "-", stem).strip("-.") or "references"
    return f"{stem[:80]}.{get_format(fmt).extension}"
