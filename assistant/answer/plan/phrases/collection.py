"""Questions about the collection itself rather than a topic: how many papers it holds (distinct, of one kind of
work, only on arXiv), which sources it was built from, which years it covers.

Read by structure: the subject is the collection ("this corpus", "the collection", "in here") or the author's works as
a whole, and an aggregate is asked of it (a number, the sources, the years). The planner (`RouteByMeaning._meta`)
then checks that nothing else is left: a question with a topic, a person or dates is a count or a list over the
table, not a question about the collection.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from assistant.answer.plan.paper_nouns import GENERIC_EITHER, PLURAL
from assistant.answer.plan.work_kinds import kind_of  # noqa: F401 - read as phrases.kind_of

# The collection as the subject: "this corpus", "the collection", "your database", "in here". "Dataset" is left out:
# a paper's dataset is asked about far more often than the collection is called one.
_COLLECTION = re.compile(
    r"\b(?:this|the|your|my|our|that)\s+(?:\w+\s+)?(?:corpus|collection|database|library|archive|knowledge\s+base|"
    r"bibliography|publication\s+list|paper\s+list)\b"
    rf"|\b(?:corpus|collection)\b|\bin\s+here\b|\b(?:{PLURAL}|entries|items|records|sources)\s+(?:are\s+)?here\b",
    re.I,
)
# The author's works as a whole: "her works", "his papers", "her publication record", "the author's output", "papers
# of his".
_WORKS = re.compile(
    r"\b(?:his|her|their|the\s+author['’]s|(?-i:[A-Z][\w-]+)['’]s)\s+(?:(?:own|whole|entire|full|complete)\s+)?"
    rf"(?:publication\s+record|{GENERIC_EITHER}|output|record|entries|items)\b"
    rf"|\b{GENERIC_EITHER}\s+of\s+(?:his|hers|theirs)\b",  # said after: "papers of his"
    re.I,
)
# The aggregates asked of it.
_COUNT = re.compile(r"\bhow\s+many\b|\bnumber\s+of\b|\bcount\b|\bhow\s+big\b|\bsize\s+of\b|\bin\s+total\b", re.I)
_SOURCES = re.compile(
    r"\b(?:which|what)\s+(?:\w+\s+){0,2}?(?:sources?|files?|exports?|databases?|feeds?|services?|platforms?|"
    r"providers?|origins?)\b"
    r"|\bwhere\s+(?:does|do|did)\s+(?:\w+\s+){1,4}?(?:come|came|coming)\s+from\b"
    r"|\b(?:comes?|came|drawn|assembled|built|compiled|gathered|taken|pulled|sourced|harvested|collected|"
    r"made\s+up|put\s+together|constructed|created|derived)\s+(?:from|out\s+of)\b",
    re.I,
)
_YEARS = re.compile(
    r"\b(?P<w>earliest|first|oldest|latest|last|most\s+recent|newest)\s+(?:publication\s+)?years?\b"
    r"|\byears?\s+(?:\w+\s+){0,4}?(?:span|spans|spanned|cover|covers|covered|range|ranges|run|runs)\b"
    r"|\b(?:span|range)\s+of\s+(?:publication\s+)?years\b|\b(?:time\s*span|year\s+range|date\s+range)\b"
    r"|\bhow\s+far\s+back\b",
    re.I,
)
_EARLY = {"earliest", "first", "oldest"}
# A kind of work the count is of. "Only arXiv preprints, with no journal, conference or thesis version": the papers
# the sources place on arXiv alone.
_NO = r"(?:(?:with|having)\s+no|without(?:\s+an?|\s+any)?|lacking(?:\s+an?|\s+any)?|missing(?:\s+an?|\s+any)?)"
_ARXIV_ONLY = re.compile(
    r"\b(?:only|just|solely|purely|merely|exclusively)\s+(?:(?:as|on|in)\s+)?(?:an?\s+)?(?:arxiv|preprints?)\b"
    r"|\barxiv[- ]only\b|\b(?:arxiv\s+)?preprints?\s+only\b"
    r"|\bnever\s+(?:formally\s+)?published\b|\bunpublished\b"
    rf"|\b{_NO}\s+(?:\w+\s+){{0,2}}?(?:journal|conference|thesis|published|peer[- ]reviewed)\b"
    r"[^?]{0,60}\b(?:version|counterpart|publication|venue)s?\b",
    re.I,
)
_KINDS = {
    "journal article": re.compile(r"\bjournal\s+(?:articles?|papers?|publications?)\b|\bin\s+journals\b", re.I),
    "conference paper": re.compile(r"\b(?:conference|proceedings)\s+(?:papers?|articles?|publications?)\b", re.I),
    "thesis": re.compile(r"\b(?:theses|thesis|dissertations?)\b", re.I),
}
# A count of people, not of papers: "how many distinct co-authors", "the number of different collaborators".
_PEOPLE_COUNTED = re.compile(
    r"\b(?:how\s+many|number\s+of|count\s+of)\s+(?:\w+\s+){0,2}?(?:co-?authors?|collaborators?|authors|people|"
    r"persons|researchers|colleagues)\b",
    re.I,
)
# Words of such a question's structure (besides the phrases above): what is left once they are out must be nothing.
_STRUCTURE = re.compile(
    r"\b(?:distinct|unique|separate|different|individual|total|overall|altogether|all|entries|entry|items?|records?|"
    r"documents?|titles?|arxiv|preprints?|versions?|journals?|conferences?|theses|thesis|kinds?|types?|categories|"
    r"exist|exists|there|included|includes|include|holds?|contains?|has|have|covered|covers?|cover|years?|span|"
    r"range|sources?|files?|exports?|databases?|feeds?|data|export|came|come|comes|from|built|assembled|compiled|"
    r"drawn|made|up|put|together|gathered|taken|pulled|sourced|collected|constructed|created|derived|here|only|"
    r"just|formal|formally|published|publication|peer[- ]reviewed|counterpart|venue|any|no|without|with|never|"
    r"lacking|missing)\b",
    re.I,
)


@dataclass(frozen=True)
class CollectionAsk:
    """What a question asks of the collection: `aggregate` is "count", "sources", "years", "earliest" or
    "latest"; `kind` the kind of work counted ("arxiv only", "journal article", "conference paper", "thesis") or
    None; `rest` the question with the collection's phrases taken out (the planner checks no topic is left)."""

    aggregate: str
    kind: str | None
    rest: str
    subject: bool = True  # the collection or the author's works named as the subject (not only implied)


def collection_asked(question: str) -> CollectionAsk | None:
    """What the question asks of the collection as a whole, or None when it does not ask about the collection (no
    aggregate asked; a count of nothing named as the collection or a whole body of work). Its sources and its years
    may be asked with the collection only implied ("What's the earliest year covered?")."""
    about = bool(_COLLECTION.search(question) or _WORKS.search(question))
    kind = (
        "arxiv only"
        if _ARXIV_ONLY.search(question)
        else next((k for k, p in _KINDS.items() if p.search(question)), None)
    )
    if _SOURCES.search(question):
        aggregate = "sources"
    elif m := _YEARS.search(question):
        word = (m.group("w") or "").casefold()
        aggregate = "earliest" if word in _EARLY else "latest" if word else "years"
    elif _COUNT.search(question):
        aggregate = "count"
    else:
        return None
    if aggregate == "count" and _PEOPLE_COUNTED.search(question):
        return None  # "how many distinct co-authors across her papers?": people are counted, not the collection
    if not about and aggregate == "count":
        return None  # "how many …?" of nothing named is the table's count, not a question about the collection
    if not _COLLECTION.search(question) and aggregate == "count" and kind is None:
        # "How many papers has she written?" is the table's count of her papers; "how many of her works are only
        # arXiv preprints" or "how many distinct papers … in this collection" asks about the collection.
        if not re.search(r"\b(?:distinct|unique|separate|altogether|in\s+total)\b", question, re.I):
            return None
    rest = question
    for pattern in (_COLLECTION, _WORKS, _SOURCES, _YEARS, _COUNT, _ARXIV_ONLY, *_KINDS.values(), _STRUCTURE):
        rest = pattern.sub(" ", rest)
    return CollectionAsk(aggregate, kind, rest, about)


def without_whole_works(text: str) -> str:
    """The text without the phrases naming the author's works as a whole ("her publication record", "his
    output"): they say whose papers, never what about."""
    return _WORKS.sub(" ", text)
