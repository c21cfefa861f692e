"""A comparison grid whose rows answer the question's own content: the row it asks about is filled by the sentence
that answers that content best, with the enumeration it announces; a framing part and the shared subject's words
choose nothing."""

from __future__ import annotations

from assistant.answer.evidence.roles import RoleSentence
from assistant.answer.plan.phrases.main_clause import asking_sentences
from assistant.answer.write.aspect import run as _run
from assistant.answer.write.grid import ASKED_ROW, asked_part, asked_row
from assistant.models import Filters, Message
from tests.conftest import make_paper


def test_the_asked_part_drops_the_framing_and_the_words_every_compared_paper_holds():
    papers = [
        make_paper(id="a", abstract="Electron repulsion integrals are balanced by a master-worker scheme."),
        make_paper(id="b", abstract="The electron repulsion integrals are distributed over shell pairs."),
    ]
    question = "Compare the two HONPAS papers: how does each one spread the electron repulsion integral work?"
    assert asked_part(question, papers) == "how does each one spread the work"


def test_a_sentence_that_only_sets_the_scene_is_framing_beside_one_that_asks():
    papers = [make_paper(id="a", abstract="It runs on GPUs."), make_paper(id="b", abstract="It runs on CPUs.")]
    question = "Alpha and Beta both simulate atoms. What hardware does each run on?"
    assert asked_part(question, papers) == "What hardware does each on"  # "run" is in both papers
    assert asked_part("Alpha vs. Beta: which one is faster?", papers) == "which one is faster"
    assert asking_sentences("Compare Alpha and Beta.") == "Compare Alpha and Beta."


def test_the_row_asked_and_whether_the_question_says_more_than_the_rows_word():
    assert asked_row("how does each one spread the work across processes") == ("Approach", True)
    assert asked_row("what problem does each address") == ("Problem", False)
    assert asked_row("which machines did each run on") == ("Hardware / data", True)
    assert asked_row("what does each say about noise") == (ASKED_ROW, True)


def test_an_enumeration_over_sentences_is_one_cell():
    said = [
        "Here, we present two algorithms for the integrals.",
        "Firstly, the integrals are distributed over shell pairs.",
        "Secondly, they are distributed over shell quartets.",
        "We show speedups.",
    ]
    sentences = [RoleSentence(t, "method", i) for i, t in enumerate(said)]
    whole = " ".join(said[:3])
    assert _run(sentences, sentences[0]) == whole and _run(sentences, sentences[1]) == whole
    assert _run(sentences, sentences[3]) == said[3]


def test_the_approach_row_answers_how_each_spreads_the_work(assistant):
    answer = assistant.answer(
        [
            Message(
                role="user",
                content="Compare the static and the dynamic HONPAS papers: how does each distribute the work among MPI "
                "processes?",
            )
        ],
        Filters(),
    )
    assert answer.meta["plan"]["route"] == "compare"
    approach = next(line for line in answer.answer.splitlines() if line.startswith("| Approach"))
    static, dynamic = (
        (approach.split(" | ")[1], approach.split(" | ")[2])
        if "static" in answer.citations[0].title
        else (approach.split(" | ")[2], approach.split(" | ")[1])
    )
    # The dynamic paper states its approach twice ("a dynamic parallel distribution scheme", then the master-worker
    # load balancing, which the role labeller reads as background): either is its approach; a result is not.
    assert "shell pairs" in static and ("master-worker" in dynamic or "dynamic parallel distribution scheme" in dynamic)


def test_a_comparison_embeds_what_it_ranks_each_paper_by_in_one_call(assistant, monkeypatch):
    picker = assistant.answerer().corpus.picker
    calls = []
    real = picker.embeddings.embed_documents
    monkeypatch.setattr(picker, "_queries", {})
    monkeypatch.setattr(picker.embeddings, "embed_documents", lambda texts: calls.append(list(texts)) or real(texts))
    question = (
        "Compare the static and the dynamic HONPAS papers: how does each distribute the work among MPI processes?"
    )
    answer = assistant.answer([Message(role="user", content=question)], Filters())
    assert answer.meta["plan"]["route"] == "compare"
    ranked = [c for c in calls if question not in c]  # the planner's own call embeds the question itself
    # each paper is ranked by the question less its own naming words, and both by the asked part: one call (the code
    # before made one a paper and a reading)
    assert len(ranked) == 1 and len(ranked[0]) == 3


def test_the_hardware_row_asked_for_a_scale_quotes_the_setting_counted(assistant):
    # "scale" is in both papers, so the asked part drops it; the row still prefers a sentence counting its setting
    question = "Put cuNNQS-SCI next to his Sunway VQE simulator: what hardware scale did each one run at?"
    answer = assistant.answer([Message(role="user", content=question)], Filters())
    assert answer.meta["plan"]["route"] == "compare"
    row = next(line for line in answer.answer.splitlines() if line.startswith("| Hardware / data"))
    assert "64 GPUs" in row and "20 million cores" in row
