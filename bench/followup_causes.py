"""Which paper a follow-up's last turn is answered from, against the paper it should be, per writer and cause.

    python -m bench.followup_causes            # run every follow-up conversation, write /tmp/followup_rows.json
    python -m bench.followup_causes --table    # the table of misses per writer and cause from those rows

A follow-up (three user turns, only the last answer scored) misses most often because its last turn is answered from
another paper than the one the user means. Each conversation is run as the evaluation runs it (each earlier answer cut
as a client sends it back); the last turn's expected paper is placed among the papers the conversation showed (the
previous answer's lead, another paper it showed, a paper an earlier answer showed, one the turn names, none), and so
is the paper the answer cited first. Reads ./store (seeds) and /tmp/c2-<worktree>/store (corpus2), as the regression
run builds them.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter, defaultdict
from pathlib import Path

from bench.common import ROOT
from bench.hops_fit import _expected
from bench.learned import questions, writer

DATA = ROOT / "tests" / "data"
ROWS = Path("/tmp/followup_rows.json")
STORES = {"seeds": ROOT / "store", "corpus2": Path(f"/tmp/c2-{ROOT.name}/store")}
TEAM_SETS = ("probe_followups", "dev_new_kinds", "dev_hard_questions")


def _items() -> dict[str, list[tuple[Path, dict]]]:
    out: dict[str, list[tuple[Path, dict]]] = {"seeds": [], "corpus2": []}
    for path, q, store in questions(DATA):
        team = path.stem in TEAM_SETS
        if len(q.get("turns") or []) >= 2 and q.get("expected_papers") and (q["kind"] == "follow_up" or team):
            out[store].append((path, q))
    return out


def place(pid: str | None, question: str, shown: list[list[str]], named: list[str]) -> str:
    """Where a paper stands in the conversation: the previous answer's lead, another of its papers, an earlier
    answer's, one the turn names, or none of those."""
    if pid is None:
        return "nothing"
    previous = shown[-1] if shown else []
    if previous[:1] == [pid]:
        return "prev_lead"
    if pid in previous:
        return "prev_other"
    if any(pid in s for s in shown[:-1]):
        return "earlier_answer"
    if pid in named:
        return "named_now"
    return "not_shown"


def collect() -> None:
    from assistant.answer.plan.conversation import cited_papers
    from assistant.core import Assistant
    from assistant.evaluation import HISTORY_CHARS, score_question
    from assistant.models import Filters, Message
    from assistant.presenter import present_answer
    from assistant.settings import Settings

    rows = []
    for store, group in _items().items():
        assistant = Assistant.from_settings(Settings(store_dir=STORES[store]))
        answerer = assistant.answerer()
        corpus = answerer.corpus
        ids = {p.id for p in assistant.papers()}
        for path, q in group:
            messages: list[Message] = []
            shown: list[list[str]] = []
            answer = None
            for turn in q["turns"]:
                history = list(messages)
                messages.append(Message(role="user", content=turn))
                plan = answerer.plan(list(messages), Filters())
                answer = present_answer(assistant.answer(messages))
                text = answer.answer[:HISTORY_CHARS]
                shown.append(cited_papers(text, corpus.by_title))
                messages.append(Message(role="assistant", content=text))
            score, _, _ = score_question(q, answer, ids, True, assistant.principal_author)
            cited = [c.paper_id for c in answer.citations]
            expected = [p.id for p in corpus.papers if _expected(corpus, q, p.id)]
            before = shown[:-1]
            named = list(plan.named)
            rows.append(
                {
                    "set": path.stem,
                    "writer": writer(path),
                    "id": q["id"],
                    "turns": q["turns"],
                    "score": score,
                    "route": plan.route,
                    "named": named,
                    "focus": list(plan.focus),
                    "notes": plan.notes,
                    "shown": before,
                    "expected": expected,
                    "cited": cited[:3],
                    "right_paper": bool(cited) and cited[0] in expected,
                    "expected_at": place(expected[0] if expected else None, q["turns"][-1], before, named),
                    "used_at": place(cited[0] if cited else None, q["turns"][-1], before, named),
                    "history_len": len(history),
                }
            )
            r = rows[-1]
            print(
                f"{path.stem:28} {q['id']:8} score={score:.2f} right={r['right_paper']!s:5} "
                f"expected_at={r['expected_at']:14} used_at={r['used_at']:14} route={r['route']}",
                flush=True,
            )
    ROWS.write_text(json.dumps(rows, indent=1))
    print(f"{len(rows)} rows -> {ROWS}")


def table() -> None:
    rows = json.loads(ROWS.read_text())
    per = defaultdict(Counter)
    for r in rows:
        w = r["writer"] or r["set"]
        per[w]["n"] += 1
        per[w]["zero"] += r["score"] == 0
        if not r["right_paper"]:
            per[w][f"{r['expected_at']}->{r['used_at']}"] += 1
    causes = sorted({k for c in per.values() for k in c if "->" in k})
    print("writer".ljust(22), "n zero", *causes)
    for w, c in sorted(per.items()):
        print(w.ljust(22), c["n"], c["zero"], *[c[k] for k in causes])
    total = Counter()
    for c in per.values():
        total.update(c)
    print("all".ljust(22), total["n"], total["zero"], *[total[k] for k in causes])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--table", action="store_true")
    args = ap.parse_args()
    if not args.table:
        collect()
    table()


if __name__ == "__main__":
    main()
