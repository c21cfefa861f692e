"""Fragments: pieces of a sentence that must not reach a reader as a claim ("…human ability metrics; 2", "…all at
once?" quoted as a statement, "(1) a scheme to (2"). The one check (citations.finish_blocks) repairs what can be
repaired (a dangling enumeration label cut off, a bracket never closed taken out) and drops the rest when its block
says something else."""

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
    """The claim made whole (a dangling label cut off, an unclosed bracket taken out), or None when it cannot be."""
    why = reason(claim)
    if why is None:
        return claim
    if why == "dangling":
        text = re.sub(r"\s*(?=\[\d)", " ", _DANGLING.sub("", claim.text, count=1), count=1)
    elif why == "unbalanced":
        # An abstract's own sentence or title with a bracket it never closes (one sentence in 18 of the synthetic
        # 10k corpus): dropping the claim dropped a paper from a list whose heading had counted it ("15 papers"
        # over 14 lines), so the stray bracket goes and every word stays.
        text = _closed(claim.text)
    else:
        return None
    fixed = Claim(text=text)
    return fixed if reason(fixed) is None else None


def _closed(text: str) -> str:
    """The text without the opening brackets it never closes ("It scales (up to 20 cores" -> "It scales up to 20
    cores"); matched pairs and citation markers are kept."""
    open_at: dict[str, list[int]] = {"(": [], "[": []}
    for i, ch in enumerate(text):
        if ch in open_at:
            open_at[ch].append(i)
        elif ch in ")]" and open_at["(" if ch == ")" else "["]:
            open_at["(" if ch == ")" else "["].pop()
    stray = {i for at in open_at.values() for i in at}
    kept = "".join(ch for i, ch in enumerate(text) if i not in stray)
    return re.sub(r"[ \t]{2,}", " ", kept)
