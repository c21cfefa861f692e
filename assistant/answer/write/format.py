"""How papers are named in answer text: real titles in italics, derived titles marked as derived."""

from __future__ import annotations

from assistant.models import Paper
from assistant.text import neutralise


def name(paper: Paper) -> str:
    return f"*{neutralise(paper.title or paper.display_title)}*"


def when(paper: Paper) -> str:
    bits = [] if paper.title else ["untitled in the sources"]
    if paper.year:
        bits.append(str(paper.year))
    if paper.arxiv_id and paper.title:  # derived names already carry the id
        bits.append(f"arXiv:{paper.arxiv_id}")
    return f" ({', '.join(bits)})" if bits else ""


def owner_note(paper: Paper, principal: str) -> str:
    return "" if paper.is_author_work else f" — not {principal}'s paper"


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"
