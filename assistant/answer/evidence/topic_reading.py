"""What a topic decision reads of the papers: each paper's texts, abstract sentences with their stored vectors, and
whole vocabulary (made once per table), and the inverted index's counts over a scope of papers."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import numpy as np

from assistant.answer.evidence import distinct
from assistant.answer.evidence.query_terms import stem
from assistant.answer.evidence.topic_terms import sentences_of, texts_of
from assistant.answer.evidence.weigh import forms, vocabulary
from assistant.index.bm25 import terms
from assistant.index.scopes import Scopes, count
from assistant.models import Paper


class TopicReading:
    """The papers' texts, sentences and words a TopicMatcher reads, cached per table, and the postings over a scope."""

    def __init__(
        self,
        embeddings,
        picker,
        lexical,
        vectors=None,
        index=None,
        positions=None,
        terms=None,
        kinds=None,
        stats=None,
        own=None,
    ):
        # Each paper's texts with their vocabularies, and its whole vocabulary, made once per table (an Answerer,
        # and so this matcher, is built anew when the table changes): a topic no paper supports scans every paper,
        # and at 10k synthetic papers (699 the author's) re-deriving them took 7-14 s per question.
        self._texts: dict[str, list[tuple[str, frozenset[str]]]] = {}
        self._whole: dict[str, frozenset[str]] = {}
        self._stems: dict[str, frozenset[str]] = {}  # each paper's word stems (query_terms.stem), made on first use
        self._by_stem: dict[str, list[str]] | None = None  # stem -> the table's words with it (`_stem_mates`)
        self.embeddings = embeddings
        self.vectors = vectors
        self.picker = picker
        self.lexical = lexical
        self.index = index  # index.sentence_index.SentenceIndex of the table (built at ingest), or None
        self.positions = positions or {}  # paper id -> its position in the table (the index's rows)
        self._last: _Kept | None = None  # what `_sentences` made of the papers it read last
        self.terms = terms  # index.paper_terms.PaperTerms: term -> papers (built at ingest), or None
        self.scopes = Scopes(self.positions, terms.size) if terms is not None else None  # pools as positions
        self.kinds = kinds  # index.kinds.Kinds: what the corpus says is a kind of what (built at ingest), or None
        # per position in the table, whether the paper is the principal author's (None: not known, read per scope)
        self.own = None if own is None else np.asarray(own, dtype=bool)
        self.kind_reading = None  # kind_reading.KindReading: what grounding a kind reads of the table (`read_kinds`)
        # the table's word statistics a topic's core is read by (topic_core.py): the inverted index unless given
        self.stats = stats if stats is not None else terms

    def _texts_of(self, paper: Paper) -> list[tuple[str, frozenset[str]]]:
        if paper.id not in self._texts:
            self._texts[paper.id] = [(t, vocabulary(t)) for t in self._own_texts(paper)]
        return self._texts[paper.id]

    def _own_texts(self, paper: Paper) -> list[str]:
        """`texts_of`, its sentences read from the index rather than split and filtered again."""
        if self.index is None or paper.id not in self.positions:
            return texts_of(paper)
        out = [paper.title or "", *self.index.texts(self.positions[paper.id]), *paper.comments]
        return [t for t in dict.fromkeys(out) if t]

    def _sentences(
        self, papers: list[Paper], keep: bool = True
    ) -> tuple[list[tuple[Paper, str]], np.ndarray, list[tuple[Paper, int, int]]]:
        """Every abstract sentence of the papers with its stored vector, and each paper's run of rows: rows of the
        index when there is one (one array read, no lookup by text). The last set asked for is kept (a topic
        list usually reads the author's papers, the same set each time), unless `keep` is false (a passing subset
        that should not evict it)."""
        key = tuple(p.id for p in papers)
        last = self._last
        if last is not None and last.key == key:
            return last.made
        if last is not None and (within := last.subset(papers, key)) is not None:
            return within
        indexed = self.index is not None and all(p.id in self.positions for p in papers)
        if indexed:
            at = [self.positions[p.id] for p in papers]
            vectors, _ = self.index.matrix(at, embed=self.picker.vectors)
            sentences = [(p, s) for p, i in zip(papers, at) for s in self.index.texts(i)]
        else:
            sentences = [(p, s) for p in papers for a in p.abstracts for s in sentences_of(a)]
            vectors = self.picker.vectors([s for _, s in sentences])
        runs, start = [], 0
        for i in range(1, len(sentences) + 1):
            if i == len(sentences) or sentences[i][0] is not sentences[start][0]:
                runs.append((sentences[start][0], start, i))
                start = i
        if keep:
            self._last = _Kept(key, (sentences, vectors, runs), indexed)
        return sentences, vectors, runs

    def vocabulary_of(self, paper: Paper) -> frozenset[str]:
        """Every term of the paper's own text (title, abstract sentences, comments)."""
        return self._whole_of(paper)

    def _whole_of(self, paper: Paper) -> frozenset[str]:
        if paper.id not in self._whole:
            if self.terms is not None and paper.id in self.positions:  # read from the index, not tokenised
                self._whole[paper.id] = self.terms.words_of(self.positions[paper.id])
            else:
                self._whole[paper.id] = frozenset().union(*(v for _, v in self._texts_of(paper)))
        return self._whole[paper.id]

    def _at(self, papers: list[Paper]) -> frozenset[int] | None:
        """The papers' positions in the inverted index, or None when it is not built or misses one of them."""
        scope = self.scopes.of(papers) if self.scopes is not None else None
        return None if scope is None else scope.at

    def group_of(self, papers: list[Paper]) -> np.ndarray | None:
        """The positions of every paper of the group the scope's papers belong to: the author's papers when all of
        them are his, the others' when none is, the whole table when both are; None without the index."""
        at = self._at(papers)
        if at is None or self.own is None or self.terms is None or len(self.own) != self.terms.size:
            return None
        mine = self.own[list(at)] if at else np.zeros(0, dtype=bool)
        if mine.all():
            return self.own
        return ~self.own if not mine.any() else np.ones(self.terms.size, dtype=bool)

    def users(self, papers: list[Paper]) -> tuple[Callable[[str], bool], Callable[[str], bool]]:
        """Whether some paper of `papers` uses a word in some form (distinct.used), and as itself (distinct.used_whole),
        from the postings when indexed: a vocabulary for each paper of a scope of other groups' papers (a topic none
        of the author's is on) read 98k papers' words and held them, ~1.7 GB at 100k."""
        scope = self.scopes.of(papers) if self.scopes is not None else None
        if scope is None:
            vocabularies = [self._whole_of(p) for p in papers]
            return (lambda w: distinct.used(w, vocabularies)), (lambda w: distinct.used_whole(w, vocabularies))
        held = lambda words: bool(scope.mask[self.terms.positions_with(words)].any())  # noqa: E731
        return (lambda w: bool(terms(w)) and held(set().union(*map(forms, terms(w))))), (
            lambda w: held(forms(w.casefold()))
        )

    def holding(self, word: str, papers: list[Paper] | None) -> int:
        """In how many of the papers' texts (None: the whole table's, from the index) the word is held in some form
        (distinct.held): a count of postings when indexed (testing 10k vocabularies against its stem took ~1 s)."""
        scope = self.scopes.of(papers) if self.scopes is not None and papers is not None else None
        if scope is None and papers is not None:
            return sum(1 for p in papers if distinct.held(word, self._whole_of(p)))
        said = terms(word)
        wanted = set().union(*(forms(t) for t in said)) if said else set()
        wanted |= self.terms.stemmed({stem(t, derived=True) for t in said}, partial(stem, derived=True))
        if (names := self._names()) is not None:
            # its versioned forms too ("ResNext50" holds "ResNeXt"), as the topic's grounding reads them
            wanted |= {v for t in said for v in names.of(t, derived=False)}
        return count(self.terms, wanted, scope)

    def _scope_df(self, papers: list[Paper], at: set[int] | None) -> tuple[int, Callable[[str], int]]:
        """How many papers are in scope, and in how many of them a term is (from the inverted index when built)."""
        if at is not None:
            return len(papers), lambda t: len(self.terms.papers_with(forms(t)) & at)
        vocabularies = [self._whole_of(p) for p in papers] if len(papers) >= distinct.MIN_SCOPE else []
        return len(papers), lambda t: sum(1 for v in vocabularies if forms(t) & v)

    def derived_form(self, word: str, papers: list[Paper]) -> str:
        """The form of a topic word the papers write, when they never write the word itself in any inflection: the
        index's term of the same derived stem (query_terms.stem, derived) the most of them hold ("quantization" for
        "quantizing", "simulated" for "simulating"); "" when the papers write the word, or no term of its stem, or
        the table has no index. The topic's words are matched to the papers by inflection only, so a derived form
        the question chose grounded no paper."""
        scope = self.scopes.of(papers) if self.terms is not None and self.scopes is not None else None
        w = word.casefold()
        if scope is None or not w.isalpha() or len(w) < 5 or scope.mask[self.terms.positions_with(forms(w))].any():
            return ""
        mates = sorted(self.terms.stemmed({stem(w, derived=True)}, partial(stem, derived=True)) - {w})
        held = [(int(scope.mask[self.terms.positions_with(forms(t))].sum()), t) for t in mates]
        best = max(held, key=lambda x: x[0], default=(0, ""))
        return best[1] if best[0] else ""


class _Kept:
    """What `_sentences` made of a set of papers, kept for the next call: the same set is returned as made, and a
    subset of it read from it (a topic list reads its scope's sentences and then those of the papers its words
    admit, a subset of it: reading the index again was about a fifth of a topic question's CPU at 10k papers)."""

    def __init__(self, key: tuple[str, ...], made: tuple, indexed: bool):
        self.key, self.made = key, made
        # only rows read from the index are read alike whatever the set: a subset then gets the very same rows
        self.indexed = indexed and len(set(key)) == len(key)
        self._read: tuple[frozenset[str], dict[str, tuple[int, int]]] | None = None  # ids, each one's rows

    def subset(self, papers: list[Paper], key: tuple[str, ...]) -> tuple | None:
        """`_sentences` of `papers` (`key`: their ids) from the kept rows, or None when one of them is not kept."""
        if not self.indexed or len(set(key)) != len(key):
            return None
        kept, vectors, kept_runs = self.made
        if self._read is None:  # made on the first subset asked (one assignment: threads share it)
            self._read = (frozenset(self.key), {p.id: (a, b) for p, a, b in kept_runs})
        ids, spans = self._read
        if not ids.issuperset(key):
            return None
        sentences: list[tuple[Paper, str]] = []
        rows, runs = [], []
        for p in papers:
            a, b = spans.get(p.id, (0, 0))
            if b > a:
                runs.append((p, len(sentences), len(sentences) + b - a))
                sentences += [(p, s) for _, s in kept[a:b]]
                rows.append(np.arange(a, b))
        return sentences, vectors[np.concatenate(rows)] if rows else vectors[:0], runs
