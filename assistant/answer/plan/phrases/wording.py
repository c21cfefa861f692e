"""Words of a question's structure: pointers back, paper nouns, the structure words that never
make a topic, greetings, "known for", metrics, quotes, and the operations of composed questions."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from assistant.answer.plan.phrases.dates import MONTHS, NUMBER_WORDS, PARTS
from assistant.answer.plan.phrases.who import NTH_WORDS
from assistant.text import STOP

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
WHAT_ABOUT = re.compile(r"^\W*(?:(?:and|but|so|then|ok(?:ay)?)\W+)?(?:what|how) about\b", re.I)
PAPER_NOUN = r"(?:papers?|publications?|works?|articles?|preprints?)\b"
PAPER_OWNER = r"(?:author['’]s|researcher['’]s|[a-z]+['’]s)"


def _words(name: str) -> frozenset[str]:
    lines = (DATA / name).read_text(encoding="utf-8").splitlines()
    return frozenset(w.casefold() for line in lines if not line.startswith("#") for w in line.split())


# Words of a question's structure, never a topic ("involve", "report", "evaluate", "half", "known", months): read from
# data/structure_words.txt, one place to extend.
STRUCTURE = _words("structure_words.txt") | frozenset(MONTHS) | frozenset(PARTS) | frozenset(NUMBER_WORDS.values())

# "… studied in the paper arguing that …": a question about one paper it describes, in the singular, asks a fact of
# it even when its form is close to a topic question's; a list asks for papers in the plural.
ONE_PAPER = re.compile(
    r"\b(?:the|this|that)\s+(?:[\w-]+\s+){0,2}?(?:paper|article|preprint|study)\b(?!s)(?!.*\b(?:papers|works|publications)\b)",
    re.I,
)

# "an overview of his X work", "summarize his research on X": a summary asked for, of a topic when one is left.
SUMMARY_ASKED = re.compile(r"\b(?:overview|summar(?:y|ies|ise|ize|ising|izing)|recap)\b", re.I)

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
# "What is he known for?", "his key contributions", "what is he best known for": the overview of his work.
KNOWN_FOR = re.compile(
    r"\b(?:(?:best|mainly|mostly|most|widely)\s+)?known for\b|\bkey (?:contributions?|work|results?|papers?)\b|"
    r"\bmain contributions?\b|\bmost (?:important|notable|significant|influential) (?:work|contributions?|papers?)\b|"
    r"\bclaim to fame\b|\bwhat (?:is|does) (?:he|she|they|\w+ \w+) (?:do|work on)\b",
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
    r"\b(?:time ?span|year range|range of years)\b",
    re.I,
)
# A correction of the previous answer's paper: "No, not that one", "I meant …", "wrong paper".
CORRECTION = re.compile(
    r"^\s*(?:no|nope)\b[,.!:]|\bnot (?:that|this|the right) (?:one|paper)\b|\bwrong (?:one|paper)\b|"
    r"\bi (?:meant|mean|was asking about|was thinking of)\b",
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
THE_OTHER = re.compile(r"\bthe other (?:one|paper|work|preprint|study)\b", re.I)
# Code released with a paper.
CODE = re.compile(r"\b(code|github|open[- ]source)\b", re.I)
# Bibliometrics a profile page may state.
METRICS = re.compile(r"\bh-?\s?index\b|\bi10\b|\bcitations?\b|\bcited\b|\bcitation counts?\b", re.I)


_QUOTED = re.compile(r"(?:^|\s)[\"“‘']([^\"”’']{3,60})[\"”’'](?=[\s.,;:?!]|$)")


# "marked as still under review", "flagged as accepted", "labelled 'preprint'": a note a paper's listing carries,
# asked for literally (the listing's comments hold it).
_MARKED = re.compile(
    # after a form of "be" ("are marked under review"), or followed by "as" or a quote ("papers marked as accepted");
    # not the adjective of "marked point processes"
    r"(?:\b(?:are|is|were|was|be|been|being|get|got)\s+(?:still\s+)?(?:marked|labell?ed|flagged|tagged|noted|annotated)"
    r"\s+(?:as\s+)?|\b(?:marked|labell?ed|flagged|tagged|noted|annotated)\s+(?:as\s+|(?=[\"“‘'])))"
    r"(?:being\s+)?(?:still\s+|currently\s+|now\s+)?"
    r"[\"“‘']?(?P<x>[A-Za-z][\w -]{2,40}?)[\"”’']?\s*(?=[?.!,;]|$|\s+(?:in|on|by|from|since|before|after)\b)",
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
    """Whether a question that picks a paper by date asks something more of it (a wh-word after its start)."""
    return bool(_ASKS_LATER.search(question))


def claim_first(question: str) -> tuple[str, tuple[int, int]] | None:
    """The claim of being first a question asks papers for ("claim to be the first to do something"), with where it
    says it; None when "first" means the earliest."""
    m = _FIRST_ASKED.search(question)
    return (CLAIM_FIRST, m.span()) if m else None


def quoted(question: str) -> str | None:
    """A phrase the question puts in quotes ("an 'under review' note"): asked for literally."""
    m = _QUOTED.search(question)
    return m.group(1).strip() if m else None


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
# "the largest GPU count any of his papers reports", "the highest speedup he reports", "the most GPUs used":
# a superlative of a quantity the papers report; the noun is what is counted or measured.
_MOST = {
    "largest": 1, "biggest": 1, "highest": 1, "greatest": 1, "most": 1, "maximum": 1, "max": 1,
    "smallest": -1, "lowest": -1, "fewest": -1, "least": -1, "minimum": -1, "min": -1,
}  # fmt: skip
QUANTITY_EXTREME = re.compile(
    r"\b(?P<most>" + "|".join(_MOST) + r")\s+(?:number of\s+|count of\s+|reported\s+)?"
    r"(?P<np>[A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*){0,2}?)(?:\s+(?:count|number|counts|numbers|figure|value|factor))?"
    r"(?:\s*\([^)]*\))?"
    r"(?:\s+(?:that\s+|which\s+)?(?:any|one|each|all|of|in|across|among|he|she|they|his|her|their|the|reported|"
    r"used|does|did|is|was|has|have|ever|do)\b|\s*[?.!,;:]|\s*$)",
    re.I,
)


@dataclass(frozen=True)
class Extreme:
    direction: int  # 1 for the largest, -1 for the smallest
    noun: str  # what is counted or measured ("GPU", "speedup")
    # Every word of the noun phrase, the noun first, then its modifiers from the nearest ("model size": size, model):
    # the evidence step reads the first one the papers report figures of.
    words: tuple[str, ...] = field(default=(), compare=False)


# A participle or verb closing the noun phrase is what was done with the quantity, not the quantity ("the biggest
# model size handled in", "the most GPUs used by"): "-ed" words after the first, and these.
_DONE = re.compile(r"(?i)^(?:\w+ed|run|built|done|seen|shown|given|taken|made|held|known|grown)$")


def quantity_extreme(question: str) -> Extreme | None:
    """The superlative of a reported quantity a question asks for, or None ("the largest GPU count …" -> (1, "GPU"))."""
    m = QUANTITY_EXTREME.search(question)
    if not m:
        return None
    words = m.group("np").split()
    while len(words) > 1 and _DONE.match(words[-1]):
        words.pop()
    noun = words[-1]  # "accelerator chips" counts chips
    if noun.casefold() in STRUCTURE | STOP | {"recent", "cited", "frequent", "often", "popular"}:
        return None
    return Extreme(_MOST[m.group("most").casefold()], noun, tuple(reversed(words)))


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


# The words that pick the earliest paper; every other date word ("newest", "later", "most recent", "last") the latest.
_EARLY = frozenset({"older", "oldest", "earlier", "earliest", "first"})


def _picked_by(word: str) -> str:
    return "earliest" if word.casefold() in _EARLY else "latest"


# "the newest of his papers with X", "the oldest one": one paper picked by date (not "his latest papers", a list).
_DATE_EXTREME = re.compile(
    r"\bthe (?P<w>newest|latest|most recent|oldest|earliest|first|last)\b(?!\s+(?:papers|works|publications|ones|"
    r"authors?|co-?authors?|half|quarter|\w+\s+authors?))",
    re.I,
)


def date_extreme(question: str) -> str | None:
    """ "latest" or "earliest" when the question picks one paper by its date."""
    m = _DATE_EXTREME.search(question)
    if not m:
        return None
    return _picked_by(m.group("w"))


# "the last paper he put out before 2024", "the first work she published": one paper (singular) picked by date.
_ONE_BY_DATE = re.compile(
    r"\bthe (?P<w>newest|latest|most recent|oldest|earliest|first|last)\s+(?:[\w-]+\s+){0,2}?"
    r"(?:paper|work|article|preprint|publication)\b(?!s)(?!\s+(?:of|on|by)\s+(?:the\s+)?[A-Z])",
    re.I,
)


def one_by_date(question: str) -> str | None:
    """ "latest" or "earliest" when a question asks for one paper, in the singular, picked by its date; None for a
    list ("his latest papers") or a position ("the first author")."""
    m = _ONE_BY_DATE.search(question)
    return _picked_by(m.group("w")) if m else None


# The form of a question asking for several papers: "List every paper …", "which ones …", "which of his papers …".
LIST_FORM = re.compile(
    r"^\s*(?:please\s+)?(?:list|enumerate|name|show me|give me)\s+(?:all|every|each|the)?\s*(?:of\s+)?(?:his|her|their|"
    r"the)?\s*(?:papers|works|articles|publications|paper in|ones)\b"
    r"|\bwhich (?:ones|papers|works|articles|publications)\b"
    r"|\bwhich of (?:his|her|their|the|these|those)\s+(?:[\w-]+\s+){0,3}?(?:papers|works|articles|publications|ones)\b",
    re.I,
)

# "Which of the two is newer?", "the most recent of them", "which came out first?": one paper of a selection picked by
# its date ("first" and "last" alone are author positions or ordinals, not dates).
_DATE_PICK = re.compile(
    r"\b(?P<w>newer|newest|later|latest|more recent|most recent|older|oldest|earlier|earliest)\b"
    r"|\b(?:came|come|comes) out (?P<v>first|last)\b|\b(?P<u>first|last) to (?:come out|appear|be published)\b",
    re.I,
)
# What else a question asks once it has picked its paper: ", and does it …", ". What did it find?"
_CLAUSE_BREAK = re.compile(r"\s*(?:,\s*(?:and\s+)?|;\s*|[.?!:]\s+|\s+and\s+(?=(?:what|which|how|does|did|is|was)\b))")
_ASKING = re.compile(r"(?:what|which|how|who|when|where|why|does|did|do|is|was|are|were|can|could|has|have)\b", re.I)


def date_pick(question: str) -> tuple[str, bool] | None:
    """ "latest" or "earliest" when a question picks one paper of a selection by date, and whether it asks something
    more of the paper it picked ("Which of the two is newer, and does it need fine-tuning?" -> ("latest", True))."""
    m = _DATE_PICK.search(question)
    if not m:
        return None
    word = (m.group("w") or m.group("v") or m.group("u")).casefold()
    pick = _picked_by(word)
    after = question[m.end() :]
    more = any(_ASKING.match(clause) for clause in _CLAUSE_BREAK.split(after)[1:] if clause.strip())
    return pick, more


# An ask a date pick already answers: when it came out, what it is called.
_ASKS_DATE_OR_NAME = re.compile(
    r"^\s*(?:and\s+)?(?:when\b|what (?:year|month|date)\b|which year\b|what(?:'s| is| was) (?:it|its title|the "
    r"title)\s*(?:called|named|titled)?\s*\??\s*$)",
    re.I,
)


def picked_then_asked(question: str) -> tuple[str, str] | None:
    """A question that picks one paper by date and then asks something of it ("What's her newest paper and what
    data does it use?"): the words that pick (read for the selection's topic) and the clause that asks; None when
    nothing more is asked, or only what the pick answers (its date, its title)."""
    m = _DATE_PICK.search(question)
    if not m:
        return None
    after = question[m.end() :]
    for brk in _CLAUSE_BREAK.finditer(after):
        rest = after[brk.end() :]
        if rest.strip() and _ASKING.match(rest):
            if _ASKS_DATE_OR_NAME.match(rest):
                return None
            return question[: m.end() + brk.start()], rest
    return None


# Another paper placed by date against the one the question names: "Which later paper of his also tackles X, and
# …?", "an earlier work of hers on Y". The clause from the comparative on describes it (its topic and its ask).
THAN_THE_NAMED = re.compile(
    r"\b(?:which|what|a|an|the|another|any)\s+(?P<w>later|earlier|newer|older|subsequent|previous|prior|"
    r"follow-up)\s+(?:paper|work|study|article|preprint|one)\b(?!s)",
    re.I,
)
_LATER = frozenset({"later", "newer", "subsequent", "follow-up"})


def than_the_named(question: str) -> tuple[int, str] | None:
    """1 for a later paper, -1 for an earlier one, and the words after the comparative's paper noun up to the end of
    its clause ("also tackles quantum many-body chemistry"); None when the question places no other paper so."""
    m = THAN_THE_NAMED.search(question)
    if not m:
        return None
    rest = re.split(
        r",\s*(?:and\s+)?|;|\?|\.\s|\s+and\s+(?=(?:what|which|how|where|does|did|is|was)\b)", question[m.end() :]
    )
    return (1 if m.group("w").casefold() in _LATER else -1), rest[0]


# One paper a question describes by its owner, its year and a few words ("his 2019 benchmark paper", "her 2022
# thickness study"): the words between the year and the paper noun.
ONE_DATED = re.compile(
    r"\b(?:his|her|their|the author['’]s|(?-i:[A-Z][\w-]+)['’]s)\s+(?:(?:19|20)\d{2})\s+"
    r"(?P<w>(?:[\w-]+\s+){0,3}?)(?:paper|article|preprint|study|work)\b(?!s)",
    re.I,
)


# A yes/no question: its main clause opens with an auxiliary verb, at the start or after a lead-in ("Once X is
# trained, does it …?"). "Can you …" asks for help, not whether.
_POLAR = re.compile(
    r"(?:^\s*|[,;:]\s+)(?:is|are|was|were|am|do|does|did|has|have|had|can|could|will|would|should)\b(?!\s+(?:you|u)\b)",
    re.I,
)
# "Which work shows …?", "Who proposed …?", "When did …?" ask for a thing, not for a method or a verdict.
_THING_WORDS = ("which", "who", "whom", "whose", "when", "where")
_ASKS_FOR_A_THING = re.compile(rf"\s*(?:{'|'.join(_THING_WORDS)})\b", re.I)
# "Why, according to X, do Y …?" has an auxiliary after its comma but asks why, not whether.
_WH_QUESTION = re.compile(rf"\s*(?:{'|'.join(('why', 'what', 'how', *_THING_WORDS))})\b", re.I)


# A statement with a tag that asks to confirm it: "X was fine-tuned with half of the labels, right?".
_TAG = re.compile(
    r"[,;]\s*(?:right|correct|true|yes|no|or not|isn['’]t (?:it|that (?:so|right))"
    r"|is (?:that|this|it) (?:right|correct|so|true)"
    r"|(?:did|was|were|does|do|is|are|has|have)n['’]t (?:it|they|she|he|there|that))\s*\?\s*$",
    re.I,
)


# Where a question goes on to a further ask: a new sentence, or ", and how/what …".
_ASK_SPLIT = re.compile(
    r"(?<=[?.!;])\s+|,\s*(?:and|but|so)\s+(?=(?:by\s+)?(?:what|which|how|who|when|where|why)\b)"
    r"|\s+and\s+(?=(?:by\s+)?how\b)",
    re.I,
)
_WH = re.compile(r"^\W*(?:by\s+)?(?:what|which|how|who|when|where|why)\b", re.I)
# "In his work on X, what criterion decides …?": a lead-in that is not itself a question, then the ask.
_OPENS_ASKING = re.compile(
    r"^\W*(?:what|which|how|who|whom|whose|when|where|why|is|are|was|were|am|do|does|did|has|have|had|can|could|will"
    r"|would|should)\b",
    re.I,
)
_AFTER_LEAD_IN = re.compile(r",\s+(?=(?:what|which|how|who|when|where|why)\b)", re.I)


@lru_cache(maxsize=1024)
def later_asks(question: str) -> tuple[str, ...]:
    """The wh-questions a question asks after its first part, each answered by its own sentence: "Is there a paper
    where …? How much faster was it?" -> ("How much faster was it?",); "What does X use, and how well does it
    score?" -> ("how well does it score?",); "In his work on X, what criterion decides …?" -> ("what criterion
    decides …?",)."""
    parts = [p.strip() for p in _ASK_SPLIT.split(question) if p and p.strip()]
    if parts and not _OPENS_ASKING.match(parts[0]) and (m := _AFTER_LEAD_IN.search(parts[0])):
        parts[:1] = [parts[0][: m.start()], parts[0][m.end() :]]
    return tuple(p for p in parts[1:] if _WH.match(p))


def polar(question: str) -> bool:
    """A yes/no question by its form ("Is DynaTrain about inference serving?", "Does it need fine-tuning?", "X
    holds, right?"); not one that goes on to ask a wh-question ("Is there a paper on X? How fast was it?" asks the
    figure)."""
    if later_asks(question):
        return False
    if _TAG.search(question):
        return True
    return bool(_POLAR.search(question)) and not _WH_QUESTION.match(question)


def untagged(question: str) -> str:
    """The claim without the tag that asks to confirm it: "X still needed Y, didn't it?" -> "X still needed Y?". The
    tag's "n't" does not negate the claim."""
    return _TAG.sub("?", question)


def asks_for_a_thing(question: str) -> bool:
    return bool(_ASKS_FOR_A_THING.match(question))
