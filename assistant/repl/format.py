"""Plain-text pieces the chat views share (reference lines and author lists come from assistant/presenter.py), help."""

from __future__ import annotations

import re
from dataclasses import dataclass

from assistant import presenter
from assistant.models import Citation, Paper
from assistant.presenter import DERIVED, NOT_AUTHORS, SHOWN_AUTHORS

ELLIPSIS_ENDS = re.compile(r"^\s*(…|\.\.\.)|(…|\.\.\.)\s*$")

COMMANDS: dict[str, str] = {
    "/help": "this list",
    "/papers [text]": "the author's papers, only those mentioning text if given",
    "/paper N": "the full card of citation N of the last answer (or /paper <arXiv id>)",
    "/bib [N]": "BibTeX of citation N, or of every paper the last answer cites (or /bib <arXiv id>)",
    "/profile": "the author's research themes and papers per year",
    "/new": "start a fresh conversation",
    "/mode": "which answer mode is active, and why",
    "/good [note]": "rate the last answer good (saved for `assistant feedback`)",
    "/bad [note]": "rate the last answer bad; say in the note what was wrong",
    "/quit": "leave (Ctrl-D works too)",
}
KEYS = (
    "Ctrl-C cancels an answer in progress; Ctrl-D quits. Paste several lines at once,"
    " or press Esc then Enter for a new line."
)


@dataclass(frozen=True)
class Reference:
    """One numbered entry under an answer, ready to print (written by assistant/presenter.py)."""

    n: int
    label: str
    derived: bool
    authors: str
    year: int | None
    arxiv_id: str | None
    is_author_work: bool
    parts: tuple[str, ...] = ()

    @classmethod
    def of(cls, citation: Citation, authors_truncated: bool = False) -> Reference:
        cited = citation.model_copy(update={"authors_truncated": citation.authors_truncated or authors_truncated})
        return cls(
            n=citation.n,
            label=presenter.title(cited),
            derived=presenter.is_derived(cited),
            authors=presenter.authors(cited.authors, cited.authors_truncated),
            year=cited.year,
            arxiv_id=cited.arxiv_id,
            is_author_work=cited.is_author_work,
            parts=tuple(presenter.details(cited)),
        )

    def details(self) -> list[str]:
        """Everything after the title, in print order."""
        return list(self.parts)

    def plain(self) -> str:
        title = f"{self.label} {DERIVED}" if self.derived else self.label
        return f"[{self.n}] " + presenter.SEPARATOR.join([title, *self.parts])


def author_list(authors: list[str], truncated: bool = False, shown: int = SHOWN_AUTHORS) -> str:
    """The first few authors, then "et al." when there are more (or the source cut the list)."""
    return presenter.authors(authors, truncated, shown)


def count(items: list, noun: str) -> str:
    return f"{len(items)} {noun}{'' if len(items) == 1 else 's'}"


def paper_label(paper: Paper) -> str:
    return presenter.title_label(paper)


def find_quote(text: str, quote: str) -> tuple[int, int] | None:
    """Where the quote sits in text, tolerant of whitespace, case and an ellipsis at either end."""
    words = ELLIPSIS_ENDS.sub("", quote).split()
    if not words:
        return None
    pattern = r"\s+".join(re.escape(w) for w in words)
    m = re.search(pattern, text) or re.search(pattern, text, re.IGNORECASE)
    return m.span() if m else None


def quoted_abstract(paper: Paper, quote: str | None) -> tuple[str, tuple[int, int] | None]:
    """The abstract that holds the quote (the main one if none does), as plain text, and the quote's span in it.

    Both are rendered by the presenter (LaTeX → Unicode), so the span is of the text the user is shown.
    """
    if quote:
        shown_quote = presenter.plain_text(quote)
        for abstract in paper.abstracts:
            shown = presenter.plain_text(abstract)
            span = find_quote(shown, shown_quote)
            if span:
                return shown, span
    return presenter.plain_text(paper.abstract), None


def card_fields(paper: Paper) -> list[tuple[str, str]]:
    """The labelled lines of a paper card, before the abstract."""
    rows = [
        ("Title", paper_label(paper)),
        ("Authors", presenter.authors(paper.authors, paper.authors_truncated, shown=None) or "not listed"),
    ]
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
    return [f"{cmd.ljust(width)}  {what}" for cmd, what in COMMANDS.items()] + [
        "",
        "Anything else is a question; follow-ups keep the conversation.",
        KEYS,
    ]
