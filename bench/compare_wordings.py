"""The new comparison wordings (compare_new_wordings.json) answered once: a wording passes when it is answered as a
comparison citing both of its papers.

    python -m bench.compare_wordings   # one line per wording, then the count
"""

from __future__ import annotations

import json
from pathlib import Path

from bench.common import ROOT
from bench.learned import opened

STORES = {"seeds": ROOT / "store", "corpus2": Path(f"/tmp/c2-{ROOT.name}/store")}
WORDINGS = Path(__file__).with_name("compare_new_wordings.json")


def main() -> None:
    from assistant.models import Message

    items = json.loads(WORDINGS.read_text())["questions"]
    assistants: dict = {}
    passed = 0
    for item in items:
        store = item["store"]
        a = assistants.get(store) or assistants.setdefault(store, opened(STORES[store]))
        answer = a.answer([Message(role="user", content=item["q"])])
        cited = {c.paper_id for c in answer.citations}
        ok = answer.meta.get("route") == "compare" and set(item["papers"]) <= cited
        passed += ok
        held = len(cited & set(item["papers"]))
        print(f"{'ok ' if ok else 'BAD'} {answer.meta.get('route', '?'):10} {held}/2  {item['q']}")
    print(f"\n{passed} of {len(items)} new wordings read as a comparison of both papers")


if __name__ == "__main__":
    main()
