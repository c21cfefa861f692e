"""How a question names a value of a paper's record: the kind of work ("in a journal", "arXiv-only", "workshop
papers"), a venue's name word ("IEEE venues"), and whether the words that say it are negated ("(so not arXiv-only
and not a conference)", "not published in IEEE venues", "non-IEEE journals")."""

from __future__ import annotations

import re

from assistant.answer.plan.paper_nouns import EITHER, PLURAL

# The kinds of work (plan/work_kinds.WORK_KINDS) by the nouns that name them. A kind is a property of one paper, so
# two positive kinds are alternatives ("conference or workshop papers") and negated ones are all left out.
KIND_NOUNS = {
    "journal article": re.compile(r"\b(?:peer[- ]reviewed\s+)?journals?\b(?!\s+(?:of|for|on)\b)", re.I),
    "conference paper": re.compile(
        r"\b(?:peer[- ]reviewed\s+)?(?:conferences?|proceedings|workshops?|symposi(?:um|a))\b(?!\s+(?:of|on)\b)", re.I
    ),
    "arxiv only": re.compile(
        r"\barxiv[- ]only\b|\bonly (?:on|to|in) arxiv\b|\b(?:still |just |only )(?:arxiv )?preprints\b", re.I
    ),
    "chapter": re.compile(r"\bbook chapters?\b", re.I),
    "report": re.compile(r"\btechnical reports?\b", re.I),
}
# The sources a paper can be found in besides its venue: arXiv ("her arXiv preprints", "posted to arXiv").
SOURCE_NOUNS = {
    "arxiv": re.compile(
        rf"\barxiv\s+(?:{EITHER}|versions?|submissions?|postings?|entr(?:y|ies))\b|\b(?:on|to)\s+arxiv\b", re.I
    )
}
# Two values joined so that one negation governs both ("not in a journal or conference", "neither X nor Y").
# A bare comma lists them too ("so not a conference, workshop or bare preprint": the workshop is left out as well).
JOINED = re.compile(r"^\s*(?:,\s*|(?:,\s*)?(?:or|nor|and/or|/)\s+)(?:(?:in|at|on)\s+)?(?:an?\s+|the\s+)?$", re.I)
# A kind noun that asks which venue or how many ("which journal …?", "how many distinct journals") names no condition.
_ASKED = re.compile(r"\b(?:which|what|whose|how many|number of)\s+(?:\w+\s+)?$", re.I)
# The words a venue's name is said with besides its own ("IEEE venues", "Elsevier journals", "at NeurIPS").
VENUE_NOUN = re.compile(
    r"^[\s-]*(?:venues?|journals?|conferences?|proceedings|outlets?|publications?|transactions|letters|workshops?)\b",
    re.I,
)
VENUE_CUE = re.compile(r"\b(?:in|at|by|to|from|through|via)\s+(?:the\s+|an?\s+)?(?:\w+\s+)?$", re.I)
# A question asking for several papers: only then is a kind of work a condition ("her PhD thesis" is one paper).
SEVERAL = re.compile(
    rf"\b(?:{PLURAL}|ones|items|entries|titles)\b|\bhow many\b|^\s*(?:list|name)\b"
    # "which of those was a conference paper?": one of several asked for, the kind said of the one
    r"|\bwhich\s+of\s+(?:those|these|them|the\s+(?:above|ones|papers))\b",
    re.I,
)


def values_said(question: str, nouns: dict[str, re.Pattern]) -> list[tuple[str, tuple[int, int]]]:
    """Every value (a kind of work, a source) the question names as a condition with its nouns, with where it says
    it, in the question's order."""
    found = []
    for value, pattern in nouns.items():
        for m in pattern.finditer(question):
            if not _ASKED.search(question[: m.start()]):
                found.append((value, m.span()))
    return sorted(found, key=lambda k: k[1])
