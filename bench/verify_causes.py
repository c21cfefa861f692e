"""Why each labelled yes/no item is lost, per writer: the paper read, the verdict, a verdict first, a fact quoted.

    python -m bench.verify_causes --collect ROWS [--stores SEEDS C2]  # every verify item as shipped (./store, c2)
    python -m bench.verify_causes --table ROWS [ROWS2]   # per writer: the cause classes (and before -> after)
    python -m bench.verify_causes --new FILE [--stores SEEDS C2]  # new wordings: how many get the expected verdict

An item's cause is the first of: another paper read ("paper"), no verdict in the first sentence ("first"), the opposite
verdict ("opposite"), "the abstracts do not say" for a true claim ("hedged"; for a false one the evaluation reads it as
the No it is), the right verdict without an expected fact ("fact"); else "ok". Each
tests/data/first_contact_* file is one writer; the team's sets are counted apart.
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path

from bench.common import ROOT
from bench.learned import questions, writer

DATA = ROOT / "tests" / "data"
STORES = {"seeds": ROOT / "store", "corpus2": Path(f"/tmp/c2-{ROOT.name}/store")}
CAUSES = ("paper", "first", "opposite", "hedged", "fact")


def items() -> list[tuple[Path, dict, str]]:
    return [(p, q, s) for p, q, s in questions(DATA) if "verify" in (q.get("kind"), q.get("rule")) and q.get("expect")]


def verdict(row: dict) -> str | None:
    """The verdict as the evaluation reads it: "the abstracts do not say" is a no."""
    return "no" if row["said"] == "unsaid" else row["said"]


def cause(row: dict) -> str:
    if not row["cited"]:
        return "paper"
    if not row["explicit"]:
        return "first"
    if verdict(row) != row["expect"]:
        return "hedged" if row["said"] == "unsaid" else "opposite"
    return "ok" if row["fact"] else "fact"


def collect(out: Path, stores: dict[str, Path] = STORES) -> None:
    from assistant import evaluation_rules as rules
    from assistant.core import Assistant
    from assistant.models import Message
    from assistant.presenter import present_answer
    from assistant.settings import Settings

    rows, by_store = [], {}
    for path, q, store in items():
        by_store.setdefault(store, []).append((path, q))
    for store, group in by_store.items():
        assistant = Assistant.from_settings(Settings(store_dir=stores[store]))
        for path, q in group:
            principal = json.loads(path.read_text()).get("principal_author") or assistant.principal_author
            messages, answer = [], None
            for turn in q.get("turns") or [q["question"]]:
                messages.append(Message(role="user", content=turn))
                answer = present_answer(assistant.answer(messages))
                messages.append(Message(role="assistant", content=answer.answer[:4000]))
            said, _ = rules.verdict(answer.answer)
            text = rules.norm_text(answer.answer)
            unsaid = rules.norm_text(answer.answer).startswith("the abstracts do not say")
            rows.append(
                {
                    "set": path.stem,
                    "writer": writer(path),
                    "id": q["id"],
                    "expect": q["expect"].casefold(),
                    "said": "unsaid" if unsaid else said,
                    "explicit": rules.verdict(answer.answer)[1] or unsaid,
                    "cited": any(rules.cited(answer, e) for e in q.get("expected_papers") or []),
                    "fact": all(any(rules.fact_found(f, text) for f in g) for g in rules.fact_groups(q)),
                    "score": rules.score_hard(q, answer, principal)[0],
                    "by": answer.meta.get("decided_by") or answer.meta.get("route", ""),
                }
            )
    out.write_text(json.dumps(rows, indent=1))
    print(f"{len(rows)} rows -> {out}")


def table(paths: list[Path]) -> None:
    runs = [{(r["set"], r["id"]): r for r in json.loads(p.read_text())} for p in paths]
    keys = [k for k in runs[0] if all(k in run for run in runs)]
    groups: dict[str, list] = {}
    for k in keys:
        groups.setdefault(runs[0][k]["writer"] or "team", []).append(k)
    label = " -> ".join(p.stem for p in paths)
    print(f"per writer ({label}): n, verdict right, mean score, and the items lost by cause")
    print(f"  {'writer':18} {'n':>3}  {'right':>12}  {'score':>12}  " + " ".join(f"{c:>11}" for c in CAUSES))
    order = sorted(groups, key=lambda w: (w == "team", w))
    held = [k for w in order if w != "team" for k in groups[w]]
    for w, ks in [*((w, groups[w]) for w in order), ("writers (items)", held)]:
        right = [statistics.fmean(verdict(run[k]) == run[k]["expect"] for k in ks) for run in runs]
        score = [statistics.fmean(run[k]["score"] for k in ks) for run in runs]
        lost = [[sum(cause(run[k]) == c for k in ks) for run in runs] for c in CAUSES]
        print(
            f"  {w:18} {len(ks):3d}  {' -> '.join(f'{x:.3f}' for x in right):>12}  "
            f"{' -> '.join(f'{x:.3f}' for x in score):>12}  "
            + " ".join(f"{'->'.join(str(x) for x in n):>11}" for n in lost)
        )
    print("\nitems lost (by writer), with what decided them:")
    for k in held + groups.get("team", []):
        causes = [cause(run[k]) for run in runs]
        if any(c != "ok" for c in causes):
            r = runs[0][k]
            print(
                f"  {k[1]:8} want {r['expect']:6} "
                + " -> ".join(f"{c:11} [{run[k]['by'][:60]}]" for c, run in zip(causes, runs))
            )


def new(path: Path, stores: dict[str, Path] = STORES) -> None:
    """Each new wording answered once (its `corpus` store, corpus2 when it names none): the verdict against the one
    expected, per structure."""
    from assistant import evaluation_rules as rules
    from assistant.core import Assistant
    from assistant.models import Message
    from assistant.presenter import present_answer
    from assistant.settings import Settings

    assistants: dict[str, Assistant] = {}
    tally: dict[str, list[bool]] = {}
    for q in json.loads(path.read_text())["questions"]:
        corpus = q.get("corpus", "corpus2")
        if corpus not in assistants:
            assistants[corpus] = Assistant.from_settings(Settings(store_dir=stores[corpus]))
        answer = present_answer(assistants[corpus].answer([Message(role="user", content=q["question"])]))
        said = rules.verdict(answer.answer)[0]
        ok = said == q["expect"]
        tally.setdefault(q["structure"], []).append(ok)
        print(f"{'ok ' if ok else 'BAD'} {q['structure']:9} want {q['expect']:3} said {said}  {q['question'][:80]}")
        if not ok:
            print(f"      [{answer.meta.get('decided_by') or answer.meta.get('route')}] {answer.answer[:160]}")
    for k, v in tally.items():
        print(f"{k:9} {sum(v)} of {len(v)}")
    print(f"all       {sum(sum(v) for v in tally.values())} of {sum(len(v) for v in tally.values())}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--collect", metavar="ROWS")
    ap.add_argument("--table", nargs="+", metavar="ROWS")
    ap.add_argument("--new", metavar="FILE")
    ap.add_argument(
        "--stores", nargs=2, metavar=("SEEDS", "CORPUS2"), help="the stores --new and --collect read (default as above)"
    )
    args = ap.parse_args()
    stores = dict(zip(STORES, map(Path, args.stores))) if args.stores else STORES
    if args.new:
        new(Path(args.new), stores)
    if args.collect:
        collect(Path(args.collect), stores)
    if args.table:
        table([Path(p) for p in args.table])


if __name__ == "__main__":
    main()
