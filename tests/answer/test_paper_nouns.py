"""One list of the nouns that name a paper (plan/paper_nouns.py), checked against the kinds of work the stores' papers
are, and read alike by every phrase: "her studies" is "her papers"."""

from __future__ import annotations

import pytest

from assistant.answer.plan import paper_nouns
from assistant.answer.plan.phrases.reference import references
from assistant.answer.plan.work_kinds import kind_of
from assistant.answer.write.collection import KINDS

# Kinds that are a condition of their own ("her theses", "his books"): a noun naming one selects papers, so it is no
# generic paper noun.
_CONDITION_KINDS = ("thesis", "book", "chapter", "report")


@pytest.mark.parametrize("corpus", ["assistant", "tanaka"])
def test_the_head_noun_of_every_generic_kind_the_store_holds_is_a_paper_noun(corpus, request):
    papers = request.getfixturevalue(corpus).papers()
    kinds = {kind_of(p) for p in papers}
    assert len(kinds) >= 2, kinds  # the store states kinds: the check reads something
    for kind in kinds & {"journal article", "conference paper", "arxiv only"}:
        singular, plural = KINDS[kind]
        assert singular.split()[-1].casefold() in paper_nouns.SINGULARS, kind
        assert plural.split()[-1].casefold() in paper_nouns.PLURALS, kind
    for kind in _CONDITION_KINDS:
        singular, plural = KINDS[kind]
        assert singular.split()[-1] not in paper_nouns.SINGULARS and plural.split()[-1] not in paper_nouns.PLURALS


def test_every_singular_has_its_plural_and_the_alternations_hold_them():
    import re

    assert len(paper_nouns.SINGULARS) == len(paper_nouns.PLURALS)
    either = re.compile(rf"^{paper_nouns.EITHER}$")
    for word in paper_nouns.SINGULARS | paper_nouns.PLURALS:
        assert either.match(word), word
    assert re.fullmatch(paper_nouns.PLURAL, "studies") and not re.fullmatch(paper_nouns.PLURAL, "study")


@pytest.mark.parametrize("noun", sorted(paper_nouns.SINGULARS))
def test_a_singular_paper_noun_heads_a_reference(noun):
    (ref,) = [r for r in references(f"What does the sea ice drift {noun} conclude?") if r.words]
    assert ref.headed
