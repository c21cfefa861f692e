"""Quantities the papers report next to a noun ("64 GPUs", "up to 7.1x speedup", "a speedup of 2.32X"): the evidence
for a superlative across papers ("the largest GPU count any of his papers reports")."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from assistant.answer.evidence.weigh import forms
from assistant.answer.plan.phrases.thresholds import RATIO_NOUNS, SI_PREFIXES, SI_UNITS, UNIT_NOUNS
from assistant.models import Paper
from assistant.presenter import plain_text
from assistant.text import research_sentences

_LARGE = r"thousand|million|billion|trillion|quadrillion|quintillion"
_NUMBER = (
    rf"(?P<num>(?P<n>\d{{1,3}}(?:,\d{{3}})+|\d+(?:\.\d+)?)\s*(?P<unit>[kKmMbB](?![a-z])|{_LARGE})?\s*"
    r"(?:[x×X](?![a-z])|%|\s+times\b)?|"  # "300 times faster" is a factor as "300x faster" is
    # "ten-quintillion-atom systems", "two billion atoms": a number word and a large unit, spaced or hyphenated
    rf"(?P<word>one|two|three|four|five|six|seven|eight|nine|ten|a hundred|hundreds of)[\s-]+(?P<large>{_LARGE}))"
)
# Nouns that name a factor: a paper also reports one as "4963x faster" or "a 3x speed-up", without the noun itself.
_FACTOR = re.compile(
    r"\b(?P<num>(?P<n>\d+(?:\.\d+)?)\s*(?:[x×X](?![a-z])|times\b))(?:\s*\([^)]*\))?\s+(?:[\w-]+\s+){0,2}?"
    r"(?:faster|quicker|speed-?ups?|accelerat\w*|improvement)\b",
    re.I,
)
# "cuts the data sent to the ground by a factor of 40": a factor said in words, of whatever it changes.
_BY_FACTOR = re.compile(
    r"\bby\s+(?:up\s+to\s+)?an?\s+(?P<num>factor\s+of\s+(?:about\s+|nearly\s+|around\s+)?(?P<n>\d+(?:\.\d+)?))\b",
    re.I,
)
# Words allowed between a number and its noun ("64 NVIDIA A100 GPUs", "7.1x end-to-end speedup"); not another number,
# which is the noun's own ("512 nodes with 4096 Huawei Ascend 910": 4096 accelerators, not 512).
_BETWEEN = r"(?:(?![\d.,]+\s)[\w-]+\s+){0,5}?"
_SCALE = {"k": 1e3, "m": 1e6, "b": 1e9, "thousand": 1e3, "million": 1e6, "billion": 1e9}
_SCALE |= {"trillion": 1e12, "quadrillion": 1e15, "quintillion": 1e18}
_WORD_NUMBERS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_WORD_NUMBERS |= {"one": 1, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "a hundred": 100, "hundreds of": 100}
# "by up to three orders of magnitude": a ratio only in a sentence that speaks of speed.
_MAGNITUDE = re.compile(r"\b(?P<num>(?P<n>\d|two|three|four|five|six) orders? of magnitude)\b", re.I)
_SPEED_CUE = re.compile(r"\b(?:faster|speed-?ups?|accelerat\w*|outperform\w*|quicker)\b", re.I)
# A name right before a number makes it a model number, not a count: all capitals ("RTX 4090"), or a capitalised
# word inside the sentence ("Huawei Ascend 910"; a sentence's first word, "Using 64 GPUs", is not a name).
_MODEL = re.compile(r"(?:\b[A-Z]{2,}[\w-]*|(?<=\S\s)[A-Z][a-z]+)\s*$")
# A number joined to a word by a hyphen is part of a name ("ResNet-50", "Sentinel-1 scenes"), never a figure.
_GLUED = re.compile(r"[A-Za-z]-$")


@dataclass(frozen=True)
class Reading:
    paper: Paper
    sentence: str  # the abstract's sentence, verbatim
    value: float
    said: str  # the number as the sentence writes it ("1,024", "7.1x", "91.3%")
    change: bool = False  # `value` is the change `said` states ("from 71% to 86%": 15 percentage points)

    @property
    def shown(self) -> str:
        """The sentence as it is shown (LaTeX as text), which `said` is read from."""
        return plain_text(self.sentence)

    @property
    def ratio(self) -> bool:
        return self.said[-1:] in ("x", "X", "×") or self.said.endswith(("times", "magnitude")) or "factor" in self.said

    @property
    def percent(self) -> bool:
        """Written as a percentage: "90%", or the word after it ("by 47.6 percent to 69.5 percent")."""
        return self.said.endswith("%") or bool(re.search(rf"{re.escape(self.said)}\s*per\s?cent\b", self.shown, re.I))

    @property
    def open_bound(self) -> int:
        """1 when the sentence states the figure as a lower bound ("over 90% parallel efficiency"), -1 as an upper
        bound ("under 2 s"), 0 as a value."""
        m = _OPEN_BEFORE.search(self.shown[: max(0, self.shown.find(self.said))])
        return 0 if not m else 1 if m.group(1).casefold() in _ABOVE else -1


# A figure stated as a bound: the words right before it ("maintaining over 90% parallel efficiency").
_ABOVE = frozenset({"over", "above", "more than", "greater than", "higher than", "exceeding", "in excess of"})
_OPEN_BEFORE = re.compile(
    r"\b(over|above|more than|greater than|higher than|exceeding|in excess of|under|below|less than|lower than|"
    r"fewer than)\s*$",
    re.I,
)


def _load_reported() -> dict[str, list[tuple[list[str], set[str]]]]:
    out: dict[str, list[tuple[list[str], set[str]]]] = {}
    for line in (Path(__file__).parent / "data" / "quantity_nouns.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            noun, reported, said_of = (part.strip() for part in line.split("|"))
            out.setdefault(noun.casefold(), []).append((reported.split(), set(said_of.casefold().split())))
    return out


REPORTED = _load_reported()


def reported_as(noun: str, question: str) -> list[str]:
    """The words a paper reports the asked noun with, as the question qualifies it ("model size": parameters), or
    the noun itself."""
    asked = set(re.findall(r"[a-z]+", question.casefold()))
    for words, said_of in REPORTED.get(noun.casefold(), []):
        if asked & said_of:
            return words
    return [noun]


def _noun_pattern(noun: str | list[str]) -> str:
    nouns = [noun] if isinstance(noun, str) else noun
    # A noun's verb forms are not the noun: "modeling to ten-quintillion-atom systems" reports no model size.
    words = {
        w for n in nouns for w in (n, *forms(n.casefold())) if w == n or not w.endswith("ing") or n.endswith("ing")
    }
    words = sorted(words, key=len, reverse=True)
    return r"(?:" + "|".join(re.escape(w) for w in words) + r")\b"


def readings(noun: str, papers: list[Paper], factor: bool = False, question: str = "") -> list[Reading]:
    """Every number each paper's abstract reports next to the noun (before it, or after "of", "up to", "by"), or
    next to the words it is reported with as the question qualifies it (data/quantity_nouns.txt: a model's "size"
    in "parameters"); with `factor` (a bound given as a factor: "by more than a factor of 100"), also every factor
    reported as faster."""
    unit = UNIT_NOUNS.get(noun.casefold())
    nn = _noun_pattern(reported_as(noun, question))
    patterns = (
        [_IN_UNIT[unit]]
        if unit
        else [
            re.compile(rf"\b{_NUMBER}(?:\s+|-){_BETWEEN}{nn}", re.I),
            re.compile(
                rf"\b{nn},?\s+(?:of\s+|up to\s+|by\s+|reaching\s+|to\s+|=\s*|on\s+)+(?:about\s+|nearly\s+)?{_NUMBER}",
                re.I,
            ),
        ]
    )
    # "Errors in ice thickness stay below 12 cm": the noun, a few words, and a bound the figure is stated with.
    if not unit:
        patterns.append(
            re.compile(rf"\b{nn}\s+{_BETWEEN}(?:below|under|above|within|less than|more than)\s+{_NUMBER}", re.I)
        )
    if factor or noun.casefold() in RATIO_NOUNS:
        patterns += [_FACTOR, _BY_FACTOR]
    out = []
    for p in papers:
        for abstract in p.abstracts:
            for written in research_sentences(abstract):
                s = plain_text(written)  # as the sentence is shown: "11$\times$ parameter compression" is 11× of it
                for pattern in patterns:
                    for m in pattern.finditer(s):
                        if (word := m.groupdict().get("word")) and not m.group("n"):
                            value = _WORD_NUMBERS[word.casefold()] * _SCALE[m.group("large").casefold()]
                        elif (
                            re.fullmatch(r"(?:19|20)\d{2}", raw := m.group("n"))
                            or _MODEL.search(s[: m.start("n")])
                            or _GLUED.search(s[: m.start("n")])
                        ):
                            continue  # a year, a model number ("RTX 4090") or a name's ("ResNet-50"), not a count
                        else:
                            value = float(raw.replace(",", "")) * _SCALE.get(
                                (m.groupdict().get("unit") or "").casefold(), 1
                            )
                        said = m.group("num").strip().rstrip(",.")
                        if all(r.sentence != written or r.value != value for r in out):  # one figure, two patterns
                            out.append(Reading(p, written, value, said))
                if (factor or noun.casefold() in RATIO_NOUNS) and _SPEED_CUE.search(s):
                    for m in _MAGNITUDE.finditer(s):
                        n = m.group("n").casefold()
                        out.append(Reading(p, written, 10.0 ** int(_WORD_NUMBERS.get(n, n)), m.group("num")))
    return out


# Every figure written in a unit, whatever it measures: the readings of a unit asked as the noun ("a percentage of 90%
# or more": "detects 94% of leads"; "92-97% scaling efficiency": 97%).
_IN_UNIT = {
    "%": re.compile(r"(?<![\w.])(?P<num>(?P<n>\d+(?:\.\d+)?)\s*(?:%|per\s?cent\b))", re.I),
    "x": re.compile(r"(?<![\w.])(?P<num>(?P<n>\d+(?:\.\d+)?)\s*(?:[x×X](?![a-z])|times\b))"),
}


# A class of units a question asks by what it measures (phrases/thresholds.UNIT_CLASSES: "as a physical distance"):
# the symbols a figure of it is written with.
_CLASS_UNITS = {
    "length": ("km", "m", "cm", "mm", "µm", "nm"),
    "time": ("ms", "s", "min", "h", "seconds", "minutes", "hours", "days"),
    "power": ("W", "kW", "MW"),
}


def unit_forms(unit: str) -> set[str]:
    """A unit as a figure may be written: its name and, for an SI unit with or without a prefix, its symbol
    ("centimetres" -> {"centimetres", "centimetre", "cm"}); a class of units, any unit of it ("length" -> "km",
    "m", "cm", …)."""
    if unit in _CLASS_UNITS:
        return set(_CLASS_UNITS[unit])
    w = unit.casefold()
    names = {w, w[:-1] if w.endswith("s") else w, w[:-2] if w.endswith("es") else w}
    out = {unit, *names}
    for n in names:
        prefix = next((p for p in SI_PREFIXES if n.startswith(p) and n[len(p) :] in SI_UNITS), "")
        base = n[len(prefix) :]
        if base in SI_UNITS:
            out.add(SI_PREFIXES.get(prefix, "") + SI_UNITS[base])
    return {u for u in out if u}


def alike(r: Reading, ratio: bool, percent: bool, unit: str) -> bool:
    """The reading is written the way the bound is: a factor ("100x"), a percentage, or in a unit ("10 cm", "6.2 cm"
    for "centimetres")."""
    if (ratio and not r.ratio) or (percent and not r.percent):
        return False
    if not unit:
        return True
    written = "|".join(re.escape(u) for u in sorted(unit_forms(unit), key=len, reverse=True))
    return bool(re.search(rf"{re.escape(r.said)}\s*(?:{written})(?![\w])", r.shown))


def beyond(
    noun: str,
    papers: list[Paper],
    direction: int,
    bound: float,
    ratio: bool,
    percent: bool,
    unit: str = "",
    inclusive: bool = False,
):
    """Each paper's most extreme reading of the noun past the bound (above it for direction 1, any for 0: "an error
    measured in centimetres"; the bound itself too when `inclusive`: "90% or more"), most extreme first; only figures
    written the way the bound is (`alike`)."""
    if re.sub(r"\s+", " ", unit.casefold()) in POINT_UNITS:
        return _beyond_points(papers, direction, bound, inclusive)
    found = readings(noun, papers, factor=ratio)
    if not direction and (ratio or percent):
        # a paper whose figures beside the noun are in another unit ("RTX 4090" beside "cost") is read again in the unit
        found += _stated_beside(
            noun, papers, "x" if ratio else "%", [r for r in found if alike(r, ratio, percent, unit)]
        )
    # "over 90%" itself exceeds 90: a figure stated as a bound past the asked value meets it
    kept = [
        r
        for r in found
        if (
            not direction
            or (r.value - bound) * direction > 0
            or (r.value == bound and (inclusive or r.open_bound == direction))
        )
        and alike(r, ratio, percent, unit)
    ]
    best: dict[str, Reading] = {}
    for r in kept:
        if r.paper.id not in best or (r.value - best[r.paper.id].value) * direction > 0:
            best[r.paper.id] = r
    return sorted(best.values(), key=lambda r: -r.value * direction)


# A bound in percentage points ("an accuracy gain of more than ten percentage points"): what a paper states as a change
# between two percentages ("raises classification accuracy in the far range from 71% to 86%": 15) or in points ("6
# points above a U-Net baseline"), whatever noun the sentence binds it to.
POINT_UNITS = frozenset({"percentage points", "percentage point", "points", "point", "pp"})
_FROM_TO = re.compile(r"\bfrom\s+(?P<a>\d+(?:\.\d+)?)\s*%[^.;%]{0,40}?\bto\s+(?P<b>\d+(?:\.\d+)?)\s*%")
_POINTS = re.compile(r"(?<![\w.])(?P<n>\d+(?:\.\d+)?)\s+(?:percentage\s+)?points?\b")


def _beyond_points(papers: list[Paper], direction: int, bound: float, inclusive: bool) -> list[Reading]:
    """Each paper's largest change in percentage points past the bound (`beyond` in POINT_UNITS), largest first."""
    best: dict[str, Reading] = {}
    for p in papers:
        for written in (s for abstract in p.abstracts for s in research_sentences(abstract)):
            shown = plain_text(written)
            found = [(float(m.group("b")) - float(m.group("a")), m.group(0)) for m in _FROM_TO.finditer(shown)]
            found += [(float(m.group("n")), m.group(0)) for m in _POINTS.finditer(shown)]
            for value, said in found:
                passes = (value - bound) * direction > 0 or (inclusive and value == bound)
                if passes and (p.id not in best or (value - best[p.id].value) * direction > 0):
                    best[p.id] = Reading(p, written, value, said, change=True)
    return sorted(best.values(), key=lambda r: -r.value * direction)


def _stated_beside(noun: str, papers: list[Paper], unit: str, have: list[Reading]) -> list[Reading]:
    """A figure in the unit in a sentence that says the noun, wherever it stands: a quantity asked in a kind of unit
    with no bound ("a classification accuracy as a percentage") is stated by "raises classification accuracy in the far
    range from 71% to 86%", which binds no number to the noun's side. A paper `have` already reads keeps its reading."""
    nn = re.compile(rf"\b{_noun_pattern(noun)}", re.I)
    read = {r.paper.id for r in have}
    out = []
    for p in papers:
        if p.id in read:
            continue
        for written in (s for abstract in p.abstracts for s in research_sentences(abstract)):
            shown = plain_text(written)
            if nn.search(shown) and (m := _IN_UNIT[unit].search(shown)):
                out.append(Reading(p, written, float(m.group("n")), m.group("num").strip()))
                break
    return out


def asked_noun(words: tuple[str, ...], papers: list[Paper], question: str) -> str | None:
    """The word of a quantity's noun phrase whose figures the papers report, the noun first, then its modifiers
    ("the biggest model size": "size", read as parameters by data/quantity_nouns.txt; "accelerator chips": "chips",
    else "accelerator"); None when the papers report none of them.

    Matching the phrase to the nouns the abstracts count by embedding was tried and dropped: MiniLM puts "model size"
    nearest "model" (cosine 0.67) and far from "parameters" (0.34), which would read "a 70B dense model" over "235B
    parameters"; what a quantity is reported as is data (quantity_nouns.txt), not a vector."""
    with_abstract = [p for p in papers if p.has_abstract]
    return next((w for w in words if readings(w, with_abstract, question=question)), None)


def furthest_noun(nouns: tuple[str, ...], papers: list[Paper], direction: int, question: str) -> str | None:
    """Of the nouns a question offers as alternatives ("GPUs or AI accelerators"), the one whose figures reach
    furthest in the ranking's direction (the largest count read as either); None when the papers report none."""
    with_abstract = [p for p in papers if p.has_abstract]
    tops = [(top[0].value * direction, n) for n in nouns if (top := extreme(n, with_abstract, direction, question))]
    return max(tops, key=lambda t: t[0])[1] if tops else None


def extreme(noun: str, papers: list[Paper], direction: int, question: str = "") -> list[Reading]:
    """The readings ordered from the most extreme (largest for direction 1), one per paper."""
    best: dict[str, Reading] = {}
    for r in readings(noun, papers, question=question):
        cur = best.get(r.paper.id)
        if cur is None or (r.value - cur.value) * direction > 0:
            best[r.paper.id] = r
    return sorted(best.values(), key=lambda r: -r.value * direction)
