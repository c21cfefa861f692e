"""Decide which papers are the principal author's, and say which signal decided."""

from __future__ import annotations

import re
import unicodedata

from assistant.ingest.manifest import Manifest
from assistant.models import Source


def name_key(name: str) -> tuple[str, ...]:
    """A name's words, accent- and case-free, in "given family" order: "Tanaka, Keiko" == "Keiko Tanaka"."""
    name = unicodedata.normalize("NFKC", name).strip()
    if name.count(",") == 1:
        family, given = name.split(",")
        name = f"{given} {family}"
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    # Hyphens and dots only punctuate ("Yun-quan", "J.-P."); a name in a script without spaces stays one word.
    return tuple(w for w in re.split(r"[\s.\-‐]+", plain.replace(",", " ")) if w)


def _is_initials_of(key: tuple[str, ...], full: tuple[str, ...]) -> bool:
    """ "K. Tanaka" / "K Tanaka" for "Keiko Tanaka": same family name, given names reduced to their initials."""
    if len(key) < 2 or len(full) < 2 or key[-1] != full[-1] or key == full:
        return False
    given, full_given = key[:-1], full[:-1]
    if not all(len(w) == 1 for w in given):
        return False
    initials = [w[0] for w in full_given]
    # "K. Tanaka" and "K.-I. Tanaka" both abbreviate "Keiko Tanaka" / "Kei-Ichi Tanaka".
    return list(given) == initials or "".join(given) == "".join(initials)[: len(given)]


def attribute(
    authors: list[str], truncated: bool, sources: list[Source], manifest: Manifest, orcids: dict[str, str] | None = None
) -> tuple[bool, str]:
    who = manifest.principal_author
    keys = {name_key(n): n for n in manifest.names}
    own = sorted({s.file for s in sources if manifest.is_principal_listing(s.file)})
    by_orcid = sorted(
        name for name, orcid in (orcids or {}).items() if manifest.orcid and orcid.upper() == manifest.orcid
    )
    named = [a for a in authors if name_key(a) in keys]
    initials = [a for a in authors if a not in named and any(_is_initials_of(name_key(a), k) for k in keys)]
    reasons = []
    if by_orcid:
        reasons.append(f"the author {by_orcid[0]} carries {who}'s ORCID {manifest.orcid}")
    if own:
        reasons.append(f"listed on {who}'s own pages: " + ", ".join(own))
    if named:
        spelled = named[0]
        reasons.append(
            f"{who} is named among the authors" + ("" if spelled == who else f" (as {spelled!r}, a listed alias)")
        )
    if reasons:
        text = "; ".join(reasons)
        return True, text[0].upper() + text[1:]
    where = sorted({s.file for s in sources})
    owners = sorted({manifest.info(f).owner or "an unknown owner" for f in where})
    listed = ", ".join(authors) + (" et al." if truncated else "") if authors else "no authors given"
    if initials:
        return False, (
            f"Not attributed to {who}: the author list has only the initials {initials[0]!r}, "
            f"too ambiguous without another "
            f"signal (no ORCID, full name or own listing); it appears in {', '.join(where)} ({listed})"
        )
    return False, (
        f"Not {who}'s: it appears only in {', '.join(where)} (a listing of {', '.join(owners)}), "
        f"and {who} is not among its authors ({listed})"
    )
