"""The two sides of a comparison described rather than named: "the two X papers", "both X papers", "his two papers
on X" (the two papers sharing X), a parenthetical telling them apart ("(the general one and the joint low-rank one)"),
and a side picked out by one distinguishing title word ("the static paper and the dynamic paper"). Words are matched
against titles (and short names) word by word, with their inflections; nothing is guessed when the words do not pick
out exactly the papers asked for."""

from __future__ import annotations

import re
from pathlib import Path

from assistant.answer.plan.intents import topic_words
from assistant.answer.plan.paper_nouns import PLURAL
from assistant.index.bm25 import variants
from assistant.models import Paper

_DATA = Path(__file__).parent / "data"
# What a comparison measures ("gain", "accuracy", "error"): data/measure_words.txt.
MEASURES = frozenset(
    w.casefold()
    for line in (_DATA / "measure_words.txt").read_text(encoding="utf-8").splitlines()
    if not line.startswith("#")
    for w in line.split()
)
# The frame a side is asked in, never its description: question words, auxiliaries, adjectives of size and the small
# words that join them to the side ("How big was the gain in the X paper", "What accuracy did the X reach").
_FRAME = frozenset(
    "how what which where when why who whose much many big large high good well was were is are did does do has have "
    "had the a an of in from for by with on that those this these its their his her reported achieved obtained "
    "reached given".split()
)
# A word after a side's description that asks the rest of every side ("A and B each improve …", "… respectively").
_DISTRIBUTIVE = frozenset({"each", "respectively"})
# What follows a side's description and only asks of it ("the X paper compared", "the X classifier reach").
_AFTER = frozenset(
    "compared contrasted set put measured reach reaches reached achieve achieves achieved get gets got report reports "
    "reported give gives gave do does did show shows showed raise raises raised improve improves improved increase "
    "increases increased cut cuts reduce reduces reduced lower lowers lowered boost boosts boosted need needs needed "
    "use uses used".split()
)

PAPER_NOUNS = PLURAL
# "the two X papers", "his two X papers", "both (of his) X papers", "his two papers on X"; X may be empty ("both
# papers he co-wrote with …"), then other slots decide the pool.
TWO_PAPERS = re.compile(
    r"\b(?:(?:the|his|her|their|these|those)\s+two|both(?:\s+of)?(?:\s+(?:the|his|her|their))?)\s+"
    r"((?:[\w-]+\s+){0,4}?)" + PAPER_NOUNS + r"\b(?:\s+(?:on|about)\s+([\w\s-]+?)(?=[,:;?.()]|\s+(?:from|in|by|"
    r"with|that|which|and|each|how|what)\b|$))?",
    re.I,
)
# "She has two papers built on vision transformers", "Two of her papers look at operational ice charts", "there are
# two papers on sea-ice drift", "two sea-ice drift records in these exports": two papers counted, then described by
# the words before the noun and the rest of their clause, a place or source after it ("in The Cryosphere", "in these
# exports") no description (read only where each of them, or which one, is asked of).
# A paper is counted as a record of the exports too ("two records", "two entries"), no noun of a written work.
_COUNTED_NOUNS = rf"(?:{PAPER_NOUNS}|records|entries)"
# The collection the counted papers are in, said before what describes them ("two papers in the collection mention the
# Laptev Sea"): no description, and what follows it still is one.
_IN_COLLECTION = (
    r"\s+(?:in|from)\s+(?:(?:the|these|this|those|her|his|their|my|our|your)\s+)?(?:whole\s+)?"
    r"(?:collection|corpus|library|exports?|files|database|records)\b"
)
_NOT_DESCRIBING = r"(?!(?:of|his|her|their|the|and|or|after|before|than)\b)"
TWO_COUNTED = re.compile(
    rf"\btwo\s+(?:of\s+(?:his|her|their)\s+)?((?:{_NOT_DESCRIBING}[\w-]+\s+){{0,3}}?){_COUNTED_NOUNS}\b"
    rf"(?:{_IN_COLLECTION})?(?:\s+(?:in|from|with)\b[^.?;:,]*|([^.?;:,]*))",
    re.I,
)
# Where a description said as a verb phrase starts its object: "built on X", "look at X", "set in X".
_OBJECT_AFTER = re.compile(r"\b(?:on|at|in|with|about|into|for|of|from|using|use|uses)\s+", re.I)


def counted_readings(rest: str) -> list[str]:
    """The descriptions the words after "two papers" may be: all of them, else the object after their verb's
    preposition ("built on vision transformers": "vision transformers")."""
    m = _OBJECT_AFTER.search(rest)
    return [rest, rest[m.end() :]] if m and rest[m.end() :].strip() else [rest]


# "(the general LLC framework and the joint low-rank one)": the two sides told apart right after the description.
PARENTHESIS = re.compile(r"^\s*(?:[^()]{0,40}?)\(([^()]+?)\s+and\s+([^()]+?)\)")


def title_words(p: Paper) -> set[str]:
    """The words of a paper's title and short name, casefolded, hyphenated words both whole and in parts."""
    text = f"{p.label} {p.title or ''} {p.display_title}".casefold()
    words = set(re.findall(r"[\w-]+", text))
    return words | {part for w in words for part in w.split("-") if part}


def holds(words: set[str], word: str) -> bool:
    """Whether a title's words hold a word (or every part of a hyphenated one), in any inflection."""
    parts = [w for w in word.casefold().split("-") if w] or [word.casefold()]
    return bool(variants(word.casefold()) & words) or all(variants(part) & words for part in parts)


def sharing(shared: list[str], papers: list[Paper]) -> list[Paper]:
    """The papers whose titles hold every one of the shared words."""
    return [p for p in papers if shared and all(holds(title_words(p), w) for w in shared)]


def pick(side: list[str], papers: list[Paper]) -> Paper | None:
    """The one paper whose title holds the most of a side's words, if it holds strictly more than every other."""
    if not side:
        return None
    scored = sorted(((sum(holds(title_words(p), w) for w in side), i) for i, p in enumerate(papers)), reverse=True)
    if not scored or scored[0][0] == 0 or (len(scored) > 1 and scored[1][0] == scored[0][0]):
        return None
    return papers[scored[0][1]]


def only_title_with(words: list[str], papers: list[Paper]) -> Paper | None:
    """The only paper whose title holds every word of a side ("the static paper"), else None."""
    found = sharing(words, papers)
    return found[0] if len(found) == 1 else None


def described(side: str) -> str:
    """The words of a comparison's side that describe its paper: the question's frame before it and the verb after
    it taken off, and the quantity asked of it ("How big was the gain in the domain adaptation paper compared" ->
    "domain adaptation paper"; "the accuracy of the convolutional charting model?" -> "convolutional charting
    model")."""
    words = re.findall(r"[\w'’-]+", side)
    start, end = 0, len(words)

    def measured(i: int) -> bool:  # "the gain from …", "what accuracy did …": a quantity asked, then its side
        return words[i].casefold() in MEASURES and i + 1 < end and words[i + 1].casefold() in _FRAME

    while start < end and (words[start].casefold() in _FRAME or measured(start)):
        start += 1
    # "the cross-sensor adaptation each improve over their baselines": what follows "each" is asked of every side
    end = next((i for i in range(start + 1, end) if words[i].casefold() in _DISTRIBUTIVE), end)
    while end - start > 1 and words[end - 1].casefold() in _AFTER | MEASURES | _FRAME:
        end -= 1  # "the X paper compared", "the X's accuracy", "the X paper on their headline results"
    kept = [re.sub(r"['’]s$", "", w) for w in words[start:end]]
    return " ".join(kept)


# Where a question's sides join ("against", "versus", "compared with", "and", "with").
_JOIN = re.compile(r"\b(?:against|versus|vs\.?|compared (?:with|to)|relative to|and|with)\b", re.I)


def parallel_measure(question: str) -> bool:
    """The same quantity asked of two things on either side of a join: "the accuracy of X against the accuracy of
    Y", "the gain from X and the gain from Y" set two sides against each other, whatever the verb."""
    for m in _JOIN.finditer(question):
        before = {w.casefold() for w in re.findall(r"[\w-]+", question[: m.start()])} & MEASURES
        after = {w.casefold() for w in re.findall(r"[\w-]+", question[m.end() :])} & MEASURES
        if before & after:
            return True
    return False


def counted_description(undated: str) -> str:
    """What "two papers" are described by: the words before the noun and the clause after it ("" when none)."""
    m = TWO_COUNTED.search(undated)
    return f"{m.group(1)}{m.group(2) or ''}".strip() if m else ""


# Passages of every record read for a description's words when the author's papers do not hold what it counts.
RECORD_CANDIDATES = 60


def records_on(corpus, authors: list[Paper], words: list[str]) -> list[Paper]:
    """The author's papers and every other record (another group's included) whose passages hold the words: a pool
    over all records read through the lexical index, so only the records it reaches are made (the lazy table's
    promise: no question makes a Paper of every record)."""
    found = {p.id: p for p in authors}
    passages = corpus.retriever.passage_list
    for idx, _ in corpus.retriever.lexical.search(" ".join(words), RECORD_CANDIDATES):
        if (pid := passages[idx].paper_id) not in found and pid in corpus.by_id:
            found[pid] = corpus.by_id[pid]
    return list(found.values())


def two_counted(undated: str, corpus, authors: list[Paper]) -> list[str]:
    """The two papers of "she has two papers built on X …, what does each report?": the only two of the first pool
    (the author's, then every record: "two records in these exports", one of them another group's) whose own text is
    on the description (its words, else the object of its verb), by date; else none."""
    for reading in counted_readings(counted_description(undated)):
        words = topic_words(reading, corpus.principal)
        for every in (False, True) if words else ():
            pool = records_on(corpus, authors, words) if every else authors
            if len(on := corpus.topics.papers_on(" ".join(words), pool)) == 2:
                return [p.id for p in sorted((sp.paper for sp in on), key=lambda p: p.date or "")]
    return []
