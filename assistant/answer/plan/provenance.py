"""Questions about the corpus's sources: which papers a source lists ("only in the arXiv listings and not on either
profile page", "from the other research group") and what a page states of itself ("the h-index on his profile",
"has he claimed his researcher profile?").

A source is named by the words the corpus itself uses of it: its description and owner in corpus.toml, the heading
of its page, its file name, and how its kind of source is said (KIND_SAID, by the ingest's shape). A word every
source shares ("page" when all are pages) names none of them. A run of such words in the question is a mention; it
names the sources whose words it shares most ("the arXiv listings": both arXiv listings). A stop word alone
("research") names none; words that name no kind of source (a file name's brand) name one only in a question that
sets sources against each other ("only", "not in", "both").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from assistant.answer.plan.phrases.wording import PAPER_NOUN
from assistant.text import STOP

# How each kind of source is said (the ingest modules' SHAPE names): the collection's answers and the words that
# name a source of that kind.
KIND_SAID = {
    "openalex": "an OpenAlex export",
    "bibtex": "a BibTeX file",
    "ris": "a RIS export",
    "csl_json": "a CSL-JSON export",
    "semantic_scholar": "a Semantic Scholar export",
    "arxiv_atom": "an arXiv API (Atom) feed",
    "arxiv_listing": "an arXiv listing page",
    "glued_listing": "a publication listing page",
    "profile_cards": "a researcher profile page (cards)",
    "profile_items": "a researcher profile page (items)",
}

# What every source is, whatever its kind: a file the corpus read, exported or scraped. "These files", "all the
# exports" name every source, so none of them ("file" is no more BibTeX's word than OpenAlex's); beside a word that
# names one ("the OpenAlex file") they say it is named as a document.
CONTAINER = frozenset({"file", "export"})
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:['’-][A-Za-z0-9]+)*")
# Words that carry no meaning of their own in a question (the function words of text.STOP): never a source's name
# nor a page's label.
FUNCTION = frozenset(
    """a an the of in on for to and or with by from about at as is are was were be been being do does did has have
    had which what who whom whose when where why how many much any all some this that these those it its they them
    their there his her he she him me please can could would should will one ones not s""".split()
)
# Words that set one source against another, read just before a mention.
_NOT = re.compile(r"\b(?:not|n't|never|neither|nor|without|except|absent|missing|outside|excluding)\b", re.I)
# What a negation before a source governs instead when it stands between them: a byline ("NOT by him, i.e. belong to
# the other research group": whose papers, then the group's listing named as where they are) or a clause's end.
_NEGATES_ELSE = re.compile(r"\bby\s+\w+|[,;:]|\bi\.e\b", re.I)


def _negates(before: str) -> bool:
    """A negation before a source's words negates the source ("not in the arXiv listing", "neither on his profile"),
    unless something else it governs stands between them."""
    said = list(_NOT.finditer(before))
    return bool(said) and not _NEGATES_ELSE.search(before[said[-1].end() :])


# "… that the BibTeX file doesn't (have)", "… the profile lacks"
_NOT_AFTER = re.compile(r"\s*(?:[a-z]+\s+)?(?:does(?:n['’]t| not)|do(?:n['’]t| not)|lacks?|omits?|misses?)\b", re.I)
_ONLY = re.compile(r"\b(?:only|exclusively|solely)\b", re.I)
_ONLY_AFTER = re.compile(r"^\W*(?:[a-z]+\s+)?(?:only|alone)\b", re.I)
_EVERY = re.compile(r"\b(?:both|each|all|every)\b", re.I)
_CONTRAST = re.compile(
    r"\b(?:only|alone|exclusively|solely|not|n't|neither|nor|both|but|except|without|absent|missing|lacks?)\b", re.I
)
_PAPERS_ASKED = re.compile(
    rf"\bwhich\b[^?.]*?\b{PAPER_NOUN}|\bwhich (?:ones|of)\b|\blist\b(?:\s+\w+){{0,2}}\s+{PAPER_NOUN}", re.I
)
COUNT = re.compile(r"\b(?:how many|number of|count)\b", re.I)


def _unarticled(said: str) -> str:
    """A source's kind as said after "the": "a BibTeX file" -> "BibTeX file"."""
    return re.sub(r"^(?:an?|the)\s+", "", said, flags=re.I)


def norm(word: str) -> str:
    """A word as sources and questions are compared: case-folded, singular, without "(s)" or "'s"."""
    w = re.sub(r"\(s\)$|['’]s$", "", word.casefold())
    return w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w


def root(word: str) -> str:
    """A word without its inflection ("claimed" -> "claim"), to match a page's labels."""
    w = norm(word)
    return re.sub(r"(?:ed|ing)$", "", w) if len(w) > 5 else w


def roots_match(a: str, b: str) -> bool:
    short, long = sorted((a, b), key=len)
    return short == long or (len(short) >= 4 and short in long)


def _words(text: str) -> list[str]:
    return [norm(p) for w in _WORD.findall(text or "") for p in re.sub(r"['’]s$", "", w).split("-") if p]


@dataclass(frozen=True)
class Statement:
    """One thing a page states of itself: a figure ("16 papers", "h-index 4") or a state ("Unclaimed author")."""

    file: str
    line: int
    label: str
    value: str
    text: str

    @property
    def said(self) -> str:
        if not self.value:
            return self.label
        return f"{self.value} {self.label}" if self.text.startswith(self.value) else f"{self.label} {self.value}"

    @property
    def counts_papers(self) -> bool:
        """A figure of the page's papers ("16 papers", "9 published items"): the corpus can count them too."""
        return bool(self.value) and bool(re.search(rf"\b{PAPER_NOUN}|\bitems?\b", self.label, re.I))


@dataclass(frozen=True)
class Source:
    file: str
    kind: str  # how its kind is said (KIND_SAID)
    described: str  # what corpus.toml says of it, or its page's heading
    owner: str | None
    kind_words: frozenset[str]  # words naming its kind (KIND_SAID, its description, its heading)
    nouns: frozenset[str]  # the head nouns of those phrases and its owner ("page", "listing", "profile", "group")
    other_words: frozenset[str]  # its file name and owner
    statements: tuple[Statement, ...]


@dataclass(frozen=True)
class Mention:
    files: frozenset[str]
    start: int
    end: int
    words: frozenset[str]
    by_kind: bool  # it names a kind of source (not only a brand or a file name)
    op: str = "in"  # in | only | not | every


@dataclass(frozen=True)
class SourceReading:
    """What a question asks of the sources: the page statements it asks for, or the papers by source (each mention
    with its operation), counted or listed."""

    mentions: tuple[Mention, ...]
    statements: tuple[Statement, ...] = ()
    count: bool = False
    others: frozenset[str] = field(default_factory=frozenset)  # the files owned by someone else than the author
    # the mentions only restrict the papers another question is asked of ("the newest card on his profile page")
    restricts: bool = False

    def admits(self, paper) -> bool:
        """The paper is listed where every mention's operation asks."""
        return selects({s.file for s in paper.sources}, self.mentions)

    def without(self, text: str) -> str:
        """The text without the words that named the sources ("arXiv listing" of "quantization arXiv listing")."""
        said = set().union(*(m.words for m in self.mentions))
        return " ".join(w for w in text.split() if not {norm(p) for p in _words(w)} & said)

    def phrase(self, index: SourceIndex) -> str:
        """ " listed in the Profile page of <the author>": the restriction, as a list's heading says it."""
        said = {"not": "not listed in", "only": "listed only in", "every": "listed in each of"}
        return ",".join(
            f" {said.get(m.op, 'listed in')} "
            + (" and " if m.op == "every" else " or ").join(
                dict.fromkeys(
                    f"the {_unarticled(index.by_file[f].described or index.by_file[f].kind)}" for f in sorted(m.files)
                )
            )
            for m in self.mentions
        )

    def explain(self) -> dict:
        """What --explain shows: each mention's operation and sources, the statements asked, the use made of them."""
        return {
            "use": "restricts the papers" if self.restricts else "statements" if self.statements else "papers",
            "mentions": [f"{m.op} {', '.join(sorted(m.files))}" for m in self.mentions],
            "statements": [s.said for s in self.statements],
        }


class SourceIndex:
    """The corpus's sources as a question can name them."""

    def __init__(self, reports: list[dict], principal: str, content=lambda text: []):
        """`content(text)` gives the words of a text that name a topic the papers use (none: a question about the
        sources alone)."""
        self.principal = principal
        self.content = content
        names = {norm(w) for w in principal.split()}
        common = {"paper", "work", "publication", *names, *FUNCTION}
        made = [self._source(r) for r in reports if r.get("shape")]
        # a word every source shares names none of them
        shared = set.intersection(*(set(s.kind_words | s.other_words) for s in made)) if len(made) > 1 else set()
        drop = common | shared
        self.sources = [
            Source(
                s.file,
                s.kind,
                s.described,
                s.owner,
                frozenset(s.kind_words - drop),
                frozenset(s.nouns - (drop - CONTAINER)),  # "the OpenAlex file" names it as a document
                frozenset(s.other_words - drop - s.kind_words),
                s.statements,
            )
            for s in made
        ]
        self.vocabulary = set().union(*(s.kind_words | s.other_words for s in self.sources)) if self.sources else set()
        self.vocabulary |= CONTAINER & set().union(*(s.nouns for s in self.sources))  # part of a mention, naming none
        self.by_file = {s.file: s for s in self.sources}

    @staticmethod
    def _source(r: dict) -> Source:
        page = r.get("page") or {}
        described = re.sub(r"\([^)]*\)", " ", r.get("description") or "")  # what a page holds is not what it is
        kind = KIND_SAID.get(r["shape"], r["shape"].replace("_", " "))
        kind_words = set(_words(re.sub(r"\([^)]*\)", " ", kind))) | set(_words(described))
        kind_words |= set(_words(page.get("heading", ""))) | CONTAINER
        # the noun each phrase is about: its last word, or the last before "of" ("Profile page of X" -> page)
        phrases_ = [re.sub(r"\([^)]*\)", " ", kind), described, page.get("heading", ""), r.get("owner") or ""]
        nouns = {ws[-1] for p in phrases_ if (ws := _words(re.split(r"\bof\b", p)[0]))} | CONTAINER
        file_words = {w for w in _words(re.sub(r"[\d_.]+", " ", r["file"])) if len(w) > 2 and re.search("[aeiou]", w)}
        statements = tuple(
            Statement(r["file"], s["line"], s["label"], s["value"], s["text"]) for s in page.get("statements", [])
        )
        owner = r.get("owner")
        return Source(
            r["file"],
            kind,
            re.sub(r"\s+", " ", described or page.get("heading", "")).strip(),
            owner,
            frozenset(kind_words),
            frozenset(nouns),
            frozenset(file_words | set(_words(owner or ""))),
            statements,
        )

    def said(self, file: str) -> str:
        """A source as an answer names it: its file, its kind and what it is."""
        s = self.by_file[file]
        return f"{file} ({s.kind}{': ' + s.described if s.described else ''})"

    def restricting(self, question: str) -> SourceReading | None:
        """The sources a question restricts its papers to, named as a kind of source ("on his profile page", "the
        arXiv listing's papers"), with each mention's operation; None when it names none."""
        mentions = tuple(m for m in self.mentions(question) if m.files and self._as_document(m))
        if not mentions:
            return None
        if len(mentions) == 1 and mentions[0].op in ("only", "every"):
            # one source named: "counting only his profile page", "every paper from the arXiv listings" are its papers
            mentions = (replace(mentions[0], op="in"),)
        return SourceReading(mentions, (), bool(COUNT.search(question)), self.others(), restricts=True)

    def _as_document(self, m: Mention) -> bool:
        """The mention names its sources as documents ("his profile page", "the arXiv listing"), not by their owner
        ("both research groups": whose papers, a scope, not where they are listed)."""
        for f in m.files:
            s = self.by_file[f]
            owner = set(_words(s.owner or "")[-1:])
            if m.words & (s.nouns - owner):
                return True
        return False

    def others(self) -> frozenset[str]:
        """The files whose owner is not the principal author (another group's listing)."""
        me = self.principal.casefold()
        return frozenset(s.file for s in self.sources if s.owner and s.owner.casefold() != me)

    def mentions(self, question: str) -> list[Mention]:
        """The runs of source words in the question, each with the sources it names and the operation the words
        before it set (not in, only in, in every one)."""
        tokens = [(m.start(), m.end(), norm(re.sub(r"['’]s$", "", m.group()))) for m in _WORD.finditer(question)]
        runs: list[list[tuple[int, int, str]]] = []
        for t in tokens:
            parts = {norm(p) for p in t[2].split("-")}
            if parts & self.vocabulary:
                if runs and runs[-1][-1][1] >= t[0] - 5 and not question[runs[-1][-1][1] : t[0]].strip(" -'’s("):
                    runs[-1].append(t)
                else:
                    runs.append([t])
        found: list[Mention] = []
        prev_end = 0
        for run in runs:
            words = {p for _, _, w in run for p in w.split("-")} & self.vocabulary
            if words <= STOP:
                continue  # "research" alone names no source ("how many research papers"); "research group" does
            # a word of the file's own name ("zotero") tells it from the others more than a kind noun ("export")
            scored = [(len(words & s.kind_words) + 2 * len(words & s.other_words), s) for s in self.sources]
            best = max((n for n, _ in scored), default=0)
            if not best:
                continue
            start, end = run[0][0], run[-1][1]
            before = question[prev_end:start]
            files = frozenset(s.file for n, s in scored if n == best)
            # "the profile page", "the arXiv listings", "the research group": a noun of a kind of source; "arXiv
            # preprints" names a kind of work
            by_kind = any(words & s.nouns for s in self.sources if s.file in files)
            if not by_kind and re.match(rf"\s*{PAPER_NOUN}", question[end:], re.I):
                continue
            op = (
                "not"
                if _negates(before) or _NOT_AFTER.match(question[end:])
                else "only"
                if _ONLY.search(before) or _ONLY_AFTER.search(question[end:])
                else "every"
                if _EVERY.search(before[-30:]) and len(files) > 1
                else "in"
            )
            found.append(Mention(files, start, end, frozenset(words), by_kind, op))
            prev_end = end
        return found

    def statements_asked(self, question: str, mentions: list[Mention]) -> list[Statement]:
        """The statements of the mentioned pages whose labels the question's other words name."""
        named = set().union(*(m.words for m in mentions))
        names = {norm(w) for w in self.principal.split()}
        counting, stop = bool(COUNT.search(question)), {root(w) for w in STOP}
        words = {root(w) for w in _words(question) if w not in FUNCTION and w not in names} - {root(w) for w in named}
        out = []
        for m in mentions:
            for f in sorted(m.files):
                for s in self.by_file[f].statements:
                    label = {root(w) for w in _words(s.label)}
                    hits = {a for a in words for b in label if len(a) > 2 and len(b) > 2 and roots_match(a, b)}
                    # a page's count of its papers answers a count; any other statement needs a word of its own
                    # named, not one every question about papers uses ("author" of "Unclaimed author")
                    if s.counts_papers and hits and counting or not s.counts_papers and hits - stop:
                        out.append(s)
        return list(dict.fromkeys(out))

    def leftover(self, question: str, read: set[str]) -> bool:
        """The question, without the words read as sources or statements, still names a topic the papers use."""
        # the words that set sources against each other are no topic ("exclusively", "neither")
        question = _CONTRAST.sub(" ", _ONLY_AFTER.sub(" ", question))
        rest = " ".join(w for w in _WORD.findall(question) if not {norm(p) for p in w.split("-")} <= read)
        return bool(self.content(rest))

    def read(self, question: str) -> SourceReading | None:
        """What the question asks of the sources, or None when it asks something else (a topic the papers use is
        left once the sources and the statements are read: "which papers on his profile page are about X?")."""
        leftover = self.leftover
        mentions = [m for m in self.mentions(question) if m.files]
        if not mentions:
            return None
        contrast = _CONTRAST.search(question)
        mentions = [m for m in mentions if m.by_kind or contrast]
        if not mentions:
            return None
        count = bool(COUNT.search(question))
        # a page's statements are asked of a page, not of the papers one source has and another lacks
        plain = len(mentions) == 1 and mentions[0].op == "in"
        asked = self.statements_asked(question, mentions) if plain else []
        read = set().union(*(m.words for m in mentions))
        if asked and not _PAPERS_ASKED.search(question):
            label_words = {w for s in asked for w in _words(s.label)} | {
                w
                for w in _words(question)
                if any(roots_match(root(w), root(x)) for s in asked for x in _words(s.label))
            }
            specific = [s for s in asked if not s.counts_papers]
            if specific or not leftover(question, read | label_words):
                return SourceReading(tuple(mentions), tuple(asked), count)
        others = self.others()
        by_source = len(mentions) > 1 or mentions[0].op != "in" or mentions[0].files <= others
        if by_source and (count or _PAPERS_ASKED.search(question)) and not leftover(question, read):
            return SourceReading(tuple(mentions), (), count, others)
        return None


def selects(paper_files: set[str], mentions: tuple[Mention, ...]) -> bool:
    """The paper, listed in `paper_files`, is what every mention's operation asks."""
    for m in mentions:
        if m.op == "not" and paper_files & m.files:
            return False
        if m.op == "only" and not (paper_files and paper_files <= m.files):
            return False
        if m.op == "every" and not m.files <= paper_files:
            return False
        if m.op == "in" and not paper_files & m.files:
            return False
    return True
