"""Asking for the rest of a long list ("more", "show the rest", "next page"), and the words an answer offers it with."""

from __future__ import annotations

import re

# What a paged list's last line says (write/pages.py writes it; the planner reads it back in the previous answer).
REST_OFFERED = "ask for the rest"
OFFERED = re.compile(rf"\band \d+ more: {REST_OFFERED}\b", re.I)
# The whole question asks for the rest of the previous list: "more", "show me the rest", "next page please",
# "and the others?", "continue". "Tell me more about X" names something, so it is not this.
MORE = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|yes|and|then|please|now)\W+)*"
    r"(?:(?:show|give|list|send|tell)\s+(?:me\s+)?|(?:can|could)\s+you\s+(?:show|give|list)\s+(?:me\s+)?|"
    r"let\s+me\s+see\s+|i\s+want\s+)?(?:the\s+)?"
    r"(?:rest|more|next(?:\s+(?:page|ones|papers|\d+))?|remaining(?:\s+(?:ones|papers))?|others|other\s+ones|"
    r"continue|go\s+on|keep\s+going)"
    r"(?:\s+(?:of\s+(?:them|those|the\s+list|the\s+papers|it)|ones|papers|please))*\W*$",
    re.I,
)
