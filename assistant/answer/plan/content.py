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
# A word that opens a phrase of its own (a preposition, a determiner or possessive, a wh-word, an auxiliary): the
# modifiers of a paper noun are the words after the last of these ("the gist of his papers": "gist" heads a phrase of
# its own, whose "of his papers" names what it is the gist of; "the big picture of his research": "big picture").
_OPENS = frozenset(
    "of on in to for with by from about at as into onto over under across between among via through "
    "the a an his her their its our my your this that these those which what who whose where when how "
    "is are was were be been has have had do does did".split()
)
# A demonstrative object ("an overview of that thread would be great", "sum up that side of her research", "that line
# of work?"): a demonstrative, its noun (up to three words, with an "of" phrase) ending the clause, or followed only by
# the frame's predicate ("would be great"). It points back to what was said, so its words are the question's frame,
# never its topic. One followed by more ("on those grid-update kernels where every point …") is described right there,
# and a singular "that" before a verb ("worked on that involves sparse matrices") or after a noun ("human labels that
# disagree", "papers by Boyang Zhang, that involve quantization") is a relative pronoun: a demonstrative here follows a
# preposition, "up" or a summary verb.
_POINTED = re.compile(
    r"(?:\b(?:of|on|about|in|into|with|to|for|up|summari[sz]e)\s+|^)(?:that|this|these|those)\s+(?P<x>(?!\w+(?<![su]s)(?<!ss)s\b)(?:[\w-]+\s+){0,2}?[\w-]+"
    r"(?:\s+of\s+(?:(?:his|her|their|its|the|this|that)\s+)?[\w-]+)?"
    r"(?:\s+(?:would|will|could|is|was|sounds?|seems?)\b[^,.;:?!()]*)?)(?=\s*(?:[,.;:?!()]|$))",
    re.I,
)


def _pointing(m: re.Match) -> bool:
    """A demonstrative object points back only in plain words: a name or a value in it ("that use Sentinel-1
    imagery", "those A100 runs") says what is meant right there (a relative "that" before a verb, or a description)."""
    return not re.search(r"[A-Z0-9]", m.group("x"))


def _words(text: str) -> set[str]:
    return {w.casefold().strip(".") for w in _WORD.findall(without_clitics(text))}


def _modifiers(words: str) -> str:
    """The words in front of a paper noun that modify it: those after the last word opening a phrase of its own."""
    out: list[str] = []
    for w in words.split():
        out = [] if w.casefold() in _OPENS or re.search(r"['’]s$", w) else [*out, w]
    return " ".join(out)


def _objects(text: str, content: Callable[[str], bool]) -> list[str]:
    """The objects of the text's introducing words, each cut at a paper noun whose tail is frame (see `_PAPER_END`),
    the tail's own objects read the same way; a demonstrative object (`_POINTED`) is none."""
    out = []
    for m in _OBJECT.finditer(text):
        x = m.group("x")
        if (p := _POINTED.match(x)) and _pointing(p) and p.end() == len(x.rstrip()):
            continue  # the frame (`frame_places`)
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
    question = _POINTED.sub(
        lambda m: m.group(0)[: m.start("x") - m.start()].rsplit(None, 1)[0] if _pointing(m) else m.group(0), question
    )
    out = [_words(x) for x in _objects(question, content)]
    out += [_words(_modifiers(m.group("x"))) for m in _BEFORE_PAPER.finditer(question)]
    out += [_words(m.group("x")) for m in _PAREN.finditer(question)]
    return [ws for ws in out if ws]


def frame_places(question: str) -> set[str]:
    """The words of the question's demonstrative objects ("of that thread would be great"): its frame."""
    return set().union(*(_words(m.group("x")) for m in _POINTED.finditer(question) if _pointing(m)))


def points_back(question: str) -> bool:
    """Whether the question has a demonstrative object ("sum up that line of work") and no place of a topic."""
    return any(_pointing(m) for m in _POINTED.finditer(question)) and not places(question)


def without_pointed(topic: str, question: str) -> str:
    """The topic less the words of the question's demonstrative objects (`frame_places`) that no topic place holds."""
    pointed = frame_places(question) - set().union(*places(question))
    alts = [" ".join(w for w in a.split() if w.casefold() not in pointed) for a in re.split(r"\s+or\s+", topic.strip())]
    return " or ".join(dict.fromkeys(a for a in alts if a))


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
    pointed = frame_places(listed) - (inside or set())
    judged = dict(zip((w for alt in alts for w in alt), subject([w for alt in alts for w in alt]))) if subject else {}
    learned = any(judged.values())  # the model never empties a topic: with no subject found, the reading below
    kept = []
    for alt in alts:
        words = [
            w
            for w in alt
            if (w.casefold() not in aside or used(w))
            and w.casefold() not in pointed
            and (judged[w] if learned else inside is None or w.casefold() in inside or used(w))
        ]
        if words:
            kept.append(" ".join(words))
    return " or ".join(dict.fromkeys(kept))
