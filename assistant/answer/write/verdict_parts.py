"""A claim with several figures read as its parts: each figure, with the words that lead to the first and those it
counts, is a claim of its own, and the whole is a Yes only when no part is a No.

"looked at about 37 models over 80-plus benchmarks" against "over 80 models across 37 evaluation benchmarks": read
whole, both numbers are somewhere in the sentence and the bound "over 80" is met, so the rules said Yes; read as
"looked at about 37 models" and "looked at over 80-plus benchmarks", the first is stated otherwise (37 is said of the
benchmarks, 80 of the models), so the claim is a No. A part is decided by the same verdict as the whole claim
(write/verdict.decide), so a part never says Yes because the paper was found.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from assistant.answer.evidence.alignment import quantities, relation_start
from assistant.answer.write.premises import NO, YES, Verdict

# The words that join two counts of different things in one claim ("37 models over 80 benchmarks", "6 abilities and 11
# sub-abilities"). A figure joined otherwise qualifies the one before it ("82% with 5% of the labels", "0.91 against
# 0.64 for CFAR", "485x for memory and time by 11x" with its noun before it), so such a claim is read whole.
_JOIN = re.compile(r"(?:,|\s(?:and|over|across))\s*$", re.I)
_TRAILING = re.compile(r"(?:[\s,]+|\b(?:and|over|across)\b)+$", re.I)


def parts(claim: str) -> list[str]:
    """Each count of the claim as its own claim: the words before the first count, then that count with what it
    counts, up to the word joining it to the next; [] unless the claim holds two or more bare counts, each after the
    first joined to the one before."""
    found = quantities(claim)
    if len(found) < 2 or any(q.kind != "count" for q in found):
        return []
    starts = [relation_start(claim, q) for q in found]
    for i, q in enumerate(found[1:], 1):
        if _JOIN.search(claim[: starts[i]]):
            continue
        if not _JOIN.search(claim[: q.start]):
            return []
        # the join read as the count's bound ("80 models over 37 benchmarks": "over" as "more than") joins it only
        starts[i] = q.start
    lead = claim[: starts[0]]
    out = []
    for i, start in enumerate(starts):
        end = starts[i + 1] if i + 1 < len(starts) else len(claim)
        out.append(f"{lead}{_TRAILING.sub('', claim[start:end])}".strip())
    return out


def combined(claim: str, whole: Verdict, decide: Callable[[str], Verdict]) -> Verdict:
    """The whole claim's Yes kept only when no part of it is a No; the first part that is a No decides, quoting its
    own sentence. Any other verdict of the whole stands (a part's Yes does not make a No of the whole a Yes)."""
    if whole.word != YES:
        return whole
    for part in parts(claim):
        said = decide(part)
        if said.word == NO:
            return Verdict(NO, said.sentence, f"a part of the claim, {part!r}: {said.why}", said.term, rival=said.rival)
    return whole
