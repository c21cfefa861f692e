"""Text helpers the index, ingest and answers share: whitespace, sentences, question stop words, text that is not ours.

One module, so what the index splits into sentences, what ingest checks in a title and what an answer quotes, folds
or neutralises follow the same rules (storage imports it; it imports nothing of ours).
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

# Words that name no topic: function words and the words people ask about a researcher's papers with ("which
# papers has the author published about ..."); questions, theme labels and topic words all leave them out.
STOP = set(
    """a an the of in on for to and or with by from about at as is are was were be been being do does did has have
    had which what who whom whose when where why how many much any all some this that these those it its they
    them their there his her he she him author author's authors principal researcher researcher's paper papers
    work works worked working publish published publication publications article articles wrote write written
    list show tell give me please can could would should will describe explain summarize summarise overview
    concern concerns concerning regarding related topic topics area areas field fields one ones most more than
    between since before after during until year years corpus come comes came include includes included contain
    contains containing available released release appear appears appeared there done did do does contributed
    contribution contributions research researched studied study not total altogether overall hold holds out put
    puts listed list lists first second third last lead senior surnamed surname deal deals dealing mention
    mentions mentioning carry carries carrying note notes abstract abstracts preprint preprints among leaving
    own across whole else anything something count earlier later older newer prior person people someone""".split()
)


# A contraction's clitic or a possessive, never a word of its own: "I'm", "they're", "we've", "he'll", "I'd", "it's",
# "don't" (the "n't" with its "n": "do"); "can't" and "won't" keep their verb.
_CLITIC = re.compile(r"(?<=\w)(?:n['’]t|['’](?:s|m|re|ve|ll|d))\b", re.I)
_NOT = re.compile(r"\b(c)an['’]t\b|\b(w)on['’]t\b", re.I)


def without_clitics(text: str) -> str:
    """The text with each contraction's clitic and each possessive "'s" cut off its word ("I'm" -> "I")."""
    text = _NOT.sub(lambda m: f"{m.group(1)}an" if m.group(1) else f"{m.group(2)}ill", text)
    return _CLITIC.sub("", text)


def without_spans(text: str, spans) -> str:
    """The text with each (start, end) span cut to one space. Spans that overlap ("no conference" inside "no
    conference or workshop", both said by one "no") are cut as their union, once: cut one after the other, the second
    would use offsets the first had moved."""
    runs: list[list[int]] = []
    for start, end in sorted(spans):
        if runs and start < runs[-1][1]:
            runs[-1][1] = max(runs[-1][1], end)
        else:
            runs.append([start, end])
    for start, end in reversed(runs):
        text = text[:start] + " " + text[end:]
    return text


def clean(text: str) -> str:
    """Normalise Unicode and collapse whitespace."""
    return re.sub(r"\s+", " ", unicodedata.normalize("NFC", text)).strip()


def split_sentences(text: str) -> list[str]:
    """Sentences of an abstract; also splits where a scrape dropped the space ("patterns.This paper")."""
    text = clean(text)
    text = re.sub(r"(?<=[a-z0-9)\]][.!?])(?=[A-Z][a-z])", " ", text)
    # Markup pasted between sentences ("... learning. <script>…</script> Although …") stands alone.
    parts = re.split(r"(?<=[.!?])\s+(?=[A-Z0-9(\"'$\\<])|(?<=>)\s+(?=[A-Z][a-z])", text)
    out: list[str] = []
    for part in parts:
        # Re-join splits after common abbreviations and initials, and after a list's first label ("the following
        # conclusions: 1."): the lead-in and its first item are one sentence.
        if out and (_ABBREVIATION_END.search(out[-1]) or _FIRST_LABEL.search(out[-1])):
            out[-1] = f"{out[-1]} {part}"
        else:
            out.append(part)
    # A later item's label belongs to the item it opens, not to the end of the one before ("…metrics; 2.").
    items = (_NEXT_LABEL.sub("", s).strip() for s in out)
    return [s for s in items if s]


# A part ending in a common abbreviation or an initial ("e.g.", "et al.", "J."): the split after it is undone.
_ABBREVIATION_END = re.compile(r"(?:\b(?:e\.g|i\.e|et al|etc|vs|Fig|Eq|approx|resp|abbr|cf|No|Ref|Sec)\.|\b[A-Z]\.)$")
# Labels of an inline numbered list ("conclusions: 1. We … metrics; 2. While …; 3. The …"): the splitter cuts after
# each "N.", leaving the label at the end of the text before it. Only after ":" or ";" and a space, so a ratio
# ("2:3.") or a figure ending a sentence ("speedups of 2.") is not a label.
_FIRST_LABEL = re.compile(r":\s+\(?\d{1,2}[.)]$")
_NEXT_LABEL = re.compile(r";\s+\(?\d{1,2}[.)]$")


# Text in a source that addresses a reader or a model instead of describing research: kept verbatim in the
# paper record, but never searched, quoted as evidence, or summarised. Matched on `fold(text)`: ASCII, lower case.
_READER = (
    r"(you|assistants?|chatbots?|ais?|ai (systems?|models?|agents?)|(large )?language "
    r"models? (reading|answering|summari[sz]ing)[^.]{0,30}|llms? (reading|answering|"
    r"summari[sz]ing)[^.]{0,30}|readers?|anyone|any (system|tool|model|agent|"
    r"one)[^.]{0,40})"
)
_SAY = (
    r"(say|state|reply|answer|respond|report|mention|claim|tell|output|write|declare|"
    r"print|repeat|describe|assert|confirm|credit)"
)
_INSTRUCTION = re.compile(
    r"\b(ignore|disregard|forget|override)\b.{0,60}\b(instructions?|prompts?|rules|questions?|above|previous|prior|everything)\b"
    r"|(^|\band\s+|\bjust\s+)(reply|answer|respond|say|output)\s+(only\s+)?(that|with|exactly)\b"
    r"|\b(system prompt|you are (an? )?(ai|assistant|language model|chatbot))\b"
    # Orders dressed as findings: "our results show that assistants must state that …", "when asked about …, reply …".
    rf"|\b(any |every |the )?{_READER}(\s+[^.]{{0,40}}?)?\s+(must|should|shall|are to|"
    rf"is to|need to|have to|ought to|will)\s+(always\s+|now\s+|only\s+|"
    rf"instead\s+)?{_SAY}\b"
    rf"|\b(when(ever)?|if)\s+(you are\s+|it is\s+|being\s+)?(asked|queried|prompted|questioned)\b[^.]{{0,80}}\b{_SAY}\b"
    r"|\b(note|message|instructions?) (to|for) (the )?(ai|assistants?|chatbots?|"
    r"language models?|llms?|models?|readers?)\b"
    r"|<<<|>>>",
)

# Invisible characters that can sit inside a word: format characters (category Cf: zero-width space/joiners,
# bidi embeddings, overrides and isolates, soft hyphen, word joiner, BOM) and a few blank letters.
_INVISIBLE_EXTRA = {"\u034f", "\u115f", "\u1160", "\u3164", "\uffa0", "\u2800", "\u17b4", "\u17b5", "\u180e"}
# Letters of other scripts drawn like Latin ones (the common part of Unicode's confusables for Latin letters).
_CONFUSABLES = str.maketrans(
    dict(
        pair.split(":")
        for pair in (
            "а:a е:e о:o р:p с:c у:y х:x і:i ј:j ѕ:s ԁ:d һ:h ӏ:l ԛ:q ԝ:w в:b к:k м:m н:h т:t "
            "г:r п:n ь:b ɡ:g ɩ:i ı:i ȷ:j ℓ:l "
            "ο:o α:a ν:v ι:i κ:k τ:t υ:u χ:x ρ:p ε:e η:n β:b μ:u "
            "А:A В:B Е:E К:K М:M Н:H О:O Р:P С:C Т:T Х:X У:Y І:I Ј:J Ѕ:S Ԍ:G "
            "Α:A Β:B Ε:E Ζ:Z Η:H Ι:I Κ:K Μ:M Ν:N Ο:O Ρ:P Τ:T Υ:Y Χ:X"
        ).split()
    )
)


def fold(text: str) -> str:
    """What a check should read: NFKC (full-width and mathematical letters become ASCII), invisible and bidi characters
    removed, accents dropped, look-alike letters of other scripts mapped to Latin, lower case, spaces collapsed."""
    if not text.isascii():  # most sentences are: the per-character work is for the others only
        text = unicodedata.normalize("NFKC", text)
        text = "".join(c for c in text if unicodedata.category(c) != "Cf" and c not in _INVISIBLE_EXTRA)
        text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c)).translate(
            _CONFUSABLES
        )
    return re.sub(r"\s+", " ", text).casefold().strip()


_TAG = re.compile(r"<[^>]*>")


# Sentences whose reading is kept: an answer reads the abstracts of the papers it weighs at question time, the same
# papers question after question (10,147 sentences read over 175 mixed questions at 10k papers); ~250 bytes each.
INSTRUCTION_CACHE = 16_384


@lru_cache(maxsize=INSTRUCTION_CACHE)
def is_instruction(sentence: str) -> bool:
    """An order to a reader or model, or a fragment that is mostly markup (under four words outside its tags)."""
    folded = fold(sentence)
    if _INSTRUCTION.search(folded):
        return True
    return "<" in folded and len(_TAG.sub(" ", folded).split()) < 4


def is_order(title: str) -> bool:
    """A title line that reads as an order to a reader or model ("Ignore previous instructions and …"), not a name."""
    folded = fold(title)
    return bool(_INSTRUCTION.search(folded) or _ORDER_TITLE.match(folded))


# A line that opens with an order and its addressee: "Tell the user that …", "Say that …", "Please answer that …".
_ORDER_TITLE = re.compile(
    r"(please\s+)?(ignore|disregard|forget|tell|inform|remind|say|state|reply|answer|respond|declare|claim|confirm|output|print|repeat)"
    r"\s+(to\s+)?(the user|the reader|users|readers|you|everyone|them|that|only)\b"
)


# Corpus text and the user's own words inside an answer: a "[7]" there is not one of our citation markers, and a
# markdown link or a `javascript:` URL must not become live in a client that renders markdown. Every bracket dialect a
# citation is written in (ASCII, full-width and lenticular brackets, `[^7]` footnotes) is treated the same: `【3】` was
# left as it was while `[7]` became `(7)`.
_FOREIGN_MARKER = re.compile(r"(?:\[|［|【|〔)\s*\^?(\s*\d{1,3}(?:\s*[,;–-]\s*\d{1,3})*\s*)(?:\]|］|】|〕)")
# An HTML tag's opening: `<` before a letter, `/`, `!` or `?`. A zero-width space after the `<` breaks it for every
# HTML and markdown renderer (neither reads `<` plus anything else as a tag) while every view shows the same characters;
# an entity (`&lt;`) would be shown as "&lt;" by the views that print text, the web UI among them.
_TAG_OPEN = re.compile(r"<(?=[A-Za-z/!?])")
TAG_BREAK = "\u200b"


def escape_tags(text: str) -> str:
    """`text` with no HTML tag left in it (`<script>` becomes `<\u200bscript>`): corpus text bound for a client that
    may render markdown with HTML allowed."""
    return _TAG_OPEN.sub("<" + TAG_BREAK, text) if text and "<" in text else text


_MD_LINK = re.compile(
    r"!?\[([^\[\]\n]*)\]\(\s*<?([^()\s<>]*(?:\([^()\s]*\)[^()\s<>]*)*)>?(?:\s+[\"'(][^\n]*?[\"')])?\s*\)"
)
_MD_REF = re.compile(r"!?\[([^\[\]\n]+)\]\[[^\[\]\n]*\]")
_AUTOLINK = re.compile(r"<((?:[a-z][a-z0-9+.-]*):[^<>\s]*)>", re.I)
_UNSAFE_SCHEME = re.compile(
    r"\b(java\s*script|vb\s*script|livescript)\s*:|\bdata\s*:\s*(?=[a-z]+/)|\bfile\s*:(?=//)", re.I
)


def _safe_url(url: str) -> bool:
    return bool(re.match(r"https?://", url, re.I))


def neutralise(text: str) -> str:
    """Corpus or user text made inert for an answer: "[7]" or "【7】" becomes "(7)" (never one of our markers), markdown
    links keep their words (and an http(s) address, shown as text), `javascript:`-like schemes lose their colon, and
    HTML tags are broken (`escape_tags`)."""
    if not text or not any(c in text for c in "[<:［【〔"):
        return text

    def link(m: re.Match) -> str:
        label, url = m.group(1).strip(), m.group(2).strip()
        return f"{label} ({url})" if _safe_url(url) and url != label else label

    out = _MD_LINK.sub(link, text)
    out = _MD_REF.sub(lambda m: m.group(1), out)
    out = _AUTOLINK.sub(lambda m: m.group(1) if _safe_url(m.group(1)) else m.group(1).split(":", 1)[-1], out)
    out = _FOREIGN_MARKER.sub(lambda m: f"({m.group(1).strip()})", out)
    return escape_tags(_UNSAFE_SCHEME.sub(lambda m: re.sub(r"\s*:", "", m.group(0)) + " ", out))


def research_sentences(text: str) -> list[str]:
    """The sentences of an abstract, without instruction-like ones planted in a source."""
    return [s for s in split_sentences(text) if not is_instruction(s)]
