"""What a question asks of a paper's sentences: the role asked after a lead-in, a how-clause inside the question, a
further wh-ask after a yes/no or descriptive part, and a sentence whose subject points back (made-up wordings)."""

from __future__ import annotations

from assistant.answer.evidence import asked
from assistant.answer.evidence.weigh import QueryTerms, SentencePicker
from assistant.answer.plan import phrases
from tests import conftest


def test_why_after_a_lead_in_and_how_inside_the_question_ask_their_roles():
    assert "motivation" in asked.read("In the kiln surrogate paper, why do they think a surrogate is needed?").roles
    assert asked.read("Quote the line from the glacier paper that explains how they label crevasses.").roles == (
        "method",
    )
    assert "method" not in asked.read("Tell me how well the glacier model scores.").roles


def test_a_yes_no_part_followed_by_a_wh_question_asks_the_fact():
    q = "Is there a study where kilns are planned by a surrogate on a laptop? How much time did it save?"
    assert not phrases.polar(q)
    assert phrases.later_asks(q) == ("How much time did it save?",)
    assert phrases.polar("Did the surrogate plan the kiln on a laptop?")
    assert phrases.later_asks("Did the surrogate plan the kiln on a laptop?") == ()
    assert phrases.untagged("The surrogate needed a cluster, didn't it?") == "The surrogate needed a cluster?"


def test_a_wh_clause_closed_by_a_full_stop_before_a_check_is_the_statement_checked():
    # invented wording (a made-up kiln model): "where …" ends a statement that the next sentence asks about
    q = "I recall the kiln surrogate being tested on a laptop, where it beat the finite-element solver. Is that right?"
    assert phrases.later_asks(q) == ()
    assert phrases.polar(q)
    # typed without a question mark and nothing asked after it, a wh-sentence is still an ask
    assert phrases.later_asks("List her kiln papers. Which one is the earliest.") == ("Which one is the earliest.",)


def test_a_sentence_pointing_back_brings_its_referent():
    ordered = [
        "We split the network into several small towers, each holding one head.",
        "Each tower is trained alone on a cheap phone.",
        "The result matches the full model.",
    ]
    assert asked.with_referents([ordered[1]], ordered) == ordered[:2]
    assert asked.with_referents([ordered[2]], ordered) == [ordered[2]]  # "The result" points back to nothing named


def _ranked(assistant, question: str, abstract: str, title: str = "Adaptive Mesh Refinement on Many-Core Servers"):
    paper = conftest.make_paper(id="p1", title=title, display_title=title, abstract=abstract)
    answerer = assistant.answerer()
    picker = SentencePicker(answerer.retriever.embeddings)
    qterms = QueryTerms.of(question, answerer.retriever.lexical)
    ranked = picker.rank(question, qterms, [paper])["p1"]
    weights = picker.role_weights(question, [s for s, _ in ranked])
    return {s: score - w for (s, score), w in zip(ranked, weights)}  # each sentence's score by the question alone


def test_a_why_after_a_lead_in_is_answered_by_the_reason_not_the_sentence_sharing_its_words(assistant):
    abstract = (
        "Mesh refinement is central to engineering simulation. "
        "Since serial refinement cannot handle meshes of a billion cells in reasonable time, parallel refinement "
        "has become necessary for practical problems. "
        "Based on the OpenRefine code, this work analyzes the steps and the parallel mechanism of parallel refinement "
        "on many-core servers. "
        "The new scheme refines meshes 3.1x faster."
    )
    question = "In the OpenRefine paper, why do the authors say parallel refinement is necessary at all?"
    answerer = assistant.answerer()
    paper = conftest.make_paper(id="p1", title="Mesh Refinement", display_title="Mesh Refinement", abstract=abstract)
    qterms = QueryTerms.of(question, answerer.retriever.lexical)
    ranked = SentencePicker(answerer.retriever.embeddings).rank(question, qterms, [paper])["p1"]
    assert ranked[0][0].startswith("Since serial refinement cannot")


def test_a_how_question_is_not_answered_by_the_bare_announcement(assistant):
    abstract = (
        "Training mixtures of experts needs large accelerators with fast links. "
        "To address this, we propose TowerSplit (Towers with Split Routing), a staged framework for training each "
        "expert on phones. "
        "TowerSplit divides the model into small towers, each holding a shared trunk and a single expert, and "
        "assigns the data to towers by clustering. "
        "Each tower is trained alone on a cheap phone, without any exchange between phones."
    )
    question = "How does TowerSplit train each expert on phones without them exchanging data?"
    raw = _ranked(assistant, question, abstract, "TowerSplit: Low-Cost Training of Mixture-of-Experts Models")
    announcement = next(s for s in raw if s.startswith("To address this"))
    assert max(raw, key=raw.get) != announcement  # it names the work; the others say how it trains


def test_a_lead_in_then_a_wh_ask_is_answered_by_the_ask():
    q = "In her study on kiln surrogates, what loss function decides which schedules are kept?"
    assert phrases.later_asks(q) == ("what loss function decides which schedules are kept?",)
    assert phrases.later_asks("Is it so that the kiln model, which runs on a laptop, needs a GPU?") == ()
    assert phrases.polar("Is it so that the kiln model, which runs on a laptop, needs a GPU?")


def test_a_question_asking_what_problem_motivated_a_study_is_not_answered_by_its_result(assistant):
    abstract = (
        "Hand-drawn glacier outlines are widely used, yet they differ from one mapper to the next. "
        "We compare the outlines of three mapping teams on 400 glaciers. "
        "Experiments show that training with a consensus loss recovers half of the accuracy lost to outline noise."
    )
    question = "What problem with hand-drawn glacier outlines motivated the outline-noise study?"
    answerer = assistant.answerer()
    title = "Outline Noise in Hand-Drawn Glacier Inventories"
    paper = conftest.make_paper(id="p1", title=title, display_title=title, abstract=abstract)
    qterms = QueryTerms.of(question, answerer.retriever.lexical)
    ranked = SentencePicker(answerer.retriever.embeddings).rank(question, qterms, [paper])["p1"]
    # The problem sentence reads as background by its cues ("widely used"), the result as a result ("Experiments show").
    assert ranked[0][0].startswith("Hand-drawn glacier outlines")
    assert "background" in asked.read(question).roles


def test_a_further_ask_for_a_speed_is_answered_by_the_sentence_stating_one(assistant):
    abstract = (
        "This paper proposes FoldScan, a more general dead store detection technique for loop nests. "
        "Dead store detection is a key optimization direction in modern compilers. "
        "It walks the dependence graph of each loop nest to find dead stores hierarchically in linear time. "
        "Experimental results demonstrate the effectiveness of FoldScan."
    )
    paper = conftest.make_paper(id="p1", title=None, display_title="FoldScan", abstract=abstract)
    answerer = assistant.answerer()
    picker = SentencePicker(answerer.retriever.embeddings)
    ask = "how fast is its dead store detection?"
    assert "in linear time" in picker.best(ask, QueryTerms.of(ask, answerer.retriever.lexical), paper)
    other = "what does its dead store detection walk?"  # no figure asked: the ranking alone decides
    assert picker.best(other, QueryTerms.of(other, answerer.retriever.lexical), paper)
