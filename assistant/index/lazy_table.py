"""The paper table read lazily: what answering reads of every paper (id, title, authors, year, ...) from a compact
file written once per table, the rest of a paper (abstracts, sources, conflicts) read from `table.jsonl` at its
line's offset the first time someone asks for it.

At 100k papers, parsing every line of the table into a full `Paper` took 5.9 s of a 10 s cold `ask` and held the
papers' abstracts and sources in memory (most of a question's papers are only listed, counted or matched by title).
Callers still get `Paper` records: a `LeanPaper` is one, whose heavy fields are filled in from its line on first use.
The passage references are arrays (ids, paper positions, kinds) looked up by binary search instead of 370k tuples
and a dict of them.
"""

from __future__ import annotations

import json
import os
import threading
from collections import OrderedDict
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path

import numpy as np

from assistant.index.derived import Derived
from assistant.index.passages import PassageRef
from assistant.models import Paper

# What a start reads of every paper; every other field of `Paper` is read from the table file when first used.
HEAD = (
    "id",
    "title",
    "display_title",
    "authors",
    "authors_truncated",
    "date",
    "date_precision",
    "year",
    "arxiv_id",
    "categories",
    "has_code",
    "is_author_work",
    "attribution",
    "notes",
    "doi",
    "venue",
    "work_type",
    "cited_by",
)
HEAVY = frozenset(Paper.model_fields) - set(HEAD)
HEAD_SET = frozenset(HEAD)
# The HEAD fields read of every paper (the paper index, titles, people, venues, years), kept as whole columns;
# "is_author_work" is stored as an array.
COLUMNS = ("id", "title", "display_title", "venue", "year", "is_author_work")
FIELDS_SET = frozenset(Paper.model_fields)
KINDS = ("passage", "abstract")
# Papers kept parsed whole (abstracts, sources): a question reads a few hundred at most; a scan over all of them
# (an ingest's derived items) then holds this many, not the table (~10 KB each).
FULL_CACHE = 4096
ITEM = "table-v3"  # the derived item's name: bump when HEAD or the arrays change


class LeanPaper(Paper):
    """A `Paper` made from its table head; the heavy fields are read from its table line when asked for (through the
    table's small cache of parsed lines, so a scan over every abstract holds at most that cache in memory)."""

    def __getattr__(self, name: str):
        if name in HEAVY:
            source, at = self.__pydantic_private__["_line"]
            return source.full(at).__dict__[name]
        if name in HEAD_SET:  # made from the stored columns only: the rest of the head row is parsed on first use
            source, at = self.__pydantic_private__["_line"]
            for field_name, value in zip(HEAD, source.row(at)):
                self.__dict__.setdefault(field_name, value)
            return self.__dict__[name]
        return super().__getattr__(name)

    @property
    def has_abstract(self) -> bool:
        if "abstract" in self.__dict__:
            return bool(self.__dict__["abstract"].strip())
        source, at = self.__pydantic_private__["_line"]
        return bool(source.has_abstract[at])

    def loaded(self) -> Paper:
        """This paper with every field present (a plain `Paper`), for serialising and comparing."""
        return Paper.model_construct(_fields_set=set(FIELDS_SET), **{f: getattr(self, f) for f in FIELDS_SET})

    def model_dump(self, **kwargs):
        return self.loaded().model_dump(**kwargs)

    def model_dump_json(self, **kwargs):
        return self.loaded().model_dump_json(**kwargs)

    def __eq__(self, other):
        # `paper in papers` compares with every other paper: ids first, so no line is read for a different paper,
        # and two papers of one table are one object each.
        if self is other:
            return True
        if not isinstance(other, Paper) or other.__dict__["id"] != self.__dict__["id"]:
            return False if isinstance(other, Paper) else NotImplemented
        if (
            isinstance(other, LeanPaper)
            and other.__pydantic_private__["_line"][0] is self.__pydantic_private__["_line"][0]
        ):
            return False
        return self.loaded() == (other.loaded() if isinstance(other, LeanPaper) else other)

    __hash__ = None


class PaperTable(Sequence):
    """The table's papers in order, each made on first access from its compact row and kept."""

    def __init__(self, path: Path, arrays: dict[str, np.ndarray], columns: dict[str, list]):
        self._fd = os.open(path, os.O_RDONLY)  # the file as it was: an ingest that replaces it does not change us
        self._offsets = arrays["offsets"]  # papers + 1 byte offsets of the lines (the last: where passages begin)
        self._heads, self._head_ends = arrays["heads"], arrays["head_ends"]  # the rows' JSON, back to back
        self.has_abstract = arrays["has_abstract"]
        self.people = columns.pop("people")
        self._columns = {**columns, "is_author_work": arrays["is_author_work"].tolist()}
        self._made: list[LeanPaper | None] = [None] * len(self._columns["id"])
        self._positions: dict[str, int] | None = None
        self._full: OrderedDict[int, Paper] = OrderedDict()
        self._lock = threading.Lock()

    def __del__(self):
        try:
            os.close(self._fd)
        except (OSError, AttributeError):
            pass

    def __len__(self) -> int:
        return len(self._made)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        made = self._made[i]
        if made is None:
            i %= len(self)
            made = LeanPaper.__new__(LeanPaper)
            # the stored columns only: a scan that reads ids, titles, years or the author flag of every paper parses
            # no row (at 10k papers, parsing every head row cost a topic question ~1 s)
            object.__setattr__(made, "__dict__", {f: self._columns[f][i] for f in COLUMNS})
            object.__setattr__(made, "__pydantic_fields_set__", set(FIELDS_SET))
            object.__setattr__(made, "__pydantic_extra__", None)
            object.__setattr__(made, "__pydantic_private__", {"_line": (self, i)})
            self._made[i] = made
        return made

    def __iter__(self) -> Iterator[LeanPaper]:
        # the papers already made straight from their list (a scan of every paper, as an unfiltered scope makes, paid
        # a method call and a slice test per paper: ~190k a run of 20 out-of-corpus questions at 10k papers)
        for i, made in enumerate(self._made):
            yield made if made is not None else self[i]

    def __add__(self, other) -> list:
        return [*self, *other]

    def __radd__(self, other) -> list:
        return [*other, *self]

    def row(self, i: int) -> list:
        """Paper i's HEAD fields, parsed from its compact row."""
        return json.loads(bytes(self._heads[int(self._head_ends[i]) : int(self._head_ends[i + 1])]))

    def line(self, i: int) -> bytes:
        start, end = int(self._offsets[i]), int(self._offsets[i + 1])
        return os.pread(self._fd, end - start, start)

    def full(self, i: int) -> Paper:
        """Paper i parsed from its line, through a cache of the FULL_CACHE most recently read."""
        with self._lock:
            paper = self._full.get(i)
            if paper is not None:
                self._full.move_to_end(i)
                return paper
        paper = Paper.model_validate_json(self.line(i))
        with self._lock:
            self._full[i] = paper
            while len(self._full) > FULL_CACHE:
                self._full.popitem(last=False)
        return paper

    def column(self, name: str) -> list:
        """One HEAD field of every paper, in order: the stored columns without making any paper, any other by
        reading every row (once)."""
        if name not in self._columns:
            k = HEAD.index(name)
            self._columns[name] = [self.row(i)[k] for i in range(len(self))]
        return self._columns[name]

    @property
    def positions(self) -> dict[str, int]:
        if self._positions is None:
            self._positions = {pid: i for i, pid in enumerate(self._columns["id"])}
        return self._positions


class ById(Mapping):
    """Paper id -> paper over a `PaperTable`, without a dict of every paper."""

    def __init__(self, papers: PaperTable):
        self.papers = papers

    def __getitem__(self, pid: str) -> Paper:
        return self.papers[self.papers.positions[pid]]

    def __contains__(self, pid) -> bool:
        return pid in self.papers.positions

    def __iter__(self):
        return iter(self.papers.positions)

    def __len__(self) -> int:
        return len(self.papers)


class PassageList(Sequence):
    """The table's passage references in BM25's order, as arrays; `get(id)` by binary search over sorted ids."""

    def __init__(self, papers: PaperTable, arrays: dict[str, np.ndarray]):
        self.papers = papers
        self._ids, self._paper, self._kind = arrays["ids"], arrays["paper"], arrays["kind"]
        self._sorted, self._order = arrays["sorted"], arrays["order"]

    def __len__(self) -> int:
        return len(self._ids)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        return PassageRef(
            self._ids[i].decode(), self.papers.column("id")[int(self._paper[i])], KINDS[int(self._kind[i])]
        )

    def __iter__(self) -> Iterator[PassageRef]:
        for i in range(len(self)):
            yield self[i]

    def get(self, pid: str, default=None):
        key = pid.encode()
        at = int(np.searchsorted(self._sorted, key))
        if at < len(self._sorted) and self._sorted[at] == key:
            return self[int(self._order[at])]
        return default

    def __contains__(self, pid) -> bool:
        return isinstance(pid, str) and self.get(pid) is not None


def scan(path: Path, header: dict) -> tuple[dict[str, list], dict[str, np.ndarray]]:
    """The columns and arrays of a table file, read a line at a time (once per table, at ingest)."""
    offsets, heads, head_ends, has_abstract = [], [], [0], []
    columns: dict[str, list] = {name: [] for name in COLUMNS}
    people: dict[str, None] = {}  # every author named, once, in the order first named
    ids, paper, kind = [], [], []
    with open(path, "rb") as fh:
        fh.readline()
        for _ in range(header["papers"]):
            offsets.append(fh.tell())
            d = json.loads(fh.readline())
            row = json.dumps([d[f] for f in HEAD], ensure_ascii=False).encode()
            heads.append(row)
            head_ends.append(head_ends[-1] + len(row))
            has_abstract.append(bool(d["abstract"].strip()))
            for name in COLUMNS:
                columns[name].append(d[name])
            people.update(dict.fromkeys(d["authors"]))
        offsets.append(fh.tell())
        for _ in range(header["passages"]):
            i, p, k = json.loads(fh.readline())
            ids.append(i.encode())
            paper.append(p)
            kind.append(KINDS.index(k))
    id_array = np.array(ids, dtype=f"S{max((len(i) for i in ids), default=1)}")
    order = np.argsort(id_array, kind="stable").astype(np.int32)
    arrays = {
        "offsets": np.array(offsets, dtype=np.int64),
        "heads": np.frombuffer(b"".join(heads), dtype=np.uint8),
        "head_ends": np.array(head_ends, dtype=np.int64),
        "has_abstract": np.array(has_abstract, dtype=bool),
        "is_author_work": np.array(columns.pop("is_author_work"), dtype=bool),
        "ids": id_array,
        "paper": np.array(paper, dtype=np.int32),
        "kind": np.array(kind, dtype=np.uint8),
        "sorted": id_array[order],
        "order": order,
    }
    return {**columns, "people": list(people)}, arrays


def lazy_parts(path: Path, header: dict) -> tuple[PaperTable, PassageList, Derived]:
    """The papers and passages of a table file, from its derived items (computed and stored on a first read)."""
    derived = Derived(path.parent, header["digest"])
    scanned: list = []

    def columns():
        scanned[:] = scan(path, header)
        return scanned[0]

    cols = derived.json(f"{ITEM}-columns", columns)
    arrays = derived.arrays(f"{ITEM}-arrays", lambda: scanned[1] if scanned else scan(path, header)[1])
    papers = PaperTable(path, arrays, cols)
    return papers, PassageList(papers, arrays), derived


def paper_map(papers: Sequence[Paper]) -> Mapping[str, Paper]:
    """Paper id -> paper, for a lazy table or a list."""
    return ById(papers) if isinstance(papers, PaperTable) else {p.id: p for p in papers}


def positions_of(papers: Sequence[Paper]) -> dict[str, int]:
    """Paper id -> its position, for a lazy table (its own map, from the id column) or a list."""
    return papers.positions if isinstance(papers, PaperTable) else {p.id: i for i, p in enumerate(papers)}


def column(papers: Sequence[Paper], name: str) -> list:
    """One field of every paper, without making lazy papers."""
    if isinstance(papers, PaperTable) and name in HEAD:
        return papers.column(name)
    return [getattr(p, name) for p in papers]


def authors_named(papers: Sequence[Paper]) -> list[str]:
    """Every author the papers name, once each, in the order first named."""
    if isinstance(papers, PaperTable):
        return papers.people
    return list(dict.fromkeys(a for p in papers for a in p.authors))


def table_items(papers: Sequence[Paper]) -> list[str]:
    """The derived items a lazy table reads (kept by an ingest's clean-up)."""
    return [f"{ITEM}-columns.json", f"{ITEM}-arrays"] if isinstance(papers, PaperTable) else []
