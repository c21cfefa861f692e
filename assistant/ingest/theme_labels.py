"""Theme labels: a short phrase taken verbatim from a theme's own titles and abstracts, chosen by meaning.

Candidates are the word runs of the theme's papers between stopwords and punctuation (one to four words, not
all generic, not opening or closing on a verb or adverb). A cheap lexical score (how many of the theme's papers
use the phrase, how few of the others do) keeps a short list; the MiniLM vectors of that list, compared with the
theme's papers, pick the phrase closest to the theme and furthest from the other themes.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from assistant.models import Paper
from assistant.text import STOP

MAX_WORDS = 4
SHORTLIST = 24  # phrases per theme embedded (the only model work: ~150 short texts for six themes)
OTHER_WEIGHT = 0.5  # how much closeness to another theme's papers counts against a phrase
COVERAGE_WEIGHT = 0.1  # a phrase used by all of a theme's papers gains this over one used by none
WORD_BONUS = 0.03  # per word past the first, up to three: a single word matches its theme's vectors well but says less

# Generic words a label may hold but not consist of ("language models" yes, "models" no).
GENERIC = set(
    """model models method methods approach approaches framework frameworks technique techniques system systems
    algorithm
    algorithms performance learning network networks training data analysis study studies task tasks problem problems
    result results work works paper papers application applications solution solutions strategy strategies process
    processes scheme schemes tool tools design implementation implementations experiments evaluation accuracy efficiency
    cost costs time speed speedup scale scaling memory computation computations computing level levels set sets
    type types number numbers way ways part parts case cases order terms term effect effects impact use
    platform platforms pattern patterns aspect aspects layer layers""".split()
)
# Words that never open or close a label: verbs, adjectives and adverbs of abstract prose.
EDGE = set(
    """propose proposes proposed present presents presented show shows shown achieve achieves achieved achieving
    demonstrate demonstrates demonstrated compare compared based using use used uses remain remains address addresses
    enable enables enabled design designed determine determines according analyze analyzes analyse accurately
    respectively including across within without while many several various multiple previous prior current new novel
    existing different significant significantly first second also well via however efficient effective high large
    higher lower smaller larger key main critical scalable further furthermore moreover thus therefore yet still even
    only both each every other such same able due make makes made provide provides provided improve improves improved
    reduce reduces reduced obtain obtains obtained offer offers introduce introduces introduced develop develops
    developed
    leverage leverages leveraging utilize utilizes exploit exploits exploiting outperform outperforms reach reaches
    require requires required allow allows support supports supported perform performs performed called named given
    recent recently up over under into onto upon among whereas although though overall typically often widely
    state-of-the-art best better good less fewer lot lots extensive comprehensive large-scale small-scale
    fine-grained coarse-grained low-cost high-performance experimental optimized optimised optimal practical
    theoretical general specific hundreds thousands millions dozens""".split()
)
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*")
_BREAK = re.compile(r"[^\s]")  # anything but spaces between two words ends a run (punctuation, LaTeX, digits)


@dataclass
class Candidate:
    """One phrase (keyed by its casefolded words) with the surface forms it was written in and where."""

    key: str
    surfaces: Counter = field(default_factory=Counter)
    papers: set[str] = field(default_factory=set)
    in_title: bool = False

    @property
    def surface(self) -> str:
        # As prose writes it: "quantum" from an abstract over "Quantum" from a title in title case.
        return max(self.surfaces.items(), key=lambda kv: (kv[0][0].islower(), kv[1], kv[0]))[0]

    @property
    def text(self) -> str:
        surface = self.surface
        return surface[0].upper() + surface[1:] if surface[0].islower() else surface


# --- how well a label describes its theme ------------------------------------------------------------------
COVERAGE_GOAL = 0.8  # a label should be in the own text of at least this share of its theme's papers
# Word endings dropped before two words are compared, longest first: "quantization", "quantized" and "quantize"
# are one word here, as are "benchmark" and "benchmarks", "computing" and "computations".
_SUFFIXES = sorted(
    "izations ization ations ation izing ized izes ize ings ing ers er ed es s ies ally al ly ity e".split(),
    key=len,
    reverse=True,
)
MIN_STEM = 3
AND = " and "  # joins the two phrases of a label no single phrase could give ("Quantization and compression")


def stem(word: str) -> str:
    word = word.casefold()
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= MIN_STEM:
            return word[: -len(suffix)]
    return word


def paper_text(paper: Paper) -> str:
    return " ".join([paper.title or "", *paper.abstracts, *paper.comments])


def stems_of(paper: Paper) -> frozenset[str]:
    """The stems of every word of the paper's own text, hyphenated words also by their parts."""
    words = {w.casefold() for w in _WORD.findall(paper_text(paper))}
    words |= {part for w in words if "-" in w for part in w.split("-") if part}
    return frozenset(map(stem, words))


def label_words(label: str) -> list[str]:
    """The words a label stands on: its words but stopwords."""
    return [w for w in (x.casefold() for x in _WORD.findall(label)) if w not in STOP and len(w) > 1]


def holds(label: str, stems: frozenset[str]) -> bool:
    """Every word of the label (of one of its two phrases, for "X and Y"), in some form, is among `stems`. A
    phrase never holds "and" (a stopword ends a phrase), so " and " only ever joins two."""
    return any(all(stem(w) in stems for w in label_words(part)) for part in label.split(AND))


def describes(label: str, paper: Paper) -> bool:
    """The label's words are in the paper's own text (title, abstracts, comments)."""
    return holds(label, stems_of(paper))


def coverage(label: str, papers: list[Paper]) -> float:
    """The share of `papers` whose own text holds the label's words: how far the label describes them."""
    return sum(describes(label, p) for p in papers) / len(papers) if papers else 0.0


def _runs(text: str) -> list[list[str]]:
    """Runs of adjacent words with only spaces between them, split at stopwords."""
    runs: list[list[str]] = [[]]
    end = 0
    for m in _WORD.finditer(text):
        word = m.group()
        if _BREAK.search(text, end, m.start()) or word.casefold() in STOP or len(word) < 2:
            runs.append([])
        if word.casefold() not in STOP and len(word) >= 2:
            runs[-1].append(word)
        end = m.end()
    return [r for r in runs if r]


def _acceptable(words: list[str]) -> bool:
    folded = [w.casefold() for w in words]
    if folded[0] in EDGE or folded[-1] in EDGE or folded[-1].endswith("ly"):
        return False
    if len(set(folded)) < len(folded):
        return False
    content = [w for w in folded if w not in GENERIC and w not in EDGE and len(w) > 2]
    return bool(content)


def phrases(text: str) -> dict[str, str]:
    """Every candidate phrase of `text`: casefolded key → the words as written."""
    out: dict[str, str] = {}
    for run in _runs(text):
        for n in range(1, MAX_WORDS + 1):
            for i in range(len(run) - n + 1):
                words = run[i : i + n]
                if _acceptable(words):
                    out.setdefault(" ".join(w.casefold() for w in words), " ".join(words))
    return out


def candidates(papers: list[Paper]) -> dict[str, Candidate]:
    found: dict[str, Candidate] = {}
    for p in papers:
        for part, is_title in ((p.title or "", True), (p.abstract, False)):
            for key, surface in phrases(part).items():
                c = found.setdefault(key, Candidate(key))
                c.surfaces[surface] += 1
                c.papers.add(p.id)
                c.in_title |= is_title
    return found


def _lexical(c: Candidate, members: int, outside: int, everyone: int) -> float:
    words = c.key.count(" ") + 1
    coverage = len(c.papers) / members
    return (
        coverage
        * math.log(1 + everyone / max(outside, 1))
        * (1.0 + 0.3 * min(words, 3) - 0.1 * max(words - 3, 0))
        * (1.2 if c.in_title else 1.0)
    )


def label_themes(
    groups: list[list[Paper]], vectors: dict[str, np.ndarray], embed: Callable[[list[str]], np.ndarray] | None = None
) -> list[str | None]:
    """One label per group of papers (None when a group offers no phrase); no two groups share a label."""
    everyone = [p for g in groups for p in g]
    per_group = [candidates(g) for g in groups]
    total = Counter(key for cs in per_group for key, c in cs.items() for _ in c.papers)
    shortlists = []
    for members, cs in zip(groups, per_group):
        need = min(2, len(members))  # a label should speak for more than one paper when the theme has several
        scored = [
            (_lexical(c, len(members), total[k] - len(c.papers), len(everyone)), k)
            for k, c in cs.items()
            if len(c.papers) >= need
        ]
        if not scored:
            scored = [(_lexical(c, len(members), total[k] - len(c.papers), len(everyone)), k) for k, c in cs.items()]
        shortlists.append([k for _, k in sorted(scored, key=lambda x: (-x[0], x[1]))[:SHORTLIST]])
    scores = [{k: i for i, k in enumerate(reversed(s))} for s in shortlists]  # lexical rank only, without a model
    if embed is not None and any(shortlists):
        centres = []
        for members in groups:
            centre = np.mean([vectors[p.id] for p in members if p.id in vectors] or [np.zeros(1)], axis=0)
            centres.append(centre / max(float(np.linalg.norm(centre)), 1e-12))
        texts = sorted({per_group[i][k].text for i, s in enumerate(shortlists) for k in s})
        matrix = np.asarray(embed(texts), dtype=np.float64)
        matrix /= np.clip(np.linalg.norm(matrix, axis=1, keepdims=True), 1e-12, None)
        row = {t: i for i, t in enumerate(texts)}
        sims = (
            matrix @ np.stack(centres).T if len(centres[0]) == matrix.shape[1] else np.zeros((len(texts), len(groups)))
        )
        for g, shortlist in enumerate(shortlists):
            others = [j for j in range(len(groups)) if j != g]
            for k in shortlist:
                s = sims[row[per_group[g][k].text]]
                other = max((s[j] for j in others), default=0.0)
                coverage = len(per_group[g][k].papers) / len(groups[g])
                words = min(k.count(" ") + 1, 3)
                scores[g][k] = float(
                    s[g] - OTHER_WEIGHT * other + COVERAGE_WEIGHT * coverage + WORD_BONUS * (words - 1)
                )
    labels: list[str | None] = []
    used: set[str] = set()
    stems = {p.id: stems_of(p) for p in everyone}
    for g, members in enumerate(groups):
        ranked = [k for k in sorted(scores[g], key=lambda k: (-scores[g][k], k)) if k not in used]
        cs = per_group[g]
        held = {k: {p.id for p in members if holds(cs[k].text, stems[p.id])} for k in ranked}
        # A label must describe most of its theme: among the best-scored phrases, one that does, or two that do
        # together ("Quantization and compression": a pair scores as its weaker phrase); else the best phrase
        # (and the theme is then split, see themes.py).
        goal = COVERAGE_GOAL * len(members)
        top = ranked[:PAIR_SHORTLIST]
        options = [(cs[k].in_title, scores[g][k], cs[k].text) for k in top if len(held[k]) >= goal]
        options += _pairs(top, cs, held, scores[g], goal)
        # Phrases a title uses name a topic; abstract prose offers "linear" or "hundreds" as readily.
        choice = max(options)[2] if options else (cs[ranked[0]].text if ranked else None)
        if choice is not None:
            used.add(choice.casefold())
            used |= {part.casefold() for part in choice.split(AND)}
        labels.append(choice)
    return labels


PAIR_SHORTLIST = 12  # a theme's best-scored phrases, tried alone and two by two
PAIR_COST = 0.02  # a label of two phrases says less crisply what a theme is than one


def _pairs(top: list[str], cs: dict[str, Candidate], held: dict[str, set], score: dict, goal: float) -> list:
    """(in titles, score, "X and Y") for two phrases (two words at most each, no word shared) that together
    describe `goal` papers; a pair scores as its weaker phrase, less a little for being two."""
    # A lone word of abstract prose is as often an adjective ("linear") as a topic: one word only from a title.
    short = [k for k in top if k.count(" ") < 2 and (cs[k].in_title or " " in k)]
    return [
        (cs[a].in_title and cs[b].in_title, min(score[a], score[b]) - PAIR_COST, f"{cs[a].text}{AND}{cs[b].surface}")
        for i, a in enumerate(short)
        for b in short[i + 1 :]
        if len(held[a] | held[b]) >= goal and not set(a.split()) & set(b.split())
    ]
