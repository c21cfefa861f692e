"""A text cut into clauses, and each figure of a clause with the words that say what it measures: the content words
right after it (the noun it counts), right before it, and the rest of its clause. Figures listed together share the
noun after the list ("83% and 15% training speedup"), and with "respectively" each is said of its own one of the
names listed beside them ("… with 10Gb/s Ethernet and 100Gb/s InfiniBand interconnects, respectively": 83% of
Ethernet, 15% of InfiniBand). A hyphenated compound is read by its parts. Read by alignment.py and measured.py.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from assistant.answer.evidence.figures import Quantity, quantities
from assistant.answer.evidence.query_terms import parts, stem

# Words of the claim or sentence that say nothing about what a number measures.
STOP = frozenset(
    """a an the of in on at to for from by with without into onto over under is are was were be been being it its
    this that these those their his her our we they he she and or but as than then so such which who whom whose
    what when where why how did does do done has have had can could would will should may might must not no
    true correct right really indeed also only just about around roughly approximately nearly almost some any
    each every both either per via up down out off there here more most less least much many very
    respectively""".split()
)
NEAR_AFTER, NEAR_BEFORE = 3, 2  # content words read after and before a number as what it measures
AFTER_WEIGHT, BEFORE_WEIGHT, CLAUSE_WEIGHT = 2.0, 1.0, 0.5

_BOUNDARY = re.compile(r"[;:()\[\]]|,(?!\d{3})|\s(?:and|while|whereas|but|although|though)\s|\.\s", re.I)
_CONJUNCT = re.compile(r"\s*(?:and|or)\s", re.I)
_APPOSED = re.compile(r",\s*(?:an?\s+|about\s+|roughly\s+|some\s+)?$", re.I)  # ", 30% lower", ", a 40% gain"
WORD = re.compile(r"[A-Za-z][A-Za-z0-9'’-]*")


@dataclass
class Clause:
    text: str
    start: int
    quantities: list[Quantity] = field(default_factory=list)
    words: list[tuple[int, str]] = field(default_factory=list)  # (offset, stem) of its content words
    # An aside restating the figure before it ("7.1x speedup (3.1x on average)"): that clause and figure, whose
    # context the aside's figure shares.
    echoes: tuple[Clause, Quantity] | None = None
    # Figures listed together: per figure (its start), the words it is said of beyond its clause (the noun after the
    # list, its own name of a "respectively" list) and those of the other names (weight 0: not its own).
    listed: dict[int, dict[str, float]] = field(default_factory=dict)


_ASIDE = re.compile(r"\([^()]*\)")


@lru_cache(maxsize=4096)
def clauses(text: str) -> tuple[Clause, ...]:
    """The text cut at punctuation and coordinating words, each part with its quantities and content words. An
    aside in parentheses is its own clause, sharing the words of the clause around it; the text around it reads on
    as if it were not there."""
    qs = quantities(text)
    asides = [m.span() for m in _ASIDE.finditer(text)]
    outer = text
    for s, e in asides:
        outer = outer[:s] + " " * (e - s) + outer[e:]
    inside = lambda at: any(s <= at < e for s, e in asides)  # noqa: E731
    out = _cut(outer, [q for q in qs if not inside(q.start)], 0, len(outer))
    for s, e in asides:
        for c in _cut(text, [q for q in qs if s <= q.start < e], s + 1, e - 1):
            around = next((o for o in out if o.start <= s < o.start + len(o.text)), None)
            if around is not None:
                c.words = sorted(c.words + around.words)
                before = [q for q in around.quantities if q.end <= s]
                if before and c.quantities:
                    c.echoes = (around, before[-1])
            out.append(c)
    out.sort(key=lambda c: c.start)
    for group in _lists(outer, [q for q in qs if not inside(q.start)]):
        for q, words in _listed(outer, group, out).items():
            next(c for c in out if q in c.quantities).listed[q.start] = words
    return tuple(out)


# Only a comma, "and" or "or" between two figures of one kind lists them ("83% and 15%", "4.06x, 2.1x and 1.43x").
_LIST_JOIN = re.compile(r"\s*(?:,\s*(?:(?:and|or)\s+)?|(?:and|or)\s+)", re.I)
_RESPECTIVELY = re.compile(r"\brespectively\b", re.I)
# A listed name is at most this many words before or after its "and", and ends at a function word or punctuation
# ("over S-SGD and Power-SGD, respectively"; "in the single-view setting and multi-view setting").
NAME_WORDS = 4
_TOKEN = re.compile(r"[A-Za-z0-9][\w/'’.+-]*|[^\w\s]")
_COORDINATOR = re.compile(r"\s(?:and|or)\s", re.I)


def _lists(text: str, qs: list[Quantity]) -> list[list[Quantity]]:
    """The runs of two or more figures of one kind joined only by a comma, "and" or "or"."""
    runs: list[list[Quantity]] = []
    for q in qs:
        last = runs[-1][-1] if runs else None
        if last is not None and last.kind == q.kind and _LIST_JOIN.fullmatch(text, last.end, q.start):
            runs[-1].append(q)
        else:
            runs.append([q])
    return [r for r in runs if len(r) > 1]


def _listed(text: str, group: list[Quantity], out: list[Clause]) -> dict[Quantity, dict[str, float]]:
    """What each figure of a list is said of beyond its own clause: the words after the list's last figure (the
    head noun they share: "83% and 15% training speedup"), and with "respectively" the content words of its own name
    among those listed beside them (weight AFTER_WEIGHT) and of the other names (weight 0)."""
    last = group[-1]
    home = next(c for c in out if last in c.quantities)
    head = [w for at, w in home.words if at >= last.end][:NEAR_AFTER]
    found = {q: ({w: AFTER_WEIGHT for w in head} if q is not last else {}) for q in group}
    if (respectively := _RESPECTIVELY.search(text)) is None:
        return found
    names = _names(text, group, respectively.start(), len(group))
    if names is None:
        return found
    for q, own in zip(group, names):
        others = set().union(*(n for n in names if n is not own))
        # the words the names share ("setting" of "single-view setting and multi-view setting") tell none apart
        found[q] |= {w: 0.0 for w in others - own} | {w: AFTER_WEIGHT for w in own - others}
    return found


def _names(text: str, group: list[Quantity], at: int, n: int) -> list[set[str]] | None:
    """The n names listed by the "and" nearest before "respectively" (at `at`) outside the list of figures, each as
    its content words' stems ("10Gb/s Ethernet and 100Gb/s InfiniBand interconnects" -> {ethern}, {infini, interc});
    None when there are not n, or one has no content word or none of its own."""
    joins = [m for m in _COORDINATOR.finditer(text, 0, at) if not group[0].start <= m.start() < group[-1].end]
    if not joins:
        return None
    join = min(joins, key=lambda m: abs(m.start() - at))
    names = [_name(_TOKEN.findall(text[join.end() :]))]
    rest = _TOKEN.findall(text[: join.start()])[::-1]  # read back from the "and": "A, B and C"
    for _ in range(n - 1):
        names.insert(0, _name(rest))
        rest = rest[len(names[0]) :]
        if not rest or rest[0] != ",":
            break
        rest = rest[1:]
    stems = [_stems(tokens) for tokens in names]
    distinct = [s - set().union(*(t for t in stems if t is not s)) for s in stems]
    if len(stems) != n or not all(distinct):
        return None
    return stems


def _name(tokens: list[str]) -> list[str]:
    """The tokens of one listed name from the start of `tokens` (read outward from its "and")."""
    taken = []
    for t in tokens[:NAME_WORDS]:
        if not t[0].isalnum() or t.casefold() in STOP:
            break
        taken.append(t)
    return taken


def _stems(tokens: list[str]) -> set[str]:
    return {stem(p) for t in tokens if t[0].isalpha() for p in parts(t) if p.casefold() not in STOP and len(p) > 2}


def _cut(text: str, qs: list[Quantity], lo: int, hi: int) -> list[Clause]:
    cuts = [lo] + [m.start() for m in _BOUNDARY.finditer(text, lo, hi)] + [hi]
    out: list[Clause] = []
    for s, e in zip(cuts, cuts[1:]):
        if e <= s or not text[s:e].strip():
            continue
        c = Clause(text[s:e], s)
        c.quantities = [q for q in qs if s <= q.start < e]
        for m in WORD.finditer(text, s, e):
            if any(q.start <= m.start() < q.end for q in c.quantities):
                continue  # a unit word is part of its quantity
            # a compound by its parts, each at its place: "clusters-whose … that of A100-without" names "A100"
            at = m.start()
            for part in parts(m.group(0)):
                at = text.index(part, at)
                if part.casefold() not in STOP and len(part) > 2:
                    c.words.append((at, stem(part)))
        # "… reconfigures a 70B model in 2 s and a 235B model in 4 s": the second part shares the first's verb and
        # subject, so the words before the first part's first figure are its own too.
        if out and _CONJUNCT.match(c.text) and c.quantities and out[-1].quantities:
            lead = out[-1].quantities[0].start
            if not any(at < c.quantities[0].start for at, _ in c.words):
                c.words = [(at, w) for at, w in out[-1].words if at < lead] + c.words
        # "… a median position error of 4.1 km, 30% lower than persistence": a part that opens with its figure
        # after a comma says it of what the part before it names.
        if out and c.quantities and _APPOSED.match(text, s, c.quantities[0].start):
            c.words = [(at, w) for at, w in out[-1].words] + c.words
        out.append(c)
    return out


_FROM, _TO = re.compile(r"\bfrom\s*$", re.I), re.compile(r"\bto\s*$", re.I)


def context(clause: Clause, q: Quantity) -> dict[str, float]:
    """What a quantity measures: the content words right after it (the noun it counts), those right before it, and
    the rest of its clause, each with its weight."""
    after = [w for at, w in clause.words if at >= q.end][:NEAR_AFTER]
    before = [w for at, w in clause.words if at < q.start][-NEAR_BEFORE:]
    out = {w: CLAUSE_WEIGHT for _, w in clause.words}
    for w in before:
        out[w] = max(out[w], BEFORE_WEIGHT)
    for w in after:
        out[w] = AFTER_WEIGHT
    # The other figures of its clause bind it too: "under 3 s" said of "a 50k matrix" is met by the time stated next
    # to 50k, not by the one stated next to 10k.
    for other in clause.quantities:
        if other != q:
            out[f"#{other.kind}:{other.low:g}"] = BEFORE_WEIGHT
    # "rises from 64% without adaptation to 82%": the end of a change measures what its start measures
    for start in clause.quantities:
        pre, mid = (
            clause.text[: start.start - clause.start],
            clause.text[start.end - clause.start : q.start - clause.start],
        )
        if start.kind == q.kind and start.end <= q.start and _FROM.search(pre) and _TO.search(mid):
            out.update({w: max(out.get(w, 0.0), v) for w, v in context(clause, start).items() if w[0] != "#"})
    if clause.echoes is not None:  # "(3.1x on average)" measures what the 7.1x before it measures
        for w, weight in context(*clause.echoes).items():
            out[w] = max(out.get(w, 0.0), weight)
    for w, weight in clause.listed.get(q.start, {}).items():
        if weight:
            out[w] = max(out.get(w, 0.0), weight)
        else:
            out.pop(w, None)
    return out
