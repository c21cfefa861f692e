"""A learned decision's model: a logistic regression over standardised features, read from its weights file."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np


def fitted_on(path: Path, features: tuple[str, ...]) -> dict | None:
    """The weights file's contents when it exists and was fitted on these features, else None (the caller's hand-set
    rule decides): a file fitted on other features is never read with the wrong columns."""
    if not path.exists():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    return data if tuple(data["features"]) == features else None


@dataclass(frozen=True)
class Logistic:
    """p = sigmoid(((x - mean) / scale) . weights + bias); a case is taken when p >= threshold."""

    mean: np.ndarray
    scale: np.ndarray
    weights: np.ndarray
    bias: float
    threshold: float = 0.5

    @classmethod
    def of(cls, data: dict) -> Logistic:
        """The model a fit script wrote (its "mean", "scale", "weights", "bias" and, when it has one, "threshold")."""
        return cls(
            np.asarray(data["mean"], dtype=float),
            np.asarray(data["scale"], dtype=float),
            np.asarray(data["weights"], dtype=float),
            float(data["bias"]),
            float(data.get("threshold", 0.5)),
        )

    def probabilities(self, x) -> np.ndarray:
        """Each row's probability (one value for a single row of features)."""
        return 1 / (1 + np.exp(-(((np.asarray(x, dtype=float) - self.mean) / self.scale) @ self.weights + self.bias)))
