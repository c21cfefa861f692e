"""First-ask latency on an ingested store: every question asked once in a fresh process, then once more (warm), with
and without the whole-corpus sentence search (the old 50k-sentence cap), each side in a child process of its own.

    python -m bench.first_asks --store bench/results/stores/ours-10000 [--rounds 2]

The questions are the dev + team questions (bench.common.questions; follow-ups by their first turn). Printed per side:
start-to-ready seconds, answer p50 / p95 / max of each round, and the whole-corpus sentence searches: how many ran,
their p50 and max milliseconds.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from bench.common import load, pct, peak_rss_mib, questions, run_child, table

CAP = 50_000  # the cap the search had before its coarse pass (answer/evidence/sentence_search.py)


def child(store: Path, side: str, rounds: int) -> dict:
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
    texts = [q.get("question") or q["turns"][0] for q in questions()]
    out = {"side": side, "ready_s": ready, "rounds": [], "searches_ms": []}
    for _ in range(rounds):
        times = []
        for text in texts:
            start = time.perf_counter()
            assistant.answer([Message(role="user", content=text)])
            times.append(time.perf_counter() - start)
        out["rounds"].append(times)
    out["searches_ms"] = [s * 1000 for s in searches]
    out["rss_mib"] = peak_rss_mib()
    out["load"] = load()
    return out


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "child":
        print(json.dumps(child(Path(sys.argv[2]), sys.argv[3], int(sys.argv[4]))))
        return
    parser = argparse.ArgumentParser(description="First-ask latency, with and without the whole-corpus search.")
    parser.add_argument("--store", type=Path, required=True)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    rows = []
    for side in ("searched", "capped"):
        r = run_child(["-m", "bench.first_asks", "child", str(args.store), side, str(args.rounds)], 3600)
        for i, times in enumerate(r["rounds"]):
            ms = [t * 1000 for t in times]
            rows.append(
                [
                    side,
                    "first asks" if i == 0 else f"round {i + 1}",
                    len(ms),
                    f"{pct(ms, 0.5):.0f}",
                    f"{pct(ms, 0.95):.0f}",
                    f"{max(ms):.0f}",
                    f"{r['ready_s']:.1f}",
                    f"{len(r['searches_ms'])}, p50 {pct(r['searches_ms'], 0.5):.0f} / max "
                    f"{max(r['searches_ms'], default=float('nan')):.0f} ms",
                    f"{r['rss_mib']:.0f}",
                    r["load"],
                ]
            )
        print(f"  {side}: done, load {r['load']}", file=sys.stderr, flush=True)
    table(
        f"Answers on {args.store} ('capped': the whole-corpus sentence search off above {CAP:,} sentences, as before)",
        ["side", "round", "answers", "p50 ms", "p95 ms", "max ms", "ready s", "sentence searches", "RSS MiB", "load"],
        rows,
    )


if __name__ == "__main__":
    main()
