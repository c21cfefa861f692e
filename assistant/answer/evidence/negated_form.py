"""A claim word the sentence states in its negated form, of the same thing: "strongly correlated in LLMs" against
"nearly uncorrelated in LLMs", "a supervised loss" against "an unsupervised loss": a false premise.

The negated form is the word with a negative prefix and the rest one form of the claim's word ("uncorrelated" of
"correlated", "non-convex" of "convex"), or the other way round. "un-" and "non-" negate whatever they lead; "in-",
"im-", "il-", "ir-" and "dis-" only a rest with an adjective's ending ("inconsistent", "imbalanced", "dissimilar"),
since they also start words that negate nothing ("information", "instance", "display", "increase"). It counts only
beside a content word the claim says beside its own, on the same side (the next or the one before: "in LLMs"), so a
paper that uses both words of different things ("labelled source data … unlabelled target data") is not read as
denying the claim, nor is a neighbour on the other side ("LLMs in relation to" against "unrelated in LLMs").
"""

from __future__ import annotations

from assistant.answer.evidence.query_terms import COMPOUND_WORD, derived_form, parts
from assistant.answer.plan.intents import STOP

# English negative prefixes of adjectives and participles: those that negate any word they lead, and those that
# negate only an adjective (a rest with one of ADJECTIVE_ENDS).
PREFIXES = ("non", "un")
ADJECTIVE_PREFIXES = ("in", "im", "il", "ir", "dis")
ADJECTIVE_ENDS = ("ent", "ant", "ible", "able", "ate", "ete", "ect", "ed", "al", "ive", "ar", "ous", "ic", "ful")
# The rest after a prefix is at least this long: "in" + "put" is no negation of "put".
MIN_REST = 5


def _words(text: str) -> list[str]:
    """The text's content words in order, casefolded; "non-convex" as the one word "nonconvex"."""
    out = []
    for w in COMPOUND_WORD.findall(text):
        ps = parts(w)
        if len(ps) == 2 and ps[0].casefold() == "non":
            ps = ["non" + ps[1]]
        out += [p.casefold() for p in ps if p.casefold() not in STOP and len(p) > 1]
    return out


def negation_of(word: str, other: str) -> bool:
    """`other` is `word` with a negative prefix (a form of it: "uncorrelated" of "correlated")."""
    for prefix in (*PREFIXES, *ADJECTIVE_PREFIXES):
        rest = other[len(prefix) :]
        if not other.startswith(prefix) or len(rest) < MIN_REST or not derived_form(word, rest):
            continue
        if prefix in PREFIXES or rest.endswith(ADJECTIVE_ENDS):
            return not derived_form(word, other)
    return False


def _beside(words: list[str], i: int, side: int) -> str | None:
    """The word on one side of position i (side -1 before, +1 after), or None at an end."""
    j = i + side
    return words[j] if 0 <= j < len(words) else None


def _shares_neighbour(said: list[str], i: int, words: list[str], j: int) -> bool:
    """The claim's word and the sentence's have a form of one word beside them, on the same side."""
    for side in (-1, 1):
        a, b = _beside(said, i, side), _beside(words, j, side)
        if a is not None and b is not None and derived_form(a, b):
            return True
    return False


def denied(claim: str, sentences: list[str]) -> tuple[str, str, str] | None:
    """(the claim's word, the sentence's negated form of it, that sentence) when a sentence states a claim word in
    its negated form (or the claim a sentence's word in its negated form) beside a word the claim says beside it."""
    said = _words(claim)
    for sentence in sentences:
        words = _words(sentence)
        for i, w in enumerate(said):
            for j, v in enumerate(words):
                if not (negation_of(w, v) or negation_of(v, w)):
                    continue
                if _shares_neighbour(said, i, words, j):
                    return w, v, sentence
    return None
