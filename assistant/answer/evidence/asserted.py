"""The part of a yes/no claim that it asserts of the work, read from the claim's structure: not a lead-in before a
colon that a complete yes/no clause follows ("Quick check: did her study classify waveforms with a tree?"), and not
its negated topic, the alternative it rejects or the thing it denies ("… rather than a neural net", "… without
labels"). The paper need not hold those words for a yes. Read by write/premises.py and write/verdict.py.
"""

from __future__ import annotations

import re

from assistant.answer.plan import phrases

_COLON = re.compile(r":\s+")


def asserted(claim: str) -> str:
    """The claim less its lead-in and its negated topic."""
    for m in _COLON.finditer(claim):
        after = claim[m.end() :]
        if phrases.yes_no(after.rstrip(" ?") + "?") is not None:
            claim = after  # the lead-in frames the question; the clause after the colon is the claim
            break
    return phrases.without_negation(claim).strip()
