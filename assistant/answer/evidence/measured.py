"""Figures read by what they measure, for a superlative whose quantity the papers name in other words: "the highest
compression ratio" is reported as "nearly 11× parameter compression", "the biggest cut in LLM training cost" as "lowers
training costs … to approximately 2.6%", "the biggest reduction in memory use" as "485x lower memory usage".

Each figure of a paper's sentence (figures.quantities, over the sentence as it is shown: LaTeX as text) is bound to the
words around it (alignment.clauses: the words right after it, right before it, the rest of its clause). The words of
the asked phrase, each weighted by how few of the papers in scope use it, bind the figures that measure it. When the
phrase asks for a change ("cut", "reduction", "drop", "jump": a word of data/directions.txt), each figure is read as
the ratio it makes (change.as_ratio: "to 2.6%" of a cost lowered is 0.026, "by 47.6 percent" 0.524) and the
largest change that way wins. Figures in different units are not ranked against each other: the best-bound unit is
ranked and the others are said to be not comparable.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from assistant.answer.evidence import change
from assistant.answer.evidence.alignment import DIRECTIONS
from assistant.answer.evidence.clause_context import clauses, context
from assistant.answer.evidence.figures import quantities
from assistant.answer.evidence.query_terms import stem
from assistant.models import Paper
from assistant.presenter import plain_text
from assistant.text import research_sentences

# A figure measures the asked quantity when the asked words around it weigh at least this much: a rare asked word
# right after the figure or right before it (context weight 2 or 1, times its idf), not one elsewhere in its clause
# (0.5 x idf). Measured on the writers' superlatives the noun reading missed: the figures they expect bind at 2.3-7.6
# ("485x lower memory usage" 2.3, "11× parameter compression" 3.1, "91.3% overall accuracy" 7.6), the other figures
# of the same questions at 1.0 or less ("reduced by 70%" 0.8 for the compression ratio; "pretrain … on 2 million
# unlabelled tiles" 1.0, its verb three words before the figure: that item is still missed).
MIN_BOUND = 2.0
# The kinds of figure a superlative ranks (figures.Quantity.kind); a date or a name's number never is.
RANKED_KINDS = ("%", "x", "count", "time", "length", "bytes", "power", "rate", "points", "bandwidth")
_WORD = re.compile(r"[A-Za-z][\w-]*")
_STOP = frozenset("a an the of in on at to for from by with its their his her any one which what that".split())


@dataclass(frozen=True)
class Measured:
    paper: Paper
    sentence: str  # the abstract's sentence as the source writes it (the quote)
    said: str  # the figure as the sentence shows it ("11×", "2.6%")
    value: float  # what is ranked: the figure, or the ratio it makes when a change is asked
    kind: str  # its unit's kind ("x", "%", "count" …)
    bound: float  # how strongly its context holds the asked words


def asked_text(question: str, start: int) -> str:
    """The asked quantity as the question says it: from the superlative (at `start`) to the end of its clause
    ("biggest cut in LLM training cost", "highest compression ratio")."""
    return re.split(r"[,;?!.()]|\s[-–—]\s|\b(?:and|which|that|who)\b", question[start:], maxsplit=1)[0].strip()


def asked_phrase(question: str, start: int) -> list[str]:
    """The asked quantity's words after the superlative, without function words ("cut LLM training cost")."""
    return [w for w in _WORD.findall(asked_text(question, start))[1:] if w.casefold() not in _STOP]


def change_side(words: list[str]) -> int | None:
    """The side (0 up, 1 down) of a direction word the phrase asks by ("cut", "jump"), else None."""
    for w in words:
        if (found := DIRECTIONS.get(w.casefold())) is not None:
            return found[1]
    return None


# "to approximately 2.6%" after a verb of change: the new value as a share of the old, not a change by that share.
_TO_SHARE = re.compile(r"\bto\s+(?:(?:approximately|about|around|roughly|nearly|only|just)\s+)?$", re.I)
# "four kinds of …", "a set of …": the noun before "of" is what a number counts.
_COUNTED_OF = re.compile(r"\s*(?P<noun>[A-Za-z][\w-]*)\s+of\b")


def _counts_asked(text: str, q, stems: set[str]) -> bool:
    """A count figure counts an asked thing: unless "N <noun> of …" counts a noun the question does not ask."""
    m = _COUNTED_OF.match(text, q.end)
    return m is None or stem(m.group("noun")) in stems


def _is_share(text: str, q) -> bool:
    """The percentage is the new value's share of the old: after "to", or joined by "and" to one that is ("to 33% on
    A100/A800 and only 2.6% on RTX 4090")."""
    if _TO_SHARE.search(text[: q.start]):
        return True
    earlier = [p for p in quantities(text) if p.kind == "%" and p.end <= q.start]
    if not earlier:
        return False
    between = text[earlier[-1].end : q.start]
    return bool(re.search(r"\band\b", between)) and _TO_SHARE.search(text[: earlier[-1].start]) is not None


def _as_change(text: str, q) -> float | None:
    """The ratio (new to old) a figure makes, read by the direction word nearest it (change.as_ratio's few words
    around it, else the nearest before it in the sentence: "lowers training costs to approximately 33% … and to
    approximately 2.6%"); a share after "to" is the new value's share of the old."""
    if (r := change.as_ratio(text, q, DIRECTIONS)) is not None and not _is_share(text, q):
        return r.low
    before = [w for w in _WORD.findall(text[: q.start]) if w.casefold() in DIRECTIONS]
    if not before or q.kind not in ("%", "x"):
        return None
    down = DIRECTIONS[before[-1].casefold()][1] == 1
    if q.kind == "%":
        share = q.high / 100
        return share if _is_share(text, q) else (1 - share if down else 1 + share)
    return 1 / q.high if down else q.high


def by_context(words: list[str], papers: list[Paper], direction: int) -> tuple[list[Measured], list[Measured]]:
    """Each paper's most extreme figure of the asked quantity, most extreme first, and the best-bound figures of other
    units (not comparable with them)."""
    side = change_side(words)
    texts = {p.id: [(s, plain_text(s)) for a in p.abstracts for s in research_sentences(a)] for p in papers}
    stems = {stem(w) for w in words} - {stem(w) for w in DIRECTIONS if DIRECTIONS[w][1] == side}
    df = {s: sum(any(s in {stem(w) for w in _WORD.findall(t)} for _, t in ts) for ts in texts.values()) for s in stems}
    idf = {s: math.log((len(papers) + 1) / (df[s] + 0.5)) for s in stems if df[s]}
    found: list[Measured] = []
    for p in papers:
        for raw, shown in texts[p.id]:
            for c in clauses(shown):
                for q in c.quantities:
                    if q.kind not in RANKED_KINDS:
                        continue
                    ctx = context(c, q)
                    bound = sum(ctx.get(s, 0.0) * w for s, w in idf.items())
                    if bound < MIN_BOUND:
                        continue
                    if q.kind == "count" and not _counts_asked(shown, q, stems):
                        continue  # "four kinds of parallel machine learning": kinds are counted, not machines
                    value = q.high
                    if side is not None:
                        if (r := _as_change(shown, q)) is None:
                            continue
                        value = r
                    found.append(Measured(p, raw, q.said, value, "ratio" if side is not None else q.kind, bound))
    if not found:
        return [], []
    # the unit the asked words bind best is the one ranked
    kind = max(found, key=lambda m: m.bound).kind
    sign = -1 if side == 1 else direction  # a cut: the smallest ratio is the biggest
    best: dict[str, Measured] = {}
    for m in (m for m in found if m.kind == kind):
        if m.paper.id not in best or (m.value - best[m.paper.id].value) * sign > 0:
            best[m.paper.id] = m
    ranked = sorted(best.values(), key=lambda m: -m.value * sign)
    others: dict[str, Measured] = {}
    for m in (m for m in found if m.kind != kind and m.paper.id not in best):
        if m.paper.id not in others or m.bound > others[m.paper.id].bound:
            others[m.paper.id] = m
    return ranked, sorted(others.values(), key=lambda m: -m.bound)
