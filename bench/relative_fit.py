"""Fit and measure the learned choice of the paper a multi-step question asks about: the anchor it describes, or a
relative of it (plan/relative.py), leave-one-writer-out.

    python -m bench.relative_fit --collect   # answer every one-paper item of every set on both stores, save rows
    python -m bench.relative_fit --table     # the writers' multihop items: anchor found, paper answered, cause
    python -m bench.relative_fit --fit       # leave-one-writer-out table; writes plan/data/relative_model.json

A row is one question whose expected answer is one paper's and whose plan has exactly one anchor paper (named, or
described: the one paper the table's selection picked); its candidates are that anchor and the relatives
plan/relative.py gathers, each with the features that module computes. Each
tests/data/first_contact_*_{seeds,corpus2}.json was written by a writer who never saw the code: those are the held-out
folds (their items of every kind, so the choice is measured where it must stay on the anchor too); the team's sets are
fitted on, never held out.
--collect reads /tmp/rstore-<worktree>/{seeds,corpus2}, the stores the regression run builds.
"""

from __future__ import annotations

import json
import statistics
from pathlib import Path

import numpy as np

from bench.common import ROOT
from bench.learned import questions, run_steps, writer

DATA = ROOT / "tests" / "data"
ROWS = Path(f"/tmp/relative_rows-{ROOT.name}.json")
STORES = {"seeds": Path(f"/tmp/rstore-{ROOT.name}/seeds"), "corpus2": Path(f"/tmp/rstore-{ROOT.name}/corpus2")}
MODEL = ROOT / "assistant" / "answer" / "plan" / "data" / "relative_model.json"
# Held out by writer on the 268 rows of session 29 (threshold 0.2): 0.3 217, 1, 3 and 10 216 of 226 (multihop 66, 65 of
# 71); 0.3, fitted on every row, takes a team item named by title (h2d17) to a relative, 1 keeps every row the
# session-20 model had right and gains 5: one held-out item is within the noise, so 1. (Session 20: 0.3, 1, 3 tied.)
L2 = 1.0
# The share of the choice the best candidate needs to be taken in place of the anchor, chosen on the held-out folds (the
# highest of the best: a tie keeps the anchor more often).
THRESHOLDS = (0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.0)
DESCRIBED = 9  # the index of the feature "described" (plan/relative.py FEATURES)


def _expected_ids(corpus, q: dict) -> list[str]:
    from bench.learned import paper_of

    out = []
    for e in q.get("expected_papers") or []:
        p = paper_of(corpus, e)
        if p is not None:
            out.append(p.id)
    return out


def collect() -> None:
    from assistant import evaluation_rules as rules
    from assistant.answer.plan import relative
    from assistant.core import Assistant
    from assistant.evaluation import score_question
    from assistant.models import Filters, Message
    from assistant.presenter import present_answer
    from assistant.settings import Settings

    seen: list = []  # the relative reading of the last plan (None when the planner read none)
    real = relative.RelativeReader.relative_read

    def record(self, *args, **kw):
        out = real(self, *args, **kw)
        seen.append(out)
        return out

    relative.RelativeReader.relative_read = record
    relative._model = lambda: None  # the rows are the answers without the learned choice (the anchor stands)
    rows = []
    by_store: dict[str, list] = {}
    for path, q, store in questions(DATA):
        if len(q.get("expected_papers") or []) >= 1 and not q.get("turns"):
            by_store.setdefault(store, []).append((path, q))
    for store, group in by_store.items():
        assistant = Assistant.from_settings(Settings(store_dir=STORES[store]))
        corpus = assistant.answerer().corpus
        ids = {p.id for p in assistant.papers()}
        for path, q in group:
            messages = [Message(role="user", content=q["question"])]
            seen.clear()
            plan = assistant.answerer().plan(list(messages), Filters())
            reading = next((s for s in seen if s is not None), None)
            if reading is None and q["kind"] != "multihop":
                continue  # no anchor read: the choice is not made, nothing to fit or measure
            answer = present_answer(assistant.answer(messages))
            principal = json.loads(path.read_text()).get("principal_author") or assistant.principal_author
            score, failures, _ = score_question(q, answer, ids, rules.is_hard([q]), principal)
            expected = _expected_ids(corpus, q)
            cited = list(dict.fromkeys(c.paper_id for c in answer.citations))
            row = {
                "set": path.stem,
                "writer": writer(path),
                "id": q["id"],
                "kind": q["kind"],
                "question": q["question"],
                "route": plan.route,
                "named": plan.named,
                "focus": plan.focus,
                "cited": cited,
                "expected": expected,
                "score": score,
                "failures": failures,
                "reading": None,
            }
            if reading is not None:
                row["reading"] = {
                    "anchor": reading.anchor,
                    "picked": reading.picked,
                    "candidates": [
                        {"id": c, "x": x, "y": c in expected} for c, x in zip(reading.candidates, reading.features)
                    ],
                }
            rows.append(row)
        print(f"{store}: {len(group)} items")
    ROWS.write_text(json.dumps(rows, indent=1))
    print(f"{len(rows)} rows -> {ROWS}")


def _cause(r: dict) -> str:
    """Why a multihop item's answer misses: it cites the expected paper (right target; a short score is the
    sentence's), it answers from the paper the question names or the plan pointed to (relation unread), or it
    answers from another paper (relation read, wrong target)."""
    if set(r["cited"]) & set(r["expected"]):
        return "right target" + (" (sentence)" if r["score"] < 1 else "")
    anchors = set(r["named"]) | set(r["focus"])
    if set(r["cited"]) & anchors and not (anchors & set(r["expected"])):
        return "relation unread (anchor answered)"
    if not r["cited"]:
        return "nothing cited"
    return "wrong target"


def table() -> None:
    rows = [r for r in json.loads(ROWS.read_text()) if r["kind"] == "multihop" and r["writer"]]
    from collections import Counter

    causes = Counter()
    for r in rows:
        c = _cause(r)
        causes[c] += 1
        read = r["reading"]
        how = "-" if not read else ("described" if read["candidates"][0]["x"][DESCRIBED] else "named")
        print(
            f"{r['set']:26} {r['id']:7} {r['score']:.2f} route={r['route']:9} named={len(r['named'])} "
            f"focus={len(r['focus'])} anchor={how:9} {'-' if not read else read['anchor'][:8]} {c}"
        )
    print(f"{len(rows)} writer multihop items, mean {statistics.mean(r['score'] for r in rows):.3f}")
    for c, n in causes.most_common():
        print(f"  {n:3} {c}")


def main() -> None:
    run_steps(__doc__, collect, table, fit)


def _groups(rows: list[dict]) -> list[tuple[np.ndarray, int]]:
    """Each row's candidate features and the index of its expected candidate (the anchor's when it is expected); rows
    whose expected paper is no candidate teach no choice and are left out."""
    out = []
    for r in rows:
        cands = r["reading"]["candidates"]
        y = next((i for i, c in enumerate(cands) if c["y"]), None)
        if y is not None:
            out.append((np.array([c["x"] for c in cands], dtype=float), y))
    return out


def conditional_logit(groups: list[tuple[np.ndarray, int]], l2: float = L2) -> dict:
    """A choice among each row's candidates: softmax over candidates of standardised features . weights (no bias, a
    choice's scores are relative), L2-regularised, by Newton steps."""
    allx = np.vstack([x for x, _ in groups])
    mean, scale = allx.mean(0), allx.std(0)
    scale[scale < 1e-6] = 1.0
    zs = [((x - mean) / scale, y) for x, y in groups]

    def loss(w: np.ndarray) -> float:
        total = 0.5 * l2 * w @ w
        for z, y in zs:
            s = z @ w
            total += s.max() + np.log(np.exp(s - s.max()).sum()) - s[y]
        return total

    w = np.zeros(allx.shape[1])
    for _ in range(100):
        grad, hess = l2 * w, l2 * np.eye(len(w))
        for z, y in zs:
            s = z @ w
            p = np.exp(s - s.max())
            p /= p.sum()
            grad += z.T @ p - z[y]
            zp = z.T @ p
            hess += (z * p[:, None]).T @ z - np.outer(zp, zp)
        step, now, t = np.linalg.solve(hess, grad), loss(w), 1.0
        while t > 1e-4 and loss(w - t * step) > now:  # damped: a full Newton step can overshoot a softmax
            t /= 2
        w = w - t * step
        if np.abs(t * step).max() < 1e-7:
            break
    return {"mean": mean, "scale": scale, "weights": w, "bias": 0.0}


def _pick(model: dict, row: dict, threshold: float) -> str:
    """The learned choice: the best-scoring candidate when it is not the anchor and its share of the softmax is at
    least the threshold, else the anchor (plan/relative.py's rule)."""
    cands = row["reading"]["candidates"]
    x = np.array([c["x"] for c in cands], dtype=float)
    s = ((x - model["mean"]) / model["scale"]) @ model["weights"]
    p = np.exp(s - s.max())
    p /= p.sum()
    best = int(np.argmax(p))
    return cands[best]["id"] if best and p[best] >= threshold else cands[0]["id"]


def _right(row: dict, pid: str) -> bool:
    """The answer cites an expected paper: the current answer as scored when the choice stays on the anchor, else
    whether the relative picked is expected."""
    if pid == row["reading"]["anchor"]:
        return bool(set(row["cited"]) & set(row["expected"]))
    return pid in row["expected"]


def _folds(rows: list[dict], threshold: float, show: bool) -> dict:
    held = [r for r in rows if r["writer"]]
    writers = sorted({r["writer"] for r in held})
    out = {}
    if show:
        print(f"\nthreshold {threshold}: {'writer':20} {'n':>4} {'current':>8} {'learned':>8}   multihop n  cur  new")
    for w in writers:
        model = conditional_logit(_groups([r for r in rows if r["writer"] != w]))
        mine = [r for r in held if r["writer"] == w]
        cur = sum(_right(r, r["reading"]["anchor"]) for r in mine)
        new = sum(_right(r, _pick(model, r, threshold)) for r in mine)
        mh = [r for r in mine if r["kind"] == "multihop"]
        mc = sum(_right(r, r["reading"]["anchor"]) for r in mh)
        mn = sum(_right(r, _pick(model, r, threshold)) for r in mh)
        out[w] = [len(mine), cur, new, len(mh), mc, mn]
        if show:
            print(
                f"{'':15}{w:20} {len(mine):4} {cur / len(mine):8.3f} {new / len(mine):8.3f}   "
                f"{len(mh):10} {mc:4} {mn:4}"
            )
            for r in mine:
                pid = _pick(model, r, threshold)
                if _right(r, pid) != _right(r, r["reading"]["anchor"]) or pid != r["reading"]["anchor"]:
                    tag = (
                        "WIN "
                        if _right(r, pid) and not _right(r, r["reading"]["anchor"])
                        else ("LOSS" if not _right(r, pid) else "hop ")
                    )
                    print(f"{'':19}{tag} {r['id']:8} {r['kind']:12} {r['question'][:80]}")
    return out


def fit() -> None:
    rows = [r for r in json.loads(ROWS.read_text()) if r["reading"]]
    print(
        f"{len(rows)} items read an anchor ({sum(r['kind'] == 'multihop' for r in rows)} multihop); "
        f"{sum(bool(r['writer']) for r in rows)} by writers"
    )
    from assistant.answer.plan.relative import FEATURES

    best, chosen = None, None
    for threshold in THRESHOLDS:
        out = _folds(rows, threshold, show=False)
        gains = [(v[2] - v[1]) / v[0] for v in out.values()]
        n, cur, new = (sum(v[i] for v in out.values()) for i in range(3))
        mn, mc, mnew = (sum(v[i] for v in out.values()) for i in range(3, 6))
        print(
            f"threshold {threshold}: pooled {cur / n:.3f} -> {new / n:.3f} over {n} held-out items "
            f"(multihop {mc}/{mn} -> {mnew}/{mn}); per-writer gain mean {statistics.mean(gains):+.4f}, "
            f"spread {min(gains):+.3f} .. {max(gains):+.3f}"
        )
        if best is None or (new, mnew) > (best[4], best[7]):  # ties keep the higher threshold (fewer hops)
            best, chosen = (out, gains, n, cur, new, mn, mc, mnew), threshold
    _folds(rows, chosen, show=True)
    print(f"chosen threshold {chosen}")
    out, gains, n, cur, new, mn, mc, mnew = best
    model = conditional_logit(_groups(rows))
    print("\nweights fitted on every item (standardised features):")
    for name, wt in zip(FEATURES, model["weights"]):
        print(f"  {name:12} {wt:+.3f}")
    MODEL.write_text(
        json.dumps(
            {
                "about": "Whether a question naming or describing one paper asks about a relative of it instead, and "
                "which (plan/relative.py); fitted by `python -m bench.relative_fit --fit` on every set's items whose "
                "plan named one paper outside the clause that asks, or whose table selection picked one paper (both "
                "corpora, writers' and team's), a conditional "
                "logit (softmax over the anchor and the author's other papers, L2, standardised features); label: "
                "the item's expected paper. leave_one_writer_out: each writer's items scored by a model fitted "
                "without them; per writer [items, current answer cites an expected paper, learned choice does, "
                "multihop items, current, learned].",
                "fitted": "2026-12-02",
                "features": list(FEATURES),
                "l2": L2,
                "threshold": chosen,
                "items": len(rows),
                "leave_one_writer_out": {
                    "pooled": [n, round(cur / n, 4), round(new / n, 4)],
                    "multihop": [mn, mc, mnew],
                    "per_writer_gain_mean": round(statistics.mean(gains), 4),
                    "per_writer_gain_spread": [round(min(gains), 4), round(max(gains), 4)],
                    "per_writer": out,
                },
                "mean": [round(float(v), 6) for v in model["mean"]],
                "scale": [round(float(v), 6) for v in model["scale"]],
                "weights": [round(float(v), 6) for v in model["weights"]],
                "bias": round(float(model["bias"]), 6),
            },
            indent=1,
        )
        + "\n"
    )
    print(f"-> {MODEL}")


if __name__ == "__main__":
    main()
