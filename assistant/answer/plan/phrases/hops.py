"""The words of a question asked in two steps: a bridge sentence that finds a person or a paper, then an ask about
another paper reached from it ("Take the last author of her crevasse paper. In that person's 2020 paper with Tanaka,
what …?"). Only the split and the words that point onward are read here; what they find is the planner's
(plan/hop.py)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from assistant.answer.plan.phrases import picks
from assistant.answer.plan.phrases.picks import ANCHOR_ROLE

# A sentence ends at . ! ? or a colon before the next one opens (not inside "U.S." or "3.5": a capital or a question
# word must follow the space).
_SENTENCE_END = re.compile(r"(?<=[.!?:])\s+(?=[A-Z\"'“])")
# The ask points past the bridge's paper: another paper, a later or earlier one, one more.
# "Other" only of a paper ("one other paper of hers", "the other one"): "the other group's FusionLLM" and "the other
# BLAS libraries" point past nothing.
ANOTHER = re.compile(
    r"\b(?:another|also|later|earlier|one more|third|again)\b"
    r"|\bother\s+(?:[\w-]+\s+){0,2}(?:papers?|study|studies|work|articles?|preprints?|one)\b"
    r"|\b(?:his|her|their)\s+other\b",  # "his other AI-HPC benchmark": the author's, another than the bridge's
    re.I,
)
# An ask of several papers ("What does each one use?", "How do A and B differ?") is no step to one paper.
# "Compare" of their papers ("How do their headline numbers compare?"), not one paper's ("how many charts did it
# compare?").
SEVERAL = re.compile(
    r"\b(?:each(?!\s+other)|both|either|differ|versus|vs)\b|\b(?:their|they|them|these|those)\b[^?]*\bcompare\b",
    re.I,
)
# The ask points back to the paper the bridge said it reached through a person: "that 2024 paper", "that one" (of
# a bridge that finds a paper, the same words point back to that paper itself: no second step).
THAT_PAPER = re.compile(r"\bthat\s+(?:[\w-]+\s+){0,2}(?:paper|study|work|article|one|preprint)\b", re.I)
# The bridge finds a person through a paper without naming them: "the co-author of X", "her co-author on X".
COAUTHOR_OF = re.compile(r"\bco-?authors?\b", re.I)
# The next paper is the author's with the person alone (team.team_size reads the counted forms, "two-author"):
# "with only that person", "just the two of them".
PAIR = re.compile(
    r"\bwith (?:only|just|solely) (?:that|this|the same) (?:person|researcher|co-?author|colleague)\b"
    r"|\b(?:just|only) the two of them\b",
    re.I,
)
# The ask speaks of the person the bridge found: "that person's 2020 paper", "with just that person".
THAT_PERSON = re.compile(r"\b(?:that|this|the same)\s+(?:person|researcher|co-?author|colleague)\b", re.I)
# Where the bridge's anchor description ends and what it says of the person begins ("… intercomparison also worked
# with her on …", "… paper is the first author of …", "… work turns up on …").
_RELATION = re.compile(
    r"\s(?:also|is|was|were|turns?|turned|shows?|showed|appears?|appeared|wrote|worked|co-?wrote|led)\b", re.I
)

# The ask speaks of a paper the bridge's person reaches: another, that paper, that person's, the pair's, or the one
# of the person's papers the ask describes ("the one where only the two of them are authors").
POINTED = re.compile(
    "|".join(
        p.pattern
        for p in (
            ANOTHER,
            THAT_PAPER,
            THAT_PERSON,
            PAIR,
            re.compile(r"\bthe one\s+(?:that|which|where|whose|with|in which|on which)\b"),
        )
    ),
    re.I,
)
# The pair's joint papers said as such: "the two of them", "those two", "together", "jointly", "as a pair".
_TOGETHER = re.compile(r"\b(?:the two of them|(?:those|these|the) two|together|jointly|as a pair|joint)\b", re.I)


def pair_pick(text: str) -> str | None:
    """ "latest" or "earliest" when the text picks one of the pair's joint papers by date ("the most recent paper the
    two of them wrote together", "their very first joint paper"); None otherwise."""
    return picks.one_by_date(text) if _TOGETHER.search(text) else None


# A person's position said by a verb of the byline: "shows up second on", "is listed first on", "comes last in".
_PLACED_AT = re.compile(
    r"\b(?:listed|appears?|appearing|shows?\s+up|turns?\s+up|comes?|named|sits?|is)\s+(?:as\s+)?"
    r"(?P<w>first|second|third|last)\b(?!\s+(?:time|paper|one|work|study|preprint)\b)",
    re.I,
)


def position_said(text: str) -> int | None:
    """The author position a text puts the person at: by the role's noun ("second author on"), else by a verb of
    the byline ("shows up second on another of his papers" -> 2); None when it says none."""
    if (role := picks.anchor_role(text)) is not None:
        return role
    m = _PLACED_AT.search(text)
    return {"first": 1, "second": 2, "third": 3, "last": -1}[m.group("w").casefold()] if m else None


# A description of the next paper by what it is not ("take the one that isn't about mixture-of-experts").
NEGATED = re.compile(r"\b(?:not|never|without|neither)\b|n['’]t\b", re.I)
# The anchor's co-author meant is not the one the bridge names: "a co-author besides Ole Hansen".
BESIDES = re.compile(r"\b(?:besides|other than|apart from|except(?: for)?|not)\s*$", re.I)


@dataclass(frozen=True)
class Hop:
    """A question split into its bridge (what it finds a person or paper through) and its ask (the last sentence)."""

    bridge: str
    ask: str
    cut: int  # where in the bridge its anchor's description ends

    @property
    def anchor_text(self) -> str:
        """The part of the bridge that describes the paper it starts from (before what it says of the person)."""
        return self.bridge[: self.cut]

    @property
    def onward_text(self) -> str:
        """What the bridge goes on to say of the person or of the next paper: where that paper is described."""
        return self.bridge[self.cut :].strip()


def split_hop(question: str) -> Hop | None:
    """The bridge sentence(s) and the asking last sentence of a question, or None for a question of one sentence or
    whose bridge asks too."""
    parts = [p for p in _SENTENCE_END.split(question.strip()) if p.strip()]
    if len(parts) < 2 or "?" not in parts[-1]:
        return None
    bridge = " ".join(parts[:-1])
    if "?" in bridge:
        return None
    bridge = bridge.rstrip(" .:")
    # the relation is looked for after the role that finds the person ("Whoever was first author of X also …")
    role = ANCHOR_ROLE.search(bridge) or COAUTHOR_OF.search(bridge)
    m = _RELATION.search(bridge, role.end() if role else 0)
    first = _SENTENCE_END.search(bridge)  # a bridge of two sentences: the first describes the anchor
    onward = ANOTHER.search(bridge, role.end() if role else 0)  # "Besides X, he has another paper that …"
    ends = [x.start() for x in (m, first, onward) if x is not None]
    return Hop(bridge, parts[-1], min(ends, default=len(bridge)))


# The next paper placed by date against the bridge's: "a later paper of hers", "an earlier preprint".
_LATER = re.compile(r"\b(?:later|after(?:wards)?|subsequent|next|then)\b", re.I)
_EARLIER = re.compile(r"\b(?:earlier|before|previous|prior)\b", re.I)
# The clause that asks (opening with a question word), after whatever describes the paper in the same sentence.
_ASK_CLAUSE = re.compile(
    r"(?:^|[,;:]\s*|\s[-–—]\s*)(?P<ask>(?:(?:by|in|on|for|at|to|with|from|of)\s+)?"
    r"(?:what|which|how|who|when|where|why)\b[^?]*\??)\s*$",
    re.I,
)


# A lead-in of the ask that names its paper ("In that person's 2020 paper with Tanaka, …", "Another paper of his also
# …;") only found the paper; one that names none narrows what is asked ("Besides downstream tasks, which …?").
_PAPER_NOUN = re.compile(r"\b(?:papers?|study|studies|work|articles?|preprints?|one)\b", re.I)


def asks_what(ask: str) -> bool:
    """The ask sentence has a clause that asks with a question word ("Is that accurate?" checks a claim instead)."""
    return bool(_ASK_CLAUSE.search(ask))


def asked_of_paper(ask: str) -> str:
    """What an ask sentence asks of the paper it reached: its asking clause, with the lead-in when that names no
    paper."""
    described, asked = asked_clause(ask)
    return asked if _PAPER_NOUN.search(described) else ask


def placed(text: str) -> int:
    """1 when the text places the next paper after the bridge's, -1 before it, 0 when it does not say."""
    return 1 if _LATER.search(text) else -1 if _EARLIER.search(text) else 0


def asked_clause(ask: str) -> tuple[str, str]:
    """The ask sentence as (the words describing its paper, the clause asking of it): "In that person's 2020 paper
    with Tanaka, what was …?" -> ("In that person's 2020 paper with Tanaka", "what was …?")."""
    m = _ASK_CLAUSE.search(ask)
    if not m:
        return "", ask
    return ask[: m.start()].strip(" ,;:-–—"), m.group("ask")
