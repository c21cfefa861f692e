"""Author names: find one-letter misspellings of a name used elsewhere and map them to the common form."""

from __future__ import annotations

from collections import Counter

MIN_FAMILY = 4


def _one_edit_apart(a: str, b: str) -> bool:
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        return sum(x != y for x, y in zip(a, b)) == 1
    short, long_ = sorted((a, b), key=len)
    return any(long_[:i] + long_[i + 1 :] == short for i in range(len(long_)))


def spelling_variants(author_lists: list[list[str]]) -> dict[str, str]:
    """Map each rare variant to the frequent spelling of the same person.

    A variant is merged only when it has the same given name, a family name of at least
    MIN_FAMILY letters one edit away, appears once, and the other form appears at least twice and
    shares a co-author with it ("Daning Chen" on one paper with the principal author, "Daning Cheng" on
    six). Short family names are left alone: "Xiang Li" and "Xiang Liu" are different people who
    share co-authors in the seeds.
    """
    counts = Counter(name for names in author_lists for name in names)
    coauthors: dict[str, set[str]] = {}
    for names in author_lists:
        for name in names:
            coauthors.setdefault(name, set()).update(n for n in names if n != name)
    mapping: dict[str, str] = {}
    for rare, n_rare in counts.items():
        if n_rare != 1:
            continue
        given, _, family = rare.rpartition(" ")
        for common, n_common in counts.most_common():
            if n_common < 2:
                break
            c_given, _, c_family = common.rpartition(" ")
            if min(len(family), len(c_family)) < MIN_FAMILY:
                continue
            if c_given == given and _one_edit_apart(family, c_family) and coauthors[rare] & coauthors[common]:
                mapping[rare] = common
                break
    return mapping
