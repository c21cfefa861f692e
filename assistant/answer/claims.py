"""Claims checked against the papers they cite: numbers, names and meaning must come from the cited abstract.

The answer is split into sentences. A sentence that states something from a source must cite one that
supports it: each of its numbers (with its unit) and names occurs in that paper (or in the question), and it is
close in meaning (MiniLM cosine over the sentence vectors stored at ingest) to some sentence of that paper.
A claim cited to the wrong source is moved to the source that supports it; an uncited claim gets the source that
clearly supports it; anything else is removed, with the count and the reason kept for the notice and `meta`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from assistant.index.bm25 import terms, variants
from assistant.models import Paper
from assistant.text import research_sentences

# Calibrated on the labelled replies in tests/data/llm_replies/ (bench/claim_threshold.py prints the figures):
# supported claims score at least SUPPORT against some sentence of the paper they cite, fabricated ones below.
SUPPORT = 0.5
# An uncited sentence is attributed only when a source supports it clearly (a higher bar than for a cited one).
ATTRIBUTE = 0.55
# Weight of shared words against cosine when choosing the quote.
QUOTE_WORDS = 0.5
QUOTE_NUMBERS = 0.3
# A claim this much closer to a source it does not cite than to the one it cites has its citation swapped.
SWAP_MARGIN = 0.2
# How far below the bar a claim may score when (nearly) all its words occur in the paper.
LEXICAL_SLACK = 0.1
LEXICAL_COVERAGE = 0.8
# Least share of a claim's words found in the paper (fabrications written without numbers or names peaked at 0.40,
# supported claims started at 0.59); with every number of the claim in the paper, 0.35 (supported from 0.44).
MIN_WORDS = 0.5
MIN_WORDS_WITH_NUMBERS = 0.35
# A second marker on a supported sentence stays when its paper is at least this close (a comparison of two papers).
SECOND_SOURCE = 0.4

_CHATTER = [
    re.compile(line.strip(), re.IGNORECASE)
    for line in (Path(__file__).with_name("chatter.txt")).read_text(encoding="utf-8").splitlines()
    if line.strip() and not line.startswith("#")
]
MARKER = re.compile(r"\s*\[(\d{1,3})\]")
_LIST_PREFIX = re.compile(r"^\s*(?:[-*•]|\d{1,2}[.)])\s+")
_ABBREVIATIONS = {"al", "e.g", "i.e", "fig", "eq", "vs", "etc", "approx", "cf", "no", "resp", "ref", "abbr", "ca"}
_UNITS = {
    "%": "%",
    "percent": "%",
    "pct": "%",
    "x": "x",
    "×": "x",
    "times": "x",
    "fold": "x",
    "s": "s",
    "sec": "s",
    "second": "s",
    "seconds": "s",
    "ms": "ms",
    "millisecond": "ms",
    "milliseconds": "ms",
    "min": "min",
    "minute": "min",
    "minutes": "min",
    "h": "h",
    "hour": "h",
    "hours": "h",
    "day": "day",
    "days": "day",
    "year": "year",
    "years": "year",
    "gb": "gb",
    "mb": "mb",
    "tb": "tb",
    "kb": "kb",
    "gib": "gb",
    "mib": "mb",
    "bit": "bit",
    "bits": "bit",
    "core": "core",
    "cores": "core",
    "node": "node",
    "nodes": "node",
    "gpu": "gpu",
    "gpus": "gpu",
    "b": "b",
    "billion": "b",
    "m": "m",
    "million": "m",
    "k": "k",
    "thousand": "k",
}
_WORD_NUMBERS = {
    w: str(i)
    for i, w in enumerate(
        ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]
    )
}
_NUMBER = re.compile(r"(?<![\w.])(\d+(?:,\d{3})*(?:\.\d+)?)(?:[ \t]*|-)(%|×|[A-Za-z]+\b)?")
_ENUM_LABEL = re.compile(r"\(\d{1,2}\)")
_NAME = re.compile(r"\b[A-Za-z][\w-]*[A-Z][\w-]*\b|\b[A-Z][a-z][\w-]*\b")


@dataclass
class Sentence:
    """One sentence of the answer: its text without markers, and the source numbers it cites."""

    line: int
    text: str
    cites: list[int]
    prefix: str = ""  # a list bullet kept in front of the line's first sentence


@dataclass
class Checked:
    """The answer after the check, the quote chosen for each cited source, and what was removed and why."""

    text: str
    quotes: dict[int, str] = field(default_factory=dict)  # source number -> the paper sentence that best supports it
    supported: int = 0
    removed: dict[str, int] = field(default_factory=dict)  # reason -> sentences removed
    reattributed: int = 0
    attributed: int = 0
    verdicts: list[tuple[str, str]] = field(
        default_factory=list
    )  # (sentence, "kept" | "moved" | "attributed" | reason)

    @property
    def removed_total(self) -> int:
        return sum(self.removed.values())


def split(text: str) -> list[Sentence]:
    """The answer's sentences, line by line, each with the markers that follow it."""
    out: list[Sentence] = []
    for i, line in enumerate(text.split("\n")):
        m = _LIST_PREFIX.match(line)
        prefix = m.group(0) if m else ""
        body = line[len(prefix) :]
        for piece in _sentences(body):
            cites = [int(n) for n in MARKER.findall(piece)]
            plain = MARKER.sub("", piece).strip()
            plain = re.sub(r"\s+([.,;:!?])", r"\1", plain)
            if plain or cites:
                out.append(
                    Sentence(
                        line=i,
                        text=plain,
                        cites=list(dict.fromkeys(cites)),
                        prefix=prefix if not any(s.line == i for s in out) else "",
                    )
                )
    return out


def _sentences(body: str) -> list[str]:
    pieces, start = [], 0
    for m in re.finditer(r"[.!?](?:[\"'”)]?)((?:\s*\[\d{1,3}\])*)(?=\s+[\"“'*\[A-Z0-9]|\s*$)", body):
        if body[: m.start()].count("*") % 2:
            continue  # inside an *emphasised title*: "*Can LLMs … ability? A Meta Study*"
        word = re.search(r"([\w.]+)[.!?]$", body[start : m.start() + 1])
        if word and (word.group(1).lower().rstrip(".") in _ABBREVIATIONS or re.fullmatch(r"[A-Z]", word.group(1))):
            continue
        pieces.append(body[start : m.end()])
        start = m.end()
    if body[start:].strip():
        pieces.append(body[start:])
    return [p.strip() for p in pieces if p.strip()]


def needs_citation(sentence: str) -> bool:
    """Whether a sentence states something a source must support (not a greeting, a lead-in or a heading)."""
    s = sentence.strip().strip("*_#").strip()
    if (
        not s
        or s.endswith(":")
        or re.fullmatch(r"[#*_\s\w-]{0,40}", s)
        and not re.search(r"\d", s)
        and len(s.split()) <= 4
    ):
        return False
    return not any(p.search(s) for p in _CHATTER)


def _norm(text: str) -> str:
    return " " + re.sub(r"[^a-z0-9]+", " ", text.casefold()) + " "


def numbers(text: str) -> list[tuple[str, str | None]]:
    """Numbers with their unit: ("485", "x"), ("90", "%"), ("2020", None). Numbers inside names (A100, ResNet-50) are
    not."""
    out = []
    text = _ENUM_LABEL.sub(" ", text)  # "(1) … (2) …" labels are not quantities
    for m in _NUMBER.finditer(text):
        before = text[max(0, m.start() - 2) : m.start()]
        if re.search(r"[A-Za-z]-?\Z", before):
            continue  # part of a name: "ResNet-50", "A100", "FP8"
        unit_word = (m.group(2) or "").casefold()
        unit = _UNITS.get(unit_word)
        if unit_word and unit is None and m.group(0)[len(m.group(1)) :][:1].isalpha():
            continue  # "3D", "2nd": a word, not a quantity
        out.append((m.group(1).replace(",", ""), unit))
    return out


def _share(claim_terms: list[str], vocabulary: set[str]) -> float:
    if not claim_terms:
        return 0.0
    return sum(bool(variants(t) & vocabulary) for t in claim_terms) / len(claim_terms)


def _acronym_in(acronym: str, words: list[str]) -> bool:
    letters = acronym.casefold().rstrip("s") if len(acronym) > 2 else acronym.casefold()
    n = len(letters)
    return any("".join(w[0] for w in words[i : i + n]) == letters for i in range(len(words) - n + 1))


class Pool:
    """What a set of cited papers (and the question) say: numbers, words, names."""

    def __init__(self, texts: list[str], question: str = ""):
        joined = "\n".join(texts)
        self.raw, self.question = joined, question
        self._vocabulary: set[str] | None = None
        self.norm = _norm(joined)
        self.words = self.norm.split()
        # Numbers may come from the question ("in 2020?"); names may not: a name the user asked about is not
        # something the cited paper says.
        self.numbers = numbers(joined + "\n" + question)
        self.values = {v for v, _ in self.numbers} | {
            _WORD_NUMBERS[w] for w in (self.words + _norm(question).split()) if w in _WORD_NUMBERS
        }

    def has_number(self, value: str, unit: str | None) -> bool:
        if value not in self.values:
            return False
        units = {u for v, u in self.numbers if v == value}
        return unit is None or unit in units or None in units or not units

    def coverage(self, claim_terms: list[str]) -> float:
        """Share of a claim's terms found in these texts (1.0 for a claim with no terms)."""
        if self._vocabulary is None:
            self._vocabulary = set(terms(self.raw))
        if not claim_terms:
            return 1.0
        return sum(bool(variants(t) & self._vocabulary) for t in claim_terms) / len(claim_terms)

    def has_name(self, name: str) -> bool:
        n = _norm(name).strip()
        # At a word start, not a whole word: abstracts with glued words ("LLaMA and Qwenin terms") still count.
        if not n or f" {n}" in self.norm or f" {n.replace(' ', '')}" in self.norm:
            return True
        if n.endswith("s") and f" {n[:-1].strip()} " in self.norm:
            return True
        # "LLMs" for "large language models", "CKA" for "Centered Kernel Alignment".
        return bool(re.fullmatch(r"[A-Z]{2,}s?", name)) and _acronym_in(name, self.words)


def _names(sentence: str) -> list[str]:
    """Names a claim makes: capitalised words past the first, and mixed-case or all-caps words (NeurIPS, GPU)."""
    words = list(_NAME.finditer(sentence))
    out = []
    for m in words:
        w = m.group(0).strip("-")
        at_start = not sentence[: m.start()].strip(" *_\"“'(")
        if at_start and not re.search(r"[A-Z].*[A-Z]", w[1:] if len(w) > 1 else ""):
            continue
        if len(w) <= 1:
            continue
        out.append(w)
    return out


def unsupported_detail(sentence: str, pool: Pool) -> str | None:
    """Why a pool cannot support a sentence's numbers or names ("number" / "name"), or None when it can."""
    for value, unit in numbers(sentence):
        if not pool.has_number(value, unit):
            return "number"
    for name in _names(sentence):
        if not pool.has_name(name):
            return "name"
    return None


def paper_texts(paper: Paper) -> list[str]:
    """What a source says about itself: title, year, authors, identifiers, abstracts."""
    meta = [
        paper.title or paper.display_title,
        str(paper.year or ""),
        ", ".join(paper.authors),
        f"arXiv:{paper.arxiv_id}" if paper.arxiv_id else "",
    ]
    return [m for m in meta if m] + list(paper.abstracts)


class ClaimChecker:
    """Checks an answer's sentences against the numbered sources (`papers[0]` is `[1]`)."""

    def __init__(self, embeddings, sentence_vectors=None):
        self.embeddings = embeddings
        self.stored = sentence_vectors  # SentenceVectors from the store, or None (everything embedded here)
        self._extra: dict[str, np.ndarray] = {}  # titles and sentences the store does not hold

    def _vectors(self, texts: list[str]) -> np.ndarray:
        if self.stored is not None:
            vectors = np.asarray(self.stored.get(texts), dtype=np.float32)
        else:
            vectors = np.zeros((len(texts), 384), dtype=np.float32)
        unknown = [i for i in range(len(texts)) if not vectors[i].any()]
        todo = [texts[i] for i in unknown if texts[i] not in self._extra]
        if todo:
            if len(self._extra) > 4096:
                self._extra.clear()
            for t, v in zip(todo, self.embeddings.embed_documents(todo)):
                self._extra[t] = np.asarray(v, dtype=np.float32)
        for i in unknown:
            vectors[i] = self._extra[texts[i]]
        return vectors

    def check(self, text: str, papers: list[Paper], question: str) -> Checked:
        sentences = split(text)
        claims = [s for s in sentences if needs_citation(s.text)]
        result = Checked(text="")
        if not claims:
            result.text = text.strip()
            return result
        units = {i: [s for a in p.abstracts for s in research_sentences(a)] for i, p in enumerate(papers, 1)}
        pools = {i: Pool(paper_texts(p), question) for i, p in enumerate(papers, 1)}
        sims = self._similarities([c.text for c in claims], units)
        quotes: dict[int, tuple[str, float]] = {}
        kept: set[int] = set()
        for ci, claim in enumerate(claims):
            verdict, cites = self._judge(claim, sims[ci], pools)
            result.verdicts.append((claim.text, verdict))
            if cites:
                claim.cites = cites
                kept.add(id(claim))
                for n in cites:
                    sentence, score = sims[ci][n]
                    if n not in quotes or score > quotes[n][1]:
                        quotes[n] = (sentence, score)
                if verdict == "kept":
                    result.supported += 1
                elif verdict == "moved":
                    result.reattributed += 1
                else:
                    result.attributed += 1
            else:
                result.removed[verdict] = result.removed.get(verdict, 0) + 1
        claim_ids = {id(c) for c in claims}
        survivors = [s for s in sentences if id(s) not in claim_ids or id(s) in kept]
        if not any(id(s) in kept for s in survivors):
            return result  # nothing checked survives: the caller answers extractively
        result.text = _join(survivors, {id(s) for s in survivors if id(s) in kept})
        result.quotes = {n: q for n, (q, _) in quotes.items()}
        return result

    def _similarities(self, claims: list[str], units: dict[int, list[str]]) -> list[dict[int, tuple[str, float]]]:
        """For each claim and source: the sentence that best supports it (the quote) and the closest cosine."""
        claim_vecs = np.asarray(self.embeddings.embed_documents(claims), dtype=np.float32)
        claim_terms = [terms(c) for c in claims]
        claim_numbers = [{v for v, _ in numbers(c)} for c in claims]
        out: list[dict[int, tuple[str, float]]] = [{} for _ in claims]
        for n, sentences in units.items():
            if not sentences:
                continue
            scores = claim_vecs @ self._vectors(sentences).T
            vocabularies = [set(terms(s)) for s in sentences]
            values = [{v for v, _ in numbers(s)} for s in sentences]
            for ci in range(len(claims)):
                # The quote: meaning plus shared words and numbers. MiniLM alone put "cuNNQS-SCI achieves 2.32X …"
                # (0.74) above the sentence holding the claim's "over 90% parallel efficiency" (0.59).
                shared = np.array([_share(claim_terms[ci], v) for v in vocabularies])
                same_numbers = np.array(
                    [bool(claim_numbers[ci]) and claim_numbers[ci] <= v for v in values], dtype=np.float32
                )
                j = int(np.argmax(scores[ci] + QUOTE_WORDS * shared + QUOTE_NUMBERS * same_numbers))
                out[ci][n] = (sentences[j], float(scores[ci].max()))
        return out

    @staticmethod
    def _judge(claim: Sentence, sims: dict[int, tuple[str, float]], pools: dict[int, Pool]) -> tuple[str, list[int]]:
        """(verdict, sources it cites after the check); no sources means the claim is removed for `verdict`."""
        claim_terms = terms(claim.text)
        claim_numbers = numbers(claim.text)

        def close(n: int, bar: float) -> bool:
            # Close in meaning; or nearly so with (almost) every word of the claim in the paper: a short claim
            # drawn from a long sentence ("485x lower memory") scores lower against it than a paraphrase would.
            # A claim whose every number (there is at least one) the paper states is likewise nearly there.
            # And whatever the cosine, most of its words must be the paper's: MiniLM scores a claim on the paper's
            # topic high even when it says what the paper does not ("CALM fine-tunes every layer with
            # reinforcement learning": 0.55, while the words the paper uses cover 30% of it).
            sim = sims.get(n, ("", -1.0))[1]
            words = pools[n].coverage(claim_terms)
            numbers_given = bool(claim_numbers) and all(pools[n].has_number(v, u) for v, u in claim_numbers)
            if words < (MIN_WORDS_WITH_NUMBERS if numbers_given else MIN_WORDS):
                return False
            if sim >= bar:
                return True
            if sim < bar - LEXICAL_SLACK:
                return False
            return words >= LEXICAL_COVERAGE or numbers_given

        def supports(n: int, bar: float) -> bool:
            return close(n, bar) and unsupported_detail(claim.text, pools[n]) is None

        def sim(n: int) -> float:
            return sims.get(n, ("", -1.0))[1]

        cited = [n for n in claim.cites if n in pools]
        if cited:
            union = Pool([pools[n].raw for n in cited], pools[cited[0]].question)
            detail = unsupported_detail(claim.text, union)
            best = max(cited, key=sim)
            # A claim far closer to a source it does not cite is a swapped citation: move it there.
            swapped = [
                n for n in pools if n not in cited and sim(n) >= sim(best) + SWAP_MARGIN and supports(n, SUPPORT)
            ]
            if swapped:
                return "moved", [max(swapped, key=sim)]
            if detail is None and close(best, SUPPORT):
                return "kept", [n for n in cited if n == best or sim(n) >= SECOND_SOURCE]
            others = [n for n in pools if n not in cited and supports(n, SUPPORT)]
            if others:
                return "moved", [max(others, key=sim)]
            return (detail or "meaning"), []
        candidates = [n for n in pools if supports(n, ATTRIBUTE)]
        if candidates:
            return "attributed", [max(candidates, key=sim)]
        return "uncited", []


def _join(sentences: list[Sentence], cited: set[int]) -> str:
    lines: dict[int, list[str]] = {}
    for s in sentences:
        text = s.text
        if id(s) in cited and s.cites:
            marks = "".join(f"[{n}]" for n in s.cites)
            m = re.search(r"[.!?:;]?[\"'”)]*$", text)
            text = f"{text[: m.start()]} {marks}{text[m.start() :]}" if m else f"{text} {marks}"
        lines.setdefault(s.line, []).append((s.prefix if not lines.get(s.line) else "") + text)
    out, last = [], None
    for line_no in sorted(lines):
        if last is not None and line_no - last > 1:
            out.append("")  # keep paragraph breaks
        out.append(" ".join(lines[line_no]))
        last = line_no
    return "\n".join(out).strip()
