"""What of a question's leftover words is its topic: content, never the question's frame.

Once the slots are read, the words left over used to be the topic ("Can you sum up his contributions to X and Y?"
gave "sum X Y"). A question says where its topic is by its structure, not by a list of words to drop:

- after a word that introduces an object ("on X", "about X", "to X", "involving X": `_OBJECT`), to the end of the
  clause, or to a paper noun when what follows the noun is frame ("of her altimetry work pls": `_PAPER_END`), and
- in front of a paper noun ("his LLM papers", "the Sentinel-1 classification work": `_BEFORE_PAPER`), and
- inside a parenthesis, which gives examples or qualifiers of the topic ("(kinetic Monte Carlo and the like)").

When the question has such a place and it holds some of the leftover words, the topic is those words and the words
the papers in scope use; the rest (the verbs, adverbs and nouns a question is framed in: "sum", "briefly",
"contributions", "rundown", none of which the seeds' or corpus 2's papers say) are frame. A question with no such
place keeps its leftover words. Nothing here lists frame words: where a word stands, and whether the papers use it,
decide.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from assistant.answer.plan import topic_scope
from assistant.answer.plan.paper_nouns import EITHER
from assistant.text import without_clitics

# A paper noun in an object: "of her radar altimetry work pls", "of her papers have results about Greenland". What
# follows the noun is the frame around the topic ("pls", "have results") when it holds a place of its own ("about
# Greenland") or no topic word the papers use; otherwise it says what the papers do ("of his papers claim the
# compressed model beats …"), and the object runs on.
_PAPER_END = re.compile(rf"\s+(?:{EITHER}|research)\b", re.I)
# A word that introduces its object, the topic: prepositions and the verbs of treating a subject. The object runs to
# the end of its clause (a comma, a full stop, a question mark, a bracket, or "which/that/and what …").
_OBJECT = re.compile(
    r"\b(?:on|about|to|into|regarding|concerning|around|involving|in|with|of|"
    r"(?:deal|deals|dealing|dealt) with|related to|discuss(?:es|ed|ing)?|cover(?:s|ed|ing)?|"
    r"address(?:es|ed|ing)?|mention(?:s|ed|ing)?|stud(?:y|ies|ied|ying)|us(?:e|es|ed|ing)|"
    r"tackl(?:e|es|ed|ing)|explor(?:e|es|ed|ing)|investigat(?:e|es|ed|ing))\s+"
    r"(?P<x>[^,.;:?!()]+?)(?=\s*(?:[,.;:?!()]|\b(?:which|that|who|and (?:what|which|how|who|when))\b|$))",
    re.I,
)
# Up to four words in front of a paper noun: "his LLM papers", "her Sentinel-1 classification papers".
_BEFORE_PAPER = re.compile(
    r"\b(?:his|her|their|its|the|these|those|which|what|any|all|[\w-]+['’]s)\s+(?P<x>(?:[\w-]+\s+){1,4}?)"
    rf"(?:{EITHER}|research|output)\b",
    re.I,
)
_PAREN = re.compile(r"\((?P<x>[^()]+)\)")
# A subordinate clause, to the end of its clause: the words after "once", "if", "unless", "whenever", "as long as".
_SUBORDINATE = re.compile(r"\b(?:once|if|unless|whenever|as\s+long\s+as)\s+(?P<x>[^,;:?.!()]+)", re.I)
_WORD = re.compile(r"[\w][\w+.=-]*[\w+]|\w")


def _words(text: str) -> set[str]:
    return {w.casefold().strip(".") for w in _WORD.findall(without_clitics(text))}


def _objects(text: str, content: Callable[[str], bool]) -> list[str]:
    """The objects of the text's introducing words, each cut at a paper noun whose tail is frame (see `_PAPER_END`),
    the tail's own objects read the same way."""
    out = []
    for m in _OBJECT.finditer(text):
        x = m.group("x")
        if (noun := _PAPER_END.search(x)) and (
            _OBJECT.search(tail := x[noun.end() :]) or not any(content(w) for w in _words(tail))
        ):
            out += [x[: noun.start()], *_objects(tail, content)]
        else:
            out.append(x)
    return out


def places(question: str, content: Callable[[str], bool] = lambda w: False) -> list[set[str]]:
    """The words of each place the question puts a topic in (see the module's docstring); `content`: whether a word
    after a paper noun is a topic word the papers use."""
    out = [_words(x) for x in _objects(question, content)]
    out += [_words(m.group("x")) for m in _BEFORE_PAPER.finditer(question)]
    out += [_words(m.group("x")) for m in _PAREN.finditer(question)]
    return [ws for ws in out if ws]


def content_of(
    topic: str,
    question: str,
    used: Callable[[str], bool] = lambda w: False,
    subject: Callable[[list[str]], list[bool]] | None = None,
) -> str:
    """The topic's words that are content: those in a place the question puts its topic when some are (all of them
    when none is), and those the papers in scope use (`used`: "classifier" in "the reason for running the ice
    classifier on board …"); alternatives ("X or Y") kept apart, an alternative left empty
    dropped. The frame a question is asked in ("sum", "contributions", "briefly", "rundown") is in no paper.

    With `subject` (plan/frame.py: a model fitted on every writer's labelled questions, whose inputs include where
    the word stands and whether the papers use it; TopicReader.read asks it when the reading above grounds no paper),
    its verdict on each word decides instead, when it finds some subject: a topic all of whose words it reads as
    frame ("prizes" in "has the author won any prizes?", a word no writer's question used before) keeps the reading
    above, so that a subject the corpus lacks is still said to be missing rather than dropped for every paper."""
    alts = [a.split() for a in re.split(r"\s+or\s+", topic.strip()) if a.strip()]
    said = [w.casefold() for alt in alts for w in alt]
    # The places are read in the question as its topic was, its listed sub-topics joined by "or" (topic_scope): a
    # comma between items ("on lake ice, river ice or sea ice") ends no clause, so every item is in the place.
    listed = topic_scope.as_alternatives(question)
    held = [ws for ws in places(listed, lambda w: w in said and used(w)) if any(w in ws for w in said)]
    inside = set().union(*held) if held else None
    # a clause a subordinating word opens ("once duplicates are merged", "if you count preprints") says how the
    # question is meant, not what the papers are about: its words are frame unless the papers use them
    aside = set().union(*(_words(m.group(0)) for m in _SUBORDINATE.finditer(question)))
    judged = dict(zip((w for alt in alts for w in alt), subject([w for alt in alts for w in alt]))) if subject else {}
    learned = any(judged.values())  # the model never empties a topic: with no subject found, the reading below
    kept = []
    for alt in alts:
        words = [
            w
            for w in alt
            if (w.casefold() not in aside or used(w))
            and (judged[w] if learned else inside is None or w.casefold() in inside or used(w))
        ]
        if words:
            kept.append(" ".join(words))
    return " or ".join(dict.fromkeys(kept))
