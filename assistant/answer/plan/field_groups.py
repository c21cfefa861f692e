"""An aggregate over one field of the paper table: the values of a field (venue, year, kind of work, subject
category) that a number of the papers in scope share. "Which journal has she published in more than once?", "in
what year did he put out the most papers?", "the outlets she used only one time".

The field is the one a noun of the registry (data/field_nouns.txt) names where the question asks ("which journal",
"what venues", "where": the venue); how many papers a value must have is read from general count words ("more than
once", "at least three papers", "twice or more", "only once", "the most", "the fewest"), whatever the rest of the
wording. The writer (write/field_groups.py) groups the papers the other slots select by that field."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path

from assistant.answer.plan import phrases
from assistant.answer.plan.intents import topic_words
from assistant.answer.plan.paper_nouns import EITHER, PLURAL

_DATA = Path(__file__).parent / "data" / "field_nouns.txt"
_ON_TOPIC = re.compile(rf"\b{PLURAL}\s+(?:on|about)\s+([^?.!,;]+)", re.I)
_PAPER_NOUN = re.compile(rf"\b(?:the\s+)?(?:most|fewest|least|{EITHER})\b", re.I)


def _registry() -> tuple[dict[str, str], dict[str, str]]:
    """noun -> field, and noun -> the kind of work it also names."""
    field_of, kind_of = {}, {}
    for line in _DATA.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        field, nouns = line.split(":", 1)
        for noun, kind in re.findall(r"([a-z-]+)(?:=([a-z]+ [a-z]+))?", nouns):
            field_of[noun] = field.strip()
            if kind:
                kind_of[noun] = kind
    return field_of, kind_of


FIELD_OF, KIND_OF = _registry()
_NOUNS = "|".join(sorted(map(re.escape, FIELD_OF), key=len, reverse=True))
# The noun the question asks for: "which journal", "what two venues", "in which year", "the outlets"; not "which
# journal articles" (a kind of paper asked for, read by the kind-of-work slot).
# An existential asks for the values too: "is there a journal she has published in more than once?", "any venue he
# used twice?" (the bound makes it a question about the field's values, not about one paper).
_ASKED = re.compile(
    rf"\b(?:which|what|whichever|the|(?:(?:is|are|was|were)\s+there\s+)?(?:a|an|any))\s+(?:[a-z-]+\s+){{0,2}}?"
    rf"(?P<noun>{_NOUNS})\b"
    rf"(?!\s+(?:{EITHER}|versions?|entr(?:y|ies)|names?)\b)",
    re.I,
)
# "where has she published more than once?": the venue, with a verb of publishing.
_WHERE = re.compile(r"\bwhere\b.*\b(?:publish\w*|appear\w*|put\s+out|present\w*|submit\w*)", re.I)
_NUMBER = {
    "once": 1, "twice": 2, "thrice": 3, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "a single": 1, "a couple of": 2, "several": 2, "multiple": 2,
}  # fmt: skip
_N = r"(?P<n>\d+|" + "|".join(sorted(map(re.escape, _NUMBER), key=len, reverse=True)) + ")"
# What the number counts: times, papers, or nothing ("more than once"); "more than five authors" counts another thing.
_UNIT = (
    rf"(?:\s+(?:times|{EITHER}|items?|entries|occasions?))?(?![\w-])"
    r"(?!\s+[a-z]+s\b(?<!times))"
)
_BOUNDS = (
    (re.compile(rf"\b(?:more than|over)\s+{_N}{_UNIT}", re.I), lambda n: (n + 1, None)),
    (re.compile(rf"\b(?:at least|no fewer than|a minimum of)\s+{_N}{_UNIT}", re.I), lambda n: (n, None)),
    (re.compile(rf"\b{_N}{_UNIT}\s+or\s+more\b", re.I), lambda n: (n, None)),
    (re.compile(rf"\b(?:fewer than|less than|under)\s+{_N}{_UNIT}", re.I), lambda n: (1, n - 1)),
    (re.compile(rf"\b(?:at most|no more than)\s+{_N}{_UNIT}", re.I), lambda n: (1, n)),
    (re.compile(rf"\b(?:only|just|exactly|precisely)\s+{_N}{_UNIT}", re.I), lambda n: (n, n)),
    (re.compile(r"\b(?:only|just)\s+(?:[a-z]+\s+){0,2}?(?P<n>once|twice|thrice)\b", re.I), lambda n: (n, n)),
    (re.compile(r"\b(?:repeatedly|again and again|(?:several|multiple|many) times)\b", re.I), lambda n: (2, None)),
)
# "the most", "most often", "the fewest papers": the extreme of a count of papers, not "the most cited", "the most
# citations" (a superlative of one paper's field).
_MOST = re.compile(
    r"\b(?:the\s+)?(?:most|fewest|least)(?:\s+(?:often|frequently|times)\b"
    rf"|\s+(?:[\w-]+\s+){{0,3}}?(?:{PLURAL}|work)\b"
    r"|\s*(?=[?.!,;]|$))",
    re.I,
)


@dataclass(frozen=True)
class Grouping:
    field: str  # venue | year | kind | category: the table field the papers are grouped by
    low: int = 1  # a value needs at least this many papers
    high: int | None = None  # and at most this many (None: no upper bound)
    extreme: int = 0  # 1: only the values with the most papers; -1: the fewest
    said: str = ""  # the count as the question says it ("more than once")
    kind: str | None = None  # the kind of work the noun also names ("journal": journal article)

    def admits(self, n: int) -> bool:
        return n >= self.low and (self.high is None or n <= self.high)

    def describe(self) -> dict:
        return {"field": self.field, "low": self.low, "high": self.high, "extreme": self.extreme, "kind": self.kind}


def _bound(question: str) -> tuple[int, int | None, int, str] | None:
    for pattern, make in _BOUNDS:
        if m := pattern.search(question):
            n = m.groupdict().get("n")
            low, high = make(int(n) if n and n.isdigit() else _NUMBER.get((n or "").casefold(), 2))
            if high is None or high >= low:
                return low, high, 0, m.group(0)
    if m := _MOST.search(question):
        return 1, None, (-1 if re.match(r"(?i)(?:the\s+)?(?:fewest|least)", m.group(0)) else 1), m.group(0)
    return None


def topic_of(question: str, g: Grouping, principal: str) -> str:
    """The topic the grouped papers must be on: the words the count puts before its paper noun ("the most sea-ice
    forecasting papers") or the clause after it ("the most papers on quantization"); "" for none."""
    inner = _PAPER_NOUN.sub(" ", g.said) if g.extreme else ""
    after = _ON_TOPIC.search(question)
    return " ".join(topic_words(f"{inner} {after.group(1) if after else ''}", principal))


def grouping(question: str) -> Grouping | None:
    """The grouping a question asks for, or None: a field noun asked for and a count bound on its values."""
    bound = _bound(question)
    if bound is None:
        return None
    m = _ASKED.search(question)
    if m is None and not _WHERE.search(question):
        return None
    noun = m.group("noun").casefold() if m else "venue"
    low, high, extreme, said = bound
    if extreme and not m:
        return None  # "where did she publish the most cited paper?": a superlative of a paper, not of a venue
    return Grouping(FIELD_OF[noun], low, high, extreme, said.strip(), KIND_OF.get(noun))


# "came out in a journal", "presented at a conference", "published in journals": a kind of work the papers must be,
# said by a noun of the registry after "in"/"at" (not "the same journal", a relation to another paper; not "no
# journal", a kind ruled out; not two kinds at once).
_KIND_SAID = re.compile(
    rf"\b(?<!\bno\s)(?:in|at)\s+(?:an?\s+|some\s+|peer-reviewed\s+)?(?P<noun>{_NOUNS})\b(?!\s+version\b)",
    re.I,
)
_RULED_OUT = re.compile(r"(?:\b(?:not|never|no|without)|n['’]t)\b", re.I)  # "isn't": no boundary before "n't"


# A preprint or arXiv paper said, and a kind of venue ruled out: "arXiv preprints with no journal version listed",
# "preprints that never made it into a journal", "still only preprints".
_PREPRINT = re.compile(r"\b(?:arxiv|preprints?|e-?prints?)\b", re.I)
_NO_VENUE = re.compile(
    rf"(?:{_RULED_OUT.pattern})\s+(?:[\w-]+\s+){{0,4}}?(?:{_NOUNS}|published|peer[- ]reviewed|formally)\b"
    r"|\b(?:only|still|just|merely|remain(?:s|ed)?)\s+(?:an?\s+)?(?:arxiv\s+)?(?:preprints?|e-?prints?|on\s+arxiv)\b"
    r"|\b(?:unpublished|preprints?\s+only|arxiv[- ]only)\b",
    re.I,
)


def only_preprint(question: str) -> bool:
    """The papers asked for are only preprints: no venue but arXiv (work_kinds' "arxiv only")."""
    return bool(_PREPRINT.search(question) and _NO_VENUE.search(question))


def kind_said(question: str) -> str | None:
    """The kind of work a question restricts its papers to by where they appeared ("it came out in a journal":
    journal article; "preprints with no journal version": arxiv only), or None."""
    if only_preprint(question):
        return "arxiv only"
    if re.search(rf"\b(?:{_NOUNS})\s+(?:or|and)\s", question, re.I):
        return None  # "in a journal or at a workshop": no one kind
    kinds = {KIND_OF.get(m.group("noun").casefold()) for m in _KIND_SAID.finditer(question)} - {None}
    if len(kinds) != 1 or _RULED_OUT.search(question[: _KIND_SAID.search(question).start()].split(",")[-1]):
        return None
    return kinds.pop()


# Routes that answer a field of one paper: with no paper named or pointed to, a kind of work and a list form ask for
# the papers of that kind ("which of her arXiv preprints have no journal version?" drew the arXiv-id route).
_ONE_PAPER_FIELDS = ("fact", "arxiv", "categories")
_PLURAL = re.compile(rf"\b(?:{PLURAL}|e-?prints|ones)\b", re.I)


def kind_listed(plan):
    """The plan (a QueryPlan: plan.py imports this module for Grouping, so it is not imported back) of a question
    asking for the papers of a kind of work (plan.work_type) as a list, when its words drew a route for one paper's
    field; a negated "topic" that only rules a kind of venue out ("never made it into a
    journal") is the kind, not a topic."""
    if not plan.work_type or plan.named or plan.focus:
        return plan
    negated = plan.negated
    if negated and any(w.casefold() in FIELD_OF for w in re.findall(r"[\w-]+", negated)):
        negated = ""
    plural = phrases.LIST_FORM.search(plan.question) or _PLURAL.search(plan.question)
    listed = plan.route in _ONE_PAPER_FIELDS and bool(plural)
    if plan.route == "categories" and phrases.CATEGORY_CUE.search(plan.question):
        listed = False
    if not listed and negated == plan.negated:
        return plan
    route = "list" if listed else plan.route
    return replace(plan, route=route, negated=negated, subject="" if listed else plan.subject)
