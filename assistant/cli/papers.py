"""`assistant papers`: the papers in the store as a table, tab-separated lines, the stored JSON, or references."""

from __future__ import annotations

import argparse
import json
import sys

from assistant.cli.common import open_assistant, read_filters

PAPER_FORMATS = ("table", "tsv", "json", "bibtex", "ris", "csl-json")
TABLE_MIN_WIDTH = 120  # narrower terminals (and pipes) get one tab-separated line per paper with its full id


def cmd_papers(args) -> int:
    filters = read_filters(args)
    fmt = "json" if args.json else args.format
    assistant = open_assistant(args)
    papers = assistant.papers(filters, text=args.text)
    if args.abstract is not None:
        papers = [p for p in papers if p.has_abstract == args.abstract]
    if fmt == "json":
        # the stored record, raw abstract (LaTeX as the source wrote it) included
        fields = [
            "id",
            "title",
            "display_title",
            "authors",
            "authors_truncated",
            "date",
            "date_precision",
            "year",
            "arxiv_id",
            "doi",
            "venue",
            "categories",
            "has_code",
            "is_author_work",
            "attribution",
            "sources",
            "abstract",
        ]
        out = [
            p.model_dump(include=set(fields) | {"other_abstracts", "conflicts", "notes", "comments"}) for p in papers
        ]
        print(json.dumps({"papers": out}, ensure_ascii=False, indent=1))
        return 0
    if fmt in ("bibtex", "ris", "csl-json"):
        from assistant.export import export

        sys.stdout.write(export(papers, fmt))
        return 0
    if fmt == "table" and _wide_terminal():
        _print_table(papers)
    else:
        _print_tsv(papers)
    return 0


def _wide_terminal() -> bool:
    import shutil

    return sys.stdout.isatty() and shutil.get_terminal_size().columns >= TABLE_MIN_WIDTH


def _print_tsv(papers) -> None:
    """One line per paper, full ids: `id, year, title, authors, arXiv id, author's`, tab-separated, with a header."""
    from assistant import presenter

    def cell(text: str) -> str:
        return " ".join(text.split())  # no tab or newline of a title can break the line

    print("id\tyear\ttitle\tauthors\tarxiv_id\tauthors_paper")
    for p in papers:
        row = [
            p.id,
            str(p.year or ""),
            presenter.title_label(p),
            presenter.authors(p.authors, p.authors_truncated),
            p.arxiv_id or "",
            "yes" if p.is_author_work else "no",
        ]
        print("\t".join(cell(c) for c in row))


def _print_table(papers) -> None:
    from rich.console import Console
    from rich.table import Table as RichTable
    from rich.text import Text

    from assistant import presenter

    table = RichTable(show_lines=False, expand=True)
    table.add_column("id", no_wrap=True)  # whole, so it can be given to /paper or `assistant papers --text`
    table.add_column("year", no_wrap=True)
    table.add_column("title", ratio=3, overflow="fold")
    table.add_column("authors", ratio=2, overflow="fold")
    table.add_column("venue", ratio=1, overflow="fold")
    table.add_column("arXiv", no_wrap=True)
    table.add_column("author's", no_wrap=True)
    for p in papers:
        title = Text(presenter.title(p)) if p.title else Text(presenter.title_label(p), style="italic")
        if not p.has_abstract:
            title.append(" (no abstract)", style="dim")
        table.add_row(
            p.id,
            str(p.year or ""),
            title,
            presenter.authors(p.authors, p.authors_truncated),
            p.venue or "",
            p.arxiv_id or "",
            "yes" if p.is_author_work else "no",
        )
    Console().print(table)
    bare = sum(not p.has_abstract for p in papers)
    print(f"{len(papers)} papers" + (f" ({bare} without an abstract: metadata only)" if bare else ""))


def add_commands(sub) -> None:
    """Registers `papers`."""
    p = sub.add_parser("papers", help="list the papers in the store (or export them as references)")
    p.add_argument(
        "--format",
        choices=PAPER_FORMATS,
        default="table",
        help="table (a wide terminal; otherwise tsv), tsv (one line per paper, full ids), json (the stored records), "
        "or references: bibtex, ris, csl-json",
    )
    p.add_argument("--json", action="store_true", help="the same as --format json")
    p.add_argument("--author-only", action="store_true", help="only the principal author's papers")
    p.add_argument("--year-from", type=int)
    p.add_argument("--year-to", type=int)
    p.add_argument("--text", help="only papers whose title, abstract or authors contain this")
    p.add_argument(
        "--missing-abstract",
        dest="abstract",
        action="store_false",
        default=None,
        help="a filter: only the papers no source gives an abstract for (every export keeps abstracts)",
    )
    # The old name read like "export without abstracts"; kept so scripts that use it still work.
    p.add_argument("--no-abstract", dest="abstract", action="store_false", help=argparse.SUPPRESS)
    p.add_argument("--with-abstract", dest="abstract", action="store_true", help="only papers with an abstract")
    p.set_defaults(func=cmd_papers)
