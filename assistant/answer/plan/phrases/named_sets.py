"""A yes/no claim asked of several papers the question names or describes, joined as one subject: "Do both A and B
…?", "Are A and B both …?", "Does either A or B …?", "Do A, B and C all …?", "Neither A nor B …, right?".

Given where each paper is said (the planner's resolver finds them: a name, or a description like "his BCD paper"),
the papers must stand together as the subject (only "and", "or", "nor" and commas between them, an auxiliary and a
quantifier before them), and what follows is the claim made of each ("claim to cut training cost compared with …").
The quantifier is the one phrases/quantifiers.py reads for a set of the table's ("both": every one; "either": one;
"neither": none); "A and B" with none said is read as both. A claim that relates the papers to each other ("use the
same dataset", "differ in …") is no claim of each paper: that is a comparison. The papers an earlier answer showed,
pointed back to by the quantifier ("Do both of them …?", "Does either one …?", "Are all three …?"), are such a set
too (over_pointed). Nothing here knows the corpus.
"""

from __future__ import annotations

import re

from assistant.answer.plan.phrases.claims import AUX
from assistant.answer.plan.phrases.quantifiers import QUANTIFIERS, Quantified

# Before the first paper: an auxiliary (a statement asked back with a tag has none) and a quantifier.
_LEAD = re.compile(
    rf"^\W*(?:(?:and|so|but|then)\s+)?(?:(?P<aux>{AUX})\s+)?(?:(?P<q>both|either|neither|all|each)\s+(?:of\s+)?)?$",
    re.I,
)
# The auxiliary a one-paper question asks with ("Do both A and B use X?": "Does A use X?").
_SINGULAR = {"do": "does", "are": "is", "were": "was", "have": "has"}
# Between two papers: a comma, a conjunction, or both.
_JOINT = re.compile(r"^\s*(?:,\s*)?(?P<j>and|or|nor|as well as)?\s*$", re.I)
# After the last paper: a quantifier that follows the subject ("are A and B both …", "do A, B and C all …").
_TAIL_QUANTIFIER = r"(?:(?P<q>both|all(?:\s+(?:two|three|four|five|of\s+them))?|each)\b\s*)?(?P<claim>.*?)[\s?.!]*$"
_TAIL = re.compile(rf"^\s*(?P<aux>){_TAIL_QUANTIFIER}", re.I | re.S)
# A statement asked back puts its auxiliary there ("A and B were both published in 2025, weren't they?").
_TAIL_AUX = re.compile(rf"^\s*(?:(?P<aux>{AUX})\s+)?{_TAIL_QUANTIFIER}", re.I | re.S)
# What a paper says of itself is its claim: "claim to cut X" is checked as "cut X" (a verb of saying before the
# claim reads as a term the abstract must hold: "claim to reduce" of "reducing …" was read as a rival term).
_OWN_REPORT = re.compile(r"^(?:claim|state|report|say|show|argue)s?\s+(?:to|that)\s+(?=\w)", re.I)
# A claim that relates the papers to one another rather than saying something of each.
_RELATION = re.compile(
    r"\b(?:same|differ\w*|different(?:ly)?|each other|one another|similar\w*|alike|in common|share[sd]?|sharing|"
    r"together|jointly|related|overlap\w*|agree|contradict\w*|compared? to each|than each|the other)\b",
    re.I,
)


def over_named(text: str, said: list[tuple[int, int]]) -> Quantified | None:
    """The quantifier and the claim of a yes/no question whose subject is the papers said at these spans of `text`
    (in order, one span per paper), or None when they are not its subject or the claim relates them."""
    if len(said) < 2:
        return None
    lead = _LEAD.match(text[: said[0][0]])
    joints = [_JOINT.match(text[a[1] : b[0]]) for a, b in zip(said, said[1:])]
    if lead is None or any(j is None or not text[a[1] : b[0]].strip() for j, a, b in zip(joints, said, said[1:])):
        return None
    words = {(j["j"] or ",").casefold() for j in joints}
    tail = (_TAIL if lead["aux"] else _TAIL_AUX).match(text[said[-1][1] :])
    claim = _OWN_REPORT.sub("", tail["claim"].strip(" ,"))
    if not re.search(r"[A-Za-z]", claim) or _RELATION.search(claim):
        return None
    said_q = (lead["q"] or tail["q"] or "").casefold()
    if said_q:
        quantifier = QUANTIFIERS.get(said_q.split()[0], ("all", None))[0]
    elif "nor" in words:
        quantifier = "none"
    elif words <= {"and", ",", "as well as"}:
        quantifier = "all"  # "Do A and B use X?": asked of each
    else:
        return None  # "Did A or B …?": which of them, a comparison
    # the joints must fit the quantifier: "either A or B", "neither A nor B", "both A and B"
    if (quantifier == "any" and "or" not in words) or (quantifier == "all" and words - {"and", ",", "as well as"}):
        return None
    aux = (lead["aux"] or "").casefold()
    one = _SINGULAR.get(aux, aux)
    if tail["aux"] and not aux:  # "A and B were both X": "A was X"
        after = _SINGULAR.get(tail["aux"].casefold(), tail["aux"].casefold())
        asked = tuple(f"{text[a:b]} {after} {claim}" for a, b in said)
    else:
        asked = tuple(f"{one.capitalize()} {text[a:b]} {claim}?" if one else f"{text[a:b]} {claim}" for a, b in said)
    return Quantified(quantifier, len(said), "", claim, asked=asked)


# "both of them", "either one", "all three of those papers", "neither": the papers pointed back to, as the subject
# ("all" alone is no such pointer: "does all that routing slow it down?").
_OF_THEM = (
    r"(?:one|of\s+(?:them|those|these|the)(?:\s+(?:two|three|four|five))?(?:\s+(?:papers|ones|studies))?|papers|"
    r"studies|ones)"
)
_POINTED = re.compile(
    rf"^\W*(?:(?:and|so|but|then)\s+)?(?P<aux>{AUX})\s+"
    rf"(?:(?P<q>both|either|neither|each)(?:\s+{_OF_THEM})?"
    rf"|(?P<all>all)(?:\s+(?P<n>two|three|four|five))?(?(n)(?:\s+{_OF_THEM})?|\s+{_OF_THEM})"
    r"|(?:they|those|these|the)(?:\s+(?P<n2>two|three|four|five))?(?:\s+(?:papers|studies|ones))?\s+"
    r"(?P<q2>both|all|each))\s+(?P<claim>.+?)[\s?.!]*$",
    re.I | re.S,
)
_COUNTS = {"two": 2, "three": 3, "four": 4, "five": 5}


def over_pointed(text: str, labels: list[str]) -> Quantified | None:
    """The quantifier and claim of a yes/no question asked of the papers pointed back to ("Do both of them use X?"),
    each asked as a one-paper question naming it by `labels`; None when the question is not of that form, the claim
    relates them, or the number it says is not theirs ("both" of three)."""
    found = _POINTED.match(text)
    if found is None or len(labels) < 2:
        return None
    word = (found["q"] or found["all"] or found["q2"]).casefold()
    quantifier, size = QUANTIFIERS.get(word.split()[0], ("all", None))
    size = _COUNTS.get((found["n"] or found["n2"] or "").casefold()) or size
    claim = _OWN_REPORT.sub("", found["claim"].strip(" ,"))
    if (size and size != len(labels)) or not re.search(r"[A-Za-z]", claim) or _RELATION.search(claim):
        return None
    aux = found["aux"].casefold()
    one = _SINGULAR.get(aux, aux).capitalize()
    return Quantified(quantifier, len(labels), "", claim, asked=tuple(f"{one} {label} {claim}?" for label in labels))
