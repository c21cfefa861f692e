"""What the plain chat output must be for a given Answer, written out from the spec (not from the views)."""

from __future__ import annotations

from assistant.models import Answer, Paper
from assistant.presenter import plain_text


def derived(c) -> str:
    """A derived title as shown: marked once, without the "(arXiv:ID)" it carries in the record (the id follows the
    year)."""
    return c.display_title.removesuffix(f" (arXiv:{c.arxiv_id})") + " (derived title)"


def reference(c, truncated: bool) -> str:
    parts = [f"[{c.n}] " + (c.title or derived(c))]
    if c.authors:
        parts.append(", ".join(c.authors[:3]) + (" et al." if truncated or len(c.authors) > 3 else ""))
    if c.year:
        parts.append(str(c.year))
    if c.arxiv_id:
        parts.append(f"arXiv:{c.arxiv_id}")
    if not c.is_author_work:
        parts.append("not the author's")
    return " · ".join(parts)


def answer_block(answer: Answer, assistant) -> str:
    """The answer, a blank line, "References:" and one line per citation, any notice, a blank line."""
    out = answer.answer + "\n"
    if answer.citations:
        out += "\nReferences:\n" + "".join(
            reference(c, assistant.paper(c.paper_id).authors_truncated) + "\n" for c in answer.citations
        )
    if answer.notice:
        out += f"\nNote: {answer.notice}\n"
    return out + "\n"


def card_block(paper: Paper, n: int, quote: str) -> str:
    """The /paper N card with the quote marked «like this» in the abstract."""
    rows = [
        ("Title", paper.title or derived(paper)),
        ("Authors", ", ".join(paper.authors) + (" et al." if paper.authors_truncated else "") or "not listed"),
    ]
    if paper.date:
        rows.append(("Date", paper.date))
    if paper.arxiv_id:
        rows.append(("arXiv", f"{paper.arxiv_id}  https://arxiv.org/abs/{paper.arxiv_id}"))
    if paper.categories:
        rows.append(("Categories", ", ".join(paper.categories)))
    if paper.has_code:
        rows.append(("Code", "available"))
    rows.append(("Attribution", paper.attribution + ("" if paper.is_author_work else " (not the author's)")))
    # the quote as written or as shown (a presented answer's quote has its LaTeX rendered)
    abstract = next(a for a in paper.abstracts if quote in a or plain_text(quote) in plain_text(a))
    # Shown as people read it: LaTeX rendered to text, the quote marked in the shown abstract (issue 14's presenter).
    abstract, quote = plain_text(abstract), plain_text(quote)
    marked = abstract.replace(quote, f"«{quote}»", 1)
    return (
        f"Citation [{n}]: {paper.id}\n"
        + "".join(f"{k + ':':<12} {v}\n" for k, v in rows)
        + f"\nAbstract:\n{marked}\n\n"
    )


def profile_block(profile) -> str:
    """/profile in plain text: headline, themes table, one bar per year from first to last, then the notes."""
    themes = profile.themes
    number = {t.id: i for i, t in enumerate(themes, 1)}
    span = lambda a, b: "undated" if not a else (str(a) if a == b else f"{a}–{b}")  # noqa: E731
    years = [y.year for y in profile.per_year]
    out = (
        f"{profile.principal_author}: {profile.author_papers} papers in {len(themes)} "
        f"themes, {span(years[0], years[-1])}.\n\n"
    )
    lw = max(len(t.label) for t in themes)
    out += "Themes:\n" + f"  #  {'theme':<{lw}}  years      papers\n"
    out += "".join(
        f"{i:>3}  {t.label:<{lw}}  {span(t.year_from, t.year_to):<9}  {len(t.paper_ids):>6}\n"
        for i, t in enumerate(themes, 1)
    )
    by_year = {y.year: y for y in profile.per_year}
    most = max(by_year[y].total for y in years)  # one block a paper while the busiest year fits in 40
    assert most <= 40
    out += "\nPapers per year (#: theme):\n"
    for year in range(years[0], years[-1] + 1):
        y = by_year.get(year)
        if not y:
            out += f"{year} {'':<{most}} {0:>{len(str(most))}}\n"
            continue
        parts = sorted((number[t], n) for t, n in y.by_theme.items())
        mix = ", ".join(f"#{k}" + (f" ×{n}" if n > 1 else "") for k, n in parts)
        out += f"{year} {'█' * y.total:<{most}} {y.total:>{len(str(most))}}  {mix}\n"
    names = [c for c in profile.coauthors if c.papers >= 2][:8]
    out += (
        f"\nCo-authors: {len(profile.coauthors)} people, most often "
        + ", ".join(f"{c.name} ({c.papers})" for c in names)
        + "."
        + f" Counts are lower bounds: {profile.truncated_author_lists} of the "
        f"{profile.author_papers} papers list only the first authors.\n"
    )
    return out + "\n"
