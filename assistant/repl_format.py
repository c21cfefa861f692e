"""Plain-text pieces the chat views share: reference lines, author lists, the quote inside an abstract, help."""

from __future__ import annotations

import re
from dataclasses import dataclass

from assistant.models import Citation, Paper

SHOWN_AUTHORS = 3
DERIVED = "(derived title)"
NOT_AUTHORS = "not the author's"
ELLIPSIS_ENDS = re.compile(r"^\s*(…|\.\.\.)|(…|\.\.\.)\s*$")

COMMANDS: dict[str, str] = {
    "/help": "this list",
    "/papers [text]": "the author's papers, only those mentioning text if given",
    "/paper N": "the full card of citation N of the last answer (or /paper <arXiv id>)",
    "/profile": "the author's research themes and papers per year",
    "/new": "start a fresh conversation",
    "/mode": "which answer mode is active, and why",
    "/good [note]": "rate the last answer good (saved for `assistant feedback`)",
    "/bad [note]": "rate the last answer bad; say in the note what was wrong",
    "/quit": "leave (Ctrl-D works too)",
}
KEYS = "Ctrl-C cancels an answer in progress; Ctrl-D quits. Paste several lines at once, or press Esc then Enter for a new line."


@dataclass(frozen=True)
class Reference:
    """One numbered entry under an answer, ready to print."""

    n: int
    label: str
    derived: bool
    authors: str
    year: int | None
    arxiv_id: str | None
    is_author_work: bool

    @classmethod
    def of(cls, citation: Citation, authors_truncated: bool = False) -> "Reference":
        return cls(
            n=citation.n,
            label=citation.title or citation.display_title,
            derived=citation.title is None,
            authors=author_list(citation.authors, authors_truncated),
            year=citation.year,
            arxiv_id=citation.arxiv_id,
            is_author_work=citation.is_author_work,
        )

    def details(self) -> list[str]:
        """Everything after the title, in print order."""
        out = [self.authors] if self.authors else []
        if self.year:
            out.append(str(self.year))
        if self.arxiv_id and self.arxiv_id not in self.label:  # derived titles often end "(arXiv:ID)" already
            out.append(f"arXiv:{self.arxiv_id}")
        if not self.is_author_work:
            out.append(NOT_AUTHORS)
        return out

    def plain(self) -> str:
        title = f"{self.label} {DERIVED}" if self.derived else self.label
        return " · ".join([f"[{self.n}] {title}", *self.details()])


def author_list(authors: list[str], truncated: bool = False, shown: int = SHOWN_AUTHORS) -> str:
    """The first few authors, then "et al." when there are more (or the source cut the list)."""
    if not authors:
        return ""
    more = truncated or len(authors) > shown
    return ", ".join(authors[:shown]) + (" et al." if more else "")


def count(items: list, noun: str) -> str:
    return f"{len(items)} {noun}{'' if len(items) == 1 else 's'}"


def paper_label(paper: Paper) -> str:
    return paper.title or f"{paper.display_title} {DERIVED}"


def find_quote(text: str, quote: str) -> tuple[int, int] | None:
    """Where the quote sits in text, tolerant of whitespace, case and an ellipsis at either end."""
    words = ELLIPSIS_ENDS.sub("", quote).split()
    if not words:
        return None
    pattern = r"\s+".join(re.escape(w) for w in words)
    m = re.search(pattern, text) or re.search(pattern, text, re.IGNORECASE)
    return m.span() if m else None


def quoted_abstract(paper: Paper, quote: str | None) -> tuple[str, tuple[int, int] | None]:
    """The abstract that holds the quote (the main one if none does) and the quote's span in it."""
    if quote:
        for abstract in paper.abstracts:
            span = find_quote(abstract, quote)
            if span:
                return abstract, span
    return paper.abstract, None


def card_fields(paper: Paper) -> list[tuple[str, str]]:
    """The labelled lines of a paper card, before the abstract."""
    rows = [("Title", paper_label(paper)), ("Authors", ", ".join(paper.authors) + (" et al." if paper.authors_truncated else "") or "not listed")]
    if paper.date:
        rows.append(("Date", paper.date))
    if paper.arxiv_id:
        rows.append(("arXiv", f"{paper.arxiv_id}  https://arxiv.org/abs/{paper.arxiv_id}"))
    if paper.categories:
        rows.append(("Categories", ", ".join(paper.categories)))
    if paper.has_code:
        rows.append(("Code", "available"))
    rows.append(("Attribution", paper.attribution + ("" if paper.is_author_work else f" ({NOT_AUTHORS})")))
    return rows


def startup_line(status: dict, author: str) -> str:
    return (
        f"{status['papers']} papers indexed, {status['author_papers']} by {author}; "
        f"answer mode: {status['mode']}. Type /help for commands."
    )


def mode_text(status: dict) -> str:
    return f"Answer mode: {status['mode']} ({status['mode_reason']})."


def help_lines() -> list[str]:
    width = max(map(len, COMMANDS))
    return [f"{cmd.ljust(width)}  {what}" for cmd, what in COMMANDS.items()] + ["", "Anything else is a question; follow-ups keep the conversation.", KEYS]
