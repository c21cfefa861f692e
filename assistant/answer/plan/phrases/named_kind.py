"""A list condition that asks for a named member of a kind ("which of his papers name a specific NVIDIA GPU model?",
"name the specific supercomputer they ran on", "name a particular Arctic sea or strait"): the kind, decided per paper
by whether its own text names one (evidence/named_instance.py), not a topic made of the kind's words."""

from __future__ import annotations

import re

# The verb of naming, then "specific"/"particular" (what makes it a named member, not the kind itself: "name the
# datasets they use" asks for the datasets), then the kind up to the clause it ends in ("they ran on", "such as …").
_NAMED_KIND = re.compile(
    r"\b(?:name|names|naming|identify|identifies|specify|specifies|tied\s+to|state|states)\s+"
    r"(?:(?:a|an|the|one|any|which)\s+)?(?:(?:specific|particular|concrete|single)\s+)+(?:named\s+)?"
    r"(?P<kind>[A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*){0,4}?)"
    r"(?=\s+(?:they|it|he|she|that|which|used|on|in|for|such|like|e\.g|including)\b|\s*[?,.;:(!]|\s*$)",
    re.I,
)


# Examples after the kind say its members' kinds too ("the specific hardware they ran on, like a particular chip,
# platform or supercomputer": chips, platforms and supercomputers are hardware named).
_EXAMPLES = re.compile(
    r"[^?.;]*?\b(?:like|such\s+as|e\.g\.?|including)\s+(?:(?:an?|the)\s+)?(?:(?:specific|particular)\s+)?"
    r"(?P<examples>[A-Za-z][\w-]*(?:\s*,\s*[A-Za-z][\w-]*|\s+(?:or|and)\s+[A-Za-z][\w-]*|\s+[A-Za-z][\w-]*)*)",
    re.I,
)
# "doesn't name any particular GPU model": the papers naming none are asked, read as a negated topic (phrases/negation)
_NEGATED = re.compile(r"(?:n['’]t|\bnot|\bnever)\s+(?:\w+ly\s+)?$", re.I)


def named_kind(question: str) -> str:
    """The kind whose named member the papers must state ("NVIDIA GPU model", "Arctic sea or strait"), with the
    kinds its examples give ("hardware or chip, platform or supercomputer"), or ""."""
    m = _NAMED_KIND.search(question)
    if not m or _NEGATED.search(question[: m.start()]):
        return ""
    kind = m.group("kind").strip()
    examples = _EXAMPLES.match(question, m.end())
    return f"{kind} or {examples.group('examples').strip()}" if examples else kind
