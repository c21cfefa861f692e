"""A yes/no question about a set of papers: its quantifier, the set it names and the claim it makes of each.

"Are all of his quantization papers evaluated on LLMs?" -> all, "quantization", "evaluated on LLMs";
"Do both of his stencil papers use matrix units?" -> all (two), "stencil", "use matrix units";
"Did any of his papers run on Huawei accelerators?" -> any, "", "run on Huawei accelerators";
"Is everything he has dated 2026 about large language models?" -> all, "", "about large language models".

The quantifier must follow the question's auxiliary and reach the papers through "of" or a possessive: "Does she
have any papers on X?" and "Has he done any work on X?" ask whether such papers exist (the list answers them), not a
verdict on each paper of a set. Dates are the planner's (phrases.dates): they are taken out before the set and the
claim are read, so "his 2020 papers" names the set by its year alone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from assistant.answer.plan.paper_nouns import PLURAL
from assistant.answer.plan.phrases.dates import NUMBER_WORDS, dates

# The quantifier words, each with what it asks of the set (and the set's size it says, for "both").
QUANTIFIERS = {
    "all": ("all", None),
    "each": ("all", None),
    "every one": ("all", None),
    "both": ("all", 2),
    "any": ("any", None),
    "either": ("any", 2),
    "none": ("none", None),
    "neither": ("none", 2),
    "exactly one": ("one", None),
    "only one": ("one", None),
    "just one": ("one", None),
}
_AUX = r"(?:are|were|is|was|do|did|does|have|has|had|can|could|will|would)"
_QUANT = "(?:" + "|".join(sorted((re.escape(w) for w in QUANTIFIERS), key=len, reverse=True)) + ")"
_COUNT = r"(?:\d{1,2}|" + "|".join(sorted(map(re.escape, NUMBER_WORDS.values()), key=len, reverse=True)) + ")"
_POSSESSIVE = r"(?:his|her|their|the\s+author['’]s|[A-Z][\w-]*(?:\s+[A-Z][\w-]*)?['’]s)"
# "all three of his stencil papers", "both of her 2020 papers", "any of his papers"
_OF_SET = re.compile(
    rf"^\s*{_AUX}\s+(?P<q>{_QUANT})(?:\s+(?P<n>{_COUNT}))?\s+(?:of\s+)?{_POSSESSIVE}\s+(?P<scope>(?:[\w-]+\s+){{0,4}}?)"
    rf"{PLURAL}\b(?P<claim>.*)$",
    re.I,
)
# "Are his quantization papers all evaluated on LLMs?", "Do his two stencil papers both use matrix units?"
_SET_THEN = re.compile(
    rf"^\s*{_AUX}\s+{_POSSESSIVE}\s+(?:(?P<n>{_COUNT})\s+)?(?P<scope>(?:[\w-]+\s+){{0,4}}?){PLURAL}\s+"
    rf"(?P<q>all|both|each|every\s+one)\b(?P<claim>.*)$",
    re.I,
)
# "Is Tanaka first author on all of her papers with Ole Hansen?", "Was he funded by NSF in each of his 2020 papers?":
# the claim before the set, which a preposition reaches; what follows the paper noun still names the set.
_CLAIM_THEN_SET = re.compile(
    rf"^\s*(?P<aux>{_AUX})\s+(?!there\b)(?P<pre>\S+\s+\S.*?)\s+(?:on|in|for|across)\s+(?P<q>{_QUANT})(?:\s+(?P<n>{_COUNT}))?\s+"
    rf"(?:of\s+)?{_POSSESSIVE}\s+(?P<scope>(?:[\w-]+\s+){{0,4}}?){PLURAL}\b(?P<claim>.*)$",
    re.I,
)
# "Is everything he has dated 2026 about LLMs?", "Was everything she published in 2021 on sea ice?"
_EVERYTHING = re.compile(
    r"^\s*(?:is|was)\s+(?P<q>everything|all)\s+(?:that\s+)?(?:he|she|they)\s+(?:has|have|had\s+)?\s*"
    r"(?:(?:written|wrote|published|put\s+out|dated|released)\s+)?(?P<scope>)(?P<claim>.*)$",
    re.I,
)
# What is left of a date phrase once the date is out: "papers dated ‹2026›", "from ‹2020›".
_DATE_LEAD = re.compile(
    r"\b(?:(?:that\s+(?:are|were|was|is)\s+|which\s+(?:are|were)\s+)?"
    r"(?:dated|published|written|released|put\s+out|posted|from|in|of|during|since|before|after)\s+)+\x00",
    re.I,
)
_LEAD_WORDS = re.compile(r"^\s*(?:(?:dated|written|published|released)\s+)+", re.I)


@dataclass(frozen=True)
class Quantified:
    """What a yes/no question asks of a set of papers: `quantifier` all | any | none | one, the set's size when the
    question says it ("all three", "both"), the words naming the set beside the possessive ("stencil"), and the
    claim made of each paper ("use matrix units")."""

    quantifier: str
    count: int | None
    scope: str
    claim: str
    position: int | None = None  # the author position the claim asserts of each paper ("Tanaka first author")
    # a set the question names (phrases/named_sets.py): the claim asked of each paper alone, as a one-paper question
    # would ask it ("Does the snow depth paper use CryoSat-2 data?"), in the order of plan.named
    asked: tuple[str, ...] = ()

    def describe(self) -> str:
        size = f" ({self.count})" if self.count else ""
        return f"{self.quantifier}{size} of the papers{f' on {self.scope}' if self.scope else ''}: {self.claim}"


def _count(word: str | None) -> int | None:
    if not word:
        return None
    if word.isdigit():
        return int(word)
    return next((n for n, w in NUMBER_WORDS.items() if w == word.casefold()), None)


def _without_dates(question: str) -> str:
    """The question with its date phrase and the words that led to it taken out ("papers dated December 9, 2024")."""
    span = dates(question)
    if span is None or span.relative is not None:
        return question
    out = question
    for a, b in sorted(span.said, reverse=True):
        out = out[:a] + "\x00" + out[b:]
    return re.sub(r"\s+", " ", _DATE_LEAD.sub(" ", out).replace("\x00", " "))


def quantified(question: str) -> Quantified | None:
    """The quantifier, set and claim of a yes/no question about a set of papers; None for any other question."""
    text = _without_dates(question)
    found = _OF_SET.match(text) or _SET_THEN.match(text) or _EVERYTHING.match(text) or _CLAIM_THEN_SET.match(text)
    if found is None:
        return None
    word = re.sub(r"\s+", " ", found["q"].casefold())
    quantifier, size = QUANTIFIERS.get(word, ("all", None))
    claim = _LEAD_WORDS.sub("", found["claim"]).strip().rstrip("?").strip(" ,")
    if found.re is _CLAIM_THEN_SET:  # the claim is the clause before the set, its subject kept: "Tanaka first author"
        claim = f"{found['pre']} {claim}".strip()
    if not re.search(r"[A-Za-z]", claim):
        return None
    return Quantified(quantifier, _count(found.groupdict().get("n")) or size, found["scope"].strip(), claim)
