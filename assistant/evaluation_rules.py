"""How one answer is scored against one question: citation matching, text normalisation, per-kind rules.

Two rule sets. The dev and team files (kinds fact, topic, attribution, metadata, no_title, out_of_corpus,
follow_up) keep the rules they were written for. A file holding any of the hard kinds (paraphrase, typo,
how, compare, other_group, near_negative, filter, count), any newer kind (why, terse, multihop, dates,
verify, summary, list_condition, negation) or any item with its own `rule` is scored wholly by the rules the
`about` texts give (dev_hard_questions.json, dev_new_kinds.json): normalised titles with a prefix rule,
standalone numbers, titles deleted before facts are matched, partial credit per kind. A newer kind is scored
by the rule it stands for (`RULE_OF`); an item's `rule` overrides its kind's.
"""

from __future__ import annotations

import re

from assistant.models import Answer, Citation

HARD_KINDS = {"paraphrase", "typo", "how", "compare", "other_group", "near_negative", "filter", "count"}
# dev_new_kinds.json's KINDS: each newer kind is scored by one of the hard rules (or verify).
RULE_OF = {
    "why": "paraphrase",
    "terse": "paraphrase",
    "multihop": "paraphrase",
    "verify": "verify",
    "summary": "filter",
    "list_condition": "filter",
    "negation": "filter",
    "typo": "paraphrase",
    "how": "paraphrase",
    "follow_up": "paraphrase",
}
NEW_KINDS = {"why", "terse", "multihop", "dates", "verify", "summary", "list_condition", "negation"}
# Facts are matched with the cited papers' titles cut out for the content rules (and the kinds named so).
TITLE_DELETED = {"paraphrase", "typo", "how", "compare", "other_group", "follow_up", "verify"}
LEGACY_NEGATIVE = ("does not cover", "not cover", "nothing in the corpus", "no paper", "none of")
ABSENCE = re.compile(r"\b(no|not|none|nothing|never|cannot|doesn't|does not|did not|didn't|hasn't|has not)\b")
_NEGATION = re.compile(r"\b(not|no|never|none of|isn't|wasn't|doesn't|didn't)\b")
_NOT_BY = re.compile(
    r"\bnot (by|written by|authored by)\b|\b(another|other|different|separate) (group|team|lab|authors|researchers)\b"
)
_MARKER = re.compile(r"\[\d{1,3}\]")


# --- citations ---------------------------------------------------------------------------------
def norm_title(text: str) -> str:
    return re.sub(r"[^0-9a-z]+", " ", text.casefold()).strip()


def norm_arxiv(value: str | None) -> str:
    if not value:
        return ""
    return re.sub(r"v\d+$", "", re.sub(r"(?i)^arxiv:", "", value.strip()))


def _titles_match(a: str, b: str) -> bool:
    a, b = norm_title(a), norm_title(b)
    if not a or not b:
        return False
    if a == b:
        return True
    short, long = sorted((a, b), key=len)
    return len(short) >= 25 and long.startswith(short)


def matches(entry: dict, c: Citation) -> bool:
    """An expected entry (paper_id, arxiv_id and/or title) is this citation."""
    if entry.get("paper_id") and entry["paper_id"] == c.paper_id:
        return True
    if entry.get("arxiv_id") and norm_arxiv(entry["arxiv_id"]) == norm_arxiv(c.arxiv_id):
        return True
    return bool(entry.get("title")) and any(_titles_match(entry["title"], t) for t in (c.title, c.display_title) if t)


def cited(answer: Answer, entry: dict) -> bool:
    return any(matches(entry, c) for c in answer.citations)


# --- text ----------------------------------------------------------------------------------------
def norm_text(text: str) -> str:
    text = _MARKER.sub("", text).casefold()
    text = re.sub(r"[\u2010-\u2015\u2212]", "-", text).replace("\u00d7", "x")
    text = re.sub(r"[\u2018\u2019\u201b]", "'", text)
    text = re.sub(r"[\u201c\u201d\u201f]", '"', text)
    return re.sub(r"[-\s]+", " ", text)


def fact_found(fact: str, text: str) -> bool:
    """The hard file's fact rule, on texts already passed through norm_text."""
    f = norm_text(fact).strip()
    if not f:
        return False
    if re.fullmatch(r"[\d.,]+%?", f):
        return re.search(rf"(?<![\d.]){re.escape(f)}(?!\d)(?![.,:/]\d)", text) is not None
    if re.fullmatch(r"[a-z0-9]{1,4}", f):
        return re.search(rf"(?<![a-z0-9]){re.escape(f)}(?![a-z0-9])", text) is not None
    if re.fullmatch(r"\w+", f):
        return re.search(rf"(?<!\w){re.escape(f)}", text) is not None
    return f in text


def without_titles(text: str, citations: list[Citation]) -> str:
    """The normalised text with every cited paper's title deleted (a restated title is not a fact)."""
    out = norm_text(text)
    for c in citations:
        if c.title:
            t = norm_text(c.title).strip()
            if t:
                out = out.replace(t, " ")
    return out


def says_not_his(text: str, principal: str) -> bool:
    """The answer says the paper is not the principal author's (the hard file's negation test)."""
    low = norm_text(text)
    first = norm_text(principal.split()[0]) if principal else "yunquan"
    for m in re.finditer(rf"\b({re.escape(first)}|the author|his|him)\b", low):
        if _NEGATION.search(low[max(0, m.start() - 80) : m.start()]):
            return True
    return bool(_NOT_BY.search(low))


def opens_as_his(text: str, principal: str) -> bool:
    low = text.strip().casefold()
    return (
        low.startswith("yes")
        or re.match(
            rf"{re.escape(principal.casefold())} (wrote|authored|introduced|proposed|designed|developed)\b", low
        )
        is not None
    )


# --- scoring -------------------------------------------------------------------------------------
def is_hard(questions: list[dict]) -> bool:
    return any(q.get("kind") in HARD_KINDS | NEW_KINDS or q.get("rule") for q in questions)


def rule_of(q: dict) -> str:
    """The rule an item is scored by: its own `rule`, else its kind's."""
    return q.get("rule") or RULE_OF.get(q["kind"], q["kind"])


# --- verdicts (dev_new_kinds.json's verify rule) -------------------------------------------------
_LABEL = re.compile(r"^(?:short answer|answer|in short|tl;?dr|verdict)\s*:\s*", re.I)
_YES = re.compile(r"^(?:yes|yeah|yep|correct|that's right|right|indeed|true|absolutely)\b")
_NO = re.compile(r"^(?:no|nope|not(?! only| just)|incorrect|false|wrong|that's not)\b")
_NEGATES = re.compile(r"\b(?:not|no|never|none|neither|nor|cannot)\b|n't\b")
_AFFIRMS = re.compile(r"\b(?:yes|correct|indeed)\b")


def first_sentence(text: str) -> str:
    """The answer's first sentence as the verify rule reads it: headings and bold-only lines skipped, bullets,
    emphasis and a leading 'Answer:'-style label dropped, cut at . ! ? or ; (before a space or the end)."""
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#") or re.fullmatch(r"\*\*[^*]+\*\*:?", line):
            continue
        line = re.sub(r"^(?:[-*+•]|\d+[.)])\s+", "", line)
        line = re.sub(r"[*_]{1,3}", "", line).strip()
        line = _LABEL.sub("", line)
        return re.split(r"(?<=[.!?;])(?:\s|$)", line, maxsplit=1)[0].strip()
    return ""


def verdict(text: str) -> tuple[str | None, bool]:
    """("yes" | "no" | None, explicit): the verdict of an answer's first sentence."""
    s = norm_text(first_sentence(text)).replace("’", "'").strip()
    if _YES.match(s):
        return "yes", True
    if _NO.match(s):
        return "no", True
    if _NEGATES.search(s):
        return "no", False
    if _AFFIRMS.search(s):
        return "yes", False
    return None, False


def fact_groups(q: dict) -> list[list[str]]:
    """The fact groups that must each match: `expected_facts_all` as a list of groups (dev_hard), or `true` making
    every entry of `expected_facts` a group (dev_new_kinds); otherwise one group of alternatives (a nested list
    of alternatives in `expected_facts` is flattened into it)."""
    facts, every = q.get("expected_facts") or [], q.get("expected_facts_all")
    as_group = lambda f: f if isinstance(f, list) else [f]  # noqa: E731
    if isinstance(every, list) and every and q.get("rule", q["kind"]) == "compare":
        return [as_group(g) for g in every]
    if every is True:
        return [as_group(f) for f in facts]
    flat = [a for f in facts for a in as_group(f)]
    return [flat] if flat else []


def score_legacy(q: dict, answer: Answer) -> tuple[float, list[str]]:
    checks: list[float] = []
    failures: list[str] = []
    kind = q["kind"]
    expected = q.get("expected_papers") or []
    if kind == "out_of_corpus":
        ok = not answer.citations and any(p in answer.answer.casefold() for p in LEGACY_NEGATIVE)
        checks.append(float(ok))
        if not ok:
            failures.append("should say the corpus does not cover it, with no citations")
    elif expected:
        if kind == "topic":
            found = sum(cited(answer, e) for e in expected)
            checks.append(found / len(expected))
            if found < len(expected):
                failures.append(f"cited {found}/{len(expected)} expected papers")
        else:
            ok = any(cited(answer, e) for e in expected)
            checks.append(float(ok))
            if not ok:
                failures.append("cites none of the expected papers")
    facts = q.get("expected_facts") or []
    if facts:
        ok = any(f.casefold() in answer.answer.casefold() for f in facts)
        checks.append(float(ok))
        if not ok:
            failures.append(f"none of the facts {facts} in the answer")
    rejected = q.get("rejected_answers") or []
    if rejected:  # a user rated this answer down (assistant feedback --questions): it must not come back unchanged
        ok = " ".join(answer.answer.split()) not in {" ".join(r.split()) for r in rejected}
        checks.append(float(ok))
        if not ok:
            failures.append("gives the answer a user rated down")
    return (sum(checks) / len(checks) if checks else 1.0), failures


def score_hard(q: dict, answer: Answer, principal: str) -> tuple[float, list[str]]:
    kind = rule_of(q)
    expected = q.get("expected_papers") or []
    failures: list[str] = []
    text = (
        without_titles(answer.answer, answer.citations)
        if (kind in TITLE_DELETED or q["kind"] in TITLE_DELETED) and not q.get("name_fact")
        else norm_text(answer.answer)
    )
    facts = q.get("expected_facts") or []
    groups = fact_groups(q)
    has_fact = all(any(fact_found(f, text) for f in g) for g in groups) if groups else False
    any_cited = any(cited(answer, e) for e in expected)
    if kind in ("paraphrase", "typo", "how", "follow_up"):
        if not any_cited:
            failures.append("cites none of the expected papers")
        if not has_fact:
            failures.append(f"none of the facts {facts} in the answer")
        return 0.5 * any_cited + 0.5 * has_fact, failures
    if kind == "compare":
        all_cited = all(cited(answer, e) for e in expected)
        all_groups = all(any(fact_found(f, text) for f in g) for g in groups)
        if not all_cited:
            failures.append(f"cited {sum(cited(answer, e) for e in expected)}/{len(expected)} compared papers")
        if not all_groups:
            failures.append(f"missing a fact of {[g for g in groups if not any(fact_found(f, text) for f in g)]}")
        return 0.5 * all_cited + 0.5 * all_groups, failures
    if kind == "other_group":
        denied = any_cited and says_not_his(answer.answer, principal) and not opens_as_his(answer.answer, principal)
        if not any_cited:
            failures.append("cites none of the expected papers")
        if not denied:
            failures.append("does not say it is not the author's")
        if not has_fact:
            failures.append(f"none of the facts {facts} in the answer")
        return (any_cited + denied + has_fact) / 3, failures
    if kind == "filter" and not expected:
        # an exact answer set that is empty (RULES: "near_negative (filter with empty expected_papers)"): the share
        # of it cited is 0/0, so the answer is scored as a near-negative is: cite nothing outside, say so
        kind = "near_negative"
    if kind == "near_negative":
        related = q.get("related_others") or []
        outside = [c for c in answer.citations if not any(matches(e, c) for e in related)]
        if outside or answer.answer.strip().casefold().startswith("yes"):
            return 0.0, [f"cites {len(outside)} papers outside the related others" if outside else "opens with Yes"]
        if answer.citations and not says_not_his(answer.answer, principal):
            return 0.5, ["cites another group's paper without saying it is not the author's"]
        if not answer.citations and not ABSENCE.search(norm_text(answer.answer)):
            return 0.5, ["states no absence"]
        return 1.0, []
    if kind == "verify":
        said, explicit = verdict(answer.answer)
        want = (q.get("expect") or "").casefold()
        if explicit and said != want:
            return 0.0, [f"opens with the opposite verdict ({said}; expected {want})"]
        if said is None:
            failures.append("gives no verdict in its first sentence")
        elif said != want:
            failures.append(f"reads as {said}; expected {want}")
        if not any_cited:
            failures.append("cites none of the expected papers")
        if facts and not has_fact:
            failures.append(f"none of the facts {facts} in the answer")
        return 0.5 * (said == want) + 0.25 * any_cited + 0.25 * (has_fact or not facts), failures
    if kind == "filter":
        allowed = expected + (q.get("allowed_papers") or [])
        found = sum(cited(answer, e) for e in expected)
        extra = sum(1 for c in answer.citations if not any(matches(e, c) for e in allowed))
        if found < len(expected):
            failures.append(f"cited {found}/{len(expected)} expected papers")
        if extra:
            failures.append(f"{extra} cited papers outside the set")
        return max(0.0, found / max(len(expected), 1) - 0.25 * extra), failures
    if kind == "count":
        if not has_fact:
            failures.append(f"none of {facts} in the answer")
        return float(has_fact), failures
    if kind == "out_of_corpus":
        if answer.citations:
            return 0.0, ["cites a paper"]
        if not ABSENCE.search(norm_text(answer.answer)):
            return 0.5, ["states no absence"]
        return 1.0, []
    return score_legacy(q, answer)


def answerable(q: dict) -> bool | None:
    """True when the corpus answers it with citations, False when it must not be answered, None for counts."""
    if rule_of(q) in ("out_of_corpus", "near_negative"):
        return False
    if rule_of(q) == "count" or not q.get("expected_papers"):
        return None
    return True


def refused(q: dict, answer: Answer) -> bool:
    """An answerable question given no citation at all."""
    return not answer.citations


def wrongly_answered(q: dict, answer: Answer) -> bool:
    """An unanswerable question given a citation it should not have (the other group's related papers are allowed)."""
    related = q.get("related_others") or []
    return any(not any(matches(e, c) for e in related) for c in answer.citations)
