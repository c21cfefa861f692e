"""Ingest throughput and peak memory, ours beside the naive LangChain + Chroma + sentence-transformers pipeline.

    python -m bench.ingest                          # 1k and 10k synthetic papers, then 100k by the pool route
    python -m bench.ingest --sizes 1000 --no-pool   # a quick run

Every measurement runs in a child process of its own, so its peak memory (ru_maxrss) is its own.
Both sides start from the same profile-card pages and parse them with the same parsers; the clock
starts after the imports (cold start is bench/cold_start.py) and includes loading the model.

- ours: `Assistant.ingest` into a fresh store (each sentence embedded once, ONNX MiniLM); then a
  re-ingest of the unchanged corpus (must embed 0), and, at the largest size, the corpus plus 10 new
  papers (must embed only their sentences).
- model alone: the ONNX MiniLM embedding 300 papers' sentences and titles with nothing else running,
  the ceiling any ingest that reads every sentence can reach here (printed first, and again after each first
  ingest: on a shared machine the load drifts). Each chunk of a first ingest is also timed by CPU seconds (which
  other work on the machine does not inflate) and by the share of its clock time spent inside the model.
- naive: `langchain_chroma.Chroma.add_texts` of title + abstract per paper with SentenceTransformer
  (same weights). It has no cache, so a re-ingest embeds every paper again (measured at the
  smallest size).
- 100k by the pool route: a full-model 100k ingest would take hours on this machine, so its time is
  extrapolated from the 10k rate (labelled). The 100k store used for memory and latency is built by
  the real `Store.sync` from pages whose abstracts are recombined from the 10k corpus's sentences,
  which the 10k store has already embedded (its sentence vectors are copied in): only the 100k new
  titles go through the model. Everything else (parsing, merging, passage vectors, Chroma, BM25,
  themes, the table) is done at full size. Adding 10 papers with new sentences is then measured at 100k.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import time
from pathlib import Path

from bench.common import RESULTS, load, machine, peak_rss_mib, run_child, synthetic_corpus, table

CHILD_TIMEOUT = 4 * 3600


# --- children -------------------------------------------------------------------------------------
def chunk_ends(corpus: Path) -> list[tuple[int, int]]:
    """(papers, sentences new by then) at the end of each chunk the store embeds (store.EMBED_PAPERS papers), for
    a store that has none of them yet."""
    from assistant.index.passages import paper_sentences
    from assistant.index.store import EMBED_PAPERS
    from assistant.ingest.manifest import load_manifest
    from assistant.ingest.pipeline import build_corpus

    papers = build_corpus([corpus], load_manifest(corpus)).papers
    seen: set[str] = set()
    out = []
    for at in range(0, len(papers), EMBED_PAPERS):
        seen.update(s for p in papers[at : at + EMBED_PAPERS] for s in paper_sentences(p))
        out.append((min(at + EMBED_PAPERS, len(papers)), len(seen)))
    return out


def cpu_seconds() -> float:
    """This process's CPU time so far (user + system, every thread): unlike the clock, it does not grow when other
    work shares the machine."""
    import resource

    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def curve(ends: list[tuple[int, int]], ticks: list[tuple[float, float, float, int]]) -> list[dict]:
    """Each chunk's pace, from the progress ticks (clock seconds, CPU seconds, seconds inside the model, sentences
    embedded so far): papers/s by the clock, CPU seconds per 1,000 papers, and the share of the chunk's clock time
    spent inside the model (the pace against the model alone at that very moment, under that very load)."""
    out, last, last_p = [], (0.0, 0.0, 0.0), 0
    for papers, sentences in ends:
        tick = next((t for t in ticks if t[3] >= sentences), None)
        if tick is None:
            break
        wall, cpu, model = (tick[i] - last[i] for i in range(3))
        out.append(
            {
                "papers": papers,
                "seconds": wall,
                "rate": (papers - last_p) / max(wall, 1e-9),
                "cpu_per_1k": cpu * 1000 / max(papers - last_p, 1),
                "in_model": model / max(wall, 1e-9),
                "load": tick[4] if len(tick) > 4 else "",
            }
        )
        last, last_p = tick[:3], papers
    return out


def child_ours(corpus: Path, store: Path) -> dict:
    from assistant.core import Assistant
    from assistant.index.passages import paper_sentences
    from assistant.settings import Settings

    ends = chunk_ends(corpus) if not (store / "table.jsonl").exists() else []  # a first ingest: its curve
    ticks: list[tuple] = []
    in_model = [0.0]
    t0, c0 = time.perf_counter(), cpu_seconds()
    assistant = Assistant.from_settings(Settings(store_dir=store, seeds_dir=corpus))
    embed = assistant.store.embed

    def timed_embed(texts):  # the seconds the ingest spends inside the model, for the curve's share
        start = time.perf_counter()
        try:
            return embed(texts)
        finally:
            in_model[0] += time.perf_counter() - start

    assistant.store.embed = timed_embed
    result = assistant.ingest(
        [corpus],
        progress=lambda done, total: ticks.append(
            (time.perf_counter() - t0, cpu_seconds() - c0, in_model[0], done, load())
        ),
    )
    seconds, cpu, rss = (
        time.perf_counter() - t0,
        cpu_seconds() - c0,
        peak_rss_mib(),
    )  # the ingest's own peak, before the checks below load the table
    added = set(result.sync.added)
    old_sentences = {s for p in assistant.table().papers if p.id not in added for s in paper_sentences(p)}
    new_sentences = {s for p in assistant.table().papers if p.id in added for s in paper_sentences(p)} - old_sentences
    return {
        "papers": result.papers,
        "seconds": seconds,
        "cpu_seconds": cpu,
        "embedded": result.sync.embedded,
        "added": len(added),
        "new_sentences": len(new_sentences),
        "rss_mib": rss,
        "curve": curve(ends, ticks),
        "embedding_done_s": ticks[-1][0] if ticks else 0.0,
        "model_seconds": in_model[0],
        "load": load(),
    }


def child_model(corpus: Path, store: Path) -> dict:
    """The ceiling: the model alone embedding the sentences of the corpus's first 300 papers (no parsing, no store)."""
    from assistant.index.passages import paper_sentences
    from assistant.index.vectors import batching_order
    from assistant.ingest.manifest import load_manifest
    from assistant.ingest.pipeline import build_corpus
    from assistant.settings import Settings
    from assistant.vendors import MiniLMEmbeddings

    papers = build_corpus([corpus], load_manifest(corpus)).papers[:300]
    settings = Settings(store_dir=store)
    model = MiniLMEmbeddings(backend=settings.embedding_backend, cache_dir=settings.model_cache_dir)
    sentences = batching_order(
        list(dict.fromkeys(s for p in papers for s in paper_sentences(p))), model
    )  # as an ingest orders them
    model.embed_array(sentences[:64])  # load the session before the clock starts
    t0, c0 = time.perf_counter(), cpu_seconds()
    for i in range(0, len(sentences), 512):
        model.embed_array(sentences[i : i + 512])
    seconds, cpu = time.perf_counter() - t0, cpu_seconds() - c0
    # For comparison: the same papers as whole title + abstract texts, which the model truncates at 256 tokens.
    t0 = time.perf_counter()
    model.embed_array([f"{p.title or ''}\n{p.abstract}" for p in papers])
    truncated = time.perf_counter() - t0
    return {
        "papers": len(papers),
        "seconds": seconds,
        "cpu_seconds": cpu,
        "embedded": len(sentences),
        "truncated_seconds": truncated,
        "rss_mib": peak_rss_mib(),
    }


def child_naive(corpus: Path, store: Path) -> dict:
    import sentence_transformers  # noqa: F401  - imports are cold start's business, not ingest's
    from langchain_chroma import Chroma  # noqa: F401

    from assistant.ingest.manifest import load_manifest
    from assistant.ingest.pipeline import build_corpus
    from bench.naive import Naive

    t0 = time.perf_counter()
    papers = build_corpus([corpus], load_manifest(corpus)).papers
    naive = Naive(store)
    embedded = naive.ingest(papers)
    seconds = time.perf_counter() - t0
    return {"papers": len(papers), "seconds": seconds, "embedded": embedded, "rss_mib": peak_rss_mib()}


# --- corpora --------------------------------------------------------------------------------------
def plus_ten(n: int, seed: int) -> Path:
    """The n-paper corpus and 10 more (the generator is sequential: the first n papers are the same)."""
    return synthetic_corpus(n + 10, seed)


def pool_corpus(n: int, source: Path, seed: int, extra: int = 0) -> Path:
    """n papers recombined from the sentences of `source` (an ingested corpus), then `extra` fully new papers."""
    from assistant.ingest.manifest import load_manifest
    from assistant.ingest.pipeline import build_corpus
    from assistant.text import split_sentences
    from bench.synthetic import Generator, write_cards

    folder = RESULTS / "corpora" / f"pool-{n}+{extra}-s{seed}"
    if (folder / "corpus.toml").exists():
        return folder
    pool = sorted(
        {
            s
            for p in build_corpus([source], load_manifest(source)).papers
            for s in split_sentences(p.abstract)
            if len(s.split()) >= 4
        }
    )
    gen = Generator(seed + 1000)
    papers = [gen.pool_paper(pool) for _ in range(n)] + [gen.paper() for _ in range(extra)]
    tmp = folder.with_name(folder.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    write_cards(tmp, papers, gen.principal)
    tmp.rename(folder)
    return folder


def fresh(path: Path) -> Path:
    shutil.rmtree(path, ignore_errors=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def child(side: str, corpus: Path, store: Path) -> dict:
    return run_child(["-m", "bench.ingest", "child", side, str(corpus), str(store)], CHILD_TIMEOUT)


# --- the run --------------------------------------------------------------------------------------
def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "child":
        side, corpus, store = sys.argv[2], Path(sys.argv[3]), Path(sys.argv[4])
        out = {"ours": child_ours, "naive": child_naive, "model": child_model}[side](corpus, store)
        print(json.dumps(out))
        return

    parser = argparse.ArgumentParser(description="Ingest throughput and peak memory, ours vs naive.")
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-naive", action="store_true", help="skip the naive pipeline")
    parser.add_argument("--no-pool", action="store_true", help="skip the 100k pool-route store")
    parser.add_argument("--pool-size", type=int, default=100_000)
    parser.add_argument(
        "--pool-only", action="store_true", help="only the pool route, from the largest size's existing store"
    )
    args = parser.parse_args()

    stores = RESULTS / "stores"
    rows, ratio_rows, results = [], [], {"machine": machine(), "runs": []}
    largest = max(args.sizes)
    rates: dict[str, float] = {}
    curves: dict[int, list[dict]] = {}
    ceilings: dict[int, tuple[float, float, float]] = {}  # model alone before, after (papers/s), CPU s per 1k papers

    def record(size, pipeline, step, r):
        r.update(size=size, pipeline=pipeline, step=step, load=load())
        results["runs"].append(r)
        rate = r["papers"] / r["seconds"] if step == "ingest" or pipeline.startswith("model") else None
        rows.append(
            [
                f"{size:,}",
                pipeline,
                step,
                f"{r['seconds']:.1f}",
                f"{rate:.1f}" if rate else "",
                f"{r['embedded']:,}",
                f"{r['rss_mib']:.0f}",
                r["load"],
            ]
        )
        print(
            f"  {size} {pipeline} {step}: {r['seconds']:.1f} s, embedded {r['embedded']}, "
            f"{r['rss_mib']:.0f} MiB, load {r['load']}",
            file=sys.stderr,
            flush=True,
        )
        return rate

    for size in [] if args.pool_only else args.sizes:
        corpus = synthetic_corpus(size, args.seed)
        if size == min(args.sizes):
            r = child("model", corpus, fresh(stores / "model-only"))
            rates["model"] = record(size, "model alone (ceiling)", "embed 300 papers' sentences", r)
            rows.append(
                [
                    f"{size:,}",
                    "model alone",
                    "300 whole abstracts, truncated at 256 tokens",
                    f"{r['truncated_seconds']:.1f}",
                    f"{r['papers'] / r['truncated_seconds']:.1f}",
                    "",
                    "",
                    "",
                ]
            )
        ours_store = fresh(stores / f"ours-{size}")
        r = child("ours", corpus, ours_store)
        rates[f"ours-{size}"] = record(size, "ours", "ingest", r)
        curves[size] = r["curve"]
        ours = r
        # The ceiling again, right after: the load on a shared machine drifts over a long ingest.
        after = child("model", corpus, fresh(stores / "model-only"))
        rates[f"model-after-{size}"] = record(size, "model alone (ceiling)", f"again, after the {size:,} ingest", after)
        ceilings[size] = (rates["model"], rates[f"model-after-{size}"], 1000 * after["cpu_seconds"] / after["papers"])
        r = child("ours", corpus, ours_store)
        record(size, "ours", "re-ingest unchanged", r)
        assert r["embedded"] == 0, f"re-ingest embedded {r['embedded']}"
        if size == largest:
            r = child("ours", plus_ten(size, args.seed), ours_store)
            record(size, "ours", f"+10 papers ({r['new_sentences']} new sentences)", r)
            assert r["added"] == 10 and r["embedded"] == r["new_sentences"], r
        if args.no_naive:
            continue
        naive_store = fresh(stores / f"naive-{size}")
        r = child("naive", corpus, naive_store)
        rates[f"naive-{size}"] = record(size, "naive", "ingest", r)
        theirs = r
        if size == min(args.sizes):
            r = child("naive", corpus, naive_store)
            record(size, "naive", "re-ingest unchanged", r)
            r = child("naive", plus_ten(size, args.seed), naive_store)
            record(size, "naive", "+10 papers (re-run)", r)
        ratio_rows.append(
            [
                f"{size:,}",
                f"{rates[f'ours-{size}'] / rates[f'naive-{size}']:.2f}",
                f"{ours['rss_mib'] / theirs['rss_mib']:.2f}",
            ]
        )

    if not args.no_pool and stores.joinpath(f"ours-{largest}", "sentences").exists():
        n = args.pool_size
        corpus = pool_corpus(n, synthetic_corpus(largest, args.seed), args.seed)
        store = fresh(stores / f"ours-{n}")
        shutil.copytree(stores / f"ours-{largest}" / "sentences", store / "sentences")
        r = child("ours", corpus, store)
        record(n, "ours (pool route)", "ingest, sentences cached", r)
        r = child("ours", corpus, store)
        record(n, "ours (pool route)", "re-ingest unchanged", r)
        assert r["embedded"] == 0, f"re-ingest embedded {r['embedded']}"
        r = child("ours", pool_corpus(n, synthetic_corpus(largest, args.seed), args.seed, extra=10), store)
        record(n, "ours (pool route)", f"+10 papers ({r['new_sentences']} new sentences)", r)
        assert r["added"] == 10 and r["embedded"] == r["new_sentences"], r
        for side in ("ours", "naive"):
            if f"{side}-{largest}" in rates:
                rate = rates[f"{side}-{largest}"]
                rows.append(
                    [
                        f"{n:,}",
                        side,
                        f"ingest, EXTRAPOLATED from the {largest:,} rate",
                        f"{n / rate:.0f}",
                        f"{rate:.1f}",
                        "",
                        "",
                        "",
                    ]
                )

    table(
        "Ingest of synthetic corpora (profile-card pages; load average shown per run)",
        ["papers", "pipeline", "step", "seconds", "abstracts/s", "texts embedded*", "peak RSS MiB", "load 1/5/15"],
        rows,
    )
    print("* texts embedded: sentences and titles for ours, whole title + abstract documents for naive.")
    if ratio_rows:
        table(
            "Ours / naive (throughput: higher is better; memory: lower is better)",
            ["papers", "abstracts/s ours/naive", "peak RSS ours/naive"],
            ratio_rows,
        )
    for size, points in curves.items():
        before, after, cpu_1k = ceilings.get(size, (rates.get("model"), None, None))
        low = min(r for r in (before, after) if r) if before else None
        table(
            f"Pace of the {size:,}-paper first ingest's embedding, per chunk of papers, against the model alone in "
            f"this run: {before or float('nan'):.1f} papers/s before and {after or float('nan'):.1f} after the ingest "
            f"(the clock; it follows the machine's load), {cpu_1k or float('nan'):.0f} CPU s per 1k papers (which the "
            f"load barely moves). 'in the model': the share of the chunk's clock time spent inside the model",
            [
                "papers",
                "seconds",
                "papers/s",
                "of the slower model-alone (clock)",
                "CPU s per 1k",
                "of the model alone (CPU)",
                "in the model",
                "load",
            ],
            [
                [
                    f"{p['papers']:,}",
                    f"{p['seconds']:.1f}",
                    f"{p['rate']:.1f}",
                    f"{p['rate'] / low:.0%}" if low else "",
                    f"{p.get('cpu_per_1k', float('nan')):.0f}",
                    f"{cpu_1k / p['cpu_per_1k']:.0%}" if cpu_1k and p.get("cpu_per_1k") else "",
                    f"{p.get('in_model', float('nan')):.0%}",
                    p.get("load", ""),
                ]
                for p in points
            ],
        )
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "ingest.json").write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
