"""Decide which papers are the principal author's, and say why."""

from __future__ import annotations

from assistant.ingest.manifest import Manifest
from assistant.models import Source


def attribute(authors: list[str], truncated: bool, sources: list[Source], manifest: Manifest) -> tuple[bool, str]:
    who = manifest.principal_author
    own = sorted({s.file for s in sources if manifest.is_principal_listing(s.file)})
    named = any(a.casefold() == who.casefold() for a in authors)
    reasons = []
    if own:
        reasons.append(f"listed on {who}'s own pages: " + ", ".join(own))
    if named:
        reasons.append(f"{who} is named among the authors")
    if reasons:
        text = "; ".join(reasons)
        return True, text[0].upper() + text[1:]
    where = sorted({s.file for s in sources})
    owners = sorted({manifest.info(f).owner or "an unknown owner" for f in where})
    listed = ", ".join(authors) + (" et al." if truncated else "") if authors else "no authors given"
    return False, (
        f"Not {who}'s: it appears only in {', '.join(where)} (a listing of {', '.join(owners)}), "
        f"and {who} is not among its authors ({listed})"
    )
