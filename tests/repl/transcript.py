"""What the plain chat output must be for a given Answer, written out from the spec (not from the views)."""

from __future__ import annotations

from assistant.models import Answer, Paper


def reference(c, truncated: bool) -> str:
    label = c.title or c.display_title
    parts = [f"[{c.n}] {label}" + ("" if c.title else " (derived title)")]
    if c.authors:
        parts.append(", ".join(c.authors[:3]) + (" et al." if truncated or len(c.authors) > 3 else ""))
    if c.year:
        parts.append(str(c.year))
    if c.arxiv_id and c.arxiv_id not in label:
        parts.append(f"arXiv:{c.arxiv_id}")
    if not c.is_author_work:
        parts.append("not the author's")
    return " · ".join(parts)


def answer_block(answer: Answer, assistant) -> str:
    """The answer, a blank line, "References:" and one line per citation, any notice, a blank line."""
    out = answer.answer + "\n"
    if answer.citations:
        out += "\nReferences:\n" + "".join(reference(c, assistant.paper(c.paper_id).authors_truncated) + "\n" for c in answer.citations)
    if answer.notice:
        out += f"\nNote: {answer.notice}\n"
    return out + "\n"


def card_block(paper: Paper, n: int, quote: str) -> str:
    """The /paper N card with the quote marked «like this» in the abstract."""
    rows = [("Title", paper.title or f"{paper.display_title} (derived title)"),
            ("Authors", ", ".join(paper.authors) + (" et al." if paper.authors_truncated else "") or "not listed")]
    if paper.date:
        rows.append(("Date", paper.date))
    if paper.arxiv_id:
        rows.append(("arXiv", f"{paper.arxiv_id}  https://arxiv.org/abs/{paper.arxiv_id}"))
    if paper.categories:
        rows.append(("Categories", ", ".join(paper.categories)))
    if paper.has_code:
        rows.append(("Code", "available"))
    rows.append(("Attribution", paper.attribution + ("" if paper.is_author_work else " (not the author's)")))
    abstract = next(a for a in paper.abstracts if quote in a)
    marked = abstract.replace(quote, f"«{quote}»", 1)
    return (f"Citation [{n}]: {paper.id}\n" + "".join(f"{k + ':':<12} {v}\n" for k, v in rows)
            + f"\nAbstract:\n{marked}\n\n")
