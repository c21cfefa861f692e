"""Whether a claim's words are the paper's: each content word of a yes/no claim found in the paper (as written,
another form of it, or a close variant by meaning), and, for one it lacks, the term a sentence states in its place
("copper-nickel alloy" against "Fe-Cu alloy"; "learned from drone imagery" against "learned from helicopter
photographs"). The listing's metadata (comments, venue) counts as the paper's text. Read by write/verdict.py.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from assistant.answer.evidence import acronyms, alignment, extended, vague_count
from assistant.answer.evidence.figures import same_number
from assistant.answer.evidence.foils import NEGATORS as _NEGATORS
from assistant.answer.evidence.foils import foils
from assistant.answer.evidence.query_terms import stem
from assistant.answer.evidence.weigh import forms, vocabulary
from assistant.answer.plan.intents import STOP, topic_words
from assistant.answer.plan.sides import MEASURES
from assistant.index.bm25 import terms
from assistant.models import Paper

DATA = Path(__file__).parent / "data"
# Finds a close variant of a word among the paper's words, by meaning (write_verdict passes the embedding model's).
Near = Callable[[str, list[str]], bool]
# A word of the claim the paper holds only by meaning must embed this close to one of its words. Single words embed
# loosely (all-MiniLM-L6-v2: "GPU"/"GPUs" 0.85, but "drone"/"helicopter" 0.67 > "drone"/"UAV" 0.64, "copper"/"Cu"
# 0.59), so only near-identical variants pass; synonyms cannot be told from rivals this way.
VARIANT = 0.8


def metadata(paper: Paper) -> list[str]:
    """The listing's own statements about the paper, one sentence each: its comments ("Accepted to SC'25 (June 3,
    2025). This work was previously submitted to ISCA'25 …") and its venue."""
    out = [s.strip() for c in paper.comments for s in re.split(r"(?<=[.;])\s+", c) if s.strip()]
    return out + ([paper.venue] if paper.venue else [])


def paper_terms(paper: Paper, sentences: list[str]) -> set[str]:
    # the authors' names too: "Tanaka and Petrov's estimate" names the paper's authors, not a term to find
    parts = [paper.title or "", paper.display_title, paper.abstract, *paper.other_abstracts, *metadata(paper)]
    parts += paper.authors
    text = " ".join(parts + sentences)
    return set(terms(text))


# A name with its number ("Sentinel-2", "ResNet-34", "GPT-4"): held only as the whole name, never as its parts
# ("Sentinel-2" is not held by a paper on "Sentinel-1" scenes that also says "2 million").
_VERSIONED = re.compile(r"^[A-Za-z][\w.]*-\d[\w.]*$")


def versioned(word: str) -> bool:
    """A name with its number ("Sentinel-2", "ResNet-34")."""
    return bool(_VERSIONED.match(word))


def symbol_name(word: str) -> bool:
    """A name ending in symbols ("C++", "C#", "F#"): the letters alone name something else."""
    return bool(re.fullmatch(r"[A-Za-z][\w.]*[+#]+", word))


def other_version(word: str, sentence: str) -> str | None:
    """Another version of the claim's versioned name in the sentence ("ResNet-34" for "ResNet-50"), or None."""
    base, _, number = word.casefold().partition("-")
    for t in _TOKEN.findall(sentence):
        b, _, n = t.casefold().partition("-")
        if b == base and n and n != number and _VERSIONED.match(t):
            return t
    return None


def _parts(word: str) -> list[str]:
    """A question word as the paper would have to hold it: "copper-nickel" -> copper, nickel; "SC'25" -> sc, 25."""
    ts = terms(word)
    if _VERSIONED.match(word) and ts:
        return ts[:1]
    return [t for t in ts if "-" not in t] or ts


def unsupported(
    question: str, paper: Paper, sentences: list[str], near: Near | None = None, *, derived: bool = True
) -> list[str]:
    """The claim's content words (less those naming the paper) that the paper's text holds neither as written nor
    as a close variant by meaning ("GPU" for "GPUs"): "copper-nickel" of a paper on "Fe-Cu" alloys. With `derived`, a
    word is held in another derived form too ("peaks" by "peaking")."""
    naming = vocabulary(paper.title or paper.display_title)
    held = paper_terms(paper, sentences)
    text = " ".join([paper.title or "", paper.abstract, *paper.other_abstracts, *sentences])
    have = {stem(t) for t in held}
    bases = {stem(t, derived=True) for t in held} if derived else set()  # "peaking" as "peak", for "peaks"

    def holds(t: str) -> bool:  # as written, or another form of it ("reach" in "reaching", "GPUs" for "GPU")
        if _VERSIONED.match(t):
            return t in held or f"{t}s" in held
        if stem(t) in have or forms(t) & held or extended.held(t, held) or stem(t, derived=True) in bases:
            return True
        return len(t) >= 4 and any(h.startswith(t) or len(h) >= 4 and t.startswith(h) for h in held)

    # Figures with their units and relations ("up to 3 seconds" for "3 s") are the alignment's to compare, not words.
    question = alignment.without_figures(question)
    out = []
    for w in topic_words(question):
        if symbol_name(w):  # "C++" is held only as "C++": its letters alone are another name ("native C")
            if not re.search(rf"(?<!\w){re.escape(w)}(?![\w+#])", text + " " + " ".join(metadata(paper)), re.I):
                out.append(w)
            continue
        # Direction words ("grew" against "a 25% increase") are the alignment's to compare, like figures.
        # A compound's function words ("LLM-vs-human-ability") name nothing the paper must hold.
        parts = [
            t
            for t in _parts(w)
            if t not in naming and t not in LIGHT and t not in alignment.DIRECTIONS and t not in _FUNCTION
        ]
        if acronyms.spelled_out(w, text):
            continue  # "ML" of a paper on "machine learning"
        if w.casefold() in MEASURES and re.search(rf"\b{re.escape(w)}\s+of\b", question, re.I):
            continue  # "the volume of data sent down" is "the data sent down": the measure of what follows
        if parts and not all(holds(t) for t in parts) and w not in out:
            out.append(w)
    if out and near is not None:
        # A versioned name is never held by meaning: "Sentinel-2" embeds at 0.92 to "Sentinel-1".
        out = [w for w in out if _VERSIONED.match(w) or not near(w, sorted(held))]
    return out


def _words(name: str) -> frozenset[str]:
    """A data file's words, one a line (lines starting with # are comments)."""
    lines = (DATA / name).read_text(encoding="utf-8").splitlines()
    return frozenset(line.strip().casefold() for line in lines if line.strip() and not line.startswith("#"))


LIGHT = _words("light_words.txt")
QUALITIES = _words("quality_words.txt")
_TOKEN = re.compile(r"[A-Za-z0-9][\w'’-]*")
_ARTICLES = {"a", "an", "the", "its", "their"}
_DETERMINERS = _ARTICLES | {"his", "her", "our", "it", "them", "this", "these", "that", "those", "all", "each", "every"}
_PREPOSITIONS = {"from", "on", "in", "with", "at", "to", "for", "by", "of", "using", "via", "over", "into", "onto"}
# Words that fill a slot without naming anything ("improves … over task-specific models" for "beat task-specific
# models"): a claim word in their place is a paraphrase, not a rival term.
# The words that introduce a name ("a storage format named BCRS" for "… called BCRS") name nothing either.
_NAMING = {"named", "called", "termed", "dubbed"}
_FUNCTION = (
    STOP | _PREPOSITIONS | _NAMING | {"across", "against", "between", "under", "than", "per", "beyond", "versus", "vs"}
)
_SCALES = frozenset({"thousand", "million", "billion", "trillion"})
_PUNCT = re.compile(r"[,;:()\[\]]|\.\s")


def _index(tokens: list[str], word: str) -> int:
    """Where the word stands among the tokens: as a token, or as the first part of one ("ISCA" in "isca'25")."""
    w = word.casefold()
    for i, t in enumerate(tokens):
        if t == w or re.split(r"['’]", t)[0] == w:
            return i
    return -1


def slot_fillers(question: str, word: str, sentence: str) -> list[str]:
    """What the sentence holds where the claim holds `word`, in the two places a term names a thing: after the same
    two words ending in a preposition ("learned from drone" - "learned from helicopter"), or before the same content
    word ("copper-nickel alloy" - "Fe-Cu alloy"); empty when the sentence does not share that context. A slot never
    crosses punctuation ("residual networks: starting …" is not the slot of "residual networks add")."""
    q = [t.casefold() for t in _TOKEN.findall(question)]
    i = _index(q, word)
    if i < 0:
        return []
    out = []
    left = q[max(0, i - 2) : i]
    for part in _PUNCT.split(sentence):
        s = [t.casefold() for t in _TOKEN.findall(part)]
        # the name after a naming word is a slot as a preposition's object is ("named BCRS" for "called CSR")
        if len(left) == 2 and left[1] in _PREPOSITIONS | _NAMING and left[0] not in STOP:
            links = _NAMING if left[1] in _NAMING else _PREPOSITIONS
            for j in range(len(s) - 2):
                if s[j] == left[0] and s[j + 1] in links:  # "accepted to SC'25" for "accepted at …"
                    k = j + 2
                    # "pretrained on 1.2 million Sentinel-1 scenes": the slot is the name, not the figure before it
                    while k < len(s) and (s[k] in _ARTICLES or s[k].isdigit() or s[k] in _SCALES):
                        k += 1
                    if k < len(s) and (i + 1 >= len(q) or s[k] != q[i + 1]):  # "traced from photographs": no slot
                        out.append(s[k])
        # before the same content word: a function word after both is no shared context ("checked against X" -
        # "6.2 cm against X" puts a unit, not a term, in the place of "checked")
        if i + 1 < len(q) and q[i + 1] not in _FUNCTION:
            before = q[i - 1] if i else None
            out += [s[j - 1] for j in range(1, len(s)) if stem(s[j]) == stem(q[i + 1]) and s[j - 1] != before]
    return out


BY_FIGURES = (
    "stated for the same thing",
    "every figure stated",
    "a count against the asked bound",
    "a share against the asked bound",
    vague_count.WHY,
)


def counted_words(question: str) -> set[str]:
    """The words right after each figure of the question (what it counts or measures)."""
    out: set[str] = set()
    for q in alignment.quantities(question):
        out.update(t.casefold() for t in _TOKEN.findall(question[q.end :])[: alignment.NEAR_AFTER + 1])
    return out


def verb_place(question: str, word: str) -> bool:
    """The word stands before a determiner, as a verb does ("add its new block"): a verb of the claim is often a
    synonym of the paper's ("insert"), which single-word embeddings cannot tell from a rival, so it is not asked for."""
    q = [t.casefold() for t in _TOKEN.findall(question)]
    i = _index(q, word)
    return 0 <= i < len(q) - 1 and q[i + 1] in _DETERMINERS


def verb_of_met_object(question: str, word: str, sentence: str) -> bool:
    """The word stands where a verb does, before a preposition whose object the sentence names ("run on Huawei
    accelerators" - "… with 4096 Huawei Ascend 910"): the verb is the sentence's own ("evaluations … with") in other
    words, as `verb_place` reads a verb before a determiner; the object must be a name the sentence writes."""
    q = _TOKEN.findall(question)
    low = [t.casefold() for t in q]
    i = _index(low, word)
    if not (0 < i < len(q) - 2 and low[i + 1] in _PREPOSITIONS and after_its_subject(question, word)):
        return False
    obj = q[i + 2]
    return obj[:1].isupper() and re.search(rf"(?<![\w-]){re.escape(obj)}(?![\w-])", sentence) is not None


def abbreviates(short: str, long: str) -> bool:
    """`short` is the initials of `long`'s hyphenated parts, with or without its function words ("MoE" and
    "mixture-of-experts", "GNN" and "graph-neural-network"): one term, written two ways."""
    parts = [p for p in re.split(r"[-\s]+", long.casefold()) if p]
    if len(parts) < 2:
        return False
    s = re.sub(r"s$", "", short.casefold()) if len(short) > 2 else short.casefold()
    initials = {"".join(p[0] for p in parts), "".join(p[0] for p in parts if p not in _FUNCTION)}
    return s in initials


def _described_between(question: str, word: str, sentence: str, filler: str) -> bool:
    """The claim's word and the sentence's word stand between the same two words ("matrix-style hardware units" -
    "Matrix computation units"), and the sentence's is a plain lower-case word: the same thing described in other
    words, where a name in that place is another thing ("sparse tensor cores" - "sparse CUDA cores")."""
    q = _TOKEN.findall(question)
    i = _index([t.casefold() for t in q], word)
    if not 0 < i < len(q) - 1:
        return False
    before = {stem(p) for p in q[i - 1].casefold().split("-") if p}
    after = stem(q[i + 1].casefold())
    s = _TOKEN.findall(sentence)
    return any(
        s[j] == filler.casefold() == s[j].casefold()
        and stem(s[j - 1].casefold()) in before
        and stem(s[j + 1].casefold()) == after
        for j in range(1, len(s) - 1)
    )


def abbreviated_in(word: str, sentences: list[str]) -> bool:
    """Some sentence writes the claim's hyphenated word as its initials ("MoE models" for "mixture-of-experts")."""
    return "-" in word and any(abbreviates(t, word) for s in sentences for t in _TOKEN.findall(s))


def swapped(question: str, word: str, sentence: str) -> str | None:
    """The other content term the sentence states in the word's place, or None: also when some place holds a word
    of the claim or a function word ("one logical coordinate space" for "a single logical …" paraphrases it)."""
    tokens = _TOKEN.findall(question)
    asked = {stem(t) for t in tokens}
    whole = {t.casefold() for t in tokens}

    def claims(f: str) -> bool:  # the filler is a word of the claim; a versioned name only as a whole
        return f in whole if _VERSIONED.match(f) else stem(f) in asked

    fillers = slot_fillers(question, word, sentence)
    # A determiner in the slot ("each workload") names nothing, so it is no rival term; nor is the word's own number
    # in digits ("an ensemble of 10 U-Nets" for "ten-member U-Net ensemble").
    if not fillers or any(f in _FUNCTION or f in _DETERMINERS or claims(f) or same_number(word, f) for f in fillers):
        return None
    if any(abbreviates(f, word) for f in fillers):  # "MoE" for "mixture-of-experts": the word, abbreviated
        return None
    if all(_described_between(question, word, sentence, f) for f in fillers):
        return None
    # A word that grades the thing ("an efficient storage format" for "the sparse matrix storage format", "the major
    # metric" for "the headline metric") says nothing of which kind it is: no rival term.
    return None if QUALITIES & set(fillers) else fillers[0]


def graded(question: str, word: str, sentences: list[str]) -> bool:
    """Some sentence fills the word's place with a word grading the thing (QUALITIES: "as the major metric" for "as
    its headline metric"): the claim's word is a grade too, so no other sentence's word in its place ("with … single
    metric") is a rival term."""
    return any(QUALITIES & set(slot_fillers(question, word, s)) for s in sentences)


# Words that point back rather than fill a slot: "detectors trained on them" does not rephrase "trained on
# thousands of examples".
_PRONOUNS = frozenset({"it", "its", "them", "they", "their", "this", "these", "those", "that", "he", "she", "we"})


def paraphrased(question: str, word: str, sentences: list[str]) -> bool:
    """Some sentence holds a function word in the word's place ("one" where the claim says "single")."""
    return any(f in _FUNCTION and f not in _PRONOUNS for s in sentences for f in slot_fillers(question, word, s))


def _places(word: str, text: str) -> list[int]:
    """Where the text holds the word, as written or another form of it (by stem)."""
    key = _singular(word)
    return [m.start() for m in _TOKEN.finditer(text) if _singular(m.group(0)) == key]


def _singular(word: str) -> str:
    """A word's stem, blind to a plural "s" ("GPUs" is "GPU")."""
    w = word.casefold()
    if len(w) > 3 and w.endswith("s") and not w.endswith("ss"):
        w = w[:-1]
    return stem(w)


def _inside(at: int, spans: list[tuple[int, int]]) -> bool:
    return any(s <= at < e for s, e in spans)


def foil_only(question: str, paper: Paper, sentences: list[str]) -> tuple[str, str] | None:
    """A term the claim asserts of the work that the paper names only as what the work is set against, with the
    sentence naming it: "X still needed a supercomputer?" against "… on a single A100 GPU, previously attainable only
    via OpenKMC on a supercomputer"; "written mainly in Fortran?" against "… the Julia script language as the main
    programming language, which … enables performance as native C or Fortran". None when the claim sets the term
    against the work itself ("Is X faster than cuSPARSE?"), or when the claim is about the foil (none of its other
    words is named outside a foil)."""
    texts = list(dict.fromkeys([*sentences, *metadata(paper)]))
    spans = {t: foils(t) for t in texts}
    asked_against = foils(question)
    naming = vocabulary(paper.title or paper.display_title)
    words = [w for w in topic_words(question) if len(w) > 2 and w.casefold() not in LIGHT | _FUNCTION | _NEGATORS]

    def named(word: str, *, outside: bool) -> list[str]:
        return [t for t in texts for at in _places(word, t) if _inside(at, spans[t]) != outside]

    for w in words:
        if set(terms(w)) <= naming or any(_inside(at, asked_against) for at in _places(w, question)):
            continue
        if denied(question, w):  # "needs no calibration data?" - "without calibration sets" agrees with the claim
            continue
        against = named(w, outside=False)
        if not against or named(w, outside=True):
            continue
        others = [o for o in topic_words(question) if o != w and len(o) > 2]
        if any(named(o, outside=True) for o in others) or (paper.title and any(t in naming for t in terms(question))):
            return w, against[0]
    return None


# Determiners that deny the noun they open ("no labels", "zero communication").
_DENYING = _NEGATORS | {"zero"}


def denied(question: str, word: str) -> bool:
    """The claim denies the word itself: a negator at most two words before it ("with zero communication between
    devices", "needs no calibration data", "without any labels"), or before the words that modify it ("without
    needing a calibration set" denies the set as it denies the calibration)."""
    tokens = [t.casefold() for t in _TOKEN.findall(question)]
    key = _singular(word)

    def opens(i: int) -> int:  # where the noun phrase ending at i starts: its modifiers are content words
        j = i
        while j > 0 and i - j < _MODIFIERS and _content(tokens[j - 1]):
            j -= 1
        return j

    return any(
        _singular(t) == key and any(b in _DENYING for b in tokens[max(0, opens(i) - 3) : i])
        for i, t in enumerate(tokens)
    )


# How many words may modify a denied noun before it ("no labelled calibration data"): a noun phrase's modifiers.
_MODIFIERS = 3


def _content(token: str) -> bool:
    return token.isalpha() and len(token) > 2 and token not in _FUNCTION | _DENYING | _DETERMINERS | _ARTICLES


def in_comparison(question: str, word: str) -> bool:
    """The claim names the word as what the work is set against ("Did X beat the vendor BLAS libraries?"): a paper
    often words its rival otherwise ("famous BLAS libraries"), so another word in its place is no contradiction."""
    spans = foils(question)
    return any(_inside(at, spans) for at in _places(word, question))


def after_its_subject(question: str, word: str) -> bool:
    """The word follows a content word, not an article, determiner or preposition: where a verb stands ("the study
    group(s) benchmarks", "the set divided into"), not a modifier ("the winter classifier", "in winter")."""
    q = [t.casefold() for t in _TOKEN.findall(question)]
    i = _index(q, word)
    # after a subject pronoun a word stands in a verb's place too ("did it gather data from …")
    return i > 0 and (q[i - 1] in _SUBJECTS or q[i - 1] not in _DETERMINERS | _PREPOSITIONS | _ARTICLES)


_SUBJECTS = frozenset({"it", "they", "he", "she", "we"})
