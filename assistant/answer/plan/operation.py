"""The kind a planned route is answered as once its slots are read: verdicts, motivations, methods and summaries by
the question's form and the vote's confidence (the planner's last step)."""

from __future__ import annotations

import re

from assistant.answer.evidence import asked
from assistant.answer.plan import phrases

# "Does the Sentinel-1/RADARSAT-2 adaptation work without labels?": a yes/no question about one thing named with
# "the", not a request for papers ("Does he have papers on X?", "Are there any works on Y?").
_OF_ONE_THING = re.compile(
    r"^\s*(?:does|did|is|was|can|could|will|would)\s+the\s+(?!(?:author|corpus|researcher)\b)", re.I
)
_ASKS_PAPERS = re.compile(r"\b(?:papers|works|publications|articles)\b", re.I)


def operation_of(route: str, vote, question: str, named: list[str], compared: list[str], topic: str) -> str:
    """The kind a fact, list or summary route is answered as once its slots are read: a yes/no question gets a
    verdict whatever example it sat nearest to ("Does X need any communication?" is near a fact example); "why" and
    "how" only on a confident vote (an unsure one keeps the generic answer), and "how" never for a question asking
    which paper, who or when; a summary of a paper described, not
    named; a summary of a topic, one contribution line per paper."""
    label = vote.label
    if route == "compare" and len(compared) >= 2:
        return route
    if phrases.polar(question) and (route == "fact" or (label == "verify" and route in ("list", "fact"))):
        return "verify"
    if phrases.polar(question) and route == "list" and _OF_ONE_THING.match(question):
        if not _ASKS_PAPERS.search(question):
            return "verify"
    if label == "why" and route == "fact" and vote.sure:
        return "why"
    # "What constraint motivates running X on board?": the wording asks for the motivation, whichever example won
    if route == "fact" and asked.read(question).roles[:1] == ("motivation",) and label in ("why", "how", "fact"):
        return "why"
    if label == "how" and route == "fact" and vote.sure and not phrases.asks_for_a_thing(question):
        return "how"
    if route == "summary" or (label == "summary" and route == "fact" and not named):
        return "summary"
    if route == "list" and label in ("summary", "overview") and topic:
        return "topic_summary"
    return route
