"""The papers' own code in a question's negated words: "don't say anything about their code", "never mention releasing
code", "with no code available" ask for the papers without code (the opposite of the code route's "have code" and
"say their code is released"), not for papers off a topic "code"."""

from __future__ import annotations

import re

# The code as the object of the negated words, not a noun before another ("code generation", "compiler code
# optimization" are topics): the last mention of the code, and only words of its release, availability or mark after
# it ("their code will be released", "code available", "code release", "code link"). "Codes" are programs ("not about
# chemistry or density-functional codes", r17s58), never the papers' own code.
_CODE = re.compile(r"\b(?:source\s+)?(?:code|implementations?|github)\b(?![-])", re.I)
# A word that names a program ("the MiniFE code", "the HONPAS code"): a capital past its first letter or a digit.
_NAME = re.compile(r"^.+[A-Z]|\d")
# A compound before it says what kind of program ("density-functional code"), bar a release ("open-source code").
_KIND = re.compile(r"^(?!open-)[\w]+-[\w-]+$", re.I)
_OF_RELEASE = frozenset(
    "is are was were will would be been being has have had can could shall made make public publicly openly freely "
    "available availability released release releases releasing out online open sourced link links mark marks tag "
    "tags badge badges repository repositories repo".split()
)


def code_asked(words: str) -> bool:
    """Whether negated words are about the papers' own code ("releasing code", "anything about their code", "code
    available", "their code will be released"), not a topic that names code ("code generation")."""
    found = list(_CODE.finditer(words))
    if not found:
        return False
    last = found[-1]
    before = re.findall(r"[\w'’-]+", words[: last.start()])
    if before and (_NAME.search(before[-1]) or _KIND.search(before[-1])):
        return False  # "the MiniFE code", "density-functional code": a program named or of a kind, a topic
    return all(w in _OF_RELEASE for w in re.findall(r"[\w'’]+", words[last.end() :].casefold()))
