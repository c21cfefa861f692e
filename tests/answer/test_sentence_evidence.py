"""Sentence-level evidence: a described paper is found by its best sentence; the sentence naming the asked kind wins."""

from __future__ import annotations

from assistant.answer.evidence.sentence_search import question_parts
from assistant.answer.evidence.weigh import QueryTerms, SentencePicker
from assistant.models import Filters, Message, Paper
from tests import conftest


def make_paper(abstract: str, **fields) -> Paper:
    title = "Tuning a Finite Volume Code on Many-Core Servers"
    base = dict(id="p1", title=title, display_title=title, date="2016-01-01", year=2016, abstract=abstract)
    return conftest.make_paper(**{**base, **fields})


def test_a_question_with_a_description_and_a_request_is_also_searched_by_each_part():
    parts = question_parts("The solver that splits the mesh by colour: which hardware did it run on?")
    assert parts[1:] == ["The solver that splits the mesh by colour", "which hardware did it run on"]
    assert question_parts("What is MoQE?") == ["What is MoQE?"]


def test_the_sentence_naming_the_asked_kind_beats_index_terms_and_lead_ins(assistant):
    abstract = (
        "Keywords: finite volume, parallel, multi-core, sparse solver, performance optimization. "
        "This work analyses the steps, the computing pattern and the parallel mechanism of a finite volume code. "
        "Based on that analysis, we tune the code on a many-core server platform. "
        "Finally, a vectorised hybrid programming scheme combining message passing with shared-memory threads "
        "is provided."
    )
    paper = make_paper(abstract)
    answerer = assistant.answerer()
    picker = SentencePicker(answerer.retriever.embeddings)
    question = "what hybrid programming scheme did the finite volume tuning work provide?"
    ranked = picker.rank(question, QueryTerms.of(question, answerer.retriever.lexical), [paper])["p1"]
    assert ranked[0][0].startswith("Finally, a vectorised hybrid programming scheme")
    assert not any(s.startswith("Keywords") for s, _ in ranked)


def test_the_best_sentence_lifts_a_paper_the_passage_vector_dilutes(assistant):
    answerer = assistant.answerer()
    paper = next(p for p in assistant.papers() if p.is_author_work and len(p.abstract.split()) > 150)
    sentence = max((s for s in paper.abstract.split(". ") if len(s.split()) > 12), key=len)
    hits = answerer.retriever.search(sentence, Filters(), k=20)
    before = {h.paper.id: h.dense for h in hits}
    lifted = answerer.sentences.lift(sentence, hits)
    after = {h.paper.id: h.dense for h in lifted}
    assert all(after[i] >= before[i] for i in before)
    assert after[paper.id] > 0.9 and after[paper.id] > before[paper.id]


def test_misspelt_questions_weigh_sentences_against_the_corrected_words(assistant):
    messages = [Message(role="user", content="How many cores did the quantum chemestry simulation scale to?")]
    plan = assistant.answerer().plan(messages, Filters())
    assert plan.words == "How many cores did the quantum chemistry simulation scale to?"
    assert plan.question == messages[0].content  # slots and routes read the words as written
    a = assistant.answer(messages)
    assert a.citations and "20 million cores" in a.answer


# The asked role and answer type (evidence/asked.py, data/asked_roles.txt), on made-up abstracts (no eval paper).
ROLE_ABSTRACT = (
    "Sparse solvers are widely used in engineering simulation. "
    "However, existing sparse solvers cannot keep many-core servers busy on small meshes. "
    "This is because the cost of packing the matrix blocks dominates and frequent halo exchanges stall the threads. "
    "We propose MeshTune, a tuning framework for sparse solvers on small meshes. "
    "Specifically, MeshTune generates hundreds of block kernels at install time and picks one per mesh at run time. "
    "MeshTune is 2.4x faster than the vendor library on a 64-core server. "
    "The code is released at https://example.org/meshtune."
)


def _ranked(assistant, question: str, roles=None) -> list[str]:
    answerer = assistant.answerer()
    paper = make_paper(ROLE_ABSTRACT, title="MeshTune: Tuning Sparse Solvers", display_title="MeshTune")
    qterms = QueryTerms.of(question, answerer.retriever.lexical)
    return [s for s, _ in answerer.picker.rank(question, qterms, [paper], roles=roles)["p1"]]


def test_the_wording_says_which_role_and_which_answer_type_is_asked():
    from assistant.answer.evidence.asked import read

    # A reason is asked as the motivation, or the background the labels often give it (evidence/asked.py).
    assert read("Why do existing solvers fail on small meshes?").roles == ("motivation", "background")
    assert read("What held back the earlier solvers from scaling?").roles == ("motivation", "background")
    assert read("How does MeshTune pick its kernels?").roles == ("method",)
    assert read("How well does MeshTune do against the vendor library?").roles == ("result",)
    assert read("meshtune pretraining data size").quantity
    assert not read("How does MeshTune pick its kernels?").quantity
    assert read("Is the MeshTune code available?").roles == ("availability",)


def test_a_sentence_that_explains_the_one_before_it_comes_along():
    from assistant.answer.evidence.asked import explanation

    sentences = [s.strip() + "." for s in ROLE_ABSTRACT.split(". ") if s.strip()]
    claim = sentences[1]
    assert explanation(sentences, claim).startswith("This is because")
    assert explanation(sentences, sentences[3]).startswith("Specifically")
    assert explanation(sentences, sentences[5]) is None


def test_a_release_note_answers_only_a_question_about_the_release(assistant):
    assert not _ranked(assistant, "meshtune kernels")[0].startswith("The code is released")
    assert _ranked(assistant, "Is the meshtune code released?")[0].startswith("The code is released")


def test_the_asked_role_is_preferred_and_a_bare_announcement_gets_its_detail(assistant):
    assert _ranked(assistant, "Why were existing sparse solvers slow on small meshes?")[0].startswith("However")
    picker = assistant.answerer().picker
    question = "How does MeshTune tune sparse solvers?"
    ranked = _ranked(assistant, question)
    announcement = next(s for s in ranked if s.startswith("We propose"))
    assert picker.detail(question, announcement, ranked).startswith("Specifically")
    result = next(s for s in ranked if "2.4x" in s)
    led_by_result = picker.detail(question, result, ranked)  # a "how" led by a result sentence gets a method one
    assert led_by_result is not None and picker.roles([led_by_result]) == ["method"]
    assert picker.detail("What does MeshTune do?", announcement, ranked) is None


def test_a_quoted_explanation_comes_right_after_the_sentence_it_explains():
    from assistant.answer.evidence.asked import with_referents

    ordered = [s.strip() + "." for s in ROLE_ABSTRACT.split(". ") if s.strip()]
    claim, because, result = ordered[1], ordered[2], ordered[5]
    assert with_referents([result, because], ordered) == [result, claim, because]
    assert with_referents([because, result, claim], ordered) == [claim, because, result]
    assert with_referents([result, claim], ordered) == [result, claim]


def test_how_many_is_answered_by_the_number_that_counts_the_asked_thing(assistant):
    abstract = (
        "We study how finite volume codes scale on many-core servers. "
        "The mesh benchmarks are grouped into 4 phases and 9 sub-phases by their memory pattern. "
        "We measured run times from over 50 configurations across 23 mesh benchmarks. "
        "The tuned code runs well on every platform."
    )
    paper = make_paper(abstract)
    answerer = assistant.answerer()
    picker = SentencePicker(answerer.retriever.embeddings)
    question = "for the many-core scaling study, how many mesh benchmarks were used?"
    ranked = picker.rank(question, QueryTerms.of(question, answerer.retriever.lexical), [paper])["p1"]
    assert (
        "23 mesh benchmarks" in ranked[0][0]
    )  # the number that counts them, not the "4 phases" of a sentence that names them too


def test_the_counted_thing_is_read_from_how_many():
    from assistant.answer.evidence.weigh import counted_words, counts

    stems = counted_words("how many evaluation suites did they pull scores from?")
    assert stems == {"evalu", "suite"}
    assert counts("data from over 80 models across 37 evaluation benchmarks", stems)  # "80 models" does not hide 37
    assert not counts("grouped into 6 primary abilities and 11 sub-abilities", stems)
    assert counted_words("What accuracy did it reach?") == set()
