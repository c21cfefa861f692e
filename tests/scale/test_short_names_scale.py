"""Paper short names at corpus scale: one pass over the texts, the same names as one regex search per candidate."""

from __future__ import annotations

import re
import time

from assistant.answer.plan import names as name_rules
from assistant.ingest.manifest import load_manifest
from assistant.ingest.pipeline import build_corpus
from tests.conftest import SEEDS
from tests.scale.synth_papers import papers_with_vectors


def reference_short_names(papers) -> dict[str, str]:
    """The textbook rule: a candidate name counts when a boundary-checked search finds it in exactly one paper."""
    names: dict[str, str] = {}
    for p in papers:
        label = p.title or p.display_title
        head = re.split(r"[:(]", label)[0].strip()
        if head and len(head.split()) <= 3 and len(head) >= 3:
            names.setdefault(head.casefold(), p.id)
        if p.title:
            names.setdefault(p.title.casefold(), p.id)
        if p.arxiv_id:
            names.setdefault(p.arxiv_id, p.id)
    texts = {p.id: " ".join([p.title or "", *p.abstracts]) for p in papers}
    candidates: dict[str, str] = {}
    for p in papers:
        for m in list(name_rules._ABBREVIATION.finditer(texts[p.id])) + list(
            name_rules._INTRODUCED.finditer(texts[p.id])
        ):
            candidates.setdefault(m.group(1), p.id)
    for nm, pid in candidates.items():
        if len(nm) < 3 or nm.casefold() in names:
            continue
        pattern = re.compile(rf"(?<![\w=+-]){re.escape(nm)}s?(?![\w=+-])")
        if sum(1 for text in texts.values() if pattern.search(text)) == 1:
            names[nm.casefold()] = pid
    return names


def test_same_names_as_the_reference_on_the_seeds():
    papers = build_corpus([SEEDS], load_manifest(SEEDS)).papers
    assert name_rules.short_names(papers) == reference_short_names(papers)


def test_names_for_many_papers_take_well_under_a_second_each_thousand():
    papers, _ = papers_with_vectors(3000)
    for i, p in enumerate(papers):  # every paper defines an abbreviation; some share one, some use a plural
        p.abstract += f" We propose Sys{i % 1500}X (S{i}Q) and compare with S{i - 1}Qs."
    started = time.perf_counter()
    names = name_rules.short_names(papers)
    assert time.perf_counter() - started < 10
    assert "s5q" not in names  # paper 6 mentions "S5Qs": the plural counts as a mention
    assert names["s2999q"] == "p002999"  # mentioned by no other paper
    assert "sys7x" not in names  # introduced by two papers


def test_find_bounded_is_the_boundary_checked_search():
    papers = build_corpus([SEEDS], load_manifest(SEEDS)).papers
    names = name_rules.short_names(papers)
    texts = [
        "",
        "a",
        "what is fp=xint?",
        "x(moqe)",
        "moqes",
        "moqe-2",
        "moqe_x",
        "émoqe",
        "moqe moqe",
        "the honpas package",
    ]
    texts += [p.abstract.casefold() for p in papers[:10]]
    for word in (name_rules.NAME_CHAR, re.compile(r"\w")):
        boundary = word.pattern
        for name in list(names)[:80] + ["moqe", "a", "honpas"]:
            pattern = re.compile(rf"(?<!{boundary}){re.escape(name)}(?!{boundary})")
            for text in texts:
                m = pattern.search(text)
                assert name_rules.find_bounded(text, name, word) == (m.start() if m else -1), (name, text)
