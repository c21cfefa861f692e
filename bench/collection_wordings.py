"""Score the collection wordings of bench/bothgroups_new_wordings.json ("session17", or the set named by --set:
"session19" adds superlatives over a quantity named otherwise): the scope and route the plan reads, the facts and
citations the answer gives.

    python -m bench.collection_wordings [--set session19] [--seeds STORE] [--corpus2 STORE]

Run from a worktree: its `assistant` package answers (the stores are the regression run's, /tmp/rstore-wt-NAME)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from bench.common import ROOT

WORDINGS = Path(__file__).with_name("bothgroups_new_wordings.json")


def checks(w: dict, plan: dict, text: str, cites: int, cited: tuple[str, ...] = ()) -> list[str]:
    """The checks a wording fails (none: it passes); `cited`: each citation's title and arXiv id."""
    failed = []
    for key in ("scope", "route"):
        if key in w and plan.get(key) != w[key]:
            failed.append(f"{key} {plan.get(key)} (wanted {w[key]})")
    if w.get("facts") and not any(f in text for f in w["facts"]):
        failed.append(f"none of {w['facts']}")
    if cites < w.get("min_cites", 0):
        failed.append(f"{cites} citations (wanted {w['min_cites']})")
    if w.get("cites") and not any(w["cites"].casefold() in c.casefold() for c in cited):
        failed.append(f"cites no paper holding {w['cites']!r}")
    if w.get("not_author") and "not " not in text.split("\n")[0]:
        failed.append("does not say the paper is not the author's")
    return failed


def main() -> None:
    from assistant.core import Assistant
    from assistant.models import Message
    from assistant.settings import Settings

    name = ROOT.name
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=Path, default=Path(f"/tmp/rstore-{name}/seeds"))
    ap.add_argument("--corpus2", type=Path, default=Path(f"/tmp/rstore-{name}/c2/store"))
    ap.add_argument("--set", default="session17", help="the set of wordings to score (session17, session19)")
    args = ap.parse_args()
    items = json.loads(WORDINGS.read_text())[args.set]["wordings"]
    passed = 0
    for store, path in (("seeds", args.seeds), ("corpus2", args.corpus2)):
        a = Assistant.from_settings(Settings(store_dir=path))  # as `assistant --store` opens it
        for w in (w for w in items if w["store"] == store):
            ans = a.answer([Message(role="user", content=w["q"])])
            cited = tuple(f"{c.title or ''} {c.display_title} {c.arxiv_id or ''}" for c in ans.citations)
            failed = checks(w, ans.meta.get("plan") or {}, ans.answer, len(ans.citations), cited)
            passed += not failed
            print(
                f"{'ok ' if not failed else 'BAD'} {store:8} {w['q']}" + (f"\n      {'; '.join(failed)}" * bool(failed))
            )
    print(f"{passed} of {len(items)} collection wordings pass")


if __name__ == "__main__":
    main()
