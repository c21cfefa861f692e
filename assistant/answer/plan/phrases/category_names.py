"""A subject category named in words rather than by its code ("filed under distributed/parallel computing" for the
table's "DC", "in the atmospheric and oceanic physics category" for "physics.ao-ph"): the names are data
(data/category_names.txt, arXiv's taxonomy), and a run of the question's words is a category's name when every one of
them is a word of that name and a word that files papers stands beside it."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

_DATA = Path(__file__).parent.parent / "data" / "category_names.txt"
# A word that files papers under a category, before the name ("filed under", "listed in the", "tagged as") or after
# it ("… category", "… section").
_BEFORE = re.compile(
    r"\b(?:filed|listed|classified|categori[sz]ed|tagged|sits?|sitting)\s+(?:under|in|as|with)\s+(?:the\s+)?$", re.I
)
_AFTER = re.compile(r"^\s+(?:arxiv\s+)?(?:categor(?:y|ies)|class(?:es)?|section|archive)\b", re.I)
_WORD = re.compile(r"[A-Za-z]+")
# Words of a name that say nothing of its subject alone.
_GLUE = frozenset({"and", "of", "in", "the", "for"})
# The fewest words a run needs to be read as a name (one word, "performance", is too often a topic's).
_LEAST_WORDS = 2


@cache
def _names() -> dict[str, frozenset[str]]:
    out = {}
    for line in _DATA.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            code, name = (part.strip() for part in line.split("|"))
            out[code] = frozenset(w.casefold() for w in _WORD.findall(name)) - _GLUE
    return out


def _name_of(code: str) -> frozenset[str]:
    """The words of a table code's name: the code as written ("cs.DC") or its short form ("DC")."""
    names = _names()
    if code in names:
        return names[code]
    full = [c for c in names if c.rsplit(".", 1)[-1] == code]
    return names[full[0]] if len({names[c] for c in full}) == 1 else frozenset()


def named_categories(question: str, codes: list[str]) -> list[tuple[str, str]]:
    """The table's codes the question names in words beside a filing word, each with the words that said it (the
    filing word's included)."""
    words = list(_WORD.finditer(question))
    found = []
    for code in codes:
        name = _name_of(code)
        i = 0
        while i < len(words):
            j = i
            while j < len(words) and (words[j].group(0).casefold() in name or _glue_inside(words, i, j, name)):
                j += 1
            run = [w for w in words[i:j] if w.group(0).casefold() not in _GLUE]
            if len(run) >= _LEAST_WORDS:
                start, end = words[i].start(), words[j - 1].end()
                before, after = _BEFORE.search(question[:start]), _AFTER.match(question[end:])
                if before or after:  # the filing words too: no topic
                    found.append(
                        (code, question[before.start() if before else start : end + (after.end() if after else 0)])
                    )
                    break
            i = max(j, i + 1)
    return found


def _glue_inside(words: list[re.Match], i: int, j: int, name: frozenset[str]) -> bool:
    """A glue word between two words of the name ("distributed and parallel computing")."""
    return (
        j > i
        and words[j].group(0).casefold() in _GLUE
        and j + 1 < len(words)
        and words[j + 1].group(0).casefold() in name
    )
