"""The context two alternatives of a topic share: "low-rank factorization / decomposition for model compression" is
"low-rank factorization for model compression" or "low-rank decomposition for model compression", not
"decomposition model compression" alone (which every compression paper grounds).

Where the question sets a separator ("/", "or", ",") between the last word of one alternative and the first word of
the next, the words before the first ("low-rank") and after the second ("model compression") belong to both. Which
reading holds is decided by the corpus, not by grammar: each alternative takes the most specific reading a paper in
scope is on (the left with what follows the right, or its head; the right with the left's modifier), else the
alternative as said, as plan/facets.py reads "and".
"""

from __future__ import annotations

import re
from collections.abc import Callable

from assistant.answer.evidence.distinct import PHRASING
from assistant.answer.evidence.query_terms import stem

# What may stand between two alternatives that share their context: a slash, a comma, "or", "and" (with spaces).
_BETWEEN = re.compile(r"\s*(?:/|,|\bor\b|\band\b)\s*", re.I)
# A word of the question as the topic's words are written (hyphens inside a word kept: "low-rank").
_TOKEN = re.compile(r"(?<![\w-])[\w-]+(?![\w-])")


def said_at(word: str, question: str, start: int = 0) -> re.Match | None:
    """Where the question says the topic's word from `start`, as written or in another derived form of it (query_terms
    .stem, derived): the topic holds the form the papers write ("quantization" for the question's "quantizing":
    topic_words.in_papers_forms), so "quantizing or binarizing large language models" has its two alternatives side by
    side."""
    written = re.compile(rf"(?<![\w-]){re.escape(word)}(?![\w-])", re.I).search(question, start)
    if written is not None or not word.isalpha():  # as written first, as before; "c++", "fp=xint" only so
        return written
    root = stem(word, derived=True)
    return next(
        (
            m
            for m in _TOKEN.finditer(question, start)
            if m.group(0).isalpha() and stem(m.group(0), derived=True) == root
        ),
        None,
    )


def adjacent(left: list[str], right: list[str], question: str, degree: Callable[[str], bool] | None = None) -> bool:
    """The question says the left alternative's last word and the right's first with only a separator between (and,
    with `degree`, words it accepts after the separator: the function word of "cheaper or more flexible")."""
    end = said_at(left[-1], question)
    while end is not None:
        start = said_at(right[0], question, end.end())
        between = question[end.end() : start.start()] if start is not None else ""
        if degree is not None:
            between = " ".join(w for w in between.split() if _BETWEEN.fullmatch(w) or not degree(w))
        if start is not None and _BETWEEN.fullmatch(between):
            return True
        end = said_at(left[-1], question, end.end())
    return False


def shared(topic: str, question: str, on: Callable[[str], set[str]]) -> str:
    """The topic's two alternatives each read with the context they share, when a paper in scope is on that reading
    and it changes the topic; "" otherwise (more or fewer than two alternatives, the alternatives apart in the
    question, no context to share, or no reading a paper is on). `on`: the ids of the papers on a phrase."""
    alts = [a.split() for a in re.split(r"\s+or\s+", topic.strip()) if a.strip()]
    if len(alts) != 2 or not adjacent(*alts, question):
        return ""
    left, right = alts
    if len(left) == 1 and len(right) == 1:
        return ""
    # the left takes what follows the right ("model compression", else its head); the right takes one word, the
    # left's modifier ("low-rank"): a longer run before is the frame or a list's lead-in ("supercomputers like
    # Sunway or Tianhe" is no "supercomputers like Tianhe")
    lefts = [[*left, *right[1:]], [*left, right[-1]], left] if len(right) > 1 else [left]
    rights = [[left[-2], *right], right] if len(left) > 1 else [right]
    found = set()
    parts = []
    for cands in (lefts, rights):
        for cand in dict.fromkeys(" ".join(c) for c in cands):
            if papers := on(cand):
                found |= papers
                parts.append(cand)
                break
        else:
            parts.append(" ".join(cands[-1]))
    read = " or ".join(dict.fromkeys(parts))
    return read if found and read != topic else ""


def distributed(
    topic: str, question: str, on: Callable[[str], set[str]], role: Callable[[str], str], name: Callable[[str], bool]
) -> str:
    """A core and the lone qualifiers after it: "making LLM training cheaper or more flexible" is "LLM training
    cheaper" or "LLM training flexible" (where "flexible" alone lists papers on no LLM training). The first
    alternative has several words and the others one each, side by side in the question (a function word may follow
    the separator: "or more"); the core is the first alternative but its last word, less its leading function words,
    the question's verb ("making": `role`, distinct.role in the scope). Each lone word is read with the core, unless
    it stands alone as the question's own example (a name: "supercomputers like Sunway or Tianhe", `name`) or every
    paper it grounds alone is on the core already ("elastic" for "LLM training": the core holds either way).
    "" when the topic has no such run, the reading does not change it, or grounds no paper. `on`: the ids of the
    papers on a phrase."""
    alts = [a.split() for a in re.split(r"\s+or\s+", topic.strip()) if a.strip()]
    if len(alts) < 2 or len(alts[0]) < 2 or any(len(a) != 1 for a in alts[1:]):
        return ""
    degree = lambda w: role(w) == PHRASING  # noqa: E731 - "more", "very": no word of either alternative
    if not all(adjacent(a, b, question, degree) for a, b in zip(alts, alts[1:])):
        return ""
    core = alts[0][:-1]
    core = core[next((i for i, w in enumerate(core) if role(w) != PHRASING), 0) :]
    on_core = on(" ".join(core))
    parts = [" ".join([*core, alts[0][-1]])]
    found = on(parts[0])
    for (q,) in alts[1:]:
        alone = on(q)
        if alone and (name(q) or alone <= on_core):
            parts.append(q)
            found |= alone
        else:
            parts.append(" ".join([*core, q]))
            found |= on(parts[-1])
    read = " or ".join(dict.fromkeys(parts))
    return read if found and read != topic else ""
