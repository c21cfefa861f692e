"""Merge entries from every file into one record per paper, keeping every source and every conflict."""

from __future__ import annotations

import hashlib
import re
from collections import Counter

from assistant.ingest.text import arxiv_yymm
from assistant.ingest.titles import derive_display_title
from assistant.models import ARXIV_ID_DATED, Conflict, RawEntry
from assistant.text import clean, is_order, split_sentences

_WORD = re.compile(r"[a-z0-9]+")
SHINGLE = 3
# Word-trigram Jaccard above which two abstracts are versions of one paper. Measured on the seeds:
# the two versions of the block-coordinate-descent abstract score 0.158; unrelated pairs at most 0.046.
SAME_ABSTRACT = 0.10
_PRECISION_RANK = {"day": 3, "month": 2, "year": 1, None: 0}
_CODE_URL = re.compile(r"https?://(?:www\.)?(?:github\.com|gitlab\.com|sites\.google\.com)/\S+", re.I)


# What exports call arXiv itself: DBLP's "CoRR", Semantic Scholar's "arXiv.org", OpenAlex's repository name.
_PREPRINT_VENUES = re.compile(r"^(?:corr|arxiv(?:\.org)?|arxiv \(cornell university\)|arxiv preprint.*)$", re.I)


def preprint_venue(venue: str) -> str:
    return "arXiv" if _PREPRINT_VENUES.match(venue.strip()) else venue


def norm_title(title: str) -> str:
    return " ".join(_WORD.findall(title.casefold()))


def _shingles(text: str) -> set[tuple[str, ...]]:
    words = _WORD.findall(text.casefold())
    return {tuple(words[i : i + SHINGLE]) for i in range(len(words) - SHINGLE + 1)}


def abstract_similarity(a: str, b: str) -> float:
    sa, sb = _shingles(a), _shingles(b)
    return len(sa & sb) / len(sa | sb) if sa and sb else 0.0


class Shingles:
    """An abstract's shingles, computed when first compared: most entries match by id or title, and the
    sets of word triples were the biggest thing an ingest held (35 KB an abstract: 0.35 GB at 10k papers)."""

    def __init__(self, abstract: str):
        self._abstract: str | None = abstract
        self._set: set[tuple[str, ...]] = set()

    def get(self) -> set[tuple[str, ...]]:
        if self._abstract is not None:
            self._set, self._abstract = _shingles(self._abstract), None
        return self._set


class Cluster:
    """Entries believed to be one paper."""

    def __init__(self, entry: RawEntry, shingles: Shingles | None = None):
        self.entries = [entry]
        self._shingles = [shingles or Shingles(entry.abstract)]

    @property
    def arxiv_ids(self) -> set[str]:
        return {e.arxiv_id for e in self.entries if e.arxiv_id}

    @property
    def titles(self) -> set[str]:
        return {norm_title(e.title) for e in self.entries if e.title}

    @property
    def dois(self) -> set[str]:
        return {e.doi for e in self.entries if e.doi}

    def matches(self, entry: RawEntry, shingles: Shingles) -> bool:
        # An identifier both sides carry decides: one DOI or one arXiv id is one paper even when a
        # preprint and its published version are titled differently; two different ones never merge.
        if entry.doi and self.dois:
            return entry.doi in self.dois and not (
                entry.arxiv_id and self.arxiv_ids and entry.arxiv_id not in self.arxiv_ids
            )
        if entry.arxiv_id and self.arxiv_ids:
            return entry.arxiv_id in self.arxiv_ids
        if entry.title and self.titles and norm_title(entry.title) not in self.titles:
            return False
        if entry.title and norm_title(entry.title) in self.titles:
            return True
        mine = shingles.get()
        return any(
            mine and (s := other.get()) and len(mine & s) / len(mine | s) >= SAME_ABSTRACT for other in self._shingles
        )

    def add(self, entry: RawEntry, shingles: Shingles) -> None:
        self.entries.append(entry)
        self._shingles.append(shingles)


class _Candidates:
    """Which clusters could match an entry: `Cluster.matches` refuses a different DOI, arXiv id or title.

    Scanning every cluster made merging quadratic (10k papers: minutes; 100k: hours). Only clusters
    sharing the entry's DOI or arXiv id, or with its title and no id of the kind it carries, or with
    no identifying field at all, can match; they are tried in creation order, so the first match is
    the same cluster the full scan found.
    """

    def __init__(self) -> None:
        self.by_doi: dict[str, set[int]] = {}
        self.by_id: dict[str, set[int]] = {}
        self.by_title: dict[str, set[int]] = {}
        self.no_doi: set[int] = set()
        self.no_id: set[int] = set()
        self.no_title: set[int] = set()

    def index(self, i: int, cluster: Cluster) -> None:
        dois, ids, titles = cluster.dois, cluster.arxiv_ids, cluster.titles
        for d in dois:
            self.by_doi.setdefault(d, set()).add(i)
        for a in ids:
            self.by_id.setdefault(a, set()).add(i)
        for t in titles:
            self.by_title.setdefault(t, set()).add(i)
        for flag, group in ((not dois, self.no_doi), (not ids, self.no_id), (not titles, self.no_title)):
            (group.add if flag else group.discard)(i)

    def of(self, entry: RawEntry, n: int) -> list[int] | range:
        title = norm_title(entry.title) if entry.title else None
        if not entry.doi and not entry.arxiv_id and title is None:
            return range(n)
        found = self.by_doi.get(entry.doi, set()) | self.by_id.get(entry.arxiv_id, set())

        def free(group: set[int]) -> set[int]:
            """Clusters of `group` carrying no DOI or arXiv id that contradicts the entry's."""
            if entry.doi:
                group = group & self.no_doi
            if entry.arxiv_id:
                group = group & self.no_id
            return group

        if title is not None:
            found |= free(self.by_title.get(title, set())) | free(self.no_title)
        else:  # an id but no title: any cluster without a contradicting id (matched by abstract)
            found |= (
                (self.no_doi & self.no_id)
                if entry.doi and entry.arxiv_id
                else (self.no_doi if entry.doi else self.no_id)
            )
        return sorted(found)


def cluster_entries(entries: list[RawEntry]) -> list[Cluster]:
    clusters: list[Cluster] = []
    candidates = _Candidates()
    for entry in entries:
        sh = Shingles(entry.abstract)
        for i in candidates.of(entry, len(clusters)):
            if clusters[i].matches(entry, sh):
                clusters[i].add(entry, sh)
                candidates.index(i, clusters[i])
                break
        else:
            clusters.append(Cluster(entry, sh))
            candidates.index(len(clusters) - 1, clusters[-1])
    return clusters


def _where(e: RawEntry) -> str:
    return f"{e.source.file}:{e.source.line}"


def _pick_date(
    entries: list[RawEntry], arxiv_id: str | None
) -> tuple[str | None, str | None, list[str], Conflict | None]:
    """The most precise date, preferring a stated year over an inferred one; conflicts recorded."""
    dated = [e for e in entries if e.date and not e.date.startswith("--")]
    notes: list[str] = []
    if not dated:
        if arxiv_id:
            notes.append(f"{ARXIV_ID_DATED}: month precision")
            return arxiv_yymm(arxiv_id), "month", notes, None
        return None, None, notes, None
    best = max(
        dated, key=lambda e: (_PRECISION_RANK[e.date_precision], e.date_note is None, e.source.shape == "arxiv_listing")
    )
    if best.date_note:
        notes.append(best.date_note)
    # Two dates conflict when neither is a prefix of the other (2025-05-22 vs 2025-05-23; 2025-12-18 vs 2026).
    values = {e.date for e in dated}
    conflict = None
    if any(not (a.startswith(b) or b.startswith(a)) for a in values for b in values):
        conflict = Conflict(
            field="date",
            values=[
                {
                    "value": e.date,
                    "precision": e.date_precision,
                    "source": _where(e),
                    **({"note": e.date_note} if e.date_note else {}),
                }
                for e in dated
            ],
        )
    return best.date, best.date_precision, notes, conflict


def paper_id(arxiv_id: str | None, title: str | None, abstract: str) -> str:
    if arxiv_id:
        return arxiv_id
    if title:
        slug = "-".join(norm_title(title).split()[:8])
        return f"{slug}-{hashlib.sha1(norm_title(title).encode()).hexdigest()[:6]}"
    return "h-" + hashlib.sha1(clean(abstract)[:300].encode()).hexdigest()[:12]


def build_fields(cluster: Cluster) -> dict:
    """Paper fields (without attribution) from one cluster of entries."""
    es = cluster.entries
    conflicts: list[Conflict] = []
    notes: list[str] = []

    ids = sorted(cluster.arxiv_ids)
    arxiv_id = ids[0] if ids else None
    dois = sorted(cluster.dois)
    doi = dois[0] if dois else None
    # A named venue beats "arXiv": the published version is where the paper appeared.
    # A bibliographic record's venue field beats an arXiv journal_ref (free text with volume and year).
    named = sorted(
        (e for e in es if e.venue), key=lambda e: (preprint_venue(e.venue) == "arXiv", e.source.shape == "arxiv_atom")
    )
    venue = preprint_venue(named[0].venue) if named else None
    orcids = {name: orcid for e in es for name, orcid in e.orcids.items()}
    # The most specific kind a source names: a thesis in a library export beats a repository's generic record.
    typed = Counter(e.work_type for e in es if e.work_type).most_common()
    kind = typed[0][0] if typed else None
    cited_by = {e.source.file: e.cited_by for e in es if e.cited_by is not None}

    # A title line that reads as an order ("Ignore previous instructions and …") is not the paper's name.
    notes += [
        f"a title line reads as an instruction, not a title: {e.title!r} ({_where(e)})"
        for e in es
        if e.title and is_order(e.title)
    ]
    titled = [e for e in es if e.title and not is_order(e.title)]
    title = Counter(e.title for e in titled).most_common(1)[0][0] if titled else None
    if len({e.title for e in titled}) > 1:
        conflicts.append(Conflict(field="title", values=[{"value": e.title, "source": _where(e)} for e in titled]))

    with_authors = [e for e in es if e.authors]
    authors, truncated = [], False
    if with_authors:
        best = max(with_authors, key=lambda e: (not e.authors_truncated, len(e.authors)))
        authors, truncated = list(best.authors), best.authors_truncated
        lists = {tuple(e.authors) for e in with_authors}
        if len(lists) > 1 and not all(set(names) <= set(best.authors) or best.authors_truncated for names in lists):
            conflicts.append(
                Conflict(field="authors", values=[{"value": e.authors, "source": _where(e)} for e in with_authors])
            )

    versions: list[str] = []
    for e in sorted(es, key=lambda e: -len(e.abstract)):
        if e.abstract and all(abstract_similarity(e.abstract, v) < 0.95 for v in versions):
            versions.append(e.abstract)
    abstract = versions[0] if versions else ""

    date, precision, date_notes, date_conflict = _pick_date(es, arxiv_id)
    notes += date_notes
    if date_conflict:
        conflicts.append(date_conflict)

    categories = list(dict.fromkeys(c for e in es for c in e.categories))
    has_code = any(e.has_code for e in es)
    if not has_code and any(_CODE_URL.search(v) for v in versions):
        has_code = True
        notes.append("has_code: a code link appears in the abstract")
    comments = list(dict.fromkeys(c for e in es for c in e.comments))

    return dict(
        id=paper_id(arxiv_id, title, abstract),
        title=title,
        display_title=title or derive_display_title(abstract, arxiv_id),
        authors=authors,
        authors_truncated=truncated,
        date=date,
        date_precision=precision,
        year=int(date[:4]) if date else None,
        arxiv_id=arxiv_id,
        categories=categories,
        has_code=has_code,
        sources=sorted((e.source for e in es), key=lambda s: (s.file, s.line)),
        abstract=abstract,
        other_abstracts=versions[1:],
        comments=comments,
        conflicts=conflicts,
        notes=notes,
        doi=doi,
        venue=venue,
        orcids=orcids,
        work_type=kind,
        cited_by=cited_by,
    )


def first_sentence(text: str) -> str:
    sentences = split_sentences(text)
    return sentences[0] if sentences else ""
