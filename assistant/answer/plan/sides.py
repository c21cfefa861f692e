"""The two sides of a comparison described rather than named: "the two X papers", "both X papers", "his two papers
on X" (the two papers sharing X), a parenthetical telling them apart ("(the general one and the joint low-rank one)"),
and a side picked out by one distinguishing title word ("the static paper and the dynamic paper"). Words are matched
against titles (and short names) word by word, with their inflections; nothing is guessed when the words do not pick
out exactly the papers asked for."""

from __future__ import annotations

import re

from assistant.index.bm25 import variants
from assistant.models import Paper

PAPER_NOUNS = r"(?:papers|works|articles|preprints|studies)"
# "the two X papers", "his two X papers", "both (of his) X papers", "his two papers on X"; X may be empty ("both
# papers he co-wrote with …"), then other slots decide the pool.
TWO_PAPERS = re.compile(
    r"\b(?:(?:the|his|her|their|these|those)\s+two|both(?:\s+of)?(?:\s+(?:the|his|her|their))?)\s+"
    r"((?:[\w-]+\s+){0,4}?)" + PAPER_NOUNS + r"\b(?:\s+(?:on|about)\s+([\w\s-]+?)(?=[,:;?.()]|\s+(?:from|in|by|"
    r"with|that|which|and|each|how|what)\b|$))?",
    re.I,
)
# "(the general LLC framework and the joint low-rank one)": the two sides told apart right after the description.
PARENTHESIS = re.compile(r"^\s*(?:[^()]{0,40}?)\(([^()]+?)\s+and\s+([^()]+?)\)")


def title_words(p: Paper) -> set[str]:
    """The words of a paper's title and short name, casefolded, hyphenated words both whole and in parts."""
    text = f"{p.label} {p.title or ''} {p.display_title}".casefold()
    words = set(re.findall(r"[\w-]+", text))
    return words | {part for w in words for part in w.split("-") if part}


def holds(words: set[str], word: str) -> bool:
    """Whether a title's words hold a word (or every part of a hyphenated one), in any inflection."""
    parts = [w for w in word.casefold().split("-") if w] or [word.casefold()]
    return bool(variants(word.casefold()) & words) or all(variants(part) & words for part in parts)


def sharing(shared: list[str], papers: list[Paper]) -> list[Paper]:
    """The papers whose titles hold every one of the shared words."""
    return [p for p in papers if shared and all(holds(title_words(p), w) for w in shared)]


def pick(side: list[str], papers: list[Paper]) -> Paper | None:
    """The one paper whose title holds the most of a side's words, if it holds strictly more than every other."""
    if not side:
        return None
    scored = sorted(((sum(holds(title_words(p), w) for w in side), i) for i, p in enumerate(papers)), reverse=True)
    if not scored or scored[0][0] == 0 or (len(scored) > 1 and scored[1][0] == scored[0][0]):
        return None
    return papers[scored[0][1]]


def only_title_with(words: list[str], papers: list[Paper]) -> Paper | None:
    """The only paper whose title holds every word of a side ("the static paper"), else None."""
    found = sharing(words, papers)
    return found[0] if len(found) == 1 else None
