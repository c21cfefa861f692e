"""The naive stack's `ask`: import LangChain + Chroma + sentence-transformers, open a store, answer one question.

python -m bench.naive_ask STORE_DIR "question"      (the store is built by bench.cold_start)
"""

from __future__ import annotations

import sys
from pathlib import Path

from bench.naive import Naive


def main() -> None:
    store, question = Path(sys.argv[1]), sys.argv[2]
    out = Naive(store).answer(question)
    print(out["answer"])


if __name__ == "__main__":
    main()
