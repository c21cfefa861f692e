"""Grounded topic sets: a paper is "on X" only when its own text supports X, not when it is merely near X.

A paper supports a topic phrase when one of its sentences (title, abstract sentences, listing comments) holds every
content term of the phrase (or its core: topic_core.py), or when a sentence means the phrase very closely (MiniLM
cosine) and the paper shares most of its terms. Calibrated on the seeds (see the comments below): neighbouring topics
("binarized networks" for a mixed-precision quantization paper, 0.58; "sparse LU factorization" for a low-rank
factorization paper, 0.60) fall below the meaning bar and miss a term, so they are not listed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

import numpy as np

from assistant.answer.evidence import distinct, topic_check
from assistant.answer.evidence.negated_figure import measure_asked, states_figure
from assistant.answer.evidence.negated_meaning import NegatedMeaning
from assistant.answer.evidence.topic_core import holds, holds_all
from assistant.answer.evidence.topic_kinds import TopicKinds, _Reading
from assistant.answer.evidence.topic_meaning import TopicMeaning
from assistant.answer.evidence.topic_reading import TopicReading
from assistant.answer.evidence.topic_terms import (  # noqa: F401 - read from here too
    _EXAMPLES,
    _IDENTITY,
    CO_OCCUR_DENSE,
    ELSEWHERE_MEANING_DENSE,
    ELSEWHERE_WORD_DENSE,
    GENERIC,
    KIND_DENSE,
    MAX_PHRASE_WORDS,
    MEANING_COVERAGE,
    MEANING_DENSE,
    NAME,
    NAME_ZIPF,
    NEAR_COVERAGE,
    NEAR_DENSE,
    PARTIAL_COVERAGE,
    PARTIAL_DENSE,
    STATEMENT_DENSE,
    STRONG_DENSE,
    STRONG_LEAD,
    TITLE_KNOWN_COVERAGE,
    UNCOVERED_SHARE,
    WHOLE_DENSE,
    WORD_TIER,
    Support,
    _has_all,
    _known_terms,
    _title_names,
    alternatives,
    content_terms,
    identities,
    key_terms,
    names_in,
    only_as_other,
    said_as_name,
    said_as_written,
    sentences_of,
    strongly_on,
    strongly_relevant,
    texts_of,
)
from assistant.answer.evidence.weigh import QueryTerms, forms
from assistant.answer.plan.phrases.wording import CLAIM_FIRST, FIRST_CLAIMED
from assistant.index.bm25 import variants
from assistant.index.term_masks import mask_with
from assistant.models import Paper


class TopicMatcher(TopicMeaning, TopicReading, NegatedMeaning, TopicKinds):
    """Which papers of a scope a topic phrase is on (`papers_on`) or touches (`papers_touching`)."""

    def _may_support(self, papers: list[Paper], alts: list[str], used: Callable[[str], bool]) -> list[Paper]:
        """The papers that can pass a rule of `papers_on`, from the inverted index, without reading their texts.
        Every rule needs, in the paper's whole text, all the phrase's words, or at least NEAR_COVERAGE of its
        weight (the lowest coverage bar), or 0.6 of its known terms' weight (`_title_names`); a paper short of all
        three for every alternative cannot be listed, however close its meaning."""
        if self.terms is None:
            return papers
        keep = np.zeros(self.terms.size, dtype=bool)  # by position in the index, as masks: no int per posting
        for alt in alts:
            words = content_terms(alt)
            if not self.query_terms(words).weights:
                return papers  # a phrase with no terms covers every text (coverage 1.0): nothing to narrow by
            keep |= self.scope_free(words)
            for need in (key_terms(alt, words, used) if len(alts) == 1 else [], self._named_core(alt, words, used)):
                if need:
                    keep |= np.logical_and.reduce(
                        [mask_with(self.terms, variants(w) | self._names().of(w)) for w in need]
                    )
        return [p for p in papers if p.id not in self.positions or keep[self.positions[p.id]]]

    def _covering(self, qterms: QueryTerms, floor: float) -> set[int]:
        """Positions of the papers whose whole text holds at least `floor` of the terms' weight (QueryTerms.coverage
        over the paper's vocabulary, summed over the postings), a term counted in any form of its stem too (the
        stem coverage of the near-meaning rule)."""
        return set(np.flatnonzero(self._covering_mask(qterms, floor)).tolist())

    def _covering_mask(self, qterms: QueryTerms, floor: float) -> np.ndarray:
        """`_covering` as a mask over the index's papers."""
        total = sum(qterms.weights.values())
        score = np.zeros(self.terms.size, dtype=np.float64)
        for t, w in qterms.weights.items():
            score[mask_with(self.terms, forms(t) | self._stem_mates(t))] += w
        return (score > 0) & (score / total >= floor - 1e-9)

    def papers_on(
        self,
        topic: str,
        papers: list[Paper],
        literal: str | None = None,
        scored: bool = True,
        checked: bool = True,
    ) -> list[Support]:
        """The papers among `papers` whose own text supports the topic, best supported first; with those the
        calibrated membership score puts on it (topic_score.py) and those that name a kind of it the corpus states
        ("post-training quantization" for "model compression": index/kinds.py). With `scored` and `checked`, the
        papers the words admit pass the learned check too (topic_check.py)."""
        found = self._grounded(topic, papers, literal, by_core=scored)
        if literal or not papers:
            return found
        grounded = {sp.paper.id for sp in found}
        # meaning alone must say the core; a paper on one listed sub-topic must be near the whole list
        found = self._agreeing(topic, [sp for sp in found if sp.score >= WORD_TIER or self.says_core(topic, sp.paper)])
        if scored:  # `scored=False`: whether the phrase's own words ground a paper, as the planner asks
            # its own gates (topic_score.gated) read the same two, and whether the words keep a paper on it
            found += self._by_score(topic, papers, grounded, bool(found))
        if self.kinds is None:
            return sorted(self._checked(topic, found, papers, scored and checked), key=lambda sp: -sp.score)
        extra = self._on_kinds(topic, papers, found)
        found = self._checked(topic, [*found, *extra.values()], papers, scored and checked)
        return sorted(found, key=lambda sp: -sp.score)

    def grounds(self, topic: str, papers: list[Paper]) -> bool:
        """Whether the topic's own words ground a paper of `papers`: `bool(papers_on(topic, papers, scored=False))`,
        as the planner asks it, without the kinds of the topic when the phrase itself grounds a paper (a kind only
        adds papers: 146 kinds of "model compression" at 10k papers were read to learn what one paper told)."""
        found = self._grounded(topic, papers, by_core=False)
        if not papers:
            return bool(found)
        found = self._agreeing(topic, [sp for sp in found if sp.score >= WORD_TIER or self.says_core(topic, sp.paper)])
        return bool(found) or (self.kinds is not None and bool(self._on_kinds(topic, papers, found)))

    def _reading(self, papers: list[Paper], by_group: bool = False) -> _Reading:
        """What grounding any phrase over the scope `papers` reads of the scope itself; with `by_group`, whether a
        word is used is read over the scope's group (a topic's own reading), else over the scope (a kind of it read
        over the papers the topic left: "Sentinel-1" as a kind of "radar" needs its name said there)."""
        at = self._at(papers)
        group = self.group_of(papers) if by_group else None

        @lru_cache(maxsize=1024)
        def used(word: str) -> bool:
            # Some paper of the scope's group says the word (the author's papers for a scope of his, the others' for
            # theirs): a word none says is a subject they may lack, kept in the words a paper must hold
            # (topic_terms.key_terms). Read over the group, not the scope: in a scope narrowed by dates to four
            # papers, "scientific" in "scientific simulation" was said by none and left the atomistic simulation
            # paper off a topic it is on in every wider scope; over the whole table, "drone" (another group's word)
            # would let "path planning for drone swarms" read as his swarm paper.
            if group is not None:  # from the postings: reading 10k papers' words for a word none uses took ~60 ms
                return bool(group[self.terms.positions_with(variants(word))].any())
            if at is not None:
                return not at.isdisjoint(self.terms.papers_with(variants(word)))
            return any(variants(word) & self._whole_of(p) for p in papers)

        return _Reading(self._scope_df(papers, at), used)

    def _checked(self, topic: str, found: list[Support], papers: list[Paper], checked: bool) -> list[Support]:
        return topic_check.admitted(self, topic, found, papers) if checked else found

    def papers_touching(self, topic: str, papers: list[Paper], within: str = "") -> set[str]:
        """The ids of the papers a negated topic rules out ("not about LLMs", "never mention LLMs or language
        models"): those on it (`papers_on`), and those whose text says any alternative of it at all, by its own
        words, its acronym's other side ("LLM training" for "large language models") or a kind of it the corpus
        names ("LLaMA" for "LLMs"); a passing mention is the safe error. Inside a topic (`within`: "his LLM papers
        not about training LLMs") the topic's own words mark every paper listed: the words left rule a paper out.
        A figure asked ("no numeric speedup") rules out the papers that give one (`negated_figure`)."""
        if (measure := measure_asked(topic)) is not None:
            return {p.id for p in papers if any(states_figure(measure, t) for t in texts_of(p))}
        kept = {w.removesuffix("s") for w in content_terms(within)}
        rest = " ".join(w for w in topic.split() if not {t.removesuffix("s") for t in content_terms(w)} & kept)
        topic, asked = (rest if kept and content_terms(rest) else topic), topic
        # unchecked: a paper the check leaves off the topic would be listed as not on it
        out = {sp.paper.id for sp in self.papers_on(topic, papers, checked=False)}
        out = self._keeping_names(topic, papers, out)
        acronyms = getattr(self.picker, "acronyms", None)
        for alt in alternatives(topic):
            # the kinds of its key word only: "small" (from "15 models, including small …") is no kind of "model
            # compression"
            phrases = [alt, *(self._kinds_of(alt, papers) if self.kinds is not None else [])]
            # "SAR imagery", "any ResNet model", "Sentinel-1 data", "a ResNet-type network": a name the question
            # writes is the thing itself, the words beside it what of it; a paper that says the name at all touches it
            if len(alt.split()) > 1 and (names := names_in(alt)):
                phrases.append(" ".join(names))
            if acronyms is not None:
                # each long form of an acronym it says ("large language model" for "LLMs"), and the acronym of a
                # long form it says ("LLM" for "large language models")
                for w in content_terms(alt):
                    for form in {w, w.removesuffix("s")}:
                        phrases += [" ".join(long) for long in sorted(acronyms.long_forms.get(form, ()))]
                if len((other := acronyms.expansion(alt)).split()) == 1:
                    phrases.append(other)
            if len(content_terms(alt)) > MAX_PHRASE_WORDS and not names_in(alt):
                # longer than a noun phrase: a statement ("the compressed model ends up better than the original"),
                # whose words no one sentence need hold; a paper one of whose sentences means it touches it. One that
                # names a thing is a noun phrase about it ("data from any Sentinel satellite"): its name decides
                rest = [p for p in papers if p.id not in out]
                out |= {pid for pid, sim in self._best_sims(alt, rest).items() if sim >= STATEMENT_DENSE}
            for phrase in phrases:
                words = content_terms(phrase)
                if not words or len(words) > MAX_PHRASE_WORDS:
                    continue
                # all in one sentence: "vision and language tasks" and "deep models" apart are no "language models"
                out |= {
                    p.id
                    for p in papers
                    if p.id not in out
                    and _has_all(words, self._whole_of(p))
                    and any(_has_all(words, v) for _, v in self._texts_of(p))
                }
        by_id = {p.id: p for p in papers}
        out = {pid for pid in out if not only_as_other(topic, [t for t, _ in self._texts_of(by_id[pid])])}
        return out | self.touching_by_meaning(asked, papers, out, within)  # a kind its members or other words say

    def _grounded(
        self, topic: str, papers: list[Paper], literal: str | None = None, by_core: bool = True
    ) -> list[Support]:
        """The papers among `papers` whose own text supports the topic itself, best supported first."""
        if literal:
            needle = re.sub(r"\s+", " ", literal.casefold())
            out = []
            for p in papers:
                for t in texts_of(p):
                    if (
                        FIRST_CLAIMED.search(t)
                        if literal == CLAIM_FIRST
                        else needle in re.sub(r"\s+", " ", t.casefold())
                    ):
                        out.append(Support(p, t, 1.0))
                        break
            return out
        alts = alternatives(topic)
        if not alts or not papers:
            return []
        reading = self._reading(papers, by_group=True)
        return self._grounded_in(alts, self._may_support(papers, alts, reading.used), reading, by_core)

    def _grounded_in(
        self, alts: list[str], papers: list[Paper], reading: _Reading, by_core: bool = True
    ) -> list[Support]:
        """`_grounded` of the alternatives over the papers `_may_support` kept of a scope read as `reading`."""
        in_scope, used = reading.in_scope, reading.used
        if not papers:
            return []
        if self.vectors is not None:
            self.vectors.prime(alts)
        # Only abstract sentences have stored vectors; titles and comments count for their words (embedding
        # them per question cost ~300 ms on the seeds), with the paper's best sentence standing for their meaning.
        sentences, vectors, runs = self._sentences(papers)
        best: dict[str, Support] = {}
        for alt in alts:
            words = content_terms(alt)
            qterms = self.query_terms(words)
            known = _known_terms(qterms, self.lexical)
            qterms = distinct.scope_weighted(qterms, *in_scope)
            # a sentence says the phrase as a whole (`by_core` False, the planner's question) only in its own words
            written = qterms if by_core else distinct.scope_weighted(self.query_terms(words, derived=False), *in_scope)
            q = (
                self.vectors.get(alt)
                if self.vectors is not None
                else np.asarray(self.embeddings.embed_query(alt), dtype=np.float32)
            )
            sims = vectors @ q
            per_paper: dict[str, tuple[float, str]] = {}
            for p, a, b in runs:  # each paper's best sentence (the first of equals)
                i = a + int(np.argmax(sims[a:b]))
                if p.id not in per_paper or float(sims[i]) > per_paper[p.id][0]:
                    per_paper[p.id] = (float(sims[i]), sentences[i][1])
            whole = {p.id: self._whole_of(p) for p in papers}
            cands = [p for p in papers if _has_all(said_as_written(words), whole[p.id])]
            # A part of "benchmarks for HPC or AI-HPC systems" is a fragment of one phrase shared out over the
            # alternatives ("benchmarks HPC"): its last word is no head, so all its words stay.
            key = sorted(key_terms(alt, words, used)) if len(alts) == 1 else words
            # an identity among the key words ("A100") needs no meaning bar ("on a single A100 GPU …": cosine 0.24)
            named = bool(identities(key))
            # the words that tell papers apart (not when the planner asks whether the phrase as a whole grounds one)
            core, names = self._named_core(alt, words, used) if by_core else [], self._names()
            said = {p.id: p for p in cands if self.says_named(words, whole[p.id])}  # long forms said (says_named)
            for p in cands:
                top = per_paper.get(p.id, (-1.0, ""))[0]
                on_core = bool(core) and p.id in said and all(holds(w, whole[p.id], names) for w in core)
                held = on_core or holds_all(key, whole[p.id], names)
                if qterms.coverage(whole[p.id]) < PARTIAL_COVERAGE and not held:
                    continue  # no sentence can hold what the whole text lacks
                for s, vocab in self._texts_of(p):
                    # the key words in one sentence (a derived form is on it, but "altimeter" says no "CryoSat-2
                    # altimetry" whole): its qualifiers need not be said ("A100 GPUs"), its head and rarest word must
                    has_all = holds_all(key, vocab, names, derived=by_core)
                    in_title = s == p.title and has_all  # the title says it: no meaning bar
                    rule = (
                        "title"
                        if in_title
                        else "co_occur"
                        if has_all and (top >= CO_OCCUR_DENSE or named)
                        else "core"
                        if on_core and all(holds(w, vocab, names) for w in core)
                        else "partial"
                        if top >= PARTIAL_DENSE and written.coverage(vocab) >= PARTIAL_COVERAGE
                        else ""
                    )
                    if rule:
                        score = WORD_TIER + top
                        if p.id not in best or best[p.id].score < score:
                            best[p.id] = Support(
                                p, s if s != p.title else (per_paper.get(p.id) or (0, s))[1] or s, score, rule
                            )
                        break
            for p in said.values():
                # The terms spread over the paper's sentences rather than one ("CryoSat-2 … freeboards" after
                # "… thickness retrievals from altimetry"): most of the phrase's weight in its whole text, and the
                # meaning bar of a partial sentence match. A neighbouring topic still misses its rarest term.
                sim, s = per_paper.get(p.id, (-1.0, ""))
                cover = qterms.coverage(whole[p.id])
                if p.id not in best and (
                    (sim >= PARTIAL_DENSE and cover >= PARTIAL_COVERAGE or sim >= WHOLE_DENSE and cover >= 0.99)
                    and self._head_near(p, alt, words)
                    or sim >= PARTIAL_DENSE
                    and _title_names(known, p, whole[p.id])
                ):
                    best[p.id] = Support(p, s, WORD_TIER + sim, "spread")
            for p in said.values():
                sim, s = per_paper.get(p.id, (-1.0, ""))
                if (
                    sim >= MEANING_DENSE
                    and qterms.coverage(whole[p.id]) >= MEANING_COVERAGE
                    and (p.id not in best or best[p.id].score < sim)
                ):
                    best[p.id] = Support(p, s, sim, "meaning")
            if best:
                # The topic is real here: papers close in meaning that share a good part of its words join it
                # ("atomic-scale simulation" for "atomistic simulation", 0.50 / 0.41). With no grounded paper this
                # never applies, so a near topic alone (binarized networks: 0.58 / 0.47) lists nothing. A word counts
                # in another form by its stem ("classifying" in "SAR Sea-Ice Classification": 0.56 / 0.81).
                for p in cands:
                    sim, s = per_paper.get(p.id, (-1.0, ""))
                    if p.id not in best and sim >= NEAR_DENSE and self._stem_coverage(qterms, p) >= NEAR_COVERAGE:
                        best[p.id] = Support(p, s, sim, "near")
        return sorted(best.values(), key=lambda sp: -sp.score)
