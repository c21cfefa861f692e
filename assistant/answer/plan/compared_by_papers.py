"""Whether a list question's comparison is a condition its papers meet ("which of his papers … comparing against a
Hessian-based method"), not two sides set against each other."""

from __future__ import annotations

import re

from assistant.answer.plan import phrases
from assistant.answer.plan.paper_nouns import PLURAL

# "Which of his papers …", "List her papers that …": the question selects papers; a comparison said after the paper
# noun ("… either using it or comparing against a Hessian-based method") is what the papers do, a condition of the
# list, not two sides the question sets against each other.
_PAPERS_SELECTED = re.compile(
    rf"^\W*(?:which|what|list|name|show|find)\b(?:\s+of)?(?:\s+(?:his|her|their|the|all|every))?(?:\s+[\w'-]+){{0,3}}?"
    rf"\s+{PLURAL}\b",
    re.I,
)


def compared_by_the_papers(question: str, named: list[str]) -> bool:
    """The comparison the question words is one the papers it selects make (`_PAPERS_SELECTED`), no paper named."""
    selected = _PAPERS_SELECTED.match(question)
    said = phrases.COMPARISON.search(question)
    return not named and selected is not None and said is not None and said.start() > selected.end()
