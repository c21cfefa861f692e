"""A threshold a reported quantity must pass, as a question says it ("a speedup of more than 100x", "over 90%
accuracy", "an error below 10 cm", "an error measured in centimetres")."""

from __future__ import annotations

import re
from dataclasses import dataclass

from assistant.answer.evidence.directions import DIRECTIONS
from assistant.answer.plan.phrases.date_words import NUMBER_WORDS
from assistant.answer.plan.phrases.dates import YEAR
from assistant.answer.plan.phrases.superlatives import superlative
from assistant.answer.plan.phrases.wording import STRUCTURE
from assistant.text import STOP

# The bound's number: digits with thousands separators ("1,000 GPUs"), a decimal, and a large number's word after it
# ("2 million"). "More than a million" is left unread: in "Does the foundation model get pretrained on more than a
# million scenes?" it took a yes/no question about one paper to the threshold list (1 regression item lost).
_LARGE = {"thousand": 1e3, "million": 1e6, "billion": 1e9}
_LARGE_WORDS = "|".join(_LARGE)
# A bound in words ("more than ten percentage points", "more than a hundred times faster"); "one" is left out: "more
# than one" counts papers, authors or GPUs as a plain plural does.
_IN_WORDS = {w: float(n) for n, w in NUMBER_WORDS.items() if n >= 2} | {
    "a hundred": 100.0, "one hundred": 100.0, "a thousand": 1e3, "one thousand": 1e3,
}  # fmt: skip
_WORDS = "|".join(sorted(_IN_WORDS, key=len, reverse=True))
_VALUE = (
    rf"(?P<v>\d{{1,3}}(?:,\d{{3}})+(?!\d)|\d+(?:\.\d+)?|\b(?:{_WORDS})\b)"
    rf"(?:\s*(?P<large>{_LARGE_WORDS})\b)?"
)
# "a speedup of more than 100x", "over 90% accuracy", "fewer than 8 GPUs": a threshold on a reported quantity.
_BOUND = {
    "more than": 1, "over": 1, "above": 1, "greater than": 1, "higher than": 1, "larger than": 1, "exceeding": 1,
    "bigger than": 1, "better than": 1,
    "in excess of": 1, "at least": 1, "less than": -1, "under": -1, "below": -1, "fewer than": -1,
    "lower than": -1, "smaller than": -1, "at most": -1,
}  # fmt: skip
QUANTITY_THRESHOLD = re.compile(
    r"(?:\b(?P<before>[A-Za-z][\w-]*)\s+(?:(?:of|at|by|reaching)\s+)?)?\b(?P<bound>"
    + "|".join(_BOUND)
    # "more than a 5x speedup": an article before the number
    + r")\s+(?P<factor>(?:an?\s+)?factor\s+of\s+)?(?:an?\s+(?=\d))?"
    rf"(?P<said>{_VALUE}(?:\s*(?P<unit>[x×]|%|percent\b|times\b|-?fold\b))?)"
    r"(?:\s+(?P<after>[A-Za-z][\w-]*))?",
    re.I,
)


@dataclass(frozen=True)
class Threshold:
    noun: str  # what is measured ("speedup", "accuracy", "GPUs")
    direction: int  # 1: more than the value, -1: less than it
    value: float
    said: str  # the bound as the question says it ("more than 100x")
    ratio: bool  # the value is a factor ("100x", "10 times")
    percent: bool
    unit: str = ""  # a unit word after the number when the noun came before it ("an error below 10 cm": "cm")
    also: str = ""  # another noun the bound applies to ("a speedup or improvement of more than 100x": "speedup")
    inclusive: bool = False  # the bound itself passes ("at least 90%", "90% or more")
    # Where the words saying it start in the question: the words before are the papers' own selection ("his LLM
    # papers that report …"), those after belong to the figure ("… over the previous state of the art").
    start: int = 0
    # A condition the question offers in the figure's place, read as a topic ("claim near-linear scaling or an
    # efficiency above 90%": "near-linear scaling"): a paper that says it passes as well (set by the planner).
    either: str = ""


# The bound said after the number ("an efficiency of 90% or more", "10 percentage points or higher"): the same bound
# as "at least" / "at most", the value itself included.
_AFTER = {
    "or more": 1, "or higher": 1, "or above": 1, "or greater": 1, "or larger": 1, "or better": 1, "or over": 1,
    "and above": 1, "and up": 1, "or less": -1, "or lower": -1, "or below": -1, "or fewer": -1, "or smaller": -1,
    "or under": -1, "and below": -1,
}  # fmt: skip
_INCLUSIVE = {"at least", "at most"}
POSTPOSED_THRESHOLD = re.compile(
    # the noun before the number only through a preposition ("an efficiency of 90% or more"), never a verb ("used
    # 400 scenes or more" counts scenes)
    r"(?:\b(?P<before>[A-Za-z][\w-]*)\s+(?:of|at|by|reaching)\s+)?\b"
    rf"(?P<said>{_VALUE}(?:\s*(?P<unit>[x×]|%|percent\b|times\b|-?fold\b))?)"
    # at most two words between the number and the bound: "10 percentage points or more", "8 GPUs or fewer"
    r"(?P<between>(?:\s+[A-Za-z][\w-]*){0,2}?)\s+(?P<bound>" + "|".join(_AFTER) + r")\b",
    re.I,
)


# SI prefixes and units by name, so a unit asked by name finds figures written with its symbol ("centimetres": "cm",
# evidence/quantity.unit_forms) and a question's "in centimetres" is known for a unit (`unit_named`).
SI_PREFIXES = {
    "tera": "T", "giga": "G", "mega": "M", "kilo": "k", "hecto": "h", "deci": "d", "centi": "c", "milli": "m",
    "micro": "µ", "nano": "n", "pico": "p",
}  # fmt: skip
SI_UNITS = {
    "metre": "m", "meter": "m", "gram": "g", "second": "s", "byte": "B", "bit": "b", "hertz": "Hz", "watt": "W",
    "joule": "J", "litre": "L", "liter": "L", "kelvin": "K", "flop": "FLOP",
}  # fmt: skip


def unit_named(word: str) -> bool:
    """The word names an SI unit, with or without a prefix, singular or plural ("centimetres", "watts", "km" is not a
    name)."""
    w = word.casefold()
    for n in {w, w.removesuffix("s"), w.removesuffix("es")}:
        if n in SI_UNITS or any(n.startswith(p) and n[len(p) :] in SI_UNITS for p in SI_PREFIXES):
            return True
    return False


# "an error measured in centimetres": a quantity asked for in a unit, whatever its value.
_IN_UNIT = re.compile(
    r"\b(?P<noun>[A-Za-z][\w-]*)\s+(?:measured|given|reported|expressed|stated|quantified)\s+in\s+(?P<unit>[A-Za-z]+)\b",
    re.I,
)


# A unit asked by the kind of thing it measures ("report their error as a physical distance (cm, m or km)", "a
# latency given as a duration"): the class the figures may be written in any unit of (evidence/quantity.unit_forms).
UNIT_CLASSES = {"distance": "length", "length": "length", "duration": "time", "power": "power"}
_AS_CLASS = re.compile(
    r"\b(?P<noun>[A-Za-z][\w-]*)\s+(?:(?:measured|given|reported|expressed|stated|quantified)\s+)?as\s+an?\s+"
    rf"(?:[A-Za-z]+\s+)?(?P<cls>{'|'.join(UNIT_CLASSES)})\b",
    re.I,
)


# A noun that names a unit, not a quantity ("a percentage of 90% or more", "a speedup factor"): figures read in it.
UNIT_NOUNS = {
    "percentage": "%", "percentages": "%", "percent": "%", "factor": "x", "factors": "x", "multiple": "x",
    "multiples": "x",
}  # fmt: skip
_UNIT_NOUN = "|".join(UNIT_NOUNS)
# "report a parallel or scaling efficiency as a percentage", "give a concrete speedup factor": a quantity asked for in
# a kind of unit, whatever its value (the quantity's noun right before the unit, or before "as a"/"in"); a reporting
# verb leads, so "the impact factor of a journal" is no quantity asked of the papers.
_STATED_IN = re.compile(
    r"\b(?:report|give|state|quote|claim|provide|include|mention|list|express|quantif(?:y|ie))s?\s+"
    r"(?:(?:an?|the|their|its|any|some)\s+)?"
    rf"(?:[\w-]+\s+){{0,4}}?(?P<noun>[A-Za-z][\w-]*)\s+(?:(?:as\s+an?|in)\s+)?(?P<unit>{_UNIT_NOUN})\b",
    re.I,
)


# Two modifiers joined before the noun after a number ("90% parallel or scaling efficiency"): the noun is the quantity,
# either modifier says of what.
_COORDINATED_HEAD = re.compile(r"\s+(?:or|and)\s+[A-Za-z][\w-]*\s+([A-Za-z][\w-]*)\b(?!\s+(?:or|and)\b)")


# A figure in words restated in figures by the parenthesis after it ("three orders of magnitude (1000x) or more",
# "ten times (10x)"): the parenthesis is the figure the bound reads.
_RESTATED = re.compile(
    rf"\b(?:\d+(?:\.\d+)?|{_WORDS}|one|a|an)\s+(?:[A-Za-z][\w-]*\s+){{0,3}}?\(\s*"
    r"(?P<fig>\d{1,3}(?:,\d{3})+(?!\d)|\d+(?:\.\d+)?)\s*(?P<unit>[x×]|%|times\b|-?fold\b)\s*\)",
    re.I,
)


def _restated(question: str) -> str:
    """The question with a figure said in words and restated in a parenthesis read as the parenthesis says it: the
    words and the brackets become spaces, so every position in the question stays where it was (`Threshold.start`)."""

    def blank(m: re.Match) -> str:
        fig = m.group(0)[m.start("fig") - m.start() : m.end("unit") - m.start()]
        return " " * (m.start("fig") - m.start()) + fig + " " * (m.end() - m.end("unit"))

    return _RESTATED.sub(blank, question)


def quantity_threshold(question: str) -> Threshold | None:
    """A bound on a reported quantity the question asks for ("a speedup of more than 100x" -> speedup > 100), or
    None. The noun is the word the bound follows ("a speedup of …") or, failing that, the one after the number
    ("over 90% accuracy")."""
    question = _restated(question)
    for m in QUANTITY_THRESHOLD.finditer(question):
        words = [w for w in (m.group("before"), m.group("after")) if w and w.casefold() not in STRUCTURE | STOP]
        if not words or re.fullmatch(YEAR, m.group("v")):
            continue
        if words[0] == m.group("after") and (head := _COORDINATED_HEAD.match(question[m.end() :])):
            words = [head.group(1)]  # "better than 90% parallel or scaling efficiency": the efficiency is measured
        unit = (m.group("unit") or "").casefold()
        unit_word = m.group("after") if words[0] == m.group("before") and m.group("after") and not unit else ""
        if unit_word.casefold() == "percentage" and (pts := re.match(r"\s+points?\b", question[m.end() :], re.I)):
            unit_word += pts.group(0)  # "ten percentage points": the unit is two words
        other = re.search(r"([A-Za-z][\w-]*)\s+or\s+$", question[: m.start()])
        return Threshold(
            noun=words[0],
            direction=_BOUND[re.sub(r"\s+", " ", m.group("bound").casefold())],
            value=_value(m),
            said=f"{m.group('bound')} {m.group('factor') or ''}{m.group('said').strip()}",
            ratio=unit in ("x", "×", "times") or unit.endswith("fold") or bool(m.group("factor")),
            percent=unit in ("%", "percent"),
            unit=unit_word,
            also=other.group(1) if other and other.group(1).casefold() not in STRUCTURE | STOP else "",
            inclusive=re.sub(r"\s+", " ", m.group("bound").casefold()) in _INCLUSIVE,
            start=_phrase_start(question, m.start()),
        )
    if t := _postposed(question):
        return t
    if t := _stated_in(question):
        return t
    if t := _as_class(question):
        return t
    if t := _as_measure(question):
        return t
    m = _IN_UNIT.search(question) or _in_named_unit(question)
    if m and not {m.group("noun").casefold(), m.group("unit").casefold()} & (STRUCTURE | STOP):
        said = f"in {m.group('unit')}"
        return Threshold(m.group("noun"), 0, 0.0, said, False, False, unit=m.group("unit"), start=m.start())
    return None


# "an error figure in centimetres", "errors in metres": with no verb between, "in" before a unit's name still says the
# unit a quantity is asked in, the quantity being the noun before it or before a placeholder for a figure.
_NOUN_IN = re.compile(
    r"\b(?P<noun>[A-Za-z][\w-]*)(?:\s+(?:figures?|values?|numbers?|estimates?))?\s+in\s+(?P<unit>[A-Za-z]+)\b", re.I
)


def _in_named_unit(question: str) -> re.Match | None:
    """Only a unit's plural: "in second place" is a position, "in centimetres" a unit."""
    return next((m for m in _NOUN_IN.finditer(question) if _plural_unit(m.group("unit"))), None)


def _plural_unit(word: str) -> bool:
    return word.casefold().endswith("s") and unit_named(word)


def _postposed(question: str) -> Threshold | None:
    """A bound said after its number ("a parallel efficiency of 90% or more", "an accuracy gain of 10 percentage
    points or higher"): the noun the number follows ("efficiency of …"), else the first word after the number
    ("8 GPUs or fewer")."""
    for m in POSTPOSED_THRESHOLD.finditer(question):
        after = [w for w in m.group("between").split() if w.casefold() not in STRUCTURE | STOP]
        before = m.group("before") if m.group("before") and m.group("before").casefold() not in STRUCTURE | STOP else ""
        words = [w for w in (before, *after[:1]) if w]
        if not words or re.fullmatch(YEAR, m.group("v")):
            continue
        unit = (m.group("unit") or "").casefold()
        other = re.search(r"([A-Za-z][\w-]*)\s+or\s+$", question[: m.start()])
        bound = re.sub(r"\s+", " ", m.group("bound").casefold())
        return Threshold(
            noun=words[0],
            direction=_AFTER[bound],
            value=_value(m),
            said=f"{m.group('said').strip()}{m.group('between')} {bound}",
            ratio=unit in ("x", "×", "times") or unit.endswith("fold"),
            percent=unit in ("%", "percent"),
            unit=after[-1] if before and after and not unit else "",  # "10 percentage points": "points"
            also=other.group(1) if other and other.group(1).casefold() not in STRUCTURE | STOP else "",
            inclusive=True,
            start=_phrase_start(question, m.start()),
        )
    return None


def _phrase_start(question: str, start: int) -> int:
    """Where the noun phrase that ends at `start` begins: its modifiers are the threshold's noun's, not a topic
    ("a parallel or scaling efficiency of 90% or more": from "parallel")."""
    at = start
    for m in reversed(list(re.finditer(r"[\w-]+", question[:start]))):
        w = m.group(0).casefold()
        if w in STRUCTURE | STOP and w not in ("or", "and"):
            break
        at = m.start()
    while (m := re.match(r"(?:or|and)\s+", question[at:start], re.I)) is not None:
        at += m.end()  # a joining word first is the clause's ("GPUs and report …"), not the noun's
    return at


# The unit said before the quantity: "put a percentage on their parallel or scaling efficiency", "give a factor for
# the speedup": the quantity is the head of the noun phrase after "on"/"for" (its last word before the clause ends).
_UNIT_ON = re.compile(
    r"\b(?:put|give|attach|report|state|quote|provide)s?\s+an?\s+(?:[\w-]+\s+)?(?P<unit>"
    + _UNIT_NOUN
    + r")\s+(?:on|for|to)\s+(?:(?:the|their|its|his|her|a|an)\s+)?(?:[\w-]+\s+){0,4}?(?P<noun>[A-Za-z][\w-]*)"
    r"(?=\s*(?:[?.,;:)]|$)|\s+(?:and|but|while|when|with|in|of|from)\b)",
    re.I,
)


def _stated_in(question: str) -> Threshold | None:
    """A quantity asked for in a kind of unit, with no bound: "a scaling efficiency as a percentage" (any percentage
    reported of efficiency), "a speedup factor" (any factor reported of speedup)."""
    m = _STATED_IN.search(question) or _UNIT_ON.search(question)
    if not m or m.group("noun").casefold() in STRUCTURE | STOP | set(UNIT_NOUNS):
        return None
    if any(superlative(w) for w in re.findall(r"[A-Za-z]+", m.group(0))):
        return None  # "reports the largest speedup factor": a ranking of the figures (quantity_extreme), no condition
    unit = UNIT_NOUNS[m.group("unit").casefold()]
    said = f"as a {'percentage' if unit == '%' else 'factor'}"
    also = _changed(question[: m.start("noun")], m.group("noun"))
    return Threshold(m.group("noun"), 0, 0.0, said, ratio=unit == "x", percent=unit == "%", also=also, start=m.start())


# A speedup is itself the quantity, though a word of change ("a concrete speedup factor": no "concrete" figure).
RATIO_NOUNS = frozenset({"speedup", "speedups", "speed-up", "speed-ups", "acceleration", "accelerations"})


def _changed(before: str, noun: str) -> str:
    """What a change noun says changed, when the word before it names it ("the cost saving", "memory reduction"):
    the papers state the figure beside that word ("reducing training cost by 47.6 percent"), not beside "saving"."""
    if noun.casefold() not in DIRECTIONS or noun.casefold() in RATIO_NOUNS:
        return ""
    m = re.search(r"([A-Za-z][\w-]*)\s+$", before)
    word = m.group(1) if m else ""
    return word if word and word.casefold() not in STRUCTURE | STOP | {"or", "and"} else ""


def _as_class(question: str) -> Threshold | None:
    """A quantity asked in a class of units, with no bound: "their error as a physical distance" (a figure of error
    in any unit of length)."""
    m = _AS_CLASS.search(question)
    if not m or m.group("noun").casefold() in STRUCTURE | STOP:
        return None
    said = question[m.start("noun") + len(m.group("noun")) : m.end()].strip()
    return Threshold(
        m.group("noun"), 0, 0.0, said, False, False, unit=UNIT_CLASSES[m.group("cls").casefold()], start=m.start()
    )


# A quantity the papers state as a named measure ("express their accuracy as a root-mean-square error"): the figures
# stated of the measure's name, whatever their value; the quantity before "as" only says what it measures.
_AS_MEASURE = re.compile(
    r"\b(?:express|report|give|state|quote|quantif(?:y|ie)|measure|present)(?:s|d|ed)?\s+"
    r"(?:(?:their|its|the|his|her)\s+)?(?:[\w-]+\s+)?(?P<noun>[A-Za-z][\w-]*)\s+as\s+(?:an?\s+)?"
    r"(?P<measure>(?:[A-Za-z][\w-]*\s+){0,3}?[A-Za-z][\w-]*)\s*(?=[?.,;!]|$)",
    re.I,
)
# Words that name no measure of their own ("as a whole", "as their main metric", "as a number"): a frame, not a measure.
_NO_MEASURE = frozenset({
    "metric", "metrics", "measure", "measures", "number", "numbers", "figure", "figures", "value", "values", "whole",
    "result", "results", "baseline", "benchmark", "example", "examples", "function", "unit",
})  # fmt: skip


def _as_measure(question: str) -> Threshold | None:
    """A quantity asked as a named measure, with no bound: "their accuracy as a root-mean-square error" (any figure of
    root-mean-square error), not "as a percentage" (a unit, `_stated_in`) or "as a distance" (a class, `_as_class`)."""
    m = _AS_MEASURE.search(question)
    if not m:
        return None
    words = m.group("measure").split()
    if any(w.casefold() in STRUCTURE | STOP | _NO_MEASURE for w in words) or len(words) < 2:
        return None  # one word ("as input") is as likely a role as a measure; a measure is named by its phrase
    said = f"for {m.group('noun')}"  # "report root-mean-square error for accuracy"
    return Threshold(m.group("measure"), 0, 0.0, said, False, False, start=m.start())


def _value(m: re.Match) -> float:
    """The bound's number as a float: "1,000" is 1000, "2 million" 2e6."""
    said = re.sub(r"\s+", " ", m.group("v").casefold())
    v = _IN_WORDS[said] if said in _IN_WORDS else float(said.replace(",", ""))
    return v * _LARGE.get((m.group("large") or "").casefold(), 1.0)
