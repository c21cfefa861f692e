"""Fit the learned choice of the sentence a why / how answer quotes (answer/write/role_model.py), and measure it
leave-one-writer-out against the hand-set choice (write/by_role.rule_pick) on the same items.

    python -m bench.role_fit --collect   # answer each why/how item; save its operation, its score and, for the
                                         # expected paper, each quotable sentence's features and label
    python -m bench.role_fit --fit       # the baseline table, the leave-one-writer-out table, then the weights
                                         # fitted on all writers (role_model.json)

--collect reads ./store (seeds) and /tmp/c2-<worktree>/store (corpus2), as the regression run builds them, with the
learned model off, and writes /tmp/role_rows.json. A sentence is labelled 1 when it holds one of the item's
expected facts (the evaluation's own fact rule). Each tests/data/first_contact_*_{seeds,corpus2}.json was written by
another writer who never saw the code; those are the held-out folds. The team's sets are fitted on, never held out.
"""

from __future__ import annotations

import json
import statistics
from datetime import UTC, datetime
from pathlib import Path
from types import SimpleNamespace

import numpy as np

from bench.common import ROOT
from bench.learned import logistic, paper_of, questions, run_steps, writer

DATA = ROOT / "tests" / "data"
ROWS = Path("/tmp/role_rows.json")
STORES = {"seeds": ROOT / "store", "corpus2": Path(f"/tmp/c2-{ROOT.name}/store")}
ROLES = {"why": ("motivation", "background"), "how": ("method",)}
L2 = 3.0  # ridge on the standardised weights (a few hundred items, 12 features, correlated)


def items() -> list[tuple[Path, dict, str]]:
    return [
        (path, q, store)
        for path, q, store in questions(DATA)
        if q.get("kind") in ROLES and q.get("expected_facts") and q.get("expected_papers") and not q.get("turns")
    ]


def collect() -> None:
    from assistant import evaluation_rules as rules
    from assistant.answer.plan import operation
    from assistant.answer.plan.planner import Planner
    from assistant.answer.write import by_role, role_model
    from assistant.core import Assistant
    from assistant.models import Message
    from assistant.presenter import present_answer
    from assistant.settings import Settings

    role_model.models = lambda: {}  # the hand-set choice, and no structural reading of "how", while collecting
    operation.STRUCTURAL_HOW = operation.STRUCTURAL_WHY = False
    seen = []
    real_plan = Planner.plan

    def record(self, messages, filters):
        plan = real_plan(self, messages, filters)
        seen.append(plan)
        return plan

    Planner.plan = record
    rows = []
    by_store: dict[str, list] = {}
    for path, q, store in items():
        by_store.setdefault(store, []).append((path, q))
    for store, group in by_store.items():
        assistant = Assistant.from_settings(Settings(store_dir=STORES[store]))
        table = assistant.table()
        for path, q in group:
            principal = json.loads(path.read_text()).get("principal_author") or assistant.principal_author
            seen.clear()
            answer = present_answer(assistant.answer([Message(role="user", content=q["question"])]))
            score, _ = rules.score_hard(q, answer, principal)
            plan = seen[-1]
            corpus = assistant.answerer().corpus
            facts = [f for g in rules.fact_groups(q) for f in g]
            text = rules.norm_text(answer.answer)
            row = {
                "set": path.stem,
                "writer": writer(path),
                "id": q["id"],
                "kind": q["kind"],
                "question": q["question"],
                "route": plan.route,
                "score": score,
                "cited": any(rules.cited(answer, e) for e in q["expected_papers"]),
                "fact": any(rules.fact_found(f, text) for f in facts),
            }
            paper = next((p for e in q["expected_papers"] if (p := paper_of(table, e)) is not None), None)
            if paper is not None and paper.has_abstract:
                words = plan.words if plan.route == q["kind"] else q["question"]
                roles = ROLES[q["kind"]]
                sentences, scores, picked = by_role.choices(
                    SimpleNamespace(words=words), paper, corpus, roles, q["kind"]
                )
                if sentences:
                    x = role_model.features(words, corpus.qterms(words), paper, sentences, scores, roles, corpus.picker)
                    row |= {
                        "sentences": [s.text for s in sentences],
                        "x": x.tolist(),
                        "y": [any(rules.fact_found(f, rules.norm_text(s.text)) for f in facts) for s in sentences],
                        "rule": [sentences.index(s) for s in picked],
                    }
            rows.append(row)
            print(
                f"{path.stem:28} {q['id']:8} {q['kind']:3} route={plan.route:8} score={score:.2f} "
                f"labelled={sum(row.get('y', []))}/{len(row.get('y', []))}"
            )
    ROWS.write_text(json.dumps(rows, indent=1))
    print(f"{len(rows)} rows -> {ROWS}")


def _pick(p: np.ndarray, r: dict) -> list[int]:
    from assistant.answer.evidence.weigh import ASKED_ROLE_BONUS
    from assistant.answer.write.by_role import MAX_QUOTED
    from assistant.answer.write.role_model import FEATURES, chosen

    x = np.asarray(r["x"])
    rule, role = x[:, FEATURES.index("rule")], x[:, FEATURES.index("role")]
    return chosen(p, int(np.argmax(rule - ASKED_ROLE_BONUS * role)), MAX_QUOTED)  # as by_role.choices


def _fit(rows: list[dict], kind: str) -> dict:
    inside = [r for r in rows if r["kind"] == kind]
    x = np.asarray([v for r in inside for v in r["x"]])
    y = np.asarray([v for r in inside for v in r["y"]], dtype=float)
    return logistic(x, y, L2)


def _p(m: dict, x) -> np.ndarray:
    return 1 / (1 + np.exp(-(((np.asarray(x) - m["mean"]) / m["scale"]) @ m["weights"] + m["bias"])))


def _baseline(rows: list[dict]) -> None:
    print("baseline per writer (held-out writers' why/how items): operation read as asked / expected paper cited /")
    print("an expected fact quoted / score")
    print(f"  {'writer':20} {'kind':4} {'n':>3} {'op':>5} {'cited':>5} {'fact':>5} {'score':>5}")
    for w in sorted({r["writer"] for r in rows if r["writer"]}):
        for kind in ROLES:
            part = [r for r in rows if r["writer"] == w and r["kind"] == kind]
            if part:
                print(
                    f"  {w:20} {kind:4} {len(part):3d} {np.mean([r['route'] == kind for r in part]):5.2f} "
                    f"{np.mean([r['cited'] for r in part]):5.2f} {np.mean([r['fact'] for r in part]):5.2f} "
                    f"{np.mean([r['score'] for r in part]):5.2f}"
                )
    for kind in ROLES:
        part = [r for r in rows if r["writer"] and r["kind"] == kind]
        missed = [f"{r['id']}:{r['route']}" for r in part if r["route"] != kind]
        print(f"  {kind}: {len(part)} items, operation read otherwise: {missed}")


def fit() -> None:
    from assistant.answer.write.role_model import FEATURES, WEIGHTS

    rows = json.loads(ROWS.read_text())
    _baseline(rows)
    usable = [r for r in rows if "x" in r and any(r["y"])]
    writers = sorted({r["writer"] for r in usable if r["writer"]})
    print(f"\n{len(usable)} items whose expected paper has a sentence holding an expected fact")
    table, spread, sizes = [], {k: [] for k in ROLES}, {"rule": [], "learned": []}
    for held in writers:
        train = [r for r in usable if r["writer"] != held]
        ms = {k: _fit(train, k) for k in ROLES}
        for k in ROLES:
            spread[k].append(ms[k]["weights"])
        test = [r for r in usable if r["writer"] == held]
        old_lead = [r["y"][r["rule"][0]] for r in test]
        old_set = [any(r["y"][i] for i in r["rule"]) for r in test]
        new_lead, new_set = [], []
        for r in test:
            picked = _pick(_p(ms[r["kind"]], r["x"]), r)
            new_lead.append(r["y"][picked[0]])
            new_set.append(any(r["y"][i] for i in picked))
            sizes["rule"].append(len(r["rule"]))
            sizes["learned"].append(len(picked))
            if any(r["y"][i] for i in r["rule"]) != new_set[-1]:
                print(f"  {held}: {r['id']} {r['kind']} quoted set holds a fact: {old_set[-1]} -> {new_set[-1]}")
        table.append((held, len(test), *map(np.mean, (old_lead, new_lead, old_set, new_set))))
    print("\nleave-one-writer-out: the quoted lead / the quoted sentences hold an expected fact (rule -> learned)")
    print(f"  {'writer':20} {'n':>3}  {'lead old':>8} {'lead new':>8}  {'set old':>7} {'set new':>7}")
    for w, n, a0, a1, s0, s1 in table:
        print(f"  {w:20} {n:3d}  {a0:8.3f} {a1:8.3f}  {s0:7.3f} {s1:7.3f}")
    cols = list(zip(*table))
    mean = [statistics.fmean(c) for c in cols[2:]]
    print(f"  {'mean':20} {sum(cols[1]):3d}  {mean[0]:8.3f} {mean[1]:8.3f}  {mean[2]:7.3f} {mean[3]:7.3f}")
    print(f"  sentences quoted an item: rule {np.mean(sizes['rule']):.2f}, learned {np.mean(sizes['learned']):.2f}")
    deltas = [s1 - s0 for *_, s0, s1 in table]
    print(
        f"  quoted-set change per writer: min {min(deltas):+.3f}, max {max(deltas):+.3f}, "
        f"better on {sum(d > 0 for d in deltas)}, worse on {sum(d < 0 for d in deltas)} of {len(deltas)}"
    )
    models = {}
    for k in ROLES:
        m = _fit(usable, k)
        lo, hi = np.min(spread[k], 0), np.max(spread[k], 0)
        print(f"\n{k}: weights fitted on all (standardised), and their range over the folds:")
        for f, w, a, b in zip(FEATURES, m["weights"], lo, hi):
            print(f"  {f:14} {w:+.3f}   [{a:+.3f}, {b:+.3f}]")
        models[k] = {key: (v.tolist() if isinstance(v, np.ndarray) else v) for key, v in m.items()}
    WEIGHTS.write_text(
        json.dumps(
            {
                "features": list(FEATURES),
                "models": models,
                "provenance": {
                    "fitted": datetime.now(UTC).strftime("%Y-%m-%d"),
                    "script": "python -m bench.role_fit --collect && python -m bench.role_fit --fit",
                    "items": len(usable),
                    "sets": sorted({r["set"] for r in usable}),
                    "l2": L2,
                    "leave_one_writer_out": {
                        "folds": len(table),
                        "lead_rule": round(mean[0], 3),
                        "lead_learned": round(mean[1], 3),
                        "quoted_rule": round(mean[2], 3),
                        "quoted_learned": round(mean[3], 3),
                        "sentences_quoted_rule": round(float(np.mean(sizes["rule"])), 2),
                        "sentences_quoted_learned": round(float(np.mean(sizes["learned"])), 2),
                        "per_writer": {w: [round(s0, 3), round(s1, 3)] for w, _, _, _, s0, s1 in table},
                    },
                },
            },
            indent=1,
        )
        + "\n"
    )
    print(f"\nwrote {WEIGHTS}")


def _model(m: dict):
    from assistant.answer.learned import Logistic

    return Logistic.of(m)


def heldout() -> None:
    """Every held-out writer's why/how items answered through the whole pipeline, with the sentence model fitted
    on the other writers and with the hand-set choice, each with and without the structural reading of "how"
    (operation.STRUCTURAL_HOW): the mean item score per writer against the collected baseline (rule, no reading)."""
    from assistant import evaluation_rules as rules
    from assistant.answer.plan import operation
    from assistant.answer.write import role_model
    from assistant.answer.write.role_model import WEIGHTS
    from assistant.core import Assistant
    from assistant.models import Message
    from assistant.presenter import present_answer
    from assistant.settings import Settings

    rows = json.loads(ROWS.read_text())
    usable = [r for r in rows if "x" in r and any(r["y"])]
    base = {(r["set"], r["id"]): r["score"] for r in rows}
    writers = sorted({r["writer"] for r in rows if r["writer"]})
    folds = {w: {k: _model(_fit([r for r in usable if r["writer"] != w], k)) for k in ROLES} for w in writers}
    variants = {
        "learned+why": (True, False, True),
        "learned+how+why": (True, True, True),
        "rule+why": (False, False, True),
    }
    scores: dict[str, dict] = {v: {} for v in variants}
    assistants = {s: Assistant.from_settings(Settings(store_dir=d)) for s, d in STORES.items()}
    for path, q, store in items():
        w = writer(path)
        if w is None:
            continue
        principal = json.loads(path.read_text()).get("principal_author") or assistants[store].principal_author
        for v, (learned, how, why) in variants.items():
            role_model.models = (lambda m=folds[w]: m) if learned else (lambda: {})
            operation.STRUCTURAL_HOW, operation.STRUCTURAL_WHY = how, why
            answer = present_answer(assistants[store].answer([Message(role="user", content=q["question"])]))
            scores[v][(path.stem, q["id"])] = rules.score_hard(q, answer, principal)[0]
        line = " ".join(f"{v}={scores[v][(path.stem, q['id'])]:.2f}" for v in variants)
        print(f"{q['id']:8} {q['kind']:3} base={base.get((path.stem, q['id']), -1):.2f} {line}  {q['question'][:60]}")
    print(f"\nheld-out writers, why+how items: mean score per writer (baseline -> {', '.join(variants)})")
    for w in writers:
        keys = [k for k in scores[next(iter(variants))] if writer(Path(k[0] + ".json")) == w]
        cols = [np.mean([base[k] for k in keys])] + [np.mean([scores[v][k] for k in keys]) for v in variants]
        print(f"  {w:20} {len(keys):3d} " + " ".join(f"{c:6.3f}" for c in cols))
    keys = list(scores[next(iter(variants))])
    cols = [np.mean([base[k] for k in keys])] + [np.mean([scores[v][k] for k in keys]) for v in variants]
    print(f"  {'all':20} {len(keys):3d} " + " ".join(f"{c:6.3f}" for c in cols))
    if WEIGHTS.exists():  # the shipped reading's figure, kept with the weights' provenance
        data = json.loads(WEIGHTS.read_text())
        data["provenance"]["pipeline_leave_one_writer_out"] = {
            "items": len(keys),
            "score_before": round(cols[0], 3),
            **{f"score_{v}": round(c, 3) for v, c in zip(variants, cols[1:])},
        }
        WEIGHTS.write_text(json.dumps(data, indent=1) + "\n")


def main() -> None:
    run_steps(__doc__, collect, fit, heldout)


if __name__ == "__main__":
    main()
