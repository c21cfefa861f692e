"""Follow-ups: make a standalone retrieval query from the conversation and find the papers it is about."""

from __future__ import annotations

import re

from assistant.answer.plan.content import places, points_back
from assistant.answer.plan.names import (  # noqa: F401 - read from here too
    LONG_NAME,
    NAME_CHAR,
    deletion_index,
    find_bounded,
    fuzzy_names,
    short_names,
    squashed_names,
)
from assistant.answer.plan.phrases import (
    ANAPHORA,
    CONTINUES,
    CORRECTION,
    NOT_THE_ONE,
    ORDINALS,
    SUMMARY_ASKED,
    THE_OTHER,
    WHAT_ABOUT,
    author_index,
    date_pick,
)
from assistant.index.first_words import FirstWords
from assistant.models import Message


def mentioned(text: str, names: dict[str, str] | FirstWords) -> list[str]:
    """Paper ids whose names occur in the text, in order of appearance (`names` by first word: a FirstWords)."""
    lowered = text.casefold()
    found: list[tuple[int, str]] = []
    # A substring test first and string search, not a regex per name: compiling one per name (two
    # per paper) on every question took seconds per answer at 1k papers.
    for nm in names.among(lowered) if isinstance(names, FirstWords) else names:
        if nm in lowered and (start := find_bounded(lowered, nm)) >= 0:
            found.append((start, (names.source if isinstance(names, FirstWords) else names)[nm]))
    return list(dict.fromkeys(pid for _, pid in sorted(found)))


def split_turns(messages: list[Message]) -> tuple[str, list[Message]]:
    """The question (last user message) and the conversation before it."""
    for i in range(len(messages) - 1, -1, -1):
        if messages[i].role == "user":
            return messages[i].content.strip(), messages[:i]
    return "", list(messages)


def follow_up(question: str, history: list[Message], names: dict[str, str] | FirstWords) -> tuple[str, list[str]]:
    """(retrieval query, ids of papers the conversation is about) for a question in context.

    A question that names a paper stands alone. One that does not but refers back ("it", "the
    method") or is short carries the previous question and the papers of the previous turn.
    """
    own = mentioned(question, names)
    previous_users = [m.content for m in history if m.role == "user"]
    if own or not previous_users:
        return question, own
    # "And what about the other ice type?" names no paper and asks the previous question again: the same paper.
    refers_back = bool(ANAPHORA.search(question) or WHAT_ABOUT.search(question)) or len(question.split()) <= 6
    if not refers_back:
        return question, []
    last_user = previous_users[-1]
    last_answer = next((m.content for m in reversed(history) if m.role == "assistant"), "")
    # "I mean the GPU one, not the Sunway VQE one": a paper the turn before set aside is not what "that one" means
    said = NOT_THE_ONE.sub(" ", last_user)
    focus = mentioned(said, names) or mentioned(last_answer, names)[:2]
    return f"{question} {' '.join(said.split())}", focus


_ITALIC = re.compile(r"\*([^*\n]{3,300})\*")


def cited_papers(answer_text: str, by_title: dict[str, str]) -> list[str]:
    """The papers a previous answer named (our answers write each paper's name in *italics*), in order."""
    out = []
    for m in _ITALIC.finditer(answer_text):
        pid = by_title.get(m.group(1).strip().casefold())
        if pid:
            out.append(pid)
    return list(dict.fromkeys(out))


# --- What the previous answer pointed at: its papers in order, the people it named, its list. -----------------------

_ORDINAL_WORDS = {**ORDINALS, "latter": -1, "former": 1}
_NTH = re.compile(
    r"\b(?:the|that) (first|second|third|fourth|fifth|last|latter|former)"
    r"(?: (?:one|paper|work|of (?:them|those|these)))?\b"
)
_COMPARATIVE = re.compile(
    r"\b(of (those|them|these|the two)|which one|which (?:paper|work) of|the (older|newer|earlier|later|oldest|newest|"
    r"earliest|latest|more recent|most recent) (one|paper|work)s?)\b"
)
# "the static one", "the static or the dynamic one", "the GEMM paper": a word that tells previous papers apart.
_DESCRIBED = re.compile(r"\bthe ([\w=+-]{3,})(?: or the ([\w=+-]{3,}))? (?:one|paper|work|version|method)\b", re.I)
_NOT_DESCRIPTIVE = set(_ORDINAL_WORDS) | {
    "older", "newer", "earlier", "later", "oldest", "newest", "earliest", "latest", "same", "other", "next",
    "previous", "whole", "entire", "only", "right", "correct", "recent", "main", "this", "that",
}  # fmt: skip
# "that person", "the same author", "this co-author": the person the previous answer named.
_THAT_PERSON = re.compile(
    r"\b(that(?: same)?|this(?: same)?|the same) (person|author|researcher|co-?author|scientist|man|woman)\b", re.I
)
# The principal author said beside the pointer ("what did she publish with that same person …?"): the person
# pointed at is someone else.
_BESIDE_THE_AUTHOR = re.compile(r"\b(?:she|he|her|his|him|they|their)\b", re.I)
# "the second author", "its first author", "the paper's last author" (not "as first author": a position filter).
_NTH_AUTHOR = re.compile(
    r"(?<!\bas )\b(?:the|its|their|that paper's|the paper's) (first|second|third|last|lead|senior) "
    r"(?:author|co-?author)\b",
    re.I,
)
# Words that ask to see the previous list again (or part of it): "list them", "only the ones after 2024".
_RESTATING = {
    "list", "show", "name", "give", "enumerate", "tell", "me", "them", "those", "these", "they", "the", "ones", "one",
    "which", "what", "are", "were", "is", "was", "all", "only", "just", "of", "please", "papers", "paper", "again",
    "and", "now", "then", "from", "in", "after", "before", "since", "until", "between", "to", "or", "later",
    "earlier", "on", "onwards", "ok", "okay", "so", "filter", "keep", "restrict", "published", "came", "out",
    "written", "appeared",
    # "give me one line on each", "a short sentence about each of them": the list again, a line a paper
    "each", "line", "lines", "sentence", "sentences", "short", "brief", "briefly", "quick", "a", "about", "summary",
    "summarize", "summarise", "describe", "say", "for",
}  # fmt: skip
_PLURAL_BACK = re.compile(r"\b(them|those|these|they|the ones|each)\b", re.I)


# "compare them", "how do the two differ?", "contrast both": the previous answer's papers taken as one group.
GROUP_BACK = re.compile(r"\b(them|those|these|they|both|the two|the three|all of them)\b", re.I)


_GROUP_SIZE = {"both": 2, "two": 2, "three": 3, "four": 4}
_COUNTED = re.compile(r"\b(?:(?:the|those|these|all)\s+(two|three|four)|(both))\b", re.I)


def group_pointed_to(question: str, history: list[Message], by_title: dict[str, str], relatives=None) -> list[str]:
    """The previous answer's papers in the order the user saw them, when the question points back at them as a group
    ("compare them", "compare the two"); none otherwise. A list is shown newest first, so its order, not the search's
    ranking, is what "them" means. When the question counts the group ("those two") and the answer showed fewer,
    `relatives(history)` (the previous question's best papers, best first) fills it: the user saw another paper as
    one of the group, the one the previous question comes closest to after those shown."""
    if not GROUP_BACK.search(question):
        return []
    # The last answer that showed papers: "compare them" after an answer that cited none still means those papers.
    shown = next((found for a in _answers_newest_first(history) if (found := cited_papers(a, by_title))), [])
    m = _COUNTED.search(question)
    wanted = _GROUP_SIZE[(m.group(1) or m.group(2)).casefold()] if m else 0
    if shown and relatives is not None and len(shown) < wanted:
        shown += [pid for pid in relatives(history) if pid not in shown][: wanted - len(shown)]
    return shown


def _answers_newest_first(history: list[Message]) -> list[str]:
    return [m.content for m in reversed(history) if m.role == "assistant"]


def previous_answer(history: list[Message]) -> str:
    """The text of the assistant's last answer ('' when there is none)."""
    return next((m.content for m in reversed(history) if m.role == "assistant"), "")


def people_named(text: str, people: list[str] | FirstWords) -> list[str]:
    """The people a text names, in the order it names them (an author list keeps its order)."""
    lowered = text.casefold()
    people = people.among(lowered) if isinstance(people, FirstWords) else people
    found = [(find_bounded(lowered, p.casefold(), _WORD), p) for p in people if p.casefold() in lowered]
    return [p for i, p in sorted((i, p) for i, p in found if i >= 0)]


_WORD = re.compile(r"\w")


def person_pointed_to(
    question: str, history: list[Message], people: list[str] | FirstWords, principal: str | None = None
) -> tuple[str | None, bool]:
    """(the person the question points back to, whether an author ordinal named them) from the previous answer:
    "that person" is the first person it named; "the second author" the second name of its author list."""
    named = people_named(previous_answer(history), people)
    if not named:
        return None, False
    if m := _NTH_AUTHOR.search(question):
        if re.match(r"(?i)\s*(then\s+|and\s+|so\s+)?who\b", question):
            return None, False  # "who is its first author?" asks the position, it does not point at a person
        n = author_index(m.group(1))
        picked = named[n - 1 : n] if n and n > 0 else named[-1:]
        return (picked[0], True) if picked else (None, False)
    if m := _THAT_PERSON.search(question):
        beside = _BESIDE_THE_AUTHOR.search(question[: m.start()] + " " + question[m.end() :])
        if principal and (re.fullmatch(r"(?i)co-?author", m.group(2)) or beside):
            # "that co-author" is one of his co-authors, never the author himself whom the answer named first; so is
            # "that person" in a question about her work with them
            named = [n for n in named if n != principal] or named
        return named[0], False
    return None, False


# "the later of the two", "the older one", "the most recent paper": one of the previous papers picked by its date.
_BY_DATE = re.compile(
    r"\b(?P<copula>(?:is|was|are|were|came out|appeared)\s+)?the (?P<w>older|oldest|earlier|earliest|newer|newest|"
    r"later|latest|more recent|most recent)(?: (?:one|paper|work|preprint|study))?"
    r"(?: of (?:the two|the three|them|those|these|both))?\b"
)
_LATER = {"newer", "newest", "later", "latest", "more recent", "most recent"}


def pointed_back(
    question: str, history: list[Message], by_title: dict[str, str], label_of, date_of=None, relatives=None
) -> tuple[str, list[str]] | None:
    """("nth" | "which" | "earliest" | "latest" | "list", papers) when the question picks among, or restates, the
    previous answer's papers; `label_of(id)` is a paper's name and year (to tell "the static one" from "the dynamic
    one", "the 2023 one" from the 2025 one); `date_of(id)` its date, to read "the later of the two" as the paper a
    question asks about ("For the later of the two, what does it say about X?") rather than the question itself;
    `relatives(history)` the previous question's best papers, for "the other one" after an answer that showed one."""
    previous = cited_papers(previous_answer(history), by_title)
    if not previous:
        return None
    ql = question.casefold()
    if date_of and len(previous) >= 2 and (picked := _picked_by_date(ql, previous, date_of)):
        return "nth", picked
    if (m := _NTH.search(ql)) and not re.search(r"\b(author|co-?author)s?\b", ql[m.end() : m.end() + 12]):
        n = _ORDINAL_WORDS[m.group(1)]
        if len(previous) == 1 and n > 0:
            # One paper shown last: "going back to the first one", "that second paper" count the papers the
            # conversation's answers led with, in turn ("What is cuNNQS-SCI about?" / "And the AtomWorld paper?")
            picked = led_with(history, by_title)[n - 1 : n]
        else:
            picked = previous[n - 1 : n] if n > 0 else previous[-1:]
        return ("nth", picked) if picked else None
    if THE_OTHER.search(ql):
        # "and the other one?" after one paper was picked from two: the one of the list before that was not picked
        # or, when the previous answer led with one of two papers ("the earliest is X. Next: Y"), the one it did not
        # lead with.
        answers = [m.content for m in history if m.role == "assistant"]
        earlier = cited_papers(answers[-2], by_title) if len(answers) >= 2 else []
        other = [pid for pid in earlier if pid not in previous]
        if len(other) != 1 and len(earlier) == 2 and previous[0] in earlier:
            other = [pid for pid in earlier if pid != previous[0]]
        elif len(other) != 1 and len(previous) == 2:
            other = previous[1:]
        elif len(other) != 1 and len(previous) == 1 and relatives is not None and _bare(question):
            # "Which of his two stencil papers uses sparse tensor cores?" showed one: "and the other one?" is the
            # paper the previous question comes closest to after it (`relatives(history)`, best first). A turn that
            # asks something of its own ("the other one - how fast are the coastlines retreating?") is read by it.
            other = [pid for pid in relatives(history) if pid not in previous][:1]
        return ("nth", other) if len(other) == 1 else None
    if described := _described(ql, previous, label_of) or _described(ql, earlier_papers(history, by_title), label_of):
        # "the static one" among the previous answer's papers; a correction ("no, I meant the dynamic one") among
        # the papers of the answers before it.
        return ("nth", described) if len(described) == 1 else ("which", described)
    if restates_list(question) and len(previous) >= 2:
        return "list", previous
    if not _COMPARATIVE.search(ql) or CORRECTION.search(question) and len(previous) < 2:
        # "Not that one, I meant the earlier paper": a date set against the one paper ruled out, which the correction
        # reads (correction.grounded), not a pick among the papers shown
        return None
    # The date words every reader shares (phrases.date_pick: "came first", "appeared last"), and "first written"
    picked = date_pick(question)
    if re.search(r"\b(?:(written|published|released) first|first (written|published|released))\b", ql) or (
        picked and picked[0] == "earliest"
    ):
        return "earliest", previous
    if picked:
        return "latest", previous
    return "which", previous


def _picked_by_date(ql: str, previous: list[str], date_of) -> list[str]:
    """The one previous paper "the later of the two" refers to, when the phrase refers (a subject or an object of the
    question) and is not what it asks ("which one is the newest?", "which came out first?": the route answers those,
    with the date)."""
    m = _BY_DATE.search(ql)
    if not m or m.group("copula") or re.match(r"\W*(?:which|what)\b(?!\s+(?:does|did|do|is said|says)\b)", ql):
        return []
    dated = sorted((date_of(pid) or "", pid) for pid in previous)
    if not dated[0][0] or len({d for d, _ in dated}) < len(dated):
        return []  # an undated paper or a tie: no date tells them apart
    return [dated[-1][1] if m.group("w") in _LATER else dated[0][1]]


def led_with(history: list[Message], by_title: dict[str, str]) -> list[str]:
    """The papers the conversation's answers led with, in the order they first did."""
    answers = [m.content for m in history if m.role == "assistant"]
    return list(dict.fromkeys(cited[0] for a in answers if (cited := cited_papers(a, by_title))))


def earlier_papers(history: list[Message], by_title: dict[str, str]) -> list[str]:
    """The papers every earlier answer cited, the most recent answer's first."""
    answers = [m.content for m in history if m.role == "assistant"]
    return list(dict.fromkeys(pid for a in reversed(answers) for pid in cited_papers(a, by_title)))


def _described(ql: str, previous: list[str], label_of) -> list[str]:
    """The previous papers "the X one" / "the X or the Y one" describes by a word of their names."""
    out: list[str] = []
    for m in _DESCRIBED.finditer(ql):
        if ql[: m.start()].endswith("not "):
            continue  # "not the incidence-angle one" rules a paper out; it does not pick it
        for word in filter(None, m.groups()):
            if word in _NOT_DESCRIPTIVE:
                return []
            hits = [pid for pid in previous if find_bounded(label_of(pid).casefold(), word) >= 0]
            if len(hits) != 1:
                return []  # a word every previous paper shares (or none has) does not pick one
            out += hits
    return list(dict.fromkeys(out))


def restates_list(question: str) -> bool:
    """ "list them", "only the ones after 2024", "which are they?": the previous list again, maybe narrowed by years
    (every word is a listing word, a pointer back or a year). A summary asked of a pointer back with no topic of its
    own ("can you summarise them?", "an overview of that thread", "sum up that line of work") is the previous list's
    papers summed up too (content.points_back)."""
    if SUMMARY_ASKED.search(question) and (
        points_back(question) or _PLURAL_BACK.search(question) and not places(question)
    ):
        return True
    if not _PLURAL_BACK.search(question) and not re.match(r"(?i)\s*(only|just)\b", question):
        return False
    words = re.findall(r"[a-z]+", re.sub(r"\b(?:19|20)\d{2}\b", " ", question.casefold()))
    return bool(words) and all(w in _RESTATING for w in words)


def without_pointers(question: str) -> str:
    """The question without the words that point back ("which of those", "the static or the dynamic one")."""
    q = re.sub(r"(?i)\b(which|what)\s+(one\s+)?of\s+(those|them|these)\b|\bwhich one\b", " ", question)
    return _DESCRIBED.sub(" ", q) if _DESCRIBED.search(q.casefold()) else q


# What points at a paper of the conversation rather than asking of it: "and the other one -", "the second paper",
# "not the X one", "the older of the two", "that one".
_POINTER = re.compile(
    r"\b(?:the other(?: (?:one|paper|work|preprint|study))?|(?:that|this) one|the (?:first|second|third|fourth|fifth|"
    r"last|latter|former) (?:one|paper|work)|the (?:older|oldest|earlier|earliest|newer|newest|later|latest) "
    r"(?:one|paper|work)(?: of (?:the two|them|those|these|both))?)\b",
    re.I,
)


def asked_only(question: str) -> str:
    """The question without the words that pick its paper out of the conversation, for reading what it asks of that
    paper ("and the other one - what did they evaluate it on?" -> "what did they evaluate it on?"): "one" and
    "other" are no part of the ask and drew sentences saying "the latter one"."""
    rest = _POINTER.sub(" ", NOT_THE_ONE.sub(" ", question))
    rest = CONTINUES.sub("", rest)  # "and", "ok", … before it
    return re.sub(r"\s+", " ", rest).strip() or question


def _bare(question: str) -> bool:
    """The turn asks nothing besides pointing ("ok and the other one?"): under three words once the pointer is out."""
    own = asked_only(question)  # the question itself when nothing is left once the pointer is out
    return own == question or len(own.split()) < 3


def asked_of_pick(corrected: str, query: str) -> tuple[str, str]:
    """(question, retrieval query) for a paper the turn picked out of the conversation: what it asks without the words
    that picked it, and without the previous question ("and the other one?" alone asks that again; "and the other one
    - what did they evaluate it on?" does not)."""
    own = asked_only(corrected)
    return (own, own) if len(own.split()) >= 3 else (corrected, query)
