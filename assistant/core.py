"""The one core every interface calls: ingest, browse papers, answer questions with citations."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from assistant.errors import IngestError, NotFound, StoreUnavailable
from assistant.index.lazy_table import column, paper_map
from assistant.index.store import Store, SyncReport
from assistant.index.table import Table, Theme
from assistant.models import (
    Answer,
    CoauthorCount,
    Filters,
    Message,
    Paper,
    Profile,
    StreamEvent,
    ThemeSummary,
    YearCount,
)
from assistant.settings import Settings, redact_url


@dataclass
class IngestResult:
    reports: list  # FileReport
    sync: SyncReport
    papers: int
    author_papers: int
    seconds: float


class Assistant:
    """Holds the store, the retriever and the answerers; loads each lazily and reloads after an ingest."""

    def __init__(self, settings: Settings, store: Store, chat_model=None):
        self.settings = settings
        self.store = store
        self.chat_model = chat_model
        self._lock = threading.Lock()
        self._table: Table | None = None
        self._table_mtime = -1.0
        self._retriever = None
        self._answerer = None

    @classmethod
    def from_settings(
        cls, settings: Settings | None = None, chat_model=None, http_client=None, http_async_client=None
    ) -> Assistant:
        from assistant import vendors

        settings = settings or Settings()
        vendors.offline_environment()
        embeddings = vendors.MiniLMEmbeddings(
            batch_size=settings.embedding_batch_size,
            backend=settings.embedding_backend,
            cache_dir=settings.model_cache_dir,
            threads=settings.embedding_threads,
        )
        store = Store(
            settings.store_dir,
            vendors.LazyClient(lambda: vendors.chroma_client(settings)),
            embeddings,
            collection=settings.collection,
            batch_size=settings.embedding_batch_size,
            segment=settings.vector_segment,
            reopen=lambda: vendors.LazyClient(lambda: vendors.reopen_chroma(settings)),
        )
        if chat_model is None and settings.llm_configured:
            chat_model = vendors.chat_model(settings, http_client=http_client, http_async_client=http_async_client)
        return cls(settings, store, chat_model)

    # --- the table -------------------------------------------------------------------------
    def table(self) -> Table:
        """The current paper table, re-read when an ingest has switched it."""
        mtime = self.store.table_mtime()
        if self._table is None or mtime != self._table_mtime:
            with self._lock:
                table = self.store.load_table()
                if table is None:
                    raise StoreUnavailable(
                        f"The store at {self.settings.store_dir} is empty: run `assistant ingest` first."
                    )
                if self._table is not None and mtime != self.store.written_mtime:
                    self.store.reopen()  # another process switched the table: re-read its vectors too
                self._table, self._table_mtime = table, mtime
                self.store.sentences.reload()
                self._retriever = None
                self._answerer = None
        return self._table

    @property
    def principal_author(self) -> str:
        return self.table().principal_author

    # --- ingest ----------------------------------------------------------------------------
    def ingest(
        self, paths: list[Path] | None = None, progress: Callable[[int, int], None] | None = None
    ) -> IngestResult:
        import time

        with self.store.writing():  # one writer per store, from the start: a second ingest is told at once
            return self._ingest(paths, progress, time.perf_counter())

    def _ingest(self, paths, progress, started: float) -> IngestResult:
        import time

        from assistant.ingest.manifest import load_manifest
        from assistant.ingest.pipeline import build_corpus

        paths = paths or [self.settings.seeds_dir]
        folder = paths[0] if paths[0].is_dir() else paths[0].parent
        # A corpus folder carries its own manifest (`assistant init`); a folder without one is refused
        # rather than read as the default corpus's author. Loose files fall back to the default manifest.
        if (folder / "corpus.toml").exists() or paths[0].is_dir():
            manifest = load_manifest(folder)
        else:
            manifest = load_manifest(self.settings.seeds_dir)
        corpus = build_corpus(paths, manifest, self.parse_cache())
        if not corpus.papers:
            details = "; ".join(str(w) for w in corpus.warnings) or "no files found"
            raise IngestError(f"Nothing could be read from {', '.join(map(str, paths))}: {details}")
        reports = [
            {
                "file": r.file,
                "shape": r.shape,
                "entries": r.entries,
                "merged": r.merged,
                "warnings": [str(w) for w in r.warnings],
                **({"facts": r.facts} if r.facts else {}),
                **({"page": r.page} if r.page else {}),
                # what the manifest says of the file: how the corpus describes it and whose it is
                **{k: v for k, v in manifest.info(r.file).model_dump(include={"description", "owner"}).items() if v},
            }
            for r in corpus.reports
        ]
        papers, author_papers = len(corpus.papers), sum(p.is_author_work for p in corpus.papers)
        # The themes are computed from the sentences' vectors: embed first, then the themes, then the store syncs.
        embedded = self.store.embed_sentences(corpus.papers, progress)
        themes = self._themes([p for p in corpus.papers if p.is_author_work])
        sync = self.store.sync(corpus.papers, manifest.principal_author, reports, themes, embedded)  # empties the list
        self._prepare_answers()
        return IngestResult(
            reports=corpus.reports,
            sync=sync,
            papers=papers,
            author_papers=author_papers,
            seconds=time.perf_counter() - started,
        )

    def parse_cache(self):
        """The store's parsed files by content (`ingest.cache`): an unchanged file is not parsed again."""
        from assistant.ingest.cache import FOLDER, ParseCache

        return ParseCache(self.store.dir / FOLDER)

    def _prepare_answers(self) -> None:
        """What answers derive from every paper (names, acronyms, typo index), computed now and stored with the
        table, so no start derives it (at 5k papers that was 9 s of a 10 s cold `ask`)."""
        from assistant.answer.corpus import Corpus

        Corpus.prepare(self.settings, self.table(), self.store.sentences, self.retriever())

    def _themes(self, papers: list[Paper]) -> list[Theme]:
        """The principal author's research themes, from their papers' vectors (labels chosen with the model)."""
        from assistant.ingest.themes import compute_themes

        return compute_themes(papers, self.store.paper_vectors(papers), embed=self.store.embed)

    # --- papers ----------------------------------------------------------------------------
    def papers(self, filters: Filters | None = None, text: str | None = None) -> Sequence[Paper]:
        filters = filters or Filters()
        if not text and filters == Filters():
            return self.table().papers  # the table itself: a page of a lazy table makes only its own papers
        out = [p for p in self.table().papers if filters.admits(p)]
        if text:
            needle = text.casefold()
            out = [
                p
                for p in out
                if needle in p.label.casefold()
                or needle in p.abstract.casefold()
                or needle in " ".join(p.authors).casefold()
                or needle == (p.arxiv_id or "")
            ]
        return out

    def paper(self, paper_id: str) -> Paper:
        by_id = paper_map(self.table().papers)
        if paper_id in by_id:
            return by_id[paper_id]
        for p in self.table().papers:
            if p.id == paper_id or p.arxiv_id == paper_id:
                return p
        raise NotFound(f"No paper with id {paper_id!r}: list ids with `assistant papers` or GET /api/papers.")

    # --- answering -------------------------------------------------------------------------
    def retriever(self):
        table = self.table()
        if self._retriever is None:
            from assistant.index.retrieval import Retriever

            self._retriever = Retriever(
                table.papers, table.passages, self.store.collection, self.store.embeddings, self.store.lexical(table)
            )
        return self._retriever

    def answerer(self):
        self.table()
        if self._answerer is None:
            from assistant.answer.compose import Answerer

            self._answerer = Answerer(
                self.settings, self.table(), self.retriever(), self.chat_model, sentence_vectors=self.store.sentences
            )
        return self._answerer

    def answer(self, messages: list[Message], filters: Filters | None = None) -> Answer:
        return self.answerer().answer(_inert(messages), filters or Filters())

    def stream(self, messages: list[Message], filters: Filters | None = None) -> Iterator[StreamEvent]:
        """Events: `Token` previews, then one `Final` with the checked Answer (assistant/models.py)."""
        yield from self.answerer().stream(_inert(messages), filters or Filters())

    def preload(self) -> None:
        """Start loading the embedding model in the background: every question embeds (the router reads its vector),
        so a process that asks one question overlaps the model's loading with its imports and planning."""
        if hasattr(self.store.embeddings, "load_in_background"):
            self.store.embeddings.load_in_background()

    def warm(self, vectors: bool = True) -> None:
        """Load the table, BM25, the embedding model, the answerer and (with `vectors`) Chroma now, not on the first
        question. Without `vectors` Chroma is left unopened: a process about to fork must not have opened it (its
        client's threads do not survive the fork: a forked worker's query never returned, even on a new client)."""
        answerer = self.answerer()
        # One question read (not answered): the question readers compile their patterns and build their indexes on
        # first use (~0.3 s, which the first question paid).
        answerer.plan([Message(role="user", content="Which of his papers from March 2020 are about this?")], Filters())
        self.store.embeddings.embed_array(["warm up"])  # the model's session, built once
        if vectors:
            # One vector query: Chroma counts the passages and loads its index on the first (~1 s at 100k papers).
            self.retriever().dense("warm up", Filters(), k=1)

    def profile(self) -> Profile:
        """Themes, publications per year (by theme) and co-authors of the principal author."""
        from collections import Counter, defaultdict

        table = self.table()
        mine = [p for p in table.papers if p.is_author_work]
        theme_of = {pid: t.id for t in table.themes for pid in t.paper_ids}
        years: dict[int, list[Paper]] = defaultdict(list)
        for p in mine:
            if p.year:
                years[p.year].append(p)
        per_year = [
            YearCount(
                year=y,
                total=len(ps),
                by_theme=dict(Counter(theme_of[p.id] for p in ps if p.id in theme_of)),
                paper_ids=[p.id for p in ps],
            )
            for y, ps in sorted(years.items())
        ]
        joint: dict[str, list[Paper]] = defaultdict(list)
        for p in mine:
            for name in dict.fromkeys(p.authors):
                if name.casefold() != table.principal_author.casefold():
                    joint[name].append(p)
        coauthors = [
            CoauthorCount(
                name=n,
                papers=len(ps),
                paper_ids=[p.id for p in ps],
                themes=dict(Counter(theme_of[p.id] for p in ps if p.id in theme_of)),
            )
            for n, ps in sorted(joint.items(), key=lambda kv: (-len(kv[1]), kv[0]))
        ]
        return Profile(
            principal_author=table.principal_author,
            papers=len(table.papers),
            author_papers=len(mine),
            themes=[ThemeSummary(**t.model_dump()) for t in table.themes],
            per_year=per_year,
            undated=[p.id for p in mine if not p.year],
            coauthors=coauthors,
            truncated_author_lists=sum(p.authors_truncated for p in mine),
        )

    def status(self) -> dict:
        problem = None
        try:
            table = self.table()
            papers, author_papers = len(table.papers), sum(column(table.papers, "is_author_work"))
            reachable = True
            try:
                self.store.collection().count()
            except Exception:  # any transport error means the store is down
                reachable = False
            self.store.sentences.reload()
            if missing := self.store.sentences.unreadable():
                reachable = False
                problem = (
                    f"the store at {self.settings.store_dir} cannot be read ({', '.join(missing[:3])} "
                    f"missing): run `assistant ingest` to repair it"
                )
        except StoreUnavailable:
            papers, author_papers, reachable = 0, 0, False
        except (OSError, ValueError, KeyError) as exc:  # a table file that cannot be read is reported, not a 500
            papers, author_papers, reachable = 0, 0, False
            problem = (
                f"the store at {self.settings.store_dir} cannot be read ({type(exc).__name__}): "
                f"run `assistant ingest` to rebuild it"
            )
        return {
            "problem": problem,
            "papers": papers,
            "author_papers": author_papers,
            "mode": "llm" if self.chat_model is not None else "extractive",
            "mode_reason": (
                f"chat model {self.settings.openai_model} at "
                f"{redact_url(self.settings.openai_base_url) or 'api.openai.com'}"
                if self.chat_model is not None
                else "no OPENAI_API_KEY set: answers are composed from the abstracts' own sentences"
            ),
            "store_reachable": reachable,
        }


def _inert(messages: list[Message]) -> list[Message]:
    """The user's words as an answer may echo them: a "[7]" is not our citation marker, a link is not live."""
    from assistant.text import neutralise

    return [m.model_copy(update={"content": neutralise(m.content)}) if m.role == "user" else m for m in messages]
