"""Warm cost of LLM mode's checks (excluding the model), and the labelled reply suite's three figures.

    python -m bench.llm_checks [--repeat 5]

For each of the labelled replies in tests/data/llm_replies/, the reply is played once through the real openai SDK
against a fake endpoint (to warm up and to learn which papers the prompt numbered), then the checks alone are timed:
dialects, reference list, invalid markers, each claim against its paper (numbers, names, MiniLM closeness over the
stored sentence vectors), citations and quotes; and the stream's token filter over the reply.
"""

from __future__ import annotations

import argparse
import time

from bench.common import pct, table


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    from assistant.answer.check.markers import TokenFilter
    from assistant.answer.write.llm import validate
    from assistant.core import Assistant
    from assistant.models import Message
    from assistant.settings import Settings
    from tests.answer.llm_replies import Score, cases, score
    from tests.answer.test_llm_replies import _numbered_papers
    from tests.fakes import FakeOpenAI

    fake = FakeOpenAI()
    assistant = Assistant.from_settings(
        Settings(OPENAI_API_KEY="sk-bench", OPENAI_BASE_URL="http://fake.local/v1"), http_client=fake.client()
    )
    answerer = assistant.answerer()
    checker = answerer.llm_step.checker()
    papers = {p.id: p for p in assistant.table().papers}
    played, total = [], Score()
    for case in cases():
        fake.enqueue(case["reply"])
        answer = assistant.answer([Message(role="user", content=case["question"])])
        ids = _numbered_papers(fake.requests[-1]["messages"][-1]["content"], list(papers.values()))
        total.add(score(case, answer, ids))
        played.append((case, [papers[i] for i in ids]))

    check_ms, filter_ms = [], []
    for _ in range(args.repeat):
        for case, numbered in played:
            started = time.perf_counter()
            try:
                validate(case["reply"], numbered, checker, case["question"])
            except Exception:  # nothing supported: the caller falls back; the check's cost is the same
                pass
            check_ms.append((time.perf_counter() - started) * 1000)
            started = time.perf_counter()
            f = TokenFilter()
            for word in case["reply"].split(" "):
                f.feed(word + " ")
            f.finish()
            filter_ms.append((time.perf_counter() - started) * 1000)

    rows = [
        [
            "claim check (validate)",
            len(check_ms),
            sum(check_ms) / len(check_ms),
            pct(check_ms, 0.5),
            pct(check_ms, 0.95),
        ],
        [
            "stream token filter",
            len(filter_ms),
            sum(filter_ms) / len(filter_ms),
            pct(filter_ms, 0.5),
            pct(filter_ms, 0.95),
        ],
    ]
    table("Warm LLM-mode check overhead per answer, model excluded (ms)", ["step", "runs", "mean", "p50", "p95"], rows)
    print(f"\nReply suite ({len(played)} replies): {total.line()}")
    calibration(answerer, played)
    if total.problems:
        print("\n".join(total.problems))


def calibration(answerer, played) -> None:
    """The cosine of each labelled claim to the closest sentence of the paper it cites, by label: where SUPPORT sits."""
    from assistant.answer.check.claim_parts import Pool, paper_texts, split, unsupported_detail
    from assistant.answer.check.claims import SUPPORT
    from assistant.answer.check.markers import clean
    from assistant.text import research_sentences

    checker = answerer.llm_step.checker()
    rows: dict[str, list[float]] = {
        "supported": [],
        "fabricated, caught by numbers or names": [],
        "fabricated, meaning only": [],
    }
    for case, numbered in played:
        sentences = split(clean(case["reply"], len(numbered)).text)
        for claim in case["claims"]:
            s = next((x for x in sentences if claim["key"].casefold() in x.text.casefold()), None)
            cited = [n for n in (s.cites if s else []) if 1 <= n <= len(numbered)] or (
                [claim["source"]] if "source" in claim else []
            )
            if s is None or not cited or claim["label"] == "swapped":
                # in the model's reference list (removed before any check), or a swap (judged against two papers)
                continue
            paper = numbered[cited[0] - 1]
            units = [x for a in paper.abstracts for x in research_sentences(a)]
            sim = checker._similarities([s.text], {1: units})[0][1][1]
            if claim["label"] == "supported":
                rows["supported"].append(sim)
            elif unsupported_detail(s.text, Pool(paper_texts(paper), case["question"])):
                rows["fabricated, caught by numbers or names"].append(sim)
            else:
                rows["fabricated, meaning only"].append(sim)
    table(
        f"Cosine of labelled claims to their cited paper (SUPPORT = {SUPPORT})",
        ["claims", "n", "min", "p10", "p50", "max"],
        [[k, len(v), min(v), pct(v, 0.1), pct(v, 0.5), max(v)] for k, v in rows.items() if v],
    )


if __name__ == "__main__":
    main()
