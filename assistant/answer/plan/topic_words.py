"""A topic's words read against the papers in scope: each word's role, the forms and hyphenation the papers write,
and whether a word is rare among them."""

from __future__ import annotations

import re

from assistant.answer.evidence import distinct
from assistant.models import Paper

# The most words an alternative of a topic has that names a subject ("quantizing large language models"); a longer one
# is a description or a claim ("quantizing a layer's inputs matters a lot for the loss"), which retrieval over the
# whole question reads better than its words in the papers' forms (`in_papers_forms`)
NAMED_TOPIC_WORDS = 4


def in_papers_forms(topics, topic: str, pool: list[Paper]) -> str:
    """The topic with each word the pool's papers never write (in any inflection) in the derived form they do
    write ("quantizing neural networks" as "quantization neural networks": TopicReading.derived_form), in each
    alternative short enough to name a subject (NAMED_TOPIC_WORDS). `topics`: the corpus's topic reading."""
    form = topics.derived_form
    return " or ".join(
        " ".join((form(w, pool) or w) if w.isalpha() else w for w in alt.split())
        if len(alt.split()) <= NAMED_TOPIC_WORDS
        else alt
        for alt in re.split(r"\s+or\s+", topic)
    )


def unhyphenated(topics, topic: str, pool: list[Paper]) -> str:
    """A topic of one hyphenated word no paper in scope writes whole, all of whose parts are words the papers
    use, written as its parts ("model-compression" -> "model compression"; "sea-ice" stays). A topic of more
    words keeps its hyphens: the facets of "quantum chemistry and electronic-structure computing" are found by
    its words as the question writes them."""
    if not re.fullmatch(r"\w+(?:-\w+)+", topic.strip()):
        return topic
    used, used_whole = topics.users(pool)

    def spaced(m: re.Match) -> str:
        w = m.group(0)
        parts = [x for x in w.split("-") if x]
        if len(parts) < 2 or used_whole(w) or any(distinct.role(x, used) == distinct.UNUSED for x in parts):
            return w
        return " ".join(parts)

    return re.sub(r"\w+(?:-\w+)+", spaced, topic)


def rare_in_scope(topics, pool: list[Paper]):
    """Whether a word is in fewer than COMMON_SHARE of the papers in scope (any word, in a scope too small to
    tell: distinct.MIN_SCOPE)."""

    def rare(word: str) -> bool:
        if len(pool) < distinct.MIN_SCOPE:
            return False
        return topics.holding(word, pool) < distinct.COMMON_SHARE * len(pool)

    return rare


def words_of_topic(topics, topic: str, pool: list[Paper]) -> list[list[tuple[str, str]]]:
    """Each alternative of a topic as its words, each with what it is among the papers in scope (distinct.role):
    phrasing, a word that grounds nothing ("protein" where no paper says it), ordinary, or distinguishing. A
    hyphenated word no paper uses whole is read as its parts ("ResNet-family"), a part no paper uses as
    phrasing."""
    used, used_whole = topics.users(pool)
    out = []
    for part in (p.strip() for p in re.split(r"\s+or\s+", topic) if p.strip()):
        words: list[tuple[str, str]] = []
        for w in part.split():
            whole = "-" not in w.strip("-") or used_whole(w)
            for piece in [w] if whole else [x for x in w.split("-") if x]:
                if piece.casefold() in {x.casefold() for x, _ in words}:
                    continue
                role = distinct.role(piece, used)
                words.append((piece, distinct.PHRASING if role == distinct.UNUSED and not whole else role))
        out.append(words)
    return out
