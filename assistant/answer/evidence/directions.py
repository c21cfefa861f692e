"""The directions of change (data/directions.txt): each word, or two-word phrase, with its pair and side. Read by the
evidence (alignment.py: "shrank" against "a 40% increase") and by the question's phrases (phrases/thresholds.py: "the
cost saving" is a change of cost); it imports nothing of the package, so either may read it."""

from __future__ import annotations

from pathlib import Path

DATA = Path(__file__).parent / "data"


def _phrases(words: str) -> list[str]:
    """The entries of one side: single words, except "more accurate"-style two-word entries kept whole."""
    tokens = words.split()
    out, i = [], 0
    while i < len(tokens):
        if tokens[i] in ("more", "less") and i + 1 < len(tokens):
            out.append(f"{tokens[i]} {tokens[i + 1]}")
            i += 2
        else:
            out.append(tokens[i])
            i += 1
    return out


def load_directions() -> dict[str, tuple[int, int]]:
    """Word (or two-word phrase) -> (pair index, side)."""
    out = {}
    lines = (DATA / "directions.txt").read_text(encoding="utf-8").splitlines()
    for i, line in enumerate(line for line in lines if line.strip() and not line.startswith("#")):
        up, _, down = line.partition("|")
        for side, words in enumerate((up, down)):
            for w in _phrases(words):
                out[w] = (i, side)
    return out


DIRECTIONS = load_directions()
