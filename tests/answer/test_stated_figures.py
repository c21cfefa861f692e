"""A figure a source states, asked as a count ("how many papers does her profile page list?"): the page's own figure,
read at ingest, not a count of the corpus that merges every source."""

from __future__ import annotations

from assistant.answer.corpus import ProfileFact
from assistant.answer.plan.stated import stated_fact
from assistant.ingest.profile_cards import profile_facts
from assistant.ingest.profile_items import stated_counts

FACTS = [
    ProfileFact("h-index", "7", "page.txt, line 3"),
    ProfileFact("papers", "41", "page.txt, line 4"),
    ProfileFact("published items", "12", "items.txt, line 20"),
]


def test_the_pages_own_counts_are_read_once_each():
    page = "Oren Vale\n\nh-index7\n41papers\n300citations\nh-index7\n41papers\nMLMar 3, 2024\nA Title\n"
    assert [(f["label"], f["value"]) for f in profile_facts(page)] == [
        ("h-index", "7"),
        ("papers", "41"),
        ("citations", "300"),
    ]
    items = "Published work\n\n12 published item(s)\n\npreprint2024arXiv\nA Title\nAn abstract.\n"
    assert stated_counts(items) == [{"label": "published items", "value": "12", "line": 3}]


def test_the_figure_asked_by_the_words_it_shares_with_the_question():
    assert stated_fact("what number of papers shows up on her profile?", FACTS).value == "41"
    assert stated_fact("how many published pieces does the listing page give for Vale?", FACTS).value == "12"


def test_no_stated_figure_for_a_count_the_page_cannot_answer():
    assert stated_fact("how many papers has she written?", FACTS) is None  # no page named: the corpus counts
    assert stated_fact("how many papers on her profile are about glaciers?", FACTS) is None
    assert stated_fact("how many of the entries on her page are from 2023?", FACTS) is None
    # a person or a position narrows the page's list: the corpus counts those
    assert stated_fact("how many papers on her profile page list Ann Ode as the lead author?", FACTS) is None
    assert stated_fact("on how many of the papers her page shows does Ann Ode appear?", FACTS) is None
