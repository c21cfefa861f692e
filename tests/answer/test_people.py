"""People found by the corpus's author index (any case, accent, order, initials) and one constraint per person."""

from __future__ import annotations

from assistant.answer.plan.people import PersonConstraint, constraints
from assistant.answer.plan.person_index import PersonIndex
from assistant.models import Message
from tests.conftest import make_paper

AUTHORS = ["Søren Ødegård", "Ana García López", "Björn Lindqvist", "B. Lindqvist", "Wei Chen", "Li Chen", "Paul Rose"]
PRINCIPAL = "Mirela Dănescu"


def index() -> PersonIndex:
    return PersonIndex.of(AUTHORS, PRINCIPAL)


def names(question: str, ordinary=lambda w: w in {"rose", "chen"}) -> list[str]:
    return [m.name for m in index().mentions(question, ordinary)]


def test_names_are_found_folded_transliterated_reordered_and_by_initials():
    assert names("anything by soren odegard since 2020?") == ["Søren Ødegård"]
    assert names("what did Bjoern Lindqvist and ANA GARCIA-LOPEZ publish") == ["Björn Lindqvist", "Ana García López"]
    assert names("papers where B. Lindqvist appears") == ["Björn Lindqvist"]
    assert names("Lindqvist Björn's papers") == ["Björn Lindqvist"]
    assert names("the garcia lopez collaborations") == ["Ana García López"]


def test_a_bare_surname_needs_one_owner_and_in_lower_case_must_be_no_ordinary_word():
    assert names("which papers list Chen?") == []  # two people named Chen
    assert names("papers with Wei Chen") == ["Wei Chen"]
    assert names("the ones Rose wrote") == ["Paul Rose"]
    assert names("the rose diagram papers") == []  # an ordinary word in lower case
    assert names("has danescu led any of them") == [PRINCIPAL]  # the principal's surname


def paper(authors: list[str], **kw):
    return make_paper(id="|".join(authors), authors=authors, **kw)


def test_each_person_gets_the_position_said_of_them_not_the_first_position_in_the_question():
    q = "which papers have Danescu as lead author and soren odegard as a co-author?"
    got = constraints(q, index().mentions(q), PRINCIPAL)
    assert set(got) == {PersonConstraint(PRINCIPAL, 1), PersonConstraint("Søren Ødegård")}
    q = "Among the papers she wrote with Björn Lindqvist, on which is she not the first author?"
    got = constraints(q, index().mentions(q), PRINCIPAL)
    assert set(got) == {PersonConstraint(PRINCIPAL, 1, negated=True), PersonConstraint("Björn Lindqvist")}
    q = "papers led by Ana Garcia Lopez without Wei Chen"
    got = constraints(q, index().mentions(q), PRINCIPAL)
    assert set(got) == {PersonConstraint("Ana García López", 1), PersonConstraint("Wei Chen", absent=True)}


def test_constraints_conjoin_on_the_byline():
    led = PersonConstraint(PRINCIPAL, 1)
    with_soren = PersonConstraint("Søren Ødegård")
    not_first = PersonConstraint(PRINCIPAL, 1, negated=True)
    a = paper([PRINCIPAL, "S. Ødegård"])
    b = paper(["Søren Ødegård", PRINCIPAL])
    c = paper(["Wei Chen", "Mirela Danescu"])
    assert [p for p in (a, b, c) if led.admits(p) and with_soren.admits(p)] == [a]
    assert [p for p in (a, b, c) if not_first.admits(p) and with_soren.admits(p)] == [b]
    assert not PersonConstraint("Søren Ødegård", absent=True).admits(a)


def plan_of(assistant, question: str):
    from assistant.models import Filters

    return assistant.answerer().planner.plan([Message(role="user", content=question)], Filters())


def test_a_lower_case_name_without_its_umlauts_is_the_corpus_person(tanaka):
    plan = plan_of(tanaka, "count the papers listing jorg mueller")
    assert plan.person == "Jörg Müller" and plan.route == "count" and not plan.topic


def test_the_position_stays_with_the_principal_when_a_co_author_is_named_beside_it(tanaka):
    plan = plan_of(tanaka, "Which papers have Ole Hansen on the byline while Tanaka is the lead author?")
    corpus = tanaka.answerer().corpus
    assert (plan.person, plan.position, plan.filters.coauthor) == (corpus.principal, 1, "Ole Hansen")
    expected = {p.id for p in corpus.authors_papers if p.authors[0] == corpus.principal and "Ole Hansen" in p.authors}
    answer = tanaka.answer(
        [__import__("assistant.models", fromlist=["Message"]).Message(role="user", content=plan.question)]
    )
    assert {c.paper_id for c in answer.citations} == expected


def test_a_paper_is_reached_through_the_person_on_another_paper(tanaka):
    corpus = tanaka.answerer().corpus
    by_words = {w: p.id for p in corpus.authors_papers for w in ("Foundation", "Melt Pond") if w in (p.title or "")}
    plan = plan_of(
        tanaka,
        "Mei Lin and Tanaka built the quantized on-board classifier together. In the other paper Lin is on, how "
        "many scenes was the model pretrained on?",
    )
    assert plan.focus == [by_words["Foundation"]] and plan.route == "fact"
    plan = plan_of(
        tanaka,
        "the co-author of her coastline extraction paper also worked with her on a melt pond study - what "
        "fraction did it map?",
    )
    assert plan.focus == [by_words["Melt Pond"]]


def test_a_yes_no_claim_naming_a_co_author_is_checked_not_turned_into_their_joint_papers(tanaka):
    plan = plan_of(tanaka, "Did Tanaka and Hansen forecast ice drift with a graph network trained on buoy tracks?")
    assert plan.route == "verify"
    assert plan_of(tanaka, "Has she published anything with hansen?").route == "list"


def test_leading_verbs_elliptic_positions_and_absence_said_after_the_name():
    def said(q):
        return set(constraints(q, index().mentions(q), PRINCIPAL))

    assert said("How many of the Danescu papers did lindqvist head?") == {PersonConstraint("Björn Lindqvist", 1)}
    assert said("any where Wei Chen is the senior author and Dănescu is second?") == {
        PersonConstraint("Wei Chen", -1),
        PersonConstraint(PRINCIPAL, 2),
    }
    assert said("her papers that Paul Rose was not involved in") == {PersonConstraint("Paul Rose", absent=True)}


def test_a_co_author_said_with_with_after_a_position_does_not_hold_it():
    q = "Papers she led as first author with Wei Chen among the co-authors, before 2022?"
    assert set(constraints(q, index().mentions(q), PRINCIPAL)) == {
        PersonConstraint(PRINCIPAL, 1),
        PersonConstraint("Wei Chen"),
    }


def test_a_position_held_by_someone_else_than_the_person_after_it_is_negated():
    q = "which of them have a senior author other than lindqvist?"
    assert constraints(q, index().mentions(q), PRINCIPAL) == [
        PersonConstraint("Björn Lindqvist", -1, negated=True, unlisted_too=True)
    ]


def test_a_person_inside_the_clause_a_negation_governs_is_left_out():
    def said(q):
        return set(constraints(q, index().mentions(q), PRINCIPAL))

    without_rose = {PersonConstraint("Björn Lindqvist"), PersonConstraint("Paul Rose", absent=True)}
    assert said("Which of her papers with Björn Lindqvist don't involve Paul Rose?") == without_rose
    assert said("Which of her papers with Björn Lindqvist don't have Paul Rose on the author list?") == without_rose
    assert said("Which of her Lindqvist papers were not co-written with Paul Rose?") == without_rose
    assert said("Which of her papers with Björn Lindqvist is Paul Rose not on?") == without_rose
    # a negation of another condition does not reach the person after a "with"
    assert said("Which of her papers not about sea ice with Paul Rose?") == {PersonConstraint("Paul Rose")}
    assert said("Which of her papers with Paul Rose are not on arXiv?") == {PersonConstraint("Paul Rose")}


def test_a_position_negated_of_a_co_author_holds_for_papers_they_are_not_on_unless_said_to_be_on_them():
    lindqvist_led = paper(["Björn Lindqvist", PRINCIPAL])
    lindqvist_second = paper([PRINCIPAL, "Björn Lindqvist"])
    without_him = paper([PRINCIPAL, "Wei Chen"])
    papers = [lindqvist_led, lindqvist_second, without_him]

    def kept(q):
        got = constraints(q, index().mentions(q), PRINCIPAL)
        return [p for p in papers if all(c.admits(p) for c in got)]

    assert kept("Which of her papers are not led by Björn Lindqvist as first author?") == [
        lindqvist_second,
        without_him,
    ]
    assert kept("Which of her papers with Björn Lindqvist is he not the first author of?") == [lindqvist_second]


def test_a_person_left_out_is_no_topic_and_no_co_author(tanaka):
    plan = plan_of(tanaka, "her articles written without ole hansen")
    assert not plan.negated and plan.filters.coauthor is None
    assert [(c.who, c.absent) for c in plan.people] == [("Ole Hansen", True)]


def test_an_ordinary_word_opening_a_sentence_is_no_surname():
    assert names("Rose diagrams: which papers have them?") == []
    assert names("which did Rose write?") == ["Paul Rose"]


def test_a_position_ending_the_question_with_of_is_still_a_condition():
    q = "Among her papers with Wei Chen, which is she the last author of?"
    got = constraints(q, index().mentions(q), PRINCIPAL)
    assert PersonConstraint(PRINCIPAL, -1) in got and PersonConstraint("Wei Chen") in got


def test_a_position_in_the_clause_a_negation_governs_is_negated():
    from assistant.answer.plan import phrases

    q = "Which of her papers does she NOT lead as first author?"
    assert phrases.position_negated(q)
    assert constraints(q, index().mentions(q), PRINCIPAL) == [PersonConstraint(PRINCIPAL, 1, negated=True)]
    assert phrases.position_negated("In which of her papers is she not listed first?")
    q = "Which of her papers did Björn Lindqvist not lead?"
    assert phrases.position(q) == 1 and phrases.position_negated(q)
    assert constraints(q, index().mentions(q), PRINCIPAL) == [
        PersonConstraint("Björn Lindqvist", 1, negated=True, unlisted_too=True)
    ]
    # a person set against another is no negation of the position
    assert not phrases.position_negated("Which of her papers have Lindqvist rather than her as first author?")


def test_a_person_negated_with_where_they_stand_is_no_topic(tanaka):
    plan = plan_of(tanaka, "Which of her papers with Jörg Müller don't include Lucía García as an author?")
    assert not plan.negated
    assert {(c.who, c.absent) for c in plan.people} == {("Jörg Müller", False), ("Lucía García", True)}
