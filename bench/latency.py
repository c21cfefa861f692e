"""Warm retrieval and full extractive-answer latency, p50/p95, at 100, 10k and 100k papers, ours beside naive.

    python -m bench.ingest                 # first: builds the 10k and 100k stores (bench/results/stores)
    python -m bench.latency [--repeat 2] [--sizes 100 10000 100000]

Each side runs in a child process of its own over an ingested store: it starts (table, BM25 loaded
from disk, model, Chroma), answers one warm-up question, then asks every dev + team question
`--repeat` times. Reported per side: start-to-ready seconds, retrieval p50/p95 (ours: hybrid
`Retriever.search(k=5)`; naive: `similarity_search(k=5)`), full answer p50/p95 (ours: the
extractive `Assistant.answer`; naive: retrieve, embed the retrieved abstracts' sentences, quote the
best one per paper), and the child's peak RSS.

The 100k naive store is not embedded by sentence-transformers (that would take hours here): each
paper's vector is the normalised mean of its title and sentence vectors from our 100k store (labelled
"vectors precomputed"); its queries are embedded by sentence-transformers as usual, so its latency
is the naive pipeline's.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from bench.common import RESULTS, load, pct, peak_rss_mib, questions, run_child, synthetic_corpus, table

CHILD_TIMEOUT = 3 * 3600


def question_texts() -> list[str]:
    return [(q.get("turns") or [q["question"]])[-1] for q in questions()]


def child_ours(store: Path, repeat: int) -> dict:
    t0 = time.perf_counter()
    from assistant.core import Assistant
    from assistant.models import Filters, Message
    from assistant.settings import Settings

    assistant = Assistant.from_settings(Settings(store_dir=store))
    assistant.answer([Message(role="user", content="What has the author worked on in model compression?")])
    ready = time.perf_counter() - t0
    retrieval, answers = [], []
    for _ in range(repeat):
        for q in question_texts():
            t = time.perf_counter()
            assistant.retriever().search(q, Filters(), k=5)
            retrieval.append(time.perf_counter() - t)
            t = time.perf_counter()
            assistant.answer([Message(role="user", content=q)])
            answers.append(time.perf_counter() - t)
    # Filters go to Chroma as a `where` clause (metadata pre-filtering): timed apart.
    filtered = []
    for q in question_texts()[:20]:
        t = time.perf_counter()
        assistant.retriever().search(q, Filters(author_only=True), k=5)
        filtered.append(time.perf_counter() - t)
    return {
        "papers": len(assistant.table().papers),
        "ready_s": ready,
        "retrieval": retrieval,
        "answer": answers,
        "filtered": filtered,
        "rss_mib": peak_rss_mib(),
    }


def child_naive(store: Path, repeat: int) -> dict:
    t0 = time.perf_counter()
    from bench.naive import Naive

    naive = Naive(store)
    naive.answer("What has the author worked on in model compression?")
    ready = time.perf_counter() - t0
    retrieval, answers = [], []
    for _ in range(repeat):
        for q in question_texts():
            t = time.perf_counter()
            naive.search(q, k=5)
            retrieval.append(time.perf_counter() - t)
            t = time.perf_counter()
            naive.answer(q)
            answers.append(time.perf_counter() - t)
    return {
        "papers": naive.db._collection.count(),
        "ready_s": ready,
        "retrieval": retrieval,
        "answer": answers,
        "rss_mib": peak_rss_mib(),
    }


def child_build_naive_from_vectors(ours_store: Path, naive_store: Path) -> dict:
    """The cheap route for a 100k naive store: document vectors from our stored sentence vectors."""
    import numpy as np

    from assistant.index.passages import paper_sentences
    from assistant.index.store import Store
    from assistant.index.vectors import SentenceVectors
    from bench.naive import Naive

    table = Store(ours_store, client=None, embeddings=None).load_table()
    sentences = SentenceVectors(ours_store / "sentences")
    naive = Naive(naive_store)
    batch = 2000
    for i in range(0, len(table.papers), batch):
        papers = table.papers[i : i + batch]
        vectors = []
        for p in papers:
            mean = sentences.get(paper_sentences(p)).mean(axis=0)
            vectors.append((mean / max(float(np.linalg.norm(mean)), 1e-12)).tolist())
        naive.add_vectors(
            [p.id for p in papers],
            vectors,
            [Naive.document(p) for p in papers],
            [{"paper_id": p.id, "title": p.title or p.display_title, "year": p.year or -1} for p in papers],
        )
    return {"papers": len(table.papers)}


def ensure_small(size: int, seed: int) -> None:
    """Stores for a small size are cheap to build here; large ones come from bench.ingest."""
    stores = RESULTS / "stores"
    corpus = synthetic_corpus(size, seed)
    if not (stores / f"ours-{size}" / "table.jsonl").exists():
        run_child(["-m", "bench.ingest", "child", "ours", str(corpus), str(stores / f"ours-{size}")], CHILD_TIMEOUT)
    if not (stores / f"naive-{size}" / "chroma.sqlite3").exists():
        run_child(["-m", "bench.ingest", "child", "naive", str(corpus), str(stores / f"naive-{size}")], CHILD_TIMEOUT)


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "child":
        side, store = sys.argv[2], Path(sys.argv[3])
        if side == "build-naive":
            out = child_build_naive_from_vectors(store, Path(sys.argv[4]))
        else:
            out = (child_ours if side == "ours" else child_naive)(store, int(sys.argv[4]))
        print(json.dumps(out))
        return

    parser = argparse.ArgumentParser(description="Warm retrieval and answer latency, ours vs naive.")
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 10_000, 100_000])
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    stores = RESULTS / "stores"
    rows, ratios, results = [], [], []
    for size in args.sizes:
        if size <= 1000:
            ensure_small(size, args.seed)
        ours_store, naive_store = stores / f"ours-{size}", stores / f"naive-{size}"
        if not (ours_store / "table.jsonl").exists():
            print(f"no store for {size} papers: run `python -m bench.ingest` first; skipped", file=sys.stderr)
            continue
        if not (naive_store / "chroma.sqlite3").exists():
            run_child(["-m", "bench.latency", "child", "build-naive", str(ours_store), str(naive_store)], CHILD_TIMEOUT)
            (naive_store / "PRECOMPUTED").write_text(
                "document vectors are means of our sentence vectors; see bench/latency.py\n"
            )
        out = {}
        for side, store in (("ours", ours_store), ("naive", naive_store)):
            r = run_child(["-m", "bench.latency", "child", side, str(store), str(args.repeat)], CHILD_TIMEOUT)
            r.update(size=size, side=side, load=load())
            results.append(r)
            out[side] = r
            ms_r = [1000 * x for x in r["retrieval"]]
            ms_a = [1000 * x for x in r["answer"]]
            label = (
                "naive (vectors precomputed)" if side == "naive" and (naive_store / "PRECOMPUTED").exists() else side
            )
            rows.append(
                [
                    f"{r['papers']:,}",
                    label,
                    f"{r['ready_s']:.1f}",
                    f"{pct(ms_r, 0.5):.1f}",
                    f"{pct(ms_r, 0.95):.1f}",
                    f"{pct(ms_a, 0.5):.1f}",
                    f"{pct(ms_a, 0.95):.1f}",
                    f"{r['rss_mib']:.0f}",
                    r["load"],
                ]
            )
            print(f"  {size} {side}: {rows[-1]}", file=sys.stderr, flush=True)
        o, n = out["ours"], out["naive"]
        ratios.append(
            [
                f"{size:,}",
                f"{pct(o['retrieval'], 0.5) / pct(n['retrieval'], 0.5):.2f}",
                f"{pct(o['answer'], 0.5) / pct(n['answer'], 0.5):.2f}",
                f"{o['rss_mib'] / n['rss_mib']:.2f}",
            ]
        )
    n_q = len(question_texts()) * args.repeat
    table(
        f"Warm latency, {n_q} questions per side (dev + team questions), extractive mode",
        [
            "papers",
            "pipeline",
            "start→ready s",
            "retrieval p50 ms",
            "p95 ms",
            "answer p50 ms",
            "p95 ms",
            "peak RSS MiB",
            "load 1/5/15",
        ],
        rows,
    )
    table("Ours / naive (lower is better)", ["papers", "retrieval p50", "answer p50", "peak RSS"], ratios)
    table(
        "Ours, retrieval restricted to the author's papers (Filters(author_only=True): a "
        "Chroma `where` pre-filter), 20 questions",
        ["papers", "p50 ms", "p95 ms"],
        [
            [
                f"{r['papers']:,}",
                f"{pct([1000 * x for x in r['filtered']], 0.5):.1f}",
                f"{pct([1000 * x for x in r['filtered']], 0.95):.1f}",
            ]
            for r in results
            if r["side"] == "ours"
        ],
    )
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "latency.json").write_text(json.dumps(results))


if __name__ == "__main__":
    main()
