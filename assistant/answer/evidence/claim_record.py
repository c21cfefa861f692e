"""A yes/no claim checked against the paper's record, not its abstract: the year it came out, where it appeared (a
journal, a conference, the school of a thesis), its first author or any co-author, its arXiv category.

"Her 2018 PhD thesis was at Kyoto University, wasn't it?" is a No when the record says Hokkaido University, and the
answer says so; a paper without an abstract can still get a verdict on its record. Each field the claim names is
compared on its own: one that differs decides No; when every field it names matches and the claim says nothing more
than those fields, Yes. Read by write/verdict.py before the abstract's sentences are weighed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from assistant.answer.evidence import alignment, venue_status
from assistant.answer.plan.phrases.dates import dates
from assistant.index.retrieval import Hit
from assistant.ingest.attribution import name_key
from assistant.models import Paper
from assistant.text import research_sentences, without_spans

DATA = Path(__file__).parent / "data"
_YEAR = re.compile(r"(?<![\w.-])((?:19|20)\d{2})(?![\w-])")
# A year said of the paper ("came out in 2021", "her 2018 thesis", "published 2019"), not inside what it studies
# ("between 2017 and 2023"): these words before it.
_DATED = re.compile(
    r"\b(?:published|appeared|came\s+out|released|posted|written|submitted|presented|dated|accepted|out|from|"
    r"issued|defended|finished|completed)\s+(?:in\s+|on\s+|during\s+|back\s+in\s+)?(?:\w+\s+)?$"
    r"|\b(?:his|her|their|the|its|a|an)\s+$",
    re.I,
)
_VENUE_NOUNS = frozenset(
    line.strip().casefold()
    for line in (DATA / "venue_nouns.txt").read_text(encoding="utf-8").splitlines()
    if line.strip() and not line.startswith("#")
)
# A capitalised name run after "in/at/to/from/by" ("at Kyoto University", "in the Journal of Glaciology"), joined by
# "of", "on", "and", "for", "the" and "&".
_NAME_RUN = re.compile(
    r"\b(?:in|at|to|from|by|through|with)\s+(?:the\s+)?(?P<name>(?:[A-Z][\w'’.&-]*|\d{4})"
    r"(?:\s+(?:(?:of|on|and|for|the|in|&)\s+)*(?:[A-Z][\w'’.&-]*))*)"
)
_GENERIC = frozenset({"the", "of", "on", "and", "for", "in", "ieee", "acm", "international", "&"})


@dataclass(frozen=True)
class RecordCheck:
    word: str  # "Yes" or "No"
    said: str  # what the record says, as one clause: "came out in 2019, not 2021"
    field: str  # the field that decided
    spans: tuple[tuple[int, int], ...] = ()  # where the claim named the fields it checked


def _same_person(a: str, b: str) -> bool:
    ka, kb = name_key(a), name_key(b)
    if ka == kb:
        return True
    # "K. Tanaka" for "Keiko Tanaka", and "Tanaka Keiko" for "Keiko Tanaka"
    return bool(ka and kb) and ka[-1] == kb[-1] and ka[0][:1] == kb[0][:1] or set(ka) == set(kb)


def _ordinal(position: int) -> str:
    return {1: "first", 2: "second", 3: "third", -1: "last"}.get(position, f"number {position}")


def authors(claim: str, paper: Paper, person: str | None, position: int | None) -> RecordCheck | None:
    """The claim's author (at a position, or anywhere in the list) against the record's list."""
    if not person or not paper.authors:
        return None
    at = _name_span(claim, person)
    if at is None:
        return None
    listed = ", ".join(paper.authors)
    if position:
        index = position - 1 if position > 0 else len(paper.authors) - 1
        if index >= len(paper.authors) or (position < 0 and paper.authors_truncated):
            return None
        actual = paper.authors[index]
        if _same_person(actual, person):
            return RecordCheck("Yes", f"its {_ordinal(position)} author is {actual}", "authors", (at,))
        return RecordCheck("No", f"its {_ordinal(position)} author is {actual}, not {person}", "authors", (at,))
    if any(_same_person(a, person) for a in paper.authors):
        return RecordCheck("Yes", f"{person} is among its authors ({listed})", "authors", (at,))
    if paper.authors_truncated:
        return None
    return RecordCheck("No", f"its authors are {listed}; {person} is not among them", "authors", (at,))


def _name_span(claim: str, person: str) -> tuple[int, int] | None:
    """Where the claim names the person: the whole name, the family name alone, or the given name alone ("Keiko was
    the first author of …": the planner already read it as that person)."""
    for part in (person, person.split()[-1], person.split()[0]):
        if m := re.search(rf"(?<!\w){re.escape(part)}(?!\w)", claim, re.I):
            return m.span()
    return None


def year(claim: str, paper: Paper) -> RecordCheck | None:
    """A year the claim says the paper came out in, against the record's; None for a year the abstract itself
    states (what the work studied, not when it appeared)."""
    if paper.year is None:
        return None
    for m in _YEAR.finditer(claim):
        said = m.group(1)
        if said in paper.abstract or not _DATED.search(claim[: m.start()]):
            continue
        span = dates(claim)
        within = [(a, b) for a, b in span.said if a <= m.start() < b] if span else []
        if within and span.years != (int(said), int(said)):
            # "published after 2019", "before 2021", "between 2019 and 2021": a range the year bounds, not the year
            (lo, hi), (a, b) = span.years, within[0]
            if (lo is None or paper.year >= lo) and (hi is None or paper.year <= hi):
                return RecordCheck("Yes", f"it is dated {paper.date or paper.year}", "year", ((a, b),))
            return RecordCheck("No", f"it came out in {paper.year}, not {claim[a:b]}", "year", ((a, b),))
        if int(said) == paper.year or said in " ".join(paper.comments):
            return RecordCheck("Yes", f"it is dated {paper.date or paper.year}", "year", (m.span(),))
        return RecordCheck("No", f"it came out in {paper.year}, not {said}", "year", (m.span(),))
    return None


def _words(text: str) -> set[str]:
    return {w for w in re.findall(r"[\w'’]+", text.casefold()) if w not in _GENERIC}


def venue_named(claim: str, known: list[str]) -> tuple[str, tuple[int, int]] | None:
    """The venue the claim names: one the table knows (`known`, as the planner read it), else a capitalised name run
    holding a venue noun ("Kyoto University", "Journal of Glaciology", data/venue_nouns.txt)."""
    for v in known:
        if (at := claim.casefold().find(v.casefold())) >= 0:
            return v, (at, at + len(v))
    for m in _NAME_RUN.finditer(claim):
        name = m.group("name")
        if _words(name) & _VENUE_NOUNS:
            return name, m.span("name")
    return None


def venue(claim: str, paper: Paper, known: list[str]) -> RecordCheck | None:
    """The venue (or the school of a thesis) the claim names, against the record's venue and comments; where the
    comments say where it was accepted and where only submitted, against the status the claim gives each venue."""
    if status := venue_status.check(claim, paper):
        return RecordCheck(status.word, status.said, "listing comments", status.spans)
    named = venue_named(claim, known)
    if named is None:
        return None
    name, span = named
    have = [paper.venue] if paper.venue else []
    have += [c for c in paper.comments if re.search(r"\b(?:accepted|published|appear)", c, re.I)]
    if not have:
        return None
    asked = _words(name)
    for h in have:
        held = _words(h)
        if asked <= held or (held and held <= asked):
            return RecordCheck("Yes", f"it appeared in {h}", "venue", (span,))
    where = paper.venue or have[0]
    place = "was a thesis at" if paper.work_type == "thesis" else "appeared in"
    return RecordCheck("No", f"it {place} {where}, not {name}", "venue", (span,))


def categories(claim: str, paper: Paper, asked: list[str]) -> RecordCheck | None:
    """The arXiv category the claim names (the table's codes, as the planner read them) against the record's."""
    if not asked or not paper.categories:
        return None
    codes = "|".join(re.escape(a.rsplit(".", 1)[-1]) for a in asked)
    spans = tuple(m.span() for m in re.finditer(rf"(?<![\w-])(?:[a-z-]+\.)?(?:{codes})(?![\w-])", claim))
    mine = {c.rsplit(".", 1)[-1].casefold() for c in paper.categories}
    listed = ", ".join(paper.categories)
    if any(a.rsplit(".", 1)[-1].casefold() in mine for a in asked):
        return RecordCheck("Yes", f"it is listed under {listed}", "category", spans)
    return RecordCheck("No", f"it is listed under {listed}, not {', '.join(asked)}", "category", spans)


def check(claim: str, paper: Paper, checks: list[RecordCheck | None]) -> RecordCheck | None:
    """The record's verdict: the first field that differs, else every field named matching (None when the claim
    names no field of the record)."""
    found = [c for c in checks if c is not None]
    if not found:
        return None
    return next((c for c in found if c.word == "No"), None) or RecordCheck(
        "Yes",
        "; ".join(c.said for c in found),
        ", ".join(c.field for c in found),
        tuple(s for c in found for s in c.spans),
    )


# The word that links a field to the claim ("built with Ole Hansen", "presented at IGARSS", "in 2021") goes with it:
# left behind, it reads as part of what the abstract is to decide ("she built with remain stable").
_LINKING = re.compile(r"\b(?:together\s+with|with|by|and|alongside|at|in|from|during)\s+$", re.I)


def rest(claim: str, spans: tuple[tuple[int, int], ...]) -> str:
    """The claim less the spans naming the fields checked, each with the word linking it: what is left for the
    abstract to decide."""
    linked = [(m.start() if (m := _LINKING.search(claim[:s])) else s, e) for s, e in spans]
    return without_spans(claim, linked)


# How many of the nearest papers a claim naming no paper is read against for its figures.
NEAREST = 4


def _number(said: str) -> str:
    """The digits of a figure as said ("8.31" of "8.31%", "2.3" of "2.3 watts")."""
    m = re.search(r"\d[\d,.]*\d|\d", said)
    return m.group(0) if m else said


def stating(claim: str, hits: list[Hit], named: bool) -> Paper | None:
    """Of the nearest papers to a claim that names no paper, the first whose abstract states one of the claim's
    figures for the same thing ("draws 2.3 watts": the paper stating "uses 2.3 W"), found or contradicted."""
    figures = alignment.quantities(claim)
    if named or not figures:
        return None
    nearest = " ".join(hits[0].paper.abstracts)
    if any(re.search(rf"(?<![\d.]){re.escape(_number(q.said))}(?![\d])", nearest) for q in figures):
        return None  # the nearest paper states a figure of the claim: it is the one the claim is about
    mine = hits[0].paper.is_author_work
    for h in hits[:NEAREST]:
        if h.paper.is_author_work != mine:
            continue  # another group's paper never stands in for the author's (or the reverse)
        sentences = [s for a in h.paper.abstracts for s in research_sentences(a)]
        if h.paper.has_abstract and alignment.check(claim, sentences).bound:
            return h.paper
    return None


# A relative clause of the authors making the work, right after the noun naming it ("the emulator she built", "the
# model they trained"): it names the paper, it asserts nothing for the abstract to hold.
_MADE_BY_THEM = re.compile(
    r"(?<=[a-z])\s+(?:that\s+|which\s+)?(?:she|he|they|the\s+authors?)\s+(?:had\s+)?"
    r"(?:built|developed|wrote|made|created|designed|proposed|published|introduced|presented|put\s+together|did)\b",
    re.I,
)


def unnamed(claim: str, paper: Paper) -> str:
    """The claim without what names the paper: its arXiv identifier, which is no figure to check ("Does the MiniFE
    work (arXiv 1505.08023) use BCRS?"), and its authors making it ("the emulator she built")."""
    claim = _MADE_BY_THEM.sub(" ", claim)
    if not paper.arxiv_id:
        return claim
    named = rf"\(?\s*(?:arxiv\s*:?\s*)?{re.escape(paper.arxiv_id)}(?:v\d+)?\s*\)?"
    return re.sub(named, " ", claim, flags=re.I)
