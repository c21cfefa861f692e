"""Whether a paper says a short claim offered beside a figure ("near-linear scaling or an efficiency above 90%"): every
word of the claim, in some derived form, in one sentence of its own text."""

from __future__ import annotations

import re
from dataclasses import dataclass

from assistant.answer.evidence.query_terms import parts
from assistant.answer.evidence.topic_terms import texts_of
from assistant.ingest.theme_labels import stem
from assistant.models import Paper
from assistant.text import STOP

# Two words are forms of one when one's stem (theme_labels.stem: "nearly" and "near", "linearly" and "linear") starts
# the other's and the shorter keeps this many letters: "scaling" ("scal") and "scalability" ("scalabil"), which no
# ending the stemmer drops joins. Three letters would join "use" and "user"; four keeps "scal" off "scan".
SHARED_START = 4

_WORD = re.compile(r"[A-Za-z][\w]*(?:-\w+)*")


@dataclass(frozen=True)
class Said:
    paper: Paper
    sentence: str  # the sentence that says every word of the claim


def _stems(text: str) -> list[str]:
    return [stem(p) for w in _WORD.findall(text) for p in parts(w) if p.casefold() not in STOP]


def _form_of(a: str, b: str) -> bool:
    short, long = (a, b) if len(a) <= len(b) else (b, a)
    return short == long or (len(short) >= SHARED_START and long.startswith(short))


def says(claim: str, sentence: str) -> bool:
    """Every word of the claim, in some form, is in the sentence."""
    want, have = _stems(claim), _stems(sentence)
    return bool(want) and all(any(_form_of(w, h) for h in have) for w in want)


def saying(claim: str, papers: list[Paper]) -> list[Said]:
    """The papers one of whose sentences says the claim, each with the first such sentence."""
    out = []
    for p in papers:
        if s := next((t for t in texts_of(p) if says(claim, t)), None):
            out.append(Said(p, s))
    return out
