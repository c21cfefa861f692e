"""A learned check on the papers the topic's own words admit (topics.TopicMatcher._grounded's rules, and a kind of
the topic the corpus names): which rule admitted the paper is one feature among the evidence the learned membership
score reads (topic_score.features), instead of a bypass of it.

    z = sum(weight[f] * feature[f]) + bias;  a paper the words admit stays on the topic when z >= 0

The weights are in data/topic_check.json, written by `python -m bench.topic_rules --fit` (a numpy logistic regression
over every writer's visible topic items on both corpora, measured leave-one-writer-out; the figures are in the file).
With no weights in the file every admitted paper stays.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from assistant.answer.evidence import topic_score
from assistant.answer.evidence.topic_terms import Support

DATA = Path(__file__).with_name("data") / "topic_check.json"
# The rules of papers_on that admit a paper by its words (Support.rule)
RULES = ("title", "co_occur", "core", "partial", "spread", "meaning", "near", "kind")
# The learned score's features read per alternative (the alternative with the highest sentence + stems stands)
READ = ("title", "title_stems", "core", "alternatives", "rank")
FEATURES = (
    "sentence",
    "title",
    "stems",
    "title_stems",
    "core",
    "alternatives",
    "relative",
    "rank",
    "rule_title",
    "rule_co_occur",
    "rule_core",
    "rule_meaning",
)


@dataclass(frozen=True)
class Check:
    weights: dict[str, float]
    bias: float
    rules: frozenset[str]  # the rules whose papers it reads (the held-out writers chose them)

    def z(self, f: dict[str, float]) -> float:
        return sum(w * f[k] for k, w in self.weights.items()) + self.bias


@cache
def check() -> Check | None:
    """The shipped check, or None when the data file holds no weights."""
    if not DATA.exists():
        return None
    data = json.loads(DATA.read_text())
    if not data.get("weights"):
        return None
    weights = {k: float(data["weights"][k]) for k in FEATURES if k in data["weights"]}
    return Check(weights, float(data["bias"]), frozenset(data.get("rules") or RULES))


def features(m, topic: str, found: list[Support], papers: list) -> dict[str, dict[str, float]]:
    """Each admitted paper's features (`m`: the TopicMatcher; `papers`: the scope; `relative` against the best of
    them all, whichever rules the check reads); a paper no alternative the score reads has none (and stays)."""
    cands = [sp.paper for sp in found if sp.rule]
    out: dict[str, dict[str, float]] = {}
    for alt, words, qterms in m.scored_alternatives(topic, papers) if cands else []:
        read = topic_score.features(m, topic, alt, words, qterms, papers, cands, set(READ))
        for pid, f in read.items():
            f = f["features"]
            if pid not in out or f["sentence"] + f["stems"] > out[pid]["sentence"] + out[pid]["stems"]:
                out[pid] = {k: float(f[k]) for k in ("sentence", "stems", *READ)}
    top = max((f["sentence"] for f in out.values()), default=0.0)
    for sp in found:
        if (f := out.get(sp.paper.id)) is not None:
            f["relative"] = f["sentence"] / top if top > 0 else 0.0
            for rule in ("title", "co_occur", "core", "meaning"):
                f[f"rule_{rule}"] = float(sp.rule == rule)
    return out


def admitted(m, topic: str, found: list[Support], papers: list) -> list[Support]:
    """The papers of `found` the check keeps: those no rule it reads admitted (the learned score's own among them),
    those with no features, and those it scores z >= 0."""
    learned = check()
    if learned is None or not any(sp.rule in learned.rules for sp in found):
        return found
    feats = features(m, topic, found, papers)
    return [
        sp
        for sp in found
        if sp.rule not in learned.rules or sp.paper.id not in feats or learned.z(feats[sp.paper.id]) >= 0
    ]
