"""Topic membership against every writer's visible set: each topic, summary, list, stacked, both-groups, filter,
near-negative, out-of-corpus and negation item's topic (and negated topic) as the planner reads it, the papers in its
scope labelled by the item (expected papers in, the rest out, allowed ones unlabelled; a negated topic's members are
the scope's papers the item does not expect), and the items scored as sets (found share minus 0.25 per extra paper).

The learned score (evidence/topic_score.py) decides the papers the topic's words do not ground. It is measured
leave-one-writer-out: fitted on every writer but one (and the team's sets), the held-out writer's items scored with
the words' rules plus the fitted score, against the current decision (TopicMatcher.papers_on with the data file as
installed when the evidence is gathered) on the same items. `--fit` writes the weights fitted on every writer to
evidence/data/topic_score.json.

    python -m bench.topic_membership --seeds store --corpus2 /tmp/c2-wt/store [--fit]
"""

from __future__ import annotations

import argparse
import json
import pickle
from pathlib import Path

import numpy as np

from assistant.answer.evidence import topic_score as ts
from assistant.answer.evidence.topic_terms import _has_all, identities
from assistant.evaluation_rules import matches
from assistant.models import Filters, Message
from bench.learned import opened

KINDS = {
    "topic",
    "summary",
    "negation",
    "both_groups",
    "filter",
    "near_negative",
    "list_condition",
    "stacked",
    "out_of_corpus",
}
# every writer of a first_contact_r<n> set
ROUNDS = (
    "end",
    *(f"r{n}" for n in range(3, 29)),
    "r30",
    "r31",
    "r32",
    "r33",
    "r36",
    "r38",
    "r39",
    "r25x",
    "r26x",
    "r27x",
    "r28x",
    "r30x",
    "r31x",
    "r32x",
    "r33x",
    "r36x",
    "r38x",
    "r39x",
)
# writer -> its sets; the team's sets are fitted on, never held out
WRITERS = {"first_contact": ["first_contact_seeds", "first_contact_corpus2"]} | {
    r: [f"first_contact_{r}_seeds", f"first_contact_{r}_corpus2"] for r in ROUNDS
}
TEAM = ["dev_questions", "extra_questions", "dev_hard_questions", "dev_new_kinds", "verify_forms_seeds"]
TEAM_C2 = ["corpus2_questions", "verify_forms_corpus2"]
C2 = {s for sets in WRITERS.values() for s in sets if s.endswith("corpus2")} | set(TEAM_C2)
# The hand gates whose place the held-out writers decide (the first score's three, and papers_on's two later checks)
HAND = {"sentence_floor": 0.2, "head_near": 1, "scored_words": 5, "near_best": 0.95}
CHECKS = {"says_core": 1, "agrees": 1}
THRESHOLDS = np.arange(-3.0, 6.01, 0.25)
# What the stems floor leaves below the least stem coverage of an expected paper the fit admits (a tenth of the
# phrase's weight): the floor only prunes what the index need not read, it is not meant to decide
STEMS_MARGIN = 0.1
# What is shipped: the features and regularisation that won on the held-out writers (see `variants`)
SHIPPED = (("sentence", "title", "stems"), CHECKS | HAND, 10.0)


class _Cited:  # what evaluation_rules.matches reads of a citation
    def __init__(self, paper):
        self.title, self.display_title = paper.title or "", paper.display_title
        self.arxiv_id, self.paper_id = paper.arxiv_id, paper.id


def writer_of(name: str) -> str | None:
    return next((w for w, sets in WRITERS.items() if name in sets), None)


def items(answerer, sets: list[str]) -> list[dict]:
    """Each item's (topic, scope, labels), the topic as its plan reads it."""
    out = []
    for name in sets:
        for q in json.loads(Path(f"tests/data/{name}.json").read_text())["questions"]:
            if q["kind"] not in KINDS or "question" not in q:
                continue
            plan = answerer.plan([Message(role="user", content=q["question"])], Filters())
            if plan.literal or not (plan.topic or plan.negated):
                continue
            scope = answerer.tables.scoped(plan)
            unlabelled = (q.get("allowed_papers") or []) + (q.get("related_others") or [])
            labels = {}
            for p in scope:
                cited = _Cited(p)
                if any(matches(e, cited) for e in q.get("expected_papers") or []):
                    labels[p.id] = 1
                elif not any(matches(e, cited) for e in unlabelled):
                    labels[p.id] = 0
            for which, topic in (("topic", plan.topic), ("negated", plan.negated)):
                if not topic:
                    continue
                if which == "negated":  # a member of the negated topic is a paper the item leaves out
                    known = {i: 1 - y for i, y in labels.items() if y == 1 or not plan.topic}
                else:  # with a negated topic too, a paper left out may be on the topic
                    known = {i: y for i, y in labels.items() if y == 1 or not plan.negated}
                row = dict(id=q["id"], set=name, writer=writer_of(name), topic=topic, negated=which == "negated")
                out.append(row | dict(scope=scope, labels=known))
    return out


def set_score(members: set[str], labels: dict[str, int]) -> float:
    expected = sum(labels.values())
    found = sum(1 for i, y in labels.items() if y and i in members)
    extra = sum(1 for i, y in labels.items() if not y and i in members)
    if not expected:
        return 0.0 if extra else 1.0
    return max(0.0, found / expected - 0.25 * extra)


def _members(m, r) -> set[str]:
    if r["negated"]:
        return m.papers_touching(r["topic"], r["scope"])
    return {sp.paper.id for sp in m.papers_on(r["topic"], r["scope"])}


def evidence(answerer, rows: list[dict]) -> list[dict]:
    """Per item: the current decision's members, the members of the words' rules alone (no score), and for each
    labelled paper those leave out, its features per eligible alternative (the later checks of papers_on, says_core
    and _agreeing, among them)."""
    m = answerer.corpus.topics
    out = []
    for r in rows:
        current = _members(m, r)
        m._by_score = lambda *a, **k: []  # the words' rules alone
        try:
            base = _members(m, r)
        finally:
            del m._by_score
        cands = [p for p in r["scope"] if p.id in r["labels"] and p.id not in base]
        pairs: dict[str, list] = {p.id: [] for p in cands}
        for alt, words, qterms in m.scored_alternatives(r["topic"], r["scope"]) if cands else []:
            ids = identities(words)
            ok = [p for p in cands if not ids or _has_all(ids, m._whole_of(p))]
            for pid, f in ts.features(m, r["topic"], alt, words, qterms, r["scope"], ok).items():
                pairs[pid].append((f["features"], len(words)))
        out.append(
            dict(
                id=r["id"], set=r["set"], writer=r["writer"], labels=r["labels"], current=current, base=base,
                pairs=pairs,
            )
        )  # fmt: skip
    return out


# ---- the fit: plain numpy logistic regression ----


def logistic(x: np.ndarray, y: np.ndarray, l2: float = 1.0, steps: int = 50) -> tuple[np.ndarray, float]:
    """Balanced-class L2 logistic regression by Newton steps on standardised features; weights on the raw scale."""
    mu, sd = x.mean(0), x.std(0) + 1e-9
    xs = np.hstack([(x - mu) / sd, np.ones((len(x), 1))])
    cw = np.where(y == 1, len(y) / (2 * max(y.sum(), 1)), len(y) / (2 * max((1 - y).sum(), 1)))
    w = np.zeros(xs.shape[1])
    reg = np.full(xs.shape[1], l2)
    reg[-1] = 0.0
    for _ in range(steps):
        p = 1 / (1 + np.exp(-(xs @ w)))
        g = xs.T @ (cw * (p - y)) + reg * w
        h = (xs * (cw * p * (1 - p))[:, None]).T @ xs + np.diag(reg + 1e-9)
        w -= np.linalg.solve(h, g)
    return w[:-1] / sd, float(w[-1] - (w[:-1] * mu / sd).sum())


def passes(f: dict, words: int, gates: dict, grounded: bool = False) -> bool:
    """topic_score.gated with the gates `gates` (a missing one is off); `grounded`: the words' rules keep a paper."""
    return ts.gated(ts.Weights({}, 0.0, gates), f, words, grounded)


def prepared(ev: list[dict], names, gates) -> list[tuple[dict, list]]:
    """Per item, each labelled candidate's feature rows (one per alternative the gates pass) and each row's stem
    coverage."""
    out = []
    for e in ev:
        rows = []
        for pid, alts in e["pairs"].items():
            ok = [(f, n) for f, n in alts if passes(f, n, gates, bool(e["base"]))]
            if ok:
                x = np.array([[f[k] for k in names] for f, _ in ok])
                rows.append((pid, x, e["labels"][pid], np.array([f["stems"] for f, _ in ok])))
        out.append((e, rows))
    return out


def scores(items, w, b, threshold: float = 0.0, floor: float = 0.0) -> list[float]:
    """Each item's set score with the rules' members plus the candidates whose best alternative holding at least
    `floor` of the phrase's weight by stem scores >= threshold."""
    out = []
    for e, rows in items:
        members = set(e["base"])
        members |= {pid for pid, x, _, st in rows if ((x @ w + b)[st >= floor] >= threshold).any()}
        out.append(set_score(members, e["labels"]))
    return out


def stems_floor(items, w, b) -> float:
    """The least stem coverage of any expected paper's alternative the score admits, less STEMS_MARGIN (0 when
    none is admitted): below it the inverted index prunes a paper without reading it."""
    admitted = [st[x @ w + b >= 0] for _, item in items for _, x, label, st in item if label]
    least = min((float(a.min()) for a in admitted if len(a)), default=0.0)
    return max(0.0, least - STEMS_MARGIN)


def fitted(items, l2: float) -> tuple[np.ndarray, float, float]:
    """Weights, bias (the threshold best for the items' own set score folded in) and stems floor. A candidate is
    trained on by its alternative of the highest first feature plus second."""
    x = [rows[np.argmax(rows[:, :2].sum(1))] for _, item in items for _, rows, _, _ in item]
    y = [label for _, item in items for _, _, label, _ in item]
    x, y = np.array(x), np.array(y, dtype=float)
    if not len(x) or y.min() == y.max():
        return np.zeros(x.shape[1] if len(x) else 0), -1.0, 0.0
    w, b = logistic(x, y, l2)
    t = max(THRESHOLDS, key=lambda t: (np.mean(scores(items, w, b, t)), t))
    return w, b - t, stems_floor(items, w, b - t)


def held_out(ev: list[dict], names, gates, l2: float, floored: bool = True) -> dict[str, tuple]:
    """writer -> (current, learned, topics, stems floor) on its items, the learned score and its stems floor fitted on
    every other writer and the team's sets."""
    items, out = prepared(ev, names, gates), {}
    for writer in WRITERS:
        test = [it for it in items if it[0]["writer"] == writer]
        if test:
            w, b, floor = fitted([it for it in items if it[0]["writer"] != writer], l2)
            old = np.mean([set_score(e["current"], e["labels"]) for e, _ in test])
            floor = floor if floored else 0.0
            new = np.mean(scores(test, w, b, floor=floor))
            out[writer] = (round(float(old), 3), round(float(new), 3), len(test), round(floor, 3))
    return out


def mean(result: dict) -> tuple[float, float, float]:
    olds, news = [v[0] for v in result.values()], [v[1] for v in result.values()]
    return float(np.mean(olds)), float(np.mean(news)), float(np.std(np.subtract(news, olds)))


def variants() -> dict[str, tuple]:
    """The decisions compared on the held-out writers: the shipped one, without each hand gate, with each other
    feature added, and the best decision without the hand gates ("relative" and "stems")."""
    names, gates, l2 = SHIPPED
    out = {"shipped": SHIPPED}
    for g in HAND:
        out[f"shipped without gate {g}"] = (names, {k: v for k, v in gates.items() if k != g}, l2)
    out["shipped without the hand gates"] = (names, CHECKS, l2)
    for f in ts.FEATURES:
        if f not in names and f not in CHECKS:
            out[f"shipped + feature {f}"] = ((*names, f), gates, l2)
    out["every feature, hand gates"] = (tuple(f for f in ts.FEATURES if f not in CHECKS), gates, l2)
    out["relative and stems, no hand gates"] = (("relative", "stems"), CHECKS, l2)
    out["shipped, l2 1"] = (names, gates, 1.0)
    return out


def ship(ev: list[dict], table: dict) -> dict:
    """The shipped decision fitted on every writer and the team's sets, with its provenance."""
    names, gates, l2 = SHIPPED
    w, b, floor = fitted(prepared(ev, names, gates), l2)
    old, new, spread = mean(table["shipped"])
    writers = [e for e in ev if e["writer"]]
    return {
        "weights": {k: round(float(v), 4) for k, v in zip(names, w)},
        "bias": round(float(b), 4),
        "gates": gates | {"stems_floor": round(floor, 4)},
        "provenance": {
            "fit": "python -m bench.topic_membership --fit (numpy logistic regression, balanced classes, L2 "
            f"{l2} on standardised features; threshold for the items' set score folded into the bias; stems_floor: "
            f"the least stem coverage of an expected paper the fit admits, less {STEMS_MARGIN})",
            "sets": sorted({e["set"] for e in ev}),
            "topics": len(ev),
            "writers' topics": len(writers),
            "leave-one-writer-out": {
                w: {"current": o, "learned": n, "topics": k, "stems floor": f}
                for w, (o, n, k, f) in table["shipped"].items()
            },
            "mean": {"current": round(old, 3), "learned": round(new, 3), "spread of the gain": round(spread, 3)},
            "variants (mean current -> learned)": {k: [round(x, 3) for x in mean(v)[:2]] for k, v in table.items()},
        },
    }


def installed_floor(ev: list[dict]) -> dict:
    """The stems floor for the installed weights (not refitted), from every writer's and the team's items, with its
    leave-one-writer-out check: each writer's items scored by the installed score with the floor taken from the
    other writers' items, against the same score with no floor, on the same items."""
    w8 = ts.weights()
    names = tuple(w8.weights)
    w, b = np.array([w8.weights[k] for k in names]), w8.bias
    gates = {k: v for k, v in w8.gates.items() if k != "stems_floor"}
    items = prepared(ev, names, gates)
    folds = {}
    for writer in WRITERS:
        test = [it for it in items if it[0]["writer"] == writer]
        if test:
            floor = stems_floor([it for it in items if it[0]["writer"] != writer], w, b)
            none, floored = np.mean(scores(test, w, b)), np.mean(scores(test, w, b, floor=floor))
            folds[writer] = {"no floor": round(float(none), 3), "floor": round(float(floored), 3), "fold floor": floor}
    floor = stems_floor(items, w, b)
    fl = [f["fold floor"] for f in folds.values()]
    return {
        "stems_floor": round(floor, 4),
        "provenance": {
            "how": "python -m bench.topic_membership --floor: the least stem coverage of any expected paper's "
            f"alternative the installed score admits (gates and z >= 0), over every item, less {STEMS_MARGIN}; the "
            "weights are not refitted",
            "topics": len(ev),
            "leave-one-writer-out (items' set score, installed score without -> with the fold's floor)": {
                k: v | {"fold floor": round(v["fold floor"], 3)} for k, v in folds.items()
            },
            "mean": {
                "no floor": round(float(np.mean([f["no floor"] for f in folds.values()])), 3),
                "floor": round(float(np.mean([f["floor"] for f in folds.values()])), 3),
                "fold floors min / max": [round(min(fl), 3), round(max(fl), 3)],
            },
        },
    }


def cached(seeds: str, corpus2: str, cache: str, evidence_of) -> list[dict]:
    """Every writer's and the team's topic items on both stores, with what `evidence_of` reads of each; with `cache`, a
    pickle of them read if present, else written."""
    if cache and Path(cache).exists():
        return pickle.loads(Path(cache).read_bytes())
    ev = []
    for store, sets in (
        (seeds, TEAM + [s for v in WRITERS.values() for s in v if s not in C2]),
        (corpus2, TEAM_C2 + [s for v in WRITERS.values() for s in v if s in C2]),
    ):
        answerer = opened(store).answerer()
        ev += evidence_of(answerer, items(answerer, sets))
    if cache:
        Path(cache).write_bytes(pickle.dumps(ev))
    return ev


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", default="store")
    ap.add_argument("--corpus2", required=True)
    ap.add_argument("--fit", action="store_true", help="compare the variants and write the shipped weights")
    ap.add_argument("--floor", action="store_true", help="write the stems floor of the installed weights only")
    ap.add_argument("--cache", default="", help="a pickle of the items' evidence (read if present, else written)")
    args = ap.parse_args()
    ev = cached(args.seeds, args.corpus2, args.cache, evidence)
    print("the current decision per writer's set (items' set score):")
    for sets in WRITERS.values():
        for name in sets:
            s = [set_score(e["current"], e["labels"]) for e in ev if e["set"] == name]
            print(f"  {name:<28} {np.mean(s):.3f} of {len(s)}" if s else f"  {name:<28} -")
    if args.floor:
        data, floor = json.loads(ts.DATA.read_text()), installed_floor(ev)
        for writer, f in floor["provenance"][next(k for k in floor["provenance"] if k.startswith("leave"))].items():
            print(f"  {writer:<14} {f['no floor']:.3f} -> {f['floor']:.3f}  (fold floor {f['fold floor']:.3f})")
        print("mean", floor["provenance"]["mean"])
        data["gates"]["stems_floor"] = floor["stems_floor"]
        data["provenance"]["stems floor"] = floor["provenance"]
        ts.DATA.write_text(json.dumps(data, indent=1) + "\n")
        print(f"wrote {ts.DATA}: stems_floor {floor['stems_floor']}")
    if not args.fit:
        return
    table = {}
    for label, (names, gates, l2) in variants().items():
        table[label] = held_out(ev, names, gates, l2)
        print(f"{label}: held-out writers' mean %.3f -> %.3f (spread of the gain %.3f)" % mean(table[label]))
    label = "shipped without the stems floor"
    table[label] = held_out(ev, *SHIPPED, floored=False)
    old, new, _ = mean(table[label])
    print(f"{label}: held-out writers' mean {old:.3f} -> {new:.3f}")
    print("shipped, per held-out writer (current -> learned):")
    for w, (o, n, k, f) in table["shipped"].items():
        print(f"  {w:<14} {o:.3f} -> {n:.3f}  ({k} topics, stems floor {f:.3f})")
    data = ship(ev, table)
    ts.DATA.write_text(json.dumps(data, indent=1) + "\n")
    print(f"wrote {ts.DATA}: {data['weights']} bias {data['bias']}")


if __name__ == "__main__":
    main()
