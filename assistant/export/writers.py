"""The three writers: BibTeX (bibtexparser), RIS (rispy) and CSL-JSON, each from the same references."""

from __future__ import annotations

import json
import re

from assistant import presenter
from assistant.export.references import Reference, references, split_name
from assistant.models import Paper

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


def _plain_ris_writer():
    import rispy

    class PlainRisWriter(rispy.RisWriter):
        # rispy puts a "1." / "2." counter line before each record's TY line; Zotero and EndNote write none, and
        # some importers read that line as garbage before the first record.
        def set_header(self, count):
            return None

    return PlainRisWriter


def to_ris(papers: list[Paper]) -> str:
    import rispy

    records = [ris_record(r) for r in references(papers)]
    return rispy.dumps(records, implementation=_plain_ris_writer()) if papers else ""


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
