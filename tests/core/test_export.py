"""BibTeX, RIS and CSL-JSON exports of the seed papers, each parsed back with bibtexparser, rispy and json."""

from __future__ import annotations

import json
import re

import bibtexparser
import pytest
import rispy
from pylatexenc.latex2text import LatexNodes2Text

from assistant import export, presenter
from assistant.export.references import references
from assistant.export.writers import ris_record
from assistant.models import Paper
from tests.conftest import make_paper as paper

CUNNQS = "cunnqs-sci-a-fully-gpu-accelerated-framework-for-f1cd15"


@pytest.fixture(scope="module")
def papers(assistant) -> list[Paper]:
    return assistant.papers()


def parse_bibtex(text: str):
    library = bibtexparser.parse_string(text)
    assert not library.failed_blocks, [b.error for b in library.failed_blocks]
    return library


def decoded(value: str) -> str:
    """What LaTeX makes of a field (bibtexparser's LatexDecodingMiddleware does this for every field, but its
    pylatexenc fails on some abstracts' `\\href{…}{…}`, so the tests decode the fields they compare)."""
    return LatexNodes2Text().latex_to_text(value)


def test_bibtex_round_trip_of_every_seed_paper(papers):
    text = export.to_bibtex(papers)
    raw = parse_bibtex(text)
    keys = export.citation_keys(papers)
    assert len(raw.entries) == len(papers) == len(set(keys.values()))
    for p, entry in zip(papers, raw.entries, strict=True):
        assert entry.key == keys[p.id] and entry.entry_type == "misc"
        fields = entry.fields_dict
        if p.title:
            assert decoded(fields["title"].value) == p.title
        else:  # a derived title is bracketed and explained, never passed off as the source's
            assert decoded(fields["title"].value) == f"[{presenter.derived_title(p)}]"
            assert export.NOTE_DERIVED in decoded(fields["note"].value)
        names = fields["author"].value.split(" and ") if "author" in fields else []
        assert names == p.authors + (["others"] if p.authors_truncated else [])
        assert fields["year"].value == str(p.year) if p.year else "year" not in fields
        if p.arxiv_id:
            assert fields["eprint"].value == p.arxiv_id and fields["archivePrefix"].value == "arXiv"
            assert fields["url"].value == f"https://arxiv.org/abs/{p.arxiv_id}"
        else:
            assert "eprint" not in fields
        # the abstract survives the parser whole: nothing in it ends the field early
        assert fields["abstract"].value == export.bibtex_text(" ".join(p.abstract.split()))


def test_bibtex_arxiv_fields_and_truncated_authors(assistant):
    p = assistant.paper("2502.15802")
    entry = parse_bibtex(export.to_bibtex([p])).entries[0]
    f = entry.fields_dict
    assert f["eprint"].value == "2502.15802" and f["archivePrefix"].value == "arXiv"
    assert f["primaryClass"].value == "cs.LG"  # the page says "LG": only cs has that class
    # "CV" is cs.CV and math.CV: no class is guessed
    assert "primaryClass" not in parse_bibtex(export.to_bibtex([assistant.paper("2412.06868")])).entries[0].fields_dict
    assert p.authors_truncated and f["author"].value.endswith(" and others")
    assert export.NOTE_TRUNCATED in f["note"].value


def test_citation_keys_are_stable_and_readable(papers, assistant):
    keys = export.citation_keys(papers)
    p = assistant.paper(CUNNQS)
    assert keys[p.id] == "sun2026cunnqs"
    # the same key whether the paper is exported alone, with others, or in another order
    assert export.citation_keys([p])[p.id] == keys[p.id] == export.citation_keys(list(reversed(papers)))[p.id]
    assert all(re.fullmatch(r"[a-z0-9]+", k) for k in keys.values())


def test_colliding_keys_get_letters_in_id_order():
    a, b = paper(id="b-paper"), paper(id="a-paper")
    assert export.citation_keys([a, b]) == {"a-paper": "lovelace2024titlea", "b-paper": "lovelace2024titleb"}


def test_ris_round_trip_of_every_seed_paper(papers):
    records = rispy.loads(export.to_ris(papers))
    keys = export.citation_keys(papers)
    assert len(records) == len(papers)
    for p, r in zip(papers, records, strict=True):
        assert r["id"] == keys[p.id]
        assert r["title"] == (
            presenter.plain_text(p.title) if p.title else f"[{presenter.plain_text(presenter.derived_title(p))}]"
        )
        assert r.get("authors", []) == [", ".join(x for x in reversed(export.split_name(a)) if x) for a in p.authors]
        if p.year:
            assert r["year"] == str(p.year)
        if p.arxiv_id:
            assert r["type_of_reference"] == "UNPB" and r["accession_number"] == f"arXiv:{p.arxiv_id}"
            assert r["urls"] == [f"https://arxiv.org/abs/{p.arxiv_id}"]
        notes = r.get("notes", [])
        assert (export.NOTE_DERIVED in notes) == (p.title is None)
        assert (export.NOTE_TRUNCATED in notes) == p.authors_truncated
        assert r["abstract"] == " ".join(presenter.plain_text(p.abstract).split())


def test_ris_is_plain_as_zotero_and_endnote_write_it(papers):
    # Zotero's and EndNote's RIS: each record starts with its TY line, no "1." counter line before it; every
    # line is a two-letter tag, two spaces, a dash (or a blank line between records).
    text = export.to_ris(papers)
    lines = text.splitlines()
    assert lines[0].startswith("TY  - ")
    assert all(re.fullmatch(r"[A-Z][A-Z0-9]  -( .*)?", line) for line in lines if line), [
        line for line in lines if line and not re.fullmatch(r"[A-Z][A-Z0-9]  -( .*)?", line)
    ]
    assert sum(line.startswith("TY  - ") for line in lines) == sum(line.startswith("ER  -") for line in lines)
    # and rispy reads every field back as written
    written = [ris_record(r) for r in references(papers)]
    assert rispy.loads(text) == written


def test_csl_json_round_trip_of_every_seed_paper(papers):
    items = json.loads(export.to_csl_json(papers))
    keys = export.citation_keys(papers)
    for p, item in zip(papers, items, strict=True):
        assert item["id"] == keys[p.id]
        names = [(a.get("given", ""), a.get("family") or a.get("literal")) for a in item.get("author", [])]
        assert [" ".join(x for x in n if x) for n in names] == p.authors
        if p.year:
            assert item["issued"]["date-parts"][0][0] == p.year
        if p.arxiv_id:
            assert item["number"] == f"arXiv:{p.arxiv_id}" and item["URL"].endswith(p.arxiv_id)
        assert ("note" in item and export.NOTE_DERIVED in item["note"]) == (p.title is None)
        assert "$" not in item.get("abstract", "") or "\\" not in item.get("abstract", "")


def test_text_that_is_not_ours_cannot_break_a_bibtex_entry():
    nasty = paper(
        title="Costs & 90% of {unbalanced #1 @misc{x, y}",
        authors=["Jörg Müller", "Ana de la Cruz", "O'Brien"],
        abstract="Speeds of 1.42$\\times$ } closing brace, 50% off, \\textit{ab initio} and a stray $ sign @article{z,",
    )
    text = export.to_bibtex([nasty])
    library = parse_bibtex(text)
    assert len(library.entries) == 1 and len(library.blocks) == 1
    f = library.entries[0].fields_dict
    assert decoded(f["title"].value) == nasty.title
    assert f["author"].value == "Jörg Müller and Ana de la Cruz and O'Brien"
    abstract = decoded(f["abstract"].value)
    assert "50% off" in abstract and "ab initio" in abstract and "@article{z," in abstract


def test_doi_and_venue_are_exported_when_papers_carry_them():
    p = paper(arxiv_id="2401.00001", categories=["cs.DC"]).model_copy(update={"doi": "10.1000/xyz", "venue": "SC '24"})
    bib = parse_bibtex(export.to_bibtex([p])).entries[0].fields_dict
    assert (
        bib["doi"].value == "10.1000/xyz"
        and bib["howpublished"].value == "SC '24"
        and bib["primaryClass"].value == "cs.DC"
    )
    ris = rispy.loads(export.to_ris([p]))[0]
    assert ris["doi"] == "10.1000/xyz" and ris["secondary_title"] == "SC '24" and ris["type_of_reference"] == "GEN"
    csl = json.loads(export.to_csl_json([p]))[0]
    assert csl["DOI"] == "10.1000/xyz" and csl["container-title"] == "SC '24"
    assert csl["issued"]["date-parts"] == [[2024, 3, 5]]


def test_unknown_format_names_the_valid_ones():
    from assistant.errors import BadRequest

    with pytest.raises(BadRequest, match="bibtex, ris, csl-json"):
        export.export([], "endnote")
    assert export.filename("../etc/passwd", "ris") == "etc-passwd.ris"
