"""A list or count whose table selection reaches exactly one paper, and that goes on to ask something of it ("One of
his papers was sent to ISCA'25 first. How many kernels was it evaluated on?"): answered as that paper's fact."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from assistant.answer.plan import phrases
from assistant.answer.plan.operation import operation_of
from assistant.answer.plan.paper_nouns import EITHER
from assistant.answer.plan.phrases.main_clause import asked_part

ROUTES = ("list", "count")  # the record routes that select papers and would answer with the list of the one
# The further ask is about several things ("on each of them", "which papers are these"), or asks which papers ("on
# which is she not first author?", "which don't use X?", "what else did they write?") or how many: the selection's own
# answer then.
_ASKS_SEVERAL = re.compile(
    rf"\b(?:each|both|them|these|those|all|every)\b|\b(?:which|what)\s+(?:[\w-]+\s+)?(?:{EITHER}|ones?)\b|"
    rf"\bhow many\s+(?:of\s+)?(?:(?:his|her|their|the|these|those)\s+)?(?:{EITHER}|ones?)\b|"
    r"\b(?:list|count|enumerate|else|wr[io]te|written|publish(?:ed)?|co-?authored)\b|"  # "what else did they write?"
    r"\bwhich\s+(?:(?:is|are|was|were|did|does|do|has|have|had)(?:n['’]t)?|never|not|also|still|only)\b",
    re.I,
)
# A further ask is a question: a question mark or a wh-word opens it. "Which journal articles … did she first-author?
# Leave out preprints and conference papers." closes on a condition of the list, not on a second ask (r28c54).
_A_QUESTION = re.compile(r"\?\s*$|^\W*(?:what|which|who|whom|whose|when|where|why|how)\b", re.I)
# A verb in the singular after "which of his papers" ("is", "was", "contains"; not "focus", "discuss"): one paper asked.
_SINGULAR_VERB = re.compile(r"\s+(?:[a-z]*[^su\W]s|is|has|was)\b", re.I)
# A bracket is a gloss of the words before it ("name the supercomputer they ran on (e.g. Tianhe-2)?"): the sentence
# its "e.g." would end is not a second ask (r8s53).
_BRACKET = re.compile(r"\s*\([^()]*\)")
# "how many kernels was it evaluated on?" names what it counts; "how many does it have?" names nothing, and after
# a selection ("her most cited paper") it asks the count of the selection itself.
_COUNT_NAMES = re.compile(r"\bhow\s+many\s+(?!(?:was|were|is|are|does|did|do|has|have|had|of|there)\b)[\w-]+", re.I)


def further_ask(question: str) -> str:
    """The clause a question asks after the part that selects its paper: the first later wh-question ("…. How many
    kernels was it evaluated on?", "…, and what was the largest system it measured?"), else the ask after a
    description ("… — whose charts …?"); "" when none."""
    question = _BRACKET.sub("", question)
    if later := phrases.later_asks(question):
        return later[0].strip()
    described, asked = asked_part(question)  # "Her 2019 paper — whose ice charts supplied its labels?"
    return re.sub(r"^\s*and\s+", "", asked).strip() if described else ""


def asked_of_one(plan, selected: Callable[[object], list[str]]):
    """The plan, or (a first-turn list or count naming no paper, that asks one further thing of what it selects, and
    whose selection `selected` is one paper) the plan of that paper's fact, the further clause asked of it. A field
    of the record asked further ("…, and where was it published?") keeps its route, as does a count naming nothing
    it counts."""
    if ranked := _ranked_then_asked(plan):
        return ranked
    if plan.route not in ROUTES or plan.history or plan.named or plan.focus or plan.within_focus or plan.compared:
        return plan
    ask = further_ask(plan.question)
    if not ask or _ASKS_SEVERAL.search(ask) or phrases.asked_fields(ask) or not _A_QUESTION.search(ask):
        return plan
    if (m := phrases.LIST_FORM.search(ask)) and not _SINGULAR_VERB.match(ask, m.end()):
        # "Between 2020 and 2022, which of his X papers name …?": the list's own clause after a condition; "which of
        # his papers is that, and what …?" picks one paper (its verb in the singular) and asks of it (r16s69, r18s103)
        return plan
    if plan.negated and plan.negated.casefold() in ask.casefold():
        return plan  # "…, which of them don't use X?": the ask says the selection's own condition
    if re.search(r"\bhow\s+many\b", ask, re.I) and not _COUNT_NAMES.search(ask):
        return plan
    papers = selected(plan)
    if len(papers) != 1:
        return plan
    return asked_of(plan, papers, ask, f"the {plan.route}'s selection is one paper: the further ask is a fact of it")


def asked_of(plan, papers: list[str], ask: str, note: str):
    """The plan of the further clause `ask` asked of the papers a step reached: a fact of one paper, or (several)
    each of them side by side, a comparison's grid ("what does each of the two papers report?")."""
    one = len(papers) == 1
    return replace(
        plan,
        route=operation_of("fact", plan.vote, ask, [], [], "") if one else "compare",
        topic="",
        subject="",
        assumed="",
        focus=list(papers),
        compared=[] if one else list(papers),
        corrected=ask,
        notes=[*plan.notes, note],
    )


def _ranked_then_asked(plan):
    """The plan of the one paper a ranking picked ("Which of her papers is the most cited one in OpenAlex, and what
    F1 score does it report?": the planner names the most cited) asked the further clause, when the route read the
    question as the ranking or a list of it; else None. Three multihop items of r25x-r31x answered only the ranking."""
    if plan.route not in (*ROUTES, "metrics") or plan.history or len(plan.named) != 1 or plan.compared:
        return None
    if not phrases.most_cited_named(plan.question):
        return None
    ask = further_ask(plan.question)
    if not ask or _ASKS_SEVERAL.search(ask) or phrases.asked_fields(ask):
        return None
    return asked_of(plan, plan.named, ask, "the ranking picked one paper: the further ask is a fact of it")
