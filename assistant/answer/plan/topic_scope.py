"""A topic phrase's alternatives and its asides, read from the question's punctuation before its words are taken.

"his compiler / HPC-kernel work (stencils, loops, GEMM)" names a union: papers on any of "compiler", "HPC-kernel",
"stencils", "loops", "GEMM". Once the punctuation is gone ("compiler HPC-kernel stencils loops GEMM") no paper says
all of it, and the answer refused. Slashes between words, a parenthesised list, a list a dash sets apart and a
run of short items set apart by commas ("glaciers, icebergs and ice shelves") are read here as "or", the separator
evidence/topics.alternatives grounds one by one. An aside "X or not" ("hers or not", "quantized or not")
says a condition does NOT apply: it is structure, never a topic word.
"""

from __future__ import annotations

import re

from assistant.answer.plan.paper_nouns import EITHER
from assistant.text import STOP

# "compiler / HPC-kernel", "quantum chemistry / electronic structure": a slash set apart by spaces divides the
# topic. A tight one ("AI/deep-learning systems", "I/O") joins two words inside one phrase that share its head:
# splitting there made "benchmarks performance AI" an alternative of its own and listed 9 unrelated papers.
# A tight slash between two words right before a noun of papers ("compression/quantization papers") shares no head
# with them: each word is a topic of its own.
_SLASH = re.compile(
    r"(?<=[\w)])\s+/\s*(?=\w)|(?<=[\w)])\s*/\s+(?=\w)"
    rf"|(?<=\w)/(?=[\w-]+\s+{EITHER}\b)",
    re.I,
)
# "(stencils, loops, GEMM)", "(kinetic Monte Carlo and the like)": a parenthesis gives examples or qualifiers of
# the topic, each an alternative of it.
_PAREN_LIST = re.compile(r"\(([^()]+)\)")
# The end of a list of examples, which names none: "and the like", "and similar", "etc." (a closed class of English,
# like the conjunctions). "not X" in the parenthesis is a topic left out (phrases.negated reads it), no example.
_LIST_TAIL = re.compile(
    r"(?:,?\s*\b(?:and|or)\s+(?:the like|similar(?: ones| work| papers)?|so on|such|others|more|the rest)|"
    r",?\s*\betc\b\.?|,?\s*\bamong others)\s*$",
    re.I,
)
# "land ice — icebergs, glaciers, ice shelves — as opposed to …": a list set apart by a pair of dashes is an aside of
# examples, like a parenthesis.
_DASH_LIST = re.compile(r"\s[—–-]{1,2}\s*([^—–()]+?,[^—–()]+?)\s*[—–-]{1,2}\s")
# "… on land ice — glaciers, ice shelves, icebergs?": a list a dash opens that runs to the end of the sentence is one
# too (read as one run of words, no paper said all of it and none was listed), when every item is a short phrase
# that opens with a content word: "GPUs — which, if any, use CUDA?" is a clause, no list.
_DASH_TAIL = re.compile(r"\s[—–]{1,2}\s*([^—–()?!.]+?,[^—–()?!.]+?)\s*[?!.]*\s*$")
_ITEM_WORDS = 4
# "glaciers, icebergs and ice shelves", "few, noisy or missing labels": a run of short items set apart by commas, its
# last joined by "and" / "or", lists sub-topics; its separators are read as "or" (the items' words run together named
# one subject no paper says). An item opening with a stop word is a clause ("X, which …"), no list.
_COMMA_LIST = re.compile(r"[\w-]+(?:\s*,\s*[\w-]+(?:\s+[\w-]+){0,3}){1,}\s*,?\s+(?:and|or)\s+[\w-]+", re.I)
_SEPARATOR = re.compile(r"\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+", re.I)
# "(not X)", "(non-LLM)": a topic left out, no example ("scaling classical (non-LLM) algorithms" made "non-LLM" an
# alternative, and it grounded the LLM papers).
_NOT_ITEM = re.compile(r"(?:^|[,;]|\b(?:but|and))\s*(?:(?:but\s+)?not\s+[^,;]+|non-[\w-]+\s*(?=[,;]|$))", re.I)
# "hers or not", "quantized or not": a condition said not to matter.
_OR_NOT = re.compile(r"\b[\w-]+\s+or\s+not\b,?", re.I)
_ORS = re.compile(r"(?:\s*\bor\b\s*)+", re.I)


def as_alternatives(text: str) -> str:
    """The text with its listed sub-topics joined by "or" and its "X or not" asides removed."""
    text = _OR_NOT.sub(" ", text)
    text = _DASH_LIST.sub(lambda m: f" ({m.group(1)}) ", text)
    text = _DASH_TAIL.sub(lambda m: f" ({m.group(1)}) " if _a_list(m.group(1)) else m.group(0), text)
    text = _PAREN_LIST.sub(lambda m: _as_or(_examples(m.group(1))), text)
    text = _COMMA_LIST.sub(lambda m: _SEPARATOR.sub(" or ", m.group(0)) if _a_list(m.group(0)) else m.group(0), text)
    return _SLASH.sub(" or ", text)


def _a_list(text: str) -> bool:
    """Every item of the comma list is a short phrase opening with a content word (not a stop word)."""
    items = [i.split() for i in _SEPARATOR.split(text.strip()) if i.strip()]
    return len(items) >= 2 and all(len(i) <= _ITEM_WORDS and i[0].casefold() not in STOP for i in items)


def _as_or(examples: str) -> str:
    """A parenthesis's examples as alternatives; nothing when it only left a topic out ("(non-LLM)")."""
    return " or " + re.sub(r"\s*(?:,|/|\band\b)\s*", " or ", examples) + " " if examples else " "


def _examples(inside: str) -> str:
    """A parenthesis's examples: its list tail and the items it says are not meant taken out."""
    return _LIST_TAIL.sub("", _NOT_ITEM.sub(" ", inside)).strip()


def tidy(topic: str) -> str:
    """A topic's words with no "or" left at either end or twice in a row ("or stencils or or GEMM" -> "stencils or
    GEMM"), once the structure words between them are gone."""
    parts = [p.strip() for p in _ORS.split(f" {topic} ") if p.strip()]
    return " or ".join(parts)
