"""Negated topics: the words a question says its papers must not be about ("not about LLMs", "don't involve X",
"other than X", "as opposed to X"), read to the end of their clause."""

from __future__ import annotations

import re
from dataclasses import dataclass

from assistant.answer.plan.paper_nouns import EITHER, PLURAL
from assistant.answer.plan.phrases.code import code_asked
from assistant.answer.plan.phrases.dates import _MONTH, _PART, YEAR
from assistant.answer.plan.phrases.main_clause import main_clause
from assistant.answer.plan.phrases.who import AUTHOR_POINTER, BOTH_GROUPS, EXCLUDES_AUTHOR
from assistant.answer.plan.phrases.wording import FUNCTION_WORDS

# "not about LLMs", "don't involve large language models", "other than quantization", "without machine learning":
# a topic the answer must leave out. The negated words run to the end of the clause.
_NEG_VERB = (
    r"(?:about|on|concern(?:ed with)?|(?:deal|deals|dealing) with|involve|involving|use|using|rely on|relying on|"
    r"depend on|mention|discuss|consider|include|treat|handle|cover|touch on|address|tackle|target|study|apply|"
    r"employ|exploit|leverage|need|require|build on|work on|look at|focus on|related to|based on|"
    r"(?:have|has) (?:anything )?to do with)"
)
# Participles that say how a paper was written, put out or received, not what it is about: a negation of one is a
# condition on the record ("were not published in 2023", "weren't written by him"), read elsewhere.
_RECORD_PARTICIPLE = (
    r"(?:written|authored|co-?authored|published|released|posted|cited|accepted|submitted|presented|listed|dated|"
    r"indexed|given|shown|seen|taken|chosen|counted)"
)
_NEGATION = re.compile(
    # "don't involve X", "are not about X", "never mention X"
    rf"\b(?:(?:are|is|were|was|do|does|did)(?:\s+not|n['’]t)|not|never)\s+(?:\w+ly\s+)?{_NEG_VERB}\s+"
    r"(?P<x>[^,.;?!]+)"
    # "do not evaluate on X", "did not test X": any verb after do-not, bar writing (that excludes the author)
    r"|\b(?:do|does|did)(?:\s+not|n['’]t)\s+(?:\w+ly\s+)?(?!(?:write|wrote|author|co-?author|appear|come|get|have|has)\b)"
    r"[a-z]+(?:\s+(?:on|with|to|about|in|for|at|against))?\s+(?P<u>[^,.;?!]+)"
    # "were NOT tested on LLMs", "isn't trained with labels": a passive participle and its object, bar the verbs of
    # writing and publishing (`_RECORD_PARTICIPLE`), words that only end like one, and an agent ("not led by
    # Hansen": who, not what)
    rf"|\b(?:are|is|were|was|been)(?:\s+not|n['’]t)\s+(?:\w+ly\s+)?(?!(?:{_RECORD_PARTICIPLE}|open|often|even)\b)"
    r"[a-z]+(?:ed|en)(?!\s+by\b)(?:\s+(?:on|with|to|about|in|for|at|against|using|from))?\s+(?P<p>[^,.;?!]+)"
    # "other than X", "without X", "with no X", "have nothing to do with X", "unrelated to X", "lacking any X"
    r"|\b(?:other than|apart from|except(?: for)?|excluding|besides|without(?: any)?|leaving out|not counting|"
    # "(as opposed to sea ice)", "rather than X", "instead of X": the contrast is a topic left out
    r"as opposed to|rather than|instead of|in contrast to|"
    r"(?:have|has|having) nothing to do with|unrelated to|free of|lack(?:s|ing)?(?: any)?|avoid(?:s|ing)?|"
    # "say nothing about releasing code", "make no mention of GPUs": what a paper is silent on
    r"(?:say|says|said|mention|mentions|state|states) nothing (?:about|of|on)|(?:make|makes|made) no mention of|"
    r"(?:with|have|has|use|uses|involve|involves|mention|mentions|need|needs|require|requires) no)\s+"
    r"(?P<y>[^,.;?!]+)"
    # "aren't quantization papers": the negated words are the kind of paper
    r"|\b(?:are|is|were|was)(?:\s+not|n['’]t)\s+(?:an?\s+)?(?P<z>[\w-]+(?:\s+[\w-]+){0,2}?)\s+"
    rf"(?=(?:{EITHER}|ones?)\b)"
    # "which papers are not chemistry?": a bare noun phrase closing the clause after the negated copula (not a
    # possessive, a participle or a place: "are not his", "are not published", "are not online")
    r"|\b(?:are|is|were|was)(?:\s+not|n['’]t)\s+(?:an?\s+)?(?!(?:his|hers|theirs|him|her|them|mine|ours|by|from|in|on|"
    r"at|yet|available|online|open|public|there|true|correct|right|sure|listed|[\w-]+ed|"
    # an author position is the byline's ("where she isn't first author"), read by the position slots
    r"(?:the\s+)?(?:first|second|third|fourth|fifth|last|lead|leading|senior|sole|main|co-?authors?|authors?)\b)\b)"
    r"(?P<r>[a-z][\w-]*(?:\s+[\w-]+){0,2}?)\s*(?=[?.!;]|$)"
    # "non-LLM papers", "which are non-LLM?" (not "is it non-trivial?")
    rf"|\bnon-(?P<w>[\w-]+)(?=\s+(?:{EITHER}|ones?|research)\b)"
    r"|\b(?:are|were)\s+non-(?P<v>[\w-]+)"
    # "(not sea ice)", "(land ice, not sea ice)": a contrast in brackets
    r"|(?:\(|[,;]\s*(?=[^()]*\)))\s*(?:but\s+)?not\s+(?P<t>[^(),;]+?)\s*\)"
    # "never report a speedup", "never evaluate on X": any verb after never, bar writing (that excludes the author)
    r"|\bnever\s+(?:\w+ly\s+)?(?!(?:write|wrote|written|author|co-?author|appear|come|came|get|been|be)\b)"
    r"[a-z]+(?:\s+(?:on|with|to|about|in|for|at|against))?\s+(?P<s>[^,.;?!]+)",
    re.I,
)
# Where a negated topic ends: a date, "at all", or the start of another clause.
_NEGATION_END = re.compile(
    # "not about large language models — which ones?": a dash before a wh-word opens the ask again
    rf"\s*[—–]\s*(?:which|what|how|who|when|where|why)\b.*$|"
    rf"\s+(?:at all|whatsoever|in any way|(?:from|since|before|after|in|between|during)\s+(?:the\s+)?"
    rf"(?:{YEAR}|{_MONTH}|{_PART})|and (?:which|what|how|who|when)|(?:that|which) (?:are|were|is|was)|{YEAR}|"
    rf"(?:ones?|{EITHER})\b|(?:came|come|were|was|are|is|did|do|does|has|have|had|published|"
    r"appeared)\b)\b.*$",
    re.I,
)


@dataclass(frozen=True)
class Negation:
    topic: str  # the words the answer must leave out ("LLMs", "machine learning")
    span: tuple[int, int]  # where the question says it
    # The absence is what the papers say of themselves ("say they work without any fine-tuning"): the papers that
    # state it are asked for, not those silent on the topic (evidence/stated_absence.py).
    claimed: bool = False


# "Why use a stack of images instead of a single one?", "How does X recover accuracy without calibration data?": a why
# or how question asks for a reason or a method; a negation in it says what the method avoids, not which papers to
# leave out ("how many" asks for papers and keeps its filter).
_ASKS_REASON_OR_METHOD = re.compile(r"^\W*(?:(?:and|so|but|then)\s+)?(?:why\b|how\b(?!\s+(?:many|much)\b))", re.I)


# A verb by which papers say something of themselves, in the clause before an absence ("… say they work without X").
_SAID = re.compile(
    r"\b(?:say|says|said|claim|claims|claimed|state|states|stated|report|reports|reported|promise|promises|"
    r"assert|asserts|advertise|advertises)\b[^,.;:?!()]*$",
    re.I,
)
# The negations that say a thing is absent ("without X", "with no X", "free of X"), not that a paper is not about it.
_ABSENCE = re.compile(r"(?:without|(?:with|use|uses|need|needs|require|requires) no|free of)\b", re.I)
# A verb of the work's working right before the absence ("which of his methods work without any fine-tuning?"): what
# the method does without is a property its paper states of itself, not a topic its paper is not about.
_WORKS = re.compile(r"\b(?:work|works|worked|run|runs|operate|operates|function|functions)\s+(?:\w+ly\s+)?$", re.I)


def _claimed(question: str, m: re.Match) -> bool:
    """The absence `m` says is one the papers claim: a verb of saying leads its clause ("which of his methods say
    they work without any fine-tuning?"), so the papers stating it are asked for."""
    before = question[: m.start()]
    return bool(_ABSENCE.match(m.group(0))) and bool(_SAID.search(before) or _WORKS.search(before))


def negated(question: str) -> Negation | None:
    """The topic a question negates ("not about LLMs", "don't involve X", "other than X"), unless the phrase excludes
    the author ("not by him", "other than his own", which `excludes_author` reads) or the question asks why or how."""
    if _ASKS_REASON_OR_METHOD.match(main_clause(question)):
        return None
    # a scope phrase says whose papers, not what they leave out: "doesn't matter who wrote them", "not just his"
    scope_said = [s.span() for s in BOTH_GROUPS.finditer(question)]
    for m in _NEGATION.finditer(question):
        if any(a <= m.start() < b for a, b in scope_said):
            continue
        group = next(g for g in ("x", "u", "p", "y", "z", "r", "w", "v", "t", "s") if m.group(g))
        raw, start = m.group(group), m.start(group)
        cut = _NEGATION_END.search(raw)
        body = (raw[: cut.start()] if cut else raw).rstrip()
        body = body.rstrip(" )")  # "(as opposed to sea ice)": the bracket is not the topic's
        said, bracket_end = _bracketed(question, start, body)
        x = _topic_of(said.strip(" \"'“”"))
        if (
            not x
            or EXCLUDES_AUTHOR.search(question[m.start() : start + len(body)])
            or AUTHOR_POINTER.fullmatch(x.split()[0])
            and not code_asked(x)  # "don't say their code will be released": the papers' code, no author
            or _in_description(question, m.start())
            or _CONTRAST.match(m.group(0))
            and _PLACE.match(x)
        ):
            continue
        end = bracket_end or start + len(body)
        if tail := re.match(r"\s+(?:at all|whatsoever|in any way)\b", question[end:], re.I):
            end += tail.end()
            # "at all (neither Sentinel-1 nor Sentinel-2)": a bracket after the frame is read as one after the words
            if not bracket_end and (after := re.match(r"\s*\(", question[end:])):
                opened = end + after.end() - 1
                said, bracket_end = _bracketed(question, opened - len(said), said + "(")  # the bracket as if after it
                x, end = _topic_of(said.strip(" \"'“”")), bracket_end or end
        return Negation(x, (m.start(), end), claimed=_claimed(question, m))
    return None


# A bracket after the negated words: a gloss ("sea ice (i.e. about glacier ice instead)", "(e.g. glaciers instead)")
# restates the question and is no part of the topic; a list ("a specific model (ResNet, LLaMA, Qwen...)") gives
# examples of it, read as "like" (topic_terms.alternatives: each example is an alternative of the topic).
_GLOSS = re.compile(r"^\s*(?:i\.?e\.?|that is|namely|meaning|so|i mean)\b|^.*\b(?:instead|rather)\b", re.I)
_EXAMPLE_CUE = re.compile(
    r"^\s*(?:e\.?g\.?|eg|like|such as|including|for example|for instance|neither|either)\s*,?\s*", re.I
)


def _bracketed(question: str, start: int, body: str) -> tuple[str, int]:
    """The negated words with a bracket after them read (`_GLOSS`, examples), and where the bracket closes (0 when
    none is open in `body`): "specific model (ResNet, LLaMA, Qwen...)" -> "specific model like ResNet or LLaMA or
    Qwen"; "sea ice (i.e. about glacier ice instead)" -> "sea ice"."""
    if "(" not in body:
        return body, 0
    opened = start + body.index("(")
    closed = question.find(")", opened)
    head = body[: body.index("(")].rstrip()
    if closed < 0 or not head:
        return body, 0
    inner = question[opened + 1 : closed]
    end = closed + 1
    # "… (ResNet, LLaMA) in their results": where it is said, after the bracket, is the negation's frame too
    if (rest := re.match(r"[^,.;?!()]*", question[end:])) and _WHERE_SAID.match(" " + rest.group(0).strip()):
        end += rest.end()
    if _GLOSS.match(inner):
        return head, end
    items = [i.strip(" .…") for i in re.split(r",|\bn?or\b|\band\b|/", _EXAMPLE_CUE.sub("", inner))]
    items = [i for i in items if i and i.casefold() not in ("etc", "and so on")]
    return (f"{head} like {' or '.join(items)}" if items else head), end


# Where in the paper the negated words are looked for ("in their abstracts", "in the title"), and the quantifier before
# them ("any", "a"): the frame of the negation, not the topic; the papers' own text is where the topic is read anyway.
_WHERE_SAID = re.compile(
    r"\s+(?:anywhere\s+)?(?:in|within|from)\s+(?:the|their|its|his|her|any)?\s*(?:own\s+)?"
    r"(?:abstracts?|titles?|texts?|summar(?:y|ies)|descriptions?|papers?|listings?|results?|experiments?)\b.*$",
    re.I,
)
_QUANTIFIER = re.compile(r"^(?:(?:any|a|an|the|some|single)\s+)+", re.I)


def _topic_of(words: str) -> str:
    """The negated words less their frame: where they are said, the quantifier before them and the function words
    after them ("any ResNet model in their abstracts" -> "ResNet model", "GPUs though" -> "GPUs"); the words
    unchanged when nothing else would be left."""
    trimmed = _QUANTIFIER.sub("", _WHERE_SAID.sub("", words)).strip()
    kept = trimmed.split()
    while len(kept) > 1 and kept[-1].casefold() in FUNCTION_WORDS:
        kept.pop()  # "not about GPUs though", "don't use deep learning either": a closed-class word ends no topic
    return (trimmed if len(kept) == len(trimmed.split()) else " ".join(kept)) or words


# "on board rather than on the ground", "instead of in a data centre": a contrast of a prepositional phrase sets where
# or how a thing is done against another way, not a topic against another topic (which is said without the
# preposition: "as opposed to sea ice").
_CONTRAST = re.compile(r"(?:rather than|instead of|as opposed to|in contrast to)\b", re.I)
_PLACE = re.compile(r"(?:on|in|at|by|via|through|from|to|inside|onto|into|over|under)\s", re.I)


# One paper described in a statement ("She has a paper on transferring a model … without any labels."): a negation
# inside the description is part of what the paper does, not a filter over papers.
_ONE_PAPER_DESCRIBED = re.compile(
    r"\b(?:a|an|one|the|that|this)\s+(?:[\w-]+\s+){0,3}?(?:paper|article|preprint|study|work|method|model|"
    r"system)\s+(?:on|about|that|which|where|in which|describing|proposing|showing|for)\b",
    re.I,
)
_SEVERAL = re.compile(rf"\b(?:{PLURAL}|ones|which of|how many|any of|list)\b", re.I)


def _in_description(question: str, at: int) -> bool:
    """The negation at `at` sits in a statement (not the question sentence) that describes one paper, and a question
    follows it ("She has a paper on X without any labels. What accuracy did that reach?")."""
    starts = [0, *(e.end() for e in re.finditer(r"[.!;]\s+", question[:at]))]
    begin = starts[-1]
    end = re.search(r"[.!?;]", question[at:])
    if not end or question[at + end.start()] == "?" or "?" not in question[at + end.start() :]:
        return False  # the negation is in the question sentence itself: a filter
    prefix = question[begin:at]
    return bool(_ONE_PAPER_DESCRIBED.search(prefix)) and not _SEVERAL.search(prefix)


def without_negation(question: str) -> str:
    """The question with its negated topic (and the words negating it) taken out."""
    n = negated(question)
    if n is None:
        return question
    a, b = n.span
    return question[:a] + " " + question[b:]
