"""The most cited paper as a question says it: "her most cited paper" picks one paper by the citation count its
sources state, and "which of her papers is the most cited one, and what F1 score does it report?" picks it and asks
something further of it; "which is the most cited?" alone, or with its count of citations, asks for the ranking."""

from __future__ import annotations

import re

from assistant.answer.plan.phrases.wording import later_asks

# "her most cited paper": one paper selected by the citation count its sources state.
MOST_CITED = re.compile(
    r"\b(?:his|her|their|the author['’]s|the)\s+(?:single\s+)?most[- ](?:cited|highly[- ]cited)"
    r"(?:\s+(?:paper|work|article|publication|preprint|one)\b(?!s)"
    # "which of her papers is the most cited on OpenAlex": the noun left out, one paper still (not "the most cited
    # papers", a ranking)
    r"|(?!\s+(?:papers|works|articles|publications|preprints|ones)\b))",
    re.I,
)


# Citation counts asked of the papers a comparison names: "how does its citation count compare with …", "is X cited
# more than Y?", "which of the two has more citations?"; "her most cited paper" only picks a side (taken out first).
CITATIONS_SAID = re.compile(r"\bcitations?\b|\bcitation counts?\b|\b(?:cited|cites|referenced)\b", re.I)


def most_cited_named(question: str) -> bool:
    """The question picks its paper as the most cited one and asks something of it ("Where was her most cited paper
    published?", "Which of her papers is the most cited one, and what F1 score does it report?"), not only which
    paper that is (the metrics kind ranks them)."""
    if not MOST_CITED.search(question):
        return False
    if not re.search(r"\b(?:which|what)\s+(?:paper|one|of)\b", question, re.I):
        return True  # "According to OpenAlex, which of her papers …": the ranking asked after a lead-in too
    # "which one is the most cited" picks; a further wh-clause asks something of the paper picked (a count of its
    # citations is the ranking's own answer)
    return any(not CITATIONS_SAID.search(ask) for ask in later_asks(question))
