"""A question that states a selection over the table and then asks something of what it selects ("She has two papers
with Yuki Sato. What improvement does each one report?", "Her only 2019 publication was a conference paper. Where
did its model disagree most …?", "The last author of her crevasse paper also co-wrote a 2020 paper with her. In that
paper, when …?"): the selection read as its own question, its papers (one, or a few the ask takes each of) asked the
further clause as a fact.

The planner reads the whole sentence as one route: a list or a byline that answers only the selection, or a fact
whose topic words (the selection's conditions among them) ground no paper. Reading the stated part alone lets every
table condition the planner knows (people at positions, dates, venue kinds, a topic set aside) pick the papers, and
the further clause is then what is asked of them. Of the multihop misses of the regression sets, 16 were a selection
never narrowed or a paper reached but asked only its selection (the session's table by failing step)."""

from __future__ import annotations

import re
from collections.abc import Callable

from assistant.answer.plan import phrases
from assistant.answer.plan.one_reached import asked_of, further_ask
from assistant.answer.plan.paper_nouns import EITHER

# The routes whose answer is the selection itself (its list, count, byline, date extreme, kinds or code marks), and
# a fact whose whole-sentence topic grounded no named paper: the further clause of these went unanswered.
SELECTING_ROUTES = ("list", "count", "authors", "earliest", "latest", "field_groups", "code", "fact")
# The routes whose answer reaches papers when the stated part is planned alone (a fact there is a paper described,
# not selected: "leaving aside the one about leads" names the paper set aside; a byline there is of the paper the
# statement starts from: "the co-author of her adaptation paper joined her on a foundation model", r8c54).
REACHING_ROUTES = ("list", "count", "earliest", "latest", "field_groups", "code")
# The routes that answer a step from the paper named (its byline's co-author's paper, the earlier of two): what they
# reach, not the paper named, is asked further.
_STEPPED_FROM_NAMED = ("authors", "earliest", "latest")
# At most this many papers are each asked the further clause: the writers' questions state at most three ("three of
# his preprints", "every paper the two of them wrote together" over three); more is a list, not a fact per paper.
REACHED_MAX = 3
# The further clause asks which papers, how many, or for more writing: the selection's own answer then.
_ASKS_WHICH = re.compile(
    rf"\b(?:which|what)\s+(?:[\w-]+\s+)?(?:{EITHER}|ones?)\b|"
    rf"\bhow many\s+(?:of\s+)?(?:(?:his|her|their|the|these|those)\s+)?(?:{EITHER}|ones?)\b|"
    r"\b(?:list|count|enumerate|else|wr[io]te|written|publish(?:ed)?|co-?authored)\b|"
    r"\bwhich\s+(?:(?:is|are|was|were|did|does|do|has|have|had)(?:n['’]t)?|never|not|also|still|only)\b|"
    r"\bwhich\s+of\b|\bwho\b",
    re.I,
)
# The question takes each of several papers ("each one", "for every paper", "both"): a fact per paper.
_EACH = re.compile(r"\b(?:each|every|both)\b", re.I)
_CLAUSE_END = re.compile(r"(?<=[.;:!?])\s+")


def stated_part(question: str, ask: str) -> str:
    """The words before the further clause: the selection the question states ("She has two IGARSS papers. For the
    earlier one,")."""
    at = question.find(ask)
    return question[:at].strip() if at > 0 else ""


def first_clause(stated: str) -> str:
    """The first sentence or clause of the stated part: the selection said first, before what sets a paper aside or
    picks one of it ("She has used gradient-boosted trees in two papers." of "…. Leaving aside the one about
    leads,")."""
    return _CLAUSE_END.split(stated.strip(), maxsplit=1)[0]


def asked_of_reached(
    plan,
    answered: Callable[[object], list[str]],
    reached: Callable[[str, bool], list[str]],
    kept: Callable[[list[str]], list[str]] = list,
):
    """The plan, or (a first-turn question naming no paper whose route answers only a selection, that goes on to ask
    something further) the plan of the further clause asked of the papers selected: the papers the whole question's
    table answer reaches (`answered`) when they are one paper or a few the ask takes each of, else the stated part's
    own (`reached` plans it alone), else its first clause's ("He has two atomistic simulation papers;"), less the
    papers the question sets aside (`kept`: "leaving aside the one about leads", "the one NOT about X"). One paper
    is asked a fact; each of a few is asked it side by side (a comparison's grid, as "what does each of the two
    papers report?"). A field of the record asked further keeps its route, as does an ask of which papers."""
    if plan.route not in SELECTING_ROUTES or plan.history or plan.compared or plan.within_focus:
        return plan
    if plan.route == "fact" and plan.focus:
        return plan  # a fact of a paper reached in steps (a co-author's other paper): already asked of it
    if plan.named and plan.route not in _STEPPED_FROM_NAMED:
        # a fact of a paper named or described is already asked of it; a list of one read it as the pick ("For the
        # one that routes inputs between quantized copies, …": r31xs51 went down when its list's papers were asked)
        return plan
    ask = further_ask(plan.question)
    stated = stated_part(plan.question, ask)
    if not ask or not stated or _ASKS_WHICH.search(ask) or phrases.asked_fields(ask):
        return plan
    if plan.negated and plan.negated.casefold() in ask.casefold():
        return plan  # "…, which of them don't use X?": the ask says the selection's own condition
    each = bool(_EACH.search(plan.question))
    # a paper the question names is where a step starts, not what it reaches; a byline of no paper the planner
    # reached in steps is of the paper the question describes (r11c22: the adaptation paper's, not the later one)
    table = plan.route != "fact" and (plan.route != "authors" or plan.focus)
    papers = _fitting(kept([i for i in answered(plan) if i not in plan.named]) if table else [], each)
    for said in dict.fromkeys((stated, first_clause(stated))):
        papers = papers or _fitting(kept(reached(said, plan.route != "fact")), each)
    if not papers:
        return plan
    return asked_of(
        plan, papers, ask, f"the stated selection reaches {len(papers)} paper(s): the further ask is asked of each"
    )


def _fitting(papers: list[str], each: bool) -> list[str]:
    """The papers when the further clause can be asked of them: one, or a few when the question takes each."""
    if len(papers) == 1 or (each and 1 < len(papers) <= REACHED_MAX):
        return papers
    return []
