"""Questions made only of structure (dates, scope, greetings, "known for", metrics) are read as filters over the
table or as questions about the corpus: never "none of his papers is about '<a word that is not a topic>'"."""

from __future__ import annotations

import re

import pytest

from assistant.answer.plan import kinds
from assistant.answer.plan.phrases import STRUCTURE
from tests.asking import ask

STRUCTURE_ONLY = [
    "hi",
    "Hello there!",
    "thanks!",
    "hey, what can you do?",
    "Which papers did he put out in March 2025?",
    "What did he publish in the first half of 2024?",
    "Anything from late 2022?",
    "What came out in Q2 2025?",
    "List everything he wrote between May 2024 and February 2025.",
    "What has he published since 2025?",
    "Which of his papers are from 2020 or earlier?",
    "What is he best known for?",
    "What is Yunquan Zhang best known for?",
    "What are his key contributions?",
    "What are his main contributions?",
    "What is his h-index?",
    "How many citations does he have?",
    "Which papers did he write in the two years after 2020?",
    "Give me a list of his papers.",
    "Which of his papers came out in the second half of 2025?",
    "Name his papers from early 2026.",
    "What else has he published?",
    "Which of his papers appeared after June 2025?",
    "What did he release before 2021?",
    "How many papers did he publish in late 2024?",
    "Which of his works date from 2022?",
    "What did he publish in the three years before 2024?",
    "Which of his papers were put out in the spring of 2025?",
    "Show me what he wrote in mid 2025.",
    "How many of his papers came out in the last quarter of 2024?",
]
# A refusal that names a topic: "none of … is about “…”".
_NONE_ABOUT = re.compile(r"(?i)\bnone of\b[^\n]*?\babout “([^”]*)”")


def test_there_are_thirty_structure_only_questions():
    assert len(set(STRUCTURE_ONLY)) == 30


@pytest.mark.parametrize("question", STRUCTURE_ONLY)
def test_a_question_of_structure_only_is_never_refused_on_a_non_topic(assistant, question):
    answer = ask(assistant, question)
    m = _NONE_ABOUT.search(answer.answer)
    assert m is None, (question, answer.answer[:300])
    plan = answer.meta["plan"]
    words = {w.casefold() for w in re.findall(r"[\w-]+", plan["topic"] or "")}
    assert not words & STRUCTURE, (question, plan["topic"])
    assert plan["route"] in kinds.KINDS


def test_months_filter_the_table_and_coarse_dates_are_said_to_be_unknown(assistant):
    answer = ask(assistant, "What did he publish in late 2022?")
    plan = answer.meta["plan"]
    assert plan["route"] == "list" and plan["dates"] == "September 2022 to December 2022"
    # His 2022 papers are dated only by year: not listed as matching, and said to be unknown.
    assert "date only by year" in answer.answer and "unknown" in answer.answer


def test_a_negated_topic_lists_the_scoped_papers_minus_those_on_it(assistant):
    everything = ask(assistant, "List his papers from 2025.")
    not_llm = ask(assistant, "Which of his papers from 2025 are not about LLMs?")
    on_llm = ask(assistant, "Which of his papers from 2025 are about LLMs?")
    ids = lambda a: {c.paper_id for c in a.citations}  # noqa: E731
    assert not_llm.meta["plan"]["negated_topic"] == "LLMs"
    assert ids(on_llm) and ids(not_llm) and not ids(on_llm) & ids(not_llm)
    # A paper that names an LLM without being on LLMs (MoQE: "LLaMA, and Qwen model families") is in neither list:
    # "not about LLMs" leaves out every paper that says them (topics.papers_touching).
    left = ids(everything) - ids(not_llm) - ids(on_llm)
    assert ids(not_llm) | ids(on_llm) <= ids(everything) and len(left) <= 1
    assert all("LLaMA" in assistant.paper(i).abstract for i in left)


def test_greeting_and_metrics_answer_without_a_topic(assistant):
    hello = ask(assistant, "hello")
    assert hello.meta["plan"]["route"] == "greeting" and "You can ask" in hello.answer
    metrics = ask(assistant, "What is his h-index?")
    assert metrics.meta["plan"]["route"] == "metrics"
    # From the profile page, with its file and line; never a per-paper figure the sources lack.
    assert "h-index 4 (stated on 000_" in metrics.answer and "citations 99" in metrics.answer
    assert "no per-paper citation counts" in ask(assistant, "Which of his papers is the most cited?").answer
    known = ask(assistant, "What is he best known for?")
    assert known.meta["plan"]["route"] == "overview" and "research themes" in known.answer


@pytest.mark.parametrize(
    "question",
    ["In a sentence or two: what is Keiko Tanaka's research about?", "In short, what is her research about?"],
)
def test_words_of_the_answer_s_form_are_no_topic_of_an_overview(tanaka, question):
    """Words no route example holds that the frame model reads surely as frame ("sentence") leave the overview its
    route; a subject the corpus lacks still has a topic (plan/meaning.py)."""
    assert ask(tanaka, question).meta["plan"]["route"] == "overview"
    assert ask(tanaka, "What does Keiko Tanaka say about music generation?").meta["plan"]["route"] != "overview"


# Filters (a co-author, an author position) with words left over that are the question's wording, not a topic: the
# filter alone answers, and the answer says what it read as wording. Written for these tests, in the shapes first
# users asked.
WORDING_WITH_A_FILTER = [
    ("All told, how many papers did he write with Boyang Zhang?", "“told”"),
    ("Going by the author lists shown, how many papers have Boyang Zhang as first author?", "as first author"),
    ("Counting only the lines shown, how many papers list Boyang Zhang as first author?", "as first author"),
]


@pytest.mark.parametrize(("question", "said"), WORDING_WITH_A_FILTER)
def test_wording_left_over_from_a_filter_is_not_a_topic(assistant, question, said):
    answer = ask(assistant, question)
    plan = answer.meta["plan"]
    assert plan["topic"] == "" and plan["person"] == "Boyang Zhang", plan
    assert answer.answer.startswith("I read “") and "not a topic" in answer.answer.split("\n")[0]
    assert said in answer.answer and "the count is 0" not in answer.answer
    # The same count as the question without the wording.
    bare = ask(
        assistant,
        "How many papers list Boyang Zhang as first author?"
        if "first" in said
        else "How many papers did he write with Boyang Zhang?",
    )
    assert {c.paper_id for c in answer.citations} == {c.paper_id for c in bare.citations}


def test_a_topic_a_marker_introduces_stays_a_topic_under_a_filter(assistant):
    answer = ask(assistant, "How many of his papers with Boyang Zhang are about weather?")
    assert answer.meta["plan"]["topic"] == "weather" and "the count is 0" in answer.answer


@pytest.mark.parametrize(
    "question",
    [
        "What has he published on climate policy?",
        "Which of his papers deal with protein structure prediction?",
        "Which of his papers are about ocean acidification?",
        "Which of his 2025 papers are about federated learning?",
    ],
)
def test_topics_the_corpus_lacks_still_refuse(assistant, question):
    """A word no paper uses is never dropped to make a topic fit ("protein structure prediction" is not "structure
    prediction"), and a near topic is not answered from retrieval."""
    answer = ask(assistant, question)
    assert answer.answer.startswith("The corpus does not cover this") and not answer.citations, answer.answer[:300]
    assert not answer.meta["plan"]["assumed"]


def test_an_unsure_topic_is_read_by_its_distinguishing_words(assistant):
    answer = ask(assistant, "Which of his papers mention running experiments on A100 GPUs?")
    plan = answer.meta["plan"]
    assert "running" not in plan["topic"] and "A100" in plan["topic"]
    assert answer.answer.startswith("No paper's own text is on “running experiments A100 GPUs” as a whole")
    assert any(c.title.startswith("cuNNQS-SCI") for c in answer.citations)
    # "ResNet-style" is no term of any paper: its parts are, and "style" is wording.
    resnet = ask(assistant, "Which of his papers evaluate on ResNet-style models?")
    assert resnet.meta["plan"]["topic"] == "ResNet" and len(resnet.citations) >= 3


def test_an_overview_of_a_topic_summarises_its_papers(assistant):
    answer = ask(assistant, "Give me a summary of his stencil papers.")
    plan = answer.meta["plan"]
    assert plan["route"] == "topic_summary" and plan["topic"] == "stencil"
    assert {c.paper_id for c in answer.citations} >= {"2506.22969", "2310.16298"}
    assert ask(assistant, "Give me an overview of his research.").meta["plan"]["route"] == "overview"


def test_an_overview_of_his_work_on_a_topic_is_that_topic_s_summary(assistant):
    """ "an overview of his work on X" is about X, not his themes; "an overview of his work" alone is."""
    answer = ask(assistant, "Give me an overview of his research on quantization.")
    assert answer.meta["plan"]["route"] == "topic_summary" and answer.meta["plan"]["topic"] == "quantization"


def test_a_topic_a_verb_introduces_stays_a_topic_under_a_date_filter(assistant):
    answer = ask(assistant, "Which of his 2025 papers discuss weather?")
    assert answer.meta["plan"]["topic"] == "weather" and answer.answer.startswith("The corpus does not cover this")
