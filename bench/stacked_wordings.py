"""The new wordings of stacked-condition structures (bench/stacked_new_wordings.json), answered on their store: each
passes when the answer cites every paper it expects and none it rules out.

    python -m bench.stacked_wordings --seeds store --corpus2 /tmp/c2-wt/store
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

from assistant.models import Filters, Message
from bench.conditions_wordings import _cited
from bench.learned import opened

ITEMS = Path(__file__).with_name("stacked_new_wordings.json")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", default="store")
    ap.add_argument("--corpus2", required=True)
    args = ap.parse_args()
    items = json.loads(ITEMS.read_text())["items"]
    passed, total = Counter(), Counter()
    for store_name, store in (("seeds", Path(args.seeds)), ("corpus2", Path(args.corpus2))):
        answerer = opened(store).answerer()
        for it in (i for i in items if i["store"] == store_name):
            messages = [Message(role="user", content=it["question"])]
            answer = answerer.answer(messages, Filters())
            ok = all(_cited(answer, c) for c in it["cites"]) and not any(_cited(answer, c) for c in it["not_cites"])
            total[it["structure"]] += 1
            passed[it["structure"]] += ok
            if not ok:
                plan = answer.meta.get("plan") or {}
                cited = [(c.title or c.arxiv_id or "")[:40] for c in answer.citations]
                print(
                    f"MISS {it['question']}\n     route {plan.get('route')} topic {plan.get('topic')!r} cited {cited}"
                )
    for s in total:
        print(f"{s:<24} {passed[s]} of {total[s]}")
    print(f"{'all':<24} {sum(passed.values())} of {sum(total.values())}")


if __name__ == "__main__":
    main()
