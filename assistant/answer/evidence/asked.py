"""What a question asks of a paper's sentences, read from its wording (data/asked_roles.txt): the rhetorical role of
the answering sentence (a "why" the motivation, a "how" the method, a "how well" the result) and whether the answer
is a figure; and which sentence explains or details the one before it (data/explains.txt)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from assistant.answer.evidence.query_terms import stem
from assistant.answer.plan.phrases.main_clause import main_clause

DATA = Path(__file__).parent / "data"


def _rows(name: str) -> list[tuple[str, re.Pattern]]:
    rows = []
    for line in (DATA / name).read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            label, _, pattern = line.partition("|")
            rows.append((label.strip(), re.compile(pattern.strip(), re.I)))
    return rows


_ASKED = _rows("asked_roles.txt")
_EXPLAINS = re.compile(
    r"^\W*(?:"
    + "|".join(
        re.escape(line.strip())
        for line in (DATA / "explains.txt").read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    )
    + r")\b",
    re.I,
)


@dataclass(frozen=True)
class Asked:
    roles: tuple[str, ...]  # the roles the answer is expected in, first the one the wording names first
    quantity: bool  # the answer is a figure
    evaluation: bool = False  # asks where or how the work was evaluated ("what was it evaluated on?")


# "what's", "who's": a question word contracted with "is", which every pattern reads spelled out ("what is the
# problem with X?" and "what's the problem with X?" ask the same).
_CONTRACTED_IS = re.compile(r"\b(what|who|how|where|which|that|there|it)['’]s\b", re.I)


@lru_cache(maxsize=1024)
def read(question: str) -> Asked:
    question = _CONTRACTED_IS.sub(r"\1 is", question)
    roles: list[str] = []
    quantity = evaluated = False
    main = main_clause(question)  # a pattern read at the opening also reads it after a lead-in clause
    for label, pattern in _ASKED:
        if not (pattern.search(question) or main is not question and pattern.search(main)):
            continue
        if label == "evaluation":
            evaluated = True
        elif label == "quantity":
            quantity = True
        elif label not in roles:
            roles.append(label)
    # A reason is stated as the problem (motivation) or as what makes the topic matter, which the labels often call
    # background ("Operational ice charts are drawn by analysts and disagree with each other.").
    if "motivation" in roles and "background" not in roles:
        roles.insert(roles.index("motivation") + 1, "background")
    # "How did they estimate X?" asks for the method; "how well/how much" for a result: the more specific wins.
    if "result" in roles and "method" in roles:
        roles.remove("method")
    if evaluated and "result" not in roles:
        roles.append("result")  # where it was evaluated: a result sentence says it, after any role asked before
    return Asked(tuple(roles), quantity and "motivation" not in roles and "method" not in roles, evaluated)


# A sentence that states an evaluation: the verbs the `evaluation` rows of asked_roles.txt ask with, as a sentence
# says them ("Evaluation on a simulator shows …", "Evaluated on 79 stencil kernels", "experiments on ImageNet").
_STATES_EVALUATION = re.compile(
    r"\b(?:evaluat\w*|tested|benchmark(?:s|ed|ing)?|validat\w*|experiments?|experimental(?:ly)?)\b", re.I
)


def states_evaluation(sentence: str) -> bool:
    """The sentence says how or where the work was evaluated."""
    return bool(_STATES_EVALUATION.search(sentence))


def without_asking(question: str) -> str:
    """The question without the words that ask for a motivation ("What constraint motivates running X?" -> "running
    X?"): they say which role is asked, not what the paper is about, and would draw papers that use them."""
    out = question
    for label, pattern in _ASKED:
        if label == "motivation":
            out = pattern.sub(" ", out)
    return out if out.split() else question


def explains(sentence: str) -> bool:
    """The sentence opens by explaining or detailing the one before it ("This is because …", "Specifically, …")."""
    return bool(_EXPLAINS.match(sentence))


# A sentence whose subject points back to the sentence before it: "Each submodel is trained …" after "X decomposes
# the model into multiple dense submodels …"; "It delivers up to …" after the sentence naming the system.
_POINTS_BACK = re.compile(
    r"^\W*(?:(?P<pronoun>it|they|its|their)\b"
    r"|(?:each|these|those|this|such|both|all|the resulting)\s+(?P<noun>[a-z][\w-]*))",
    re.I,
)


def refers_back(sentence: str, before: str) -> bool:
    """The sentence opens with a pronoun, or with "each/these/this …" and a noun the sentence before it names."""
    m = _POINTS_BACK.match(sentence)
    if not m:
        return False
    if m.group("pronoun"):
        return True
    return stem(m.group("noun")) in {stem(w) for w in re.findall(r"[A-Za-z][\w-]*", before)}


def explanation(ordered: list[str], chosen: str) -> str | None:
    """The sentence right after `chosen` in the abstract when it explains or details it, else None."""
    try:
        i = ordered.index(chosen)
    except ValueError:
        return None
    if i + 1 < len(ordered) and (explains(ordered[i + 1]) or obtains(ordered[i + 1], chosen)):
        return ordered[i + 1]
    return None


# "To determine the coloring function, we propose …" right after the sentence introducing the coloring function: how
# the thing just named is obtained, which a "how" answer quoting the introduction needs.
_TO_OBTAIN = re.compile(r"^\W*to\s+[a-z]+\s+(?:the|this|these|such|each|that)\s+(?P<noun>[a-z][\w-]*)", re.I)


def obtains(sentence: str, before: str) -> bool:
    """The sentence opens with "To <verb> the <noun>" for a noun the sentence before it names."""
    m = _TO_OBTAIN.match(sentence)
    return bool(m) and stem(m.group("noun")) in {stem(w) for w in re.findall(r"[A-Za-z][\w-]*", before)}


def with_referents(chosen: list[str], ordered: list[str]) -> list[str]:
    """The chosen sentences with each one that explains the sentence before it ("This is because …") or points back
    to it ("Each submodel …", "It delivers …") placed right after that sentence, which is brought in when it was not
    chosen: a quoted "This is because" needs its "this"."""
    out: list[str] = []
    for s in chosen:
        if s in out:
            continue
        i = ordered.index(s) if s in ordered else -1
        if i > 0 and (explains(s) or refers_back(s, ordered[i - 1])):
            before = ordered[i - 1]
            if before in out:
                out.insert(out.index(before) + 1, s)
                continue
            out.append(before)
        out.append(s)
    return out
