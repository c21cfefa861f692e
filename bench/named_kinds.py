"""The new wordings of bench/named_kinds_new_wordings.json asked of the seeds store: does the answer cite the paper
that names only a kind of the topic (MoQE: "LLaMA" for "LLMs") when the item says it should, and leave it out when
it says not? Prints each wording's outcome and the count that pass.

    python -m bench.named_kinds --seeds store
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from assistant.models import Filters, Message
from bench.learned import opened

WORDINGS = Path(__file__).with_name("named_kinds_new_wordings.json")
MOQE = "MoQE: Improve Quantization Model performance via Mixture of Quantization Experts"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", default="store")
    args = ap.parse_args()
    assistant = opened(args.seeds)
    items = json.loads(WORDINGS.read_text())["items"]
    passed = 0
    for it in items:
        answer = assistant.answer([Message(role="user", content=it["question"])], Filters())
        cited = MOQE in {c.title for c in answer.citations}
        ok = cited == it["cites"]
        passed += ok
        print(f"{'pass' if ok else 'FAIL'}  cites={cited!s:<5} want={it['cites']!s:<5} {it['question']}")
    print(f"{passed} of {len(items)} pass")


if __name__ == "__main__":
    main()
