"""Research themes: computed from the corpus, stable across ingests, a partition of the author's papers."""

from __future__ import annotations

import re

from assistant.core import Assistant
from assistant.models import Message
from assistant.settings import Settings
from tests.conftest import SEEDS


def test_every_author_paper_is_in_exactly_one_theme(assistant):
    themes = assistant.table().themes
    mine = {p.id for p in assistant.papers() if p.is_author_work}
    placed = [pid for t in themes for pid in t.paper_ids]
    assert sorted(placed) == sorted(mine)
    assert 3 <= len(themes) <= 6
    assert all(t.label and set(t.representative) <= set(t.paper_ids) for t in themes)
    labels = " ".join(t.label for t in themes)
    assert "quantization" in labels and "honpas" in labels.casefold()


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
