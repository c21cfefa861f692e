"""How papers are named in answer text: real titles in italics, derived titles marked as derived."""

from __future__ import annotations

from assistant.models import Paper
from assistant.text import neutralise, split_sentences


def name(paper: Paper) -> str:
    return f"*{neutralise(paper.title or paper.display_title)}*"


def when(paper: Paper) -> str:
    bits = [] if paper.title else ["untitled in the sources"]
    if paper.year:
        bits.append(str(paper.year))
    if paper.arxiv_id and paper.title:  # derived names already carry the id
        bits.append(f"arXiv:{paper.arxiv_id}")
    return f" ({', '.join(bits)})" if bits else ""


def record_said(paper: Paper) -> str:
    """What the record says a paper is and where it appeared, for a paper known only by its metadata: ", a thesis at
    Hokkaido University", ", a journal article in The Cryosphere"; "" when the sources say neither."""
    kind = paper.work_type if paper.work_type and paper.work_type != "preprint" else ""
    venue = paper.venue if paper.venue and not paper.venue.casefold().startswith("arxiv") else ""
    if not kind:
        return f", in {venue}," if venue else ""
    where = (" at " if kind == "thesis" else " in ") + venue if venue else ""
    return f", {'an' if kind[0] in 'aeiou' else 'a'} {kind}{where},"


def owner_note(paper: Paper, principal: str) -> str:
    return "" if paper.is_author_work else f" — not {principal}'s paper"


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def brief_quote(sentence: str, words: int = 22) -> str:
    """A sentence's first words as a short quote after a dash ("— “…”")."""
    parts = sentence.rstrip(" .").split()
    text = " ".join(parts[:words]) + ("…" if len(parts) > words else "")
    return f"— “{text}”"


def in_abstract_order(paper: Paper, chosen: list[str]) -> list[str]:
    """The chosen sentences of a paper, once each, in the order its abstracts give them."""
    order = {s: i for i, s in enumerate(s for a in paper.abstracts for s in split_sentences(a))}
    return sorted(dict.fromkeys(chosen), key=lambda s: order.get(s, 0))
