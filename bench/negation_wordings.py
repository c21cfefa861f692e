"""The new wordings of negated and listed conditions (bench/negation_new_wordings.json), answered on their store:
each passes when the answer cites every paper it expects and none it rules out.

    python -m bench.negation_wordings --seeds STORE --corpus2 STORE --corpus2-sources DIR [--items FILE]

`--items` runs another file of the same shape (bench/negated_figure_new_wordings.json).
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

from assistant.models import Filters, Message

ITEMS = Path(__file__).with_name("negation_new_wordings.json")


def _cited(answer, said: str) -> bool:
    """The answer cites a paper whose title opens with `said`, or whose arXiv id is `said`."""
    return any((c.title or c.display_title or "").startswith(said) or c.arxiv_id == said for c in answer.citations)


def main() -> None:
    from assistant.core import Assistant
    from assistant.settings import Settings

    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", default="store")
    ap.add_argument("--corpus2", required=True)
    ap.add_argument("--corpus2-sources", required=True, help="the folder the second corpus was ingested from")
    ap.add_argument("--items", type=Path, default=ITEMS, help="the wordings file (default: negation_new_wordings.json)")
    args = ap.parse_args()
    items = json.loads(args.items.read_text())["items"]
    passed, total = Counter(), Counter()
    for name, store, sources in (("seeds", args.seeds, "seeds"), ("corpus2", args.corpus2, args.corpus2_sources)):
        assistant = Assistant.from_settings(Settings(store_dir=Path(store), seeds_dir=Path(sources)))
        for it in (i for i in items if i["store"] == name):
            answer = assistant.answer([Message(role="user", content=it["question"])], Filters())
            ok = all(_cited(answer, c) for c in it["cites"]) and not any(_cited(answer, c) for c in it["not_cites"])
            total[it["structure"]] += 1
            passed[it["structure"]] += ok
            if not ok:
                print(f"MISS {it['question']}\n     cited {[c.title or c.arxiv_id for c in answer.citations]}")
    for s in total:
        print(f"{s:<24} {passed[s]} of {total[s]}")
    print(f"{'all':<24} {sum(passed.values())} of {sum(total.values())}")


if __name__ == "__main__":
    main()
