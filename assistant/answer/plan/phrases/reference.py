"""Phrases that point at one paper without giving its name, and names a question sets aside.

A reference is a singular determiner ("the", "his", "her", "this", "Tanaka's") and the words after it up to a
singular paper noun ("the Dataset Matters paper", "his 2019 benchmark paper") or the end of the phrase ("the
Barents Sea thickness retrieval intercomparison,"). A plural head ("the two compression papers", "his papers")
refers to no one paper. Nothing here knows the corpus: plan/resolver.py reads the words against the titles.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from assistant.answer.plan.paper_nouns import MASS, PLURALS, SINGULARS
from assistant.answer.plan.phrases.dates import YEAR
from assistant.answer.plan.phrases.wording import COMPARISON, CORRECTION, THE_OTHER

_TOKEN = re.compile(r"[A-Za-z0-9][\w=+'’-]*[\w+=]|[A-Za-z0-9]|[^\w\s]")
_DETERMINERS = frozenset({"the", "his", "her", "their", "its", "this", "that"})
# "his", "her", "their", "Tanaka's": the author's paper (the pool is his papers first).
_OWNERS = frozenset({"his", "her", "their"})
# "this"/"that" also open relative clauses ("papers that use GPUs"): they refer only when a paper noun heads them.
_HEAD_REQUIRED = frozenset({"this", "that"})
# "the Dataset Matters paper", "the newer one", "the Greenland calving-front abstract": a paper, or the part of it a
# corpus of abstracts holds, named after what describes it
PAPER_HEADS = SINGULARS | {"one", "abstract"}
_PLURAL_HEADS = PLURALS | {"ones"}
# Words that end the description: a clause's function words and verbs of the question's frame.
_BOUNDARY = frozenset(
    """and or but nor vs versus from in on of about by with without who whom whose which that what where when why how
    is are was were be been being does did do has have had to for at than as into over under between after before
    since until it they them he she we you i me my our your can could would should will may might must says say said
    reports report reported gives give gave shows show showed claims claim claimed uses use used next against
    compared compare versus each both all any some most more less first second third last latest earliest newest
    oldest other another same whole entire only""".split()
)
# "of those", "among them", "which of these two": a reference read among the papers the conversation showed.
AMONG_SHOWN = re.compile(r"\b(?:of|among(?:st)?|from|between)\s+(?:those|them|these|the two|the three|both)\b", re.I)
# Where a sentence ends and the next begins.
SENTENCE_END = re.compile(r"[.?!]\s+(?=[A-Z])")
# Descriptions longer than this are sentences, not names of a paper.
MAX_WORDS = 8
# Pronouns, demonstratives and wh-words, whose "'s" is "is" or "has" ("the one that's built around …", "what's"),
# never a possessive: a closed class of English, where "Tanaka's" owns a paper.
_CONTRACTED = frozenset({"that", "this", "it", "what", "who", "which", "where", "there", "here", "he", "she", "how"})


def _bare(token: str) -> str:
    """A contraction of _CONTRACTED without its "'s" ("that's" -> "that"), other tokens as they are (casefolded)."""
    low = token.casefold()
    stem = re.sub(r"['’]s$", "", low)
    return stem if stem in _CONTRACTED else low


@dataclass(frozen=True)
class Reference:
    """A phrase pointing at one paper: its describing words as written (years taken out), the years it names, whether
    a paper noun heads it, whether it is the author's ("his …"), and where it is in the question."""

    words: tuple[str, ...]
    years: tuple[int, ...]
    headed: bool
    owned: bool
    span: tuple[int, int]
    after: tuple[str, ...] = ()  # what follows a paper noun and describes it too ("the stencil work on sparse cores")
    trailing: bool = False  # described only after its noun ("the one about icebergs"): the question's years hold it


def references(question: str) -> list[Reference]:
    """The phrases of a question that point at one paper by describing it, in the question's order."""
    tokens = list(_TOKEN.finditer(question))
    out: list[Reference] = []
    i = 0
    while i < len(tokens):
        det = tokens[i].group(0)
        low = det.casefold()
        possessive = bool(re.search(r"['’]s$", det)) and len(det) > 3 and _bare(det) == low
        if low not in _DETERMINERS and not possessive:
            i += 1
            continue
        words: list[str] = []
        years: list[int] = []
        headed = plural = False
        j = i + 1
        while j < len(tokens) and len(words) <= MAX_WORDS:
            t = tokens[j].group(0)
            tl = t.casefold()
            if not re.match(r"\w", t) or tl in _BOUNDARY or tl in _DETERMINERS or re.search(r"['’]s$", t):
                break
            if re.fullmatch(YEAR, t):
                years.append(int(t))
            elif tl in PAPER_HEADS and not (tl in MASS and (low in _OWNERS or possessive)):
                # "the Best Friend Clustering work" is a paper; "his atomistic simulation work" his body of work
                headed = True
                j += 1
                break
            elif tl in _PLURAL_HEADS:
                plural = True
                break
            else:
                words.append(t)
            j += 1
        after = _modifier(tokens[j:]) if headed and not plural else ()
        if not words and after and (low == "the" or (years and (low in _OWNERS or possessive))):
            # "take the one about icebergs", "the paper on sea-ice thickness", "her 2023 preprint on drift
            # forecasting": described by what follows its noun
            owned = low in _OWNERS or possessive
            years += [int(w) for w in after if re.fullmatch(YEAR, w)]
            kept = tuple(w for w in after if not re.fullmatch(YEAR, w))
            end = tokens[min(j + len(after), len(tokens) - 1)].end()
            out.append(Reference(kept, tuple(years), True, owned, (tokens[i].start(), end), (), low == "the"))
        elif words and not plural and len(words) <= MAX_WORDS and (headed or low not in _HEAD_REQUIRED):
            end = tokens[j - 1].end() if j > i + 1 else tokens[i].end()
            out.append(
                Reference(
                    tuple(words), tuple(years), headed, low in _OWNERS or possessive, (tokens[i].start(), end), after
                )
            )
        i = max(j, i + 1)
    return out


# "the 2019 one", "the 2021 paper": a paper told apart from others shown by its year alone (nothing describes it
# after its noun: "the 2023 paper with Mei Lin" is a reference of references()).
_BY_YEAR = re.compile(
    rf"\bthe (?P<y>{YEAR}) (?:one|paper|work|preprint|study|article)\b"
    r"(?!\s+(?:on|about|for|with|that|which|where|using|in|by)\b)",
    re.I,
)


def by_year(question: str) -> list[tuple[int, tuple[int, int]]]:
    """The years of "the 2019 one" phrases and where each is."""
    return [(int(m.group("y")), m.span()) for m in _BY_YEAR.finditer(question)]


# "the stencil work on sparse tensor cores", "the paper that uses an attention network": words after the paper noun
# that describe it as well, to the end of the clause.
_POST = frozenset({"on", "about", "for", "with", "that", "which", "where", "using", "in"})


def _modifier(tokens: list[re.Match]) -> tuple[str, ...]:
    if not tokens or _bare(tokens[0].group(0)) not in _POST:
        return ()
    out = []
    for t in tokens[1:]:
        w = t.group(0)
        if re.fullmatch(_NEGATION, w, re.I):
            return ()  # "the one that isn't MoQE": what it is not, not what it is
        if not re.match(r"\w", w) or w.casefold() in ("and", "or", "but") or len(out) >= MAX_WORDS:
            break
        out.append(w)
    return tuple(out)


_NEGATION = r"not|no|never|without|\w+n['’]t"


# "the one that isn't MoQE", "other than CALM", "except MoE-DisCo": a name the question sets aside.
_SET_ASIDE = re.compile(
    r"(?:\bisn['’]t|\bis not|\bwasn['’]t|\bwas not|\bnot|\bother than|\bexcept(?: for)?|\bbesides|\bapart from|"
    r"\bexcluding|\bleaving out|\bleave out|\b(?:leaving|leave|setting|set|putting|put) aside|\baside from|"
    r"\bbut not|\brather than)\s+(?:the\s+|his\s+|her\s+)?$",
    re.I,
)


def sets_aside(before: str) -> bool:
    """Whether the text just before a paper's name sets that paper aside ("For the one that isn't …")."""
    return bool(_SET_ASIDE.search(before[-40:]))


# "… but one paper uses the MoE idea for quantized inference instead. Which dataset does that paper use?": a paper
# introduced by what it does, then pointed back to in a later sentence of the same question.
_INTRODUCED = re.compile(
    r"\b(?:one|a|an|another|some)\s+(?:later\s+|earlier\s+|other\s+)?(?:paper|work|study|article|preprint)\s+"
    r"(?:(?:that|which|of his|of hers|of theirs)\s+)?(?P<d>[^.?!;:]{8,200})[.;:]\s+(?P<rest>[^.?!]*)",
    re.I,
)
_POINTS_BACK = re.compile(r"\b(?:that|this|the same)\s+(?:paper|work|study|article|preprint|one)\b|\bit\b", re.I)


def introduced(question: str) -> tuple[str, tuple[int, int]] | None:
    """What a paper introduced in one sentence does ("uses the MoE idea for quantized inference instead") and where
    it is, when a later sentence points back at it ("that paper", "it"); None otherwise."""
    m = _INTRODUCED.search(question)
    if not m or not _POINTS_BACK.search(m.group("rest")):
        return None
    return m.group("d").strip(), m.span("d")


def turns_to_meant(question: str) -> int:
    """Where a correction turns from the paper it rules out to the one it means ("Hmm, that sounds like the one with
    the load-balanced master-worker scheme. I actually wanted the other HONPAS paper."): the start of its cue ("I
    meant …" with a paper described after it, or "the other …" in a later sentence), 0 when it has none. A paper
    described before it is the one the previous answer was about, set aside. A comparison's "the other" is a side."""
    if COMPARISON.search(question):
        return 0
    for m in CORRECTION.finditer(question):
        if m.start() > 0 and (references(question[m.end() :]) or THE_OTHER.search(question, m.end())):
            return m.start()
    other = THE_OTHER.search(question)
    if other and SENTENCE_END.search(question[: other.start()]):
        return other.start()
    return 0
