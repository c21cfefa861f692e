"""Where the listing's comments say a paper was accepted and where it was only submitted, against a yes/no claim.

"Accepted to SC'25 (June 3, 2025). This work was previously submitted to ISCA'25 …" makes "got into ISCA'25?" a No
(submitted there, accepted at SC'25), "accepted at SC'25 after first being sent to ISCA?" a Yes, and "accepted at
NeurIPS'24?" a No naming SC'25; "Under Review" makes any claim of acceptance a No. Read by evidence/claim_record.py.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from assistant.models import Paper

ACCEPTED, SUBMITTED = "accepted", "submitted"
# A venue as comments and claims write it: a capitalised name with an optional year ("SC'25", "ISCA '25",
# "NeurIPS 2024", "ISCA").
_VENUE = r"[A-Z][A-Za-z]*[A-Z][A-Za-z]*(?:\s?['’]\s?\d{2}|\s(?:19|20)\d{2})?|[A-Z]{2,}"
_STATUS_WORDS = {
    ACCEPTED: r"accepted|published|to\s+appear|appears?|appeared|presented|got\s+into|gets?\s+into|made\s+it\s+into",
    SUBMITTED: r"submitted|sent|under\s+review|submission|rejected|turned\s+down",
}
# A status word and the venue it governs: "Accepted to SC'25", "previously submitted to ISCA'25".
_STATED = {
    status: re.compile(rf"(?i:\b(?:{words})\b(?:\s+(?:to|at|in|by|for|into))?\s+)(?P<venue>{_VENUE})")
    for status, words in _STATUS_WORDS.items()
}
_UNDER_REVIEW = re.compile(r"^\s*under\s+review\s*$", re.I)
# A venue the claim names only as "another" one ("after first being submitted to a different venue").
_OTHER_VENUE = re.compile(
    r"\b(?:a\s+different|another|an\s+other|some\s+other|a\s+previous|an\s+earlier)\s+"
    r"(?:venue|conference|journal|meeting|workshop|symposium)\b",
    re.I,
)
# A venue with its year written as a conference's ("SC'25", "ISCA '25"): a venue even where the listing names none.
_YEARED = re.compile(r"(?<![\w-])(?P<venue>[A-Z][A-Za-z]*\s?['’]\s?\d{2})(?![\w-])")
# How far back a status word governs the venue the claim names ("accepted at SC'25 after first being sent to ISCA":
# "sent" for ISCA, "accepted" for SC'25); 60 characters covers "ended up being accepted at".
_REACH = 60


@dataclass(frozen=True)
class Stated:
    status: str  # ACCEPTED or SUBMITTED
    key: str  # the venue's letters, casefolded ("sc", "isca")
    venue: str  # as the comment writes it


@dataclass(frozen=True)
class StatusCheck:
    word: str  # "Yes" or "No"
    said: str  # what the listing says, as one clause
    spans: tuple[tuple[int, int], ...]  # where the claim named the venues


def _key(venue: str) -> str:
    return re.sub(r"[^a-z]", "", venue.casefold().split("'")[0].split("’")[0].split(" ")[0])


def stated(paper: Paper) -> list[Stated]:
    """What the comments say of each venue; a venue accepted anywhere in them counts as accepted."""
    out: dict[str, Stated] = {}
    for comment in paper.comments:
        for status in (SUBMITTED, ACCEPTED):  # accepted last: it overrides a submission to the same venue
            for m in _STATED[status].finditer(comment):
                out[_key(m.group("venue"))] = Stated(status, _key(m.group("venue")), m.group("venue"))
    return list(out.values())


def _claimed_status(claim: str, at: int) -> str:
    """The status word nearest before the venue named at `at`, within _REACH; acceptance when none is said."""
    before = claim[max(0, at - _REACH) : at]
    best, where = ACCEPTED, -1
    for status, words in _STATUS_WORDS.items():
        for m in re.finditer(rf"\b(?:{words})\b", before, re.I):
            if m.start() > where:
                best, where = status, m.start()
    return best


def _quoted(paper: Paper) -> str:
    return "the listing's comments say “" + " ".join(c.strip() for c in paper.comments) + "”"


def check(claim: str, paper: Paper) -> StatusCheck | None:
    """Yes when every venue the claim names has the status the claim gives it in the comments, No when one differs,
    None when the claim names no venue the comments can decide."""
    listed = stated(paper)
    under_review = any(_UNDER_REVIEW.match(c) for c in paper.comments)
    if not listed and not under_review:
        return None
    by_key = {s.key: s for s in listed}
    named: list[tuple[str, str | None, tuple[int, int]]] = []  # (claimed status, key or None for "another", span)
    for s in listed:
        name = re.split(r"\s?['’ ]", s.venue)[0]
        # a short name only as written ("SC", never the start of "scientific")
        flags = 0 if len(name) <= 3 else re.I
        for m in re.finditer(rf"(?<![\w-]){re.escape(name)}(?![A-Za-z])", claim, flags):
            end = m.end()
            if year := re.match(r"\s?['’]\s?\d{2}|\s(?:19|20)\d{2}", claim[end:]):
                end += year.end()
            named.append((_claimed_status(claim, m.start()), s.key, (m.start(), end)))
    for m in _YEARED.finditer(claim):
        if _key(m.group("venue")) not in by_key:
            named.append((_claimed_status(claim, m.start()), _key(m.group("venue")), m.span("venue")))
    for m in _OTHER_VENUE.finditer(claim):
        named.append((_claimed_status(claim, m.start()), None, m.span()))
    if not named:
        return None
    accepted = [s.venue for s in listed if s.status == ACCEPTED]
    spans = tuple(sorted({span for *_, span in named}))
    for status, key, span in named:
        said = claim[span[0] : span[1]]
        if key is None:  # "a different venue": some venue other than the accepted one had that status
            if status == SUBMITTED and not any(s.status == SUBMITTED for s in listed):
                return StatusCheck("No", f"the listing names no earlier submission; {_quoted(paper)}", spans)
            continue
        have = by_key.get(key)
        if have is None:
            if status == SUBMITTED:
                return None  # a submission the listing does not mention is not denied by it
            where = (
                f"it was accepted at {accepted[0]}, not {said}"
                if accepted
                else f"it is not listed as accepted at {said}"
            )
            return StatusCheck("No", f"{where}; {_quoted(paper)}", spans)
        if status == ACCEPTED and have.status == SUBMITTED:
            where = f", and accepted at {accepted[0]}" if accepted else ""
            return StatusCheck("No", f"it was only submitted to {have.venue}{where}; {_quoted(paper)}", spans)
    if not listed:  # only "Under Review": a venue with its year claimed as a submission stays undecided
        return None
    return StatusCheck("Yes", _quoted(paper), spans)
