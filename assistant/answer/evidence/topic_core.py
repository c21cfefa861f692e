"""A topic phrase's core: the words that tell the corpus's papers apart, read by the corpus's own statistics.

A word of ordinary English that a good share of the table's papers use ("results", "models", "experiments" in a
corpus on model compression; "sea" and "ice" in a sea-ice researcher's) says what kind of thing is asked about, not
which: "ResNet models" is on ResNet, "Qwen models in experiments" on Qwen, "sea-ice drift" on drift. Such a phrase's
core is its other words, and

- a paper one of whose sentences says the whole core is on the phrase, the generic words weighing in only when
  present ("4-bit quantization of ResNet-50 …" is on "results on ResNet models");
- a paper placed on it by meaning alone must say most of its core somewhere ("sea-ice drift" does not take in a
  sea-ice charting paper close in meaning that never says drift).

A core word is also held in its versioned forms, the name followed by a version ("qwen2" of "Qwen2.5", "llama3"):
the index splits "ResNet-50" into its parts but keeps "Qwen2" whole.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Iterable

from assistant.answer.evidence import distinct
from assistant.answer.evidence.query_terms import DERIVED_BASE, DERIVED_TAIL, runs_on, stem
from assistant.answer.evidence.weigh import forms
from assistant.index.bm25 import variants

# A word in at least this share of the table's papers, and ordinary English, is generic in this corpus. Measured on
# the seeds' 79 papers: "models" 0.71, "results" 0.53, "training" 0.42, "experiments" 0.38, "network" 0.28 are
# generic; the words near-negatives turn on stay below ("search" 0.10, "architecture" 0.18, "neural" 0.23, and it is
# no ordinary English). Corpus 2's 24: "ice" 0.88, "sea" 0.67, "sea-ice" 0.42; "drift" 0.08, "SAR" 0.29 (a name).
GENERIC_SHARE = 0.25
# Below this general English frequency (wordfreq Zipf) a word names something ("SAR" 3.2, "neural" 3.8, "benchmark"
# 3.6): a core word however many papers use it. "experiments" is 4.4, "frameworks" 4.3, "results" 5.2.
GENERIC_ZIPF = 4.0
# A paper on the phrase by meaning alone says at least this share of its core words in some form (by stem:
# "altimeter" for "altimetry"). A core of one word is then required.
MEANING_CORE_SHARE = 0.5

# Two words of one long stem ("altimetry" and "altimeter", `query_terms.runs_on`) are one word's forms when MiniLM
# puts them at least this close: "altimetry"/"altimeter" 0.72, "imagery"/"images" 0.73, "Antarctica"/"Antarctic"
# 0.93, "detection"/"detector" 0.81; words that only share letters stay below ("transform"/"transformer" 0.67,
# "operation"/"operational" 0.66, "generation"/"generated" 0.62, "computing"/"computer" 0.61, "graph"/"graphics"
# 0.42).
DERIVED_MEANING = 0.7

# The endings of a verb's or an adverb's inflection: a word written with one ("quantizing", "compiled", "firstly") is a
# process or a manner, not the thing a derived form names, on either side of a join ("quantizing" is not
# "quantization", "compiler" not "compiled": MiniLM puts them at 0.82 and 0.76, as close as "altimetry"/"altimeter").
INFLECTED = ("ed", "ing", "ly")

_VERSION = re.compile(r"[-_.]?v?\d[\w.-]*")  # what follows a name in its versioned form: "2", "-v0.3", "1.5-moe"


def generic(word: str, share: float) -> bool:
    return share >= GENERIC_SHARE and distinct.zipf(word) >= GENERIC_ZIPF


def core_words(words: list[str], share: dict[str, float]) -> list[str]:
    """The phrase's words less the corpus-generic ones; [] when every word is generic (no core: the phrase is left to
    the other rules) or when the phrase names something no paper says (a word used by none is never dropped, and a
    core made only of such words grounds nothing anyway)."""
    core = [w for w in words if not generic(w, share.get(w, 0.0))]
    return core if core and any(share.get(w, 0.0) > 0 for w in core) else []


# Words a text extracted from a listing can lose the space before ("… LLaMA and Qwenin terms of …").
_GLUED = ("in", "and", "of", "on", "for", "with", "to", "the")


class VersionedNames:
    """The table's other written forms of a word: a name followed by a version ("qwen2" for "qwen"), a name run
    together with the function word after it ("qwenin": no English word), and, given `similar` (the two words'
    closeness by meaning), a derived form of the word the stemmer does not join ("altimeter" for "altimetry",
    "Antarctic" for "Antarctica", "images" for "imagery": `runs_on` and DERIVED_MEANING). Read from the inverted
    index's vocabulary: the words a word's first letters start, found by bisecting the sorted vocabulary when asked
    (a scan of 10k papers' words per process is not needed for the few words topics ask about). Every test of a
    topic word against a paper's words reads these forms (`holds`)."""

    def __init__(self, vocabulary: Iterable[str], similar: Callable[[str, str], float] | None = None):
        self._sorted = sorted(vocabulary)
        self._similar = similar
        self._seen: dict[str, frozenset[str]] = {}
        self._written: dict[str, frozenset[str]] = {}

    def of(self, word: str, derived: bool = True) -> frozenset[str]:
        """The word's other written forms; `derived=False` only those that write the word itself (a version, a glued
        function word): what a whole phrase said in one sentence may read (`holds`)."""
        if word not in self._written:
            out = {v for v in self._starting(word) if _VERSION.fullmatch(t := v[len(word) :]) or _glued(v, t)}
            self._written[word] = frozenset(out)
        if not derived:
            return self._written[word]  # no derived form asked: no closeness by meaning read
        if word not in self._seen:
            self._seen[word] = frozenset(self._written[word] | self._derived(word))
        return self._seen[word]

    def _starting(self, prefix: str) -> list[str]:
        if len(prefix) < 3:
            return []
        i = bisect.bisect_left(self._sorted, prefix)
        j = bisect.bisect_left(self._sorted, prefix + "\uffff")
        return self._sorted[i:j]

    def _derived(self, word: str) -> set[str]:
        """The table's words of the word's long stem, not its plural or inflection, close to it by meaning, for a
        word that names something (rarer than GENERIC_ZIPF: "altimetry" 1.6, "Antarctica" 3.5, "imagery" 3.8). A
        word of ordinary English is a question's wording as often as its subject ("differently" 4.2, "predicting"
        4.1): joined to "different" or "prediction", a long phrase cut from a question grounded a paper or two as a
        whole and was no longer read by its key words (7 regression items lost). A name with digits ("sentinel-1")
        or a compound is written one way only. Nor is a verb's or an adverb's inflection (INFLECTED) a derived form
        of a name or one of its own."""
        if (
            self._similar is None
            or not _named_form(word)
            or len(word) < DERIVED_BASE
            or distinct.zipf(word) >= GENERIC_ZIPF
        ):
            return set()
        have = variants(word) | forms(word)
        cands = [
            v
            for v in self._starting(word[:DERIVED_BASE])
            if _named_form(v) and v not in have and _one_step(word, v) and not _agent_and_act(word, v)
        ]
        return {v for v in cands if self._similar(word, v) >= DERIVED_MEANING}


def _one_step(word: str, other: str) -> bool:
    """Two words of one long stem (`runs_on`) written within DERIVED_TAIL letters of each other: a word much longer
    than another of its stem is a further derivation, broader in what it lets in ("parallelization" is not
    "parallel", 7 letters apart, nor "computation" "compute")."""
    return runs_on(word, other) and abs(len(word) - len(other)) <= DERIVED_TAIL


def _agent_and_act(word: str, other: str) -> bool:
    """One word names the doer of what the other's verb does: with a plural or a third person's "-s" dropped, one is
    the other (or it less a final "e") and "-r", "-er" or "-or" ("compilers" and "compiles", "simulator" and
    "simulates"). A noun and a verb's form are no forms of one topic word: joined, "compiler" read "compiles" and a
    summary on compiler code generation lost its key words' reading."""
    a, b = (w.casefold().removesuffix("s") for w in (word, other))
    short, long = (a, b) if len(a) <= len(b) else (b, a)
    return any(long == base + tail for base in {short, short.removesuffix("e")} for tail in ("r", "er", "or"))


def _named_form(word: str) -> bool:
    return word.isalpha() and not word.casefold().endswith(INFLECTED)


def _glued(word: str, tail: str) -> bool:
    return tail in _GLUED and not distinct.zipf(word)


def holds(word: str, vocabulary: frozenset[str], named: VersionedNames | None, derived: bool = True) -> bool:
    """The vocabulary says the word in a plural, versioned or (unless `derived` is False) derived form
    (`VersionedNames`)."""
    return bool((variants(word) | (named.of(word, derived) if named else set())) & vocabulary)


def holds_all(
    words: Iterable[str], vocabulary: frozenset[str], named: VersionedNames | None, derived: bool = True
) -> bool:
    return all(holds(w, vocabulary, named, derived) for w in words)


def says_most(core: list[str], vocabulary: frozenset[str], named: VersionedNames | None) -> bool:
    """The paper's whole vocabulary holds at least MEANING_CORE_SHARE of the core, a word in any form of its stem."""
    stems = {stem(t) for t in vocabulary}
    held = sum(1 for w in core if _said(w, vocabulary, stems, named))
    return held >= MEANING_CORE_SHARE * len(core)


def says_named(
    words: list[str], core: list[str], vocabulary: frozenset[str], named: VersionedNames | None, acronyms
) -> bool:
    """The paper's whole vocabulary says each long form of an acronym the phrase spells out with a generic word (one
    not in its core), by its acronym or by all its words in some form. Such a run names one thing, however many
    papers say each of its words: "quantization large language models" is not every quantization paper of the corpus
    (the ViT survey, the 2022 papers on quantizing CNNs say neither "language" nor "LLM"). Other generic words stay
    the phrase's frame, said or not ("results" of "results on ResNet models")."""
    stems = {stem(t) for t in vocabulary}
    return all(
        {short, f"{short}s"} & vocabulary or all(_said(w, vocabulary, stems, named) for w in run)
        for short, run in spelt_out(words, acronyms)
        if any(w not in core for w in run)
    )


def spelt_out(words: list[str], acronyms) -> list[tuple[str, list[str]]]:
    """The runs of the phrase's words that spell out, in order, the long form of an acronym the corpus defines
    (evidence/acronyms.Acronyms; a plural counts as its singular), each with its acronym."""
    said = [w.removesuffix("s") for w in words]
    out: list[tuple[str, list[str]]] = []
    for short, longs in acronyms.long_forms.items() if acronyms is not None else ():
        for long in longs:
            spelt = [w.removesuffix("s") for w in long] if len(long) >= 2 else []
            for i in range(len(said) - len(spelt) + 1) if spelt else ():
                if said[i : i + len(spelt)] == spelt:
                    out.append((short, words[i : i + len(spelt)]))
    return out


def _said(word: str, vocabulary: frozenset[str], stems: set[str], named: VersionedNames | None) -> bool:
    return bool(
        holds(word, vocabulary, named)
        or forms(word) & vocabulary
        or stem(word) in stems
        or "-" in word
        and _parts_held(word, stems)
    )


def _parts_held(word: str, stems: set[str]) -> bool:
    return all(stem(p) in stems for p in word.split("-") if p)


def written_forms(word: str, names: VersionedNames | None) -> frozenset[str]:
    """The word's variants and the table's forms writing it with a version ("ResNext50" for "ResNeXt")."""
    return frozenset(variants(word) | (names.of(word, derived=False) if names is not None else frozenset()))
