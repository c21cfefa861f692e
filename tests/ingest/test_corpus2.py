"""The second corpus (tests/data/corpus2): three exports of one researcher's papers merge to one record per paper.

The counts were worked out from the files by hand: 24 papers; the BibTeX file has 17 entries (4 with no
abstract anywhere, 2 whose abstract only OpenAlex brings), the Atom feed 11 <entry> elements for 10 papers
(two versions of 2104.01234), the OpenAlex page 15 works (one with a null abstract index).
"""

from __future__ import annotations

from pathlib import Path

from assistant.ingest.manifest import Manifest
from assistant.ingest.pipeline import build_corpus

CORPUS = Path(__file__).resolve().parents[1] / "data" / "corpus2"
MANIFEST = Manifest(principal_author="Keiko Tanaka", aliases=["田中 恵子"], orcid="0000-0002-1825-0097")
FILES = ["arxiv_tanaka.xml", "openalex_tanaka.json", "tanaka_zotero.bib"]


def corpus():
    return build_corpus([CORPUS / f for f in FILES], MANIFEST)


def test_each_file_reads_every_record_and_merging_leaves_one_per_paper():
    c = corpus()
    reports = {r.file: (r.shape, r.entries, len(r.warnings)) for r in c.reports}
    assert reports == {
        "arxiv_tanaka.xml": ("arxiv_atom", 10, 0),
        "openalex_tanaka.json": ("openalex", 15, 0),
        "tanaka_zotero.bib": ("bibtex", 17, 0),
    }
    assert len(c.papers) == 24
    assert len({p.title.casefold() for p in c.papers}) == 24
    # In all three files: 3 papers; in two: BibTeX+Atom 2, Atom+OpenAlex 1, BibTeX+OpenAlex 9 (one without an abstract
    # in either).
    in_files = sorted(len({s.file for s in p.sources}) for p in c.papers)
    assert in_files.count(3) == 3 and in_files.count(2) == 12 and in_files.count(1) == 9


def test_abstracts_merge_in_from_another_source_and_missing_ones_stay_missing():
    by_title = {p.title: p for p in corpus().papers}
    fpga = by_title["Quantized Convolutional Networks for On-Board Ice Classification on Small Satellites"]
    assert fpga.has_abstract and "2.3 W" in fpga.abstract  # BibTeX has none; OpenAlex's inverted index brings it
    assert fpga.venue == "2023 IEEE International Geoscience and Remote Sensing Symposium" or fpga.venue.startswith(
        "IGARSS 2023"
    )
    bare = sorted(t for t, p in by_title.items() if not p.has_abstract)
    assert bare == [
        "Deep Learning for Sea Ice: A Tutorial Review",
        "Machine Learning for Operational Sea-Ice Monitoring",
        "Sea-Ice Thickness Retrieval Intercomparison over the Barents Sea",
        "Towards Benchmark Datasets for Sea-Ice Segmentation",
    ]
    thesis = by_title["Machine Learning for Operational Sea-Ice Monitoring"]
    assert thesis.venue == "Hokkaido University" and thesis.year == 2018


def test_versions_ids_and_venues():
    by_title = {p.title: p for p in corpus().papers}
    fno = by_title["Emulating Sea-Ice Dynamics with Fourier Neural Operators"]
    assert (
        fno.arxiv_id == "2104.01234"
        and fno.doi == "10.1029/2021ms002790"
        and fno.venue == "Journal of Advances in Modeling Earth Systems"
    )
    assert "60-day rollout" in fno.abstract  # v2's text, not v1's
    labels = by_title["Label Noise in Operational Ice Charts"]  # BibTeX has no eprint: joined to the preprint by DOI
    assert {s.file for s in labels.sources} == set(FILES) and labels.arxiv_id == "2209.11223"
    crevasse = by_title["Crevasse Detection on Antarctic Ice Shelves with Vision Transformers"]
    assert crevasse.venue == "arXiv" and crevasse.doi is None  # OpenAlex's arXiv DataCite DOI is the arXiv id


def test_attribution_by_orcid_alias_name_and_not_by_initials():
    by_title = {p.title: p for p in corpus().papers}
    assert sum(p.is_author_work for p in by_title.values()) == 22
    fpga = by_title["Quantized Convolutional Networks for On-Board Ice Classification on Small Satellites"]
    assert fpga.is_author_work and "'田中 恵子', a listed alias" in fpga.attribution
    # Written as the manifest names her, so she is not her own co-author; the source spelling is noted.
    assert (
        fpga.authors == ["Keiko Tanaka", "Mei Lin"]
        and "author names normalized: 田中 恵子 → Keiko Tanaka" in fpga.notes
    )
    snow = by_title["Snow Depth on Sea Ice from Dual-Frequency Altimetry"]
    assert "ORCID 0000-0002-1825-0097" in snow.attribution
    chem = by_title["Palladium-Catalysed Cross-Coupling of Aryl Chlorides in Water"]
    assert not chem.is_author_work and "initials 'K. Tanaka'" in chem.attribution
    buoys = by_title["A Decade of Ice-Tethered Buoy Drift in the Transpolar Drift Stream"]
    assert not buoys.is_author_work


def test_the_kind_of_work_and_per_paper_citation_counts_are_kept_with_their_source():
    """The BibTeX entry type and OpenAlex's `type` name the kind of work ("@phdthesis" -> thesis), and OpenAlex's
    `cited_by_count` is kept per source file (a thesis has no OpenAlex record: no count)."""
    papers = {p.title: p for p in corpus().papers}
    thesis = papers["Machine Learning for Operational Sea-Ice Monitoring"]
    assert thesis.work_type == "thesis" and thesis.venue == "Hokkaido University" and thesis.cited_by == {}
    assert papers["Few-Shot Iceberg Detection in Synthetic Aperture Radar Images"].cited_by == {
        "openalex_tanaka.json": 111
    }
    assert papers["Sea-Ice Thickness Retrieval Intercomparison over the Barents Sea"].work_type == "journal article"
    assert papers["Towards Benchmark Datasets for Sea-Ice Segmentation"].work_type == "conference paper"
