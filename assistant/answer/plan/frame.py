"""Whether a word of a question is its subject or its frame, by a logistic regression over evidence the question and
the corpus give (weights and the question-share lexicon in data/frame_words.json, fitted by bench/frame_words.py on
every writer's labelled questions)."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path

import numpy as np

from assistant.answer.evidence import distinct
from assistant.answer.evidence.query_terms import stem
from assistant.answer.plan.content import places
from assistant.text import without_clitics

FEATURES = (
    "question_share",  # log share of the writers' questions holding the word: frame words recur across questions
    "framed_before",  # smoothed log-odds that the word (its stem) was frame in the writers' labelled questions
    "meaning",  # MiniLM: the log-odds of subject a direction in the word's vector gives (fitted on labelled words)
    "corpus_share",  # share of the corpus's papers holding the word in some form
    "in_no_paper",  # no paper holds it
    "in_place",  # in a place the question puts its topic ("on X", "his X papers", a parenthesis)
    "no_place",  # the question has no such place
    "zipf",  # general English frequency (/7)
    "position",  # where in the question it stands (0 first .. 1 last)
    "identity",  # letters and digits, or a capital inside or throughout ("A100", "MoQE", "HPC")
    "capitalised",  # written with a capital, not first in the question
    "rule_keeps",  # the reading before this model (plan/content.py): in a topic place, no place at all, or in a paper
)
_WORD = re.compile(r"[\w][\w+.=-]*[\w+]|\w")
_DATA = Path(__file__).parent / "data" / "frame_words.json"


def keys(text: str) -> list[str]:
    """The question's words as the lexicon counts them (lower-cased)."""
    return [w.casefold().strip(".") for w in _WORD.findall(without_clitics(text))]


def question_features(question: str, words: list[str], share: Callable[[str], float]) -> list[list[float]]:
    """Each word's features but the question share (which the lexicon gives): see FEATURES."""
    held = places(question)
    inside = set().union(*held) if held else set()
    at = keys(question)
    out = []
    for w in words:
        wl = w.casefold()
        pos = at.index(wl) / max(1, len(at) - 1) if wl in at else 1.0
        s = share(w)
        ident = bool(re.search(r"\d", w) and re.search(r"[A-Za-z]", w)) or bool(re.search(r"\w[A-Z]", w))
        cap = w[:1].isupper() and pos > 0
        place = wl in inside
        rule = place or not held or s > 0
        out.append([s, float(s == 0), float(place), float(not held), distinct.zipf(w) / 7, pos, ident, cap, rule])
    return out


def key(word: str) -> str:
    """The lexicon's key of a word: its stem, so that "prize" and "prizes" share evidence."""
    return stem(word.casefold(), derived=True)


def vector(features: list[float], seen: list[float], meaning: float) -> list[float]:
    """The model's inputs: the lexicon's evidence on the word (question share, times labelled frame and subject), its
    meaning's side, then the question's and the corpus's features."""
    share, framed, subject = (seen + [0.0, 0.0, 0.0])[:3]
    odds = math.log((framed + 0.5) / (subject + 0.5)) / 3
    return [math.log10(share + 1e-3) / 3 + 1, odds, meaning / 3, *map(float, features)]


def meaning(vector: np.ndarray, direction: np.ndarray) -> float:
    """The log-odds that a word of this vector is a subject, read along a direction fitted on labelled words (its
    last number the bias; the vector scaled by MEANING_SCALE)."""
    return float(vector @ direction[:-1] * MEANING_SCALE + direction[-1])


MEANING_SCALE = 5.0


@cache
def _model() -> tuple[np.ndarray, float, dict[str, list[float]], np.ndarray, float]:
    data = json.loads(_DATA.read_text())
    weights, direction = np.array(data["weights"]), np.array(data["direction"], dtype=np.float32)
    return weights, data["bias"], data["lexicon"], direction, data.get("no_paper_margin", 0.0)


def subject_scores(
    question: str, words: list[str], share: Callable[[str], float], embed: Callable[[list[str]], np.ndarray]
) -> list[float]:
    """For each word, the log-odds that it is the question's subject (> 0) rather than its frame; `share`: the share
    of the corpus's papers holding the word, `embed`: the words' MiniLM vectors (normalised)."""
    if not words:
        return []
    weights, bias, lexicon, direction, _ = _model()
    vectors = embed(words)
    return [
        float(bias + weights @ np.array(vector(f, lexicon.get(key(w), []), meaning(v, direction))))
        for f, w, v in zip(question_features(question, words, share), words, vectors)
    ]


def margin() -> float:
    """The subject log-odds under which a word is surely frame (see `subjects`)."""
    return _model()[4]


def subjects(
    question: str, words: list[str], share: Callable[[str], float], embed: Callable[[list[str]], np.ndarray]
) -> list[bool]:
    """For each word, whether it is the question's subject. A word is frame only when the model is sure (its
    log-odds below -no_paper_margin): dropping a subject the corpus lacks ("penguin" of "penguin population counts",
    "knowledge" of "knowledge graph reasoning") answers with papers on what is left ("population", "graph"), where
    "none is about it" was right; the margin is set in the fit (bench/frame_words.py) from the words no paper holds,
    read as a new writer meets them, and holds for every word. The word
    fewest of the corpus's papers hold (some do) is what the topic turns on and always stays: "merging" of "model
    merging", in a few papers but never with "model", is no frame, and dropping it would list every "model" paper."""
    margin_ = margin()
    shares = [share(w) for w in words]
    scores = subject_scores(question, words, lambda w: shares[words.index(w)], embed)
    verdict = [s > -margin_ for s in scores]
    if held := [(sh, i) for i, sh in enumerate(shares) if sh > 0]:
        verdict[min(held)[1]] = True
    return verdict
