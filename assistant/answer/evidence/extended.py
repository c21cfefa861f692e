"""A name held by a longer form of it: its version joined on ("ARM" by "ARMv8", "Tianhe" by "Tianhe-2")."""

from __future__ import annotations

import re

# What a version appends to a name: "v8" (ARMv8), "-2" (Tianhe-2), "64" (ARM64), "3.5" (GPT3.5). A letter run after
# the name is another word ("ARMA" is not "ARM"), so only a digit, a "v" and a digit, or a hyphen and a digit extend.
_VERSION = re.compile(r"(?:v|-)?\d[\w.]*")
# A name this short and its form are one name only when the name is at least this long: "a" + "100" is not "A100".
MIN_NAME = 2


def extends(word: str, token: str) -> bool:
    """The token is the word with a version joined on ("armv8" for "ARM"); never a sibling ("armv9" for "ARMv8")."""
    w, t = word.casefold(), token.casefold()
    return len(w) >= MIN_NAME and len(t) > len(w) and t.startswith(w) and bool(_VERSION.fullmatch(t[len(w) :]))


def held(word: str, tokens: list[str] | set[str]) -> bool:
    """Some token is the word with a version joined on."""
    return any(extends(word, t) for t in tokens)
