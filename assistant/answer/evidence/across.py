"""Questions about a kind of thing across the author's papers ("Which GPUs did he use?", "What datasets has he
evaluated on?"): the kind the question asks for (read by the planner) and every paper whose abstract names it, each
with the sentence that names it (the evidence the across writer lists).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from assistant.answer.evidence import clauses
from assistant.answer.evidence.weigh import ASKED_KIND, forms, vocabulary
from assistant.answer.plan.paper_nouns import PLURALS
from assistant.index.bm25 import terms
from assistant.models import Paper
from assistant.text import research_sentences

# A word that names one instance ("A100", "RTX", "ImageNet", "C4", "Sunway"): digits with letters, or capitals
# after the first letter.
_INSTANCE = re.compile(r"\b(?=[\w-]*\d)(?=[\w-]*[A-Za-z])[\w-]+\b|\b[A-Za-z][a-z]*[A-Z][\w-]*\b|\b[A-Z]{2,}[\w-]*\b")
# The question refers to one paper ("it", "this paper", "the work that …"): not a question across his papers.
_ONE = re.compile(
    r"\b(it|its|this|that|the (?:[\w-]+ ){0,3}?(?:paper|work|study|article|preprint|method|system|framework))\b",
    re.I,
)
_ACROSS_VERBS = re.compile(
    r"\b(use[ds]?|using|evaluat\w*|test\w*|train\w*|run|ran|benchmark\w*|experiment\w*|target\w*|employ\w*|"
    r"adopt\w*|rel(?:y|ied|ies) on|work\w* with)\b",
    re.I,
)
# Words of an asked-kind phrase that are not the kind itself ("which kinds of GPUs", "what types of datasets").
_GENERIC = {"kind", "kinds", "type", "types", "sort", "sorts", "of", "other", "different", "specific"}


@dataclass
class Mention:
    paper: Paper
    sentence: str  # the abstract's sentence (or clause of an enumeration) naming the kind, verbatim


def asked_kind(question: str, named: list[str], focus: list[str]) -> str | None:
    """The kind a question asks for across the author's papers ("GPUs"), or None: it names no paper, points
    back to none, refers to no single paper, asks "which/what <plural noun> did he <use/evaluate/…>"."""
    if named or focus or _ONE.search(question) or not _ACROSS_VERBS.search(question):
        return None
    m = ASKED_KIND.search(question)
    if not m:
        return None
    words = [w for w in m.group(1).split() if w.casefold() not in _GENERIC]
    if not words:
        return None
    head = words[-1]
    if head.casefold() in PLURALS:
        return None  # "which of his papers are about training X": papers selected by a topic, not a kind named in them
    plural = head.casefold().endswith("s") or head.casefold() in {"data", "corpora", "hardware", "software"}
    return head if plural and len(head) > 2 else None


def mentions(kind: str, papers: list[Paper]) -> list[Mention]:
    """Each paper whose abstract names the kind, with its sentence naming the most instances of it."""
    wanted = set().union(*(forms(t) for t in terms(kind))) if terms(kind) else set()
    out = []
    for p in papers:
        best: tuple[int, str] | None = None
        for abstract in p.abstracts:
            for s in research_sentences(abstract):
                if not (vocabulary(s) & wanted):
                    continue
                named = len([w for w in _INSTANCE.findall(s) if not forms(w.casefold()) & wanted])
                if named and (best is None or named > best[0]):
                    best = (named, s)
        if best:
            sentence = best[1]
            if len(sentence.split()) >= clauses.LONG_SENTENCE:  # the item of an enumeration that names it
                sentence = next((c for c in clauses.clauses(sentence) if vocabulary(c) & wanted), sentence)
            out.append(Mention(p, sentence))
    return out
