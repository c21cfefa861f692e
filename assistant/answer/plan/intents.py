"""Read a question: which route answers it (structured or free text), its year range, its topic words."""

from __future__ import annotations

import re
from dataclasses import dataclass

from assistant.answer.plan import phrases, topic_scope
from assistant.answer.plan.content import places
from assistant.answer.plan.paper_nouns import EITHER, GENERIC_PLURAL, PLURAL, PLURALS, SINGULAR, SINGULARS
from assistant.answer.plan.phrases import NUMBER_WORDS, PAPER_NOUN, PAPER_OWNER, STRUCTURE, YEAR  # noqa: F401 - NUMBER_WORDS is imported from here by callers
from assistant.text import STOP as BASE_STOP
from assistant.text import without_clitics

# Words of a question's form, not its topic: the shared list plus words that only questions use ("did he ever use
# X", "from 2020 onwards"), and every noun that names a paper ("her studies on X").
STOP = BASE_STOP | {"ever", "use", "uses", "used", "using", "onwards", "onward"} | SINGULARS | PLURALS


@dataclass
class Intent:
    # attribution | count | per_year | earliest | latest | coauthors | code | categories | list | fact | greeting
    route: str
    year_from: int | None = None
    year_to: int | None = None
    about_author: bool = False
    others_asked: bool = False  # "other groups", "not by the author", "in the corpus"
    others_only: bool = False  # "not by the author", "other groups' papers": exclude the author's
    subject: str = ""  # the paper named (attribution) or the topic words (list/count)
    timeline: bool = False  # "How has their work changed over time?"
    summary_like: bool = False  # "What is X?", "Describe X": about one thing, if the question names a paper


# An overview of the author's work ("research themes", "how has his work changed", "over the years"): the route's cue.
_OVERVIEW_CUE = re.compile(
    r"\b(research (areas?|themes?|topics?|interests?|directions?|agenda)|main (areas?|"
    r"themes?|topics?)|(work|research|focus)(ed)? (changed|evolved|shifted|developed)|"
    r"over (time|the years)|trajectory|timeline|overview of (his|their|the "
    r"author['’]s) (work|research))\b(?! (?:on|in|into|about|regarding|concerning|that|which|where|dealing|"
    r"involving|using|with)\b)|^what (does|did|do) (the author|he|they|\w+ "
    r"\w+) (mainly |mostly |usually )?(work|research|focus)(ed)? on\??$"
)
# "over time" inside what a paper is said to find ("found that the snow has been getting deeper over time"): a claim's
# words, no overview of the work.
_CLAIMED_OVER_TIME = re.compile(r"over (?:time|the years)$")


def mentions_author(q: str, principal: str) -> bool:
    ql = q.casefold()
    parts = [p.casefold() for p in principal.split()]
    if principal.casefold() in ql or any(re.search(rf"\b{re.escape(p)}\b", ql) for p in parts[:1]):
        return True
    return bool(phrases.AUTHOR_POINTER.search(ql))


def _structure_compound(word: str) -> bool:
    """A compound made only of structure words and years ("Jan-Jun", "Sep-2023"): a slot restated in one word, as in
    "the first half of 2025 (Jan-Jun)", is no topic either."""
    parts = [p for p in word.split("-") if p]
    return len(parts) > 1 and all(p in STRUCTURE or re.fullmatch(YEAR, p) for p in parts)


def topic_words(text: str, principal: str = "") -> list[str]:
    names = {p.casefold() for p in principal.split()}
    words = re.findall(r"[A-Za-z0-9][\w=+.-]*[\w+]|[A-Za-z0-9]", without_clitics(text))
    out = []
    for w in words:
        wl = w.casefold().rstrip(".")
        if (
            wl in STOP
            or wl in STRUCTURE
            or wl in names
            or wl.endswith("'s")
            and wl[:-2] in names
            or re.fullmatch(YEAR, wl)
            or _structure_compound(wl)
        ):
            continue
        out.append(w.rstrip("."))
    return out


_ATTRIBUTION = [
    re.compile(
        r"^(?:is|was)\s+(?P<subject>.+?)\s+(?:one of|among|part of|"
        rf"in)\s+(?P<who>.+?)(?:(?:'s|’s)\s*\??\s*$|(?:'s|’s)?\s+(?:own\s+)?(?:{PLURAL}|work)\b)",
        re.I,
    ),
    re.compile(
        r"^(?:is|was)\s+(?P<subject>.+?)\s+(?:(?:a|an)\s+)?(?P<who>.+?)(?:'s|’s)\s+(?:own\s+)?(?:paper|work|publication)\b",
        re.I,
    ),
    re.compile(
        r"^(?:is|was)\s+(?P<subject>.+?)\s+(?:written|authored|co-?authored|published)\s+by\s+(?P<who>.+?)\s*\??$", re.I
    ),
    re.compile(r"^(?:is|was)\s+(?P<subject>.+?)\s+by\s+(?P<who>.+?)\s*\??$", re.I),
    re.compile(
        r"^(?:is|was)\s+(?P<subject>.+?)\s+(?P<who>his|her|their)\s+(?:own\s+)?(?:paper|work|publication)s?\s*\??$",
        re.I,
    ),
    re.compile(r"^did\s+(?P<who>.+?)\s+(?:write|author|co-?author|publish)\s+(?P<subject>.+?)\s*\??$", re.I),
    re.compile(r"^(?:does|do)\s+(?P<subject>.+?)\s+belong\s+to\s+(?P<who>.+?)\s*\??$", re.I),
]


# "How many distinct co-authors does she have?", "how many different collaborators", "how many co-authors in all":
# the number of people across the papers, which the co-author route states, not a count of papers.
DISTINCT_PEOPLE = re.compile(
    r"\bhow many (?:(?:distinct|different|unique|individual|separate) (?:co-?authors?|collaborators|people)\b|"
    r"(?:co-?authors?|collaborators)\b[^?]{0,40}\b(?:across|in (?:total|all)|overall|altogether|over (?:all|(?:his|"
    r"her|their) (?:papers|work|career))))",
    re.I,
)


# A paper's nouns and the verb of writing one: "her earliest study using X", "his newest preprint", "first published".
_PAPER_WORDS = rf"\b(?:{EITHER}|publish)"


def classify(question: str, principal: str) -> Intent:
    q = question.strip()
    ql = q.casefold()
    intent = Intent(route="fact", about_author=mentions_author(q, principal))
    intent.others_asked = bool(phrases.OTHERS_ASKED.search(ql)) or (
        not intent.about_author and bool(phrases.CORPUS_WIDE.search(ql))
    )

    intent.others_only = bool(phrases.OTHERS_ONLY.search(ql))
    if intent.others_only:
        intent.others_asked = True

    if re.search(
        r"\bwho (wrote|authored|are the (co-?)?authors of|is the author of|were the "
        r"authors of)\b|\bwho (worked|collaborated) on\b",
        ql,
    ) or (re.search(r"\b(authors?|author list) of\b", ql) and not phrases.asks_reason(ql)):
        intent.route = "authors"
        intent.subject = subject_for("authors", q, principal) or ""
        return intent
    if re.search(r"^(when|in what year|which year|what year)\b|\b(publication date|date of|year of publication)\b", ql):
        intent.route = "when"
        intent.subject = subject_for("when", q, principal) or ""
        return intent
    if re.search(r"\barxiv (id|number|identifier|link)\b|\bidentifier of\b", ql):
        intent.route = "arxiv"
        intent.subject = subject_for("arxiv", q, principal) or ""
        return intent
    if re.search(
        r"^(summari[sz]e|describe|explain|tell me (more )?about|give (me )?(an? "
        r")?(overview|summary|description) of|what is|what's|what are|what does|how "
        rf"does)\b|^which {SINGULAR} (introduces|proposes|"
        r"presents|describes|is about|develops)\b",
        ql,
    ):
        intent.summary_like = True

    if (subject := subject_for("attribution", q, principal)) is not None:
        intent.route, intent.subject = "attribution", subject
        return intent
    if any(
        not _CLAIMED_OVER_TIME.match(m.group(0)) or not re.search(r"\bthat\b", ql[: m.start()])
        for m in _OVERVIEW_CUE.finditer(ql)
    ) and not re.search(r"\b(co-?authors?|collaborat\w*)\b", ql):
        intent.route = "overview"
        intent.timeline = bool(
            re.search(r"\b(changed|evolved|shifted|developed|over time|over the years|trajectory|timeline)\b", ql)
        )
        return intent
    # The people asked about, not a condition on the byline: "written with no co-authors" selects papers by their
    # author count (phrases.team_size), it asks for no co-author.
    people = phrases.without_team(ql, ranked=False)
    if re.search(r"\b(co-?authors?|collaborat\w*)\b", people) and (
        re.search(r"\b(who|most|frequent|often|top|main|list|which)\b", people) or DISTINCT_PEOPLE.search(people)
    ):
        intent.route = "coauthors"
        intent.subject = subject_for("coauthors", q, principal) or ""
        return intent
    if re.search(r"\b(per|each|every|by)\s+year\b|\byear by year\b|\bbreakdown by year\b", ql):
        intent.route = "per_year"
    elif re.search(r"\b(categor(y|ies)|arxiv (areas?|subjects?|classes))\b", ql):
        intent.route = "categories"
    elif re.search(
        rf"\b(?:how many|number of|count)\b(?:\s+of)?(?:\s+(?:the|his|their|its|"
        rf"{PAPER_OWNER}))*(?:\s+\S+){{0,2}}?\s+{PAPER_NOUN}",
        ql,
    ):
        intent.route = "count"
    elif re.search(r"\b(earliest|oldest|first)\b(?![- ](?:author|named))", ql) and re.search(_PAPER_WORDS, ql):
        intent.route = "earliest"
    elif re.search(r"\b(latest|newest|most recent|last)\b", ql) and re.search(_PAPER_WORDS, ql):
        intent.route = "latest"
    # "code" before a hyphen qualifies another noun ("code-optimization papers"): no code asked for; nor does "code"
    # where the question puts its topic ("what has he worked on in terms of compiler code generation?")
    elif (
        re.search(r"\b(code(?!-\w)|source code|open[- ]source|github|implementation available)\b", ql)
        and re.search(r"\b(which|what|list|papers?|any|how)\b", ql)
        and "code" not in set().union(*places(ql))
    ):
        intent.route = "code"
    elif re.search(
        r"^(list|name|enumerate|show)\b|\b(which|"
        rf"what)\s+(?:of\s+(?:\w+\s+)?\w+(?:['’]s)?\s+)?{GENERIC_PLURAL}\b|"
        r"\b(published|written|wrote)\s+(?:on|about|in)\b|\b(?:publish|write)\s+(?:on|about)\b|\bworked on\b|"
        r"\bwork(?:s|ed)? "
        r"(?:on|in)\b|\bpapers? (?:on|about|concerning|regarding|that)\b|\bresearch (?:on|"
        r"in)\b|\bwhat (?:work |research )?(?:has|have|did|does|do)\b.{0,40}?\b(?:done|do|"
        r"did|contributed?|researched|studied|published)\b|\bcontributions? (?:to|in|"
        r"on)\b|\ball (?:of )?(?:the )?(?:author's |his )?papers\b",
        ql,
    ):
        intent.route = "list"
    intent.subject = subject_for(intent.route, q, principal) or ""
    return intent


def subject_for(route: str, question: str, principal: str) -> str | None:
    """What a route is about, read from the question: the paper named (authors, when, arxiv, attribution) or the
    topic words (lists, counts, co-authors); None when the question has no subject of that shape."""
    q = question.strip()
    if route == "authors":
        return re.sub(
            r"(?i)^.*?\b(wrote|authored|authors? of|author list of|author of|worked on|collaborated on)\s+", "", q
        ).strip(" \"'“”?")
    if route == "when":
        return re.sub(
            r"(?i)^(when|in what year|which year|what year)\s+(was|were|is|did|does)\s+|"
            r"\s+(published|released|written|posted|appear(ed)?|come out|came out)\b.*$",
            "",
            q,
        ).strip(" \"'“”?")
    if route == "arxiv":
        return re.sub(r"(?i)^.*?\b(of|for)\s+", "", q).strip(" \"'“”?")
    if route == "attribution":
        for pattern in _ATTRIBUTION:
            if m := pattern.match(q):
                who = m.group("who").casefold()
                if mentions_author(who, principal) or "author" in who:
                    return m.group("subject").strip(" \"'“”?")
        return None
    if route == "coauthors":
        words = re.sub(
            r"(?i)\b(co-?authors?|collaborat\w*|frequent(ly)?|often|top|main|most)\b",
            " ",
            phrases.without_whole_works(q),
        )
        return " ".join(topic_words(words, principal))
    if route in ("earliest", "latest"):
        for ask in phrases.later_asks(q):  # "his oldest paper - what did it optimize?": asked of the paper picked
            q = q.replace(ask, " ")
    if route in ("count", "list", "code", "earliest", "latest"):
        words = re.sub(
            r"(?i)\b(how many|number of|count|list|name|enumerate|show|earliest|oldest|first|"
            r"latest|newest|most recent|last|code|source code|github|open[- ]source)\b",
            " ",
            topic_scope.as_alternatives(q),
        )
        return topic_scope.tidy(" ".join(topic_words(words, principal)))
    return ""
