"""The kind a planned route is answered as once its slots are read: verdicts, motivations, methods and summaries by
the question's form and the vote's confidence (the planner's last step)."""

from __future__ import annotations

import re
from dataclasses import replace

from assistant.answer.evidence import asked
from assistant.answer.plan import phrases
from assistant.answer.plan.paper_nouns import PLURAL
from assistant.answer.plan.phrases.main_clause import asks_how, asks_why
from assistant.answer.plan.plan import QueryPlan
from assistant.models import Filters

# "Does the Sentinel-1/RADARSAT-2 adaptation work without labels?": a yes/no question about one thing named with
# "the", not a request for papers ("Does he have papers on X?", "Are there any works on Y?").
_OF_ONE_THING = re.compile(
    r"^\s*(?:does|did|is|was|can|could|will|would)\s+the\s+(?!(?:author|corpus|researcher)\b)", re.I
)
# The structural readings of "why" and of "how" + auxiliary (bench.role_fit --heldout and bench.how_complete
# measure them on and off). "How" is on since the method answer also quotes what the generic answer would
# (write/by_role.QUOTES_GENERIC): every writer's how items, score 0.970 -> 0.985 (r8, r11, r12 +1 item each, no writer
# lower); 18 new wordings (written before testing) 15 -> 17 of 18 answered in full.
STRUCTURAL_HOW = True
STRUCTURAL_WHY = True
_WEIGHS_TWO = re.compile(r"\b(?:than|or|versus|vs)\b", re.I)
_ASKS_PAPERS = re.compile(rf"\b{PLURAL}\b", re.I)


def operation_of(
    route: str, vote, question: str, named: list[str], compared: list[str], topic: str, both: bool = False
) -> str:
    """The kind a fact, list or summary route is answered as once its slots are read: a yes/no question gets a
    verdict whatever example it sat nearest to ("Does X need any communication?" is near a fact example); "why" and
    "how" on a confident vote, or by the structure of the question's main clause (a "why"; a "how" + auxiliary
    when STRUCTURAL_HOW: phrases/main_clause.py) whatever the vote, and "how" never for a question asking which
    paper, who or when, a figure ("how many") or a comparison; a summary of a paper described, not named; a summary
    of a topic, one contribution line per paper; a list over both groups (`both`) stays a list."""
    label = vote.label
    # "Was X pretrained on scenes of both A and B?" names one paper and asks a verdict on its claim, though the
    # words A and B draw a second side; so does "Does the BCD approach cut the cost to 2.6% compared with standard
    # training?", whose second side is the claim's baseline, not a paper named. "Is X faster than Y?" and "Did X or
    # Y …?" weigh two sides and stay a comparison.
    if route == "compare" and len(compared) >= 2:
        one_claim = len(named) <= 1 and not _WEIGHS_TWO.search(question)
        return "verify" if one_claim and phrases.polar(question) else route
    if both and route == "list" and not named:
        # "Is there anything on X, whether by her or by anyone else?": whose papers does not matter, so the yes/no is
        # answered by the papers of both groups (a verdict quotes one paper and hides the other group's)
        return route
    if phrases.polar(question) and (route == "fact" or (label == "verify" and route in ("list", "fact"))):
        return "verify"
    if phrases.polar(question) and route == "list" and _OF_ONE_THING.match(question):
        if not _ASKS_PAPERS.search(question):
            return "verify"
    if label == "why" and route == "fact" and vote.sure:
        return "why"
    # "Why did they feel X was needed in Y?": the structure asks a reason whatever example the vote sat nearest to
    if route in ("fact", "list") and STRUCTURAL_WHY and asks_why(question) and len(compared) < 2:
        return "why"
    # "What constraint motivates running X on board?": the wording asks for the motivation, whichever example won
    if route == "fact" and asked.read(question).roles[:1] == ("motivation",) and label in ("why", "how", "fact"):
        return "why"
    if label == "how" and route == "fact" and vote.sure and not phrases.asks_for_a_thing(question):
        return "how"
    # "How did he speed up X?": the structure asks a method whatever the vote, unless two sides are weighed
    if route == "fact" and STRUCTURAL_HOW and asks_how(question) and len(compared) < 2:
        return "how"
    if route == "summary" or (label == "summary" and route == "fact" and not named):
        return "summary"
    if route == "list" and label in ("summary", "overview") and topic:
        return "topic_summary"
    return route


# Routes that read one paper's record or text: a claim about that paper ("X came out in 2021, didn't it?", "Was Ole
# Hansen the first author of Y?") is checked against it, whichever route its words drew.
_OF_ONE_PAPER = ("fact", "summary", "how", "why", "when", "authors", "arxiv", "categories", "venue", "doi", "list")
# A statement with a check or a tag, or "is it true that X": a claim to check whatever the route, unless it asks
# about papers in the plural ("His papers all use Sentinel-1, right?").
_CLAIM_FORMS = ("tag", "check", "that", "clause", "so")


# "He has worked on federated learning, hasn't he?": a claim about the author's work, which the list answers (his
# papers on it, or none, with other groups' marked), not a claim about one paper.
_OF_THE_AUTHOR = re.compile(r"^\s*(?:(?:and|so|but)\s+)?(?:he|she|they|the author|the researcher)\b", re.I)


def _of_the_author(claim: str, principal: str) -> bool:
    names = "|".join(re.escape(w) for w in principal.split())
    return bool(_OF_THE_AUTHOR.match(claim) or (names and re.match(rf"\s*(?:{names})\b(?!['’]s)", claim, re.I)))


def as_verdict(plan: QueryPlan, filters: Filters, principal: str = "") -> QueryPlan:
    """The plan of a yes/no question made a verdict on its claim (QueryPlan.claim), decided here once: a claim about
    one paper is checked against it, and what the claim says (its years, its co-author) no longer filters the papers
    searched: those are what the verdict compares with the paper's record, not a scope."""
    found = phrases.yes_no(plan.question) if phrases.polar(plan.question) else None
    if found is None:
        return plan
    if plan.route != "verify":
        one = bool(plan.named or plan.focus)
        strong = found.form in _CLAIM_FORMS and not _ASKS_PAPERS.search(found.claim)
        if plan.route not in _OF_ONE_PAPER or plan.route == "list" and not (strong or one and plan.position):
            return plan
        if plan.route == "list" and not one and _of_the_author(found.claim, principal):
            return plan
        # a claim about one paper described in it ("Is X the lead author of the paper forecasting Y?") is checked on
        # that paper whichever of its record's routes the words drew; only a list asks for papers
        if plan.route == "list" and not (strong or one):
            return plan
    f = plan.filters.model_copy(
        update={"year_from": filters.year_from, "year_to": filters.year_to, "coauthor": filters.coauthor}
    )
    notes = (
        plan.notes if plan.route == "verify" else [*plan.notes, f"a yes/no question ({found.form}): its claim checked"]
    )
    # a verdict opens the answer: no note on how a topic was read goes before it
    return replace(plan, route="verify", claim=found.claim, filters=f, topic="", subject="", notes=notes, assumed="")
