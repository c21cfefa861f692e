"""One learned membership score for a paper the topic's words do not ground (topics.TopicMatcher._grounded) and
a topic phrase, read from evidence the store already holds. FEATURES are what it can read, each in [0, 1]: the
paper's closest abstract sentence's cosine to the phrase, alone and against the scope's best paper's (`relative`)
and its rank; its title's cosine (titles are embedded at ingest); the share of the phrase's weight its whole text and
its title hold in any form of the same stem; the share of the phrase's core words it holds; the share of the topic's
alternatives it holds; the closest sentence to the topic as a whole against the scope's best, and its rank; whether
its head is said beside another of its words; whether the phrase is long; and papers_on's two later checks
(`says_core`, `agrees`: topics.TopicMatcher.says_core, _agreeing).

    z = sum(weight[f] * feature[f]) + bias;  the paper is on the phrase when z >= 0 and the gates pass

Which features carry a weight, the weights, and which gates stay are in data/topic_score.json, written by
`python -m bench.topic_membership --fit`: a numpy logistic regression over every writer's visible topic, summary,
list, stacked, negation, both-groups and filter items on both corpora, the features and gates kept those that won
when each writer in turn was held out and scored with a fit on the others (the figures are in the file).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

from assistant.answer.evidence.query_terms import stem
from assistant.answer.evidence.topic_core import holds
from assistant.answer.evidence.topic_terms import Support, _has_all, alternatives, content_terms
from assistant.answer.evidence.weigh import vocabulary

DATA = Path(__file__).with_name("data") / "topic_score.json"
# Each feature lies in [0, 1]; the names are the data file's keys.
FEATURES = (
    "sentence",
    "title",
    "stems",
    "relative",
    "rank",
    "core",
    "alternatives",
    "head_near",
    "head_derived",
    "title_stems",
    "long",
    "says_core",
    "agrees",
    "whole",
    "whole_rank",
)
# The phrase length (content words) past which `long` is set: the longest phrase the first fit's items had.
LONG_WORDS = 5
# Some of the phrase's weight, however little (`Weights.least_stems`).
MIN_STEMS = 1e-6
# The gate (data file key) whose value waives the head gate for a paper whose closest sentence comes within that share
# of the scope's best paper's, once the topic's words ground some paper in scope: "quantizing neural networks" in
# the MoQE paper's "Mixture of Quantization Experts …, a quantization …" (0.98 of the best) though it never says
# "networks". Only where the topic is grounded: a near-negative's best paper is no measure ("neural architecture
# search", "hurricane track forecasting" lost with the waiver ungrounded). The value, 0.95, is the least share at
# which no writer held out scores worse (bench.topic_membership; 0.85-0.9 gain 0.001 more but lose one summary).
NEAR_BEST = "near_best"


@dataclass(frozen=True)
class Weights:
    weights: dict[str, float]
    bias: float
    # hand gates the held-out writers kept (0 = off): sentence_floor, head_near, scored_words, says_core, agrees;
    # and stems_floor, the least stem coverage of any expected paper the fit admits, less a margin (from data)
    gates: dict[str, float]

    def wanted(self) -> set[str]:
        """The features the weights and the gates read (`relative` and `head_derived` for the head gate's waivers)."""
        gates = {"head_near", "says_core", "agrees"} & {k for k, v in self.gates.items() if v}
        near = {"relative"} if self.gates.get(NEAR_BEST) else set()
        derived = {"head_derived"} if self.gates.get("head_near") else set()
        return set(self.weights) | gates | near | derived

    def z(self, f: dict[str, float]) -> float:
        return sum(w * f[k] for k, w in self.weights.items()) + self.bias

    def stem_floor(self) -> float:
        """The least stem coverage an ungrounded paper can pass with, every other feature at its best (1.0); 0 when
        any coverage can pass."""
        w = self.weights.get("stems", 0.0)
        rest = sum(max(v, 0.0) for k, v in self.weights.items() if k != "stems")
        return max(0.0, -(self.bias + rest) / w) if w > 0 else 0.0

    def least_stems(self) -> float:
        """The stem coverage below which a paper is not read (the inverted index prunes it): `stem_floor`, the
        stems_floor gate, and some of the phrase's weight in any case when the says_core gate is on (a paper holding
        none of its words says none of its core)."""
        least = MIN_STEMS if self.gates.get("says_core") else 0.0
        return max(self.stem_floor(), self.gates.get("stems_floor", 0.0), least)


@cache
def weights() -> Weights:
    data = json.loads(DATA.read_text())
    return Weights(
        {k: float(data["weights"][k]) for k in FEATURES if k in data["weights"]}, data["bias"], data["gates"]
    )


def features(
    m, topic: str, alt: str, words: list[str], qterms, papers: list, cands: list, wanted: set[str] | None = None
) -> dict[str, dict]:
    """Each candidate's features for one alternative of the topic (`m`: the TopicMatcher; `papers`: the scope, the
    cosines ranked over it; `qterms`: the alternative's scope-weighted terms), with its closest sentence. Only the
    features `wanted` (all when None) are read, with `sentence` and `stems` always."""
    want = set(FEATURES) if wanted is None else wanted
    # the scope's sentences only when a feature ranks the paper against it (at 10k papers a matrix of ~80k rows)
    pool = papers if want & {"relative", "rank", "whole", "whole_rank"} else cands
    sentences, vectors, runs = m._sentences(pool, keep=pool is papers)
    sims = vectors @ m._query(alt)
    best = {p.id: a + int(np.argmax(sims[a:b])) for p, a, b in runs if b > a}
    scope = np.sort(np.array([float(sims[i]) for i in best.values()]))[::-1]
    top = float(scope[0]) if len(scope) else 0.0
    titles: dict[str, float] = {}
    if "title" in want:
        titled = [p for p in cands if p.title]
        titles = dict(zip((p.id for p in titled), m.picker.vectors([p.title for p in titled]) @ m._query(alt)))
    core = m._core(words)
    alts = alternatives(topic)
    near_best: dict[str, float] = {}
    near_scope, near_top = np.zeros(0), 0.0
    if want & {"whole", "whole_rank"}:  # the closest sentence to the topic as a whole, against the scope's best
        near = vectors @ m._query(" ".join(alts))
        near_best = {p.id: float(near[a:b].max()) for p, a, b in runs if b > a}
        near_scope = np.sort(np.array(list(near_best.values())))[::-1]
        near_top = float(near_scope[0]) if len(near_scope) else 0.0
    total = sum(qterms.weights.values()) or 1.0
    out = {}
    for p in cands:
        sim = float(sims[best[p.id]]) if p.id in best else 0.0
        c = _Pair(m, topic, alt, words, qterms, total, p, m._whole_of(p), sim, m._stem_coverage(qterms, p))
        c.scope, c.top, c.titles, c.core, c.alts = scope, top, titles, core, alts
        c.near, c.near_scope, c.near_top = near_best.get(p.id, 0.0), near_scope, near_top
        f = {"sentence": max(sim, 0.0), "stems": c.stems}
        for k, read in _READ.items():
            if k in want and (wanted is None or k not in _ONLY_WHERE or _ONLY_WHERE[k](f)):
                f[k] = read(c)
        out[p.id] = dict(features=f, sentence=sentences[best[p.id]][1] if p.id in best else p.title or "", sim=sim)
    return out


class _Pair:
    """What the features of one paper and one alternative are read from."""

    def __init__(self, m, topic, alt, words, qterms, total, paper, whole, sim, stems):
        self.m, self.topic, self.alt, self.words, self.qterms, self.total = m, topic, alt, words, qterms, total
        self.paper, self.whole, self.sim, self.stems = paper, whole, sim, stems


def _core_share(c: _Pair) -> float:
    if not c.core:
        return c.stems
    stems = c.m._stems[c.paper.id]  # read by _stem_coverage
    return sum(1 for w in c.core if holds(w, c.whole, c.m._names()) or stem(w) in stems) / len(c.core)


def _title_stems(c: _Pair) -> float:
    said = {stem(v) for v in vocabulary(c.paper.title or "")}
    return sum(w for t, w in c.qterms.weights.items() if stem(t) in said) / c.total


_READ = {  # feature -> how it is read (sentence and stems are read for every candidate)
    "relative": lambda c: max(c.sim, 0.0) / c.top if c.top > 0 else 0.0,
    "title": lambda c: max(float(c.titles.get(c.paper.id, 0.0)), 0.0),
    "rank": lambda c: 1.0 / (1.0 + int(np.sum(c.scope > c.sim + 1e-9))),
    "core": _core_share,
    "alternatives": lambda c: sum(_has_all(content_terms(a), c.whole) for a in c.alts) / len(c.alts),
    "head_near": lambda c: float(c.m._head_near(c.paper, c.alt, c.words)),
    "head_derived": lambda c: float(c.m._head_near(c.paper, c.alt, c.words, derived=True)),
    "title_stems": _title_stems,
    "long": lambda c: float(len(c.words) > LONG_WORDS),
    "says_core": lambda c: float(c.m.says_core(c.topic, c.paper)),
    "agrees": lambda c: float(bool(c.m._agreeing(c.topic, [Support(c.paper, "", 0.0)]))),
    "whole": lambda c: max(c.near, 0.0) / c.near_top if c.near_top > 0 else 0.0,
    "whole_rank": lambda c: 1.0 / (1.0 + int(np.sum(c.near_scope > c.near + 1e-9))),
}


# A waiver's feature is read (when features are asked by name) only where it can decide: `head_derived` passes the
# head gate only for a paper `head_near` stops (`gated`), and reading it reads the paper's sentences for derived
# forms of the phrase's words: 3.6% of the server's CPU over 175 first asks at 10k papers (cProfile), mostly for
# papers the head gate already passed. Its condition reads features _READ lists before it.
_ONLY_WHERE = {"head_derived": lambda f: f.get("head_near", 0.0) == 0}


def gated(w: Weights, f: dict[str, float], words: int, grounded: bool = False) -> bool:
    """The gates the data file keeps on pass a candidate (`words`: its alternative's content words): some of the
    phrase's weight in its text by stem (no expected paper of the fit's items held less); a closest sentence near
    the phrase at all ("quantization" held by stem in "quantify", closest sentence 0.13); the phrase's
    head said beside another of its words ("search" and "neural architecture" apart is no "neural architecture
    search"); a phrase no longer than the items of the first fit had (the leftovers of a long question hold most of
    their stems in many texts by chance); papers_on's two later checks (topics.TopicMatcher.says_core, _agreeing).
    When the topic's words ground some paper in scope (`grounded`), the head gate is waived for a paper near the
    scope's best (NEAR_BEST), and passed by the head said beside half the phrase's other words in the paper's own
    forms of them (`head_derived`: "CryoSat-2 radar altimeter waveforms" for "satellite radar altimetry").
    Ungrounded, it is read as written: "hurricane track forecasting" would take a sea-ice drift paper's "forecasts …
    tracks"."""
    g = w.gates
    near = bool(g.get(NEAR_BEST)) and grounded and f.get("relative", 0.0) >= g[NEAR_BEST]
    derived = grounded and f.get("head_derived", 0.0) > 0
    return (
        f["stems"] >= g.get("stems_floor", 0.0)
        and f["sentence"] >= g.get("sentence_floor", 0.0)
        and (not g.get("head_near") or f["head_near"] > 0 or near or derived)
        and (not g.get("scored_words") or words <= g["scored_words"])
        and (not g.get("says_core") or f["says_core"] > 0)
        and (not g.get("agrees") or f["agrees"] > 0)
    )
