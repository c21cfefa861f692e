"""Kinds of a field that a reader of it knows and a paper need not state: a vision transformer, a U-Net and an LSTM
are neural networks, an A100 or tensor cores are GPUs, Sentinel-1 is a SAR satellite, a Hartree-Fock calculation is
quantum chemistry. The corpus names some kinds itself (index/kinds.py, index/named_kinds.py), but rarely those every
reader of the field takes for granted: no abstract of corpus 2 says that a convolutional network is a neural network,
and by meaning alone "neural network" is only 0.21-0.33 from the sentences naming one (docs/design.md). So "which of
her papers don't use neural networks" listed the convolutional-network papers as not using one.

The vocabulary is a data file (data/field_kinds.txt) of general field knowledge, a field's names and its kinds; it
names no paper. A topic phrase is its field when its content words are a field's name in some form ("neural
networks", "a neural network", "neural-network"), never when they only hold it ("convolutional neural network" is
narrower than its field).
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

DATA = Path(__file__).parent / "data" / "field_kinds.txt"
# Words that say how much or which of a field, not what: "any neural network", "neural networks at all".
_FRAME = {"a", "an", "the", "any", "some", "all", "at", "of", "kind", "sort", "type", "form", "whatsoever"}


def _singular(word: str) -> str:
    """A word's singular, case-folded, as a plural noun writes it ("networks", "GPUs", "U-Nets", "A100s"; "corpus"
    and "analysis" left)."""
    if len(word) > 2 and word.endswith("s") and (word[-2].isupper() or word[-2].isdigit()):
        return word[:-1].casefold()  # an acronym's or a name's plural: "GPUs", "CNNs", "A100s"
    low = word.casefold()
    if len(low) > 3 and low.endswith("ies"):
        return low[:-3] + "y"
    if len(low) > 2 and low.endswith("s") and not low.endswith(("ss", "us", "is")):
        return low[:-1]
    return low


def key(phrase: str) -> tuple[str, ...]:
    """A phrase's words as a field is looked up: hyphens read as spaces, each word singular and case-folded, the
    words of quantity and frame dropped ("any neural networks at all" -> ("neural", "network"))."""
    words = re.findall(r"\w+", phrase.replace("-", " "))
    return tuple(s for s in map(_singular, words) if s not in _FRAME)


@lru_cache(maxsize=1)
def vocabulary() -> dict[tuple[str, ...], tuple[str, ...]]:
    """Each field name's key -> the field's kinds, with the kinds of a kind that is itself a field, and theirs
    ("machine learning" has "neural network" and so "U-Net"; "radar" has "radar imagery", "SAR" and "Sentinel-1")."""
    fields: list[tuple[list[str], list[str]]] = []
    for line in DATA.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        names, _, kinds = line.partition(":")
        fields.append(([n.strip() for n in names.split("|") if n.strip()], [k.strip() for k in kinds.split(";")]))
    direct: dict[tuple[str, ...], list[str]] = {}
    for names, kinds in fields:
        for name in names:  # the field's other names say it too ("satellite" of "satellite observations")
            direct.setdefault(key(name), []).extend([*(n for n in names if n != name), *(k for k in kinds if k)])
    out: dict[tuple[str, ...], tuple[str, ...]] = {}
    for field in direct:
        kinds, seen = list(direct[field]), {field}
        for kind in kinds:  # grows as it goes: the kinds of each kind that is itself a field, once
            if (k := key(kind)) in direct and k not in seen:
                seen.add(k)
                kinds += [m for m in direct[k] if key(m) not in seen]
        out[field] = tuple(dict.fromkeys(kinds))
    return out


def of(phrase: str) -> list[str]:
    """The kinds a reader knows of the field the phrase names, or [] when it names none."""
    return list(vocabulary().get(key(phrase), ()))
