"""FirstWords: the strings a text may hold, found from the text's own words; never one that occurs is missed."""

from __future__ import annotations

import random
import re

from assistant.answer.plan.conversation import NAME_CHAR, find_bounded
from assistant.index.first_words import FirstWords


def test_every_string_a_text_holds_is_a_candidate_in_the_strings_order():
    names = ["fp=xint", "moe-disco", "dynatrain", "calm", "(x) net", "hpc ai500", "race"]
    index = FirstWords(names, NAME_CHAR.pattern)
    text = "how do fp=xint and hpc ai500 differ from calm, not trace?"
    assert index.among(text) == ["fp=xint", "calm", "(x) net", "hpc ai500"]  # "(x) net" starts with no word
    assert "race" not in index.among(text)  # inside "trace": not bounded, never a candidate
    assert index.among("what is x?", also=("dynatrain",)) == ["dynatrain", "(x) net"]  # words written in later
    assert index.among("moe?") == ["(x) net"]  # "moe-disco" is one word here (NAME_CHAR joins "-")


def test_candidates_are_a_superset_of_what_a_scan_finds():
    rng = random.Random(3)
    words = ["li", "wei", "zhang", "anna", "smith", "jean-luc", "o'brien", "yu", "chen", "x"]
    people = sorted({" ".join(rng.sample(words, rng.randint(1, 3))) for _ in range(300)}, key=len, reverse=True)
    index = FirstWords(people, r"\w")
    for _ in range(300):
        text = " ".join(rng.choice(words) for _ in range(rng.randint(3, 12))).title() + "?"
        low = text.casefold()
        found = index.among(text)
        assert {p for p in people if find_bounded(low, p, re.compile(r"\w")) >= 0} <= set(found)
        assert found == [p for p in people if p in found]  # the strings' own order
