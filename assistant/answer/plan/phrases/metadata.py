"""Metadata a question asks of one paper (its venue, date, authors, arXiv id, citation count) and the kind of work it
selects by ("her PhD thesis"). These are fields of the paper table, never topics: "In which journal did X appear?"
is answered from X's venue field, not from its abstract."""

from __future__ import annotations

import re

from assistant.answer.plan.paper_nouns import PLURAL
from assistant.answer.plan.phrases.governs import plainly_negated
from assistant.answer.plan.phrases.main_clause import main_clause
from assistant.answer.plan.phrases.most_cited import CITATIONS_SAID, MOST_CITED, most_cited_named

# Each field with the phrases asking for it. Order matters only for ties: the field said first leads the answer.
_FIELDS = {
    "venue": re.compile(
        r"\b(?:which|what|in which|in what|at which|at what)\s+(?:journal|venue|conference|workshop|proceedings|"
        r"outlet|symposium|magazine|university|school|institution)\b|\bwhere\s+(?:and\s+when\s+)?(?:was|were|is|did|does|has)\b[^?]{0,80}?\b(?:publish\w*|"
        r"presented|appear\w*|come out|came out|submitted|accepted|thesis|dissertation|phd|doctorate)\b|"
        r"\b(?:published|presented|appeared)\s+(?:in|at)\s+(?:which|what)\b|\bwhere\b(?=[^?]{0,40}\b(?:thesis|"
        r"dissertation|phd|doctorate)\b)"
        # terse: "journal + DOI of X?", "venue, year for X"
        r"|^\W*(?:the\s+)?(?:journal|venue|conference)\s*(?:\+|&|,|\band\b|\bof\b|\bfor\b)",
        re.I,
    ),
    # ("which year's voyages were they tested on?" asks the year of something the paper reports, not its date)
    "date": re.compile(
        r"(?:^\s*|[,;:.]\s+|\band\s+)when\s+(?:was|were|is|did|does|had|has)\b|\b(?:what|which|in what|in which)\s+"
        r"(?:(?:is|was)\s+(?:the|its|that|this)\s+)?(?:date|year|month)\b(?!['’]s)|^\W*(?:[\w-]+\s*(?:\+|&|,|\band\b)\s*)?(?:year|date)\s+(?:of|for)\b",
        re.I,
    ),
    "authors": re.compile(
        r"\bwho\b[^?]{0,100}?\b(?:with|alongside)\s*\??\s*$|\bwho\s+(?:else\s+)?(?:wrote|co-?wrote|authored|"
        r"co-?authored|led)\b|"
        # "the authors of the X paper", not "her co-author on the X paper (also worked …)": that names a person
        r"(?<!\bhis )(?<!\bher )(?<!\btheir )(?<![\w-])(?:co-?)?authors?\s+(?:of|on)\s+(?:the|this|that|his|"
        r"her|their)\b|\bwho\b[^?]{0,40}\b(?:his|her|their)\s+co-?authors?\b|"
        r"\bwho (?:is|was|are|were) (?:the |its |their )?(?:(?:first|lead|leading|last|senior|second|third|"
        r"corresponding)\s+)?"
        r"(?:co-?)?authors?\b",
        re.I,
    ),
    "arxiv": re.compile(
        r"\barxiv\s+(?:id|number|identifier)\b|\b(?:put|posted|uploaded|appeared?)\s+on\s+arxiv\b", re.I
    ),
    "doi": re.compile(r"\bdois?\b", re.I),
    "citations": re.compile(
        # "how many times" is a citation count only when the sentence says cited: "how many times could the catalyst
        # be reused?" counts a result in the paper's text
        r"\bhow many citations\b|\bhow many times\b(?=[^?]{0,80}?\b(?:cited|referenced|cites)\b)|"
        r"\bcitation counts?\b|\bcited by count\b|"
        r"\bhow (?:often|widely|much) (?:is|was|has)\b[^?]{0,60}\bcited\b",
        re.I,
    ),
}

# Words that ask for a field and never describe the paper.
_FIELD_WORDS = re.compile(
    r"\b(?:journal|venue|conference|proceedings|outlet|symposium|magazine|university|school|institution|presented|"
    r"published|publish|appear(?:ed|s)?|first|lead|leading|last|senior|corresponding|"
    r"submitted|accepted|put|posted|uploaded|arxiv|id|identifier|citations?|cited|count|led|lead|wrote|written|"
    r"co-?wrote|authored|co-?authored|authors?|co-?authors?|date|year|month|when|where|who|with|alongside|dois?)\b",
    re.I,
)

# The route that answers each field (the first asked answers; the writer adds the rest).
FIELD_ROUTES = {
    "authors": "authors",
    "date": "when",
    "arxiv": "arxiv",
    "venue": "venue",
    "doi": "doi",
    "citations": "citations",
}
# The routes that answer one paper's metadata fields (the table writer's, the model reader's kinds).
FIELD_KINDS = tuple(FIELD_ROUTES.values())

# A list or count of papers, not one paper's field ("which of her papers appeared in The Cryosphere?"); "the most
# cited" ranks papers (the metrics kind), it is no field of one.
_PLURAL = re.compile(
    r"\bmost[- ]cited\b|"
    rf"\b(?:{PLURAL}|ones)\b|\bhow many\s+(?!citations|times)|"
    r"\bwhich of\b",
    re.I,
)
# Questions whose "when" or "who" is not a field of one paper: a span of his work, the people he works with.
_NOT_A_FIELD = re.compile(
    r"\bwhen did (?:he|she|they|the author|\w+ \w+) (?:start|begin|first|stop|move|switch)\b|"
    r"\bwho (?:are|were|is) (?:his|her|their|the author['’]s) (?:main |frequent |most frequent |top )?co-?authors\b",
    re.I,
)
# "Why do the authors of X think …?", "In the X paper, why …": a reason asked; "the authors of X" is its subject.
_ASKS_REASON = re.compile(r"^\W*(?:[\w'’-]+\W+){0,4}?why\b", re.I)


def asks_reason(question: str) -> bool:
    """The question asks why: no metadata field of a paper, whatever it names ("the authors of X")."""
    return bool(_ASKS_REASON.search(question) or _ASKS_REASON.search(main_clause(question)))


# Words that say a code names a subject category ("in the LG category", "cs.DC papers", "listed under CV"): a short
# code of the table's (SlotReader.categories_in) is read as one only beside such a word or in its dotted form, so
# "his AI papers" is a topic, not the "AI" category.
CATEGORY_CUE = re.compile(
    r"\b(?:categor(?:y|ies)|(?:subject\s+)?class(?:es)?|archives?|subject\s+areas?|listed\s+(?:under|in)|tagged|"
    r"arxiv\s+(?:category|class|section))\b",
    re.I,
)


def category_phrase(question: str, code: str, cue: bool) -> re.Match | None:
    """Where a question names a category code, with the words around it that say so ("in the distributed-computing
    (DC) category", "under DC (distributed computing)": the code spelled out is no topic): its dotted form anywhere
    ("cs.DC"), its short form ("DC", as the table writes it) only beside a cue word (`cue`: the question has one)."""
    short = code.rsplit(".", 1)[-1]
    # the dotted form, also for a code the table writes short ("cs.CV" for the listing's "CV")
    forms = [re.escape(code) if "." in code else rf"[a-z][a-z-]*\.{re.escape(code)}"]
    if (cue or spelled_out(question, short)) and len(short) >= 2:
        forms.append(rf"(?-i:{re.escape(short)})")
    said = rf"(?:\(\s*)?(?:{'|'.join(forms)})(?:\s*\))?"
    return re.search(
        rf"(?:\b(?:in|under|from|tagged)\s+)?(?:\bthe\s+)?(?:(?:[\w-]+\s+){{1,{max(1, len(short))}}}(?=\())?"
        rf"(?<![\w.-]){said}(?![\w-])"
        r"(?:\s*\((?!\s*[a-z]+\.)[^()]{2,40}\))?"
        r"(?:\s+(?:arxiv\s+)?(?:categor(?:y|ies)|class(?:es)?|archive|section))?",
        question,
        re.I,
    )


def spelled_out(question: str, short: str) -> bool:
    """The question spells a code out beside it, the words' initials being the code: "distributed computing (DC)",
    "DC (distributed computing)" (the code said as a category without a cue word)."""
    if len(short) < 2:
        return False
    words = rf"((?:[A-Za-z][\w-]*\s+){{{len(short) - 1}}}[A-Za-z][\w-]*)"
    code = rf"(?-i:{re.escape(short)})"
    for m in re.finditer(rf"{words}\s*\(\s*{code}\s*\)|\b{code}\s*\(\s*{words}\s*\)", question):
        spelled = m.group(1) or m.group(2)
        if "".join(w[0] for w in spelled.split()).casefold() == short.casefold():
            return True
    return False


# Two kinds of work set side by side ("journal articles versus conference papers"): a breakdown, not a filter.
_KINDS_COMPARED = (
    r"\bjournal\s+(?:articles|papers)\b[^?]{0,20}\b(?:vs\.?|versus|or|and|compared\s+(?:to|with))\s+"
    r"(?:conference|proceedings)\b"
)
# The venues of the papers in scope asked for, not one paper's ("How many different venues has she published in?",
# "Which journals has he published in?", "in how many journals …").
VENUES_ASKED = re.compile(
    r"\b(?:how many|which|what)\s+(?:different\s+|distinct\s+|other\s+)?(?:venues|journals|conferences|outlets)\b"
    r"|\bnumber of (?:different |distinct )?(?:venues|journals|conferences|outlets)\b"
    # the most frequent one: "Which venue has she published in most often?", "her most common journal"
    r"|\b(?:which|what)\s+(?:venue|journal|conference|outlet)\b(?=[^?]{0,60}\b(?:most|often|frequently|usually)\b)"
    r"|\b(?:most|more)\s+(?:frequent|common|usual)\s+(?:venue|journal|conference|outlet)s?\b"
    r"|\bwhere\s+(?:does|did|has)\s+(?:she|he|they|the author)\s+(?:\w+\s+)?publish\w*\s+(?:most|usually|mostly)\b"
    # the kinds of work: "journal articles versus conference papers"
    rf"|{_KINDS_COMPARED}",
    re.I,
)
_VENUE_NOUNS = re.compile(r"\b(?:venues?|journals?|conferences?|outlets?|proceedings)\b", re.I)


def venues_asked(question: str) -> bool:
    """The question asks which (or how many) venues the papers in scope appeared in."""
    return bool(VENUES_ASKED.search(question))


def without_venue_words(question: str) -> str:
    """The question without the words naming venues ("journals or venues"): what is left may be a topic."""
    return _VENUE_NOUNS.sub(" ", VENUES_ASKED.sub(" ", question))


# Kinds of work a question can select by (records.WORK_TYPES names them in the table).
_WORK_TYPES = {
    "thesis": re.compile(
        r"\b(?:(?:phd|ph\.d\.|doctoral|master['’]?s|msc)\s+)?(?:thesis|dissertation)\b|"
        r"\b(?:his|her|their|the author['’]s)\s+(?:phd|ph\.d\.?|doctorate)\b",
        re.I,
    ),
    "book": re.compile(r"\b(?:his|her|their|the author['’]s|the) (?:text)?book\b", re.I),
}


def asked_fields(question: str) -> tuple[str, ...]:
    """The metadata fields a question asks of one paper, in the order it says them ("Where and when did she do her
    PhD thesis?" -> ("venue", "date")); none for a question about several papers."""
    if _NOT_A_FIELD.search(question) or asks_reason(question):
        return ()
    found = []
    # "her most cited paper" selects one paper (most_cited_named): its phrase is no ranking of several
    several = _PLURAL.search(MOST_CITED.sub(" ", question) if most_cited_named(question) else question)
    for field, pattern in _FIELDS.items():
        m = pattern.search(question)
        if m and not several:
            found.append((m.start(), field))
    return tuple(f for _, f in sorted(found))


def work_type_named(question: str) -> str | None:
    """The kind of work a question selects ("her PhD thesis" -> "thesis"), or None."""
    return next((kind for kind, pattern in _WORK_TYPES.items() if pattern.search(question)), None)


def without_fields(question: str) -> str:
    """The question without the words that ask for fields: what is left describes the paper ("Where was the sea-ice
    benchmark paper presented?" -> "Where was the sea-ice benchmark paper ?")."""
    return _FIELD_WORDS.sub(" ", question)


# Kinds of work a list or count asks for, in the plural ("her journal articles from 2020 to 2022"); "preprints" and
# "papers" are every kind.
_LISTED_TYPES = {
    "journal article": re.compile(r"\bjournal (?:articles|papers|publications)\b", re.I),
    "conference paper": re.compile(r"\b(?:conference|proceedings) (?:papers|articles|publications)\b", re.I),
    "thesis": re.compile(r"\b(?:theses|dissertations)\b", re.I),
    "chapter": re.compile(r"\bbook chapters\b", re.I),
}


# The same kinds said of one work ("her most recent journal article", "his newest conference paper").
_ONE_TYPE = {
    "journal article": re.compile(r"\bjournal (?:article|paper|publication)\b(?!s)", re.I),
    "conference paper": re.compile(r"\b(?:conference|proceedings) (?:paper|article|publication)\b(?!s)", re.I),
    "chapter": re.compile(r"\bbook chapter\b(?!s)", re.I),
}


def work_type_of_one(text: str) -> str | None:
    """The kind of work a phrase naming one work says ("her newest journal article" -> "journal article")."""
    return work_type_named(text) or next((k for k, p in _ONE_TYPE.items() if p.search(text)), None)


def work_type_listed(question: str) -> tuple[str | None, str]:
    """The kind of work a list or count is restricted to, and the words that said it (to take out of the topic); none
    when two kinds are set side by side ("journal articles versus conference papers")."""
    if re.search(_KINDS_COMPARED, question, re.I):
        return None, ""
    for kind, pattern in _LISTED_TYPES.items():
        if m := pattern.search(question):
            return kind, m.group(0)
    return None, ""


# "(thesis included)", "including her PhD thesis": a note that a count covers every kind of work, not a topic.
INCLUDED_TYPE = re.compile(
    r"\(?\b(?:the |her |his |their )?(?:phd |doctoral )?(?:thesis|theses|dissertation|books?|preprints?)\s+"
    r"(?:included|too|as well)\)?|\b(?:including|counting) (?:the |her |his |their )?(?:phd |doctoral )?"
    r"(?:thesis|theses|dissertation|books?|preprints?)\b",
    re.I,
)
# Several papers asked for: a kind of work named among them selects none of them.
_PAPERS = re.compile(rf"\b{PLURAL}\b", re.I)


def selects_one_work(question: str) -> bool:
    """The question's kind of work ("her PhD thesis") picks one paper: not a note on a count ("works by her (thesis
    included)") nor one of several papers asked for."""
    return not INCLUDED_TYPE.search(question) and not _PAPERS.search(question)


def without_work_type(question: str) -> str:
    """The question without the words naming a kind of work ("her PhD thesis")."""
    for pattern in _WORK_TYPES.values():
        question = pattern.sub(" ", question)
    return question


def compared_fields(question: str) -> tuple[str, ...]:
    """The table fields a comparison asks of each of its papers: ("citations",) or none (the grid answers)."""
    return ("citations",) if CITATIONS_SAID.search(MOST_CITED.sub(" ", question)) else ()


# "not on arXiv", "never posted to arXiv", "never went up on arXiv", "not in a journal", "not published at a
# conference": a source or kind of venue the papers must lack, read from the table's fields (arXiv id, kind of work),
# not as topic words. Where the source is said is read here; whether it is negated is the negation's own reading
# (negation.governed: the words a negation governs in its clause, whatever the verb between).
_SOURCE_SAID = re.compile(
    r"\b(?:on|onto|to|into|in|at|as|via|through)\s+(?:an?\s+|the\s+)?"
    r"(?P<kind>arxiv|journals?|conferences?|(?:conference\s+)?proceedings|preprints?)\b"
    # the source as a noun, not a modifier of the next one ("a journal reference in the arXiv feed")
    r"(?=\s*(?:[?.,;:!)]|$|(?:and|or|nor|but|yet|in|at|from|since|before|after|during|until|by|so|as|with|for|"
    r"either|at all|\d+)\b))",
    re.I,
)
_JOINED_AFTER = re.compile(r"\s*,?\s*(?:or|nor|and/or|/)\s", re.I)
NOT_IN_KINDS = {
    "arxiv": "arxiv",
    "journal": "journal article",
    "conference": "conference paper",
    "proceeding": "conference paper",
    "preprint": "preprint",
}


def not_in_source(question: str) -> tuple[str | None, str]:
    """The source or kind of venue the question's papers must not be in ("arxiv", "journal article", "conference
    paper", "preprint") and the words that said it, negation included; (None, "") when none is negated."""
    for m in _SOURCE_SAID.finditer(question):
        # a plain negation of the verb ("not", "never", "n't"): "no journal reference or DOI in the arXiv feed"
        # negates the noun after "no", not where the feed is
        said = plainly_negated(question, m.start())
        if said and _JOINED_AFTER.match(question, m.end()):
            return None, ""  # "never came out in a journal or at a conference": the record conditions read both
        if said:
            start = said[0]
            word = m.group("kind").casefold().split()[-1].rstrip("s")
            return NOT_IN_KINDS.get(word), question[start : m.end()]
    return None, ""


def in_source(paper, kind: str) -> bool:
    """The paper is in the source or kind of venue `not_in_source` names (an arXiv id or an arXiv venue for arXiv, its
    kind of work for the others)."""
    if kind == "arxiv":
        return bool(paper.arxiv_id) or (paper.venue or "").casefold().startswith("arxiv")
    return (paper.work_type or "") == kind


def without_venue_names(text: str, venues) -> str:
    """The text without the words that name one of `venues`: a word of its name, or an acronym of its words'
    initials ("IGARSS" of "… International Geoscience and Remote Sensing Symposium"): what the table selected by is
    no topic ("her IGARSS papers")."""
    names = [v.casefold() for v in venues]
    initials = ["".join(w[0] for w in re.findall(r"[A-Za-z][\w-]*", v)).casefold() for v in venues]

    def names_one(word: str) -> bool:
        w = word.casefold()
        return any(re.search(rf"(?<!\w){re.escape(w)}(?!\w)", n) for n in names) or (
            len(w) >= 4 and word.isupper() and any(w in i for i in initials)
        )

    return " ".join(w for w in text.split() if not names_one(w.strip(",.;:()"))).strip()


def in_venues(paper, venues) -> bool:
    """The paper appeared in one of the venues a question names; an arXiv venue ("have an arXiv version", "on
    arXiv") is met by any paper with an arXiv id, whatever journal it also appeared in."""
    return paper.venue in venues or any(v.casefold().startswith("arxiv") for v in venues) and in_source(paper, "arxiv")


# A field the papers must have or lack ("papers with a DOI", "have no abstract", "lacking an arXiv id"): read from the
# table's fields, never a topic.
_HAS_FIELD = re.compile(
    r"\b(?:(?P<neg>without|lack(?:s|ing)?|missing|no|(?:do|does|did)\s*(?:not|n['’]t)\s+(?:have|carry|list|give))"
    r"|with|have|has|having|carry|carries|list|lists)\s+(?:an?\s+|any\s+|the\s+|its\s+|their\s+)?"
    r"(?P<field>dois?|abstracts?|arxiv\s+(?:ids?|identifiers?|numbers?|versions?|preprints?|cop(?:y|ies)|"
    r"entr(?:y|ies)|listings?|links?|records?)|venues?|code\s+(?:links?|marks?|badges?|buttons?))\b",
    re.I,
)
_PRESENT = {
    "code": lambda p: p.has_code,  # a listing's Code link ("with a Code link on his profile cards")
    "doi": lambda p: bool(p.doi),
    "abstract": lambda p: p.has_abstract,
    "arxiv": lambda p: bool(p.arxiv_id),
    "venue": lambda p: bool(p.venue) and not p.venue.casefold().startswith("arxiv"),
}
# How a field the papers have or lack is said in an answer's heading.
FIELD_SAID = {
    "code": "a Code link", "doi": "a DOI", "abstract": "an abstract", "arxiv": "an arXiv id", "venue": "a venue"
}  # fmt: skip


# "posted on arXiv", "her earliest arXiv submission": papers with an arXiv id (the negated "not on arXiv" is
# not_in_source's).
_ON_ARXIV = re.compile(
    r"\b(?:(?:posted|put|published|uploaded|released|submitted|appeared|available|listed)\s+(?:on|to)\s+"
    r"arxiv|arxiv\s+(?:submissions?|preprints?|postings?|versions?)|arxiv-(?:listed|posted|hosted))\b",
    re.I,
)


def has_fields(question: str) -> tuple[tuple[tuple[str, bool], ...], list[str]]:
    """The fields the question's papers must have (True) or lack (False), and the words that said each."""
    found, said = [], []
    negated = r"\b(?:not|never|no|without|lack\w*|missing)\b|n['’]t\b"
    if (m := _ON_ARXIV.search(question)) and not re.search(negated, question, re.I):
        found.append(("arxiv", True))
        said.append(m.group(0))
    for m in _HAS_FIELD.finditer(question):
        field = m.group("field").casefold().split()[0].rstrip("s")
        found.append((field, not m.group("neg")))
        said.append(m.group(0))
    return tuple(found), said


def has_all(paper, has) -> bool:
    """The paper has every field `has` asks for and lacks every one it rules out."""
    return all(_PRESENT[field](paper) == present for field, present in has)


def in_categories(paper, categories) -> bool:
    """The paper is listed under one of the categories a question names."""
    return any(c in paper.categories for c in categories)
