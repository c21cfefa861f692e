"""The learned yes / not-yes gate on a rule verdict: a logistic model over the evidence the rules already computed.

write/verdict.py `decide` reads a claim against a paper with hand rules (figures, rivals, coverage, words the paper
lacks). Its rules that fire on a figure or a rival term are kept as inputs; whether the claim is a "Yes" is then
weighed from the evidence: how close the claim sits to the deciding sentence by meaning (MiniLM cosine), how many of
its words the sentence and the paper hold, how far the words the paper lacks are from the paper's own words, and
whether the sentence denies a term the claim asserts. The weights are fitted by bench/verdict_fit.py on the labelled
yes/no questions of every writer and stored, with their provenance, in verdict_model.json beside this file.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from assistant.answer.evidence import claim_terms
from assistant.answer.evidence.query_terms import stem
from assistant.answer.plan.intents import topic_words
from assistant.answer.write.premises import NO, TOP, UNSAID, YES, Verdict, asks_negated, content, coverage, negates
from assistant.index.bm25 import terms
from assistant.models import Paper

WEIGHTS = Path(__file__).with_name("verdict_model.json")
# Embeds texts as unit vectors, one row each (write_verdict passes the embedding model's).
Embed = Callable[[tuple[str, ...]], np.ndarray]
# The rule categories that read figures: a verdict they give is an input, their wording is not a claim word.
_FIGURES = ("stated otherwise", "a figure", "the paper counts", "the figure is stated") + claim_terms.BY_FIGURES

FEATURES = (
    "rule_yes",  # the rules said Yes
    "rule_no",  # the rules said No
    "rival",  # ... because a sentence states another term in the place of the claim's
    "figures",  # the rules decided on the claim's figures
    "cos_sentence",  # claim to deciding sentence, by meaning
    "cos_best",  # claim to its closest of the best sentences
    "cover_sentence",  # the claim's content words the deciding sentence holds
    "cover_paper",  # ... the paper's ranked sentences hold
    "lacking",  # share of the claim's content words the paper holds in no form
    "near_lacking",  # the lacking words' worst best cosine to a word of the paper (1 when none lacks)
    "polarity",  # the claim and the sentence differ in denying a term
    "prefix_denied",  # the sentence holds a claim word only with a denying prefix ("uncorrelated" for "correlated")
    "lacking_name",  # a word the paper lacks is a name or a value (a capital after its first letter, or a digit)
)
# A prefix that turns a word to its opposite: "uncorrelated", "non-uniform".
_DENYING = re.compile(r"\b(?:un|non-?)([a-z]{4,})", re.I)


def category(verdict: Verdict) -> str:
    """The rule that gave a verdict, without its particulars: "The abstracts do not say: not in the paper"."""
    return f"{verdict.word}: {re.sub(r'[:(].*', '', verdict.why).split(chr(39))[0].strip()}"


@dataclass(frozen=True)
class Model:
    modelled: frozenset[str]  # the rule categories the model weighs; the others' verdicts stand (fitted: accurate)
    mean: np.ndarray
    scale: np.ndarray
    weights: np.ndarray  # one per feature
    bias: float
    threshold: float

    def p_yes(self, x: np.ndarray) -> float:
        z = float(((x - self.mean) / self.scale) @ self.weights + self.bias)
        return 1.0 / (1.0 + np.exp(-z))


@lru_cache(maxsize=1)
def model() -> Model | None:
    """The fitted model, or None without a weights file (the rules' verdict stands)."""
    if not WEIGHTS.exists():
        return None
    data = json.loads(WEIGHTS.read_text(encoding="utf-8"))
    if list(data["features"]) != list(FEATURES):
        raise ValueError(f"{WEIGHTS} was fitted on other features: refit with `python -m bench.verdict_fit --fit`.")
    arr = lambda k: np.asarray(data[k], dtype=np.float64)  # noqa: E731
    return Model(
        frozenset(data["modelled"]),
        arr("mean"),
        arr("scale"),
        arr("weights"),
        float(data["bias"]),
        float(data["threshold"]),
    )


def features(question: str, paper: Paper, ranked: list[str], verdict: Verdict, embed: Embed) -> np.ndarray:
    """The evidence the rules computed for one claim against one paper, as the model's inputs (FEATURES' order)."""
    words = content(question, paper)
    top = ranked[:TOP] or [verdict.sentence]
    vectors = embed((question, verdict.sentence, *top))
    cos = vectors[1:] @ vectors[0]
    # read as the gate was fitted: a word held only in another derived form ("shares" by "sharing") still lacking
    lacking = claim_terms.unsupported(question, paper, ranked, derived=False)
    near = 1.0
    if lacking:
        held = tuple(sorted(claim_terms.paper_terms(paper, ranked)))
        if held:
            paper_vectors = embed(held)
            near = min(float((paper_vectors @ embed((w,))[0]).max()) for w in lacking)
    return np.asarray(
        [
            verdict.word == YES,
            verdict.word == NO,
            verdict.rival,
            verdict.why.startswith(_FIGURES),
            cos[0],
            cos[1:].max(),
            coverage(words, verdict.sentence),
            coverage(words, " ".join(ranked)),
            len(lacking) / max(len(topic_words(question)), 1),
            near,
            asks_negated(question) != negates(verdict.sentence, words),
            _prefix_denied(words, verdict.sentence),
            any(_name_like(w) for w in lacking),
        ],
        dtype=np.float64,
    )


def _name_like(word: str) -> bool:
    """A name or a value, not a plain word: "x86", "AVX-512", "ARMv8", "SAR" (not "Scaling" opening a sentence)."""
    return any(c.isdigit() for c in word) or any(c.isupper() for c in word[1:])


def _prefix_denied(words: list[str], sentence: str) -> bool:
    """A content word of the claim the sentence holds only with a denying prefix ("correlated" - "uncorrelated")."""
    denied = {stem(m.group(1)) for m in _DENYING.finditer(sentence)}
    plain = {stem(t) for t in terms(_DENYING.sub(" ", sentence))}
    return any(stem(w) in denied and stem(w) not in plain for w in words)


def gate(question: str, paper: Paper, ranked: list[str], verdict: Verdict, embed: Embed) -> Verdict:
    """The rules' verdict, turned to "Yes" or away from it when the model weighs the evidence the other way."""
    m = model()
    if m is None or category(verdict) not in m.modelled:
        return verdict
    p = m.p_yes(features(question, paper, ranked, verdict, embed))
    said_yes = verdict.word == YES
    if said_yes == (p >= m.threshold):
        return verdict
    if said_yes:
        return Verdict(UNSAID, verdict.sentence, f"weighed as not stated (p={p:.2f}; the rules: {verdict.why})")
    return Verdict(YES, verdict.sentence, f"weighed as stated (p={p:.2f}; the rules: {verdict.why})")
