"""The quantity a superlative ranks: "the largest GPU count", "the most GPUs or AI accelerators", its noun phrase read
into the noun, its modifiers and the alternatives it offers."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from assistant.answer.plan.phrases.dates import NUMBER_WORDS
from assistant.answer.plan.phrases.superlatives import Superlative, superlative
from assistant.answer.plan.phrases.wording import STRUCTURE, WORD_LISTS, _words
from assistant.text import STOP

# "the largest GPU count any of his papers reports", "the highest speedup he reports", "the most GPUs used", "Top
# speedup?", "the longest training run", "the largest speedup factor over its baseline", "the largest cost reduction
# for training LLMs": a superlative (read from its form, phrases/superlatives.py) of a quantity the papers report; the
# noun is what is counted or measured; "the most GPUs or AI accelerators" offers two nouns (either may be reported).
QUANTITY_EXTREME = re.compile(
    r"\b(?P<most>[A-Za-z]+est|most|least|top|best|worst|max(?:imum)?|min(?:imum)?)\s+"
    r"(?:number of\s+|count of\s+|reported\s+)?"
    r"(?P<np>[A-Za-z][\w/-]*(?:\s+[A-Za-z][\w/-]*){0,2}?(?:\s+or\s+[A-Za-z][\w/-]*(?:\s+[A-Za-z][\w/-]*)?)?)"
    r"(?:\s+(?:count|number|counts|numbers|figure|value|factor))?"
    r"(?:\s*\((?:by|in|of)\s+(?P<by>[^)]*)\)|\s*\([^)]*\))?"
    r"(?:\s+(?:that\s+|which\s+)?(?:any|one|each|all|of|in|across|among|he|she|they|his|her|their|the|reported|"
    r"used|does|did|is|was|has|have|ever|do|[a-z]+ed|over|against|versus|vs|for)\b|\s*[?.!,;:]|\s*$)",
    re.I,
)
# "parameter count / model size": a slash between spaced words offers either, as one without spaces does.
_SPACED_SLASH = re.compile(r"(?<=[A-Za-z])\s+/\s+(?=[A-Za-z])")


@dataclass(frozen=True)
class Extreme:
    direction: int  # 1 for the largest, -1 for the smallest
    noun: str  # what is counted or measured ("GPU", "speedup")
    # Every word of the noun phrase, the noun first, then its modifiers from the nearest ("model size": size, model):
    # the evidence step reads the first one the papers report figures of.
    words: tuple[str, ...] = field(default=(), compare=False)
    # False for a superlative that asks for a quantity only where the papers report its noun ("the strongest claim").
    trusted: bool = field(default=True, compare=False)
    # The nouns of a phrase offering alternatives ("GPUs or AI accelerators": GPUs, accelerators), each of which the
    # papers may report; empty for one noun. The plan ranks by the one whose figures reach furthest.
    heads: tuple[str, ...] = field(default=(), compare=False)
    phrase: str = field(default="", compare=False)  # the noun phrase as the question says it

    @property
    def said(self) -> str:
        """The quantity as the question names it ("model size"; "GPUs or AI accelerators")."""
        return self.phrase if self.heads else " ".join(reversed(self.words))


# A participle or verb closing the noun phrase is what was done with the quantity, not the quantity ("the biggest
# model size handled in", "the most GPUs used by"): "-ed" words after the first, and these.
_DONE = re.compile(r"(?i)^(?:\w+ed|run|built|done|seen|shown|given|taken|made|held|known|grown)$")


def quantity_extreme(question: str) -> Extreme | None:
    """The superlative of a reported quantity a question asks for, or None ("the largest GPU count …" -> (1, "GPU"))."""
    question = _SPACED_SLASH.sub("/", question)
    for m in QUANTITY_EXTREME.finditer(question):
        if (ranked := superlative(m.group("most"))) and (extreme := _extreme(m, ranked)):
            return extreme
    return None


def _extreme(m: re.Match, ranked: Superlative) -> Extreme | None:
    tokens = m.group("np").split()
    parts = [[w for token in part for w in _alternatives(token)] for part in _split_or(tokens)]
    if any(not part for part in parts) or parts[0][0].casefold() in _FUNCTION:
        return None  # "on top of sea ice", "at least two": a superlative ranks the noun right after it
    for part in parts:
        while len(part) > 1 and _DONE.match(part[-1]):
            part.pop()
    if len(parts) > 1 and any(_not_a_noun(part[-1]) for part in parts):
        parts = [[w for part in parts for w in (*part, "or")][:-1]]  # "or" joining no two nouns: read as before
    noun = parts[-1][-1]  # "accelerator chips" counts chips
    if _not_a_noun(noun):
        return None
    # "the biggest model (by parameter count)": the parenthesis names what the ranking reads, so its words come first.
    by = [w for w in re.findall(r"[A-Za-z][\w-]*", m.group("by") or "") if w.casefold() not in _MEASURE_WORDS]
    if len(parts) == 1:
        return Extreme(ranked.direction, noun, (*reversed(by), *reversed(parts[0])), ranked.trusted)
    # "GPUs or AI accelerators": each alternative's noun, then their modifiers from the nearest
    heads = tuple(part[-1] for part in parts)
    modifiers = [w for part in parts for w in reversed(part[:-1])]
    words = (*reversed(by), *heads, *modifiers)
    return Extreme(ranked.direction, noun, words, ranked.trusted, heads, " or ".join(" ".join(p) for p in parts))


def _split_or(tokens: list[str]) -> list[list[str]]:
    """The noun phrase's alternatives, split at "or" ("GPUs or AI accelerators" -> [GPUs], [AI, accelerators])."""
    parts: list[list[str]] = [[]]
    for t in tokens:
        if t.casefold() == "or":
            parts.append([])
        else:
            parts[-1].append(t)
    return parts


def _not_a_noun(word: str) -> bool:
    return word.casefold() in STRUCTURE | STOP | {"recent", "cited", "frequent", "often", "popular"}


# Words a superlative's noun never starts with: English's closed classes, numbers, and "of" (a stopword, text.STOP,
# so not in the closed-class file); STOP as a whole would also drop adjectives ("overall accuracy").
_FUNCTION = _words(WORD_LISTS[1]) | frozenset(NUMBER_WORDS.values()) | {"of"}
_MEASURE_WORDS = frozenset({"count", "counts", "number", "numbers", "figure", "value", "the", "its", "their"})


def _alternatives(token: str) -> list[str]:
    """A slash between two words offers either ("parallel/scaling efficiency"); a unit ("TFLOPS/W") stays whole."""
    parts = token.split("/")
    return parts if len(parts) > 1 and all(len(p) > 2 and p.isalpha() for p in parts) else [token]
