"""Phrases that pick one paper by its date or its place among others: "the newest", "his oldest paper … and what did
it optimize?", "which later paper of his also …", "his 2019 benchmark paper"."""

from __future__ import annotations

import re
from dataclasses import dataclass

from assistant.answer.plan.paper_nouns import EITHER, PLURAL

# The words that pick the earliest paper; every other date word ("newest", "later", "most recent", "last") the latest.
_EARLY = frozenset({"older", "oldest", "earlier", "earliest", "first"})


def _picked_by(word: str) -> str:
    return "earliest" if word.casefold() in _EARLY else "latest"


def dates_a_paper(word: str) -> bool:
    """The word is a superlative of date ("newest", "earliest"): it picks a paper, not a reported quantity."""
    return bool(_DATE_PICK.fullmatch(word))


# "the newest of his papers with X", "the oldest one", "her earliest study", "Tanaka's first work": one paper picked by
# date (not "his latest papers", a list).
_DATE_EXTREME = re.compile(
    r"\b(?:the|his|her|their|[\w-]+['’]s) (?:very )?(?P<w>newest|latest|most recent|oldest|earliest|first|last)\b"
    rf"(?!\s+(?:{PLURAL}|ones|authors?|co-?authors?|half|quarter|\w+\s+authors?))",
    re.I,
)


def date_extreme(question: str) -> str | None:
    """ "latest" or "earliest" when the question picks one paper by its date."""
    m = _DATE_EXTREME.search(question)
    if not m:
        return None
    return _picked_by(m.group("w"))


# "the last paper he put out before 2024", "the very first work she published", "her earliest arXiv preprint": one paper
# (singular) picked by date; not an author position ("his first-author paper" is read by the position slot).
_ONE_BY_DATE = re.compile(
    r"\b(?:the|his|her|their|[\w-]+['’]s) (?:very )?(?P<w>newest|latest|most recent|oldest|earliest|first|last)"
    r"(?!\s+(?:[\w-]+\s+)?(?:authors?|co-?authors?|named|half|quarter)\b)\s+(?:[\w-]+\s+){0,2}?"
    r"(?:paper|work|article|preprint|publication)\b(?!s)(?!\s+(?:of|on|by)\s+(?:the\s+)?[A-Z])",
    re.I,
)


def one_by_date(question: str) -> str | None:
    """ "latest" or "earliest" when a question asks for one paper, in the singular, picked by its date; None for a
    list ("his latest papers") or a position ("the first author")."""
    m = _ONE_BY_DATE.search(question)
    return _picked_by(m.group("w")) if m else None


# The form of a question asking for several papers: "List every paper …", "which ones …", "which of his papers …".
LIST_FORM = re.compile(
    r"^\s*(?:please\s+)?(?:list|enumerate|name|show me|give me)\s+(?:all|every|each|the)?\s*(?:of\s+)?(?:his|her|their|"
    rf"the)?\s*(?:{PLURAL}|paper in|ones)\b"
    rf"|\bwhich (?:(?:corpus|collection|library) )?(?:ones|{PLURAL})\b"  # "which corpus papers …"
    rf"|\bwhich of (?:his|her|their|the|these|those)\s+(?:[\w-]+\s+){{0,3}}?(?:{PLURAL}|ones)\b",
    re.I,
)

# "Which of the two is newer?", "the most recent of them", "which came (out) first?", "which appeared last?": one
# paper of a selection picked by its date ("first" and "last" alone, or in a byline, are author positions or ordinals;
# "newer than 2020" and "2024 or earlier" bound the dates).
_DATE_PICK = re.compile(
    r"(?<!\d{4} or )\b(?P<w>newer|newest|later|latest|(?:more|most) recent(?:ly)?|older|oldest|earlier|earliest)\b"
    r"(?!\s+than\b)"
    r"|\b(?:came|come|comes|appeared|appears|appear|was published|were published)(?: out)? (?P<v>first|last)\b"
    # "her name comes last in a multi-author byline": a place among the authors
    r"(?!\s+(?:in|on|among)\s+(?:(?:the|an?|its|their)\s+)?(?:[\w-]+\s+)?(?:bylines?|author))"
    r"|\b(?P<u>first|last) to (?:come out|appear|be published)\b",
    re.I,
)


def date_ends(question: str) -> set[str]:
    """The ends of the date ranking the question's date words name: {"earliest", "latest"} for "his oldest … his
    newest paper"."""
    return {_picked_by(m.group("w")) for m in _DATE_PICK.finditer(question) if m.group("w")}


# Where a clause ends: what else a question asks once it has picked its paper (", and does it …", ". What did it
# find?"), and where the clause describing a paper placed by date ends ("…, and where …").
_CLAUSE_BREAK = re.compile(
    r"\s*(?:,\s*(?:and\s+)?|;\s*|[.?!:]\s+|\s+and\s+(?=(?:what|which|how|where|does|did|is|was)\b))"
)
_ASKING = re.compile(r"(?:what|which|how|who|when|where|why|does|did|do|is|was|are|were|can|could|has|have)\b", re.I)


def date_pick(question: str) -> tuple[str, bool] | None:
    """ "latest" or "earliest" when a question picks one paper of a selection by date, and whether it asks something
    more of the paper it picked ("Which of the two is newer, and does it need fine-tuning?" -> ("latest", True))."""
    m = _DATE_PICK.search(question)
    if not m:
        return None
    word = (m.group("w") or m.group("v") or m.group("u")).casefold()
    pick = _picked_by(word)
    after = question[m.end() :]
    more = any(_ASKING.match(clause) for clause in _CLAUSE_BREAK.split(after)[1:] if clause.strip())
    return pick, more


# An ask a date pick already answers: when it came out, what it is called.
_ASKS_DATE_OR_NAME = re.compile(
    r"^\s*(?:and\s+)?(?:when\b|what (?:year|month|date|day)\b|which (?:year|month|day)\b|"
    r"what(?:'s| is| was) (?:the|its) (?:year|month|date|day)\b|what(?:'s| is| was) (?:its title|the title|"
    r"it\s+(?:called|named|titled))\s*(?:called|named|titled)?\s*\??\s*$)",
    re.I,
)


def picked_then_asked(question: str) -> tuple[str, str] | None:
    """A question that picks one paper by date and then asks something of it ("What's her newest paper and what
    data does it use?"): the words that pick (read for the selection's topic) and the clause that asks; None when
    nothing more is asked, or only what the pick answers (its date, its title)."""
    m = _DATE_PICK.search(question)
    if not m:
        return None
    after = question[m.end() :]
    for brk in _CLAUSE_BREAK.finditer(after):
        rest = after[brk.end() :]
        if rest.strip() and _ASKING.match(rest):
            if _ASKS_DATE_OR_NAME.match(rest):
                return None
            return question[: m.end() + brk.start()], rest
    return None


# Another paper placed by date against the one the question names: "Which later paper of his also tackles X, and
# …?", "an earlier work of hers on Y". The clause from the comparative on describes it (its topic and its ask).
THAN_THE_NAMED = re.compile(
    r"\b(?:which|what|a|an|the|another|any)\s+(?P<w>later|earlier|newer|older|subsequent|previous|prior|"
    r"follow-up)\s+(?:paper|work|study|article|preprint|one)\b(?!s)",
    re.I,
)
_LATER = frozenset({"later", "newer", "subsequent", "follow-up"})


def than_the_named(question: str) -> tuple[int, str] | None:
    """1 for a later paper, -1 for an earlier one, and the words after the comparative's paper noun up to the end of
    its clause ("also tackles quantum many-body chemistry"); None when the question places no other paper so."""
    m = THAN_THE_NAMED.search(question)
    if not m:
        return None
    return (1 if m.group("w").casefold() in _LATER else -1), _CLAUSE_BREAK.split(question[m.end() :])[0]


# One paper a question describes by its owner, its year and a few words ("his 2019 benchmark paper", "her 2022
# thickness study"): the words between the year and the paper noun.
ONE_DATED = re.compile(
    r"\b(?:his|her|their|the author['’]s|(?-i:[A-Z][\w-]+)['’]s)\s+(?:(?:19|20)\d{2})\s+"
    r"(?P<w>(?:[\w-]+\s+){0,3}?)(?:paper|article|preprint|study|work)\b(?!s)",
    re.I,
)


# "Which other paper of hers appeared in the same journal as X, and how many charts did it compare?": the one paper a
# question opens by asking for, then something asked of it (THEN_ASKS).
_WHICH_PAPER = re.compile(r"^\s*(?:which|what)\s+(?:[\w-]+\s+)?(?:paper|work|study|article|preprint|one)\b(?!s)", re.I)


def which_then_asked(question: str) -> str:
    """The clause asked of the one paper a question opens by asking for ("Which other paper of hers …, and how many
    charts did it compare?" -> "how many charts did it compare?"); "" when it asks only which paper it is."""
    if not _WHICH_PAPER.match(question):
        return ""
    parts = THEN_ASKS.split(question, maxsplit=1)
    return parts[1].strip() if len(parts) == 2 else ""


# "Of those, which one says X, and which algorithms did it study?": one paper picked by what it says, then asked more.
WHICH_ONE = re.compile(
    r"\bwhich (?:one|paper|work|study|article|preprint)\b(?:\s+of (?:them|those|these|the two))?", re.I
)
# "which one says X", and "which of those targets X": one paper of those shown picked by what it says.
WHICH_PICKS = re.compile(rf"{WHICH_ONE.pattern}|\bwhich of (?:them|those|these|the two)\b", re.I)
# "Which of those are set in the Arctic?", "which ones were preprints?": a plural verb asks for every paper shown that
# fits (one, several or none), not for one picked among them; "which of those stages do they …" asks of something
# else than the papers.
WHICH_SEVERAL = re.compile(
    rf"\bwhich\s+(?:ones\s+|(?:ones\s+)?of\s+(?:them|those|these|the\s+(?:two|three|four|five))\s+)(?:{PLURAL}\s+)?"
    r"(?:are|were|have|do)\b",
    re.I,
)
# ", and how well …?", "and what …": a second question after the part that picks papers.
THEN_ASKS = re.compile(
    # "…, and against how many surveys was it checked?", "…, and in which journal did it appear?": a preposition may
    # lead the wh-phrase
    r",?\s+and\s+(?=(?:(?:against|in|on|for|from|with|by|at|to|of|over|under|across|after|before)\s+)?"
    r"(?:how|what|which|when|where|who|why|did|does|do|is|was|were)\b)",
    re.I,
)


# A paper the principal author wrote together with a person, placed by date against another paper: "their earlier
# joint paper", "a later paper they wrote together", "also worked with her on a later foundation model", "also led an
# earlier preprint with her", "the later paper they both appear on". The words after the comparative (up to the
# clause's end) describe it.
_WITH = r"with\s+(?:him|her|them|the\s+author)"
_JOINT = re.compile(
    r"\b(?:joint(?:ly)?|together|shared|in\s+common|of\s+theirs|co-?(?:authored|wrote|written|led)|they\s+both|"
    r"(?:both|each)\s+(?:of\s+them\s+)?(?:appear(?:s|ed)?|are\s+(?:listed|named)|feature[sd]?|show\s+up)|"
    rf"(?:worked|collaborated|wrote|written|led|headed|fronted|published|authored|did|released|put\s+out)\s+"
    rf"(?:[\w-]+\s+){{0,4}}?{_WITH})\b",
    re.I,
)
# The words of joint-ness inside the description ("their next joint paper", "the later paper they both appear on"):
# no topic of the paper.
_JOINT_WORDS = re.compile(
    rf"\b(?:joint(?:ly)?|together|shared|in\s+common|of\s+theirs|{_WITH}|co-?(?:authored|wrote|written)|"
    r"(?:they\s+)?both\s+(?:of\s+them\s+)?(?:appear(?:s|ed)?|are\s+(?:listed|named)|feature[sd]?|show\s+up)"
    r"(?:\s+(?:on|in))?)\b",
    re.I,
)
_PLACED = re.compile(r"\b(?P<w>later|earlier|newer|older|subsequent|previous|prior|next|following)\b", re.I)
# "Her co-author on the RADARSAT-2 domain adaptation paper": the person is found from the paper named after it.
CO_AUTHOR_ON = re.compile(r"\bco-?authors?\s+(?:on|of|in|from|for)\b", re.I)
# "also led an earlier preprint with her", "had headed a later paper with her": the person is its first author.
_LED = re.compile(
    r"\b(?:led|headed|fronted|first[- ]authored|was\s+(?:the\s+)?(?:first|lead)\s+author\s+(?:of|on))\b", re.I
)
# The paper the joint one is placed against, reached through one of its authors: "the first author of her 2023
# preprint", "whoever was lead author on X", "X's first author", "the person who led X".
ANCHOR_ROLE = re.compile(
    # "the last (senior) author of X": a bracketed gloss of the position before its noun
    r"\b(?P<w>first|second|third|last|lead|leading|senior)(?:\s*\([^()]*\))?[- ]author\s+(?:of|on)\b"
    r"|['’]s\s+(?P<w2>first|second|third|last|lead|leading|senior)(?:\s*\([^()]*\))?[- ]author\b"
    r"|\b(?:who(?:ever)?|the\s+(?:person|researcher|one)\s+who)\s+(?P<led>led|headed)\b",
    re.I,
)
# "preprint", "arXiv paper": a paper on arXiv alone.
PREPRINT = re.compile(rf"\b(?:preprints?|arxiv(?:[- ]only)?\s+(?:{EITHER}|versions?))\b", re.I)


@dataclass(frozen=True)
class JointPlaced:
    """A joint paper placed by date: `direction` 1 later, -1 earlier; `described` the words that describe it (joint-
    ness taken out); `span` the comparative's; `led` when the person led it; `preprint` when it is said to be one."""

    direction: int
    described: str
    span: tuple[int, int]
    led: bool = False
    preprint: bool = False


# A person the question reaches through a paper without naming them: "her co-author on X", "the co-author she had on
# X", "whoever co-wrote X with her", "the first author of X". Every paper of the corpus is the author's own, so a later
# or earlier paper such a person is asked on is one they share with her, whatever verb joins them ("later joined her
# on", "teamed up with her again on", "turns up on a later paper of hers"). The person must be reached through a paper
# ("the same co-author two years later" is the conversation's person, no step).
_SOMEONE = re.compile(
    r"\b(?:co-?authors?|collaborators?|colleagues?)\s+(?:[\w'’-]+\s+){0,3}?(?:on|of|in|for|from)\b"
    r"|\b(?:whoever|(?:person|researcher|one)\s+who)\s+(?:[\w-]+\s+)?"
    r"(?:co-?wrote|co-?authored|wrote|authored|first-authored|led|headed|worked)\b",
    re.I,
)


def reaches_person(text: str) -> bool:
    """The text reaches a person through a paper without naming them (a co-author, whoever wrote it, an author at a
    position)."""
    return bool(_SOMEONE.search(text) or ANCHOR_ROLE.search(text))


def joint_placed(question: str) -> JointPlaced | None:
    """The joint paper a question places by date against another, or None when it places none so."""
    m = _PLACED.search(question)
    if not m or not (_JOINT.search(question) or reaches_person(question[: m.start()])):
        return None
    rest = re.split(r",|;|\?|\.\s|:|\s[-–—]\s|\s+and\s+|\b(?:what|which|how|where|who|when)\b", question[m.end() :])
    described = _JOINT_WORDS.sub(" ", rest[0])
    led = bool(_LED.search(question[max(0, m.start() - 40) : m.start()]))
    return JointPlaced(_placed_sign(m), described, m.span(), led, bool(PREPRINT.search(rest[0])))


# The end of the clause a comparative describes a paper in: punctuation or a dash, not a wh-word ("Later she looked at
# how much two services' charts disagree." describes the paper up to its full stop).
_DESCRIBING_END = re.compile(r",|;|\?|\.\s|:|\s[-–—]\s")


# A comparative places a paper when it qualifies a paper noun ("a later paper of hers", "which earlier preprint") or
# opens its sentence ("Later she looked at …"); "earlier redundancy elimination fell short" places none.
_PAPER_NEXT = re.compile(rf"\s+(?:[\w-]+\s+){{0,2}}?(?:{EITHER}|one)\b", re.I)
_SENTENCE_OPENS = re.compile(r"(?:^|[.;:?!])\s*$")


def _places_paper(question: str, m: re.Match) -> bool:
    return bool(_PAPER_NEXT.match(question, m.end()) or _SENTENCE_OPENS.search(question[: m.start()]))


# "His other stencil paper relies on …", "Another paper of his also simulates …", "another 2026 one that trains …": a
# paper of the author's other than the anchor, on either side of its date, described by the words that follow. "That
# other paper" points back to one already placed ("… shows up on exactly one more of her papers. How many scenes was
# that other paper pretrained on?"): no new paper.
_OTHER = re.compile(r"\b(?:another|(?:his|her|their)\s+other)\b", re.I)


def placed_described(question: str) -> JointPlaced | None:
    """A paper placed against another and described by what follows the comparative ("Which later paper of his also
    tackles quantum many-body chemistry, and …?", "Later she looked at how much two services' charts disagree. How
    many …?"; direction 0 for "his other X paper", "another paper of his that …": either side of the anchor's date),
    with no person between them; None when no comparative places one."""
    m = next((m for m in _PLACED.finditer(question) if _places_paper(question, m)), None)
    other = None
    if not m:  # a person reached before it is a step through them (people_paths.py), not this placing
        other = next((o for o in _OTHER.finditer(question) if _PAPER_NEXT.match(question, o.end())), None)
        other = None if other and reaches_person(question[: other.start()]) else other
    if not m and not other:
        return None
    at = m or other
    described = _DESCRIBING_END.split(question[at.end() :])[0]
    return JointPlaced(_placed_sign(m) if m else 0, described, at.span())


def _placed_sign(m: re.Match) -> int:
    """1 when a `_PLACED` comparative places its paper later ("next", "following" too), -1 earlier."""
    return 1 if m.group("w").casefold() in _LATER | {"next", "following"} else -1


def placed_direction(question: str) -> int:
    """The date order a question's comparative says ("later", "an earlier preprint", "the following year"): 1 later,
    -1 earlier, 0 when it says none."""
    m = _PLACED.search(question)
    if not m:
        return 0
    return _placed_sign(m)


def asked_after(question: str, at: int) -> str:
    """The clause a question asks once it has placed its paper (from `at` on): the first that opens with a question
    word, else the one after the placing clause ("…, by how much did …?"); "" when there is none."""
    clauses = [c for c in _CLAUSE_BREAK.split(question[at:])[1:] if c.strip()]
    return next((c for c in clauses if _ASKING.match(c)), clauses[0] if clauses else "")


# The end of a statement: what comes before the last one ahead of the ask is the scene it sets.
_STATEMENT_END = re.compile(r"[.!](?=\s)")


def scene_before(question: str, asked: str) -> str:
    """The statements a question makes before the clause it asks ("Her co-author on the melt pond paper also worked
    with her on something in Antarctica." before "What … did that study find?"); "" when it opens by asking or the
    clause before the ask is part of the same sentence ("What was X run on, and how much …")."""
    at = question.rfind(asked) if asked else -1
    ends = list(_STATEMENT_END.finditer(question[: max(at, 0)]))
    return question[: ends[-1].end()] if ends else ""


def anchor_role(text: str) -> int | None:
    """The author position through which a text reaches the anchor paper ("the first author of …" -> 1, "whoever
    led …" -> 1, "… 's senior author" -> -1), or None."""
    m = ANCHOR_ROLE.search(text)
    if not m:
        return None
    word = (m.group("w") or m.group("w2") or "first").casefold()
    return {"first": 1, "lead": 1, "leading": 1, "second": 2, "third": 3, "last": -1, "senior": -1}[word]


# A clause asking of one paper by a pronoun or a pointing noun phrase ("was it checked", "what does that paper use").
_OF_IT = re.compile(r"\b(?:it|its|(?:this|that|the)\s+(?:one|paper|study|article|work|preprint))\b", re.I)


def asks_of_it(clause: str) -> bool:
    """The clause asks something of one paper it points to ("against how many surveys was it checked?")."""
    return bool(_OF_IT.search(clause))
