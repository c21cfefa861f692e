"""A superlative of a stated range: "the smallest AIPerf test setup used T4 cards?" against "… from 4 nodes with 32
NVIDIA Tesla T4 …, up to 512 nodes with 4096 Huawei Ascend 910 …". The range's lower end is its smallest, its upper
end its largest: the claim's names all held in the end its superlative picks is a Yes, all held in the other end a
No. Read by write/verdict.py before the other rules (the superlative itself is no word the paper must hold)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from assistant.answer.evidence.figures import quantities
from assistant.answer.evidence.query_terms import stem

_LOW = r"smallest|lowest|fewest|minimum|cheapest|shortest|narrowest|weakest|slowest"
_HIGH = r"largest|biggest|highest|maximum|longest|greatest|widest|strongest|fastest"
_SUPERLATIVE = re.compile(rf"\b(?:(?P<low>{_LOW})|(?P<high>{_HIGH}))\b", re.I)
# "from A, up to B", "from A to B", "ranging from A to B": the two ends of a range the sentence states; the upper end
# stops at the next clause ("…, and the results show …") or the next range ("from 8 GPUs to 64 GPUs and from …").
_RANGE = re.compile(
    r"\bfrom\s+(?P<a>[^;]+?)\s*,?\s+(?:up\s+to|to|through)\s+(?P<b>[^;]+?)"
    r"(?=\s+and\s+from\b|,\s+and\s|;|\)|\.\s|\.$|$)",
    re.I,
)
# A name or a value: a capital after its first letter, a digit, or a capitalised word inside the claim ("Tesla").
_NAME = re.compile(r"(?<!^)(?<![.?!]\s)\b(?:[A-Za-z]*[A-Z0-9][\w-]*)\b")


@dataclass(frozen=True)
class Ended:
    holds: bool
    sentence: str
    end: str  # the end of the range the claim's names are held in, as written


def _names(claim: str, naming: set[str]) -> set[str]:
    """The claim's names (less those naming the paper), by stem."""
    words = {m.group(0) for m in _NAME.finditer(claim) if not m.group(0).islower()}
    return {stem(w) for w in words if stem(w) not in naming and not _SUPERLATIVE.fullmatch(w)}


def _stems(text: str) -> set[str]:
    return {stem(w) for w in re.findall(r"[\w-]+", text)}


def weigh(claim: str, sentences: list[str], naming: set[str]) -> Ended | None:
    """The verdict on a superlative claim from the first sentence stating a range whose one end holds the claim's
    names it states and whose other end holds none of them; None when the claim has no superlative, states a figure,
    or no sentence states such a range."""
    sup = _SUPERLATIVE.search(claim)
    if not sup or quantities(claim):
        return None
    names = _names(claim, naming)
    if not names:
        return None
    for s in sentences:
        for m in _RANGE.finditer(s):
            upper = m.group("b")
            low, high = _stems(m.group("a")), _stems(upper)
            said = names & (low | high)
            for end, held, other in ((m.group("a"), low, high), (upper, high, low)):
                if said and said <= held and not said & other:
                    picked = bool(sup.group("low")) == (held is low)
                    # a Yes needs every name of the claim in the end it picks ("T4 GPUs" is not "T4"); the names the
                    # sentence holds all in the other end are a No
                    if picked and said != names:
                        return None
                    return Ended(picked, s, end.strip(" ,"))
    return None
