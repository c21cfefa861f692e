"""Command line: `assistant ingest | papers | ask | eval | feedback | serve | chat`; translates arguments and output
only."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from assistant.errors import AssistantError, BadRequest
from assistant.models import Filters

YEARS = (1900, 2100)  # the range the HTTP API accepts (api/schemas.py FiltersIn)
PAPER_FORMATS = ("table", "tsv", "json", "bibtex", "ris", "csl-json")
TABLE_MIN_WIDTH = 120  # narrower terminals (and pipes) get one tab-separated line per paper with its full id


def _filters(args) -> Filters:
    """The filter options, read as the API reads them: years out of range refused, a reversed pair read as its range."""
    year_from, year_to = getattr(args, "year_from", None), getattr(args, "year_to", None)
    for name, year in (("year_from", year_from), ("year_to", year_to)):
        if year is not None and not YEARS[0] <= year <= YEARS[1]:
            raise BadRequest(f"{name} ({year}) must be between {YEARS[0]} and {YEARS[1]}.")
    if year_from is not None and year_to is not None and year_from > year_to:
        # As the API reads it (FiltersIn): the range the two years span, said so rather than refused.
        print(
            f"note: --year-from {year_from} is after --year-to {year_to}: reading the years {year_to}-{year_from}.",
            file=sys.stderr,
        )
        year_from, year_to = year_to, year_from
    return Filters(
        author_only=True if getattr(args, "author_only", False) else None,
        year_from=year_from,
        year_to=year_to,
        coauthor=getattr(args, "coauthor", None),
    )


def _assistant(args):
    from assistant.core import Assistant
    from assistant.settings import Settings

    overrides = {}
    if getattr(args, "store", None):
        overrides["store_dir"] = Path(args.store)
    return Assistant.from_settings(Settings(**overrides))


def cmd_ingest(args) -> int:
    from assistant.ingest.progress import ProgressBar

    assistant = _assistant(args)
    if args.if_empty and not assistant.store.is_empty():
        print(
            f"Store already holds {assistant.status()['papers']} papers; not ingesting (drop --if-empty to re-ingest)."
        )
        return 0
    paths = [Path(p) for p in args.paths] or None
    with ProgressBar("embedding passages") as bar:
        result = assistant.ingest(paths, progress=bar.update)
    for r in result.reports:
        print(
            f"{r.file}: shape {r.shape or 'unknown'}, {r.entries} entries read, {r.merged} "
            f"merged with other files, {len(r.warnings)} warnings"
        )
        for w in r.warnings:
            print(f"  warning: {w}", file=sys.stderr)
    s = result.sync
    print(
        f"{result.papers} papers ({result.author_papers} by {assistant.principal_author}); "
        f"{len(s.added)} added, {len(s.updated)} updated, {len(s.removed)} removed, {s.unchanged} unchanged; "
        f"{s.embedded} sentences embedded, {s.deleted_passages} stale passages deleted; {result.seconds:.1f} s"
    )
    return 0


def cmd_papers(args) -> int:
    filters = _filters(args)
    fmt = "json" if args.json else args.format
    assistant = _assistant(args)
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


def cmd_init(args) -> int:
    from assistant.ingest.manifest import write_manifest

    folder = Path(args.dir)
    path = write_manifest(folder, args.name, aliases=args.alias, orcid=args.orcid, force=args.force)
    print(f"Wrote {path} for {args.name.strip()}.")
    print(
        f"Next: put exported files (BibTeX, RIS, CSL-JSON, arXiv Atom, OpenAlex or Semantic Scholar JSON) in {folder},"
    )
    print(f"then run `assistant --store STORE_DIR ingest {folder}`.")
    return 0


def cmd_prepare(args) -> int:
    from assistant.settings import Settings
    from assistant.vendors import MiniLMEmbeddings

    settings = Settings()
    MiniLMEmbeddings(backend=settings.embedding_backend, cache_dir=settings.model_cache_dir).embed_query("warm up")
    print(f"Embedding model ready ({settings.embedding_backend}, cache {settings.model_cache_dir}).")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="assistant", description="Chat with a researcher's paper corpus; every answer cites its papers."
    )
    parser.add_argument("--store", help="store directory (default: ./store or ASSISTANT_STORE_DIR)")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("ingest", help="parse, merge and index source pages (default: seeds/)")
    p.add_argument("paths", nargs="*", help="files or folders to ingest")
    p.add_argument("--if-empty", action="store_true", help="only ingest when the store is empty")
    p.set_defaults(func=cmd_ingest)

    p = sub.add_parser("init", help="write the manifest (corpus.toml) for a new researcher's corpus folder")
    p.add_argument("name", help='the principal author, e.g. "Keiko Tanaka"')
    p.add_argument("--dir", default=".", help="the corpus folder (created if missing; default: the current folder)")
    p.add_argument("--orcid", help="the author's ORCID iD; records carrying it are attributed to them")
    p.add_argument(
        "--alias",
        action="append",
        default=[],
        help='another spelling of the name (repeatable), e.g. "Tanaka, K." or "田中 恵子"',
    )
    p.add_argument("--force", action="store_true", help="replace an existing corpus.toml")
    p.set_defaults(func=cmd_init)

    p = sub.add_parser("prepare", help="export the embedding model for the fast ONNX path (done by `make`)")
    p.set_defaults(func=cmd_prepare)

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
        "--no-abstract",
        dest="abstract",
        action="store_false",
        default=None,
        help="only metadata-only papers (no source gives an abstract)",
    )
    p.add_argument("--with-abstract", dest="abstract", action="store_true", help="only papers with an abstract")
    p.set_defaults(func=cmd_papers)

    from assistant import cli_answer, cli_feedback, repl
    from assistant.api import cli as api_cli

    cli_answer.add_commands(sub)
    cli_feedback.add_command(sub)
    api_cli.add_command(sub)
    repl.add_command(sub)
    return parser


# One-shot commands that only read the store. Tearing the interpreter down after them (Chroma's and
# onnxruntime's native shutdown, freeing every module) took 0.5-1.3 s of a cold `assistant ask` of ~3 s
# (bench/cold_start.py), so `run` ends them with os._exit once their output is flushed.
FAST_EXIT = {"ask", "papers"}


BROKEN_PIPE_EXIT = 141  # 128 + SIGPIPE, what a shell reports for a program killed by a closed pipe


def execute(args) -> int:
    try:
        code = args.func(args) or 0
        sys.stdout.flush()  # inside the try: a reader that went away (`| head`) fails here, not at exit
        return code
    except AssistantError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        _drop_stdout()
        print("error: the output was closed before it was all written (broken pipe).", file=sys.stderr)
        return BROKEN_PIPE_EXIT


def _drop_stdout() -> None:
    # Python flushes stdout again at exit and would print a second BrokenPipeError there: point it at /dev/null.
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # stdout is not a real file (tests capture it): nothing will flush it at exit
        pass


def main(argv: list[str] | None = None) -> int:
    return execute(build_parser().parse_args(argv))


def run() -> None:
    """The `assistant` program: `main`, then exit (without interpreter teardown for FAST_EXIT commands)."""
    args = build_parser().parse_args()
    code = execute(args)
    if args.command in FAST_EXIT:
        import os

        try:
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(code)
    sys.exit(code)
