"""Conditions a list question states beside its topic, each read into its slot and applied together: a quantity in a
kind of unit ("a scaling efficiency as a percentage", "a speedup factor", "a percentage of 90% or more") with the
selection said before it, people as alternatives ("with either Petrov or Hansen"), a kind of work said outright
beside a source set aside ("in a journal (not just arXiv)"), a position said with a pronoun ("did she lead"), and a
subject category named in words ("filed under distributed/parallel computing")."""

from __future__ import annotations

from assistant.answer.evidence.quantity import beyond
from assistant.answer.plan import phrases
from assistant.answer.plan.people import Mention, PersonConstraint, constraints
from tests.asking import ask
from tests.conftest import make_paper


def test_a_quantity_asked_in_a_kind_of_unit_has_no_bound():
    t = phrases.quantity_threshold("Which of his papers give a parallel or scaling efficiency as a percentage?")
    assert (t.noun, t.direction, t.percent, t.ratio) == ("efficiency", 0, True, False)
    t = phrases.quantity_threshold("Which of his papers give a numeric parallel or scaling efficiency percentage?")
    assert (t.noun, t.direction, t.percent) == ("efficiency", 0, True)
    t = phrases.quantity_threshold("Which of his papers both use NVIDIA A100 GPUs and report a speedup factor?")
    assert (t.noun, t.direction, t.ratio) == ("speedup", 0, True)
    # the words before it select the papers; a noun that names no quantity the papers report is none
    assert "A100" in "Which of his papers both use NVIDIA A100 GPUs and report a speedup factor?"[: t.start]
    assert phrases.quantity_threshold("What is the impact factor of the journal she published in?") is None
    t = phrases.quantity_threshold(
        "Which of his papers claim a speedup bigger than 5x over the previous state of the art?"
    )
    assert (t.noun, t.direction, t.value, t.ratio) == ("speedup", 1, 5.0, True)


def test_the_unit_named_as_the_noun_reads_every_figure_in_it():
    """ "a percentage of 90% or more": a percentage of anything ("detects 94% of leads"), not one said beside the
    word "percentage"."""
    papers = [
        make_paper(id="a", abstract="The classifier detects 94% of leads in coincident images."),
        make_paper(id="b", abstract="Accuracy rises from 64% to 82% after adaptation."),
        make_paper(id="c", abstract="The lines fall within 10 m of surveyed coastlines on 92% of their length."),
    ]
    t = phrases.quantity_threshold("Which of her abstracts report a percentage of 90% or more?")
    found = beyond(t.noun, papers, t.direction, t.value, t.ratio, t.percent, t.unit, t.inclusive)
    assert [r.paper.id for r in found] == ["a", "c"]


def test_a_quantity_in_a_unit_is_stated_by_a_figure_in_a_sentence_that_says_it():
    """ "a classification accuracy as a percentage": "raises classification accuracy in the far range from 71% to 86%"
    states one though no number stands next to the noun; a sentence without the noun states none."""
    papers = [
        make_paper(id="a", abstract="The correction raises classification accuracy in the far range from 71% to 86%."),
        make_paper(id="b", abstract="The model reaches 91.3% overall accuracy."),
        make_paper(id="c", abstract="Errors fall by 30% against persistence."),
    ]
    t = phrases.quantity_threshold("Which of her papers report a classification accuracy as a percentage?")
    found = beyond(t.noun, papers, t.direction, t.value, t.ratio, t.percent, t.unit, t.inclusive)
    assert sorted(r.paper.id for r in found) == ["a", "b"]


def test_a_figure_stated_in_a_unit_lists_the_papers_that_state_one(assistant):
    answer = ask(assistant, "Which of his papers give a parallel or scaling efficiency as a percentage?")
    assert answer.meta["plan"]["route"] == "quantity_threshold"
    cited = {c.display_title for c in answer.citations}
    assert len(cited) == 2 and any(t.startswith("cuNNQS-SCI") for t in cited)
    assert any(t.startswith("Unfolding an Atomistic World") for t in cited)


def test_the_selection_said_before_a_threshold_narrows_the_papers_and_is_said(assistant):
    """ "papers both use NVIDIA A100 GPUs and report a speedup factor": the GPU clause selects, the factor is read in
    what it selects (SparStencil's 7.1x and DynaTrain's orders of magnitude name no A100)."""
    answer = ask(assistant, "Which of his papers both use NVIDIA A100 GPUs and report a speedup factor?")
    assert answer.meta["plan"]["topic"] == "NVIDIA A100 GPUs"
    assert "on “NVIDIA A100 GPUs” that report speedup as a factor" in answer.answer
    assert {c.arxiv_id or c.display_title[:9] for c in answer.citations} == {"cuNNQS-SC", "2505.20094"}
    # the words after the threshold qualify the figure, not the papers ("over the previous state of the art")
    bigger = ask(assistant, "Which of his papers claim a speedup bigger than 5x over the previous state of the art?")
    assert bigger.meta["plan"]["topic"] == "" and len({c.paper_id for c in bigger.citations}) == 3
    # the clause the threshold is in is the figure's: "beating earlier approaches by more than a factor of 100"
    beat = ask(assistant, "Which of his papers report beating earlier approaches by more than a factor of 100?")
    assert beat.meta["plan"]["topic"] == "" and len({c.paper_id for c in beat.citations}) == 2


def test_a_ranking_or_a_clause_without_a_paper_noun_is_no_stated_condition(assistant):
    """ "reports the largest speedup factor" ranks the figures (quantity_extreme); "Which of her abstracts quote …" and
    "His meta-study … pooled results … over more than 80 benchmarks" name no papers a selection could be read from."""
    assert (
        phrases.quantity_threshold("Which of his papers reports the largest speedup factor, and how large is it?")
        is None
    )
    largest = ask(assistant, "Which of his papers reports the largest speedup factor, and how large is it?")
    assert largest.meta["plan"]["route"] == "quantity_extreme"
    meta = ask(
        assistant,
        "His meta-study on LLM abilities pooled results from 37 models over more than 80 benchmarks, correct?",
    )
    # a bound claimed of one work is a verdict on that work, with no papers selected by the threshold
    assert meta.meta["plan"]["route"] == "verify" and meta.meta["plan"]["topic"] == ""
    assert meta.meta["plan"]["threshold"] is None


def _mentions(question: str, *names: str) -> list[Mention]:
    out = []
    for name in names:
        at = question.index(name)
        out.append(Mention(name, at, at + len(name), name))
    return out


def test_people_joined_by_or_are_alternatives():
    q = "Papers with either Ivan Petrov or Ole Hansen, published after 2021, that rely on altimetry?"
    (c,) = constraints(q, _mentions(q, "Ivan Petrov", "Ole Hansen"), "Keiko Tanaka")
    assert (c.who, c.also, c.said) == ("Ivan Petrov", ("Ole Hansen",), "Ivan Petrov or Ole Hansen")
    assert c.admits(make_paper(authors=["Keiko Tanaka", "Ole Hansen"]))
    assert c.admits(make_paper(authors=["Ivan Petrov", "Keiko Tanaka"]))
    assert not c.admits(make_paper(authors=["Keiko Tanaka", "Ingrid Berg"]))
    q = "Which of her papers are with Ivan Petrov and Ole Hansen?"
    both = constraints(q, _mentions(q, "Ivan Petrov", "Ole Hansen"), "Keiko Tanaka")
    assert [(c.who, c.also) for c in both] == [("Ivan Petrov", ()), ("Ole Hansen", ())]


def test_alternative_people_select_and_are_said(tanaka):
    answer = ask(tanaka, "Which of her papers are with Ivan Petrov or Ole Hansen?")
    assert answer.meta["plan"]["people"] == ["Ivan Petrov: author, or Ole Hansen"]
    assert "with Ivan Petrov or Ole Hansen" in answer.answer.split("\n")[0]
    hansen = {c.paper_id for c in ask(tanaka, "Which of her papers are with Ole Hansen?").citations}
    petrov = {c.paper_id for c in ask(tanaka, "Which of her papers are with Ivan Petrov?").citations}
    assert {c.paper_id for c in answer.citations} == hansen | petrov and hansen - petrov and petrov - hansen


def test_a_pronoun_that_leads_is_the_first_author():
    q = "Between 2020 and 2022, which sea-ice papers did she lead that ended up in journals?"
    assert constraints(q, [], "Keiko Tanaka") == [PersonConstraint("Keiko Tanaka", 1)]


def test_a_kind_said_outright_beside_arxiv_set_aside(tanaka):
    """ "it appeared in a journal (not a conference and not just arXiv)": journal articles; arXiv, negated, is no
    venue asked and the kind ruled out beside it no "only preprints"."""
    answer = ask(
        tanaka,
        "Which of her papers meet all three: she is first author, it appeared in a journal (not a conference and not "
        "just arXiv), and it uses Sentinel-1?",
    )
    plan = answer.meta["plan"]
    assert plan["work_type"] == "journal article" and plan["venues"] == []
    assert len({c.paper_id for c in answer.citations}) == 2
    assert "journal articles listing Keiko Tanaka as first author" in answer.answer


def test_a_pronoun_after_another_person_leads_for_them_not_the_author():
    q = "Zeyu Liu is first author on one of the papers with Zhang. For the one he led, which GPUs were used?"
    said = constraints(q, _mentions(q, "Zeyu Liu"), "Yunquan Zhang")
    assert [c.who for c in said if c.position == 1] == ["Zeyu Liu"]


def test_a_category_named_in_words_beside_a_filing_word():
    from assistant.answer.plan.phrases.category_names import named_categories

    codes = ["AI", "CL", "CV", "DC", "LG", "PF"]
    q = "Which April 2026 papers on his profile are filed under distributed/parallel computing and deal with X?"
    assert named_categories(q, codes) == [("DC", "filed under distributed/parallel computing")]
    assert named_categories("Which papers are in the machine learning category?", codes) == [
        ("LG", "machine learning category")
    ]
    # without a filing word the words are a topic; a dotted code the table writes is read by its own name
    assert named_categories("Which of his papers are about machine learning?", codes) == []
    assert named_categories("papers listed under atmospheric and oceanic physics", ["physics.ao-ph"])


def test_a_category_named_in_words_selects_its_papers(assistant):
    answer = ask(assistant, "Which of his papers from April 2026 are filed under distributed/parallel computing?")
    plan = answer.meta["plan"]
    assert plan["categories"] == ["DC"] and plan["topic"] == ""
    assert "in the DC category" in answer.answer.split("\n")[0]
