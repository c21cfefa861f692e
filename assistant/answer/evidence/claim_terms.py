"""Whether a claim's words are the paper's: each content word of a yes/no claim found in the paper (as written,
another form of it, or a close variant by meaning), and, for one it lacks, the term a sentence states in its place
("copper-nickel alloy" against "Fe-Cu alloy"; "learned from drone imagery" against "learned from helicopter
photographs"). The listing's metadata (comments, venue) counts as the paper's text. Read by write/verdict.py.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from assistant.answer.evidence import alignment
from assistant.answer.evidence.weigh import vocabulary
from assistant.answer.plan.intents import STOP, topic_words
from assistant.index.bm25 import terms
from assistant.models import Paper

DATA = Path(__file__).parent / "data"
# Finds a close variant of a word among the paper's words, by meaning (write_verdict passes the embedding model's).
Near = Callable[[str, list[str]], bool]
# A word of the claim the paper holds only by meaning must embed this close to one of its words. Single words embed
# loosely (all-MiniLM-L6-v2: "GPU"/"GPUs" 0.85, but "drone"/"helicopter" 0.67 > "drone"/"UAV" 0.64, "copper"/"Cu"
# 0.59), so only near-identical variants pass; synonyms cannot be told from rivals this way.
VARIANT = 0.8


def stem(word: str) -> str:
    """A word's first six letters: how the claim check and the verdict (write/verdict.py) tell another form of a word
    ("reaching" for "reach")."""
    return word.casefold()[:6]


def metadata(paper: Paper) -> list[str]:
    """The listing's own statements about the paper, one sentence each: its comments ("Accepted to SC'25 (June 3,
    2025). This work was previously submitted to ISCA'25 …") and its venue."""
    out = [s.strip() for c in paper.comments for s in re.split(r"(?<=[.;])\s+", c) if s.strip()]
    return out + ([paper.venue] if paper.venue else [])


def _paper_terms(paper: Paper, sentences: list[str]) -> set[str]:
    parts = [paper.title or "", paper.display_title, paper.abstract, *paper.other_abstracts, *metadata(paper)]
    text = " ".join(parts + sentences)
    return set(terms(text))


def _parts(word: str) -> list[str]:
    """A question word as the paper would have to hold it: "copper-nickel" -> copper, nickel; "SC'25" -> sc, 25."""
    ts = terms(word)
    return [t for t in ts if "-" not in t] or ts


def unsupported(question: str, paper: Paper, sentences: list[str], near: Near | None = None) -> list[str]:
    """The claim's content words (less those naming the paper) that the paper's text holds neither as written nor
    as a close variant by meaning ("GPU" for "GPUs"): "copper-nickel" of a paper on "Fe-Cu" alloys."""
    naming = vocabulary(paper.title or paper.display_title)
    held = _paper_terms(paper, sentences)
    have = {stem(t) for t in held}

    def holds(t: str) -> bool:  # as written, or another form of it ("reach" in "reaching", "GPUs" for "GPU")
        return stem(t) in have or len(t) >= 4 and any(h.startswith(t) or len(h) >= 4 and t.startswith(h) for h in held)

    # Figures with their units ("3 seconds" for "3 s") are the alignment's to compare, not words to find.
    for q in alignment.quantities(question):
        question = question[: q.start] + " " * (q.end - q.start) + question[q.end :]
    out = []
    for w in topic_words(question):
        # Direction words ("grew" against "a 25% increase") are the alignment's to compare, like figures.
        parts = [t for t in _parts(w) if t not in naming and t not in LIGHT and t not in alignment.DIRECTIONS]
        if parts and not all(holds(t) for t in parts) and w not in out:
            out.append(w)
    if out and near is not None:
        out = [w for w in out if not near(w, sorted(held))]
    return out


LIGHT = frozenset(
    line.strip().casefold()
    for line in (DATA / "light_words.txt").read_text(encoding="utf-8").splitlines()
    if line.strip() and not line.startswith("#")
)
_TOKEN = re.compile(r"[A-Za-z0-9][\w'’-]*")
_ARTICLES = {"a", "an", "the", "its", "their"}
_DETERMINERS = _ARTICLES | {"his", "her", "our", "it", "them", "this", "these", "that", "those", "all", "each", "every"}
_PREPOSITIONS = {"from", "on", "in", "with", "at", "to", "for", "by", "of", "using", "via", "over", "into", "onto"}
# Words that fill a slot without naming anything ("improves … over task-specific models" for "beat task-specific
# models"): a claim word in their place is a paraphrase, not a rival term.
_FUNCTION = STOP | _PREPOSITIONS | {"across", "against", "between", "under", "than", "per", "beyond", "versus", "vs"}
_PUNCT = re.compile(r"[,;:()\[\]]|\.\s")


def _index(tokens: list[str], word: str) -> int:
    """Where the word stands among the tokens: as a token, or as the first part of one ("ISCA" in "isca'25")."""
    w = word.casefold()
    for i, t in enumerate(tokens):
        if t == w or re.split(r"['’]", t)[0] == w:
            return i
    return -1


def slot_fillers(question: str, word: str, sentence: str) -> list[str]:
    """What the sentence holds where the claim holds `word`, in the two places a term names a thing: after the same
    two words ending in a preposition ("learned from drone" - "learned from helicopter"), or before the same content
    word ("copper-nickel alloy" - "Fe-Cu alloy"); empty when the sentence does not share that context. A slot never
    crosses punctuation ("residual networks: starting …" is not the slot of "residual networks add")."""
    q = [t.casefold() for t in _TOKEN.findall(question)]
    i = _index(q, word)
    if i < 0:
        return []
    out = []
    left = q[max(0, i - 2) : i]
    for part in _PUNCT.split(sentence):
        s = [t.casefold() for t in _TOKEN.findall(part)]
        if len(left) == 2 and left[1] in _PREPOSITIONS and left[0] not in STOP:
            for j in range(len(s) - 2):
                if s[j] == left[0] and s[j + 1] in _PREPOSITIONS:  # "accepted to SC'25" for "accepted at …"
                    k = j + 2
                    while k < len(s) and s[k] in _ARTICLES:
                        k += 1
                    if k < len(s) and (i + 1 >= len(q) or s[k] != q[i + 1]):  # "traced from photographs": no slot
                        out.append(s[k])
        if i + 1 < len(q) and q[i + 1] not in STOP:
            before = q[i - 1] if i else None
            out += [s[j - 1] for j in range(1, len(s)) if stem(s[j]) == stem(q[i + 1]) and s[j - 1] != before]
    return out


BY_FIGURES = ("stated for the same thing", "every figure stated")


def counted_words(question: str) -> set[str]:
    """The words right after each figure of the question (what it counts or measures)."""
    out: set[str] = set()
    for q in alignment.quantities(question):
        out.update(t.casefold() for t in _TOKEN.findall(question[q.end :])[: alignment.NEAR_AFTER + 1])
    return out


def verb_place(question: str, word: str) -> bool:
    """The word stands before a determiner, as a verb does ("add its new block"): a verb of the claim is often a
    synonym of the paper's ("insert"), which single-word embeddings cannot tell from a rival, so it is not asked for."""
    q = [t.casefold() for t in _TOKEN.findall(question)]
    i = _index(q, word)
    return 0 <= i < len(q) - 1 and q[i + 1] in _DETERMINERS


def swapped(question: str, word: str, sentence: str) -> str | None:
    """The other content term the sentence states in the word's place, or None: also when some place holds a word
    of the claim or a function word ("one logical coordinate space" for "a single logical …" paraphrases it)."""
    asked = {stem(t) for t in _TOKEN.findall(question)}
    fillers = slot_fillers(question, word, sentence)
    if not fillers or any(f in _FUNCTION or stem(f) in asked for f in fillers):
        return None
    return fillers[0]


def paraphrased(question: str, word: str, sentences: list[str]) -> bool:
    """Some sentence holds a function word in the word's place ("one" where the claim says "single")."""
    return any(f in _FUNCTION for s in sentences for f in slot_fillers(question, word, s))
