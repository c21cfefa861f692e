"""What a negation word governs: the words after it in its clause ("not published in a journal", "don't have Berg on
the author list", "never went up on arXiv", "NOT lead as first author"), read once for every condition a question may
negate (a kind of work, a source, a person, an author position)."""

from __future__ import annotations

import re

# A negation that governs the words after it in its clause ("not published in", "never at", "non-", "other than").
_GOVERNING = re.compile(
    r"(?:\b(?:not|never|no|nor|neither|excluding|except(?:\s+for)?|other\s+than|outside(?:\s+of)?|besides|"
    r"apart\s+from|rather\s+than|instead\s+of|without|leav(?:e|ing)\s+out|exclude|omit(?:ting)?|skip(?:ping)?)\b|"
    r"n['’]t\b|\bnon-)",
    re.I,
)
# A verb or preposition of leaving out governs each noun of the list it takes ("Leave out preprints and conference
# papers", "excluding workshops, theses or reports"): between it and a later noun, "and", "or" and commas join
# objects, not clauses (r28c54 read the conference papers it left out as the kind asked for).
_EXCLUDING = re.compile(
    r"\b(?:leav(?:e|ing)\s+out|exclud(?:e|ing)|omit(?:ting)?|skip(?:ping)?|except(?:\s+for)?|other\s+than|"
    r"apart\s+from|besides|neither)\b",
    re.I,
)
_JOINS = re.compile(r"\s*(?:,|\band\b|\bor\b|\bnor\b)\s*", re.I)
# What ends the reach of a negation: a clause break, a new clause of the question, or a verb of being that starts
# another predicate ("not about sea ice are on arXiv": the source is not negated).
_BREAK = re.compile(r"[,;:()?!]|\b(?:and|but|that|which|who|where|with|so|while|whose|are|is|were|was)\b", re.I)
# A negation reaches this many words ahead ("not published in IEEE venues": three words).
NEGATION_REACH = 4


def is_negation(word: str) -> bool:
    """The word is itself a negation ("never", "without"), no word of what it negates."""
    return bool(_GOVERNING.fullmatch(word))


def negates(text: str) -> bool:
    """Whether the text holds a negation word anywhere ("work on X that is NOT about Y", "non-quantization")."""
    return bool(_GOVERNING.search(text))


def governed(question: str, start: int) -> tuple[bool, int]:
    """Whether the words at `start` are negated within their clause, and where the negation starts (else `start`):
    the one reading of what a negation word governs, for any condition said after it (a kind of work, a source, a
    person)."""
    before = question[:start]
    for m in reversed(list(_GOVERNING.finditer(before))):
        between = re.sub(r"\([^()]*\)", " ", before[m.end() :])  # "not (as far as the records show) come out in"
        if _EXCLUDING.fullmatch(m.group(0)):
            between = _JOINS.sub(" ", between)  # "leave out preprints and conference papers": one list of objects
        if _BREAK.search(between) or len(re.findall(r"[\w'’-]+", between)) > NEGATION_REACH:
            return False, start
        return True, m.start()
    return False, start


# The plain negation words among those `governed` reads: "not", "never", "n't" (not "other than", "rather than",
# which set one person or thing against another).
_PLAIN = re.compile(r"not\b|never\b|n['’]t\b", re.I)


def plainly_negated(question: str, start: int) -> tuple[int, int] | None:
    """Where the plain negation governing the words at `start` is said ("not", "never", "n't"), else None."""
    negated, at = governed(question, start)
    m = _PLAIN.match(question, at) if negated else None
    return (at, m.end()) if m else None
