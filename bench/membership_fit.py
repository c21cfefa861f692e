"""Topic membership as one learned decision, measured: for every (topic, paper in scope) pair of every writer's visible
topic, summary, list, stacked, both-groups, filter, near-negative and negation item (bench.topic_membership.items),
the current pipeline's own evidence (its verdict, which words' rule admitted the paper, the learned score's and
check's z, the meaning and stem features of evidence/topic_score.py, the scope's size and how many papers the rule
keeps) and the item's label; a numpy logistic regression on them re-decides every pair, scored leave-one-writer-out
against the current decision by the items' set score (found share minus 0.25 per extra paper).

    python -m bench.membership_fit --collect --seeds S --corpus2 C2 --cache /tmp/m.pkl   # gather the pairs
    python -m bench.membership_fit --fit --cache /tmp/m.pkl                               # the held-out table

The modes (RUNS): every labelled pair re-decided; only the rule's non-members ("adds only"); only its members
("removes only"); only plausible pairs; each with the features also crossed with the verdict. --fit writes its figures
to bench/membership_fit.json. Nothing of it is shipped (session 20): no mode beat the current decision held out.
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path

import numpy as np

from assistant.answer.evidence import topic_check
from assistant.answer.evidence import topic_score as ts
from bench.topic_membership import WRITERS, _members, cached, logistic, set_score

OUT = Path(__file__).with_name("membership_fit.json")
# the features of topic_score read per alternative (the alternative with the highest sentence + stems stands)
READ = ("sentence", "title", "stems", "relative", "rank", "core", "alternatives", "head_near", "title_stems")
RULES = topic_check.RULES
# The probability at which a re-decided pair is a member, chosen on the training writers' set score; at 1.01 every
# re-decided pair is out (for "adds only": the rule's members exactly, so that mode can fall back to the rule)
THRESHOLDS = np.append(np.arange(0.05, 0.96, 0.05), [0.975, 0.99, 1.01])


def pairs(answerer, rows: list[dict]) -> list[dict]:
    """Per item: its labels, the current decision's members, and each labelled paper's evidence."""
    m = answerer.corpus.topics
    learned, check = ts.weights(), topic_check.check()
    out = []
    for r in rows:
        scope, topic = r["scope"], r["topic"]
        current = _members(m, r)
        grounded = m._grounded(topic, scope)
        rule = {sp.paper.id: sp.rule or "words" for sp in grounded}
        checks = topic_check.features(m, topic, grounded, scope) if check is not None and grounded else {}
        on = {sp.paper.id for sp in m.papers_on(topic, scope, checked=False)} if r["negated"] else current
        cands = [p for p in scope if p.id in r["labels"]]
        best: dict[str, dict] = {}
        for alt, words, qterms in m.scored_alternatives(topic, scope) if cands else []:
            for pid, f in ts.features(m, topic, alt, words, qterms, scope, cands, set(READ)).items():
                f = {k: float(f["features"].get(k, 0.0)) for k in READ} | {"words": len(words)}
                f["score_z"] = learned.z(f) if all(k in f for k in learned.weights) else 0.0
                f["gated"] = float(ts.gated(learned, f | {"says_core": 1, "agrees": 1}, len(words), bool(rule)))
                if pid not in best or f["sentence"] + f["stems"] > best[pid]["sentence"] + best[pid]["stems"]:
                    best[pid] = f
        top_cur = max((best[i]["sentence"] for i in current if i in best), default=0.0)
        feats = {}
        for p in cands:
            f = dict(best.get(p.id) or {k: 0.0 for k in (*READ, "words", "score_z", "gated")})
            f["current"] = float(p.id in current)
            f["on"] = float(p.id in on)
            f["ruled"] = float(p.id in rule)
            for name in RULES:
                f[f"rule_{name}"] = float(rule.get(p.id) == name)
            f["check_z"] = check.z(checks[p.id]) if p.id in checks else 0.0
            f["vs_members"] = f["sentence"] / top_cur if top_cur > 0 else 0.0
            f["scope"] = math.log(len(scope))
            f["members_share"] = len(current) / len(scope)
            f["negated"] = float(r["negated"])
            feats[p.id] = f
        out.append(dict(id=r["id"], set=r["set"], writer=r["writer"], labels=r["labels"], current=current, feats=feats))
    return out


# ---- the fit ----

VARIANTS = {
    "verdict + meaning": ("current", "sentence", "title", "relative", "vs_members"),
    "verdict + meaning + words": (
        "current",
        "sentence",
        "title",
        "relative",
        "vs_members",
        "stems",
        "title_stems",
        "core",
        "ruled",
    ),
    "every feature": None,
}


def matrix(ev: list[dict], names, crossed: bool = False) -> list[tuple[dict, list[str], np.ndarray, np.ndarray]]:
    out = []
    for e in ev:
        ids = list(e["feats"])
        x = np.array([[e["feats"][i][k] for k in names] for i in ids]) if ids else np.zeros((0, len(names)))
        if crossed:
            x = np.hstack([x, x * x[:, [names.index("current")]]])
        out.append((e, ids, x, np.array([e["labels"][i] for i in ids], dtype=float)))
    return out


# (mode, crossed) pairs measured; each mode in `part`; crossed: see held_out
RUNS = (
    ("re-decides", False),
    ("adds only", False),
    ("removes only", False),
    ("plausible", False),
    ("re-decides", True),
    ("plausible", True),
)


def decided(items, ps) -> list[float]:  # ps: per item (probabilities, threshold)
    """Each item's set score with the model's members: the pairs the mode re-decides (`part`) taken at p >= t, the
    current decision kept for the rest."""
    return [
        set_score((set(e["current"]) - set(ids)) | {i for i, q in zip(ids, p) if q >= t}, e["labels"])
        for (e, ids, _, _), (p, t) in zip(items, ps)
    ]


# A plausible pair (mode "plausible"): a current member, or a paper holding some of the phrase's weight by stem with its
# closest sentence at least this share of the scope's best paper's (the many far pairs teach the fit only the obvious)
PLAUSIBLE_RELATIVE = 0.5


def part(items, mode: str):
    """The pairs a mode re-decides (trained on those only)."""
    out = []
    for e, ids, x, y in items:
        cur = [float(i in e["current"]) for i in ids]
        if mode == "re-decides":
            keep = list(range(len(ids)))
        elif mode == "plausible":
            f = e["feats"]
            keep = [
                k for k, i in enumerate(ids) if cur[k] or (f[i]["stems"] > 0 and f[i]["relative"] >= PLAUSIBLE_RELATIVE)
            ]
        else:
            keep = [k for k in range(len(ids)) if cur[k] == (0.0 if mode == "adds only" else 1.0)]
        out.append((e, [ids[k] for k in keep], x[keep], y[keep]))
    return out


def fitted(items, l2: float, mode: str) -> tuple[np.ndarray, float, float]:
    sub = part(items, mode)
    x = np.vstack([x for _, _, x, _ in sub])
    y = np.concatenate([y for _, _, _, y in sub])
    w, b = logistic(x, y, l2)
    ps = [1 / (1 + np.exp(-(x @ w + b))) if len(ids) else np.zeros(0) for _, ids, x, _ in sub]
    t = max(THRESHOLDS, key=lambda t: (np.mean(decided(sub, [(p, t) for p in ps])), -abs(t - 0.5)))
    return w, b, float(t)


def held_out(ev: list[dict], names, l2: float, mode: str, crossed: bool = False) -> dict[str, tuple]:
    """writer -> (current, learned, topics) on its items, the model fitted on every other writer and the team's sets;
    `crossed`: each feature also times the current verdict (a member's and a non-member's own slopes)."""
    items, out = matrix(ev, names, crossed), {}
    for writer in WRITERS:
        test = [it for it in items if it[0]["writer"] == writer]
        if test:
            w, b, t = fitted([it for it in items if it[0]["writer"] != writer], l2, mode)
            test = part(test, mode)
            old = float(np.mean([set_score(e["current"], e["labels"]) for e, *_ in test]))
            ps = [(1 / (1 + np.exp(-(x @ w + b))) if len(ids) else np.zeros(0), t) for _, ids, x, _ in test]
            new = float(np.mean(decided(test, ps)))
            out[writer] = (round(old, 4), round(new, 4), len(test))
    return out


def profile(ev: list[dict]) -> dict:
    """Where the current decision loses: its missed expected papers and its extra papers, with the share of each
    holding none of the phrase's stems, with a closest sentence at least 0.8 of the scope's best, admitted by a words'
    rule, and on a negated topic; and how many non-members look like members (stems, relative >= 0.8) and are."""
    wrong = {"missed": [], "extra": []}
    near = []
    for e in ev:
        for i, f in e["feats"].items():
            y, cur = e["labels"][i], i in e["current"]
            if y != cur:
                wrong["missed" if y else "extra"].append(f)
            elif not cur and f["stems"] > 0 and f["relative"] >= 0.8:
                near.append(0)
            if y and not cur and f["stems"] > 0 and f["relative"] >= 0.8:
                near.append(1)
    out = {
        k: {
            "pairs": len(fs),
            "no stem": round(float(np.mean([f["stems"] == 0 for f in fs])), 2),
            "relative >= 0.8": round(float(np.mean([f["relative"] >= 0.8 for f in fs])), 2),
            "admitted by a words' rule": round(float(np.mean([f["ruled"] for f in fs])), 2),
            "negated topic": round(float(np.mean([f["negated"] for f in fs])), 2),
        }
        for k, fs in wrong.items()
    }
    out["non-members with stems and relative >= 0.8"] = {"pairs": len(near), "expected": sum(near)}
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", default="store")
    ap.add_argument("--corpus2", default="")
    ap.add_argument("--cache", required=True, help="the pickle of the pairs (written by --collect, read by --fit)")
    ap.add_argument("--collect", action="store_true")
    ap.add_argument("--fit", action="store_true")
    ap.add_argument("--only", default="", help="measure only the runs whose label holds this")
    args = ap.parse_args()
    if args.collect:
        Path(args.cache).unlink(missing_ok=True)
    ev = cached(args.seeds, args.corpus2, args.cache, pairs)
    print(f"{len(ev)} topics, {sum(len(e['feats']) for e in ev)} labelled pairs")
    if not args.fit:
        return
    every = tuple(sorted(next(f for e in ev for f in e["feats"].values())))
    report = json.loads(OUT.read_text()) if OUT.exists() else {}
    for label, names in VARIANTS.items():
        names = names or every
        for mode, crossed in RUNS:
            for l2 in (10.0,):
                key = f"{label}, {mode}{', crossed with the verdict' if crossed else ''}, l2 {l2}"
                if args.only not in key:
                    continue
                res = held_out(ev, names, l2, mode, crossed)
                old = np.mean([v[0] for v in res.values()])
                new = np.mean([v[1] for v in res.values()])
                worse = sum(1 for v in res.values() if v[1] < v[0] - 1e-9)
                report[key] = dict(current=round(float(old), 4), learned=round(float(new), 4), writers_worse=worse)
                print(f"{key}: {old:.4f} -> {new:.4f} ({worse} writers worse)")
                report[key]["per writer"] = {k: list(v[:2]) for k, v in res.items()}
    report["where the current decision loses"] = profile(ev)
    OUT.write_text(json.dumps(report, indent=1) + "\n")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
