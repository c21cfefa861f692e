"""What the fit scripts share: the question sets and their writers, a labelled paper's record, a bench store opened and
an item's conversation replayed, and a plain L2 logistic regression in numpy."""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace

import numpy as np

_WRITER = re.compile(r"(first_contact(?:_end|_r\d+)?)_(?:seeds|corpus2)")


def writer(path: Path) -> str | None:
    """The writer of a question file (both corpora's files are one writer's), or None for the team's own sets."""
    m = _WRITER.fullmatch(path.stem)
    return m.group(1) if m else None


def questions(data: Path) -> list[tuple[Path, dict, str]]:
    """Every question of every question set in `data`, with its file and the store that answers it ("corpus2" for a
    second-corpus set, else "seeds"); a file that is not a question set is skipped."""
    out = []
    for path in sorted(data.glob("*.json")):
        try:
            items = json.loads(path.read_text())["questions"]
        except (KeyError, TypeError, json.JSONDecodeError):
            continue
        store = "corpus2" if "corpus2" in path.stem else "seeds"
        out += [(path, q, store) for q in items]
    return out


def paper_of(table, entry: dict):
    """The table's paper an expected-paper entry names (the evaluation's own matching), or None."""
    from assistant.evaluation_rules import matches

    for p in table.papers:
        c = SimpleNamespace(paper_id=p.id, arxiv_id=p.arxiv_id, title=p.title, display_title=p.display_title)
        if matches(entry, c):
            return p
    return None


def opened(store: Path):
    """The assistant over a bench store: a corpus2 store's sources sit beside it ("tanaka"), else the seeds."""
    from assistant.core import Assistant
    from assistant.settings import Settings

    store = Path(store)
    corpus = store.parent / "tanaka" if (store.parent / "tanaka").exists() else Path("seeds")
    return Assistant.from_settings(Settings(store_dir=store, seeds_dir=corpus))


def replayed(assistant, q: dict) -> tuple[list, object]:
    """An item's turns sent as the evaluation sends them (each earlier answer cut to HISTORY_CHARS): the messages its
    last turn was asked with, and that turn's presented answer."""
    from assistant.evaluation import HISTORY_CHARS
    from assistant.models import Message
    from assistant.presenter import present_answer

    messages: list = []
    answer = None
    for turn in q.get("turns") or [q["question"]]:
        if answer is not None:
            messages.append(Message(role="assistant", content=answer.answer[:HISTORY_CHARS]))
        messages.append(Message(role="user", content=turn))
        answer = present_answer(assistant.answer(messages))
    return messages, answer


def logistic(x: np.ndarray, y: np.ndarray, l2: float = 1.0) -> dict:
    """L2-regularised logistic regression (Newton steps) on standardised features: their mean and scale, the
    weights on the standardised scale and the bias (not regularised)."""
    mean = x.mean(0)
    scale = x.std(0)
    scale[scale < 1e-6] = 1.0
    z = np.hstack([(x - mean) / scale, np.ones((len(x), 1))])
    w = np.zeros(z.shape[1])
    reg = np.full(z.shape[1], l2)
    reg[-1] = 0.0
    for _ in range(50):
        p = 1 / (1 + np.exp(-z @ w))
        grad = z.T @ (p - y) + reg * w
        hess = (z * (p * (1 - p))[:, None]).T @ z + np.diag(reg + 1e-9)
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return {"mean": mean, "scale": scale, "weights": w[:-1], "bias": float(w[-1])}


def run_steps(doc: str, *steps: Callable[[], None]) -> None:
    """A fit script's command line: one flag per step, named as the step (--collect, --table, --fit, ...); the steps
    asked for run in the order given here."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    for step in steps:
        ap.add_argument(f"--{step.__name__}", action="store_true")
    args = ap.parse_args()
    for step in steps:
        if getattr(args, step.__name__):
            step()
