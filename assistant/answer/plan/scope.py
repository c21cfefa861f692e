"""The scope a question asks over: the author's papers, other groups' or the whole corpus."""

from __future__ import annotations

import re

from assistant.answer.plan import phrases
from assistant.models import Filters


def scope_of(question: str, f: Filters, both, excludes, person, position, surname, intent, principal: str) -> str:
    """ "author", "others" or "all": the API's filter first, then "both groups", the author excluded, a position
    asked of someone else, the whole corpus named, else the classifier's reading."""
    if f.author_only is not None:
        scope = "author" if f.author_only else "all"
    elif both:
        scope = "all"  # "his papers and the other group's", "including ones she did not author"
    elif excludes:
        scope = "others"
    elif (person and person != principal and (position or surname)) or (surname and not person):
        # "his", "Tanaka's": the principal author's papers, where a co-author's position is asked
        names = "|".join(re.escape(w) for w in principal.split()) or "his"
        mine = re.search(rf"\b(his|her|their|the author['’]s|(?:{names})['’]s)\b", question, re.I)
        scope = "author" if mine else "all"
    elif phrases.whole_corpus(question) and not re.search(
        # the author named as whose the papers are: "his", "hers", "what she's published", "Keiko Tanaka's", "by
        # Keiko Tanaka" (not "the corpus lists Keiko Tanaka as second author": a position over the corpus)
        rf"\b(he|she|him|his|her|hers|the author['’]s|{re.escape(principal)}['’]s|(?:by|of|from) "
        rf"{re.escape(principal)})\b",
        question,
        re.I,
    ):
        scope = "all"
    else:
        scope = "others" if intent.others_only else "all" if intent.others_asked else "author"
    return scope
