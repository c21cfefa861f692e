"""The learned choice of the sentence that answers what a two-part question asks of the paper it first describes.

"Jinhao Zhang is first author on two of his papers. For the one that chooses a PTQ algorithm per layer, which LLM
families were evaluated?": the description picks the paper, the ask picks the sentence. Scored against the whole
question, the sentence that restates the description ("CALM evaluates multiple PTQ algorithms on each layer") wins
over the one that answers ("across mainstream LLMs including LLaMA and Qwen"). Each sentence of the paper is scored
by the sentence picker three times (the whole question, the ask alone, the description alone); a logistic model over
those scores and what the ask wants (a figure, a count) picks the sentence. The weights are fitted by
bench/asked_fit.py on every writer's two-part questions and stored, with their provenance, in
data/asked_sentence.json beside this file.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import numpy as np

from assistant.answer.evidence import asked as asked_rules
from assistant.answer.evidence.counted_noun import counting
from assistant.answer.evidence.weigh import QUANTITY, states_figure
from assistant.answer.learned import Logistic
from assistant.answer.plan.phrases.main_clause import asked_part
from assistant.models import Paper
from assistant.text import research_sentences

WEIGHTS = Path(__file__).parent / "data" / "asked_sentence.json"

FEATURES = (
    "whole",  # the picker's score for the whole question, less the paper's best
    "asked",  # ... for the ask alone
    "described",  # ... for the description alone (the sentence that identified the paper, seldom the answer)
    "whole_top",  # the picker's best sentence for the whole question (the current choice)
    "asked_top",  # its best for the ask alone
    "figure",  # the ask wants a figure and the sentence states one
    "counted",  # the ask counts something ("how many networks") and the sentence gives a number of it
    "position",  # place in the abstract, 0 first .. 1 last
)


def features(picker, qterms_of, question: str, paper: Paper) -> tuple[list[str], np.ndarray]:
    """The paper's sentences (in the picker's order for the whole question) and one row of FEATURES each; no
    sentences when the question is one ask. `qterms_of`: text -> its QueryTerms (Corpus.qterms)."""
    description, ask = asked_part(question)
    if not description:
        return [], np.zeros((0, len(FEATURES)))
    scores = {}
    for name, text in (("whole", question), ("asked", ask), ("described", description)):
        ranked = picker.rank(text, qterms_of(text), [paper])[paper.id]
        scores[name] = dict(ranked)
        scores[name + "_top"] = ranked[0][0] if ranked else None
    texts = list(scores["whole"])
    if not texts:
        return [], np.zeros((0, len(FEATURES)))
    best = {k: max(scores[k].values()) for k in ("whole", "asked", "described")}
    wants_figure = bool(QUANTITY.search(ask)) or asked_rules.read(ask).quantity
    counted = counting(picker, ask, texts)
    ordered = [s for a in paper.abstracts for s in research_sentences(a)]
    n = len(ordered)
    order = {s: i for i, s in reversed(list(enumerate(ordered)))}
    rows = [
        [
            scores["whole"][s] - best["whole"],
            scores["asked"].get(s, best["asked"] - 1.0) - best["asked"],
            scores["described"].get(s, best["described"] - 1.0) - best["described"],
            float(s == scores["whole_top"]),
            float(s == scores["asked_top"]),
            float(wants_figure and (states_figure(s) or s in counted)),  # "10 U-Nets" for "how many"
            float(s in counted),
            order.get(s, n - 1) / (n - 1) if n > 1 else 0.0,
        ]
        for s in texts
    ]
    return texts, np.asarray(rows, dtype=float)


@lru_cache(maxsize=1)
def model() -> Logistic | None:
    """The fitted model; None when the weights file is absent or was fitted on other features."""
    if not WEIGHTS.exists():
        return None
    data = json.loads(WEIGHTS.read_text(encoding="utf-8"))
    return Logistic.of(data["model"]) if tuple(data["features"]) == FEATURES else None


def answering(picker, qterms_of, question: str, paper: Paper) -> str | None:
    """The sentence of `paper` that answers the ask of a two-part question; None for a one-ask question."""
    m = model()
    if m is None:
        return None
    texts, rows = features(picker, qterms_of, question, paper)
    return texts[int(np.argmax(m.probabilities(rows)))] if texts else None
