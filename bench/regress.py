"""Every question set answered by one checkout's code, each item's score and answer kept, and two runs compared item by
item: the regression check before a change lands.

    python -m bench.regress run OUT [SET.json ...]   # default: every question set in tests/data
    python -m bench.regress cmp BEFORE AFTER [NAME]   # the items whose score moved, per set (NAME: sets containing it)
    python -m bench.regress kinds RUN [NAME] [--before RUN]   # each kind's mean score per set (and before it)
    python -m bench.regress misses RUN KIND [NAME] [--sets DIR]  # a kind's items under 1.0, questions, failures

`run` answers with the code of the checkout it is started from (run it from a worktree with PYTHONPATH=. to measure
that worktree) over two stores it builds once in /tmp/rstore-<checkout>/: the seeds, and corpus2 (tests/data/corpus2
after `assistant init`). A set whose file name holds "corpus2" runs on the second. Delete the stores after a change
to ingest. Each set is written to OUT/<set>.json: its summary, and per item the score, failures, answer and citations.
`cmp` prints each set's score before and after, how many answers changed, and every item that went up or down.
`kinds` says where each kind stands; `misses` lists a kind's misses with their questions, read from tests/data or
from `--sets DIR` for a set not there yet.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
from pathlib import Path

from bench.common import ROOT

DATA = ROOT / "tests" / "data"
SETS = ("dev_questions.json", "dev_hard_questions.json", "dev_new_kinds.json", "corpus2_questions.json")
CORPUS2 = ("Keiko Tanaka", "--orcid", "0000-0002-1825-0097", "--alias", "田中 恵子")


def _cli(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "assistant", *args], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)


def stores() -> tuple[Path, Path]:
    """The seeds' and corpus2's stores of this checkout, built on first use."""
    base = Path(f"/tmp/rstore-{ROOT.name}")
    seeds, corpus2 = base / "seeds", base / "corpus2"
    if not (seeds / ".done").exists():
        shutil.rmtree(seeds, ignore_errors=True)
        _cli("--store", str(seeds), "ingest", str(ROOT / "seeds"))
        (seeds / ".done").touch()
    if not (corpus2 / ".done").exists():
        shutil.rmtree(corpus2, ignore_errors=True)
        folder = base / "tanaka"
        shutil.rmtree(folder, ignore_errors=True)
        shutil.copytree(DATA / "corpus2", folder)
        _cli("init", CORPUS2[0], "--dir", str(folder), *CORPUS2[1:])
        _cli("--store", str(corpus2), "ingest", str(folder))
        (corpus2 / ".done").touch()
    return seeds, corpus2


def run(out: Path, sets: list[Path]) -> None:
    from assistant.core import Assistant
    from assistant.evaluation import run as evaluate
    from assistant.settings import Settings

    out.mkdir(parents=True, exist_ok=True)
    seeds, corpus2 = stores()
    for store in (seeds, corpus2):
        group = [s for s in sets if ("corpus2" in s.name) == (store == corpus2)]
        if not group:
            continue
        assistant = Assistant.from_settings(Settings(store_dir=store))
        for path in group:
            results, summary = evaluate(assistant, path)
            items = [
                {
                    "id": r.id,
                    "kind": r.kind,
                    "score": r.score,
                    "ms": round(1000 * r.seconds, 1),
                    "failures": r.failures,
                    "answer": r.answer.answer,
                    "cited": [(c.paper_id, c.title) for c in r.answer.citations],
                }
                for r in results
            ]
            record = {"summary": summary, "items": items}
            (out / f"{path.stem}.json").write_text(json.dumps(record, indent=1, ensure_ascii=False))
            print(
                f"{path.stem:40} {summary['overall']:.3f}  n={summary['questions']}  "
                f"invalid={summary['invalid_citations']}  p50={summary['p50_ms']:.1f} ms",
                flush=True,
            )


def compare(before: Path, after: Path, name: str = "") -> tuple[int, int]:
    """Prints the sets' scores and the items that moved; (items up, items down)."""
    up = down = 0
    for fb in sorted(after.glob("*.json")):
        fa = before / fb.name
        if name not in fb.name or not fa.exists():
            continue
        a, b = json.loads(fa.read_text()), json.loads(fb.read_text())
        old = {i["id"]: i for i in a["items"]}
        changed = sum(old[i["id"]]["answer"] != i["answer"] for i in b["items"] if i["id"] in old)
        print(
            f"{fb.stem:40} {a['summary']['overall']:.3f} -> {b['summary']['overall']:.3f}  "
            f"answers changed {changed}  invalid {b['summary']['invalid_citations']}"
        )
        for i in b["items"]:
            j = old.get(i["id"])
            if j and abs(j["score"] - i["score"]) > 1e-6:
                better = i["score"] > j["score"]
                up, down = up + better, down + (not better)
                tag = "UP  " if better else "DOWN"
                print(f"   {tag} {i['id']:10} {i['kind']:14} {j['score']:.2f} -> {i['score']:.2f}")
    print(f"items up {up}, down {down}")
    return up, down


def _sets(run_dir: Path, name: str) -> list[Path]:
    return [f for f in sorted(run_dir.glob("*.json")) if name in f.stem]


def kind_scores(run_dir: Path, name: str = "") -> dict[str, dict[str, tuple[float, int]]]:
    """Per set of the run, each kind's (mean score, items)."""
    out: dict[str, dict[str, tuple[float, int]]] = {}
    for f in _sets(run_dir, name):
        scores: dict[str, list[float]] = {}
        for item in json.loads(f.read_text())["items"]:
            scores.setdefault(item["kind"] or "", []).append(item["score"])
        out[f.stem] = {k: (sum(v) / len(v), len(v)) for k, v in sorted(scores.items())}
    return out


def kinds(run_dir: Path, name: str = "", before: Path | None = None) -> None:
    """Prints each set's kinds with their mean score (and the earlier run's, where it has the set)."""
    old = kind_scores(before, name) if before else {}
    for stem, table in kind_scores(run_dir, name).items():
        cells = []
        for kind, (mean, n) in table.items():
            was = old.get(stem, {}).get(kind)
            cells.append(f"{kind} {was[0]:.2f}->{mean:.2f} ({n})" if was else f"{kind} {mean:.2f} ({n})")
        print(f"{stem}\n   " + ", ".join(cells))


def _questions(stem: str, folders: list[Path]) -> dict[str, dict]:
    """The set's questions by id: tests/data's file, or one in the folders given (a blind set not yet joined)."""
    for folder in (DATA, *folders):
        path = folder / f"{stem}.json"
        if path.exists():
            data = json.loads(path.read_text())
            if "questions" in data:
                return {q["id"]: q for q in data["questions"]}
    return {}


def misses(run_dir: Path, kind: str, name: str = "", sets: Path | None = None) -> int:
    """Prints every item of the kind scoring under 1.0, with its question (or turns) and failures; how many."""
    count = 0
    for f in _sets(run_dir, name):
        questions = _questions(f.stem, [sets] if sets else [])
        for item in json.loads(f.read_text())["items"]:
            if item["kind"] != kind or item["score"] >= 1.0 - 1e-6:
                continue
            count += 1
            q = questions.get(item["id"], {})
            asked = q.get("question") or " || ".join(q.get("turns", []))
            print(f"{item['id']:10} {item['score']:.2f}  {asked}\n   {'; '.join(item.get('failures') or [])}")
    print(f"{count} items under 1.0")
    return count


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run", help="answer and score question sets with this checkout's code")
    r.add_argument("out", type=Path)
    r.add_argument("sets", nargs="*", type=Path)
    c = sub.add_parser("cmp", help="the items whose score moved between two runs")
    c.add_argument("before", type=Path)
    c.add_argument("after", type=Path)
    c.add_argument("name", nargs="?", default="")
    k = sub.add_parser("kinds", help="each kind's mean score per set")
    k.add_argument("run_dir", type=Path)
    k.add_argument("name", nargs="?", default="")
    k.add_argument("--before", type=Path, help="an earlier run to show beside it")
    m = sub.add_parser("misses", help="a kind's items under 1.0 with their questions and failures")
    m.add_argument("run_dir", type=Path)
    m.add_argument("kind")
    m.add_argument("name", nargs="?", default="")
    m.add_argument("--sets", type=Path, help="a folder holding question sets not in tests/data")
    args = parser.parse_args(argv)
    if args.command == "run":
        default = [DATA / s for s in SETS] + sorted(DATA.glob("first_contact_*.json"))
        run(args.out, [s.resolve() for s in args.sets] or default)
    elif args.command == "kinds":
        kinds(args.run_dir, args.name, args.before)
    elif args.command == "misses":
        misses(args.run_dir, args.kind, args.name, args.sets)
    else:
        compare(args.before, args.after, args.name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
