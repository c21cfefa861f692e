"""What the corpus's own sentences say is a kind of what: "compression techniques, including quantization and
decomposition", "parameter sharing, a form of structured compression", "data compression methods, such as
sparsification". Mined once per table at ingest (`Derived.json`) and read by the topic matcher, so a question about a
field ("his model compression papers") also finds the papers that name only one of its kinds ("post-training
quantization"), because the corpus says that kind belongs to the field, not because a list of ours says so.

Only three sentence shapes are read (lexico-syntactic patterns in the manner of Hearst, 1992): "Y (methods) such as /
including / like / e.g. X1, X2 and X3", "X, a form (kind, type, class, family) of Y" and "X is a form of Y". A
relation is keyed by Y's head word (its last word, "compression" of "structured compression"); each X is a short noun
phrase (at most MAX_KIND_WORDS words, cut at the first preposition, clause word or bracket).
"""

from __future__ import annotations

import re
import sys
from collections import defaultdict
from collections.abc import Sequence

from assistant.index import bm25, field_kinds, named_kinds
from assistant.index.bm25 import terms
from assistant.index.derived import Derived, code_digest
from assistant.index.paper_terms import paper_texts
from assistant.models import Paper

# A kind is a short noun phrase: "quantization", "parameter sharing", "Top-k sparsification with error compensation"
# cut at "with". Longer items of a list are clauses ("diminished model performance due to …"), not kinds.
MAX_KIND_WORDS = 3
# Nouns that say "a kind of thing" after the field's own word: "compression techniques, including …" is about
# compression. The field is the word before them.
_KIND_NOUNS = (
    r"techniques?|methods?|approaches|approach|algorithms?|schemes?|strategies|strategy|models?|tasks?|frameworks?|"
    r"tools?|benchmarks?|operations?|variants?|families|family|architectures?|systems?"
)
_WORD = r"[A-Za-z][\w-]*"
_EXAMPLES = re.compile(
    rf"(?<![\w-])(?P<y>{_WORD})(?:\s+(?:{_KIND_NOUNS}))?(?:\s*,\s*|\s+)\(?\s*(?:such as|including|like|e\.g\.,?)\s+"
    r"(?P<list>[^.;:()]+)",
    re.I,
)
_FORM_OF = re.compile(
    rf"(?P<x>(?:{_WORD}\s+){{0,{MAX_KIND_WORDS - 1}}}{_WORD})(?:,\s+|\s+is\s+)an?\s+"
    rf"(?:form|kind|type|class|family|variant|special case)\s+of\s+(?P<y>{_WORD}(?:\s+{_WORD})?)",
    re.I,
)
# Cheap tests for the two shapes before their patterns run (case-folded text).
_CONNECTORS = ("such as", "including", "like ", "e.g.")
_KIND_OF = tuple(f"{k} of " for k in ("form", "kind", "type", "class", "family", "variant", "special case"))
# Where a list item's noun phrase ends: a preposition, a clause word, a verb of the sentence going on.
_ENDS = set(
    """in with for to on of by from at into over under that which who whose where when while due as than via using
    is are was were be been being has have had can could may might will would should effectively
    significantly""".split()
)
_LEADING = {"the", "a", "an", "its", "their", "our", "other", "various", "several", "many", "some", "both"}


def _items(listed: str) -> list[str]:
    """The kinds a list names: "quantization and decomposition" -> both; "sparsification in Federated Averaging"
    -> "sparsification"."""
    out = []
    for part in re.split(r",\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+", listed):
        words = []
        for w in part.split():
            if w.casefold() in _ENDS:
                break
            if not words and w.casefold() in _LEADING:
                continue
            words.append(w)
        if words and len(words) <= MAX_KIND_WORDS and terms(" ".join(words)):
            out.append(" ".join(words))
        if len(part.split()) > MAX_KIND_WORDS + 2:
            break  # the list has turned into the sentence's clause: later parts are no items of it
    return out


# Text extraction sometimes glues "including" to the word before ("mainstream LLMsincluding LLaMA and Qwen"); no
# English word ends in "including" but the word itself, so the glue is undone before reading.
_GLUED = re.compile(r"(?<=[A-Za-z])(?=including\s)")


def mine(text: str) -> list[tuple[str, str]]:
    """(field head, kind) pairs one sentence states."""
    low = text.casefold()
    examples = any(c in low for c in _CONNECTORS)
    form_of = any(k in low for k in _KIND_OF)
    if not (examples or form_of):  # most sentences: the patterns' backtracking at every word is what costs
        return []
    text = _GLUED.sub(" ", text)
    out = []
    for m in _EXAMPLES.finditer(text) if examples else ():
        head = named_kinds.head_term(m.group("y"))
        out += [(head, x) for x in _items(m.group("list"))] if head else []
    for m in _FORM_OF.finditer(text) if form_of else ():
        field = []  # "regularization for deep networks": the field ends where a preposition starts
        for w in m.group("y").split():
            if w.casefold() in _ENDS:
                break
            field.append(w)
        head = named_kinds.head_term(" ".join(field))
        words = [w for w in m.group("x").split() if w.casefold() not in _LEADING]
        if head and words:
            out.append((head, " ".join(words)))
    return [(h, x) for h, x in out if not set(terms(x)) <= bm25.variants(h)]  # "LLMs, including LLM" is no kind


class Kinds:
    """Field head term -> the kinds the corpus names of it."""

    def __init__(self, relations: dict[str, list[str]]):
        self.relations = relations

    @classmethod
    def of(cls, derived: Derived, table_papers: Sequence[Paper], sentences=None) -> Kinds:
        """`sentences`: the table's SentenceIndex when built (its stored research sentences, not split again)."""
        rules = code_digest(sys.modules[__name__], named_kinds, bm25)
        if sentences is None:
            texts = paper_texts
        else:  # as paper_texts, the sentences read from the index: splitting them again was ~5 s per 10k papers
            at: dict[int, int] = {}  # made only when the item is computed: a start makes no paper record

            def texts(p: Paper) -> list[str]:
                if not at:
                    at.update((id(q), i) for i, q in enumerate(table_papers))
                return [t for t in [p.title or "", *sentences.texts(at[id(p)]), *p.comments] if t]

        return cls(derived.json(f"kinds-{rules}", lambda: build(table_papers, texts)))

    def of_field(self, term: str) -> list[str]:
        """The kinds the corpus names of a field, by any form of its head term ("LLMs" or "LLM")."""
        out: list[str] = []
        for form in sorted(bm25.variants(term.casefold())):
            out += self.relations.get(form, [])
        return list(dict.fromkeys(out))

    def known(self, phrase: str) -> list[str]:
        """The kinds a reader knows of the field the whole phrase names ("neural networks": "U-Net", "vision
        transformer"; index/field_kinds.py), which the corpus need not state."""
        return field_kinds.of(phrase)


def build(papers: Sequence[Paper], texts=paper_texts) -> dict[str, list[str]]:
    """The kinds lists name ("Y such as X") and the names said to be one (index/named_kinds.py: "Sentinel-1 SAR"),
    by the kind's head term; a name keeps its spelling, which says it is one ("U-Net", not "u-net")."""
    found: dict[str, dict[str, None]] = defaultdict(dict)
    for p in papers:
        for text in texts(p):
            for head, kind in mine(text):
                found[head][kind.casefold()] = None
            for head, name in named_kinds.mine_named(text):
                found[head][name] = None
    return named_kinds.closed({h: list(kinds) for h, kinds in sorted(found.items())})
