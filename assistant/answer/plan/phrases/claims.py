"""Yes/no questions read by their structure, and the claim each one checks.

A question asks for a verdict when its last clause (after a dash, a colon, a semicolon or a comma) opens with an
auxiliary or a modal ("X's model for Y - did it beat the baseline by 6 points?"), when it ends in a tag ("…, didn't
she?", "…, right?"), when a statement is followed by a check ("I read that X. Is that right?", "Someone told me X;
true?", "X — correct?"), when it asks whether it is true that X ("Is it the case that X?"), when it opens with an
auxiliary ("Did X …?"), or when a statement is asked back after "so" ("So X runs on Y?") or after a lead-in that
announces a check ("Quick check: X runs on Y?"). The claim is the clause being checked: X without the reporting
lead-in ("I read that") or the check. Read once by the planner into QueryPlan.claim; the verdict writer weighs the
claim, not the question.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

AUX = r"is|are|was|were|am|do|does|did|has|have|had|can|could|will|would|should|shall|may|might|must"
# Words that judge a statement, the whole of a check ("right?", "is that so?", "am I right?").
_TRUTH = r"right|correct|true|accurate|so|the case|wrong|false|yes|no|or not|exact|exactly|really|indeed|fair|ok|okay"
_POINTER = r"that|this|it|i|so|they|he|she|there|you|we"
# A check: at most a few words, all of them an auxiliary, a pointer or a judgement ("is that right", "true",
# "did I get that right", "have I got that correct").
_CHECK = re.compile(
    rf"^(?:(?:{AUX})(?:n['’]t)?\s+)?(?:(?:{_POINTER}|get|got|remember|recall|understand|have|it's|that's)\s+){{0,3}}"
    rf"(?:(?:{_TRUTH})\s*){{1,2}}$",
    re.I,
)
# A tag: an auxiliary with a pronoun ("didn't she", "isn't it", "was it not", "doesn't it").
_TAG_CLAUSE = re.compile(rf"^(?:{AUX})(?:n['’]t)?\s+(?:{_POINTER})(?:\s+not)?$", re.I)
# "Is it true that X", "is it the case that X", "would it be fair to say that X", "am I right that X", "am I
# remembering correctly that X".
_IS_IT_TRUE = re.compile(
    rf"^\s*(?:{AUX})\s+(?:it|that|i)\s+(?:really\s+|actually\s+|be\s+)?(?:\w+ing\s+(?:this\s+|it\s+|that\s+)?)?"
    rf"(?:{_TRUTH}|fair|safe|correctly|rightly)"
    r"(?:\s+to\s+(?:say|claim))?(?:\s+that)?\s+(?P<claim>.+)$",
    re.I,
)
# "Can you confirm that X", "could you check whether X": a request to check a claim, not for help.
_CONFIRM = re.compile(
    r"^\s*(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+)?(?:confirm|check|verify|tell me)\s+"
    r"(?:that|whether|if)\s+(?P<claim>.+)$",
    re.I,
)
# "So her classifier runs on a GPU?": a statement asked back with a discourse marker is a check of that statement.
_CONFIRM_OPENING = re.compile(
    r"^\s*(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+)?(?:confirm|check|verify)\b", re.I
)
# "Quick check: the emulator runs on one GPU?", "Sanity-checking a citation - X?": a short lead-in that announces a
# check (a verb of checking, as in "can you confirm …"), then a statement asked back.
_CHECK_LEAD = re.compile(
    r"^(?P<lead>(?:[^\s:\u2013\u2014]+\s+){0,6}?\S*\b(?:check|confirm|verif)\w*\b(?:\s+[^\s:\u2013\u2014]+){0,6}?)"
    r"\s*(?::|\s[-\u2013\u2014]+|[\u2013\u2014])\s*(?P<claim>(?:\S+\s+){2,}\S+?)\s*\?\s*$",
    re.I,
)
# A statement, not a noun phrase asking for something ("Quick check: his papers on sea ice?"): an auxiliary, a past
# form, or a verb in -s before its object or preposition ("runs on", "beats a", "reaches 0.8").
_FINITE = re.compile(
    rf"(?i:\b(?:{AUX})\b|\b\w{{3,}}ed\b|\b\w{{3,}}s\s+(?:a|an|the|on|in|to|at|by|with|from|over|about|\d))"
    r"|\b[a-z]\w{2,}s\s+[A-Z]",
)
# ... where a paper noun is no verb ("her papers on X"): the nouns are set aside before the verb is looked for
_PAPER_NOUNS = re.compile(r"\b(?:papers|publications|articles)\b", re.I)  # not "works": also a verb
_SO = re.compile(r"^\s*(?:and\s+|oh\s+)?(?:so|then)\b[,:]?\s+(?P<claim>(?:\S+\s+){3,}\S+?)\s*\?\s*$", re.I)
_OPENS_AUX = re.compile(rf"^\s*(?:{AUX})\b(?!\s+(?:you|u)\b)", re.I)
# "Why, according to X, do Y …?": a wh-question whatever auxiliary follows its comma.
_WH = re.compile(r"^\W*(?:why|what|how|which|who|whom|whose|when|where)\b", re.I)
# "When they quantized it for the FPGA, did it lose …?": "when" or "where" before a subject, not an auxiliary, opens a
# clause that sets the scene; the question is the clause after it (read by the clause form below).
_SUBORDINATE = re.compile(rf"^\W*(?:when|where)\s+(?!(?:{AUX})(?:n['’]t)?\b)\w+[^?]*?,\s*(?:{AUX})\b", re.I)
# Where a statement's last clause starts: a dash, a colon, a semicolon or a comma (not inside a number: "1,200").
_CLAUSE_SEP = re.compile(r"\s[-\u2013\u2014]+\s|[\u2013\u2014]|[;:]\s|,(?!\d)\s*")
_SENTENCE_SEP = re.compile(r"(?<=[.!?])\s+(?=\S)")
# A demonstrative standing for a statement, not for a noun after it: "Is that what the abstract says?", "Does the
# paper back this up?", "Can you confirm that?", "Does it say so?" (not "Is that paper from 2020?").
# After it: the sentence's end, a verb, a wh-word, a particle or preposition, or an adverb of truth; never a noun.
_AFTER_POINTER = (
    rf"{AUX}|what|how|up|out|in|with|by|from|about|on|for|to|at|anywhere|somewhere|at all|really|actually|correctly|"
    r"right|true|correct|accurate"
)
_POINTER_PRONOUN = re.compile(
    rf"\b(?:this|that)\b(?=\s*(?:[?!.,;]|$)|\s+(?:{_AFTER_POINTER})\b)|\b(?:say|says|said|state|states)\s+so\b",
    re.I,
)
# A reporting lead-in: who said it and the verb of saying, before the claim ("I read that", "someone told me",
# "a colleague mentioned", "according to my notes,").
_REPORTED = re.compile(
    r"^\s*(?:(?:i|we|someone|somebody|people|they|a\s+(?:friend|colleague|co-?worker|student|reviewer)|my\s+\w+)\s+"
    r"(?:\w+\s+){0,2}?"
    r"(?:read|heard|hear|told\s+me|tells\s+me|said|says|claimed|claims|mentioned|mentions|remember|recall|think|"
    r"believe|understand|saw|seem\s+to\s+remember|was\s+told|wrote|noted)"
    r"(?:\s+(?:somewhere|online|once|earlier|recently))?(?:\s+that\b|\s*[,:])?|according\s+to\s+[^,]{1,40},)\s*",
    re.I,
)


@dataclass(frozen=True)
class YesNo:
    claim: str  # the statement being checked, without its lead-in and its check
    form: str  # opening | clause | tag | check | that | so


def _reported(text: str) -> str:
    """The claim without its reporting lead-in: "I read that X" -> "X"."""
    m = _REPORTED.match(text)
    rest = text[m.end() :] if m and m.end() < len(text) else text
    return rest.strip(" \t,;:-\u2013\u2014")


def _last_clause(sentence: str) -> tuple[str, str]:
    """(what comes before, the last clause) of a sentence, split at its last dash, colon, semicolon or comma."""
    body = sentence.rstrip(" ?!.")
    cuts = list(_CLAUSE_SEP.finditer(body))
    if not cuts:
        return "", body.strip()
    last = cuts[-1]
    return body[: last.start()].strip(), body[last.end() :].strip()


def _is_check(clause: str) -> bool:
    return bool(_CHECK.match(clause.strip(" ?!.").casefold()))


def _points_back(sentence: str) -> bool:
    """A yes/no question whose subject or object is the statement before it ("Is that what the paper found?")."""
    body = sentence.strip()
    asks = _OPENS_AUX.match(body) or _CONFIRM_OPENING.match(body)
    return bool(asks and body.endswith("?") and _POINTER_PRONOUN.search(body))


@lru_cache(maxsize=1024)
def yes_no(question: str) -> YesNo | None:
    """The yes/no question's claim and form, or None when the question asks for something else."""
    q = question.strip()
    if not q:
        return None
    sentences = [s for s in _SENTENCE_SEP.split(q) if s.strip()]
    last = sentences[-1]
    # "I read that X. Is that right?": a statement, then a sentence that only checks it.
    if len(sentences) >= 2 and _is_check(last):
        claim = _reported(" ".join(sentences[:-1]).rstrip(" ."))
        return None if _WH.match(claim) else YesNo(claim, "check")
    # "I read that X. Is that what the abstract says?": a statement, then a yes/no question about it, pointing back.
    if len(sentences) >= 2 and _points_back(last) and not sentences[-2].rstrip().endswith("?"):
        claim = _reported(" ".join(sentences[:-1]).rstrip(" ."))
        if not _WH.match(claim) and not _OPENS_AUX.match(claim):
            return YesNo(claim, "check")
    before, clause = _last_clause(last)
    if before and _WH.match(clause) and not _SUBORDINATE.match(clause):
        # "X was run on machines of various sizes: what was the largest one?": a statement, then a clause asking with
        # a wh-word, is no yes/no question, whatever auxiliary opens a clause before it (r36s30).
        return None
    lead = " ".join([*sentences[:-1], before]).strip()
    if before and (_is_check(clause) or _TAG_CLAUSE.match(clause)):
        claim = _reported(lead)
        if _WH.match(claim):
            return None
        if m := _IS_IT_TRUE.match(claim):  # "Is it true that X, right?"
            claim = m.group("claim")
        return YesNo(claim, "tag" if _TAG_CLAUSE.match(clause) else "check")
    if _WH.match(q) and not _SUBORDINATE.match(q):
        return None
    if m := _IS_IT_TRUE.match(_reported(q)) or _CONFIRM.match(q):
        return YesNo(m.group("claim").rstrip(" ?"), "that")
    if _OPENS_AUX.match(q):
        return YesNo(_reported(q.rstrip(" ?")), "opening")
    if (m := _SO.match(q)) and not _WH.match(m.group("claim")) and len(sentences) == 1:
        claim = m.group("claim")
        return YesNo(_reported(claim), "opening" if _OPENS_AUX.match(claim) else "so")
    # "X's model for Y - did it beat the baseline?", "Once X is trained, does it …, and …?": a clause that opens
    # with an auxiliary after a dash, a colon, a semicolon or a comma.
    if any(_OPENS_AUX.match(last[m.end() :]) for m in _CLAUSE_SEP.finditer(last)):
        return YesNo(_reported(q.rstrip(" ?")), "clause")
    if (m := _CHECK_LEAD.match(q)) and len(sentences) == 1 and _states(m.group("claim")):
        return YesNo(_reported(m.group("claim")), "check")
    return None


def _states(clause: str) -> bool:
    """A clause that states something of a thing, not a request ("what …", "his papers on X", "the venue of X")."""
    return not _WH.match(clause) and bool(_FINITE.search(_PAPER_NOUNS.sub(" ", clause)))


def claim_of(question: str) -> str:
    """The claim a yes/no question checks ("" for any other question)."""
    found = yes_no(question)
    return found.claim if found else ""


def untagged(question: str) -> str:
    """The claim without the tag or check that asks to confirm it: "X still needed Y, didn't it?" -> "X still needed
    Y?". The tag's "n't" does not negate the claim."""
    found = yes_no(question)
    return f"{found.claim}?" if found and found.form in ("tag", "check") else question
