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


def test_a_noun_that_names_a_kind_names_one_the_table_knows():
    from assistant.answer.plan.work_kinds import WORK_KINDS

    assert paper_nouns.KIND_OF and set(paper_nouns.KIND_OF.values()) <= set(WORK_KINDS)


def _ask(assistant, question):
    from assistant.models import Filters, Message

    return assistant.answer([Message(role="user", content=question)], Filters())


@pytest.mark.parametrize("noun", sorted(paper_nouns.PLURALS - set(paper_nouns.KIND_OF)))
def test_every_paper_noun_lists_what_papers_lists(tanaka, noun):
    """'Which of her studies involve Greenland?' refused ("none is about 'studies Greenland'") while "papers" listed."""
    papers = _ask(tanaka, "Which of her papers involve Greenland?")
    asked = _ask(tanaka, f"Which of her {noun} involve Greenland?")
    cited = {c.title for c in asked.citations}
    assert cited == {c.title for c in papers.citations}, noun
    assert "Calving Front Delineation of Greenland Glaciers with Multi-Temporal SAR" in cited
    assert asked.meta["plan"]["topic"] == "Greenland"


def test_a_source_named_in_a_count_of_the_collection_is_read(tanaka):
    """ "How many distinct papers of hers are on arXiv?" answered the collection's totals with arXiv unread; the
    source is a condition as in "how many of her papers are on arXiv?" (10 of her 22 papers have an arXiv version)."""
    for question in ("How many distinct papers of hers are on arXiv?", "How many of her papers are on arXiv?"):
        answer = _ask(tanaka, question)
        assert answer.meta["plan"]["route"] == "count", question
        assert "10" in answer.answer and len(answer.citations) == 10, question
    # the kind of work alone is still the collection's own count
    only = _ask(
        tanaka, "How many of her works are only arXiv preprints, with no journal, conference or thesis version?"
    )
    assert only.meta["plan"]["route"] == "corpus" and len(only.citations) == 7
