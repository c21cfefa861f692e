"""What a scraped page says of itself: its heading and the statements of its chrome (the lines before its first
entry), each with its line, so an answer can quote "9 works" or "Unclaimed author" as the page states it.

A chrome line is often several statements glued together ("Trust 21 - EmergingVerification L1Unclaimed author"): it
is cut where a lower-case letter or a digit runs into a capital. A statement with a number is a figure (label and
value: "16papers", "h-index4", "Trust 21 - Emerging"); one without is kept only when it came from such a glued line
(a state the page shows beside its figures, "Unclaimed author"), not every sentence of the page's prose.
"""

from __future__ import annotations

import re

# A statement longer than this (words) is prose, not a label and its value.
MAX_WORDS = 6
# A chrome line longer than this (characters) is prose.
MAX_LINE = 120

_GLUE = re.compile(r"(?<=[a-z)%])(?=[A-Z])|(?<=\d)(?=[A-Z][a-z])")
_VALUE = r"[A-Z]?\d[\d,.]*%?"
# "16papers", "9 published item(s)", "4close collaborators": the number first.
_NUMBER_FIRST = re.compile(rf"^(?P<value>{_VALUE})\s*(?P<label>[A-Za-z][\w ()'-]*)$")
# "h-index4", "AI Score57", "Novelty57%", "Trust 21 - Emerging", "Verification L1": the label first.
_LABEL_FIRST = re.compile(rf"^(?P<label>[A-Za-z][\w ()'-]*?)\s*(?P<value>{_VALUE}(?:\s*-\s*[A-Za-z][\w ]*)?)$")


def heading(text: str) -> str:
    """The page's first non-blank line (what it calls itself: "Researcher profile"), when it is short."""
    for line in text.splitlines():
        if line.strip():
            return line.strip() if len(line.split()) <= MAX_WORDS else ""
    return ""


def _statement(segment: str, glued: bool, lineno: int) -> dict | None:
    segment = segment.strip(" -:·|")
    if not segment or len(segment.split()) > MAX_WORDS:
        return None
    for pattern in (_NUMBER_FIRST, _LABEL_FIRST):
        if m := pattern.match(segment):
            return {"label": m["label"].strip(), "value": m["value"].strip(), "line": lineno, "text": segment}
    if glued and re.search(r"[A-Za-z]{3}", segment):
        return {"label": segment, "value": "", "line": lineno, "text": segment}
    return None


def statements(text: str, before_line: int) -> list[dict]:
    """The statements of the lines before `before_line` (the page's first entry), each once."""
    found: list[dict] = []
    seen: set[tuple[str, str]] = set()
    for lineno, line in enumerate(text.splitlines()[: max(before_line - 1, 0)], 1):
        line = line.strip()
        if not line or len(line) > MAX_LINE:
            continue
        segments = _GLUE.split(line)
        for segment in segments:
            s = _statement(segment, len(segments) > 1, lineno)
            if s and (key := (s["label"].casefold(), s["value"])) not in seen:
                seen.add(key)
                found.append(s)
    return found
