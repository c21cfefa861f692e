"""Warm answer latency on the seed corpus, and retrieval recall@5 against a plain dense-only LangChain+Chroma retriever.

    python -m bench.answers [--repeat 3]

The baseline indexes each paper's title + abstract as one document with langchain-chroma and the same
MiniLM embeddings, and retrieves with `similarity_search(question, k=5)`: the naive pipeline.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from bench.common import ROOT, pct, questions, table


def expected_hit(paper, expected: dict) -> bool:
    if expected.get("arxiv_id") and paper.arxiv_id == expected["arxiv_id"]:
        return True
    return bool(expected.get("title") and paper.title and paper.title.casefold() == expected["title"].casefold())


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    from assistant.core import Assistant
    from assistant.models import Filters, Message
    from assistant.settings import Settings

    store = Path(tempfile.mkdtemp(prefix="bench-store-"))
    assistant = Assistant.from_settings(Settings(store_dir=store))
    assistant.ingest([ROOT / "seeds"])
    papers = assistant.papers()
    qs = questions()

    # Warm-up: load the model, the table and BM25 once.
    assistant.answer([Message(role="user", content="warm up")])
    latencies, retrieval = [], []
    for _ in range(args.repeat):
        for q in qs:
            turns = q.get("turns") or [q["question"]]
            messages = []
            for turn in turns:
                messages.append(Message(role="user", content=turn))
                t0 = time.perf_counter()
                answer = assistant.answer(messages)
                latencies.append(time.perf_counter() - t0)
                messages.append(Message(role="assistant", content=answer.answer))
            t0 = time.perf_counter()
            assistant.retriever().search(turns[-1], Filters(), k=5)
            retrieval.append(time.perf_counter() - t0)

    # Recall@5 of the papers each question expects (questions that expect papers, last turn only for ours
    # would be unfair: both sides get the whole question text, follow-ups joined).
    from langchain_chroma import Chroma

    from assistant.vendors import chroma_client

    client = chroma_client(Settings(store_dir=Path(tempfile.mkdtemp(prefix="bench-baseline-"))))
    baseline = Chroma(client=client, collection_name="naive", embedding_function=assistant.store.embeddings)
    baseline.add_texts(
        [f"{p.title or ''}. {p.abstract}" for p in papers],
        metadatas=[{"paper_id": p.id} for p in papers],
        ids=[p.id for p in papers],
    )
    by_id = {p.id: p for p in papers}
    ours_hits = base_hits = total = 0
    for q in qs:
        expected = q.get("expected_papers") or []
        if not expected:
            continue
        text = " ".join(q.get("turns") or [q["question"]])
        ours = [h.paper for h in assistant.retriever().search(text, Filters(), k=5)]
        theirs = [by_id[d.metadata["paper_id"]] for d in baseline.similarity_search(text, k=5)]
        for e in expected:
            total += 1
            ours_hits += any(expected_hit(p, e) for p in ours)
            base_hits += any(expected_hit(p, e) for p in theirs)

    ms = [1000 * x for x in latencies]
    rs = [1000 * x for x in retrieval]
    table(
        f"Warm in-process answers on the seed corpus ({len(papers)} papers, {len(ms)} answers, extractive mode)",
        ["measure", "p50 ms", "p95 ms"],
        [
            ["full extractive answer", pct(ms, 0.5), pct(ms, 0.95)],
            ["hybrid retrieval only", pct(rs, 0.5), pct(rs, 0.95)],
        ],
    )
    table(
        f"Retrieval recall@5 on {total} expected papers (dev + team questions)",
        ["retriever", "recall@5"],
        [
            ["ours: hybrid dense+BM25, passages, RRF", ours_hits / total],
            ["naive: LangChain+Chroma, dense only, whole abstracts", base_hits / total],
            ["ours / naive", (ours_hits / total) / (base_hits / total)],
        ],
    )


if __name__ == "__main__":
    main()
