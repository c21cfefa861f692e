"""Corpus commands: `assistant init` (a manifest for a new corpus), `ingest` (parse, merge, index) and `prepare`."""

from __future__ import annotations

import sys
from pathlib import Path

from assistant.cli.common import open_assistant


def cmd_ingest(args) -> int:
    from assistant.ingest.progress import ProgressBar

    assistant = open_assistant(args)
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
    if s.graph_rewritten:
        print("The vector index was made by an older version: its graph is now written to disk after each write.")
    return 0


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
    from assistant.vendors.word_frequency import english

    english()  # the English word frequencies as a table a start reads memory-mapped (made once, ~2.5 s)
    compiled = compile_package()
    print(f"Embedding model ready ({settings.embedding_backend}, cache {settings.model_cache_dir}).")
    print("Bytecode of the package written." if compiled else "Bytecode of the package not written (read-only?).")
    return 0


def compile_package() -> bool:
    """Write the package's bytecode (`__pycache__`), as installing a wheel does: a checkout run where Python may not
    write it (PYTHONDONTWRITEBYTECODE, set on these machines) compiled the ~200 modules a cold `ask` imports from
    source in every process, ~0.3 CPU s of its ~0.8 s of imports at 10k papers. A stale file is never read (Python
    compares the source's time and size), so an edited module is compiled again in memory until the next `prepare`.
    False when the folder cannot be written (an installed, read-only package: its bytecode came with it)."""
    import compileall

    import assistant

    return bool(compileall.compile_dir(Path(assistant.__file__).parent, quiet=2))


def add_commands(sub) -> None:
    """Registers `ingest`, `init` and `prepare`."""
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

    p = sub.add_parser(
        "prepare", help="export the embedding model for the fast ONNX path and write the bytecode (done by `make`)"
    )
    p.set_defaults(func=cmd_prepare)
