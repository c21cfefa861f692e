"""Claim/sentence alignment at the clause level: each quantity (or direction word) of a claim bound to the words
around it, and met by the sentence quantity (or direction word) whose own surroundings match best.

"Is it true that DynaTrain reconfigures a 235B MoE model in under 2 seconds?" against "… reconfigures a 70B dense
model in under 2s and a 235B MoE model in 4.36s": the claim's "2 seconds" sits after "MoE model"; of the sentence's
two times, "4.36s" sits after "MoE model" and "2s" after "dense model", so 4.36s decides, and the claim is false
although every figure it names appears in the sentence. "Half of the labels" is 50% (data/quantity_words.txt)
against "5% of the labels"; "shrank" is the opposite of "a 40% increase of crevassed area" (data/directions.txt)
when both are said of the same thing.

The verdict writer (write/verdict.py) reads `check`: a contradiction decides "No", a claim whose every quantity is
met decides "Yes", and anything else leaves the verdict to its other rules.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from pathlib import Path

from assistant.answer.evidence import bound_names, change, comparative
from assistant.answer.evidence.clause_context import (  # noqa: F401 - NEAR_* and context read from here by callers
    CLAUSE_WEIGHT,
    NEAR_AFTER,
    NEAR_BEFORE,
    STOP,
    WORD,
    Clause,
    clauses,
    context,
)
from assistant.answer.evidence.directions import DIRECTIONS  # noqa: F401 - read from here by callers
from assistant.answer.evidence.figures import QUANTITY_WORDS, Quantity, quantities  # noqa: F401 - read from here by callers
from assistant.answer.evidence.query_terms import stem

DATA = Path(__file__).parent / "data"

# Claim-side bounds: "under 2 seconds" is met by 1.8 s and contradicted by 4.36 s.
# ("up to 405B" in a claim names the largest figure, so it is compared as stated.)
_AT_MOST = re.compile(r"\b(?:under|below|less than|fewer than|within|at most|no more than|lower than)\s*$", re.I)
_AT_LEAST = re.compile(r"\b(?:over|above|more than|at least|exceeding|beyond|greater than|higher than)\s*$", re.I)
# "around a 3x speedup": an article between the word and its figure
_ROUGH = re.compile(r"\b(?:about|around|roughly|approximately|nearly|almost|some|~)\s*(?:an?\s+)?$", re.I)
EXACT = 0.015  # relative slack of a stated figure ("1.27" for 1.268)
ROUGH = 0.1  # and of a figure said to be approximate
# A binding needs this much shared context (one shared word right after both numbers is 4; one before both is 1).
MIN_BINDING = 2.0
# A direction word decides only when its clause shares at least this many content words with the claim's, and
# this share of them.
MIN_SHARED, MIN_SHARE = 2, 0.4

_NEGATION = re.compile(r"\b(?:not|no|never|n't|without|neither|nor)\b|n't\b", re.I)


_COMPARED_SIDES = {"more": DIRECTIONS["higher"], "less": DIRECTIONS["lower"]}  # with a standard after them
_DIRECTION = re.compile(
    r"(?<![\w-])(" + "|".join(re.escape(w) for w in sorted(DIRECTIONS, key=len, reverse=True)) + r")(?![\w-])", re.I
)


def _binding(a: dict[str, float], b: dict[str, float]) -> float:
    return sum(w * b[k] for k, w in a.items() if k in b)


def _claim_interval(text: str, q: Quantity) -> tuple[float, float]:
    lead = text[max(0, q.start - 20) : q.start]
    if _AT_MOST.search(lead):
        return -math.inf, q.high
    if _AT_LEAST.search(lead):
        return q.low, math.inf
    slack = ROUGH if _ROUGH.search(lead) else EXACT
    return q.low * (1 - slack), q.high * (1 + slack)


# "up to 69.5%", "as much as 90 percent": the figure named as the largest, compared as stated.
_UP_TO = re.compile(r"\b(?:up to|as (?:much|many|high|low|little|few) as)\s*$", re.I)


def relation_start(text: str, q: Quantity) -> int:
    """Where the words that relate the claim to its figure start ("under", "at least", "roughly", "up to"): they are
    read with the figure (as its interval), not as terms the paper must hold; q.start when there are none."""
    lead = text[max(0, q.start - 20) : q.start]
    for pattern in (_AT_MOST, _AT_LEAST, _ROUGH, _UP_TO):
        if m := pattern.search(lead):
            return q.start - len(lead) + m.start()
    return q.start


def without_figures(text: str) -> str:
    """The text with each figure and the words relating it to the claim blanked: what is left is the claim's terms."""
    for q in quantities(text):
        start = relation_start(text, q)
        text = text[:start] + " " * (q.end - start) + text[q.end :]
    return text


def met_as_said(claim: str, value: str, sentences: list[str]) -> bool:
    """A figure the claim says roughly or as a bound ("roughly 8%", "over 80") is met by a sentence figure of its kind
    inside the interval the claim's words give it (8.31% for "roughly 8%": ROUGH); an exact figure never is here
    (it must be stated as written)."""
    for q in quantities(claim):
        if q.said.replace(",", "").startswith(value) and relation_start(claim, q) < q.start:
            stated = (sq for s in sentences for sq in quantities(s) if sq.kind == q.kind)
            return any(_meets(claim, q, sq) for sq in stated)
    return False


def _meets(text: str, claim: Quantity, stated: Quantity) -> bool:
    lo, hi = _claim_interval(text, claim)
    return stated.high >= lo and stated.low <= hi


@dataclass(frozen=True)
class Finding:
    supports: bool
    sentence: str
    why: str


@dataclass(frozen=True)
class Alignment:
    contradiction: Finding | None  # the first claim part a sentence states otherwise
    support: Finding | None  # every quantity of the claim met, bound to the same context
    bound: int  # how many of the claim's quantities found a sentence quantity measuring the same thing


_SCALE_WORD = re.compile(r"(?:\d\s*[kKMB]|thousand|million|billion|trillion)$")


def _scaled(q: Quantity) -> bool:
    """A count with a scale ("70B", "1.2 million") states a size; a bare one ("8 consumer GPUs") counts things: the
    two never measure the same thing ("a 70B model on consumer GPUs" is not contradicted by "8 consumer GPUs")."""
    return bool(_SCALE_WORD.search(q.said))


# Units that say what a figure measures ("2.3 watts" is a power draw however the sentence words it), unlike a count,
# a share or a factor: two figures in one of these units are bound without another shared word.
_NAMED_UNITS = frozenset({"power", "length", "bytes", "rate", "bandwidth"})


def _ratios(cc: Clause, q: Quantity, sc: Clause, sq: Quantity) -> tuple[Quantity, Quantity] | None:
    """The claim's and the sentence's figures as the ratios of the changes they state, when they are of different
    kinds and each states a change ("halved" and "30% lower"); None otherwise."""
    a = change.as_ratio(cc.text, _local(cc, q), DIRECTIONS)
    b = change.as_ratio(sc.text, _local(sc, sq), DIRECTIONS) if a is not None else None
    return (a, b) if a is not None and b is not None else None


def _local(c: Clause, q: Quantity) -> Quantity:
    """The quantity with its offsets in its clause's text."""
    return Quantity(q.low, q.high, q.kind, q.said, q.start - c.start, q.end - c.start)


def _bind_quantities(claim: str, sentences: list[str]) -> tuple[list[Finding], int, int]:
    findings, asked, bound = [], 0, 0
    parts = clauses(claim)
    # A claim is one statement: a lead-in clause stating no figure ("on RTX 4090 clusters, is the cost cut to 2.6%?")
    # qualifies every figure of it.
    lead = {w for c in parts if not c.quantities for _, w in c.words}
    for cc in parts:
        for q in cc.quantities:
            asked += 1
            ctx = {w: CLAUSE_WEIGHT for w in lead} | context(cc, q)
            best: tuple[float, bool, str, Quantity, Clause] | None = None
            for s in sentences:
                for sc in clauses(s):
                    for sq in sc.quantities:
                        if sq.kind != q.kind or (q.kind == "count" and _scaled(q) != _scaled(sq)):
                            # a change said two ways is one ratio: "halved" (0.5) against "30% lower" (0.7)
                            ratios = _ratios(cc, q, sc, sq)
                            if ratios is None:
                                continue
                            score = _binding(ctx, context(sc, sq))
                            meets = change.meets(*ratios)
                        else:
                            score = _binding(ctx, context(sc, sq)) + (MIN_BINDING if q.kind in _NAMED_UNITS else 0)
                            meets = _meets(claim, q, sq)
                        # Ties go to the sentence quantity that meets the claim.
                        if best is None or (score, meets) > (best[0], best[1]):
                            best = (score, meets, s, sq, sc)
            if best is None or best[0] < MIN_BINDING:
                continue
            bound += 1
            if best[1] and _opposite(_sides(cc), _sides(best[4])):
                # the same figure said of the same thing in the other direction: "thickening by 1.5 cm" against
                # "thinning by 1.5 cm"
                findings.append(Finding(False, best[2], f"{q.said} stated in the opposite direction"))
                continue
            if best[1] and (other := bound_names.moved(cc.text, claim, best[4].text, best[2], sentences)):
                # the figure as claimed, but said of another name: "6.2 cm against ICESat-2" - "6.2 cm against
                # Operation IceBridge", where ICESat-2 is named elsewhere in the paper
                findings.append(Finding(False, best[2], f"{q.said} stated {other}"))
                continue
            said = f"{q.said} ({'stated' if best[1] else f'stated as {best[3].said}'})"
            findings.append(Finding(best[1], best[2], said))
    return findings, asked, bound


def _opposite(a: set[tuple[int, int]], b: set[tuple[int, int]]) -> bool:
    """Two clauses' direction words say opposite things: a pair both use, on other sides, and no side in common.
    Words of different pairs ("more accurate" and "surpasses") are not compared."""
    return not a & b and any((pair, 1 - side) in b for pair, side in a)


def _sides(clause: Clause) -> set[tuple[int, int]]:
    """The (pair, side) of each direction word of one clause."""
    return {(pair, side) for pair, side, c in _directions(clause.text)}


def _directions(text: str) -> list[tuple[int, int, Clause]]:
    """(pair, side, clause) of each direction word, its side flipped when negated ("did not increase")."""
    return [(pair, side, c) for pair, side, c, _ in _placed_directions(text)]


def _placed_directions(text: str) -> list[tuple[int, int, Clause, int]]:
    """(pair, side, clause, offset in the text) of each direction word."""
    out = []
    for c in clauses(text):
        for m in comparative.with_standard(c.text, list(_DIRECTION.finditer(c.text))):
            word = m.group(1).casefold()
            pair, side = DIRECTIONS.get(word) or _COMPARED_SIDES[word]
            # the three words before it, whole ("FNO emulator is faster" is not "no … faster")
            if _NEGATION.search(" ".join(WORD.findall(c.text[: m.start()])[-3:])):
                side = 1 - side
            out.append((pair, side, c, c.start + m.start()))
    return out


_DIRECTION_STEMS = frozenset(stem(m) for m in DIRECTIONS)


def _said_of(c: Clause, at: int) -> set[str]:
    """What a direction word (at `at`) is said of: the content words of its clause right before and after it."""
    words = [(w_at, w) for w_at, w in c.words if w not in _DIRECTION_STEMS]
    before = [w for w_at, w in words if w_at < at][-NEAR_BEFORE:]
    after = [w for w_at, w in words if w_at > at][:NEAR_AFTER]
    return set(before) | set(after)


def _bind_directions(claim: str, sentences: list[str]) -> list[Finding]:
    out = []
    for pair, side, cc, at in _placed_directions(claim):
        mine = {w for _, w in cc.words} - _DIRECTION_STEMS
        if not mine:
            continue
        near = _said_of(cc, at)
        best: tuple[bool, int, bool, str] | None = None
        for s in sentences:
            for pair2, side2, sc, at2 in _placed_directions(s):
                if pair2 != pair:
                    continue
                if comparative.reversed_sides(cc, at, sc, at2):  # "A better than B" against "B better than A"
                    side2 = 1 - side2
                shared = len(mine & {w for _, w in sc.words})
                # said of the same words right beside it ("increase computational overhead" - "reducing
                # computational overhead"): the clause need not share as much of the claim's
                local = bool(near & _said_of(sc, at2))
                if shared >= MIN_SHARED and (local or shared >= MIN_SHARE * len(mine)):
                    # "less accuracy degradation" is met by "smaller accuracy degradation" beside "accuracy", not
                    # by "outperforms … heuristic sharing strategies" in a clause sharing more of the claim
                    if best is None or (local, shared, side2 == side) > best[:3]:
                        best = (local, shared, side2 == side, s)
        # a direction agreeing only beside it, in a clause holding little of the claim ("with no entries into ice
        # above the vessel class" for "did the routes enter ice above the vessel class …?") does not state the claim
        if best is not None and (not best[2] or best[1] >= MIN_SHARE * len(mine)):
            out.append(Finding(best[2], best[3], "the direction stated" if best[2] else "the opposite direction"))
    return out


def direction_words(text: str) -> list[re.Match]:  # "gain", "shrank", with their places
    return list(_DIRECTION.finditer(text))


def stated(text: str) -> bool:
    """The text states a figure or a direction ("a 40% increase", "shrank") for the sentences to weigh."""
    return bool(quantities(text) or _DIRECTION.search(text))


def moved(claim: str, sentence: str, sentences: list[str]) -> str | None:
    """How a figure the sentence states as claimed is said of another name of the paper than the claim's (see
    bound_names.py), for a figure whose context did not bind it ("the 82% accuracy … on Sentinel-1" - "Accuracy on
    RADARSAT-2 rises from 64% … to 82%"); None when every one is said of the claim's names."""
    for cc in clauses(claim):
        for q in cc.quantities:
            for sc in clauses(sentence):
                for sq in sc.quantities:
                    if sq.kind == q.kind and _meets(claim, q, sq):
                        if other := bound_names.moved(cc.text, claim, sc.text, sentence, sentences):
                            return f"{q.said} stated {other}"
    return None


def check(claim: str, sentences: list[str]) -> Alignment:
    """The claim's quantities and directions met or contradicted by the sentences (best first)."""
    findings, asked, bound = _bind_quantities(claim, sentences)
    findings += _bind_directions(claim, sentences)
    contradiction = next((f for f in findings if not f.supports), None)
    support = None
    if findings and bound == asked and all(f.supports for f in findings):
        support = next(f for f in findings)
    return Alignment(contradiction, support, bound)
