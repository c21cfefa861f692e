"""Weigh evidence: which retrieved papers really answer a question, and which of their sentences say it."""

from __future__ import annotations

import re
from functools import lru_cache

import numpy as np

from assistant.answer.evidence import asked as asked_rules
from assistant.answer.evidence import counted_noun
from assistant.answer.evidence.asked import states_evaluation
from assistant.answer.evidence.counted_noun import counted_words, counts  # noqa: F401 - read from here too
from assistant.answer.evidence.query_terms import QueryTerms, forms, vocabulary  # noqa: F401 - read from here too
from assistant.answer.plan.phrases.main_clause import main_clause
from assistant.index.retrieval import Hit
from assistant.index.roles import ROLES, cue_scores
from assistant.models import Paper
from assistant.text import research_sentences

# Measured on the seeds: questions the corpus answers have a best passage at cosine 0.45-0.75, or at
# 0.30-0.45 with every distinctive term present ("HONPAS"); off-topic ones ("climate policy") peak
# near 0.26 with half their terms missing. Settings.relevance_threshold is the floor.
STRONG_DENSE = 0.45
MIN_COVERAGE = 0.6
# A hit's strength, by which relevant hits are ordered: its cosine plus this share of its IDF-weighted term coverage.
# Coverage breaks near ties in meaning: "the paper on sparse matrix vector multiplication in the finite element
# code" ranks the SpMV paper (0.49 dense, 0.79 coverage: 0.727) over a closer stencil paper (0.51, 0.41: 0.633).
COVERAGE_WEIGHT = 0.3
# Every distinctive term present ("HONPAS", which MiniLM does not know) lowers the dense floor by this much; "every
# term" is a coverage of at least ALL_TERMS (IDF weights summed in floating point).
ALL_TERMS_SLACK = 0.14
ALL_TERMS = 0.99
QUANTITY = re.compile(
    r"\b(how (much|many|fast|long|large|big)|what (speed[- ]?up|accuracy|efficiency|"
    r"time|cost|memory|percentage|ratio|performance)|by how|to what)\b",
    re.I,
)
# A measured quantity ("485x", "90%", "1.71 days", "2.32X"), not a name with digits ("A100", "Fe-Cu").
HAS_QUANTITY = re.compile(
    r"(?<![A-Za-z])\d+(?:\.\d+)?\s*(?:x|×|%|\\%|times|fold|ms|seconds|minutes|hours|days|years|GB|TB|MB|[KMB]\b"
    r"|thousand|million|billion|trillion)|\b\d+\.\d+\b",
    re.I,
)
# A speed stated as a complexity ("detect redundancies hierarchically in linear time", "in O(n log n)"): it answers
# "how fast" as a figure does, with no digit to find.
COMPLEXITY = re.compile(
    r"\b(?:in|with)\s+(?:(?:near|almost|sub|super)-?)?(?:linear|constant|logarithmic|quadratic|cubic|polynomial)"
    r"[- ]time\b|\bO\([^)]{1,20}\)",
    re.I,
)


def states_figure(sentence: str) -> bool:
    """The sentence states a measure: a figure with its unit or a decimal (HAS_QUANTITY), or a complexity."""
    return bool(HAS_QUANTITY.search(sentence) or COMPLEXITY.search(sentence))


# Answer-type cues: "which tools/what datasets" want a sentence naming several things ("Caffe, CNTK, MXNet,
# TensorFlow, and Torch"); "how does X …" wants the method sentence ("we propose … by/via …").
WANTS_NAMES = re.compile(r"^\W*(?:\w+\W+){0,3}?(which|what)\b(?!\s+(is|are|was|were)\b)", re.I)
NAME_LIST = re.compile(r"(?:\b[A-Z][\w.+-]*(?:\s[A-Z0-9][\w.+-]*)?,\s*){2,}(?:and\s+)?[A-Z]")
# The kind of thing a "which/what X …" question asks for: the words between "which/what" and its verb
# ("what hybrid parallel programming model did …" -> "hybrid parallel programming model").
ASKED_KIND = re.compile(
    r"\b(?:which|what)\s+((?:[\w+-]+\s+){0,4}?[\w+-]+)\s+(?:did|does|do|is|are|was|were|has|have|had|can|could|"
    r"would|will|should)\b",
    re.I,
)
# "Keywords: finite element, parallel, …": the abstract's index terms, which state nothing to quote.
INDEX_TERMS = re.compile(r"\s*(?:key\s*words?|index terms)\s*[:：—-]", re.I)
# A sentence giving a number of what a "how many" question counts gains this much (counted_noun.counting).
COUNTED_BONUS = 0.2
LOCAL_BONUS = 0.2  # a sentence holding the terms rare among its paper's sentences gains up to this much
KIND_BONUS = 0.3  # a sentence that names the asked kind of thing (all its terms) gains this much
WANTS_METHOD = re.compile(r"^\W*(?:\w+\W+){0,3}?how\b(?!\s+(much|many|fast|long|large|big|well)\b)", re.I)
METHOD = re.compile(r"\b(we (propose|design|introduce|present|develop|formulate)|by|via|through|using)\b", re.I)
# "How does X avoid/handle Y?" is answered by the sentence that says what the work does about Y ("We address this
# issue by introducing …"), not by the one restating Y as a problem ("Despite …, a discrepancy remains …").
SOLUTION = re.compile(
    r"\b(?:we|this (?:paper|work)|it)\s+(?:\w+\s+)?(?:address|solve|tackle|overcome|propose|introduce)", re.I
)
# The bare announcement ("To address this, we propose X (…), a staged training framework.") names the work without
# saying how it works: no SOLUTION gain for a "how" question.
SAYS_HOW = re.compile(
    r"\b(?:by|via|through|using|which|that|where|consist\w*|compris\w*|decompos\w*|combin\w*)\b", re.I
)
PROBLEM = re.compile(r"\b(despite|however|remains?|suffers?|lacks?|lacking|fails? to|bottlenecks?)\b", re.I)
# A sentence of the role the question asks for (asked.py: a "why" the motivation, a "how" the method, a "how well" the
# result) gains this much: on the first-contact sets the answering motivation or method sentence scored 0.1-0.35
# below a sentence restating the paper's topic ("What motivated running a quantized ice classifier on board?": the
# downlink sentence 0.32, the method sentence naming the classifier 0.53).
ASKED_ROLE_BONUS = 0.25
ASKED_ROLES = (
    "motivation",
    "method",
    "result",
)  # the roles whose best sentence an answer adds when its lead is another
# A "why" is answered by a sentence that gives a reason ("Since serial FEM is difficult to solve large problems
# efficiently, parallel FEM has become …"), not by one that shares the question's words and says what was done ("this
# work analyzes … parallel FEM"): such a sentence gains this much (on top of its role's bonus).
REASON = re.compile(
    r"\b(?:since|because|due to|owing to|as a result|therefore|hence|so that|in order to|difficult|hard to|cannot"
    r"|unable to|too (?:slow|costly|expensive|large))\b",
    re.I,
)
REASON_BONUS = 0.1
# A question asking where the work was evaluated ("what was it evaluated on?"): a sentence stating an evaluation gains
# this much, as a method sentence does for "how" (its verb is a word of the question's structure, so no term of the
# question holds it: "The latter one is lighter since the inputs are vectors" led "Evaluation on a simulator …").
EVALUATION_BONUS = 0.1
# A release or venue note ("The code is released at …") answers only a question about the release: otherwise it
# loses this much (it shares the paper's name and words with every question about the paper).
RELEASE_PENALTY = 0.3
# A result ("Training with a noise-robust loss recovers two thirds of the accuracy") answers "how well", never "why"
# or "what problem motivated it": when a reason is asked it loses this much ("What problem with ice charts motivated
# the study?" quoted the result at 0.69 over the problem sentence, labelled background, at 0.38 + its role's bonus).
UNASKED_RESULT_PENALTY = 0.1


def paper_text(paper: Paper) -> str:
    return " ".join([paper.title or "", *(s for a in paper.abstracts for s in research_sentences(a))])


def relevant(hits: list[Hit], qterms: QueryTerms, floor: float) -> list[tuple[Hit, float]]:
    """Hits that pass the relevance rule, with their coverage, best first."""
    out = []
    for h in hits:
        cov = qterms.coverage(vocabulary(paper_text(h.paper)))
        # Every term present (a rare name like "HONPAS" that MiniLM does not know) lowers the dense bar.
        if (
            h.dense >= STRONG_DENSE
            or (h.dense >= floor and cov >= MIN_COVERAGE)
            or (cov >= ALL_TERMS and h.lexical > 0 and h.dense >= floor - ALL_TERMS_SLACK)
        ):
            out.append((h, cov))
    out.sort(key=lambda hc: -strength(*hc))
    return out


def strength(hit: Hit, coverage: float) -> float:
    """The order of relevant hits: cosine plus COVERAGE_WEIGHT of the term coverage."""
    return hit.dense + COVERAGE_WEIGHT * coverage


PROPOSAL = re.compile(
    r"\b(we|this (paper|work|study)|here we)\b[^.]{0,40}\b(propose|present|introduce|"
    r"develop|design|provide|build|study|investigate|show)s?\b",
    re.I,
)


# What a citation of a metadata-only record (no source gives an abstract) says instead of a quote.
NO_ABSTRACT = "the sources give no abstract for it"


def summary_sentence(paper: Paper) -> str:
    """The sentence that says what the paper does: its proposal, else its first sentence."""
    if not paper.has_abstract:
        return NO_ABSTRACT
    sentences = research_sentences(paper.abstract)
    for s in sentences:
        if PROPOSAL.search(s):
            return s
    return sentences[0] if sentences else (paper.title or paper.display_title)


def role_weight(role: str | None, wanted: tuple[str, ...]) -> float:
    """A sentence's gain for its role: the asked role's bonus, a release note's penalty when not asked, and a
    result's when a reason is asked (UNASKED_RESULT_PENALTY)."""
    if role in wanted:
        return ASKED_ROLE_BONUS
    if role == "result" and "motivation" in wanted:
        return -UNASKED_RESULT_PENALTY
    return -RELEASE_PENALTY if role == "availability" else 0.0


@lru_cache(maxsize=8192)
def naming_words(title: str) -> frozenset[str]:
    """The words that name a paper: its title's terms and the parts of its hyphenated ones ("on-board": "board")."""
    out = set(vocabulary(title))
    out |= {part for t in out if "-" in t for part in t.split("-") if len(part) > 2}
    return frozenset(out)


def names_paper(term: str, naming: frozenset[str]) -> bool:
    """The term is one of the paper's naming words, or a plural or verb form of one."""
    return bool(forms(term) & naming)


def _residual(question: str, paper: Paper) -> str:
    """The question without the words that name the paper, as its title writes them (a form of a title word stays:
    dropping "quantizing" and "inputs" for a title on "quantization" of a "layer's input" left the embedding little
    to compare, and a paper with a plainer title won the same question)."""
    naming = vocabulary(paper.title or paper.display_title)
    kept = [w for w in question.split() if not (vocabulary(w) and vocabulary(w) <= naming)]
    return " ".join(kept) if len(kept) >= 2 else question


# "what mathematical criterion decides which layers …": the asked kind before a content verb (-s/-es/-ed) when no
# auxiliary follows it. Only the sentence picker reads this (across.py keeps the stricter ASKED_KIND).
ASKED_KIND_BEFORE_VERB = re.compile(r"\b(?:which|what)\s+((?:[\w+-]+\s+){0,3}?[\w+-]+)\s+[a-z]+(?:es|s|ed)\b", re.I)


def asked_kind(question: str, own: dict[str, QueryTerms]) -> dict[str, QueryTerms | None]:
    """Per paper, the terms of the asked kind (none when the question does not ask "which/what X")."""
    m = ASKED_KIND.search(question) or ASKED_KIND_BEFORE_VERB.search(question)
    if not m:
        return dict.fromkeys(own)
    words = vocabulary(m.group(1))
    kinds = {pid: {t: w for t, w in q.weights.items() if forms(t) & words} for pid, q in own.items()}
    return {pid: QueryTerms(k) if k else None for pid, k in kinds.items()}


QUERIES_KEPT = 512  # question texts whose vectors are kept (~0.8 MB at 384 floats): a conversation's, many times over


class SentencePicker:
    """Ranks the sentences of a paper's abstracts against a question (meaning, shared terms, numbers)."""

    def __init__(self, embeddings, stored=None, acronyms=None):
        self.embeddings = embeddings
        self.stored = stored  # SentenceVectors: every indexed sentence, embedded at ingest
        self.acronyms = acronyms  # acronyms.Acronyms: "VQE" in a sentence answers "variational … eigensolver"
        self._queries: dict[str, np.ndarray] = {}  # the question texts `rank` embedded, for `query_vector`

    def query_vector(self, text: str) -> np.ndarray:
        """A question text's vector: the one `rank` embedded for it when it did (the learned choice of a why/how
        sentence reads the same residual question), else embedded now."""
        v = self._queries.get(text)
        return v if v is not None else self._remember([text])[text]

    def _remember(self, texts: list[str]) -> dict[str, np.ndarray]:
        """The texts' vectors, embedding in one batch only those not embedded before."""
        found = {t: self._queries[t] for t in texts if t in self._queries}
        new = [t for t in dict.fromkeys(texts) if t not in found]
        if new:
            if len(self._queries) > QUERIES_KEPT:
                self._queries.clear()  # the texts asked now that were known stay in `found`
            made = {t: np.asarray(v, dtype=np.float32) for t, v in zip(new, self.embeddings.embed_documents(new))}
            self._queries.update(made)
            found.update(made)
        return {t: found[t] for t in texts}

    def text_vectors(self, texts: list[str]) -> dict[str, np.ndarray]:
        """Short texts' vectors (a counted noun and the words after a paper's numbers: counted_noun.py)."""
        return self._remember(texts)

    def prepare(self, asked: list[tuple[str, Paper]]) -> None:
        """Embed in one batch the residual questions `rank` will read for these (question, paper) pairs: a comparison
        ranks each paper alone, one model call per text (2-4 a comparison on the seeds), where a text costs 4-7 CPU
        ms alone and ~3 in a batch (session 17's profile at 10k papers)."""
        self._remember([_residual(q, p) for q, p in asked])

    def vectors(self, texts: list[str]) -> np.ndarray:
        if self.stored is not None:
            vectors = self.stored.get(texts)
            unknown = np.flatnonzero(~vectors.any(axis=1)).tolist()
        else:
            vectors, unknown = np.zeros((len(texts), 384), dtype=np.float32), list(range(len(texts)))
        if unknown:  # only for a store built before sentence vectors existed
            vectors[unknown] = np.asarray(
                self.embeddings.embed_documents([texts[i] for i in unknown]), dtype=np.float32
            )
        return vectors

    def roles(self, texts: list[str]) -> list[str | None]:
        """Each sentence's rhetorical role: stored at ingest, else from its cues (None without any)."""
        codes = self.stored.roles(texts) if self.stored is not None and texts else [-1] * len(texts)
        out = []
        for s, c in zip(texts, codes):
            if 0 <= c < len(ROLES):
                out.append(ROLES[c])
            else:
                cues = cue_scores(s)
                out.append(ROLES[int(np.argmax(cues))] if cues.any() else None)
        return out

    def role_weights(self, question: str, texts: list[str], roles: tuple[str, ...] | None = None) -> list[float]:
        """What each sentence's role added to its `rank` score (to compare sentences by the question alone)."""
        wanted = asked_rules.read(question).roles if roles is None else roles
        return [role_weight(r, wanted) for r in self.roles(texts)]

    def detail(self, question: str, first: str, ranked: list[str]) -> str | None:
        """The sentence to quote beside the best one (`first`) for a question asking a role (asked.py): when `first`
        is of another role, the best sentence (of `ranked`, best first) of the asked role ("How did she estimate X?"
        led by the result sentence gets the method sentence too); for a "how" led by the bare announcement ("We
        propose X, a …"), the best other method sentence, which says how. None otherwise."""
        wanted = [r for r in asked_rules.read(question).roles if r in ASKED_ROLES]
        if not wanted:
            return None
        rest = [s for s in ranked if s != first]
        roles = self.roles(rest)
        lead_role = self.roles([first])[0]
        if lead_role not in wanted:
            return next((s for s, r in zip(rest, roles) if r in wanted), None)
        if lead_role == "method" and PROPOSAL.search(first):
            return next((s for s, r in zip(rest, roles) if r == "method" and not PROPOSAL.search(s)), None)
        return None

    def rank(
        self, question: str, qterms: QueryTerms, papers: list[Paper], roles: tuple[str, ...] | None = None
    ) -> dict[str, list[tuple[str, float]]]:
        """Paper id -> its sentences with scores, best first. `roles`: the roles the answer is wanted in (by default
        those the question's wording asks for, asked.py)."""
        sentences: list[tuple[str, str]] = []
        for p in papers:
            seen = set()
            for abstract in p.abstracts:
                for s in research_sentences(abstract):
                    if s not in seen and len(s.split()) >= 4 and not INDEX_TERMS.match(s):
                        seen.add(s)
                        sentences.append((p.id, s))
        if not sentences:
            return {p.id: [] for p in papers}
        if self.acronyms is not None and not qterms.alternatives:
            qterms = qterms.with_alternatives(self.acronyms.alternatives(question))
        # Words that name the paper ("SwarmThinkers", "graph coloring") pick the paper, not the sentence:
        # sentences are scored against the rest of the question.
        own, residual = {}, {}
        for p in papers:
            naming = naming_words(p.title or p.display_title)
            names = {t for t in qterms.weights if names_paper(t, naming)}
            own[p.id] = qterms.without(naming).without(names)
            residual[p.id] = _residual(question, p)
        qvec = self._remember(list(set(residual.values())))  # one batch, as before
        svecs = self.vectors([s for _, s in sentences])
        asked = asked_rules.read(question)
        wanted = asked.roles if roles is None else roles
        role_of = self.roles([s for _, s in sentences])
        wants_number = bool(QUANTITY.search(question)) or asked.quantity
        main = main_clause(question)  # "According to him, how …": the wh-word after a lead-in
        wants_names = not wants_number and bool(WANTS_NAMES.search(question) or WANTS_NAMES.search(main))
        wants_method = not wants_number and bool(WANTS_METHOD.search(question) or WANTS_METHOD.search(main))
        kind = asked_kind(question, own)
        counting = {p.id: counted_noun.counting(self, question, [s for q, s in sentences if q == p.id]) for p in papers}
        said = vocabulary(counted_noun.counted_phrase(question))  # held by a sentence that counts it, in any words
        local = {pid: own[pid].within([vocabulary(s) for p2, s in sentences if p2 == pid]) for pid in own}
        out: dict[str, list[tuple[str, float]]] = {p.id: [] for p in papers}
        for (pid, s), v, role in zip(sentences, svecs, role_of):
            words = vocabulary(s) | said if s in counting[pid] else vocabulary(s)
            score = float(v @ qvec[residual[pid]]) + 0.35 * own[pid].coverage(words)
            score += role_weight(role, wanted)
            # The terms that set this sentence apart from the paper's others ("reduce memory" in one of them, not
            # "VQE simulator" in all) say which sentence answers; those shared by all only found the paper.
            score += LOCAL_BONUS * local[pid].coverage(words)
            if wants_number and (states_figure(s) or s in counting[pid]):  # "10 U-Nets" is the figure "how many" asks
                score += 0.15
            if s in counting[pid]:
                score += COUNTED_BONUS
            if wants_names and NAME_LIST.search(s):
                score += 0.2
            if kind[pid] is not None:
                score += KIND_BONUS * kind[pid].coverage(vocabulary(s))  # the sentence names the asked kind of thing
            if "motivation" in wanted and REASON.search(s):
                score += REASON_BONUS
            if asked.evaluation and states_evaluation(s):
                score += EVALUATION_BONUS
            if wants_method and METHOD.search(s):
                score += 0.05
            if wants_method and PROPOSAL.search(s) and not SAYS_HOW.search(s):
                pass  # the bare announcement: it names the work, it does not say how (no SOLUTION gain)
            elif wants_method and SOLUTION.search(s):
                score += 0.1
            elif wants_method and PROBLEM.search(s):
                score -= 0.1
            out[pid].append((s, score))
        for pid in out:
            out[pid].sort(key=lambda x: -x[1])
        return out

    def best(self, question: str, qterms: QueryTerms, paper: Paper) -> str:
        """The sentence that answers the question; for one asking a figure ("how fast is its detection?"), the best
        that states one: the paper's proposal shares every word of the ask and states no speed ("This paper proposes
        RACE, a redundancy elimination technique" 0.76 over "… detect redundancies … in linear time" 0.43)."""
        ranked = [s for s, _ in self.rank(question, qterms, [paper])[paper.id]]
        if not ranked:
            return paper.abstract[:300]
        if QUANTITY.search(question) or asked_rules.read(question).quantity:
            return next((s for s in ranked if states_figure(s)), ranked[0])
        return ranked[0]
