"""Who wrote it: author positions ("the second author", "led by"), surnames, the author excluded ("not by him"),
other groups and the whole corpus."""

from __future__ import annotations

import re

from assistant.answer.plan.phrases.governs import plainly_negated

# --- author positions and names --------------------------------------------------------------------------------------

ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "last": -1}
# An author position said as a role: the lead author is the first listed, the senior author the last.
ROLES = {"lead": 1, "leading": 1, "led": 1, "senior": -1}
# Author position: "as first author", "the second author", "listed first among its authors", "led by", "first-authored
# by". Not "P first-authored X" (active): "P first-authored X and co-authored Y; what does Y prove?" says who wrote
# what, not a position the question selects by. The words that say an author position, as the patterns below and
# phrases/wording.py's nested references read them.
NTH_WORDS = "first|second|third|fourth|fifth|last|lead|leading|senior"
# A position with the sole authorship as its alternative ("first (or sole) author", "lead or only author",
# "first/sole"): a sole author holds the first and the last place, so the position alone says it (and "sole" is
# neither a team size nor a topic). Then the byline's own verb ("the third listed author", "first-named author").
_OR_ALONE = r"(?:\s*\(\s*or\s+(?:sole|only|single|solo)\s*\)|(?:\s+or\s+|/|-or-)(?:sole|only|single|solo))"
_NTH_SAID = rf"({NTH_WORDS}){_OR_ALONE}?(?:[- ](?:listed|named|credited))?"
# A person other than the one the question is about ("someone else as first author", "did another author lead?").
_ELSE = (
    r"(?:some(?:one|body)\s+else|any(?:one|body)\s+else|another\s+(?:author|person|researcher|co-?author|colleague|"
    r"scientist)|a\s+different\s+(?:author|person|researcher|co-?author)|a\s+(?:colleague|collaborator))"
)
POSITION = re.compile(
    rf"\b{_NTH_SAID}[- ]authors?\b|"
    r"\blisted (first|second|third|last)\b|"
    rf"\b(led) by\b|\b({NTH_WORDS})[- ]authored by\b"
    # "did someone else lead?", "the ones another author led": leading the paper, not a task ("led the analysis")
    rf"|\b(?:did|does|has|have)\s+{_ELSE}\s+(lead)\b(?=\s*(?:[?.,;]|$))|\b{_ELSE}\s+(led)\b(?=\s*(?:[?.,;]|$))"
    # "list him third in the author line", "where she is second in the author list", "in third position"
    r"|\blist(?:s|ed|ing)?\s+(?:him|her|them|the author)\s+(first|second|third|fourth|fifth|last)\b"
    r"(?:\s+(?:in|on|among)\s+(?:the\s+)?(?:author\s+(?:line|list)|byline|(?:list\s+of\s+)?authors))?"
    r"|\b(first|second|third|fourth|fifth|last)\s+(?:in|on|among)\s+(?:the\s+)?(?:author\s+(?:line|list)|byline|"
    # ("in the first place" is an idiom, not a position: a place only as an "author place")
    r"(?:list\s+of\s+)?authors)\b"
    # "last in a multi-author byline": the word before the byline is a team size's, left to it
    r"|\b(first|second|third|fourth|fifth|last)\s+(?:in|on)\s+(?:the|an?)\s+(?=[\w-]+\s+bylines?\b)"
    r"|\bin\s+(?:the\s+)?(first|second|third|fourth|fifth|last)\s+"
    r"(?:(?:author\s+)?(?:position|slot)|author\s+place)\b"
    # "how many of his papers did Boyang Zhang lead?": a named person leading a paper is its first author
    # ("which did Hansen not lead?": the negation is NOT_POSITION's)
    r"|\b(?:did|does|has|have)\s+(?-i:[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*){0,2})\s+(?:(?:not|never)\s+)?(lead)\b"
    r"(?!\s+(?:to|into|up)\b)"
    # "journal articles that she first-authored", "the ones he led himself": the papers a relative clause says the
    # author holds a position on (the active "P first-authored X" above stays who wrote what)
    # ("the papers she first-authored from 2023 onward", "papers that she first-authored are not …": the relative
    # pronoun left out after a paper noun, and a date or the main verb after the clause)
    rf"|(?:\b(?:that|which|where)|(?<=papers)|(?<=ones)|(?<=works)|(?<=articles))\s+(?:she|he)\s+(?:(?:has|had)\s+)?"
    rf"(?:({NTH_WORDS})[- ]authored|(led))\b"
    r"(?=\s*(?:himself|herself)?\s*(?:[?.,;]|$|(?:from|since|before|after|in|during|between|until|are|were|is|was|"
    r"do|does|did|have|has)\s))",
    re.I,
)
# A person as a question names them beside a position: a pronoun or a capitalised name of up to three words.
_PERSON = (
    r"(?:him(?:self)?|her(?:self)?|them(?:selves)?|the (?:author|researcher)|"
    r"(?-i:[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*){0,2}))"
)
_SOMEONE = (
    r"(?:some(?:one|body)(?:\s+else)?|any(?:one|body)(?:\s+else)?|a (?:person|researcher|co-?author|different "
    r"(?:person|author|researcher))|an(?:other)? (?:author|person|researcher|co-?author))"
)
_OTHER_THAN = r"(?:other than|besides|but|except(?:\s+for)?|apart from|rather than|else than|instead of)"
_AT = rf"(?:(?:{NTH_WORDS}){_OR_ALONE}?(?:[- ](?:listed|named|credited))?[- ](?:authors?|authored(?= by))\b|\bled\b)"
# The author position negated: "does she NOT first-author", "where he is not the first author", "not as lead author";
# and a position held by someone else than the person ("is someone other than X the first author", "whose first
# author isn't her", "led by somebody besides X", "not led by him"): the papers where the person is not at it.
NOT_POSITION = re.compile(
    # ("without being the lead author": "without" negates as "not" does; the words between may stack)
    r"(?:\b(?:not|never|without)|n['’]t)\s+(?:(?:the|as|listed|be|being|named|credited)\s+){0,3}"
    r"(?:first|lead|leading|second|third|last|senior)[- ]author"
    # "led by someone else", "first-authored by another author": the position is said of another person
    rf"|\b(?:led|(?:{NTH_WORDS})[- ]authored)\s+by\s+{_ELSE}"
    rf"|\b{_SOMEONE}\s+{_OTHER_THAN}\s+{_PERSON}(?=[^.?;]{{0,40}}{_AT})"
    rf"|\b{_AT}(?:\s+(?:who|that))?(?:\s+(?:is|was|by|being))?\s+{_SOMEONE}\s+{_OTHER_THAN}\s+{_PERSON}"
    # "a last author other than him" ("but" only after "someone": "first author but Boyang second" is no negation)
    rf"|\b{_AT}\s+(?!but\b){_OTHER_THAN}\s+{_PERSON}"
    rf"|\b{_AT}(?:\s+(?:who|that))?\s+(?:is|was)(?:\s+not|n['’]t)\s+{_PERSON}"
    rf"|\bnot\s+led\s+by\s+{_PERSON}"
    # "listed somewhere other than first author", "in any place except as lead author"
    rf"|\b{_OTHER_THAN}\s+(?:as\s+)?(?:the\s+)?{_AT}"
    rf"|\b(?:did|does|has|have)\s+{_PERSON}\s+(?:not|never)\s+lead\b"
    # "someone else as first author", "where a different author is listed first", "did somebody else lead?"
    rf"|\b{_ELSE}(?=[^.?;]{{0,40}}?(?:{_AT}|\blisted\s+(?:first|second|third|last)\b|\blead\b|"
    r"\b(?:first|second|third|last)\s+(?:in|on|among)\b))",
    re.I,
)
# The words of NOT_POSITION's "someone else": the position is not the principal author's.
SOMEONE_ELSE = re.compile(rf"\b{_ELSE}", re.I)
# A position asked of one paper ("and who is its first author?"): that author of the paper, not a filter over papers.
POSITION_ASKED = re.compile(rf"\bwho\s+(?:is|was)\s+(?:the|its|their)\s+(?:{NTH_WORDS})[- ]author\b(?!s)", re.I)
# Where a person is said to stand on a paper ("as an author", "on the author list", "among its co-authors"): no
# topic; a negation of a person with it ("don't include Berg as an author") leaves nothing to read as one.
BYLINE = re.compile(
    r"\b(?:as\s+(?:an?\s+|the\s+|one of the\s+)?(?:co-?)?authors?|(?:on|in)\s+(?:the\s+|its\s+|their\s+)?"
    r"(?:author\s+list|byline|list of authors)|among\s+(?:the|its|their)\s+(?:co-?)?authors)\b",
    re.I,
)
SURNAME = re.compile(r"\b(?:surnamed|surname(?: is)?|last name(?: is)?|family name(?: is)?)\s+([A-Z][a-z]+)\b")


# The clause that selects one paper by a position, after others said of the person's papers at large ("X is usually
# second author, but there's one where X is listed first", "X is first author on one and second on another. In the
# one where X is second author, …").
ONE_WHERE = re.compile(r"\bone\s+(?:where|in which|on which)\b", re.I)


def selecting_from(q: str) -> int | None:
    """Where the clause that selects one paper by a position starts (after "one where"), when the question says
    one; a position said from there on is the selection's, one said before it the person's papers at large."""
    where = [w.end() for w in ONE_WHERE.finditer(q)]
    return where[-1] if where else None


def position(q: str) -> int | None:
    """1 for "first author", 2 for "second author", -1 for "last/senior author"; None when not asked. Of several, the
    first said in the clause that selects one paper (`selecting_from`), else the first said."""
    said = list(POSITION.finditer(q))
    if not said:
        return None
    at = selecting_from(q)
    m = next((m for m in said if at is not None and m.start() >= at), said[0])
    return author_index(next(g for g in m.groups() if g))


def position_negated(q: str) -> bool:
    """The question asks for the papers where the person is *not* at the position ("does she NOT first-author", "does
    she NOT lead as first author", "is she not listed first": a position said in the clause a negation governs)."""
    return bool(NOT_POSITION.search(q)) or any(plainly_negated(q, m.start()) for m in POSITION.finditer(q))


def author_index(word: str) -> int | None:
    """The index in an author list that a position word names: 1 for "first" or "lead", -1 for "last" or "senior"."""
    word = word.casefold()
    return ROLES.get(word, ORDINALS.get(word))


def surname(q: str) -> str | None:
    m = SURNAME.search(q)
    return m.group(1) if m else None


# --- who wrote it: the author, others, the whole corpus -----------------------------------------------------------

# "other groups", "the other research group", "other labs": people other than the author, one noun phrase read by
# every scope phrase below. One modifier word may stand before a group's noun ("research", "partner"), not before a
# person's ("the only other two authors" of a paper are its co-authors, no scope).
_OTHERS = r"other (?:(?:[\w-]+ )?(?:groups?|teams?|labs?)|researchers?|authors?|people)"
# Scope words that exclude the author: "not by him", "leaving out his own work", "he did not write".
EXCLUDES_AUTHOR = re.compile(
    r"\b(leaving out|excluding|except(?: for)?|apart from|other than|not counting|"
    r"besides|without)\b[^.?]{0,40}\b(own|his|him|her|their|author)\b"
    r"|\b(he|she|they|the author|(?-i:[A-Z]\w+ [A-Z]\w+)) (?:did|does|has|have) not (?:write|written|author|authored)\b"
    r"|\b(he|she|they|the author) didn'?t (?:write|author)\b"
    r"|\b(?:did|does|has|have) (?:he|she|they|the author) not (?:write|written|author|authored)\b"
    r"|\b(he|she|they|the author) (?:is|was|are|were)(?: not|n'?t) (?:an? |one of the |among the )?(?:co-?)?authors?\b"
    r"|\b(?:is|was|are|were)n?'?t? (he|she|they|the author) not (?:an? |one of the |among the )?(?:co-?)?authors?\b"
    r"|\bnot (?:by|from|written by|authored by) (?:the author|him|her|them)\b|\bnot "
    r"(?:the author['’]s|his|hers|theirs)\b"
    rf"|\b{_OTHERS}\b",
    re.I,
)
# Looser cues that a question also asks about other groups ("whole corpus", "not by").
OTHERS_ASKED = re.compile(rf"\b({_OTHERS}|not (the author|his|by)|whole corpus|entire corpus)\b", re.I)
# Only other groups' papers: "not by the author", "other researchers' papers".
OTHERS_ONLY = re.compile(
    r"\b(not (by|from|written by) (the author|him|them)|not (the author|his)['’]?s?|"
    rf"{_OTHERS}['’]?s?)\b",
    re.I,
)
CORPUS_WIDE = re.compile(r"\b(the corpus|all papers|every paper|any paper|all the papers)\b", re.I)
WHOLE_CORPUS = re.compile(
    r"\b(whole|entire|across the) corpus\b|\b(corpus|all) papers\b|\bany paper\b|\bcorpus list\b"
    # the collection as where the papers are sought: "in the corpus", "anywhere in this collection"
    r"|\b(?:anywhere )?in (?:the|this) (?:whole |entire )?(?:corpus|collection)\b",
    re.I,
)
# The author said as a person: a pronoun or a name in title case (one word: "Tanaka", or two: "Keiko Tanaka"; not an
# acronym: "even those without DOIs" keeps his papers).
_SOMEONE_NAMED = r"(?:he|she|they|him|her|them|the author|(?-i:[A-Z][a-z][\w'’-]*(?:\s+[A-Z][a-z][\w'’-]*)?))\b"
# Anyone at all besides the author: "anyone else", "somebody else", "anybody".
_ANYONE_ELSE = r"(?:any|some|every)(?:one|body)(?: else)?"
# Whose a paper is, said as its owner: "his", "Tanaka's own work", "Keiko Tanaka's papers".
_OWNER = (
    r"(?:his|hers|theirs|the author['’]s|(?-i:[A-Z][\w-]+(?:\s+[A-Z][\w-]+)?)['’]s)(?:\s+own)?"
    r"(?:\s+(?:work|papers?|ones?))?\b"
)
# Both the author's papers and everyone else's, said outright: "his papers and the other group's", "including ones
# she did not author", "whether or not he wrote them", "every paper in the collection". Read before the phrases that
# exclude him ("the other group's", "she did not author" alone mean others only).
BOTH_GROUPS = re.compile(
    r"\b(?:his|her|their|the author['’]s|(?-i:[A-Z][\w-]+)['’]s)(?: own)?(?: papers?| work| ones)?,? "
    r"(?:and|or|as well as|plus|together with|along with) (?:those of |the ones by |the papers of )?"
    rf"(?:the |an? )?{_OTHERS}['’]?s?\b"
    # the same two sides the other way round: "the other group's papers as well as his", "… and Zhang's"
    rf"|\b{_OTHERS}['’]?s?(?: own)?(?: papers?| work| ones)?,? "
    r"(?:and|or|as well as|plus|together with|along with) (?:those of )?"
    r"(?:his|hers|her|theirs|their|the author['’]s|(?-i:[A-Z][\w-]+)['’]s)\b"
    r"|\b(?:including|even|also|and|or)\s+(?:the\s+)?(?:ones|papers|those|works?)\s+(?:that\s+)?(?:he|she|they|the "
    r"author|(?-i:[A-Z]\w+ [A-Z]\w+))\s+(?:did|does|has|have)\s*(?:not|n['’]t)\s+(?:write|written|author|authored|"
    r"co-?author|co-?authored)\b"
    r"|\bwhether or not (?:he|she|they|the author) (?:wrote|authored|co-?authored|is an author)\b"
    # the other groups' papers counted in: "counting the other group's too", "including other teams' papers"
    rf"|\b(?:counting|including|inclusive of|plus)\s+(?:in\s+)?(?:the\s+)?{_OTHERS}['’]?s?\b"
    rf"|\b{_OTHERS}['’]?s?(?: papers?| work| ones)?,? (?:included|counted(?: in)?|as well|too)\b"
    # the papers without the author let in: "including ones Tanaka isn't on", "including any without her",
    # "even papers not by him" (a person, not a field: "including ones not in a journal" keeps his papers)
    r"|\b(?:including|even|also)\s+(?:the\s+)?(?:ones|papers|any|those|works?|anything)(?:\s+(?:that|which))?\s+"
    rf"(?:(?:(?:are|is|were|was)\s+)?(?:not|n['’]t)\s+(?:(?:written|authored|co-?authored)\s+)?(?:by|from|with)\s+"
    rf"{_SOMEONE_NAMED}|without\s+{_SOMEONE_NAMED}|{_SOMEONE_NAMED}\s+(?:is|was|are|were)(?:\s+not|n['’]t)\s+"
    r"(?:on|listed|an? (?:co-?)?author)\b)"
    # whose paper it is said not to matter: "regardless of whether Tanaka is on them", "whether or not she is listed"
    r"|\b(?:regardless of|irrespective of|no matter|whether or not|regardless whether)\s*(?:whether|if)?\s+"
    rf"{_SOMEONE_NAMED}\s+(?:is|was|are|were)\s+(?:on|listed|an? (?:co-?)?author)\b"
    # the others asked to be marked in the list: "flag anything that isn't by her", "mark the ones not his"
    r"|\b(?:flag|mark|tag|point out|note|indicate)\s+(?:any|anything|those|the ones|ones|which|whichever)"
    r"(?:\s+(?:papers?|works?))?(?:\s+(?:that|which))?(?:\s+(?:is|are|was|were))?(?:\s+not|n['’]t)\s+"
    rf"(?:(?:(?:written|authored)\s+)?(?:by|from)\s+{_SOMEONE_NAMED}|his\b|hers\b|theirs\b|the author['’]s)"
    # "by her or the other group", "by her or anyone else", "whether by him or by somebody else"
    rf"|\b(?:by|from) {_SOMEONE_NAMED} or (?:by |from )?(?:(?:the |an? )?{_OTHERS}|{_ANYONE_ELSE})\b"
    # "both Keiko Tanaka and the other group have work on X"
    rf"|\bboth {_SOMEONE_NAMED} and (?:the |an? )?{_OTHERS}\b"
    r"|\b(?:his|hers|theirs|her|their|[\w-]+['’]s)(?: own)?(?: papers?| work| ones)? (?:and|or) (?:anyone|anybody|"
    r"someone|somebody|everyone|"
    r"everybody) else['’]s\b"
    # "hers or not", "by him or not", "whether tanaka's or not": whose paper it is said not to matter
    r"|\b(?:(?:by|from) )?(?:his|hers|theirs|him|her|them)(?: own)? or not\b|\bwhether [\w-]+['’]s or not\b"
    # "whether or not they're Keiko's", "whether they are hers or not"
    r"|\bwhether(?P<ornot> or not)? (?:they|it|these|those)(?:['’](?:re|s)|\s+(?:are|is|were|was))\s+"
    r"(?:his|hers|theirs|the author['’]s|(?-i:[A-Z][\w-]+)['’]s)(?: own)?(?(ornot)|\s+or not\b)"
    rf"|\b{_OTHERS}['’]?s?,? or both\b"
    # "both groups", "both research groups", "either group", "all the groups"; "whoever wrote them"; "everyone in
    # the collection"
    r"|\b(?:both|either|all|each) (?:of )?(?:the )?(?:[\w-]+ )?(?:groups|teams|labs)\b"
    r"|\beither (?:[\w-]+ )?(?:group|team|lab)\b"
    r"|\b(?:by|from) (?:anyone|any group)\b"
    r"|\b(?:no matter|(?:it )?(?:does(?: not|n['’]t)|do(?: not|n['’]t)) matter|regardless of|whoever) ?(?:who )?"
    r"(?:wrote|authored|co-?authored)\b"
    # the author said as not the only one: "not just Keiko Tanaka:", "not only hers, but …"
    rf"|\bnot (?:just|only|merely|solely) (?:(?:by|from) )?(?:{_SOMEONE_NAMED}|his\b|hers\b|theirs\b)(?:['’]s)?"
    r"(?: own)?(?: papers?| work| ones)?(?=\s*(?:[:,;.?!—–]|but\b|$))"
    r"|\b(?:everyone|everybody|anyone|anybody) in the (?:collection|corpus|library)\b"
    r"|\b(?:every|all|any) (?:[\w-]+ )?(?:paper|papers|work|works|article|articles|records?|entries)"
    r"(?P<where> in (?:the|this) (?:collection|corpus|library))\b"
    # which of them are the author's asked beside the papers: "is any of it Keiko Tanaka's own work?", "are they all
    # hers?", "say which are Tanaka's" (the papers of both groups, the author's marked)
    rf"|\b(?:is|are|was|were)\s+(?:any|some|all|none|each)\s+of\s+(?:it|them|these|those)\s+{_OWNER}"
    rf"|\b(?:are|were)\s+(?:they|these|those)\s+(?:all\s+)?{_OWNER}"
    rf"|\b(?:say|tell(?:\s+me)?|mark|note|flag|indicate|show)\s+which\s+(?:ones?\s+|of\s+(?:them|these|those)\s+)?"
    rf"(?:are|is)\s+(?:(?:really|actually)\s+)?{_OWNER}"
    # whoever else is on a paper does not matter: "has B as an author, whoever else is on it"
    r"|\b(?:whoever|no matter who|regardless of who) else\b"
    r"|\b(?:whole|entire) (?:collection|library)\b",
    re.I,
)
POSSESSIVE = re.compile(r"\b(his|her|their|the author['’]s)\b", re.I)
# Words that refer to the principal author as a person ("where she is not first author", "led by him") ...
_AUTHOR_PERSON = r"the author|this author|the researcher|this researcher|principal author|he|him|she|her|hers|they|them"
AUTHOR_PERSON = re.compile(rf"\b(?:{_AUTHOR_PERSON})\b", re.I)
# ... and those words with the possessives that point to the author's papers ("his papers", "their work").
AUTHOR_POINTER = re.compile(rf"\b({_AUTHOR_PERSON}|his|their)\b", re.I)


def excludes_author(q: str) -> bool:
    """The question leaves the author's papers out ("not by him", "other groups"); a position someone other than
    the person holds ("someone other than her is the first author") is a condition over her papers, not this."""
    return bool(EXCLUDES_AUTHOR.search(NOT_POSITION.sub(" ", q)))


# Authorship denied of what the question asks about: "shouldn't be attributed to Keiko Tanaka", "isn't really hers",
# "not actually written by him" (a negation, at most two words that say no author's place, then whose the paper is:
# "not first-authored by García" is a position, not whose).
_DENIAL = (
    r"(?:\bnot|n['’]t|\bnever)\s+(?:(?!(?:first|second|third|last|lead|led|senior|co)\b|[\w-]*author)[\w-]+\s+){0,2}?"
)
_WHOSE = r"(?:(?:(?:be\s+)?(?:attributed|credited|ascribed)\s+to|(?:(?:written|authored)\s+)?by|belong\s+to)\s+"
_THE_AUTHOR = r"(?:he|she|they|him|her|them|the author)\b"
_RECORDS = r"(?:papers?|works?|records?|entries|entry|articles?|publications?)\b"
# "isn't hers", "aren't Keiko's too", "not his — …": the owner closes its clause (a dash too) or "own", "too" follows.
_OWN_CLOSED = r"(?=\s*(?:[,.?!;:)—–-]|$|\s+(?:own|too|either|as well)\b))"
_DENIED_OWN = re.compile(rf"{_DENIAL}(?:hers|his|theirs){_OWN_CLOSED}", re.I)


def principal_said(principal: str) -> str:
    """The principal author's name as a question says it, as a pattern: whole, or the given name or the surname
    alone ("Keiko Tanaka", "Keiko", "Tanaka"), in title case as written (a name, not a word), longest first."""
    parts = {p for p in [principal, *principal.split()] if len(p) > 2} if principal else set()
    return "|".join(re.escape(p) for p in sorted(parts, key=len, reverse=True))


def _denial(q: str, principal: str = "") -> re.Match | None:
    names = principal_said(principal)
    named = rf"|(?-i:{names})\b" if names else ""
    # "aren't actually Keiko Tanaka's papers", "not his records": whose the papers are, said by a possessive
    owner = rf"(?:his|her|their|the author['’]s{named}['’]s)(?:\s+own)?\s+{_RECORDS}"
    return (
        _DENIED_OWN.search(q)
        or (names and re.search(rf"{_DENIAL}(?-i:{names})['’]s{_OWN_CLOSED}", q, re.I))  # "aren't Keiko's too"
        or re.search(rf"{_DENIAL}{_WHOSE}(?:{_THE_AUTHOR}{named}))", q, re.I)
        or re.search(rf"{_DENIAL}{owner}", q, re.I)
    )


def denies_authorship(q: str, principal: str = "") -> bool:
    """The question asks for what is not the author's ("flag anything that shouldn't be attributed to her"): the
    author said by a pronoun or by the principal author's name, never another person ("not by García")."""
    return _denial(q, principal) is not None


# Words that let more papers into a list than the author's: "including any that turn out not to be hers".
_LETS_IN = re.compile(r"\b(?:including|counting|even|also|plus)\b", re.I)
# Everyone's papers counted in: "counting everyone's papers", "including anybody's".
_EVERYONE_IN = re.compile(r"\b(?:counting|including|plus)\s+(?:every|any)(?:one|body)['’]s\b", re.I)


def both_groups(q: str, principal: str = "") -> bool:
    """The question asks about the author's papers and other groups' together; papers whose authorship a clause
    letting them in denies ("including any that turn out not to be hers", "counting ones that aren't Keiko's too":
    the principal author by name, given name or surname) are the others'."""
    if BOTH_GROUPS.search(q) or _EVERYONE_IN.search(q):
        return True
    return any(denies_authorship(q[m.end() :], principal) for m in _LETS_IN.finditer(q))


# The both-groups phrase with the word that leads it in and the one that closes it ("counting both groups", "across
# both research groups", "his and the other group's together"): all of it scope, none of it topic.
_BOTH_SAID = re.compile(
    r"(?:\b(?:counting|including|across|among|over|from|for|in)\s+(?:both\s+)?)?(?P<at>"
    + BOTH_GROUPS.pattern
    + r")(?:,?\s+(?:together|combined|alike|included|too|as well)\b)?",
    re.I,
)


def without_both_groups(q: str, principal: str = "") -> str:
    """The question without its both-groups phrase (a scope slot, not part of its form or topic); "every 2020 paper
    in the collection" keeps its papers ("every 2020 paper"), only where they are is scope."""
    q = _BOTH_SAID.sub(lambda m: q[m.start("at") : m.start("where")] if m.group("where") else " ", q)
    # "counting ones that aren't hers", "including papers not by him": the clause letting the others in, when the
    # denial follows in the same clause
    for m in reversed(list(_LETS_IN.finditer(q))):
        if (d := _denial(q[m.end() :], principal)) and not re.search(r"[,.;?!]", q[m.end() : m.end() + d.start()]):
            q = q[: m.start()] + " " + q[m.end() + d.end() :]
    return q


def whole_corpus(q: str) -> bool:
    return bool(WHOLE_CORPUS.search(q))


# A group named, then its members in brackets: "the other research group (Shaohuai Shi, Xiaowen Chu and colleagues)".
_GROUP_MEMBERS = re.compile(
    r"\b(?:group|groups|lab|labs|laboratory|team|teams|consortium)['’]?s?\s*(?P<members>\([^()]*\))", re.I
)


def without_group_members(q: str) -> str:
    """The question with the members named in brackets after a group blanked out (same length, so offsets hold):
    they say who the group is, not a person on the papers' bylines."""
    for m in reversed(list(_GROUP_MEMBERS.finditer(q))):
        q = q[: m.start("members")] + " " * len(m.group("members")) + q[m.end("members") :]
    return q
