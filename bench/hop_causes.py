"""Why the writers' two-step questions miss, per writer and cause: multihop items, follow-ups' last turns, lists.

    python -m bench.hop_causes --collect   # run every writer's multihop and follow_up item, save rows
    python -m bench.hop_causes --table     # the table of misses per writer and cause (and per corpus) from those rows
    python -m bench.hop_causes --new FILE  # wordings written afterwards: does the last answer cite the paper (a list:
                                           # exactly the papers expected, "expected_all", or allowed; "facts": one
                                           # of them said)?

Each item is sent as the evaluation sends it (bench.learned.replayed). Its anchors are what the plan read as the first
hop: the papers the question names, the papers the plan points to, and for a follow-up the paper the previous answer
led with. A miss is placed in one cause:
- "answer": the expected paper is cited, a fact is missing (the writer's answer);
- "no paper": nothing cited, or no paper the item expects could be placed (a list, count or refusal read);
- "hop 2: anchor answered": the answer is from an anchor while the expected paper is none (the relation unread);
- "hop 2: wrong relative": the answer is from another paper, the expected one a relative of an anchor (shares a
  co-author other than the principal, or the venue): the relation or its direction read wrong;
- "hop 1": the answer is from another paper and the expected one is no relative of any anchor (the first entity
  wrong, or none read).
Reads ./store (seeds) and /tmp/c2-<worktree>/store (corpus2).
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from pathlib import Path

from bench.common import ROOT
from bench.hops_fit import _expected
from bench.learned import questions, replayed, writer

DATA = ROOT / "tests" / "data"
ROWS = Path(f"/tmp/hop_causes-{ROOT.name}.json")
STORES = {"seeds": ROOT / "store", "corpus2": Path(f"/tmp/c2-{ROOT.name}/store")}
KINDS = ("multihop", "follow_up", "stacked")
# a stacked item is a list scored as a filter: its misses are papers left out, papers wrongly added, or both
LIST_CAUSES = ["no paper", "left out", "added", "left out and added"]


def _relatives(corpus, anchor: str, principal: str) -> set[str]:
    """Papers sharing a co-author (not the principal) or the venue with the anchor."""
    from assistant.ingest.attribution import name_key

    a = corpus.by_id[anchor]
    people = {name_key(x) for x in a.authors} - {name_key(principal)}
    out = set()
    for p in corpus.papers:
        if p.id == anchor:
            continue
        if people & {name_key(x) for x in p.authors} or (a.venue and p.venue == a.venue):
            out.add(p.id)
    return out


def cause(r: dict) -> str:
    if r["score"] >= 1:
        return "ok"
    if r["kind"] == "stacked":
        return _list_cause(r)
    exp, cited, anchors = set(r["expected"]), r["cited"], set(r["anchors"])
    if exp & set(cited):
        return "answer"
    if not cited or not exp:
        return "no paper"
    if cited[0] in anchors and not (anchors & exp):
        return "hop 2: anchor answered"
    if exp & set(r["relatives"]):
        return "hop 2: wrong relative"
    return "hop 1"


def _list_cause(r: dict) -> str:
    """Why a stacked list missed: expected papers left out, papers outside expected and allowed added, or both."""
    cited = set(r["cited_all"])
    if not cited:
        return "no paper"
    out = bool(set(r["expected"]) - cited)
    added = bool(cited - set(r["expected"]) - set(r["allowed"]))
    return "left out and added" if out and added else "left out" if out else "added"


def collect() -> None:
    from assistant.answer.plan.conversation import cited_papers
    from assistant.core import Assistant
    from assistant.evaluation import score_question
    from assistant.models import Filters

    rows = []
    by_store: dict[str, list] = defaultdict(list)
    for path, q, store in questions(DATA):
        if writer(path) and q["kind"] in KINDS:
            by_store[store].append((path, q))
    for store, group in by_store.items():
        assistant = Assistant.from_settings(Settings_for(store))
        answerer = assistant.answerer()
        corpus = answerer.corpus
        ids = {p.id for p in assistant.papers()}
        for path, q in group:
            messages, answer = replayed(assistant, q)
            plan = answerer.plan(list(messages), Filters())
            score, failures, _ = score_question(q, answer, ids, True, assistant.principal_author)
            cited = list(dict.fromkeys(c.paper_id for c in answer.citations))
            expected = [p.id for p in corpus.papers if _expected(corpus, q, p.id)]
            allowed = [
                p.id for p in corpus.papers if _expected(corpus, {"expected_papers": q.get("allowed_papers", [])}, p.id)
            ]
            anchors = list(dict.fromkeys([*plan.named, *plan.focus]))
            if len(messages) > 1:
                lead = cited_papers(messages[-2].content, corpus.by_title)[:1]
                anchors += [a for a in lead if a not in anchors]
            relatives = set()
            for a in anchors:
                relatives |= _relatives(corpus, a, assistant.principal_author)
            row = {
                "set": path.stem,
                "writer": writer(path),
                "id": q["id"],
                "kind": q["kind"],
                "turns": q.get("turns") or [q["question"]],
                "score": score,
                "failures": failures,
                "route": plan.route,
                "notes": plan.notes,
                "anchors": anchors,
                "relatives": sorted(relatives & set(expected)),
                "expected": expected,
                "cited": cited[:4],
                "cited_all": cited,
                "allowed": allowed,
            }
            row["cause"] = cause(row)
            rows.append(row)
            print(f"{path.stem:28} {q['id']:8} {score:.2f} {row['route']:10} {row['cause']}", flush=True)
    ROWS.write_text(json.dumps(rows, indent=1))
    print(f"{len(rows)} rows -> {ROWS}")


def Settings_for(store: str):
    from assistant.settings import Settings

    return Settings(store_dir=STORES[store])


HOP_CAUSES = ["answer", "no paper", "hop 2: anchor answered", "hop 2: wrong relative", "hop 1"]


def table() -> None:
    rows = json.loads(ROWS.read_text())
    for kind in KINDS:
        causes = LIST_CAUSES if kind == "stacked" else HOP_CAUSES
        per: dict[str, Counter] = defaultdict(Counter)
        for r in rows:
            if r["kind"] == kind:
                per[r["writer"]]["n"] += 1
                per[r["writer"]][r["cause"]] += 1
        print(f"\n{kind}: writer n ok | " + " | ".join(causes))
        total: Counter = Counter()
        for w in sorted(per, key=lambda w: (len(w), w)):
            total.update(per[w])
            print(f"{w:6} {per[w]['n']:3} {per[w]['ok']:3} | " + " | ".join(f"{per[w][c]:3}" for c in causes))
        print(f"{'all':6} {total['n']:3} {total['ok']:3} | " + " | ".join(f"{total[c]:3}" for c in causes))
        for corpus in STORES:  # the same misses per corpus (a set's name ends with its corpus)
            mine = Counter(r["cause"] for r in rows if r["kind"] == kind and _corpus(r["set"]) == corpus)
            n = sum(mine.values())
            print(f"{corpus:7} {n:3} {mine['ok']:3} | " + " | ".join(f"{mine[c]:3}" for c in causes))


def _corpus(set_name: str) -> str:
    """The corpus a question set is written for: its name ends with it (the seeds' older sets with nothing)."""
    return "corpus2" if set_name.endswith("corpus2") else "seeds"


def new(path: Path) -> None:
    from assistant.core import Assistant

    items = json.loads(path.read_text())["items"]
    passed = 0
    for store in STORES:
        mine = [i for i in items if i["store"] == store]
        if not mine:
            continue
        assistant = Assistant.from_settings(Settings_for(store))
        for item in mine:
            _, answer = replayed(assistant, item)
            titles = [c.title or c.display_title or "" for c in answer.citations]
            first = next(iter(titles), "")
            if "expected_all" in item:  # a list: every paper expected cited, none outside expected and allowed
                want, may = item["expected_all"], [*item["expected_all"], *item.get("allowed", [])]
                ok = all(any(t.startswith(e) for t in titles) for e in want) and all(
                    t.startswith(tuple(may)) for t in titles
                )
                first = f"{len(titles)} cited: " + "; ".join(t[:20] for t in titles)
            elif "expected" in item:
                ok = first.startswith(item["expected"])
            else:  # a count or a figure: no paper expected first
                ok, first = True, answer.answer.splitlines()[0] if answer.answer else ""
            if "facts" in item:  # a count or a figure the answer must say (any of them, case-insensitive)
                ok = ok and any(f.casefold() in answer.answer.casefold() for f in item["facts"])
            passed += ok
            print(f"{'PASS' if ok else 'FAIL'} {item['turns'][-1][:70]:72} -> {first[:50]}")
    print(f"{passed} of {len(items)} pass")


def main() -> None:
    import sys

    if "--new" in sys.argv:
        new(Path(sys.argv[sys.argv.index("--new") + 1]))
        return
    if "--collect" in sys.argv:
        collect()
    table()


if __name__ == "__main__":
    main()
