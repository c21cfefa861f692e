"""A pool of papers as positions in the table's per-paper indexes (the inverted index's rows), made once per pool,
and counts of the inverted index's postings within one.

A question reads the same few pools again and again (the author's papers, everyone else's, the whole table), and
each reading of one asked every paper of it for its position: at 10k papers a refused topic built ~9 such sets of
~10k, one paper at a time. A pool is now keyed by its papers' ids (one tuple) and its positions, made once, kept as
a set and as a mask over the table for the next reading; the list read last is known by its
identity (a pool is built for a question and not changed in place while it is read). The count lives here, not in
index/paper_terms.py, whose source names its stored item: editing it would rebuild every store's inverted index.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from operator import attrgetter

import numpy as np

from assistant.index.paper_terms import PaperTerms
from assistant.models import Paper

_ID = attrgetter("id")
KEPT = 8  # pools kept: a question reads at most a handful (the author's, the others', a filtered few)


@dataclass(frozen=True)
class Scope:
    """The positions of a pool's papers, as a set and as a mask by position."""

    at: frozenset[int]
    mask: np.ndarray


class Scopes:
    """Pools of papers -> their `Scope`, or None when a paper of the pool has no position (not in the table)."""

    def __init__(self, positions: Mapping[str, int], size: int, kept: int = KEPT):
        self.positions = positions
        self.size = size
        self.kept = kept
        self._made: OrderedDict[tuple[str, ...], Scope | None] = OrderedDict()
        self._last: tuple[Sequence[Paper], int, Scope | None] | None = None

    def of(self, papers: Sequence[Paper]) -> Scope | None:
        if self._last is not None and self._last[0] is papers and self._last[1] == len(papers):
            return self._last[2]  # the very pool read last (kept referenced, so its identity is not reused)
        key = tuple(map(_ID, papers))
        if key in self._made:
            self._made.move_to_end(key)
            self._last = (papers, len(papers), self._made[key])
            return self._made[key]
        at = [self.positions.get(pid, -1) for pid in key]
        scope = None
        if -1 not in at:
            mask = np.zeros(self.size, dtype=bool)
            mask[at] = True
            mask.flags.writeable = False
            scope = Scope(frozenset(at), mask)
        self._made[key] = scope
        while len(self._made) > self.kept:
            self._made.popitem(last=False)
        self._last = (papers, len(papers), scope)
        return scope


def count(terms: PaperTerms, words: Iterable[str], scope: Scope | None = None) -> int:
    """How many papers' texts use any of these words: of the whole table, or of the scope's papers. A count of the
    postings: no paper is read or made."""
    at = terms.positions_with(words)
    return len(at) if scope is None else int(np.count_nonzero(scope.mask[at]))
