"""Words of a question's structure: pointers back, paper nouns, the structure words that never
make a topic, greetings, "known for", metrics, quotes, and the operations of composed questions."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from assistant.answer.plan.paper_nouns import COUNT_SINGULAR, EITHER, PLURAL
from assistant.answer.plan.phrases import claims
from assistant.answer.plan.phrases.claims import untagged  # noqa: F401 - read from here by callers
from assistant.answer.plan.phrases.dates import MONTHS, NUMBER_WORDS, PARTS
from assistant.answer.plan.phrases.main_clause import lead_in, main_clause
from assistant.answer.plan.phrases.picks import WHICH_ONE, date_extreme, date_pick
from assistant.answer.plan.phrases.who import NTH_WORDS

DATA = Path(__file__).parent.parent / "data"

# --- pointers back, paper nouns, the words of a question's structure ------------------------------------------------

ANAPHORA = re.compile(
    r"\b(it|its|this|that|these|those|they|them|their|the (paper|method|approach|"
    r"framework|system|work|model|algorithm|technique|study))\b",
    re.I,
)
# "And what about the other ice type?", "how about for 8 bits?" ("and on the consumer card, …" asks a question of its
# own: not read here): the previous question asked again of something else,
# its form and its paper kept.
# A turn that goes on from the one before it: its connectives ("and", "but", "so", "then", "ok", "now", "also",
# "alright", "right"), one phrase for every reader: CONTINUES (the connectives alone: what `asked_only` takes off),
# WHAT_ABOUT ("and what about …", "ok so how about …") and GOES_ON (either of those, or "same (question) for", "and
# for": what an elliptical turn of dates opens with).
_CONNECTIVES = r"(?:and|but|so|then|ok(?:ay)?|now|also|alright|right)"
CONTINUES = re.compile(rf"^[\W_]*(?:{_CONNECTIVES}\b[\W_]*)*", re.I)
WHAT_ABOUT = re.compile(rf"{CONTINUES.pattern}(?:what|how)\s+about\b", re.I)
GOES_ON = re.compile(rf"{CONTINUES.pattern}(?:(?:what|how)\s+about|same\s+(?:question\s+)?for|and\s+for)?\b", re.I)
PAPER_NOUN = rf"{EITHER}\b"
PAPER_OWNER = r"(?:author['’]s|researcher['’]s|[a-z]+['’]s)"


def _words(name: str) -> frozenset[str]:
    lines = (DATA / name).read_text(encoding="utf-8").splitlines()
    return frozenset(w.casefold() for line in lines if not line.startswith("#") for w in line.split())


# Words of a question's structure, never a topic ("involve", "report", "evaluate", "half", "known", months): read from
# data/structure_words.txt, one place to extend, and data/function_words.txt (English's closed classes).
WORD_LISTS = ("structure_words.txt", "function_words.txt")
# English's closed classes alone ("though", "either", "then"): never the last word of a phrase's topic either.
FUNCTION_WORDS = _words(WORD_LISTS[1])
STRUCTURE = (
    _words(WORD_LISTS[0]) | FUNCTION_WORDS | frozenset(MONTHS) | frozenset(PARTS) | frozenset(NUMBER_WORDS.values())
)

# "… studied in the paper arguing that …": a question about one paper it describes, in the singular, asks a fact of
# it even when its form is close to a topic question's; a list asks for papers in the plural.
ONE_PAPER = re.compile(
    rf"\b(?:the|this|that)\s+(?:[\w-]+\s+){{0,2}}?{COUNT_SINGULAR}\b(?!s)(?!.*\b{PLURAL}\b)",
    re.I,
)

# "an overview of his X work", "summarize his research on X", "sum up his work on X", "the big picture of her X
# work": a summary asked for, of a topic when one is left.
SUMMARY_ASKED = re.compile(
    r"\b(?:overview|summar(?:y|ies|ise|ize|ising|izing)|recap|rundown|sum(?:s|med|ming)?\s+(?:\w+\s+)?up|big\s+picture)\b",
    re.I,
)

# "about X", "dealing with X", "related to X", "discuss X", "use X": a phrase that says its object is the topic.
# Words of that object are never read as the question's wording, however ordinary ("papers with Boyang Zhang about
# weather" asks about weather; "papers he wrote together with Boyang Zhang" asks about no topic).
TOPIC_MARKER = re.compile(
    r"\b(?:about|regarding|concerning|related to|on the (?:topic|subject) of|(?:deal|deals|dealing|dealt) with|"
    r"(?:focus|focuses|focused|focusing) on|(?:work|works|worked|working|research|published|publish|wrote|written) "
    r"on|papers? on|discuss(?:es|ed|ing)?|cover(?:s|ed|ing)?|address(?:es|ed|ing)?|mention(?:s|ed|ing)?|"
    r"stud(?:y|ies|ied|ying)|involv(?:e|es|ed|ing)|us(?:e|es|ed|ing)|tackl(?:e|es|ed|ing)|explor(?:e|es|ed|ing)|"
    r"investigat(?:e|es|ed|ing))\s+(?P<x>[^,.;?!]+)",
    re.I,
)


def topic_marked(question: str) -> str:
    """The words a topic marker introduces ("about weather and climate" -> "weather and climate"), all of them."""
    return " ".join(m.group("x") for m in TOPIC_MARKER.finditer(question))


# A greeting or thanks alone ("hi", "hello there", "thanks!"): no question to read.
GREETING = re.compile(
    r"^\s*(hi|hello|hey|hiya|howdy|good (morning|afternoon|evening)|greetings|thanks|thank you|cheers|yo)"
    r"( there| all| again| so much| a lot)?[\s!.,?]*(how are you|what can you do|who are you)?[\s!.,?]*$",
    re.I,
)
# The words that may stand before the field asked: "the general research area", "this researcher's main field".
_FIELD_WORD = (
    r"(?:research|general|main|broad|overall|primary|scientific|academic|(?:researcher|author|collection)['’]s)"
)
# "What is he known for?", "his key contributions", "what is he best known for": the overview of his work.
KNOWN_FOR = re.compile(
    r"\b(?:(?:best|mainly|mostly|most|widely)\s+)?known for\b|\bkey (?:contributions?|work|results?|papers?)\b|"
    r"\bmain contributions?\b|\bmost (?:important|notable|significant|influential) (?:work|contributions?|papers?)\b|"
    r"\bclaim to fame\b|\bwhat (?:is|does) (?:he|she|they|\w+ \w+) (?:do|work on)\b"
    # the field asked of the author or the collection: "what research area is this collection about?", "what's the
    # general area of these papers?", "what field does she work in?" (the planner's content check keeps "what area of
    # sea ice does she work on" a topic question)
    r"|\b(?:what|which)(?:['’]s|\s+is|\s+are)?\s+(?:the\s+|his\s+|her\s+|their\s+|this\s+|these\s+)?"
    rf"(?:{_FIELD_WORD}\s+){{0,2}}(?:fields?|areas?|disciplines?|subject\s+areas?)\b"
    # the collection or its papers as a whole asked what they are about: "what are they broadly about?" (not one
    # paper: "what is the drift paper about?" is a summary of it)
    r"|\bwhat\s+(?:is|are)\s+(?:they|(?:this|these|the|his|her|their)\s+(?:paper\s+)?(?:papers|publications|works|"
    r"collection|corpus|library))\s+(?:\w+ly\s+)?about\s*(?:[?.!]|$)",
    re.I,
)
# "Point me to …", "Did he ever use …", "Which X has he developed?": asks whether papers exist (an empty list is the
# answer), not a fact of one paper the words describe.
ASKS_EXISTENCE = re.compile(
    r"(?i)\s*(point me|show|list|give me|find|summari[sz]e|did|has|have|does|do|is "
    r"there|are there|what (has|have)|which [\w-]+(?: [\w-]+)? (has|have|did))\b"
)
# "What years does his work span?", "how far back does the corpus go?": the years his papers cover.
YEARS_SPANNED = re.compile(
    r"\b(?:what|which) years? (?:does|do|did) [^?]{0,40}\b(?:span|cover|run)\b|\bhow far back\b|"
    r"\b(?:time ?span|year range|range of years|span of years"
    r"|(?:span|range) of (?:her|his|their) (?:work|career|papers)|first and (?:last|latest) years?"
    r"|earliest and (?:latest|last) years?)\b|"
    r"\b(?:what|which) (?:period|span|stretch) (?:of (?:time|years) )?(?:does|do|did) [^?]{0,40}\b(?:span|cover)\b|"
    r"\bhow many years (?:does|do|did) [^?]{0,40}\b(?:span|cover)\b|\bover how many years\b|"
    r"\bhow long has (?:she|he|they|the author) been (?:publishing|active)\b|"
    # (not "… start publishing on quantization?": the earliest paper on a topic)
    r"\bwhen did (?:she|he|they|the author) (?:start|begin) (?:publishing|to publish)\b(?!\s+(?:on|about|in)\b)",
    re.I,
)
# A correction of the previous answer's paper: "No, not that one", "I meant …", "wrong paper".
CORRECTION = re.compile(
    r"^\s*(?:no|nope)\b[,.!:]|\bnot (?:that|this|the right) (?:one|paper)\b|\bwrong (?:one|paper)\b|"
    r"\bi (?:meant|mean|was asking about|was thinking of)\b",
    re.I,
)
# A correction by pointer alone, the whole turn ("No, not that one.", "wrong one", "that's the wrong paper", "Hmm,
# that's not it"): the paper shown is not the one meant, and nothing describes the one that is.
REJECTED_BY_POINTER = re.compile(
    r"^\W*(?:(?:no|nope|hmm+|sorry|oops|wait|ah|uh|erm?)\b\W*)*"
    r"(?:(?:that|this|it)(?:['’]s|\s+is|\s+was)\s+)?"
    r"(?:not\s+(?:that|this|the\s+right)\s+(?:one|paper)|(?:the\s+|a\s+)?wrong\s+(?:one|paper)|not\s+it|"
    r"not\s+the\s+(?:one|paper)(?:\s+i\s+(?:meant|mean|wanted|was\s+asking\s+about))?)"
    r"(?:\W+(?:sorry|again|though|please|no|i'm afraid))*\W*$",
    re.I,
)
# A comparison asked in so many words ("compare the two", "put those side by side", "how do they differ").
COMPARISON = re.compile(
    r"\b(?:compar(?:e[sd]?|ing|ison)|contrast(?:s|ed|ing)?|set (?:\w+ ){0,6}?against|side by side|next to each other|"
    r"differ(?:s|ed|ing)?|differences?)\b",
    re.I,
)
# "not the incidence-angle one", "not the sparse tensor core system": what a correction rules out, to its clause's end
# (a spaced dash or "I mean" ends it too: "not the one that splits X up in advance - I mean the one that …").
NOT_THE_ONE = re.compile(r"\bnot the (?:(?!\s[-–—]\s|\bi (?:meant|mean)\b)[^,.;:?!])+", re.I)
# "the other one" / "his other paper": a paper picked as the one that is not another (said with NOT_THE_ONE).
# "Not the coastline one, the other." says it bare, at the end of its clause; "the other Sentinel-2 paper" describes it
# (group "said").
THE_OTHER = re.compile(
    r"\bthe other(?:(?P<said>(?: [\w-]+){0,2}?) (?:one|paper|work|preprint|study)\b|(?=\s*(?:[.,;:!?]|$)))", re.I
)
# Code released with a paper.
CODE = re.compile(r"\b(code|github|open[- ]source)\b", re.I)
# What the papers say of their code ("which of his papers say their code is, or will be, public?", "state that the
# code is released"): a verb of saying before the code, as against a mark the listing shows ("have a Code tag").
CODE_SAID = re.compile(
    r"\b(?:say|says|said|state|states|stated|claim|claims|promise|promises|announce|announces|mention|mentions)\b"
    r"[^?.;]{0,30}?\b(?:code|source code|implementation)\b",
    re.I,
)
# Bibliometrics a profile page may state.
METRICS = re.compile(r"\bh-?\s?index\b|\bi10\b|\bcitations?\b|\bcited\b|\bcitation counts?\b|\borcid\b", re.I)
ORCID = re.compile(r"\borcid\b", re.I)


_QUOTED = re.compile(r"(?:^|\s)[\"“‘']([^\"”’']{3,60})[\"”’'](?=[\s.,;:?!]|$)")


# "marked as still under review", "flagged as accepted", "labelled 'preprint'": a note a paper's listing carries,
# asked for literally (the listing's comments hold it).
_MARKED = re.compile(
    # after a form of "be" ("are marked under review"), or followed by "as" or a quote ("papers marked as accepted");
    # not the adjective of "marked point processes"
    r"(?:\b(?:are|is|were|was|be|been|being|get|got)\s+(?:still\s+)?(?:marked|labell?ed|flagged|tagged|noted|annotated)"
    r"\s+(?:as\s+)?|\b(?:marked|labell?ed|flagged|tagged|noted|annotated)\s+(?:as\s+|(?=[\"“‘'])))"
    r"(?:being\s+)?(?:still\s+|currently\s+|now\s+)?"
    # (a clause joined after it is not the note's: "tagged DC and are about …")
    r"[\"“‘']?(?P<x>[A-Za-z][\w -]{1,40}?)[\"”’']?\s*"
    r"(?=[?.!,;]|$|\s+(?:in|on|by|from|since|before|after|and|that|which)\b)",
    re.I,
)


def marked(question: str) -> str | None:
    """The note a question asks papers to be marked with ("marked as still under review" -> "under review")."""
    m = _MARKED.search(question)
    return m.group("x").strip() if m else None


# "Which of his papers claim to be the first to do something?": a claim the abstracts make in their own words, not
# the earliest paper. CLAIM_FIRST is what is asked for literally; FIRST_CLAIMED finds the claim in a text: "for the
# first time", "the first use of …", "the first structural binarization method", "is the first system to" (not "the
# first layer of a model": the noun after "first" must name a contribution).
CLAIM_FIRST = "the first"
_FIRST_ASKED = re.compile(
    r"\b(?:claim(?:s|ed|ing)?\s+(?:to\s+(?:be|have)\s+)?(?:been\s+)?(?:the\s+)?first|"
    r"(?:are|is|were|was|be)\s+the\s+first\s+to\b|first\s+to\s+(?:do|achieve|propose|show|use|demonstrate)|"
    r"for\s+the\s+first\s+time|first[- ]of[- ]its[- ]kind)"
    r"(?:\s+(?:to\s+)?(?:do\s+)?(?:something|anything))?",
    re.I,
)
FIRST_CLAIMED = re.compile(
    r"\bfor the first time\b|\bfirst[- ]of[- ]its[- ]kind\b|\b(?:the|our) first (?:[\w-]+\s+){0,2}?"
    r"(?:to|use|system|method|work|study|framework|approach|attempt|algorithm|benchmark|model|tool|demonstration|"
    r"implementation|solution|technique|analysis|investigation|effort)\b",
    re.I,
)


# A wh-word past the question's first word: "The oldest paper in his list optimizes a mini-application released by
# which research center?" asks something of the paper it picks; "What's the earliest year in his record?" does not.
_ASKS_LATER = re.compile(r"^\s*\S+.*?\b(?:which|what|who|whom|where|how)\b", re.I)


def asks_of_picked(question: str) -> bool:
    """Whether a question that picks a paper by date asks something more of it (a wh-word after the start of its main
    clause: "Of his 2026 papers, which one came out earliest?" asks only the pick)."""
    return bool(_ASKS_LATER.search(main_clause(question)))


def picked_by_date(question: str, route: str, categorised: bool) -> tuple[str | None, bool]:
    """The end of the date ranking a question picks one paper at ("earliest", "latest"), and whether the pick is its
    whole ask. A fact that only picks ("What's the oldest item of hers in the library?", "which card has the most
    recent date?"), or a list's scope asked for one paper ("Of his 2026 papers, which one came out earliest?", a list
    by the vote): the pick is the whole ask, whatever words drew the vote; asking more of it stays a fact. A bare
    "first" or "last" is no date word here ("why … in the first place?"); a categories vote drawn by "arXiv" with no
    category asked picks by any date word ("his earliest arXiv submission")."""
    one_of_list = route == "list" and bool(WHICH_ONE.search(question))
    picked = date_extreme(question) or ((categorised or one_of_list) and (date_pick(question) or [None])[0]) or None
    only = (route == "fact" or one_of_list) and bool(date_pick(question)) and not asks_of_picked(question)
    return picked, only


def claim_first(question: str) -> tuple[str, tuple[int, int]] | None:
    """The claim of being first a question asks papers for ("claim to be the first to do something"), with where it
    says it; None when "first" means the earliest."""
    m = _FIRST_ASKED.search(question)
    return (CLAIM_FIRST, m.span()) if m else None


def quoted(question: str) -> str | None:
    """A phrase the question puts in quotes ("an 'under review' note"): asked for literally."""
    m = _QUOTED.search(question)
    return m.group(1).strip() if m else None


def unquoted(question: str) -> str:
    """The question with the quote marks around a quoted phrase taken off: "the 'X' paper" -> "the X paper"."""
    return _QUOTED.sub(lambda m: m.group(0)[: m.start(1) - m.start(0) - 1] + m.group(1), question)


# --- composition: operations over the table ---------------------------------------------------------------------------

# "Who wrote both MoQE and CALM?", "which authors do A and B share", "authors in common".
SHARED_AUTHORS = re.compile(
    r"\bwho (?:wrote|authored|co-?authored|worked on|is (?:an? )?(?:co-?)?author (?:of|on)) both\b|"
    r"\b(?:authors?|co-?authors?|people|researchers?) (?:in common|(?:do|did) [^?]{3,80}? share|shared by)\b|"
    r"\bcommon (?:authors?|co-?authors?)\b|\bboth (?:papers|of them)\b[^?]{0,30}\b(?:authors?|wrote|written)\b",
    re.I,
)
# "his average number of papers per year", "how many papers a year on average".
AVERAGE = re.compile(r"\b(?:average|mean|on average|typically)\b", re.I)
# A question about someone's writing ("what else did they write?"), one naming the author beside a person ("with
# him", "his"), and the verbs of authorship (never a topic).
WRITINGS = re.compile(r"\b(else|other|write|wrote|written|publish(ed)?|papers|works)\b", re.I)
WITH_THE_AUTHOR = re.compile(r"\b(with|and|alongside) (him|her|them|the author)\b|\b(his|her|their)\b", re.I)
AUTHORING = re.compile(
    r"\b(co-?authored|co-?wrote|co-?written|written|wrote|write|authored|published|together|jointly)\b", re.I
)


# "the first author of CALM", "CALM's lead author": a person found from a paper (a nested reference).
NTH_AUTHOR_OF = re.compile(
    rf"\bthe (?:{NTH_WORDS})[- ]author (?:of|on)\b|"
    r"['’]s (?:first|second|third|last|lead|leading|senior)[- ]author\b",
    re.I,
)
# "its first author", "that paper's lead author": the same, of the paper the conversation points back to.
ITS_NTH_AUTHOR = re.compile(
    rf"\b(?:its|(?:that|this|the) (?:paper|one|preprint|article)['’]s)\s+(?:{NTH_WORDS})[- ]author\b",
    re.I,
)
_ASKS_WHO = re.compile(r"^\s*(?:then\s+|and\s+|so\s+)?(?:who|whom|whose)\b", re.I)


def asks_who(question: str) -> bool:
    """The question asks who someone is ("Who is the first author of CALM?"), not something about them."""
    return bool(_ASKS_WHO.match(question))


# "the first author of CALM: what else did they write?", "what other papers did its lead author write?"
ELSE_WRITTEN = re.compile(
    r"\b(?:what|which)\s+(?:else|other\s+(?:papers?|works?))\b[^?]{0,40}?\b(?:write|wrote|written|publish\w*|"
    r"author\w*)\b|\bother (?:papers|work|works) (?:by|of|from) (?:him|her|them|that (?:person|author))\b",
    re.I,
)


# "Which work shows …?", "Who proposed …?", "When did …?" ask for a thing, not for a method or a verdict.
_THING_WORDS = ("which", "who", "whom", "whose", "when", "where")
_ASKS_FOR_A_THING = re.compile(rf"\s*(?:{'|'.join(_THING_WORDS)})\b", re.I)


# Where a question goes on to a further ask: a new sentence, or ", and how/what …".
_ASK_SPLIT = re.compile(
    r"(?<=[?.!;])\s+|\s+[-–—]\s+(?=(?:what|which|how|who|when|where|why)\b)|,\s*(?:and|but|so)\s+(?=(?:by\s+)?(?:what|which|how|who|when|where|why)\b)"
    r"|\s+and\s+(?=(?:by\s+)?how\b)",
    re.I,
)
_WH = re.compile(r"^\W*(?:by\s+)?(?:what|which|how|who|when|where|why)\b", re.I)


@lru_cache(maxsize=1024)
def later_asks(question: str) -> tuple[str, ...]:
    """The wh-questions a question asks after its first part, each answered by its own sentence: "Is there a paper
    where …? How much faster was it?" -> ("How much faster was it?",); "What does X use, and how well does it
    score?" -> ("how well does it score?",); "In his work on X, what criterion decides …?" -> ("what criterion
    decides …?",)."""
    parts = [p.strip() for p in _ASK_SPLIT.split(question) if p and p.strip()]
    if len(parts) > 1 and re.match(r"\W*\w+\s+[-–—]\s", question):
        parts = parts[1:]  # "ok - what did he publish …?": a word of assent before the dash, and one ask
    if parts and (split := lead_in(parts[0]))[0]:  # "In his work on X, what criterion …?": the lead-in, then the ask
        parts[:1] = list(split)
    # a wh-clause closed by a full stop before a sentence that asks ("I remember X run on Y, where it beat Z. Is that
    # accurate?") is a statement the question goes on to ask about, not an ask of its own
    asked = [i for i, p in enumerate(parts) if p.rstrip().endswith("?")]
    return tuple(
        p
        for i, p in enumerate(parts[1:], 1)
        if _WH.match(p) and not (p.rstrip().endswith((".", "!")) and asked and asked[-1] > i)
    )


def polar(question: str) -> bool:
    """A yes/no question by its structure (claims.yes_no: "Is DynaTrain about inference serving?", "X's model for Y -
    did it beat the baseline?", "X holds, right?", "I read that X. Is that right?"); not one that goes on to ask a
    wh-question ("Is there a paper on X? How fast was it?" asks the figure)."""
    if later_asks(question):
        return False
    return claims.yes_no(question) is not None


def asks_for_a_thing(question: str) -> bool:
    return bool(_ASKS_FOR_A_THING.match(main_clause(question)))


# The words a count is asked with: without one, "which ones …?" asks which papers, not how many.
_ASKS_NUMBER = re.compile(r"\b(?:how\s+many|number|count|counts|counted|tally|total|how\s+often)\b", re.I)


def asks_number(question: str) -> bool:
    """The question asks how many (a count), in some wording."""
    return bool(_ASKS_NUMBER.search(question))
