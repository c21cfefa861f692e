"""One turn as typed steps: plan → evidence → compose → check, each constructed from the corpus, none a mixin."""

from __future__ import annotations

from assistant.answer.check.citations import check
from assistant.answer.compose import Answerer
from assistant.answer.evidence.finding import Evidence
from assistant.answer.plan.planner import Planner
from assistant.answer.write.extractive import ExtractiveWriter
from assistant.answer.write.table_routes import TableWriter
from assistant.models import Filters, Message


def test_the_answerer_wires_steps_and_inherits_nothing(assistant):
    answerer = assistant.answerer()
    assert Answerer.__bases__ == (object,)
    assert isinstance(answerer.planner, Planner) and isinstance(answerer.evidence, Evidence)
    assert isinstance(answerer.writer, ExtractiveWriter) and isinstance(answerer.tables, TableWriter)


def test_each_step_runs_on_its_own_from_the_corpus(assistant):
    corpus = assistant.answerer().corpus
    messages = [Message(role="user", content="What parallel efficiency does cuNNQS-SCI maintain in strong scaling?")]
    plan = Planner(corpus).plan(messages, Filters())
    hits = Evidence(corpus).hits(plan)
    answer = ExtractiveWriter(corpus).extractive(plan, hits)
    assert hits[0].paper.title.startswith("cuNNQS-SCI")
    assert answer.citations and check(answer.answer, answer.citations) == []


def test_a_comparison_plan_hands_its_papers_to_the_writer(assistant):
    corpus = assistant.answerer().corpus
    plan = Planner(corpus).plan([Message(role="user", content="How do MoQE and CALM differ?")], Filters())
    titles = [corpus.by_id[i].title for i in plan.compared]
    assert plan.route == "compare" and len(titles) == 2
    assert {t.split(":")[0] for t in titles} == {"MoQE", "CALM"}
    evidence = Evidence(corpus)
    answer = TableWriter(corpus, evidence, ExtractiveWriter(corpus)).compare(plan)
    assert [c.paper_id for c in answer.citations] == plan.compared
