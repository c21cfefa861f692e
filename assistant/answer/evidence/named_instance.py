"""Whether a paper names an instance of a kind ("name a specific NVIDIA GPU model": "on a single A100 GPU", "32 NVIDIA
Tesla T4"; "name the specific supercomputer": "on Tianhe-2 supercomputers", "a new Sunway supercomputer"; "name a
particular Arctic sea or strait": "across the Beaufort Sea"): a name written beside a word of the kind, in a
sentence of its own text. A paper that only says the kind ("on modern supercomputers", "GPU memory") names none.
"""

from __future__ import annotations

import re

from assistant.answer.evidence.topic_terms import texts_of
from assistant.answer.evidence.weigh import forms
from assistant.answer.plan.spelling import english_words
from assistant.models import Paper
from assistant.text import STOP

# How many words may stand between a name and the kind's word: before it ("NVIDIA A100 and A800 GPU clusters") and
# after it ("GPUs (e.g., A100)"); "Winter Sea Ice with CryoSat-2" is three words after "Sea", too far to name a sea.
BEFORE, AFTER = 3, 2
# Nouns that say a kind has members, not which kind ("GPU model", "type of sea"): no anchor of their own.
_PLACEHOLDERS = frozenset({"model", "models", "type", "types", "kind", "kinds", "version", "versions", "name", "one"})
_TOKEN = re.compile(r"[A-Za-z0-9][\w-]*")
# "GPUs (e.g., A100)": the abbreviation is no word between the kind and its example
_ABBREVIATION = re.compile(r"\b(?:e\.\s?g|i\.\s?e|cf|vs)\.", re.I)


def kind_words(kind: str) -> set[str]:
    """The words a sentence says the kind by, in every form: each alternative's head noun ("Arctic sea or strait":
    sea(s), strait(s); "NVIDIA GPU model": GPU(s)) and a modifier written as an acronym ("NVIDIA"); a modifier such as
    "Arctic" only narrows the kind ("Sentinel-1 scenes of the Arctic" names no sea)."""
    out = set()
    for part in re.split(r"\s*,\s*|\s+or\s+|\s+and\s+", kind):
        words = [w for w in _TOKEN.findall(part) if w.casefold() not in STOP | _PLACEHOLDERS]
        if words and not _is_name(words[-1], False, False):  # an example that is a name is a member ("Tianhe-2")
            out |= {words[-1], *(w for w in words[:-1] if w.isupper() and len(w) > 1)}
    return {f for w in out for f in (w.casefold(), *forms(w.casefold()))}


def _is_name(token: str, first: bool, titled: bool) -> bool:
    """A word written as a name: letters with a digit ("A100", "Tianhe-2", "T4"), or a capitalised word other than
    the sentence's first ("Sunway", "Beaufort"); a title capitalises every word, so there only one outside the
    English vocabulary ("over the Barents Sea")."""
    if token.casefold() in STOP:
        return False
    if token[0].isalpha() and any(c.isdigit() for c in token):
        return True
    if first or not token[0].isupper() or not token[1:].islower() or len(token) < 3:
        return False
    return not titled or token.casefold() not in english_words()


def names_one(kind: str, sentence: str, titled: bool = False) -> bool:
    """The sentence writes a name beside a word of the kind (`titled`: the paper's title)."""
    anchors = kind_words(kind)
    tokens = _TOKEN.findall(_ABBREVIATION.sub(" ", sentence))
    # "Northern Sea Route": a capitalised word after the kind's word makes it part of another name (a route's)
    at = [
        i
        for i, t in enumerate(tokens)
        if t.casefold() in anchors
        and (titled or i + 1 == len(tokens) or not (t[1:].islower() and tokens[i + 1].istitle()))
    ]
    near = any(
        tokens[j].casefold() not in anchors and _is_name(tokens[j], j == 0, titled)
        for i in at
        for j in range(max(0, i - BEFORE), min(len(tokens), i + AFTER + 1))
        if j != i
    )
    if near or titled or not at:
        return near
    # a name no English word spells, anywhere in a sentence (not a title) that says the kind ("sustained across five
    # leadership supercomputers … 48% of the Lineshine peak"): the clause names the member further on
    return any(_is_name(t, j == 0, True) for j, t in enumerate(tokens) if t.isalpha() and t.casefold() not in anchors)


def naming(kind: str, paper: Paper) -> str | None:
    """The first sentence of the paper's own text (its title, abstract, comments) that names an instance of the
    kind, or None."""
    return next((t for t in texts_of(paper) if names_one(kind, t, titled=t == paper.title)), None)


def naming_each(kind: str, papers: list[Paper], topic: str, topics) -> tuple[list[Paper], dict[str, str], str]:
    """The papers that name an instance of the kind, by id the sentence that names it, and no topic left: a topic
    that says none of the kind's words ("among his papers on LLM training systems") first narrows the papers
    (`topics.papers_on`: the membership every list uses); one that says them is the condition itself."""
    words = {w.casefold() for w in _TOKEN.findall(topic)}
    if topic and not words & kind_words(kind):
        papers = [sp.paper for sp in topics.papers_on(topic, papers)]
    said = {p.id: s for p in papers if (s := naming(kind, p))}
    return [p for p in papers if p.id in said], said, ""
