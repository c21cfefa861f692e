"""People a question mentions, found by looking the corpus's own author index up in the question's words, and one
constraint per person ("Tanaka first author, Jörg Müller a co-author, Ole Hansen not on it").

A name is matched in any case, with or without its accents ("jorg muller", "Jorg Mueller" for "Jörg Müller"), with
its given names as initials ("J. Müller"), surname first ("Müller Jörg") or as the surname alone, which names a person
only when one person of the corpus has it (or the principal author does), and, typed in lower case, only when it is
no ordinary word. The relation words nearest a mention give its role: an author position ("X as first author",
"led by X", "where she is not first author") or absence ("without X", "X is not on it"); any other mention is a
co-author the papers must list.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

from assistant.answer.plan.phrases.governs import governed, plainly_negated
from assistant.answer.plan.phrases.who import (
    AUTHOR_PERSON,
    NOT_POSITION,
    POSITION,
    POSITION_ASKED,
    SOMEONE_ELSE,
    author_index,
    selecting_from,
)
from assistant.models import Paper

# An umlaut typed as its transliteration ("Mueller" for "Müller").
_UMLAUT = re.compile(r"([aou])e")
_TOKEN = re.compile(r"[^\W\d_]+", re.UNICODE)
# Mentions span at most this many words ("Maria del Carmen Ruiz"); a longer run is never one name.
_LONGEST = 5


def _plain(text: str) -> str:
    """Case and accents folded away: "Jörg Müller-Lüdenscheid" -> "jorg muller ludenscheid"."""
    text = text.casefold().replace("ß", "ss").replace("ø", "o").replace("æ", "ae").replace("œ", "oe")
    text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return " ".join(_TOKEN.findall(text))


def _key(text: str) -> str:
    """The form a name is looked up by: folded, and a vowel's transliterated umlaut ("ue", "oe", "ae") read as the
    vowel, so "Müller", "Muller" and "Mueller" (and "jorg mueller") meet; the question's words fold the same way."""
    return _UMLAUT.sub(r"\1", _plain(text))


def folded(text: str) -> set[str]:
    """Every folded form of a text a question may type it in."""
    return {_key(text)}


def same_person(a: str, b: str) -> bool:
    """Two bylines of one person: equal when folded, or the same surname with matching given names or initials
    ("J. Müller" and "Jörg Muller")."""
    fa, fb = _key(a).split(), _key(b).split()
    if not fa or not fb:
        return False
    if fa == fb:
        return True
    if fa[-1] != fb[-1] or len(fa) < 2 or len(fb) < 2:
        return False
    return all(x[0] == y[0] and (len(x) == 1 or len(y) == 1 or x == y) for x, y in zip(fa[:-1], fb[:-1]))


@dataclass(frozen=True)
class Mention:
    """A person a question names: the name as the table writes it, and where the question says it."""

    name: str
    start: int
    end: int
    said: str


@dataclass(frozen=True)
class PersonConstraint:
    """What a paper's byline must say of one person: listed (`position` None), at a position (1 first, -1 last),
    not at it (`negated`: listed elsewhere, or, when `unlisted_too`, not listed at all: "not led by Hansen" holds for a
    paper Hansen is not on), or not listed at all (`absent`)."""

    who: str
    position: int | None = None
    negated: bool = False
    absent: bool = False
    unlisted_too: bool = False
    also: tuple[str, ...] = ()  # people any of whom may be listed instead ("with either Petrov or Hansen")

    def admits(self, paper: Paper) -> bool:
        listed = [i for i, a in enumerate(paper.authors) if any(same_person(a, w) for w in (self.who, *self.also))]
        if self.absent:
            return not listed
        if self.position is None:
            return bool(listed)
        n = len(paper.authors)
        if self.position == -1:
            at = not paper.authors_truncated and (n - 1) in listed
        else:
            at = (self.position - 1) in listed
        return (bool(listed) or self.unlisted_too) and not at if self.negated else at

    @property
    def said(self) -> str:
        """The people as the question joins them ("Ivan Petrov or Ole Hansen")."""
        return " or ".join((self.who, *self.also))

    @property
    def role(self) -> str:
        if self.absent:
            return "not an author"
        if self.position is None:
            return f"author, or {' or '.join(self.also)}" if self.also else "author"
        nth = {1: "first", 2: "second", 3: "third", -1: "last"}.get(self.position, f"#{self.position}")
        return f"not {nth} author" if self.negated else f"{nth} author"


def admit_all(paper: Paper, constraints: Iterable[PersonConstraint]) -> bool:
    return all(c.admits(paper) for c in constraints)


# Words that may stand between a person and the position said of them ("X is the first author", "X as lead author",
# "X, listed as first author"); nothing else does.
_LINK = re.compile(
    r"^[\s,)]*(?:(?:['’]s|is|was|are|were|as|the|a|an|be|being|been|listed|named|credited|also|still|always|only|"
    r"herself|himself|themselves|"
    r"not|isn['’]t|wasn['’]t|aren['’]t|never|n['’]t|where|when|with|who|that|ever|once|often|usually|sometimes|"
    r"been|become|became|serve[sd]?|serving|appear(?:s|ed)?|appearing)\b[\s,)]*)*$",
    re.I,
)
# Absence said before a person ("without X", "not with X", "excluding X") or after ("X is not on it", "X isn't an
# author", "X did not co-author").
_ABSENT_BEFORE = re.compile(
    r"\b(?:without|excluding|except(?:\s+for)?|apart from|but not|not with|not including|minus|leaving out)\s+$", re.I
)
_ABSENT_AFTER = re.compile(
    r"\s+(?:(?:is|was|are|were)\s+(?:not|never)|isn['’]t|wasn['’]t|(?:did|does|do)\s+not|didn['’]t|doesn['’]t|not|never)"
    r"\s+(?:an?\s+|one of the\s+|among the\s+)?(?:on\b|in\b|listed|involved|co-?authors?|authors?|co-?author(?:ed)?|"
    r"wr[io]te|written|contribut)",
    re.I,
)
# A person said as a preposition's object ("papers with Ole Hansen are not on arXiv") is not the subject of the verb
# after them: the negation there is the papers'.
_OBJECT_OF = re.compile(r"\b(?:with|by|from|alongside|featuring|including)\s+$", re.I)
# A position said to be held by someone else than the person after it: "a lead author besides Tanaka".
_OTHER_THAN = re.compile(
    r"\s*(?:who\s+is\s+|that\s+is\s+)?"
    r"(?:besides|other than|apart from|except(?:\s+for)?|rather than|instead of|but not)\s+$",
    re.I,
)
# A person set aside between another person and the position said of them: "Hansen, not her, as lead author",
# "Müller (not Tanaka) as first author", "García rather than her", "Hansen and not Tanaka is the lead author".
_ASIDE = re.compile(r"^\s*(?:,|\(|\s)\s*(?:and\s+|but\s+)?(?:not|rather\s+than|instead\s+of)\s+$", re.I)
# How far before a position its negation may end ("someone other than X is the first author": the lookahead's 40).
_NEGATION_REACH = 40
_ASKS_OF = re.compile(r"\s+of\b(?!\s*(?:[?.!,;]|$))", re.I)  # not "which is she not first author of?"
# A person leading a paper said with a verb after their name: "which did Hansen lead?", "ones Ruiz headed".
_LEADS = re.compile(
    r"\s+(?:(?:ever|also|once|actually|really|first)\s+)?(?:lead|leads|led|head|heads|headed|first-authored)\b"
    r"(?!\s+(?:to|into|up)\b)",
    re.I,
)
# Pronouns by gender: a question that speaks of the author as "her" and then says "he" means someone else.
_GENDER = {w: "f" for w in ("she", "her", "hers", "herself")} | {w: "m" for w in ("he", "him", "his", "himself")}
_GENDERED = re.compile(r"\b(?:she|her|hers|herself|he|him|his|himself)\b", re.I)
# A position said without "author" once another is said with it: "Müller is last author and Tanaka is first".
_ELLIPTIC = re.compile(
    r"\s+(?:is|was|as)\s+(?:the\s+)?(first|second|third|last)\b(?![- ]author)", re.I
)  # "the first author of CALM": a step to a person, not a condition


def constraints(question: str, mentions: list[Mention], principal: str) -> list[PersonConstraint]:
    """One constraint per person the question names, plus the principal author's when a position is said of
    them; the position phrases attach to the nearest person (or pronoun) they are said of."""
    mentions = sorted([*mentions, *given_name(question, mentions, principal)], key=lambda m: m.start)
    holders = [*mentions, *_pronouns(question, mentions, principal)]
    holders.sort(key=lambda m: m.start)
    positioned: dict[str, PersonConstraint] = {}
    before: dict[str, int] = {}  # where each person's position was said
    selecting = selecting_from(question)
    negations = list(NOT_POSITION.finditer(question))
    asked = [m.span() for m in POSITION_ASKED.finditer(question)]
    for pm in POSITION.finditer(question):
        if _ASKS_OF.match(question, pm.end()) or any(s <= pm.start() < e for s, e in asked):
            continue
        nth = author_index(next(g for g in pm.groups() if g))
        neg = next((n for n in negations if _negates(question, n, pm)), None) or _governing(question, pm)
        holder, other = _holder(question, pm, neg, holders)
        if holder is None and neg is not None and SOMEONE_ELSE.search(neg.group(0)):
            # "her papers with someone else as first author": the position is not the principal author's
            holder = Mention(principal, neg.start(), neg.end(), neg.group(0))
        if holder is None or nth is None:
            continue
        negated = neg is not None or other
        # "not led by Hansen": also the papers Hansen is not on, unless the question has them on it ("her papers
        # with Hansen where he is not first author"); the principal author is on every paper of theirs anyway
        unlisted_too = negated and holder.name != principal and not _said_as_coauthor(question, holder.name, mentions)
        said = PersonConstraint(holder.name, nth, negated=negated, unlisted_too=unlisted_too)
        if holder.name not in positioned or (selecting is not None and pm.start() >= selecting > before[holder.name]):
            # the first said of a person, unless the clause selecting one paper says another ("X is usually second
            # author, but there's one where X is listed first")
            positioned[holder.name], before[holder.name] = said, pm.start()
    others = [o for o in mentions if o.name != principal]
    for m in holders:  # "which did Hansen lead?", "which papers did she lead?": a pronoun leads as a name does
        if m.name in positioned or (m not in mentions and any(o.end <= m.start for o in others)):
            continue  # "Liu is first author on one …; for the one he led": a pronoun after another person may be theirs
        if _LEADS.match(question, m.end):
            positioned[m.name] = PersonConstraint(m.name, 1)
        elif m in mentions and positioned and (e := _ELLIPTIC.match(question, m.end)):
            positioned[m.name] = PersonConstraint(m.name, author_index(e.group(1)))
    out = list(positioned.values())
    set_aside = _set_aside(question, mentions)
    for m in mentions:
        if m.name in positioned or any(c.who == m.name for c in out) or m in set_aside:
            continue
        absent = (
            bool(_ABSENT_BEFORE.search(question[max(0, m.start - 25) : m.start]))
            or (bool(_ABSENT_AFTER.match(question, m.end)) and not _OBJECT_OF.search(question[: m.start]))
            # the principal author negated ("shouldn't be attributed to Tanaka") is the authorship denied, which
            # phrases.EXCLUDES_AUTHOR and denies_authorship read, not a byline condition
            or m.name != principal
            and _negated_mention(question, m)
        )
        if m.name == principal and not absent:
            continue  # the principal author named is the scope, not a condition
        out.append(PersonConstraint(m.name, absent=absent))
    return _alternatives(question, mentions, out)


# Two people said as alternatives: "with either Ivan Petrov or Ole Hansen", "Petrov or Hansen or Berg".
_OR_BETWEEN = re.compile(r"^\s*,?\s*or\s*$", re.I)


def _alternatives(question: str, mentions: list[Mention], out: list[PersonConstraint]) -> list[PersonConstraint]:
    """Co-authors the question joins with "or" made one constraint any of whom a paper may list; "and", or nothing
    joining them, keeps each a condition of its own."""
    plain = {c.who: c for c in out if c.position is None and not c.absent}
    merged: list[list[str]] = []
    for prev, m in zip(mentions, mentions[1:]):
        if prev.name in plain and m.name in plain and prev.name != m.name:
            if _OR_BETWEEN.match(question[prev.end : m.start]):
                if merged and merged[-1][-1] == prev.name:
                    merged[-1].append(m.name)
                else:
                    merged.append([prev.name, m.name])
    if not merged:
        return out
    joined = {name for group in merged for name in group[1:]}
    firsts = {group[0]: tuple(group[1:]) for group in merged}
    return [PersonConstraint(c.who, also=firsts[c.who]) if c.who in firsts else c for c in out if c.who not in joined]


# The preposition a co-author is said with ("papers with Hansen", "written alongside Berg").
_COAUTHOR_CUE = re.compile(r"\b(?:with|alongside|featuring|including|include[sd]?)\s+$", re.I)
# At most this many words between a negation and the "with" before a person it governs ("not co-written with X",
# "never worked with X"); more, and the negation is another condition's ("not about sea ice with X").
_VERB_BEFORE_WITH = 1
# "Boyang Zhang co-wrote a bunch of his papers": a co-author said by the verb after the name.
_COWROTE = re.compile(
    r"\s+(?:(?:has|have|had)\s+)?(?:co-?wr(?:ote|itten)|co-?authored|worked\s+with|collaborated)\b", re.I
)


def _said_as_coauthor(question: str, name: str, mentions: list[Mention]) -> bool:
    return any(
        m.name == name and (_COAUTHOR_CUE.search(question[: m.start]) or _COWROTE.match(question, m.end))
        for m in mentions
    )


def _negated_mention(question: str, m: Mention) -> bool:
    """A person inside the clause a negation governs (phrases.negation.governed): "don't involve Ingrid Berg", "don't
    have Berg on the author list", "not co-written with Berg". The "with" that introduces a person breaks a clause
    for other conditions, so it is stepped over here only right after the negated verb."""
    if governed(question, m.start)[0]:
        return True
    cue = _COAUTHOR_CUE.search(question[: m.start])
    if cue is None:
        return False
    negated, start = governed(question, cue.start())
    return negated and len(re.findall(r"[\w'’-]+", question[start : cue.start()])) <= _VERB_BEFORE_WITH + 1


def given_name(question: str, mentions: list[Mention], principal: str) -> list[Mention]:
    """A person named by the given name alone, written with a capital as a name is: the principal author anywhere
    ("In the one Keiko led as first author"), anyone else after the question named them in full ("… include Boyang
    Zhang, which ones is Boyang NOT the first author of?"); the author index names a person by the surname alone,
    not by the given name."""
    out: list[Mention] = []
    people = [(principal, 0), *((m.name, m.end) for m in mentions if m.name != principal)]
    for name, after in people:
        words = name.split()
        if len(words) < 2 or any(o.name == name for o in out):
            continue
        found = re.finditer(rf"\b{re.escape(words[0])}\b(?!\s+{re.escape(words[-1])})", question)
        out += [
            Mention(name, g.start(), g.end(), g.group(0))
            for g in found
            if g.start() >= after and not any(m.start <= g.start() < m.end for m in mentions)
        ]
    return out


def _pronouns(question: str, mentions: list[Mention], principal: str) -> list[Mention]:
    """The pronouns a position may be said of, each read as the person it stands for: the principal author, except
    a pronoun of the other gender than the question's first one ("Among her papers with Ivan Petrov, take the one
    where he's listed last": "he" is Petrov), which stands for the last person named before it."""
    first = next((_GENDER.get(m.group(0).casefold()) for m in _GENDERED.finditer(question)), None)
    out = []
    for m in AUTHOR_PERSON.finditer(question):
        gender = _GENDER.get(m.group(0).casefold())
        named = [o for o in mentions if o.end <= m.start() and o.name != principal]
        who = named[-1].name if first and gender and gender != first and named else principal
        out.append(Mention(who, m.start(), m.end(), m.group(0)))
    return out


def _set_aside(question: str, mentions: list[Mention]) -> set[Mention]:
    """The people a question sets aside beside another ("Hansen, not Müller, as first author"): no co-author."""
    return {m for prev, m in zip(mentions, mentions[1:]) if _ASIDE.match(question[prev.end : m.start])}


def _governing(question: str, pm: re.Match) -> re.Match | None:
    """The plain negation whose clause holds the position ("does she NOT lead as first author", "is she not listed
    first"), as a match over its words, the form NOT_POSITION's negations take."""
    said = plainly_negated(question, pm.start())
    return _ANY.match(question, *said) if said else None


_ANY = re.compile(r".+", re.S)


def _negates(question: str, neg: re.Match, pm: re.Match) -> bool:
    """The negation is said of this position: it overlaps it, or ends just before it in the same clause ("someone
    other than X is the first author")."""
    if neg.start() < pm.end() and pm.start() < neg.end():
        return True
    between = question[neg.end() : pm.start()]
    return 0 <= pm.start() - neg.end() <= _NEGATION_REACH and not re.search(r"[.?;]", between)


def _holder(question: str, pm: re.Match, neg: re.Match | None, holders: list[Mention]) -> tuple[Mention | None, bool]:
    """The person a position phrase is said of, and whether it is said to be someone else's: one inside it ("did Ole
    lead"), inside its negation ("someone other than Ole as first author"), the one it is said of just before ("Ole as
    first author", "where she is not first author") or just after ("led by Ole", "a lead author besides Ole");
    else none."""
    spans = [(pm.start(), pm.end())] + ([(neg.start(), neg.end())] if neg else [])
    for s, e in spans:
        inside = [h for h in holders if s <= h.start and h.end <= e]
        if inside:
            return inside[0], False
    start = min(s for s, _ in spans)
    before = [h for h in holders if h.end <= start and _LINK.match(question[h.end : start])]
    if before:
        held = before[-1]
        # "Hansen, not her, as lead author", "Müller rather than Tanaka as first author": the person set aside is
        # not the one the position is said of; the one before the aside is
        earlier = [h for h in holders if h.end <= held.start]
        if earlier and _ASIDE.match(question[earlier[-1].end : held.start]):
            return earlier[-1], False
        return held, False
    end = max(e for _, e in spans)
    for h in (h for h in holders if h.start >= end):
        between = question[end : h.start]
        if _LINK.match(between) and not _COAUTHOR_CUE.search(between):
            # "led by Ole"; not "as first author with Ole among the co-authors": a co-author said after a position
            return h, False
        if _OTHER_THAN.match(between):
            return h, True
        break
    return _subject_of(question, start, holders), False


# "as first author" said of the subject of an inverted question clause ("did she post … as first author with Ole
# Hansen …?", "has Hansen written anything as lead author?"): the person right after the auxiliary.
_AS_SAID = re.compile(r"\bas\s+(?:the\s+|an?\s+)?$", re.I)
_AUXILIARY = re.compile(r"\b(?:did|does|do|has|have|had|is|was|were|are|will|would)\s+$", re.I)


def _subject_of(question: str, start: int, holders: list[Mention]) -> Mention | None:
    """The subject of the inverted clause an "as …" position phrase at `start` is said in, or None."""
    if not _AS_SAID.search(question[:start]):
        return None
    for h in reversed([h for h in holders if h.end <= start]):
        if re.search(r"[.?;]", question[h.end : start]):
            return None
        if _AUXILIARY.search(question[: h.start]):
            return h
    return None


def author_at(paper: Paper, position: int) -> str | None:
    """The author at a position of the list (1 first, -1 last), when the sources list that far (and, for the last,
    the whole list)."""
    if position == -1:
        return paper.authors[-1] if paper.authors and not paper.authors_truncated else None
    return paper.authors[position - 1] if 0 < position <= len(paper.authors) else None
