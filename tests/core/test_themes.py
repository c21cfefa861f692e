"""Research themes: computed from the corpus, stable across ingests, a partition of the author's papers."""

from __future__ import annotations

import re

from assistant.core import Assistant
from assistant.ingest.theme_labels import AND, COVERAGE_GOAL, GENERIC, coverage, describes, phrases
from assistant.ingest.themes import MAX_SPLIT_THEMES
from assistant.models import Message
from assistant.settings import Settings
from assistant.text import STOP
from tests.conftest import SEEDS


def test_every_author_paper_is_in_exactly_one_theme(assistant):
    themes = assistant.table().themes
    mine = {p.id for p in assistant.papers() if p.is_author_work}
    placed = [pid for t in themes for pid in t.paper_ids]
    assert sorted(placed) == sorted(mine)
    assert 3 <= len(themes) <= MAX_SPLIT_THEMES
    assert all(t.label and set(t.representative) <= set(t.paper_ids) for t in themes)


def _folded(text: str) -> str:
    return " ".join(text.casefold().split())


def test_every_label_is_a_short_phrase_of_its_own_papers(assistant):
    themes = assistant.table().themes
    labels = [t.label for t in themes]
    assert len(set(map(str.casefold, labels))) == len(labels)  # no two themes share a name
    for t in themes:
        parts = t.label.split(AND)  # one phrase, or two joined ("Quantization and model compression")
        assert len(parts) <= 2 and all(1 <= len(part.split()) <= (4 if len(parts) == 1 else 2) for part in parts)
        texts = [_folded(f"{p.title or ''} {p.abstract}") for p in map(assistant.paper, t.paper_ids)]
        for part in parts:
            assert any(_folded(part) in text for text in texts), f"{part!r} is in none of its papers"
            assert _folded(part) not in GENERIC and _folded(part) not in STOP


def test_every_label_describes_most_of_its_papers(assistant):
    # A theme's label is in the own text (title, abstract, comments; any word form) of at least 80% of its
    # papers. Before: "Benchmark suite" 0.22 (9 papers), "Kinetic Monte Carlo" 0.50, "Quantization" 0.70,
    # "Stencil computations" 0.67.
    shares = {
        t.label: coverage(t.label, [assistant.paper(pid) for pid in t.paper_ids]) for t in assistant.table().themes
    }
    assert all(share >= COVERAGE_GOAL for share in shares.values()), shares


def test_a_label_is_its_words_in_any_form():
    from tests.conftest import make_paper

    paper = make_paper(title="Mixed-precision quantized inference", abstract="We benchmark kernels on GPUs.")
    assert describes("Quantization", paper) and describes("GPU benchmarks", paper)
    assert describes("Quantization and pruning", paper)  # one of the two phrases is enough
    assert not describes("Pruning", paper) and not describes("Kinetic Monte Carlo", paper)


def test_candidate_phrases_stop_at_stopwords_punctuation_and_verbs():
    found = phrases(
        "We propose MoQE, a mixture of quantization experts; it improves post-training quantization accuracy."
    )
    assert "moqe" in found and found["post-training quantization"] == "post-training quantization"
    assert "quantization experts" in found
    assert not any(k.startswith("propose") or "," in k or " of " in f" {k} " for k in found)
    assert "improves post-training quantization" not in found  # a label never opens on a verb


def test_themes_are_stable_across_two_ingests(seeded_store, fresh_store):
    first = Assistant.from_settings(Settings(store_dir=seeded_store, seeds_dir=SEEDS)).table().themes
    again = Assistant.from_settings(Settings(store_dir=fresh_store, seeds_dir=SEEDS))
    again.ingest([SEEDS])
    assert [t.model_dump() for t in again.table().themes] == [t.model_dump() for t in first]


def test_overview_cites_only_papers_of_the_themes_it_names(assistant):
    a = assistant.answer([Message(role="user", content="What are the author's main research areas?")])
    themes = {t.label: set(t.paper_ids) for t in assistant.table().themes}
    named = re.findall(r"\*\*(.+?)\*\*", a.answer)
    assert named and set(named) <= set(themes)
    allowed = set().union(*(themes[label] for label in named))
    assert a.citations and {c.paper_id for c in a.citations} <= allowed
    for line in a.answer.splitlines():
        if m := re.match(r"- \*\*(.+?)\*\*", line):
            cited = {a.citations[int(n) - 1].paper_id for n in re.findall(r"\[(\d+)\]", line)}
            assert cited <= themes[m.group(1)]


def test_timeline_and_year_limited_overview(assistant):
    a = assistant.answer([Message(role="user", content="How has their work changed over time?")])
    assert "over time" in a.answer and "Earlier papers" in a.answer
    b = assistant.answer([Message(role="user", content="What did they work on before 2021?")])
    assert "research theme" in b.answer and all(c.year <= 2020 for c in b.citations)


def test_each_label_means_its_own_theme_more_than_any_other(assistant):
    import numpy as np

    table = assistant.table()
    themes = table.themes
    vectors = assistant.store.paper_vectors([assistant.paper(pid) for t in themes for pid in t.paper_ids])
    centres = np.stack([np.mean([vectors[pid] for pid in t.paper_ids], axis=0) for t in themes])
    centres /= np.linalg.norm(centres, axis=1, keepdims=True)
    labels = np.asarray(assistant.store.embeddings.embed_documents([t.label for t in themes]))
    closeness = labels @ centres.T
    assert [int(i) for i in closeness.argmax(axis=1)] == list(range(len(themes)))


def test_the_page_has_a_colour_for_every_theme():
    from pathlib import Path

    static = Path(__file__).resolve().parents[2] / "assistant" / "api" / "static"
    palette = int(re.search(r"const PALETTE = (\d+);", (static / "charts.js").read_text()).group(1))
    colours = set(re.findall(r"^\.theme-(\d+) \{", (static / "style.css").read_text(), re.MULTILINE))
    assert palette >= MAX_SPLIT_THEMES and colours == {str(i) for i in range(palette)}
