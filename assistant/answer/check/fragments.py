"""Fragments: pieces of a sentence that must not reach a reader as a claim ("…human ability metrics; 2", "…all at
once?" quoted as a statement, "(1) a scheme to (2"). The one check (citations.finish_blocks) repairs what can be
repaired (a dangling enumeration label cut off) and drops the rest when its block says something else."""

from __future__ import annotations

import re

from assistant.models import Claim

# A clause cut after a separator: "; 2", ", (3", ": and" at the end of the claim (before its markers and stop).
# (After a clause of three words or more, and not after ":": "2025: 9 [6][7]" is a count, not a cut clause.)
_DANGLING = re.compile(
    r"(?<=\w{3})\s*[;,]\s*(?:\(?(?:\d{1,2}|[ivx]{1,4}|[a-e])\)?|and|or|the|a|an)\s*(?=(?:\s*\[\d{1,3}\])*\s*[.!?]?\s*$)"
)
_MARKERS = re.compile(r"\s*\[\d{1,3}\]")


def reason(claim: Claim) -> str | None:
    """Why a cited claim is a fragment ("dangling", "question", "unbalanced"), or None when it is whole."""
    if not claim.cites:
        return None
    plain = claim.plain
    bare = _MARKERS.sub("", claim.text)
    if (m := _DANGLING.search(bare)) and len(bare[: m.start()].split()) >= 3:
        return "dangling"
    if plain.rstrip(" *_”\"'").endswith("?"):
        return "question"
    if plain.count("(") > plain.count(")") or plain.count("[") > plain.count("]"):
        return "unbalanced"
    return None


def repaired(claim: Claim) -> Claim | None:
    """The claim made whole (a dangling label cut off), or None when it cannot be."""
    why = reason(claim)
    if why is None:
        return claim
    if why == "dangling":
        text = re.sub(r"\s*(?=\[\d)", " ", _DANGLING.sub("", claim.text, count=1), count=1)
        fixed = Claim(text=text)
        return fixed if reason(fixed) is None else None
    return None
