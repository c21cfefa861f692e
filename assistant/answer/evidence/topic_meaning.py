"""Topics by meaning and by stem, mixed into TopicMatcher: the words no paper uses, a subject the corpus does not
cover, a term's other forms by stem, the kinds of a topic the corpus names, and each paper's closest sentence."""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterator

import numpy as np

from assistant.answer.evidence import distinct, topic_score
from assistant.answer.evidence.list_agreement import LIST_ITEMS, ListAgreement
from assistant.answer.evidence.query_terms import derived_form, stem
from assistant.answer.evidence.topic_core import VersionedNames, core_words, holds, says_most, says_named
from assistant.answer.evidence.topic_terms import (
    MEANING_COVERAGE,
    NAME_ZIPF,
    NEAR_COVERAGE,
    PARTIAL_COVERAGE,
    TITLE_KNOWN_COVERAGE,
    UNCOVERED_SHARE,
    Support,
    _has_all,
    _known_terms,
    alternatives,
    content_terms,
    identities,
    key_terms,
    names_in,
    said_as_written,
    strongly_relevant,
)
from assistant.answer.evidence.weigh import QueryTerms, forms
from assistant.index.bm25 import terms, variants
from assistant.index.term_masks import mask_with
from assistant.models import Paper

CORE_CACHE = 4096  # the phrases whose cores are kept (a server reads many; each is a few words)


def said(phrase: str) -> set[str]:
    """Every form of the phrase's content words: a kind whose every word the topic says is no kind to add."""
    return {f for w in content_terms(phrase) for f in forms(w)}


class TopicMeaning(ListAgreement):
    """Mixed into TopicMatcher (which gives `terms`, `kinds`, `index`, `positions`, `vectors`, `embeddings` and the
    paper texts)."""

    def _core(self, words: list[str]) -> list[str]:
        """The phrase's core by the table's statistics (topic_core.core_words); [] without them."""
        if self.stats is None or not self.stats.size:
            return []
        # read once per phrase, not once per paper tested against it (at 10k papers a topic list tested ~270 papers,
        # each reading the postings of every word: 1.1 s of a 1.8 s question)
        cores = self.__dict__.setdefault("_cores", {})
        key = tuple(words)
        if key not in cores:
            if len(cores) >= CORE_CACHE:
                cores.clear()
            cores[key] = core_words(
                words, {w: len(self.stats.positions_with(forms(w))) / self.stats.size for w in words}
            )
        return cores[key]

    def says_named(self, words: list[str], vocabulary: frozenset[str]) -> bool:
        """The paper's text says the long forms of acronyms the phrase spells with generic words, by the acronym or
        the words (topic_core.says_named: "LLMs" or "large language models"): what its words read apart must say."""
        acronyms = getattr(self.picker, "acronyms", None)
        return says_named(words, self._core(words), vocabulary, self._names(), acronyms)

    def query_terms(self, words: list[str], derived: bool = True) -> QueryTerms:
        """`QueryTerms.of` the content words over the passages, a word found in a paper's text in the table's other
        forms of it too (`_names`: "altimeter" for "altimetry", unless `derived` is False: what one sentence must say
        of a whole phrase); a kind's weights read from the store (kind_reading.py)."""
        weights = self.kind_reading.weights.get(" ".join(words)) if self.kind_reading is not None else None
        out = QueryTerms.of(" ".join(words), self.lexical) if weights is None else QueryTerms(dict(weights))
        if (names := self._names()) is None:
            return out
        return out.with_alternatives({t: [frozenset({v}) for v in sorted(names.of(t, derived))] for t in out.weights})

    def scope_free(self, words: list[str]) -> np.ndarray:
        """What `_may_support` keeps for a phrase whatever the scope, as a mask over the index: the papers whose
        text holds enough of its terms' weight (or of its known terms') or all its words; a kind's read from the
        store (kind_reading.py)."""
        if (
            self.kind_reading is not None
            and (read := self.kind_reading.mask(" ".join(words), self.terms.size)) is not None
        ):
            return read
        qterms = self.query_terms(words)
        keep = self._covering_mask(qterms, min(NEAR_COVERAGE, MEANING_COVERAGE, PARTIAL_COVERAGE))
        if (known := _known_terms(qterms, self.lexical)) is not None:
            keep |= self._covering_mask(known, TITLE_KNOWN_COVERAGE)
        if words:
            keep |= np.logical_and.reduce([mask_with(self.terms, variants(w) | self._names().of(w)) for w in words])
        return keep

    def read_kinds(self, reading) -> None:
        """Use the kinds' reading made once per table (kind_reading.KindReading, or None): their terms, cores and
        scope-free papers are looked up, not read from the index on each question."""
        self.kind_reading = reading
        cores = self.__dict__.setdefault("_cores", {})
        for words, core in reading.cores.items() if reading is not None else ():
            cores.setdefault(tuple(words.split()), core)

    def _named_core(self, alt: str, words: list[str], used: Callable[[str], bool]) -> list[str]:
        """The core when it names something ("ResNet" of "results on ResNet models", "Qwen", "Tianhe-2"): a paper
        one of whose sentences says it is on the phrase, its generic words weighing in only when said. A core of
        ordinary words is no such name: "lower" of "lower cost training large language models" is said of a loss.
        Left without its generic words, the core is a phrase of its own whose qualifiers need not be said either
        (key_terms: "A100 GPUs" of "experiments on NVIDIA A100 GPUs")."""
        core = self._core(words)
        if not any(identities([w]) or distinct.zipf(w) < NAME_ZIPF for w in core):
            return []
        if len(core) == len(words):
            return core
        return sorted(key_terms(" ".join(w for w in re.findall(r"[\w-]+", alt.casefold()) if w in core), core, used))

    def _names(self) -> VersionedNames | None:
        """The table's other forms of a word (versioned names, "qwen2" for "qwen"; derived forms, "altimeter" for
        "altimetry": topic_core.VersionedNames), indexed on first use."""
        if self.stats is None:
            return None
        if getattr(self, "_versioned", None) is None:
            self._versioned = VersionedNames(self.stats.vocabulary, self._similar)
        return self._versioned

    def _similar(self, a: str, b: str) -> float:
        """Two words' closeness by meaning (MiniLM cosine of the normalized vectors)."""
        return float(self._query(a) @ self._query(b))

    def says_core(self, topic: str, paper: Paper) -> bool:
        """The paper's text says most of the core of one of the topic's alternatives (topic_core.says_most), or an
        alternative has no core: what a paper placed on the topic by meaning alone must say."""
        whole = self._whole_of(paper)
        # its words of ordinary English ("lower" of "lower cost training …") are said in other words too ("low-cost")
        cores = [[w for w in self._core(content_terms(alt)) if not distinct.ordinary(w)] for alt in alternatives(topic)]
        return any(not core or says_most(core, whole, self._names()) for core in cores)

    def unused_words(self, words: list[str]) -> list[str]:
        """The words no paper's text in the table uses in any form (from the inverted index built at ingest):
        "speech" in a corpus on HPC and compression; a compound by itself, not its parts ("low-resource"). Empty
        without the index."""
        if self.terms is None:
            return []
        return [w for w in words if terms(w) and not self._held_in_some_spelling(terms(w)[0])]

    def _held_in_some_spelling(self, term: str) -> bool:
        """Some paper holds the term as written, or written closed where it is hyphenated or hyphenated where it is
        closed ("onboard" for the papers' "on-board", "multi-core" for "multicore"): the same word typed another way."""
        if self.terms.papers_with(forms(term)):
            return True
        joined = self.__dict__.get("_hyphen_joined")
        if joined is None:  # the table's hyphenated words by their closed spelling, made on first use
            joined = self.__dict__["_hyphen_joined"] = {
                v.replace("-", ""): v for v in self.terms.vocabulary if "-" in v
            }
        closed = term.replace("-", "")
        other = closed if "-" in term else joined.get(term)
        return bool(other and self.terms.papers_with(forms(other)))

    def uncovered(self, words: list[str], search: Callable[[], list], people: list[str]) -> list[str]:
        """The question's subject words that show the corpus does not cover it, or []: words that name something
        (not function words, not people) no paper's text uses, at least UNCOVERED_SHARE of them, with no retrieval
        hit (`search()`) strongly relevant. A question with such words but a strongly relevant passage is covered."""
        names = {t for person in people for t in terms(person)}
        subject = [w for w in words if not distinct.function_word(w) and not set(terms(w)) & names]
        unused = self.unused_words(subject)
        if not unused or len(unused) < UNCOVERED_SHARE * len(subject):
            return []
        return [] if strongly_relevant(search()) else unused  # searched only when the words leave it open

    def _stem_mates(self, term: str) -> set[str]:
        """The table's words with the term's stem ("classification", "classifiers" for "classifying"), from a stem
        index of the inverted index's vocabulary made on first use."""
        if self._by_stem is None:
            self._by_stem = {}
            for v in self.terms.vocabulary:
                self._by_stem.setdefault(stem(v), []).append(v)
        return set(self._by_stem.get(stem(term), ()))

    def _stem_coverage(self, qterms: QueryTerms, paper: Paper) -> float:
        """The share of the terms' weight the paper's text holds in any form of the same stem (query_terms.stem:
        "classifying" by "classification")."""
        if paper.id not in self._stems:
            self._stems[paper.id] = frozenset(stem(t) for t in self._whole_of(paper))
        total = sum(qterms.weights.values())
        held = sum(w for t, w in qterms.weights.items() if stem(t) in self._stems[paper.id])
        return held / total if total else 0.0

    def _kinds_of(self, topic: str, papers: list[Paper]) -> list[str]:
        """The kinds the corpus names of a one-alternative topic whose key is one word ("compression" of "model
        compression"), and those a reader knows of each alternative that names a field ("neural networks":
        index/field_kinds.py), less those it already says."""
        alts = alternatives(topic)
        # a field's known kinds whatever is asked beside it ("quantum chemistry or DFT"), but no item's of a list of one
        # subject ("neural nets, RL agents, learned dynamics" in simulations: LLM papers too, 16 papers for 3)
        fields = alts if len(alts) < LIST_ITEMS else []
        known = [k for alt in fields for k in self.kinds.known(alt) if not set(content_terms(k)) <= said(alt)]
        if (at := self._at(papers)) is not None:  # the inverted index: no pass over every paper per word

            def used(word: str) -> bool:
                return bool(self.terms.papers_with(variants(word)) & at)
        else:
            vocabularies = [self._whole_of(p) for p in papers]

            def used(word: str) -> bool:
                return any(variants(word) & v for v in vocabularies)

        out: list[str] = list(known)
        if len(alts) != 1:
            return out  # "compression or quantization": the question names the kinds of the corpus it means
        acronyms = getattr(self.picker, "acronyms", None)
        out += self._named_as(alts[0], acronyms)
        for alt in alts:
            words = content_terms(alt)
            key = key_terms(alt, words, used)
            says = said(alt)
            if len(key) == 1:
                out += [k for k in self.kinds.of_field(next(iter(key))) if not set(content_terms(k)) <= says]
            elif (
                acronyms is not None
                and len((short := acronyms.expansion(alt)).split()) == 1
                and _whole(words, acronyms.long_forms.get(short.casefold(), ()))
            ):
                # a long form is its acronym: "LLMs, including LLaMA and Qwen" names kinds of "large language models"
                out += [k for k in self.kinds.of_field(short) if not set(content_terms(k)) <= says]
        return list(dict.fromkeys(out))

    def _named_as(self, alt: str, acronyms) -> list[str]:
        """A name the phrase writes that the corpus says is what the rest of it names ("Sentinel-1 SAR" where a
        title writes "Sentinel-1 SAR", index/named_kinds.py; "Sentinel-1 radar" by SAR's long form too): the name
        alone says the phrase, so a paper writing "Sentinel-1 images" is on it."""
        names = names_in(alt) if len(alt.split()) > 1 else []
        rest = [w for w in alt.split() if not any(n in w for n in names)]
        # the phrase is names and its kind's noun, no more: "running NVIDIA A100 GPUs" asks more than A100s
        if not (names and rest and all(names_in(w) for w in rest[:-1]) and (heads := terms(rest[-1]))):
            return []
        heads = [heads[0]]
        if acronyms is not None:  # the acronyms whose long form ends in the rest's word ("radar" of SAR)
            heads += [a for a, longs in acronyms.long_forms.items() if any(ls[-1:] == (heads[0],) for ls in longs)]
        of = {n.casefold() for h in heads for n in self.kinds.of_field(h)}
        return [n for n in names if n.casefold() in of]

    def _head_near(self, paper: Paper, alt: str, words: list[str], derived: bool = False) -> bool:
        """A sentence of the paper says the phrase's head (its last word) with another of its words: "search" in
        "neural architecture search" said only of "the quantization search problem" does not ground it. With
        `derived`, a word counts in any form of it the sentence uses (query_terms.derived_form: "radar altimeter" for
        "radar altimetry", "ice … images" for "sea ice SAR imagery"), as the membership score reads it."""
        said = [t for t in re.findall(r"[\w-]+", alt.casefold()) if t in words]
        if len(set(said)) < 2:
            return True
        head, rest = said[-1], list(dict.fromkeys(w for w in said[:-1] if w != said[-1]))
        if not derived:
            return any(_has_all([head], v) and any(_has_all([w], v) for w in rest) for _, v in self._texts_of(paper))
        # in other forms, the head beside at least half the phrase's other words: "classifier … Sentinel-1 images"
        # is not "classifying sea ice in SAR images", "ice classifier … images" is
        least = max(1, math.ceil(len(rest) / 2))
        return any(
            _has_derived(head, v) and sum(_has_derived(w, v) for w in rest) >= least for _, v in self._texts_of(paper)
        )

    def closest(self, topic: str, papers: list[Paper]) -> dict[str, float]:
        """Each paper's closest abstract sentence to the topic (MiniLM cosine), from the stored sentence vectors."""
        return self._best_sims(topic, papers)

    def _keeping_names(self, topic: str, papers: list[Paper], out: set[str]) -> set[str]:
        """Of the papers `out` holds on a negated topic, those that say the names its alternatives write, when every
        alternative writes one ("any Sentinel satellite data": the name is what is negated; a paper on satellite data
        that names no Sentinel is not on it), a name in its versioned forms too ("Qwen2.5", "Qwenin")."""
        named = [names_in(alt) if len(alt.split()) > 1 else [] for alt in alternatives(topic)]
        if not (named and all(named)):
            return out
        by_id = {p.id: p for p in papers}
        return {
            pid
            for pid in out
            if any(
                all(holds(w, self._whole_of(by_id[pid]), self._names()) for w in content_terms(" ".join(n)))
                for n in named
            )
        }

    def _best_sims(self, topic: str, papers: list[Paper]) -> dict[str, float]:
        """Each paper's closest abstract sentence to the topic (MiniLM cosine)."""
        sentences, vectors, runs = self._sentences(papers)
        sims = vectors @ self._query(topic)
        return {p.id: float(sims[a:b].max()) for p, a, b in runs if b > a}

    def _query(self, text: str) -> np.ndarray:
        if self.vectors is not None:
            self.vectors.prime([text])
            return self.vectors.get(text)
        return np.asarray(self.embeddings.embed_query(text), dtype=np.float32)

    def scored_alternatives(self, topic: str, papers: list[Paper]) -> Iterator[tuple[str, list[str], QueryTerms]]:
        """Each alternative of the topic the membership score reads, with its content words and its terms weighted
        over the scope `papers` (the score's and bench/topic_membership.py's one reading of them)."""
        for alt in alternatives(topic):
            words = content_terms(alt)
            # one ordinary word alone ("here") holds its stem in many texts by chance
            if not words or (len(words) == 1 and distinct.ordinary(words[0])):
                continue
            qterms = QueryTerms.of(" ".join(words), self.lexical)
            if not qterms.weights:
                continue
            yield alt, words, distinct.scope_weighted(qterms, *self._scope_df(papers, self._at(papers)))

    def _by_score(self, topic: str, papers: list[Paper], have: set[str], grounded: bool = False) -> list[Support]:
        """The papers of `papers` not in `have` (those the topic's words ground) whose learned membership score
        (topic_score.py) puts them on the topic: meaning (closest sentence, title) with much of the phrase's weight
        in their text by stem. An identity ("Sentinel-2") must still be said as written. `grounded`: some paper the
        words ground is kept on the topic (its gates read it: topic_score.gated)."""
        rest = [p for p in papers if p.id not in have]
        if not rest:
            return []
        learned = topic_score.weights()
        out: dict[str, Support] = {}
        for alt, words, qterms in self.scored_alternatives(topic, papers):
            floor = learned.least_stems()
            near = self._covering(qterms, floor) if self.terms is not None and floor > 0 else None
            ids = said_as_written(words)
            cands = [
                p
                for p in rest
                if (near is None or self.positions.get(p.id, -1) in near)
                and p.id not in out
                and (not ids or _has_all(ids, self._whole_of(p)))
            ]
            if not cands:
                continue
            by_id = {p.id: p for p in cands}
            # The weighted features first, for every candidate; the gates (which tokenize each paper's sentences:
            # ~2.7 s over 4.5k candidates at 10k papers) only for those the score already passes. Each paper's
            # features do not depend on the other candidates, so the two passes give what one pass over all gives.
            weighted = set(learned.weights)
            first = topic_score.features(self, topic, alt, words, qterms, papers, cands, weighted)
            floor = learned.gates.get("sentence_floor", 0.0)
            passing = [
                by_id[pid]
                for pid, f in first.items()
                if learned.z(f["features"]) >= 0 and f["features"]["sentence"] >= floor
            ]
            if not passing:
                continue
            # the waiver `head_derived` decides only where the words ground some paper (topic_score.gated)
            wanted = learned.wanted() - (set() if grounded else {"head_derived"})
            found = (
                topic_score.features(self, topic, alt, words, qterms, papers, passing, wanted)
                if wanted - weighted
                else {p.id: first[p.id] for p in passing}
            )
            for pid, f in found.items():
                if topic_score.gated(learned, f["features"], len(words), grounded) and learned.z(f["features"]) >= 0:
                    out[pid] = Support(by_id[pid], f["sentence"], f["sim"])
        return list(out.values())


def _has_derived(word: str, vocab: frozenset[str]) -> bool:
    """The sentence's vocabulary says the word in some form of it (query_terms.derived_form)."""
    return _has_all([word], vocab) or any(derived_form(word, v) for v in vocab)


def _whole(words: list[str], long_forms) -> bool:
    """The phrase is an acronym's long form itself, no word added: a kind of "LLMs" ("LLaMA") is one of "large
    language models", not of "systems for training large language models" (that phrase's kinds are its own)."""
    return any(len(words) <= len(long) for long in long_forms)
