"""Which sentences give a number of what a "how many" question counts.

"How many evaluation suites …?" is answered by the sentence whose number counts the asked thing ("37 evaluation
benchmarks"), not by one with other numbers. A paper often counts the thing by a kind of it: "How many networks are
in the ensemble?" against "We train an ensemble of 10 U-Nets": no form of "networks" follows the 10, so the calibration
sentence ("0.018 against 0.064") was quoted. When no sentence of a paper counts the asked words in any form, the
words after its numbers are read by meaning (MiniLM): those whose cosine to the counted words is the paper's highest
and at least COUNTED_MEANING count it.
"""

from __future__ import annotations

import re

from assistant.answer.plan.phrases.wording import STRUCTURE

# all-MiniLM-L6-v2, word against word: "networks" is 0.60 from "U-Nets", "ResNets", 0.61 from "CNNs"; 0.17-0.34 from
# "stencil kernels", "scenes", "months", "points", "tiles"; "kernels" 0.54 from "stencil kernels" (found by form).
COUNTED_MEANING = 0.58
_WORD = re.compile(r"[A-Za-z][\w-]*")
_HOW_MANY = re.compile(r"\bhow\s+many\s+((?:[\w-]+\s+){0,2}[\w-]+)", re.I)
_COUNT = re.compile(r"(?<![\w.])\d[\d,]*(?:\.\d+)?\s*[kKMB]?\+?(?=\s+((?:[\w-]+\s+){0,2}[\w-]+))")
_HOW_MANY_STOP = frozenset({"did", "does", "do", "are", "were", "was", "the", "they", "his", "her", "its", "has"})


def counted_words(question: str) -> set[str]:
    """The stems of what a "how many" question counts ("how many evaluation suites" -> evalua, suites)."""
    m = _HOW_MANY.search(question)
    if not m:
        return set()
    return {w.casefold()[:5] for w in m.group(1).split() if w.casefold() not in _HOW_MANY_STOP and len(w) > 2}


def counts(sentence: str, stems: set[str]) -> bool:
    """A number of the sentence is followed, within three words, by one of the counted stems ("37 evaluation …")."""
    return any(w.casefold()[:5] in stems for m in _COUNT.finditer(sentence) for w in m.group(1).split())


def counted_phrase(question: str) -> str:
    """The words a "how many" question counts, as written, less function and structure words ("how many networks
    went into" -> "networks")."""
    m = _HOW_MANY.search(question)
    if not m:
        return ""
    return " ".join(w for w in m.group(1).split() if w.casefold() not in STRUCTURE | _HOW_MANY_STOP and len(w) > 2)


def counting(picker, question: str, sentences: list[str]) -> set[str]:
    """The sentences (of one paper) that give a number of what `question` counts; none when it counts nothing."""
    stems = counted_words(question)
    if not stems:
        return set()
    literal = {s for s in sentences if counts(s, stems)}
    phrase = counted_phrase(question)
    if literal or not phrase:
        return literal
    after = {s: {w for m in _COUNT.finditer(s) for w in _WORD.findall(m.group(1)) if len(w) > 2} for s in sentences}
    words = sorted(set().union(*after.values())) if after else []
    if not words:
        return set()
    asked = phrase.split()
    vectors = picker.text_vectors([*asked, *words])
    near = {w: max(float(vectors[w] @ vectors[a]) for a in asked) for w in words}  # word against word
    best = {s: max((near[w] for w in ws), default=0.0) for s, ws in after.items()}
    top = max(best.values())
    return {s for s, b in best.items() if b >= COUNTED_MEANING and b == top} if top >= COUNTED_MEANING else set()
