"""A deterministic synthetic corpus for the benchmarks: abstract-like papers grown from the seeds.

    python -m bench.synthetic OUT_DIR --papers 10000 [--seed 1]   # writes profile-card pages + corpus.toml

A word-level Markov chain (order 2, backing off to order 1 one step in four, so sentences leave the
seeds' exact wording) is trained on the seed abstracts' sentences, read through the real parsers
(`build_corpus`). Each synthetic abstract borrows the sentence shapes of one seed abstract: sentence i
starts with the first two words of the seed's sentence i ("In this paper", "Experiments show") and the
chain writes the rest. Sentences equal to a seed sentence or to any sentence already generated are
redrawn, so every sentence is new and the sentence-vector cache cannot make ingest look free.
Titles come from a chain over the seed titles and abstracts and are unique (titles key the merge);
authors are drawn from the seeds' given and family names, the principal author on one paper in fifty.

`write_cards` writes the pages in the seeds' "profile cards" shape (000_*.txt), which the real
profile_cards parser reads, with a corpus.toml naming the principal author and each page's owner.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import re
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from bench.common import ROOT

MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
END = "\0"
NAME = re.compile(r"^[A-Z][a-z]+(?:-[A-Za-z][a-z]+)*$")
PER_FILE = 500  # cards per page file


@dataclass
class SynthPaper:
    title: str
    authors: list[str]
    truncated: bool
    year: int
    month: int
    day: int
    category: str
    has_code: bool
    abstract: str


class Chain:
    """Order-2 word chain with order-1 back-off; successors kept as lists, so a choice follows their frequency."""

    def __init__(self, sentences: list[str]):
        self.two: dict[tuple[str, str], list[str]] = defaultdict(list)
        self.one: dict[str, list[str]] = defaultdict(list)
        for s in sentences:
            words = s.split() + [END]
            for i in range(len(words) - 1):
                self.one[words[i]].append(words[i + 1])
                if i >= 1:
                    self.two[(words[i - 1], words[i])].append(words[i + 1])

    def walk(self, rng: random.Random, w1: str, w2: str, max_words: int) -> list[str]:
        out = [w1, w2]
        while len(out) < max_words:
            pool = self.two.get((out[-2], out[-1]))
            if not pool or rng.random() < 0.25:
                pool = self.one.get(out[-1]) or [END]
            nxt = rng.choice(pool)
            if nxt == END:
                break
            out.append(nxt)
        return out


def _seed_corpus():
    from assistant.ingest.manifest import load_manifest
    from assistant.ingest.pipeline import build_corpus

    seeds = ROOT / "seeds"
    manifest = load_manifest(seeds)
    return build_corpus([seeds], manifest), manifest.principal_author


class Generator:
    def __init__(self, seed: int = 1):
        from assistant.text import split_sentences

        corpus, self.principal = _seed_corpus()
        papers = corpus.papers
        self.rng = random.Random(seed)
        self.shapes = [
            [s.split()[:2] for s in split_sentences(p.abstract) if len(s.split()) >= 4] for p in papers if p.abstract
        ]
        self.shapes = [s for s in self.shapes if s]
        sentences = [s for p in papers for a in p.abstracts for s in split_sentences(a) if len(s.split()) >= 4]
        self.seed_sentences = set(sentences)
        self.chain = Chain(sentences)
        titles = [p.title for p in papers if p.title]
        self.title_chain = Chain(titles + sentences)
        self.title_starts = [t.split()[:2] for t in titles if len(t.split()) >= 3]
        names = [a for p in papers for a in p.authors if a != self.principal]
        given = sorted({n.split()[0] for n in names if len(n.split()) == 2 and NAME.match(n.split()[0])})
        family = sorted({n.split()[1] for n in names if len(n.split()) == 2 and NAME.match(n.split()[1])})
        # A pool of people, not every given x family pair: real corpora repeat co-authors.
        self.people = sorted(
            {f"{self.rng.choice(given)} {self.rng.choice(family)}" for _ in range(3000)} - {self.principal}
        )
        self.categories = sorted({c for p in papers for c in p.categories if re.fullmatch(r"[A-Z]{2}", c)}) or ["LG"]
        self._seen: set[str] = set()
        self._titles: set[str] = set()

    def sentence(self, w1: str, w2: str) -> str:
        for _attempt in range(40):
            words = self.chain.walk(self.rng, w1, w2, max_words=45)
            if len(words) < 6:
                continue
            s = " ".join(words)
            if not s.endswith((".", "!", "?")):
                s = s.rstrip(",;:") + "."
            if s not in self.seed_sentences and s not in self._seen:
                self._seen.add(s)
                return s
        # Practically never reached; keeps the sentence new without an unbounded loop.
        s = f"{s[:-1]} in setting {len(self._seen)}."
        self._seen.add(s)
        return s

    def title(self) -> str:
        from assistant.ingest.merge import norm_title

        for _attempt in range(200):
            w1, w2 = self.rng.choice(self.title_starts)
            words = self.title_chain.walk(self.rng, w1, w2, max_words=self.rng.randint(6, 13))
            t = " ".join(words).rstrip(".,;:")
            if len(words) >= 4 and norm_title(t) not in self._titles:
                break
        else:
            t = f"{t} {len(self._titles)}"
        self._titles.add(norm_title(t))
        return t

    def paper(self, abstract: str | None = None) -> SynthPaper:
        rng = self.rng
        if abstract is None:
            shape = rng.choice(self.shapes)[:10]
            abstract = " ".join(self.sentence(w1, w2) for w1, w2 in shape)
        n = rng.randint(2, 7)
        authors = rng.sample(self.people, n)
        if rng.random() < 0.02:
            authors[rng.randrange(n)] = self.principal
        return SynthPaper(
            title=self.title(),
            authors=authors,
            truncated=rng.random() < 0.5,
            year=rng.randint(2012, 2026),
            month=rng.randint(1, 12),
            day=rng.randint(1, 28),
            category=rng.choice(self.categories),
            has_code=rng.random() < 0.3,
            abstract=abstract,
        )

    def pool_paper(self, pool: list[str]) -> SynthPaper:
        """A paper whose abstract is 6-10 sentences drawn from `pool` (already embedded elsewhere); new title."""
        return self.paper(abstract=" ".join(self.rng.sample(pool, self.rng.randint(6, 10))))


def generate(n: int, seed: int = 1) -> list[SynthPaper]:
    gen = Generator(seed)
    return [gen.paper() for _ in range(n)]


def card(p: SynthPaper) -> str:
    """One card in the 000 profile page's shape: `LGDec 9, 2024Code`, title, authors (`… et al.`), abstract."""
    header = f"{p.category}{MONTHS[p.month - 1]} {p.day}, {p.year}{'Code' if p.has_code else ''}"
    authors = ", ".join(p.authors) + (" et al." if p.truncated else "")
    return f"{header}\n{p.title}\n\n{authors}\n\n{p.abstract}\n\n"


def write_cards(folder: Path, papers: list[SynthPaper], principal: str, per_file: int = PER_FILE) -> list[Path]:
    """Profile-card pages of `per_file` papers each, plus a corpus.toml; returns the page files."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    files = []
    lines = [f'principal_author = "{principal}"', ""]
    for i in range(0, len(papers), per_file):
        name = f"{i // per_file:03d}_synthetic.txt"
        body = f"{principal}\n\nLG\n{len(papers)} Papers\n\n" + "".join(card(p) for p in papers[i : i + per_file])
        (folder / name).write_text(body, encoding="utf-8")
        files.append(folder / name)
        # The first page is the principal's own profile; the rest are other groups' listings, where the
        # principal's papers are those naming them (one in fifty), as with the seeds' 004 listing.
        owner = principal if i == 0 else "another research group"
        lines += [
            f'[files."{name}"]',
            f'description = "Synthetic profile page {i // per_file}"',
            f'owner = "{owner}"',
            "",
        ]
    (folder / "corpus.toml").write_text("\n".join(lines), encoding="utf-8")
    return files


def corpus_digest(papers: list[SynthPaper]) -> str:
    h = hashlib.sha1()
    for p in papers:
        h.update(card(p).encode())
    return h.hexdigest()[:12]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--papers", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    gen = Generator(args.seed)
    papers = [gen.paper() for _ in range(args.papers)]
    files = write_cards(args.out, papers, gen.principal)
    n_sent = len(gen._seen)
    print(
        f"{len(papers)} papers, {n_sent} distinct new sentences, {len(files)} files in "
        f"{args.out} (digest {corpus_digest(papers)})"
    )


if __name__ == "__main__":
    main()


# --- a mixed question set over a corpus's own table (bench/first_asks.py --mix) ---------------------------------------
# Topics no seed-grown abstract is about; each is kept only if the table's abstracts never write the phrase.
OUTSIDE = [
    "climate policy",
    "protein folding",
    "music generation",
    "medical image segmentation",
    "blockchain consensus protocols",
    "wildlife ecology",
    "urban traffic planning",
    "speech recognition for children",
    "crop yield forecasting",
    "cryptocurrency pricing",
    "sign language translation",
    "ocean acidification",
    "dental imaging",
    "poetry generation",
    "autonomous sailing",
    "earthquake early warning",
    "legal contract review",
    "bird migration",
    "fashion recommendation",
    "volcano monitoring",
]
MIX_KINDS = ("list", "count", "fact", "topic", "compare", "follow_up", "out_of_corpus")


def _topics(papers, rng: random.Random, n: int) -> list[str]:
    """Two-word phrases the principal's titles use, at least twice where there are enough, drawn at random."""
    from assistant.text import STOP

    counts: dict[str, int] = defaultdict(int)
    for p in papers:
        words = re.findall(r"[a-z][a-z-]+", (p.title or "").casefold())
        for a, b in set(zip(words, words[1:])):
            if len(a) >= 4 and len(b) >= 4 and a not in STOP and b not in STOP:
                counts[f"{a} {b}"] += 1
    common = sorted(t for t, c in counts.items() if c >= 2)
    picked = rng.sample(common, min(n, len(common)))
    once = sorted(t for t, c in counts.items() if c == 1)  # a small corpus: phrases its titles use once, too
    return picked + rng.sample(once, min(n - len(picked), len(once)))


def mixed_questions(papers, principal: str, seed: int = 1) -> list[dict]:
    """About 190 distinct conversations of the kinds a user asks (MIX_KINDS), every name, title, year, topic and
    sentence drawn from `papers` (the table of an ingested synthetic corpus): [{"kind", "turns"}]. Deterministic."""
    rng = random.Random(seed)
    mine = [p for p in papers if p.is_author_work and p.title]
    titled = [p for p in papers if p.title and p.has_abstract]
    years = sorted({p.year for p in mine if p.year})
    people = sorted({a for p in papers for a in p.authors if a != principal})
    coauthors = sorted({a for p in mine for a in p.authors if a != principal})
    topics = _topics(mine, rng, 40)
    words = {w for p in papers for w in re.findall(r"[a-z]+", p.abstract.casefold())}
    text = " ".join(p.abstract.casefold() for p in papers)
    outside = [t for t in OUTSIDE if t not in text and not set(t.split()) <= words]
    surname = principal.split()[-1]
    out: list[dict] = []

    def add(kind: str, *turns: str) -> None:
        if not any(q["turns"] == list(turns) for q in out):
            out.append({"kind": kind, "turns": list(turns)})

    def pick(pool, k):
        return rng.sample(pool, min(k, len(pool)))

    def quoted(p) -> str:
        return f"“{p.title}”"

    for y in pick(years, 6):
        add("list", f"Which papers did {principal} publish in {y}?")
        add("count", f"How many of the author's papers are from {y}?")
    for a, b in zip(pick(years, 4), pick(years, 4)):
        lo, hi = sorted((a, b))
        if lo != hi:
            add("list", f"List the author's papers from {lo} to {hi}.")
            add("count", f"How many papers did {surname} write between {lo} and {hi}?")
    for c in pick(coauthors, 8):
        add("list", f"Which papers has {principal} written with {c}?")
        add("count", f"How many papers has {principal} written with {c}?")
    for person in pick(people, 6):
        add("list", f"List {person}'s papers.")
        add("count", f"How many papers did {person} write?")
    add("count", "How many of the author's papers come with code?")
    add("count", f"How many papers by {principal} are in the corpus?")
    add("list", "What is the author's earliest paper in the corpus?")
    add("list", f"What is {principal}'s latest paper?")
    for p in pick(titled, 10):
        add("fact", f"Who wrote {quoted(p)}?")
    for p in pick(titled, 8):
        add("fact", f"When was {quoted(p)} published?")
    for p in pick(titled, 8):
        add("fact", f"What does the paper {quoted(p)} propose?")
    for p in pick(mine, 6):
        add("fact", f"Is {quoted(p)} one of {principal}'s papers?")
    for p in pick(titled, 10):
        sentences = [s for s in re.split(r"(?<=[.!?])\s+", p.abstract) if len(s.split()) >= 10]
        if sentences:
            s = rng.choice(sentences).rstrip(".").split()
            add("fact", f"Which paper says that {' '.join(s[2:14])}?")
    for i, t in enumerate(topics[:30]):
        form = (
            "What has the author worked on in {t}?",
            "Which of {P}'s papers are about {t}?",
            "What has {P} published on {t}?",
        )[i % 3]
        add("topic", form.format(t=t, P=principal))
    for a, b in zip(pick(titled, 10), pick(titled, 10)):
        if a.id != b.id:
            add("compare", f"How do {quoted(a)} and {quoted(b)} differ?")
    for a, b in zip(pick(mine, 5), pick(mine, 5)):
        if a.id != b.id:
            add("compare", f"Compare {quoted(a)} with {quoted(b)}.")
    rest = topics[30:]
    for i, t in enumerate(rest):
        first = f"What has {principal} published on {t}?"
        second = ("Tell me about the second one.", "which of those came out first?", "more", "compare them")[i % 4]
        add("follow_up", first, second)
    for p in pick(titled, 5):
        add("follow_up", f"Who wrote {quoted(p)}?", "what else did the first author write?")
    for y in pick(years, 4):
        add("follow_up", f"How many papers did {principal} write in {y}?", "list them")
    for p in pick(titled, 4):
        add("follow_up", f"What is {quoted(p)} about?", "when was it published?")
    for t in outside:
        add("out_of_corpus", f"What has {principal} published on {t}?")
    return out
