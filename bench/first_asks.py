"""First-ask latency on an ingested store: every question asked once in a fresh process, then once more (warm), with
and without the whole-corpus sentence search (the old 50k-sentence cap), each side in a child process of its own.

    python -m bench.first_asks --store bench/results/stores/ours-10000 [--rounds 2]
    python -m bench.first_asks --store bench/results/stores/ours-10000 --mix --sides searched

The questions are the dev + team questions (bench.common.questions; follow-ups by their first turn), or with --mix
about 190 distinct conversations generated from the store's own table (bench.synthetic.mixed_questions: list,
count, fact, topic, compare, follow-ups, out-of-corpus; every turn of a follow-up timed, the earlier answers sent
back as history). Printed per side: start-to-ready seconds, answer p50 / p95 / max of each round by the clock and by
the process's CPU time (which other work on a shared machine barely moves), the same per kind (first round), the
slowest answers, and the whole-corpus sentence searches: how many ran, their p50 and max ms.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from bench.common import RESULTS, load, pct, peak_rss_mib, questions, run_child, table

CAP = 50_000  # the cap the search had before its coarse pass (answer/evidence/sentence_search.py)


def child(store: Path, side: str, rounds: int, asked: Path) -> dict:
    from assistant.answer.evidence.sentence_search import SentenceSearch
    from assistant.core import Assistant
    from assistant.models import Message
    from assistant.settings import Settings

    searches: list[float] = []
    search = SentenceSearch._candidates_from_index

    def timed(self, question, papers, admits, known):
        if side == "capped" and len(self.index) > CAP:
            return []
        start = time.perf_counter()
        try:
            return search(self, question, papers, admits, known)
        finally:
            searches.append(time.perf_counter() - start)

    SentenceSearch._candidates_from_index = timed  # a bench's probe: the product code is unchanged
    t0 = time.perf_counter()
    assistant = Assistant.from_settings(Settings(store_dir=store))
    assistant.warm()  # start: table, BM25, Chroma, derived items, the model
    ready = time.perf_counter() - t0
    conversations = json.loads(asked.read_text())
    out = {"side": side, "ready_s": ready, "rounds": [], "cpu": [], "searches_ms": []}
    for _ in range(rounds):
        times, cpu = [], []
        for q in conversations:
            messages, turns, turns_cpu = [], [], []
            for turn in q["turns"]:
                messages.append(Message(role="user", content=turn))
                start, start_cpu = time.perf_counter(), time.process_time()
                answer = assistant.answer(messages)
                turns.append(time.perf_counter() - start)
                turns_cpu.append(time.process_time() - start_cpu)
                messages.append(Message(role="assistant", content=answer.answer))
            times.append(turns)
            cpu.append(turns_cpu)
        out["rounds"].append(times)
        out["cpu"].append(cpu)
    out["searches_ms"] = [s * 1000 for s in searches]
    out["rss_mib"] = peak_rss_mib()
    out["load"] = load()
    return out


def asked(store: Path, mix: bool, seed: int) -> Path:
    """The conversations to ask, written to a file both sides read: [{"kind", "turns"}]."""
    if mix:
        from assistant.index.store import Store
        from bench.synthetic import mixed_questions

        t = Store(store, client=None, embeddings=None).load_table()
        conversations = mixed_questions(t.papers, t.principal_author, seed)
        del t
    else:
        conversations = [
            {"kind": q.get("kind", ""), "turns": [q.get("question") or q["turns"][0]]} for q in questions()
        ]
    RESULTS.mkdir(parents=True, exist_ok=True)
    path = RESULTS / f"asked-{store.name}{'-mix' if mix else ''}.json"
    path.write_text(json.dumps(conversations, indent=1))
    return path


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "child":
        out = child(Path(sys.argv[2]), sys.argv[3], int(sys.argv[4]), Path(sys.argv[5]))
        print(json.dumps(out))
        return
    parser = argparse.ArgumentParser(description="First-ask latency, with and without the whole-corpus search.")
    parser.add_argument("--store", type=Path, required=True)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--mix", action="store_true", help="questions generated from the store's table")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sides", nargs="+", default=["searched", "capped"], choices=["searched", "capped"])
    args = parser.parse_args()
    path = asked(args.store, args.mix, args.seed)
    conversations = json.loads(path.read_text())
    kinds = [q["kind"] for q in conversations for _ in q["turns"]]
    texts = [" → ".join(q["turns"][: i + 1]) for q in conversations for i in range(len(q["turns"]))]
    print(
        f"{len(conversations)} conversations ({len(set(texts))} distinct asks) from {path}, load {load()}",
        file=sys.stderr,
        flush=True,
    )
    rows, by_kind, slowest = [], [], []
    for side in args.sides:
        r = run_child(["-m", "bench.first_asks", "child", str(args.store), side, str(args.rounds), str(path)], 3 * 3600)
        for i, times in enumerate(r["rounds"]):
            ms = [t * 1000 for turns in times for t in turns]
            cpu = [t * 1000 for turns in r["cpu"][i] for t in turns]
            rows.append(
                [
                    side,
                    "first asks" if i == 0 else f"round {i + 1}",
                    len(ms),
                    f"{pct(ms, 0.5):.0f}",
                    f"{pct(ms, 0.95):.0f}",
                    f"{max(ms):.0f}",
                    f"{pct(cpu, 0.5):.0f} / {pct(cpu, 0.95):.0f} / {max(cpu):.0f}",
                    f"{r['ready_s']:.1f}",
                    f"{len(r['searches_ms'])}, p50 {pct(r['searches_ms'], 0.5):.0f} / max "
                    f"{max(r['searches_ms'], default=float('nan')):.0f} ms",
                    f"{r['rss_mib']:.0f}",
                    r["load"],
                ]
            )
        first = [t * 1000 for turns in r["rounds"][0] for t in turns]
        first_cpu = [t * 1000 for turns in r["cpu"][0] for t in turns]
        for kind in dict.fromkeys(kinds):
            ms = [t for t, k in zip(first, kinds) if k == kind]
            cpu = [t for t, k in zip(first_cpu, kinds) if k == kind]
            by_kind.append(
                [
                    side,
                    kind,
                    len(ms),
                    f"{pct(ms, 0.5):.0f}",
                    f"{pct(ms, 0.95):.0f}",
                    f"{max(ms):.0f}",
                    f"{pct(cpu, 0.5):.0f} / {pct(cpu, 0.95):.0f} / {max(cpu):.0f}",
                ]
            )
        slowest += [[side, f"{t:.0f}", k, q[:110]] for t, k, q in sorted(zip(first, kinds, texts), reverse=True)[:8]]
        print(f"  {side}: done, load {r['load']}", file=sys.stderr, flush=True)
    table(
        f"Answers on {args.store} ('capped': the whole-corpus sentence search off above {CAP:,} sentences, as before)",
        [
            "side",
            "round",
            "answers",
            "p50 ms",
            "p95 ms",
            "max ms",
            "CPU ms p50 / p95 / max",
            "ready s",
            "sentence searches",
            "RSS MiB",
            "load",
        ],
        rows,
    )
    table(
        "First asks by kind", ["side", "kind", "answers", "p50 ms", "p95 ms", "max ms", "CPU ms p50/p95/max"], by_kind
    )
    table("Slowest first asks", ["side", "ms", "kind", "question (turns joined by →)"], slowest)


if __name__ == "__main__":
    main()
