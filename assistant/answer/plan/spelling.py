"""Spelling: a word that is neither English nor the corpus's own, one edit from exactly one corpus word, corrected."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from pathlib import Path

WORDS = Path(__file__).parent / "data" / "english_words.txt"
_LETTERS = "abcdefghijklmnopqrstuvwxyz"


@cache
def english_words() -> frozenset[str]:
    lines = WORDS.read_text(encoding="utf-8").splitlines()
    return frozenset(w for w in lines if w and not w.startswith("#"))


def _stems(word: str) -> set[str]:
    """The words an inflected form may come from ("studied" → "study", "sends" → "send", "stopped" → "stop")."""
    out = set()
    for suffix, repl in (
        ("ies", "y"),
        ("ied", "y"),
        ("es", ""),
        ("s", ""),
        ("ed", ""),
        ("ed", "e"),
        ("ing", ""),
        ("ing", "e"),
        ("ly", ""),
        ("er", ""),
        ("est", ""),
        ("ers", ""),
    ):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            base = word[: -len(suffix)] + repl
            out.add(base)
            if len(base) >= 4 and base[-1] == base[-2] and not repl:  # "stopped" → "stopp" → "stop"
                out.add(base[:-1])
    return out


def is_word(word: str, knows: Callable[[str], bool]) -> bool:
    """An English word, a word of the corpus, or an inflection of either."""
    english = english_words()
    if word in english or knows(word):
        return True
    return any(s in english or knows(s) for s in _stems(word))


def _edits1(word: str) -> set[str]:
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    deletes = {a + b[1:] for a, b in splits if b}
    swaps = {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}
    replaces = {a + c + b[1:] for a, b in splits if b for c in _LETTERS}
    inserts = {a + c + b for a, b in splits for c in _LETTERS}
    return deletes | swaps | replaces | inserts


def _doubles_a_letter(word: str, candidate: str) -> bool:
    """The candidate is the word with one letter doubled: the inflection was misspelt ("programing")."""
    return len(candidate) == len(word) + 1 and any(
        candidate[:i] + candidate[i + 1 :] == word and candidate[i] == candidate[i - 1]
        for i in range(1, len(candidate))
    )


@cache
def _bare_contraction() -> re.Pattern:
    """A negative contraction typed without its apostrophe ("dont", "doesnt", "isnt"): an auxiliary and "nt", which
    is neither English nor a corpus word; it gets its apostrophe back, so negation and tags read it as the contraction.
    (Imported here: the phrases package reads this module's English words.)"""
    from assistant.answer.plan.phrases.claims import AUX

    return re.compile(rf"\b({AUX})nt\b", re.I)


def with_apostrophes(question: str, knows: Callable[[str], bool]) -> str:
    """The question with each negative contraction typed without its apostrophe written with it ("dont" -> "don't");
    a word that is English or the corpus's own stays."""
    english = english_words()

    def restore(m: re.Match) -> str:
        word = m.group(0)
        low = word.casefold()
        return word if low in english or knows(low) else f"{m.group(1)}n't"

    return _bare_contraction().sub(restore, question)


def _named(word: str) -> bool:
    """A word with a capital after a small letter ("ResNeXt", "LLaMA") is a name as its authors write it, never a
    typo: the corpus may write it only in a versioned form ("ResNext50"), and one edit from "resnet" it became another
    model's name (the ResNeXt of "ResNet or ResNeXt networks" was lost to the topic)."""
    return any(a.islower() and b.isupper() for a, b in zip(word, word[1:]))


def correct_spelling(question: str, knows: Callable[[str], bool]) -> tuple[str, list[str]]:
    """Words that are not English and that the corpus never uses, one edit away from exactly one word it does
    ("paralel" -> "parallel", "comunication" -> "communication"), replaced; returns the text and the corrections
    made. An English word the corpus happens not to use ("sends", "studied") is the user's word and stays: it
    used to become its nearest corpus word ("sends" -> "tends"). Candidates are generated from the word (~500),
    so the cost does not grow with the vocabulary."""
    fixes: list[str] = []
    english = english_words()

    def fix(m: re.Match) -> str:
        word = m.group(0)
        low = word.casefold()
        if len(low) < 5 or not low.isalpha() or low in english or knows(low) or _named(word):
            return word
        found = sorted(c for c in _edits1(low) if knows(c))
        if len(found) != 1:
            return word
        if is_word(low, knows) and not _doubles_a_letter(low, found[0]):
            return word  # a regular inflection ("reconfigured"), not "programing" for "programming"
        fixes.append(f"{word}→{found[0]}")
        return found[0].capitalize() if word[0].isupper() else found[0]

    return re.sub(r"\b[A-Za-z]+\b", fix, question), fixes


def respelled(text: str, fixes: list[str]) -> str:
    """A phrase read from the question as written (a topic) with the corrections correct_spelling made to the
    question ("gradiant boosted trees" -> "gradient boosted trees"): its words then match the papers' own. A word
    with a capital inside ("ResNeXt") is a name as its authors write it, kept: the corpus may write it otherwise
    ("ResNext50"), and a topic matches it as written."""
    for fix in fixes:
        wrong, right = fix.split("→")
        if wrong[1:] != wrong[1:].lower():
            continue
        text = re.sub(rf"\b{re.escape(wrong)}\b", right, text, flags=re.I)
    return text
