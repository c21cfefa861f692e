"""Each bibliographic-format fixture parses to the records a careful reader writes down from it.

The expectations below were written by reading tests/data/formats/*, not by recording parser output.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from assistant.ingest.manifest import Manifest
from assistant.ingest.openalex import rebuild_abstract
from assistant.ingest.pipeline import build_corpus, parse_file

FORMATS = Path(__file__).resolve().parents[1] / "data" / "formats"
MANIFEST = Manifest(principal_author="Keiko Tanaka", aliases=["田中 恵子"], orcid="0000-0002-1825-0097")

SEA_ICE = "Sea-Ice Type Classification from Sentinel-1 SAR with Self-Attention"
TGRS = "IEEE Transactions on Geoscience and Remote Sensing"
EMULATING = "Emulating Sea-Ice Dynamics with Neural Operators"
DRIFT = "Ice Drift Forecasts with Graph Neural Networks"
DRIFT_ABSTRACT = "Sea-ice drift is forecast on an irregular mesh with a graph neural network trained on buoy tracks."
SNOW = "Snow Depth on Sea Ice from Dual-Frequency Altimetry"
LABEL_NOISE_DOI = "10.5194/tc-17-801-2023"


def rec(
    line, title, authors, date, precision, abstract="", arxiv_id=None, doi=None, venue=None, truncated=False, **extra
):
    return dict(
        line=line,
        title=title,
        authors=authors,
        authors_truncated=truncated,
        abstract=abstract,
        date=date,
        date_precision=precision,
        arxiv_id=arxiv_id,
        doi=doi,
        venue=venue,
        **extra,
    )


EXPECTED = {
    "library.bib": (
        "bibtex",
        [
            # @string macro for the journal, `mar` month macro, {\"u} accents, doubly braced words.
            rec(
                5,
                SEA_ICE,
                ["Jörg Müller", "Lucía García", "Keiko Tanaka"],
                "2022-03",
                "month",
                abstract="We classify sea-ice types in dual-polarised Sentinel-1 images with a "
                "self-attention network. On 412 scenes "
                "from the Fram Strait the model reaches 91.3% overall accuracy, 6 points above a U-Net baseline.",
                doi="10.1109/tgrs.2022.3151234",
                venue=TGRS,
            ),
            # "and others" is a truncated author list; a braced month; no abstract (DBLP-style).
            rec(
                17,
                "Melt Pond Fraction from Optical Imagery",
                ["Keiko Tanaka", "John Smith"],
                "2021-07",
                "month",
                truncated=True,
                venue="Proceedings of the IEEE International Geoscience and Remote Sensing Symposium (IGARSS)",
            ),
            # BibLaTeX eprinttype/eprint, DBLP's CoRR venue.
            rec(26, EMULATING, ["Keiko Tanaka", "Ole Hansen"], "2021", "year", arxiv_id="2104.01234", venue="CoRR"),
            rec(
                38,
                DRIFT,
                ["Ole Hansen", "Keiko Tanaka"],
                "2023",
                "year",
                abstract=DRIFT_ABSTRACT,
                arxiv_id="2305.06789",
            ),
            # BibLaTeX `date`, a DOI given as a URL in upper case, a @string in braces.
            rec(
                53,
                SNOW,
                ["K. Tanaka", "Ivan Petrov"],
                "2024-05-17",
                "day",
                doi="10.1016/j.rse.2024.114012",
                venue="Remote Sensing of Environment",
            ),
        ],
        [48, 61],  # the entry whose title never closes; the entry with neither title nor abstract
    ),
    "library.ris": (
        "ris",
        [
            rec(
                1,
                "Label Noise in Operational Ice Charts",
                ["Keiko Tanaka", "Jörg Müller"],
                "2023-02-14",
                "day",
                abstract="Operational ice charts are drawn by analysts and disagree with each other. We "
                "measure the disagreement on "
                "1,200 charts and train with a noise-robust loss.",
                doi=LABEL_NOISE_DOI,
                venue="The Cryosphere",
            ),
            rec(
                15,
                "Iceberg Detection with Few Labels",
                ["Ole Hansen"],
                "2020",
                "year",
                arxiv_id="2006.04321",
                venue="Proceedings of IGARSS 2020",
            ),
            rec(
                28,
                "Arctic Shipping Routes Under Thinning Ice",
                ["Keiko Tanaka"],
                "2022",
                "year",
                abstract="A technical report on route choices.",
            ),
        ],
        [23, 28],  # a record with only an author and a year; the last record has no ER line
    ),
    "library_csl.json": (
        "csl_json",
        [
            rec(
                3,
                "Coastline Extraction with Self-Supervised Pretraining",
                ["Keiko Tanaka", "Anna de Vries"],
                "2023-03",
                "month",
                abstract="We pretrain on unlabelled Sentinel-2 tiles and fine-tune for coastline "
                "extraction with 5% of the labels.",
                doi="10.1016/j.isprsjprs.2023.02.011",
                venue="ISPRS Journal of Photogrammetry and Remote Sensing",
                orcids={"Keiko Tanaka": "0000-0002-1825-0097"},
            ),
            rec(
                18,
                "Physics-Informed Wave Forecasting",
                ["Keiko Tanaka", "Polar Observation Consortium"],
                "2020-11-19",
                "day",
                arxiv_id="2011.09876",
                venue="arXiv",
            ),
        ],
        [28],
    ),
    "arxiv_feed.xml": (
        "arxiv_atom",
        [
            # Three versions of 2104.01234 (v1, v3, v2 in feed order) are one entry: v3's title, text, DOI and journal.
            rec(
                11,
                EMULATING,
                ["Keiko Tanaka", "Ole Hansen"],
                "2021-04-02",
                "day",
                abstract="We train Fourier neural operators to emulate a viscous-plastic sea-ice model. "
                "The emulator runs 300 times "
                "faster than the model on one GPU and stays stable for a 60-day rollout.",
                arxiv_id="2104.01234",
                doi="10.1029/2021ms002790",
                venue="Journal of Advances in Modeling Earth Systems 13 (2021)",
                categories=["physics.ao-ph"],
                comments=["v3: journal version", "versions in the feed: v1, v2, v3; the newest is kept"],
            ),
            rec(
                32,
                DRIFT,
                ["Ole Hansen", "Keiko Tanaka"],
                "2023-05-11",
                "day",
                abstract=DRIFT_ABSTRACT,
                arxiv_id="2305.06789",
                venue="arXiv",
                categories=["physics.ao-ph"],
            ),
        ],
        [],
    ),
    "openalex_page.json": (
        "openalex",
        [
            rec(
                5,
                SEA_ICE,
                ["Jörg Müller", "Lucía García", "Keiko Tanaka"],
                "2022-03-01",
                "day",
                abstract="We classify sea-ice types in dual-polarised Sentinel-1 images with a self-attention network.",
                doi="10.1109/tgrs.2022.3151234",
                venue=TGRS,
                orcids={"Keiko Tanaka": "0000-0002-1825-0097"},
            ),
            # abstract_inverted_index null, no source, an author known only by initials.
            rec(25, "Polar Low Detection in Reanalysis Data", ["K. Tanaka"], "2021-01-01", "day"),
            # arXiv's DataCite DOI is the arXiv id; the repository venue is "arXiv"; "with" and "on" recur in the index.
            rec(
                38,
                "Ice drift forecasts with graph neural networks",
                ["Ole Hansen", "Keiko Tanaka"],
                "2023-05-11",
                "day",
                abstract=DRIFT_ABSTRACT,
                arxiv_id="2305.06789",
                venue="arXiv",
                orcids={"Keiko Tanaka": "0000-0002-1825-0097"},
            ),
        ],
        [],
    ),
    "openalex_work.json": (
        "openalex",
        [
            rec(
                2,
                "Label noise in operational ice charts",
                ["Keiko Tanaka", "Jörg Müller"],
                "2023-02-14",
                "day",
                doi=LABEL_NOISE_DOI,
                venue="The Cryosphere",
                orcids={"Keiko Tanaka": "0000-0002-1825-0097"},
            )
        ],
        [],
    ),
    "s2_papers.json": (
        "semantic_scholar",
        [
            rec(
                6,
                SNOW,
                ["K. Tanaka", "Ivan Petrov"],
                "2024-05-17",
                "day",
                abstract="We combine CryoSat-2 and ICESat-2 freeboards to estimate snow depth on Arctic "
                "sea ice with gradient-boosted trees.",
                doi="10.1016/j.rse.2024.114012",
                venue="Remote Sensing of Environment",
            ),
            rec(
                16,
                "Physics-Informed Wave Forecasting",
                ["Keiko Tanaka"],
                "2020",
                "year",
                arxiv_id="2011.09876",
                venue="arXiv.org",
            ),
        ],
        [25],  # the batch's null for an unknown id
    ),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_fixture_parses_to_the_records_read_from_it(name):
    shape, want, warning_lines = EXPECTED[name]
    entries, report = parse_file(FORMATS / name, MANIFEST)
    assert report.shape == shape
    assert len(entries) == len(want)
    for e, w in zip(entries, want):
        assert {"line": e.source.line, **{k: getattr(e, k) for k in w if k != "line"}} == w
    assert sorted(w.line for w in report.warnings) == sorted(warning_lines), [str(w) for w in report.warnings]


@pytest.mark.parametrize("name, line", [("broken_page.json", 7), ("broken_feed.xml", 5)])
def test_a_malformed_file_is_reported_with_its_line_and_the_rest_still_ingests(name, line):
    corpus = build_corpus([FORMATS / "library.ris", FORMATS / name], MANIFEST)
    (bad,) = [r for r in corpus.reports if r.file == name]
    assert bad.entries == 0 and [w.line for w in bad.warnings] == [line]
    assert name in str(bad.warnings[0])
    assert len(corpus.papers) == 3  # library.ris still read


def test_inverted_index_is_rebuilt_in_word_order():
    assert rebuild_abstract({"b": [1], "a": [0, 2], "c": [3]}) == "a b a c"
    assert rebuild_abstract(None) == "" and rebuild_abstract({"x": "junk"}) == ""


def test_merge_across_formats_gives_one_record_per_paper():
    files = [FORMATS / n for n in EXPECTED]
    corpus = build_corpus(files, MANIFEST)
    by_title = {p.title.casefold(): p for p in corpus.papers}
    # 11 papers: sea-ice types, melt ponds, emulating, ice drift, snow depth, label noise, icebergs,
    # shipping routes, coastlines, wave forecasting, polar lows.
    assert len(corpus.papers) == 11, sorted(by_title)
    sea = by_title[SEA_ICE.casefold()]
    assert {s.file for s in sea.sources} == {"library.bib", "openalex_page.json"}  # by DOI
    assert sea.doi == "10.1109/tgrs.2022.3151234" and sea.venue == TGRS
    emu = by_title[EMULATING.casefold()]
    assert {s.file for s in emu.sources} == {
        "library.bib",
        "arxiv_feed.xml",
    } and emu.venue == "Journal of Advances in Modeling Earth Systems 13 (2021)"
    drift = by_title[DRIFT.casefold()]
    assert {s.file for s in drift.sources} == {"library.bib", "arxiv_feed.xml", "openalex_page.json"}
    label = by_title["label noise in operational ice charts"]
    assert {s.file for s in label.sources} == {
        "library.ris",
        "openalex_work.json",
    } and label.has_abstract  # RIS brings the abstract
    wave = by_title["physics-informed wave forecasting"]
    assert not wave.has_abstract and wave.arxiv_id == "2011.09876"
    assert {p.title for p in corpus.papers if not p.has_abstract} == {
        "Melt Pond Fraction from Optical Imagery",
        "Physics-Informed Wave Forecasting",
        "Polar Low Detection in Reanalysis Data",
        "Iceberg Detection with Few Labels",
    }
    merged = {r.file: r.merged for r in corpus.reports}
    assert merged == {
        "library.bib": 4,
        "library.ris": 1,
        "library_csl.json": 1,
        "arxiv_feed.xml": 2,
        "openalex_page.json": 2,
        "openalex_work.json": 1,
        "s2_papers.json": 2,
    }


def test_attribution_says_which_signal_decided():
    corpus = build_corpus([FORMATS / n for n in EXPECTED], MANIFEST)
    by_title = {p.title.casefold(): p for p in corpus.papers}
    coast = by_title["coastline extraction with self-supervised pretraining"]
    assert coast.is_author_work and "ORCID 0000-0002-1825-0097" in coast.attribution
    melt = by_title["melt pond fraction from optical imagery"]
    assert melt.is_author_work and "named among the authors" in melt.attribution and "ORCID" not in melt.attribution
    # Initials alone are too ambiguous.
    for title in ("snow depth on sea ice from dual-frequency altimetry", "polar low detection in reanalysis data"):
        p = by_title[title]
        assert not p.is_author_work and "initials 'K. Tanaka'" in p.attribution and "too ambiguous" in p.attribution
    iceberg = by_title["iceberg detection with few labels"]
    assert not iceberg.is_author_work and "not among its authors" in iceberg.attribution


def test_a_bare_percent_in_a_bibtex_field_keeps_the_text_after_it(tmp_path):
    # To BibTeX "5%" is text; the LaTeX decoder read it as a comment and dropped the rest of the abstract.
    path = tmp_path / "hand.bib"
    path.write_text(
        "@article{a,\n  title = {T},\n  abstract = {Within 5% of the budget and 91.3\\% accurate; more text.}\n}\n",
        encoding="utf-8",
    )
    (entry,), _ = parse_file(path, MANIFEST)
    assert entry.abstract == "Within 5% of the budget and 91.3% accurate; more text."
