"""Figures a text states, with their place and kind: numbers with units ("2.3 W", "4.36s", "92-97%"), factors
("40x", "40-fold", "40 times", "by a factor of 40"), numbers written as words ("six points") and quantity words
("half of the labels": 50%, data/quantity_words.txt). Read by alignment.py, which binds each to what it measures."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

DATA = Path(__file__).parent / "data"

_UNIT_CLASS = {
    "%": ("%", 1),
    "percent": ("%", 1),
    "x": ("x", 1),
    "×": ("x", 1),
    "times": ("x", 1),
    "fold": ("x", 1),
    "-fold": ("x", 1),
    "ms": ("time", 1e-3),
    "millisecond": ("time", 1e-3),
    "milliseconds": ("time", 1e-3),
    "s": ("time", 1),
    "sec": ("time", 1),
    "second": ("time", 1),
    "seconds": ("time", 1),
    "min": ("time", 60),
    "minute": ("time", 60),
    "minutes": ("time", 60),
    "h": ("time", 3600),
    "hour": ("time", 3600),
    "hours": ("time", 3600),
    "day": ("time", 86400),
    "days": ("time", 86400),
    "week": ("time", 604800),
    "weeks": ("time", 604800),
    "k": ("count", 1e3),
    "thousand": ("count", 1e3),
    "m": ("count", 1e6),
    "million": ("count", 1e6),
    "b": ("count", 1e9),
    "billion": ("count", 1e9),
    "trillion": ("count", 1e12),
    "cm": ("length", 1e-2),
    "mm": ("length", 1e-3),
    "km": ("length", 1e3),
    "kb": ("bytes", 1e3),
    "mb": ("bytes", 1e6),
    "gb": ("bytes", 1e9),
    "tb": ("bytes", 1e12),
    "w": ("power", 1),
    "kw": ("power", 1e3),
    "mw": ("power", 1e6),
    "watt": ("power", 1),
    "watts": ("power", 1),
    "kilowatt": ("power", 1e3),
    "kilowatts": ("power", 1e3),
    "point": ("points", 1),
    "points": ("points", 1),
    "ratio": ("ratio", 1),  # a change as the ratio it makes ("halved"): quantity words only
}
_FLOPS = {"": 1, "k": 1e3, "m": 1e6, "g": 1e9, "t": 1e12, "p": 1e15, "e": 1e18}
_NUM = r"\d+(?:,\d{3})*(?:\.\d+)?"
_UNIT = (
    r"%|\\%|percent\b|[×xX](?![A-Za-z])|times\b|-?fold\b|[kKMGTPE]?FLOP/?s\b|[kKMGTPE]?FLOPS\b|ms\b|milliseconds?\b"
    r"|[kKMGT]b(?:it)?/s\b|[kKMGT]bps\b"
    r"|(?:[kKMGTPE]|[Kk]ilo|[Mm]ega|[Gg]iga|[Tt]era|[Pp]eta|[Ee]xa)[- ]?(?:OPS|ops|FLOPS|flops)\b"
    r"|s\b|sec\b|seconds?\b|min\b|minutes?\b|h\b|hours?\b|days?\b|weeks?\b|thousand\b|million\b|billion\b"
    r"|trillion\b|[kKMB]\b|cm\b|mm\b|km\b|[kKMGT]i?B\b|k?W\b|MW\b|(?:kilo)?watts?\b|points?\b"
)
# Numbers written as words ("six points", "twelve GPUs"); "one" is left out: "one logical space", "on one GPU" name
# no figure a claim is checked by.
_NUMBER_WORDS = {
    "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
    "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50,
    "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90, "hundred": 100, "a hundred": 100,
}  # fmt: skip


NUMBER_WORDS = frozenset(_NUMBER_WORDS)  # "two" … "hundred": a figure written as a word


def same_number(word: str, other: str) -> bool:
    """A number word, alone or leading a compound ("ten", "ten-member"), and the same number in digits ("10")."""
    n = _NUMBER_WORDS.get(word.casefold().split("-")[0])
    return n is not None and other.isdigit() and int(other) == n


# "one" is a figure only before a unit ("under one second", "one percent"): "one GPU" counts what alignment binds.
_AMOUNT = (
    rf"{_NUM}|(?i:{'|'.join(sorted(_NUMBER_WORDS, key=len, reverse=True))})(?![\w-])"
    rf"|(?i:one)(?=\s+(?:percent\b|(?i:milliseconds?|seconds?|minutes?|hours?|days?|weeks?)\b))"
)
# "by a factor of 40" is a factor, as "40x", "40-fold" and "40 times" are.
_QUANTITY = re.compile(
    rf"(?<![\w.])(?P<factor>(?i:(?:an?\s+)?factor\s+of\s+(?:about\s+|around\s+|roughly\s+|nearly\s+|almost\s+)?))?"
    rf"(?P<a>{_AMOUNT})(?:\s*(?:-|–|to)\s*(?P<b>{_AMOUNT}))?(?:\s*(?P<unit>{_UNIT}))?",
)


# An amount said by its magnitude alone: "a few hundred times", "several thousand GPUs", "hundreds of nodes" - a
# range of that magnitude (2-9 of it; "hundreds of" 2-9 hundred), not the round figure itself.
_MAGNITUDES = {"dozen": 12, "hundred": 100, "thousand": 1e3, "million": 1e6, "billion": 1e9}
_MAGNITUDE = "|".join(_MAGNITUDES)
_INDEFINITE = re.compile(
    rf"(?<![\w-])(?:(?i:a\s+few|several|a\s+couple\s+of)\s+(?P<m>(?i:{_MAGNITUDE}))|(?P<p>(?i:{_MAGNITUDE}))s\s+of)"
    rf"(?:\s*(?P<unit>{_UNIT}))?",
)
# A count of units said without a figure: "cost several points of accuracy", "a few percent", "a couple of hours" - a
# range of 2-9 of the unit, as "a few hundred" is of the hundred ("loses 0.7 points" is not several points). Only a
# unit of two letters or more (or %): "a few s" names no seconds.
_FEW_UNITS = re.compile(rf"(?<![\w-])(?i:a\s+few|several|a\s+couple\s+of)\s+(?P<unit>%|(?=\w\w)(?:{_UNIT}))")
FEW = (2, 9)  # how many of a magnitude or a unit "a few" and "several" say


def _indefinite(text: str) -> list[Quantity]:
    out = []
    for m in _INDEFINITE.finditer(text):
        magnitude = _MAGNITUDES[(m.group("m") or m.group("p")).casefold()]
        kind, scale = _unit(m.group("unit"))  # "a few hundred thousand cores": scaled by the thousand
        out.append(
            Quantity(
                FEW[0] * magnitude * scale, FEW[1] * magnitude * scale, kind, m.group(0).strip(), m.start(), m.end()
            )
        )
    for m in _FEW_UNITS.finditer(text):
        if not any(q.start <= m.start() < q.end for q in out):
            kind, scale = _unit(m.group("unit"))
            out.append(Quantity(FEW[0] * scale, FEW[1] * scale, kind, m.group(0).strip(), m.start(), m.end()))
    return out


def _rows() -> list[tuple[str, float, str]]:
    """(phrase, value, unit) of each line of data/quantity_words.txt."""
    lines = (DATA / "quantity_words.txt").read_text(encoding="utf-8").splitlines()
    rows = [tuple(part.strip() for part in line.split("|")) for line in lines if line.strip() and line[0] != "#"]
    return [(phrase, float(value), unit) for phrase, value, unit in rows]


def phrase_pattern(phrase: str) -> str:
    """A phrase of words as a pattern whose words may be joined by spaces or a hyphen ("two thirds", "two-thirds")."""
    return r"[\s-]+".join(re.escape(w) for w in phrase.split())


def _load_quantity_words(rows: list[tuple[str, float, str]]) -> list[tuple[re.Pattern, float, str]]:
    out = []
    for phrase, value, unit in rows:
        cls = _UNIT_CLASS.get(unit, ("count", 1))[0] if unit else "count"
        out.append((re.compile(rf"(?<![\w-]){phrase_pattern(phrase)}(?![\w-])", re.I), value, cls))
    out.sort(key=lambda r: -len(r[0].pattern))  # "two orders of magnitude" before "two"
    return out


QUANTITY_WORDS = _load_quantity_words(_rows())
# The quantity words of several words ("two thirds", "half an hour"), read before a number word they hold; a number
# said in words ("a hundred") is read with its unit ("a hundred billion cells") as any number is.
_PHRASES = _load_quantity_words([r for r in _rows() if " " in r[0] and r[0].casefold() not in _NUMBER_WORDS])
# The shares written as words ("a quarter", "two thirds"), as fractions: the rows of data/quantity_words.txt in %.
FRACTIONS = {phrase.casefold(): value / 100 for phrase, value, unit in _rows() if unit == "%"}


@dataclass(frozen=True)
class Quantity:
    low: float
    high: float  # equal to low unless a range ("92-97%") or a bound ("under 2 s")
    kind: str  # "%", "x", "time", "count", "length", …
    said: str  # as the text writes it
    start: int
    end: int


def _is_name_part(text: str, start: int, end: int, unit: str | None) -> bool:
    """A number inside a name ("A100", "ResNet-50", "Sentinel-1", "FP64"), a model number after a capitalised word
    inside the sentence ("Huawei Ascend 910"), or an item label ("(1)")."""
    if re.search(r"[A-Za-z]-?\Z", text[max(0, start - 2) : start]):
        return True
    if text[max(0, start - 1) : start] == "(" and text[end : end + 1] == ")":
        return True
    if not unit and re.search(r"\b[A-Z]{2,}[\w-]*\s\Z", text[max(0, start - 30) : start]):
        return True  # a model number after a name in capitals ("RTX 4090"), not a count
    return not unit and bool(re.search(r"(?<=\S\s)[A-Z][a-z]+\s\Z", text[max(0, start - 30) : start]))


def _value(number: str) -> float:
    word = number.casefold()
    if word == "one":
        return 1.0
    return float(_NUMBER_WORDS[word]) if word in _NUMBER_WORDS else float(number.replace(",", ""))


def _unit(unit: str | None) -> tuple[str, float]:
    if not unit:
        return "count", 1.0
    u = unit.replace("\\", "")
    if m := re.fullmatch(r"(kilo|mega|giga|tera|peta|exa|[kmgtpe])?[- ]?(?:flop/?s|flops|ops)", u, re.I):
        return "rate", _FLOPS[(m.group(1) or "")[:1].casefold()]
    if m := re.fullmatch(r"([kmgt])b(?:it)?/s|([kmgt])bps", u, re.I):  # "10Gb/s Ethernet": a link's bandwidth
        return "bandwidth", _FLOPS[(m.group(1) or m.group(2)).casefold()]
    if u in ("M", "B", "K", "k"):
        return _UNIT_CLASS[u.casefold()]
    u = u.casefold()
    if re.fullmatch(r"[kmgt]ib", u):
        u = u[0] + "b"
    return _UNIT_CLASS.get(u, ("count", 1.0))


def quantities(text: str) -> list[Quantity]:
    """The quantities a text states, with their place: numbers with units, ranges, and quantity words."""
    out: list[Quantity] = _indefinite(text)
    taken: list[tuple[int, int]] = [(q.start, q.end) for q in out]

    def words(rows: list[tuple[re.Pattern, float, str]]) -> None:
        for pattern, value, kind in rows:
            for m in pattern.finditer(text):
                if not any(s < m.end() and m.start() < e for s, e in taken):
                    out.append(Quantity(value, value, kind, m.group(0), m.start(), m.end()))
                    taken.append((m.start(), m.end()))

    # a phrase of several words first: "two thirds" is 66.7%, "three orders of magnitude" 1000x, not two and three
    words(_PHRASES)
    for m in _QUANTITY.finditer(text):
        if any(s < m.end() and m.start() < e for s, e in taken):
            continue
        if _is_name_part(text, m.start(), m.end(), m.group("unit")):
            continue
        a = _value(m.group("a"))
        unit = m.group("unit")
        if not unit and re.fullmatch(r"(?:19|20)\d{2}", m.group("a")):
            continue  # a year: dates are read by the plan, not compared as figures
        kind, scale = ("x", 1.0) if m.group("factor") and not unit else _unit(unit)
        b = _value(m.group("b")) if m.group("b") else a
        low, high = min(a, b) * scale, max(a, b) * scale
        out.append(Quantity(low, high, kind, m.group(0).strip(), m.start(), m.end()))
        taken.append((m.start(), m.end()))
    words(QUANTITY_WORDS)
    return sorted(out, key=lambda q: q.start)


# An aside in parentheses: "up to 4963x (3185x on average) faster computation" says 4963x of "faster computation".
