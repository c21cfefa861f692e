"""A contrasting alternative read as a contradiction: the sentence closest to a yes/no claim states its frame (the same
predicate and arguments) with another value in one slot ("auto-generated during the run-time stage?" against "In the
install-time stage, IAAT auto-generates …"; "runs on a GPU?" against "run it on an FPGA"). Read by write/verdict.py.

A slot is found by structure, never by a list of rival pairs (single-word vectors cannot tell a sibling from a
synonym: "drone"/"UAV" 0.64, "GPU"/"FPGA" 0.38): the value before the same head noun ("run-time stage" -
"install-time stage"), the other part of the same compound ("first-year" - "multi-year"), or the object of the same
preposition after the same verb or noun ("classified … with a CNN" - "classify … with a gradient-boosted tree").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from assistant.answer.evidence.acronyms import spelled_out
from assistant.answer.evidence.claim_terms import QUALITIES, abbreviates
from assistant.answer.evidence.figures import NUMBER_WORDS
from assistant.answer.evidence.query_terms import stem
from assistant.answer.plan.intents import STOP, topic_words

_TOKEN = re.compile(r"[A-Za-z0-9][\w'’+#.-]*[\w+#]|[A-Za-z0-9]")
# A slot never crosses punctuation or a new clause ("and" may join a verb's objects: "into leads and floes with …").
_CLAUSE = re.compile(r"[,;:()\[\]]|\.\s|\s(?:but|while|whereas|which|where)\s", re.I)
_PREPOSITIONS = frozenset({"on", "in", "with", "using", "via", "by", "during", "at", "from", "into", "onto", "through"})
_SKIPPED = frozenset({"a", "an", "the", "its", "their", "our", "his", "her", "it", "them", "each", "every", "single"})
# Where a modifier stands: after an article, a determiner or a preposition ("during the run-time stage"), not after
# a subject, where a verb stands ("did it gather data": "gather" is no value of "data").
_BEFORE_MODIFIER = _SKIPPED - {"it", "them"} | _PREPOSITIONS | {"this", "these", "that", "those", "for", "of", "to"}
# Words that fill a slot without naming a value ("improves … over task-specific models" for "beat …").
_SCALES = frozenset({"hundred", "thousand", "million", "billion", "trillion", "hundreds", "thousands", "millions"})
_PRONOUNS = frozenset({"i", "we", "you", "he", "she", "they", "it", "this", "these", "those", "that", "which"})
_RELATIONS = frozenset({"over", "across", "against", "between", "under", "than", "per", "beyond", "versus", "vs"})
# Words that fill a slot without naming its value (a word grading the thing, QUALITIES, fills it with no rival value
# either: "an efficient storage format" for "the sparse matrix storage format").
_NO_VALUE = STOP | _SKIPPED | _PREPOSITIONS | _RELATIONS | _PRONOUNS
# Of a sentence other than the closest, this much of the claim's other content words must be stated for it to state
# the claim's frame (the IAAT sentence holds 4 of its 5 other words; one on another step holds one or two).
FRAME = 0.6
# How far before the preposition the shared verb or noun may stand ("classify CryoSat-2 radar altimeter waveforms
# into leads and floes with …": the verb is 10 words back, but "waveforms" 6).
ANCHOR_SPAN = 6


@dataclass(frozen=True)
class Contrast:
    asked: str  # the claim's value of the slot
    stated: str  # the sentence's value of it
    sentence: str


def _tokens(text: str) -> list[str]:
    return [t.casefold().rstrip(".") for t in _TOKEN.findall(text)]


def _content(tokens: list[str]) -> list[str]:
    return [t for t in tokens if t not in STOP and t not in _PREPOSITIONS and not t.isdigit()]


def _key(word: str) -> str:
    """A word's stem, blind to a plural or third-person "s" ("runs" is "run", "leads" is "lead")."""
    w = word.casefold()
    if len(w) > 3 and w.endswith("s") and not w.endswith("ss"):
        w = w[:-1]
    return stem(w)


def _value(tokens: list[str], k: int) -> str | None:
    """The value that opens at position k: the first word after articles, pronouns and figures."""
    while k < len(tokens) and (tokens[k] in _SKIPPED | _SCALES or tokens[k].replace(".", "").isdigit()):
        k += 1
    return tokens[k] if k < len(tokens) else None


def _siblings(claim: list[str], i: int, part: list[str]) -> list[str]:
    """What the clause holds in the slot of claim[i]."""
    w = claim[i]
    out = []
    # The same head noun after it, for a modifier: "the run-time stage" - "install-time stage", "a 64-GPU H100
    # cluster" - "an A100 cluster".
    k = i - 1
    while k >= 0 and (claim[k][:1].isdigit() or "-" in claim[k]):
        k -= 1  # other modifiers before it: figures, compounds
    modifier = k >= 0 and claim[k] in _BEFORE_MODIFIER
    if (
        modifier
        and i + 1 < len(claim)
        and claim[i + 1].isalpha()
        and len(claim[i + 1]) > 2
        and claim[i + 1] not in STOP
    ):
        head = _key(claim[i + 1])
        out += [part[j - 1] for j in range(1, len(part)) if _key(part[j]) == head]
    # The other part of the same compound: "first-year" - "multi-year".
    if "-" in w:
        first, _, last = w.partition("-")
        for t in part:
            a, dash, b = t.partition("-")
            if dash and (b == last) != (a == first):
                out.append(t)
    # The object of the same preposition after the same verb or noun: "runs on a GPU" - "run it on an FPGA".
    k = i - 1
    while k >= 0 and claim[k] in _SKIPPED:
        k -= 1
    if k > 0 and claim[k] in _PREPOSITIONS:
        anchors = {_key(t) for t in _content(claim[max(0, k - ANCHOR_SPAN) : k])}
        for j, t in enumerate(part):
            if t == claim[k] and anchors & {_key(a) for a in part[max(0, j - ANCHOR_SPAN) : j]}:
                if (v := _value(part, j + 1)) is not None:
                    out.append(v)
    return out


def _holds(token: str, word: str, held: set[str], sentence: str) -> bool:
    """The sentence holds the claim's word: as a word, as the parts of a compound, or spelled out ("ML")."""
    # a compound's function words name nothing ("LLM-vs-skill")
    parts = [p for p in token.split("-") if p not in STOP and p not in _RELATIONS]
    return _key(token) in held or all(_key(p) in held for p in parts) or spelled_out(word, sentence)


def _figure(tokens: list[str], k: int) -> bool:
    return k >= 0 and bool(re.fullmatch(r"[\d.,]+", tokens[k]))


def _groups(words: list[str], claim: list[str]) -> int:
    """How many runs of adjacent claim words the words make ("convolutional neural net" is one value)."""
    at = sorted(claim.index(w) for w in words if w in claim)
    return sum(1 for n, i in enumerate(at) if n == 0 or i != at[n - 1] + 1)


def _before_head(claim: list[str], i: int, text: list[str]) -> bool:
    """The text holds the claim's modifier before the claim's own head noun, with at most HEAD_GAP words between
    ("the full-precision model" - "Full-Precision (FP) models")."""
    if i + 1 >= len(claim):
        return False
    word, head = _key(claim[i]), _key(claim[i + 1])
    return any(_key(t) == word and head in map(_key, text[j + 1 : j + 2 + HEAD_GAP]) for j, t in enumerate(text))


# Words between a modifier and its head that leave it the head's ("Full-Precision (FP) models": the acronym).
HEAD_GAP = 1


def contrast(
    claim: str, sentences: list[str], light: frozenset[str] = frozenset(), paper_text: str = ""
) -> Contrast | None:
    """The first sentence stating the claim's frame with another value in one of its slots, or None. `light` are
    words of the claim that need no place in the paper (those naming the paper, words that frame a finding). A value
    the claim itself holds or a function word fills no rival slot; a slot a sentence fills with a word grading the
    thing (QUALITIES: "an efficient storage format", "the major metric") has no rival value; nor has a slot the
    sentence fills with several values when `paper_text` (the abstracts) holds the claim's own value before its head
    ("a deep model series expansion … approximation of unquantized models" for "the full-precision model", of a paper
    on "Full-Precision (FP) models": several models, the claim's one among them)."""
    q = _tokens(claim)
    text = _tokens(paper_text)
    asked = {_key(t) for t in q}
    light_keys = {_key(x) for x in light}
    # Figures are the alignment's to compare (evidence/alignment.py); two-letter words name no value.
    named = {t: w for w in topic_words(claim) for t in _tokens(w) if len(t) > 2 and not t[:1].isdigit()}
    content = [t for t in named if t not in light and _key(t) not in light_keys]
    closest: set[str] = set()
    graded: set[str] = set()  # claim words a sentence fills with a grading word: no later sentence has a rival for them
    for n, s in enumerate(sentences):
        held = {_key(t) for t in _tokens(s)} | light_keys
        if n == 0:
            closest = held
        absent = [t for t in content if not _holds(t, named[t], held, s)]
        present = len(content) - len(absent)
        slots = _groups(absent, q)
        # The sentence closest to the claim by meaning states its frame when it shares any of its terms; another one
        # must state most of them (not another step, another finding).
        if not absent or slots > 2 or not present or n and present < FRAME * (present + slots - 1):
            continue
        for w in absent:
            if w in graded or w not in q or _figure(q, q.index(w) - 1):
                continue  # "194.53 Peta-OPS": the unit of a figure is the alignment's to compare
            if n and _holds(w, named[w], closest, sentences[0]):
                continue  # the closest sentence states the claim's own value: another sentence's is another thing
            values = [
                v
                for part in _CLAUSE.split(s)
                for v in _siblings(q, q.index(w), _tokens(part))
                # a figure ("24-hour drift") qualifies the slot, it is not its value
                # (nor a number in words: "five popular models" for "a handful of popular models")
                if not (_key(v) in asked or v in _NO_VALUE or v[:1].isdigit() or v in NUMBER_WORDS)
            ]
            if any(abbreviates(v, w) for v in values):
                continue  # "dense and MoE models" for "a mixture-of-experts model": the claim's value, abbreviated
            several = len(set(values)) > 1
            if QUALITIES & set(values):
                graded.add(w)  # "the original accuracy" for "the full-precision accuracy": the thing graded
                continue
            if values and not (several and _before_head(q, q.index(w), text)):
                return Contrast(w, values[0], s)
    return None
