"""A learned decision's model: a logistic regression over standardised features, read from its weights file."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


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
