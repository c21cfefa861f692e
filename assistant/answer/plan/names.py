"""Papers' short names: the names an abstract introduces ("block coordinate descent (BCD)"), found in a text only at
word boundaries, and the same names typed run together or one edit away ("dyna train", "DynaTrian")."""

from __future__ import annotations

import re

from assistant.models import Paper

# "block coordinate descent (BCD)", "Compression Error Theory (CET)": an abbreviation the abstract defines.
_ABBREVIATION = re.compile(r"\(\s*(?:abbr\.\s*)?([A-Z][A-Za-z0-9=+-]{1,14})\s*\)")


_RUN = re.compile(r"[\w=+-]+")  # a run of the characters a name's boundaries treat as part of a word


# "We present AtomWorld", "This paper proposes RACE": the system a paper introduces.
_INTRODUCED = re.compile(
    r"\b(?:present|presents|propose|proposes|introduce|introduces|called|named)\s+(?:the\s+)?([A-Z][A-Za-z0-9]*[A-Z][A-Za-z0-9=+-]*|[A-Z][a-z]+[A-Z][A-Za-z0-9-]*)"
)


def short_names(papers: list[Paper]) -> dict[str, str]:
    """Lower-cased names a question may use for a paper -> paper id.

    The title and the part before its colon ("moqe", "fp=xint"), the arXiv id, and names the abstract
    gives the work (an introduced system, "atomworld"; a defined abbreviation, "bcd") when no other
    paper uses them.
    """
    names: dict[str, str] = {}
    for p in papers:
        label = p.title or p.display_title
        head = re.split(r"[:(]", label)[0].strip()
        if head and len(head.split()) <= 3 and len(head) >= 3:
            names.setdefault(head.casefold(), p.id)
        if p.title:
            names.setdefault(p.title.casefold(), p.id)
        if p.arxiv_id:
            names.setdefault(p.arxiv_id, p.id)

    def text(p: Paper) -> str:  # made per paper when needed: a dict of every text is 150 MB at 100k papers
        return " ".join([p.title or "", *p.abstracts])

    candidates: dict[str, str] = {}
    for p in papers:
        t = text(p)
        for m in list(_ABBREVIATION.finditer(t)) + list(_INTRODUCED.finditer(t)):
            candidates.setdefault(m.group(1), p.id)
    # A name that appears in any other paper ("LLM", "SGD", "AI") names a topic, not this paper. "Appears"
    # is a whole run of [\w=+-] characters equal to the name or its plural, so one pass over each text's runs
    # counts every candidate (a regex search per candidate per paper took 1.5 s on the seeds, hours at 10k).
    wanted = {nm for nm in candidates if len(nm) >= 3 and nm.casefold() not in names}
    papers_with: dict[str, int] = dict.fromkeys(wanted, 0)
    for p in papers:
        runs = set(_RUN.findall(text(p)))
        for nm in {r for r in runs if r in wanted} | {r[:-1] for r in runs if r.endswith("s") and r[:-1] in wanted}:
            papers_with[nm] += 1
    for nm, pid in candidates.items():
        if nm in wanted and nm.casefold() not in names and papers_with[nm] == 1:
            names[nm.casefold()] = pid
    return names


NAME_CHAR = re.compile(r"[\w=+-]")  # characters that continue a name ("FP=xINT", "cuNNQS-SCI")


def find_bounded(text: str, name: str, word: re.Pattern = NAME_CHAR) -> int:
    """Where `name` first occurs in `text` with no `word` character just before or after it; -1 if nowhere.

    The same as searching `(?<!word)NAME(?!word)`, without compiling a pattern per name.
    """
    i = text.find(name)
    while i >= 0:
        end = i + len(name)
        if not (i and word.match(text, i - 1)) and not (end < len(text) and word.match(text, end)):
            return i
        i = text.find(name, i + 1)
    return -1


def squashed_names(names: dict[str, str]) -> dict[str, str]:
    """Names without spaces, hyphens or symbols ("dynatrain", "fpxint", "moedisco") -> paper id, for typed-loosely
    names."""
    out: dict[str, str] = {}
    for nm, pid in names.items():
        key = re.sub(r"[^0-9a-z]", "", nm)
        if len(key) >= 5 and not re.fullmatch(r"\d+", key):
            out.setdefault(key, pid)
    return out


def _one_edit(a: str, b: str) -> bool:
    """a and b differ by one substitution, insertion, deletion or swap of neighbours (Damerau distance 1)."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 1 or (
            len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]]
        )
    short, long = sorted((a, b), key=len)
    return any(long[:i] + long[i + 1 :] == short for i in range(len(long)))


LONG_NAME = 7  # a name this long may be typed with one typo


def deletion_index(squashed: dict[str, str]) -> dict[str, set[str]]:
    """Each long name and its one-letter deletions -> the names: typo candidates are looked up, not scanned
    (a scan over every name per word run cost 10 ms per question on 79 papers and grows with the corpus).
    The Corpus reads the same index from the store (`index.derived.DeletionIndex`, built at ingest)."""
    index: dict[str, set[str]] = {}
    for name in squashed:
        if len(name) >= LONG_NAME:
            for variant in {name} | {name[:i] + name[i + 1 :] for i in range(len(name))}:
                index.setdefault(variant, set()).add(name)
    return index


def _candidates(deletions, variants: set[str]) -> set[str]:
    """The names a typo index gives for any of the variants: the store's `DeletionIndex` answers them in one search,
    a dict made here one at a time."""
    if isinstance(deletions, dict):
        return set().union(*(deletions.get(v, set()) for v in variants))
    return deletions.union(variants)


def fuzzy_names(
    question: str, squashed: dict[str, str], lexical, deletions: dict[str, set[str]] | None = None
) -> list[str]:
    """Papers named loosely: words run together ("dyna train"), case and symbols dropped ("fpxint"), or one typo
    in a long name ("DynaTrian"). A run of ordinary corpus words never matches by typo, so "paralel" cannot
    become a paper and "atom world" only matches the name it spells."""
    words = re.findall(r"[0-9a-z]+", question.casefold())
    found: list[str] = []
    for n in (3, 2, 1):
        for i in range(len(words) - n + 1):
            key = "".join(words[i : i + n])
            if len(key) < 5:
                continue
            if key in squashed:
                found.append(squashed[key])
                continue
            if len(key) < 7 or all(lexical.knows(w) for w in words[i : i + n]):
                continue
            if deletions is None:
                deletions = deletion_index(squashed)
            near = _candidates(deletions, {key} | {key[:j] + key[j + 1 :] for j in range(len(key))})
            hits = {squashed[name] for name in near if _one_edit(key, name)}
            if len(hits) == 1:
                found.extend(hits)
    return list(dict.fromkeys(found))
