"""The corpus as every answering step reads it: the paper table's indexes, the people, and the shared services.

Built once per table (the Assistant rebuilds the Answerer when an ingest switches the table) and handed to each
step (plan, evidence, writers), which take it as their one dependency instead of reaching into one big class.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from assistant import text as text_rules
from assistant.answer.evidence import acronyms as acronyms_rules
from assistant.answer.evidence import distinct, kind_reading
from assistant.answer.evidence import topic_terms as topic_terms_rules
from assistant.answer.evidence.acronyms import GLOSSARY, Acronyms
from assistant.answer.evidence.sentence_search import SentenceSearch
from assistant.answer.evidence.topic_terms import alternatives
from assistant.answer.evidence.topics import TopicMatcher
from assistant.answer.evidence.weigh import QueryTerms, SentencePicker
from assistant.answer.plan import intents as intents_rules
from assistant.answer.plan import names as name_rules
from assistant.answer.plan import people as people_rules
from assistant.answer.plan import resolver as resolver_rules
from assistant.answer.plan import work_kinds as work_rules
from assistant.answer.plan.intents import topic_words
from assistant.answer.plan.names import LONG_NAME, short_names, squashed_names
from assistant.answer.plan.person_index import PersonIndex
from assistant.answer.plan.phrases import wording as wording_rules
from assistant.answer.plan.phrases.wording import WORD_LISTS
from assistant.answer.plan.plan import QueryPlan
from assistant.answer.plan.provenance import SourceIndex
from assistant.answer.plan.router import Router
from assistant.answer.plan.title_index import TitleIndex
from assistant.answer.plan.topic_words import in_papers_forms
from assistant.answer.plan.work_kinds import work_columns
from assistant.index import kinds as kinds_rules
from assistant.index.bm25 import terms as bm25_terms
from assistant.index.derived import Derived, code_digest, deletion_index
from assistant.index.first_words import FirstWords
from assistant.index.kinds import Kinds
from assistant.index.lazy_table import authors_named, column, paper_map, positions_of, table_items
from assistant.index.paper_terms import PaperTerms
from assistant.index.sentence_index import SentenceIndex
from assistant.models import Filters, Paper


@dataclass(frozen=True)
class ProfileFact:
    """A figure a profile page states about the researcher (h-index, citations), with the file that states it."""

    label: str
    value: str
    source: str  # "000_5373d79505ae5ddf.txt, line 4"


@dataclass
class Corpus:
    settings: object  # assistant.settings.Settings
    principal: str
    papers: list[Paper]
    themes: list
    by_id: dict[str, Paper]
    by_title: dict[str, str]  # a paper's label, case-folded -> its id
    names: dict  # short names of papers (names.short_names)
    squashed: dict
    deletions: dict
    people: list[str]  # every co-author, longest name first
    retriever: object  # retrieval.Retriever
    picker: SentencePicker
    router: Router
    topics: TopicMatcher
    sentences: SentenceSearch
    profile: list[ProfileFact]
    # The source files the table was read from: file, shape, entries, merged (the ingest's reports, facts left out).
    sources: list[dict] = field(default_factory=list)
    # The table's derived items (None for a corpus made from a list of papers, as tests do: computed then).
    derived: Derived | None = None

    @classmethod
    def build(cls, settings, table, retriever, sentence_vectors=None) -> Corpus:
        principal = table.principal_author
        derived = Derived(settings.store_dir, table.digest)
        names, acronyms = derive(derived, table)
        squashed = squashed_names(names)
        index = SentenceIndex.of(derived, table.papers, sentence_vectors) if sentence_vectors is not None else None
        positions = positions_of(table.papers)
        picker = SentencePicker(retriever.embeddings, sentence_vectors, acronyms)
        router = Router(retriever.embeddings, vectors=retriever.vectors, cache_dir=settings.store_dir)
        router.vectors  # noqa: B018 - loaded with the answerer (at warm-up), not on the first question
        distinct.zipf("the")  # wordfreq reads its English table (~0.2 s) here too, not on the first question
        corpus = cls(
            settings=settings,
            principal=principal,
            papers=table.papers,
            themes=table.themes,
            by_id=paper_map(table.papers),
            by_title={
                (t or d).casefold(): i
                for i, t, d in zip(
                    column(table.papers, "id"), column(table.papers, "title"), column(table.papers, "display_title")
                )
            },
            names=names,
            squashed=squashed,
            deletions=deletion_index(derived, squashed, LONG_NAME),
            people=sorted(
                {a for a in authors_named(table.papers) if a.casefold() != principal.casefold()},
                key=len,
                reverse=True,
            ),
            retriever=retriever,
            picker=picker,
            router=router,
            topics=TopicMatcher(
                retriever.embeddings,
                picker,
                retriever.lexical,
                retriever.vectors,
                index=index,
                positions=positions,
                terms=PaperTerms.of(derived, table.papers),
                kinds=(kinds := Kinds.of(derived, table.papers, index)),
                own=column(table.papers, "is_author_work"),
            ),
            sentences=SentenceSearch(picker.vectors, retriever.vectors, index=index, positions=positions),
            profile=[
                ProfileFact(f["label"], f["value"], f"{r['file']}, line {f['line']}")
                for r in table.reports
                for f in r.get("facts", [])
            ],
            sources=[{k: v for k, v in r.items() if k not in ("warnings", "facts")} for r in table.reports],
            derived=derived,
        )
        texts, vectors = kind_vectors(derived, kinds, retriever.embeddings)
        retriever.vectors.keep(texts, vectors)
        corpus.topics.read_kinds(kind_reading.of(derived, texts, corpus.topics))
        # The name and people indexes are made here, at start, not on the first question (~0.1 s at 10k papers).
        corpus.name_words, corpus.people_words, corpus.everyone_words, corpus.venues, corpus.person_index  # noqa: B018
        return corpus

    @cached_property
    def source_index(self) -> SourceIndex:
        """The sources as a question names them (plan/provenance.py), with what a question's topic words are."""
        terms_of = self.topics.terms

        def content(text: str) -> list[str]:
            words = topic_words(text, self.principal)
            if terms_of is None:
                return words
            # a topic: a word some paper uses that is not ordinary English ("collected", "show up" are the asking)
            distinctive = [w for w in words if not distinct.ordinary(w) and terms_of.papers_with(bm25_terms(w))]
            if distinctive or not words:
                return distinctive
            # a topic of words each of which is ordinary or inflected unlike the papers ("quantizing large language
            # models"): content when the phrase, in the forms the papers write, grounds a paper
            phrase = in_papers_forms(self.topics, " ".join(words), self.papers)
            return words if self.topics.grounds(phrase, self.papers) else []

        return SourceIndex(self.sources, self.principal, content)

    @staticmethod
    def prepare(settings, table, sentence_vectors, retriever=None) -> None:
        """Compute and store what the table's answers derive from every paper (an ingest's last step), so that no
        start does it. With the table's `retriever`, the corpus a start builds is built too, for the items that need
        the model or BM25 (the kinds' vectors and reading, ~2 CPU s at 10k papers, which the first start after every
        ingest paid: the clean-up below had removed them as items nobody asked for)."""
        derived = Derived(settings.store_dir, table.digest)
        names, _ = derive(derived, table)
        deletion_index(derived, squashed_names(names), LONG_NAME)
        index = SentenceIndex.of(derived, table.papers, sentence_vectors)
        PaperTerms.of(derived, table.papers)
        Kinds.of(derived, table.papers, index)
        works(derived, table.papers)
        title_index(derived, table.papers)
        categories(derived, table.papers)
        derived.json(
            f"people-{code_digest(people_rules)}",
            lambda: PersonIndex.of(authors_named(table.papers), table.principal_author).state(),
        )
        if retriever is not None:
            derived.used |= Corpus.build(settings, table, retriever, sentence_vectors).derived.used
        derived.used.update(table_items(table.papers))
        derived.drop_unused()

    @cached_property
    def positions(self) -> dict[str, int]:
        """Paper id -> its position in the table."""
        return positions_of(self.papers)

    @cached_property
    def title_index(self) -> TitleIndex:
        """Every paper's title words and initials (`plan.resolver.TitleIndex`), read from the store."""
        return title_index(self.derived, self.papers)

    @cached_property
    def works(self) -> dict[str, np.ndarray]:
        """Each paper's kind of work and number of source entries, by position (`work_kinds.work_columns`)."""
        return works(self.derived, self.papers)

    @cached_property
    def venues(self) -> list[str]:
        """Every venue the table names, sorted (read on every question: a pass over 10k papers cost ~5 ms)."""
        return sorted({v for v in column(self.papers, "venue") if v})

    @cached_property
    def categories(self) -> list[str]:
        """Every subject category the table names ("LG", "cs.DC", "physics.ao-ph"), sorted: the codes a question
        can select papers by (SlotReader.categories_in)."""
        return categories(self.derived, self.papers)

    @cached_property
    def name_words(self) -> FirstWords:
        """The papers' short names by first word (conversation.mentioned reads the few a question may hold)."""
        return FirstWords(self.names, name_rules.NAME_CHAR.pattern)

    @cached_property
    def people_words(self) -> FirstWords:
        """The co-authors by first word."""
        return FirstWords(self.people)

    @cached_property
    def everyone(self) -> list[str]:
        """Every co-author, longest name first, then the principal author."""
        return [*self.people, self.principal]

    @cached_property
    def everyone_words(self) -> FirstWords:
        return FirstWords(self.everyone)

    @cached_property
    def person_index(self) -> PersonIndex:
        """Every author by the folded forms a question may name them in (`plan.people`), read from the store."""

        def made() -> PersonIndex:
            return PersonIndex.of(self.everyone, self.principal)

        if self.derived is None:
            return made()
        state = self.derived.json(f"people-{code_digest(people_rules)}", lambda: made().state())
        return PersonIndex.from_state(state)

    def ordinary_word(self, word: str) -> bool:
        """A word of the corpus's own text or of ordinary English: typed in lower case, it names no person."""
        return self.retriever.lexical.knows(word) or distinct.ordinary(word)

    @cached_property
    def authors_papers(self) -> list[Paper]:
        """The principal author's papers, in table order."""
        return [self.papers[i] for i, mine in enumerate(column(self.papers, "is_author_work")) if mine]

    def admitted(self, filters: Filters, pool: list[Paper] | None = None) -> list[Paper]:
        """The papers of `pool` (default: the table) the filters admit, in its order; a filter to the author's
        papers reads only theirs (at 10k papers, 2% of the table; each question filtered the whole table 2-3 times,
        ~20 ms)."""
        if pool is None:
            pool = self.authors_papers if filters.author_only else self.papers
        if all(value is None for field, value in filters if field != "author_only"):
            return [p for p in pool if p.is_author_work] if filters.author_only else list(pool)
        if pool is self.papers:  # the years first, from their column: only the papers they admit are made
            lo, hi = filters.year_from, filters.year_to
            years = column(pool, "year")
            pool = [
                pool[i]
                for i, y in enumerate(years)
                if (lo is None or (y is not None and y >= lo)) and (hi is None or (y is not None and y <= hi))
            ]
        return [p for p in pool if filters.admits(p)]

    def in_scope(self, filters: Filters) -> Sequence[Paper]:
        """`admitted`, but the table itself when no filter applies (no record is made of every paper)."""
        return self.papers if filters == Filters() else self.admitted(filters)

    def qterms(self, text: str) -> QueryTerms:
        """The content terms of a text, weighted by their IDF over the passages."""
        return QueryTerms.of(" ".join(topic_words(text, self.principal)), self.retriever.lexical)

    def explain(self, plan: QueryPlan) -> dict:
        """The plan as `--explain` and `meta.plan` show it, papers by their labels."""
        wanted = set(plan.named) | set(plan.focus) | set(plan.excluded) | set(plan.leave_out)
        return plan.explain({i: self.by_id[i].label for i in wanted if i in self.by_id})


def categories(derived: Derived | None, papers) -> list[str]:
    """Every category the papers name, sorted: read from the store (computed at ingest; read from every paper's row,
    it took ~0.3 s of a first question at 10k papers)."""

    def every() -> list[str]:
        return sorted({c for cs in column(papers, "categories") for c in cs if c})

    return every() if derived is None else derived.json("categories", every)


def title_index(derived: Derived | None, papers) -> TitleIndex:
    """The title index, read from the store (computed at ingest: at 10k papers, making it on the first question that
    described a paper took ~1.5 s); named by the code and word lists that read titles."""
    if derived is None:
        return TitleIndex.of(papers)
    rules = code_digest(
        resolver_rules, intents_rules, wording_rules, text_rules, *(wording_rules.DATA / f for f in WORD_LISTS)
    )
    return TitleIndex.from_state(derived.json(f"title-index-{rules}", lambda: TitleIndex.of(papers).state()))


def kind_vectors(derived: Derived, kinds: Kinds, embeddings) -> tuple[list[str], np.ndarray]:
    """Every alternative of every kind of a topic the corpus names, embedded once per table (at ingest; a store
    made before, at its first start): a topic with kinds embedded them on each question ("model compression" at 10k
    papers: 142 texts, 0.23 of a cold `ask`'s ~2.5 CPU s; 835 texts for the whole table, ~1 CPU s at ingest)."""
    rules = code_digest(kinds_rules, topic_terms_rules)
    texts = derived.json(
        f"kind-texts-{rules}",
        lambda: sorted({a for made in kinds.relations.values() for k in made for a in alternatives(k) if a}),
    )

    def embed() -> dict[str, np.ndarray]:  # as QueryVectors.prime makes them
        vectors = np.asarray(embeddings.embed_documents(texts), dtype=np.float32)
        return {"vectors": vectors if texts else np.zeros((0, 1), dtype=np.float32)}

    return texts, derived.arrays(f"kind-vectors-{rules}", embed)["vectors"]


def works(derived: Derived | None, papers) -> dict[str, np.ndarray]:
    """The papers' kinds of work and source entry counts, read from the store (computed at ingest: it reads every
    paper's sources, which a lazy table keeps on disk)."""
    if derived is None:
        return work_columns(papers)
    return derived.arrays(f"works-{code_digest(work_rules)}", lambda: work_columns(papers))


def derive(derived: Derived, table) -> tuple[dict[str, str], Acronyms]:
    """The short names and acronym pairs of a table's papers, read from the store (computed at ingest; named by
    the code and glossary that make them, so a changed rule recomputes them once)."""
    names = derived.json(f"short-names-{code_digest(name_rules)}", lambda: short_names(table.papers))
    rules = code_digest(acronyms_rules, GLOSSARY)
    acronyms = Acronyms.from_state(derived.json(f"acronyms-{rules}", lambda: Acronyms.of(table.papers).state()))
    return names, acronyms
