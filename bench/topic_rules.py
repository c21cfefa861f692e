"""The rules of papers_on against every writer's visible topic items, and the learned check on the papers they admit
(evidence/topic_check.py). Per writer: which papers each rule admits, labelled on or off the topic by the item's
expected set (the items and labels of bench/topic_membership.py), and each rule's precision and recall; then the check
fitted leave-one-writer-out (every writer but one and the team's sets), the held-out writer's items scored as sets
(found share minus 0.25 per extra paper), with their precision and recall, against papers_on without the check on the
SAME items. `--fit` writes the check fitted on every writer to evidence/data/topic_check.json, when it wins held out.

    python -m bench.topic_rules --seeds store --corpus2 /tmp/c2-wt/store [--cache ev.pkl] [--fit]
"""

from __future__ import annotations

import argparse
import json

import numpy as np

from assistant.answer.evidence import topic_check as tc
from bench.topic_membership import THRESHOLDS, WRITERS, cached, logistic, set_score

L2 = (1.0, 10.0, 30.0)
# The rules whose papers the check reads, compared held out: every rule, the weaker ones (not the title, all key
# words in one sentence, the core), and the near-meaning rule alone
SCOPES = {"every rule": tc.RULES, "weaker rules": ("partial", "spread", "meaning", "near", "kind"), "near": ("near",)}


def evidence(answerer, rows: list[dict]) -> list[dict]:
    """Per topic item (not a negated topic: papers_touching reads papers_on unchecked): papers_on's members without
    the check, and each admitted labelled paper's rule and check features."""
    m, out = answerer.corpus.topics, []
    for r in rows:
        if r["negated"]:
            continue
        found = m.papers_on(r["topic"], r["scope"], checked=False)
        feats = tc.features(m, r["topic"], found, r["scope"])
        out.append(
            dict(
                id=r["id"], set=r["set"], writer=r["writer"], labels=r["labels"],
                current={sp.paper.id for sp in found},
                admitted={sp.paper.id: (sp.rule, feats.get(sp.paper.id)) for sp in found if sp.rule},
            )
        )  # fmt: skip
    return out


def pr(members: set[str], labels: dict[str, int]) -> tuple[float, float]:
    expected = sum(labels.values())
    found = sum(1 for i, y in labels.items() if y and i in members)
    extra = sum(1 for i, y in labels.items() if not y and i in members)
    cited = found + extra
    return (found / cited if cited else 1.0), (found / expected if expected else 1.0)


def rules_table(ev: list[dict]) -> None:
    """Per writer and rule: admitted labelled papers, on-topic share (precision), share of expected papers (recall)."""
    print(f"{'writer':<14} " + " ".join(f"{r:>17}" for r in tc.RULES))
    groups = {w: [e for e in ev if e["writer"] == w] for w in WRITERS} | {"all writers": [e for e in ev if e["writer"]]}
    for w, mine in groups.items():
        cells = []
        for rule in tc.RULES:
            on = off = 0
            for e in mine:
                for pid, (r, _) in e["admitted"].items():
                    if r == rule and pid in e["labels"]:
                        on, off = on + e["labels"][pid], off + 1 - e["labels"][pid]
            expected = sum(sum(e["labels"].values()) for e in mine) or 1
            cells.append(f"{on + off:>4} P{on / (on + off) if on + off else 0:.2f} R{on / expected:.2f}")
        print(f"{w:<14} " + " ".join(f"{c:>17}" for c in cells))


def matrix(ev: list[dict], rules) -> tuple[np.ndarray, np.ndarray]:
    rows = [
        (f, e["labels"][pid])
        for e in ev
        for pid, (r, f) in e["admitted"].items()
        if f and pid in e["labels"] and r in rules
    ]
    return np.array([[f[k] for k in tc.FEATURES] for f, _ in rows]), np.array([y for _, y in rows], dtype=float)


def members(e: dict, w: np.ndarray | None, b: float, rules=tc.RULES) -> set[str]:
    if w is None:
        return set(e["current"])
    drop = {
        pid
        for pid, (r, f) in e["admitted"].items()
        if f and r in rules and np.array([f[k] for k in tc.FEATURES]) @ w + b < 0
    }
    return set(e["current"]) - drop


def fitted(ev: list[dict], l2: float, rules=tc.RULES) -> tuple[np.ndarray, float]:
    """Weights and bias, the threshold best for the items' own set score folded in (ties: the lowest, dropping
    least)."""
    x, y = matrix(ev, rules)
    w, b = logistic(x, y, l2)
    score = lambda t: np.mean([set_score(members(e, w, b - t, rules), e["labels"]) for e in ev])  # noqa: E731
    t = max(THRESHOLDS, key=lambda t: (score(t), -t))
    return w, b - t


def held_out(ev: list[dict], l2: float, rules=tc.RULES) -> dict[str, dict]:
    out = {}
    for writer in WRITERS:
        test = [e for e in ev if e["writer"] == writer]
        if not test:
            continue
        w, b = fitted([e for e in ev if e["writer"] != writer], l2, rules)
        row = {}
        for label, (ww, bb) in (("current", (None, 0.0)), ("checked", (w, b))):
            ms = [members(e, ww, bb, rules) for e in test]
            p, r = zip(*(pr(m, e["labels"]) for m, e in zip(ms, test)))
            s = [set_score(m, e["labels"]) for m, e in zip(ms, test)]
            row[label] = {"score": round(float(np.mean(s)), 3), "P": round(float(np.mean(p)), 3),
                          "R": round(float(np.mean(r)), 3)}  # fmt: skip
        out[writer] = row | {"items": len(test)}
    return out


def summary(table: dict) -> dict:
    out = {k: {m: round(float(np.mean([v[k][m] for v in table.values()])), 3) for m in ("score", "P", "R")}
           for k in ("current", "checked")}  # fmt: skip
    gains = [v["checked"]["score"] - v["current"]["score"] for v in table.values()]
    return out | {"spread of the gain": round(float(np.std(gains)), 3), "writers worse": sum(g < 0 for g in gains)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", default="store")
    ap.add_argument("--corpus2", required=True)
    ap.add_argument("--fit", action="store_true", help="write the check fitted on every writer, if it wins held out")
    ap.add_argument("--cache", default="")
    args = ap.parse_args()
    ev = cached(args.seeds, args.corpus2, args.cache, evidence)
    rules_table(ev)
    tables = {(scope, l2): held_out(ev, l2, rules) for scope, rules in SCOPES.items() for l2 in L2}
    for (scope, l2), table in tables.items():
        print(f"{scope}, L2 {l2}: held-out mean {summary(table)}")
    # the best held-out mean, then the fewest writers it makes worse
    scope, l2 = max(
        tables, key=lambda k: (summary(tables[k])["checked"]["score"], -summary(tables[k])["writers worse"])
    )
    rules = SCOPES[scope]
    print(f"per held-out writer, {scope}, L2 {l2} (current -> checked: set score, P, R):")
    for w, v in tables[scope, l2].items():
        c, k = v["current"], v["checked"]
        print(f"  {w:<14} {v['items']:>3}  {c['score']:.3f} -> {k['score']:.3f}   P {c['P']:.3f} -> {k['P']:.3f}"
              f"   R {c['R']:.3f} -> {k['R']:.3f}")  # fmt: skip
    s = summary(tables[scope, l2])
    if not args.fit:
        return
    if s["checked"]["score"] <= s["current"]["score"]:
        print("the check does not win held out: nothing written")
        return
    w, b = fitted(ev, l2, rules)
    data = {
        "weights": {k: round(float(v), 4) for k, v in zip(tc.FEATURES, w)},
        "bias": round(float(b), 4),
        "rules": list(rules),
        "provenance": {
            "fit": f"python -m bench.topic_rules --fit (numpy logistic regression, balanced classes, L2 {l2} on "
            "standardised features; threshold for the items' set score folded into the bias)",
            "sets": sorted({e["set"] for e in ev}),
            "topics": len(ev),
            "leave-one-writer-out": tables[scope, l2],
            "mean": s,
            "variants (held-out mean set score, current -> checked)": {
                f"{k[0]}, L2 {k[1]}": [summary(v)["current"]["score"], summary(v)["checked"]["score"]]
                for k, v in tables.items()
            },
        },
    }
    tc.DATA.write_text(json.dumps(data, indent=1) + "\n")
    print(f"wrote {tc.DATA}: {data['weights']} bias {data['bias']}")


if __name__ == "__main__":
    main()
