"""The Answerer: one turn flows plan → evidence → compose (table, extractive or LLM) → check, each a typed step."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import replace

from assistant import blocks as blocks_
from assistant.answer.check.citations import Citations, finish
from assistant.answer.check.claims import ClaimChecker
from assistant.answer.corpus import Corpus
from assistant.answer.evidence import asked, described_members
from assistant.answer.evidence.finding import Evidence
from assistant.answer.evidence.weigh import summary_sentence
from assistant.answer.plan import kinds, one_reached, phrases, selection_asked, shape
from assistant.answer.plan.intents import topic_words
from assistant.answer.plan.phrases.governs import negates
from assistant.answer.plan.plan import QueryPlan
from assistant.answer.plan.planner import Planner
from assistant.answer.plan.reader import ModelReader
from assistant.answer.plan.stated_selection import StatedSelection
from assistant.answer.write import (
    aggregate,
    collection,
    composed,
    computed,
    field_groups,
    meta,
    operations,
    provenance,
    structured,
    team,
)
from assistant.answer.write.by_role import write_how, write_summary, write_topic_summary, write_why
from assistant.answer.write.extractive import CANNOT_ANSWER, ExtractiveWriter  # noqa: F401 - CANNOT_ANSWER is imported from here by callers
from assistant.answer.write.grid import write_comparison
from assistant.answer.write.list_verdict import with_list_verdict
from assistant.answer.write.llm import LLMStep, llm_answer, stream_llm_answer
from assistant.answer.write.pages import Page, offer_kept, page_of
from assistant.answer.write.prompts import Prompts
from assistant.answer.write.set_verdict import write_set_verdict
from assistant.answer.write.table_routes import TableWriter
from assistant.answer.write.verdict import write_verdict
from assistant.index.retrieval import Hit
from assistant.models import Answer, Filters, Final, Message, Paragraph, StreamEvent, Table, Token

# The kinds whose extractive answer is read from a paper's own sentences by role (issue 22): each writer is
# `(plan, hits, corpus) -> Answer | None`, None when the paper holds no sentence of that kind (then the generic
# extractive answer).
# The nearest paper is read for a verdict only when it is this close to the question (MiniLM cosine of its best
# passage): yes/no questions that describe a paper without naming it reach 0.37-0.84 on the visible sets, while
# "Did he win the Turing Award?" reaches 0.25 and "Has the author won any awards?" 0.08 (the corpus does not cover
# those: the generic answer says so, with nothing cited).
NEAREST_FLOOR = 0.3
BY_ROLE = {"verify": write_verdict, "why": write_why, "how": write_how, "summary": write_summary}


def with_assumption(answer: Answer, plan: QueryPlan) -> Answer:
    """The answer opening with what the reading assumed, when it assumed something (QueryPlan.assumed): one sentence
    about the question, not about the papers, so it carries no citation."""
    if not plan.assumed or answer.answer.startswith(CANNOT_ANSWER):
        return answer  # a refusal assumed nothing the reader needs to know
    blocks = [Paragraph(claims=blocks_.claims_of(plan.assumed)), *(answer.blocks or blocks_.parse(answer.answer))]
    return answer.model_copy(update={"blocks": blocks, "answer": blocks_.to_markdown(blocks)})


class Answerer:
    """Plan a turn (Planner), find its evidence (Evidence), write the answer (TableWriter, ExtractiveWriter or the
    LLM), and pass it through the one citation check (`citations.finish`)."""

    def __init__(
        self, settings, table, retriever, chat_model=None, prompts: Prompts | None = None, sentence_vectors=None
    ):
        self.corpus = Corpus.build(settings, table, retriever, sentence_vectors)
        reads = chat_model is not None and settings.llm_reads_questions
        self.planner = Planner(
            self.corpus, ModelReader(chat_model, self.corpus.principal, settings.llm_timeout) if reads else None
        )
        self.evidence = Evidence(self.corpus)
        self.writer = ExtractiveWriter(self.corpus)
        self.tables = TableWriter(self.corpus, self.evidence, self.writer)
        self.prompts = prompts or Prompts.load(settings.prompts_dir)
        self.llm = chat_model
        # The writer each kind names (kinds.Kind.writer), looked up, never an if/elif with a silent else.
        self.writers: dict[str, Callable[[QueryPlan], tuple[Answer, list[Hit]]]] = {
            "evidence": self._from_evidence,
            "table": lambda plan: self._chosen(plan, self.tables.structured(plan)),
            "across": lambda plan: self._chosen(plan, self._across(plan)),
            "shared_authors": lambda plan: (composed.shared_authors(self.corpus, plan), []),
            "quantity_extreme": lambda plan: self._chosen(
                plan, composed.quantity_extreme(self.corpus, self.tables.scoped(plan), plan)
            ),
            "quantity_threshold": lambda plan: self._chosen(
                plan, composed.quantity_threshold(self.corpus, self.tables.scoped(plan), plan, self.tables.who(plan))
            ),
            "average": lambda plan: (composed.average(self.corpus, self.tables.scoped(plan), plan), []),
            "aggregate": lambda plan: (
                computed.computed(self.corpus, self.tables.scoped(plan), plan, self.tables.who(plan)),
                [],
            ),
            "field_groups": lambda plan: (field_groups.grouped(self.corpus, self.tables.scoped(plan), plan), []),
            "set_verdict": lambda plan: (write_set_verdict(self.corpus, self.tables.scoped(plan), plan), []),
            "team_extreme": lambda plan: (team.extreme(self.corpus, self.tables.scoped(plan), plan), []),
            "elapsed": lambda plan: (composed.elapsed(self.corpus, plan), []),
            "by_role": self._by_role,
            "compare": self._compare,
            "topic_summary": self._topic_summary,
            "greeting": lambda plan: (meta.greeting(self.corpus, plan), []),
            "metrics": lambda plan: (meta.metrics(self.corpus, plan, self.tables.scoped(plan)), []),
            "corpus": lambda plan: (collection.collection(self.corpus, plan, self.corpus.in_scope(plan.filters)), []),
            "provenance": lambda plan: (
                provenance.provenance(self.corpus, plan, self.corpus.in_scope(plan.filters)),
                [],
            ),
        }
        # The LLM step gets what it needs, not the Answerer: so llm.py never imports this module back.
        self.llm_step = (
            None
            if chat_model is None
            else LLMStep(
                model=chat_model,
                prompts=self.prompts,
                principal=self.principal,
                timeout=self.settings.llm_timeout,
                make_checker=lambda: ClaimChecker(self.retriever.embeddings, self.picker.stored),
                fallback=self.written,
                operation=self.operation,
            )
        )

    # The corpus parts the LLM step, the tests and the benchmarks read.
    @property
    def settings(self):
        return self.corpus.settings

    @property
    def principal(self) -> str:
        return self.corpus.principal

    @property
    def retriever(self):
        return self.corpus.retriever

    @property
    def picker(self):
        return self.corpus.picker

    @property
    def sentences(self):
        return self.corpus.sentences

    def plan(self, messages: list[Message], filters: Filters) -> QueryPlan:
        # a first-turn list or count whose learned shape is one paper's fact is answered as that fact (plan/shape.py),
        # and so is one whose selection is one paper and that asks something further of it (plan/one_reached.py)
        # and so is one that states a selection before asking of it (plan/selection_asked.py)
        plan = shape.gated(self.planner.plan(messages, filters), self.masked_vector, self._selected)
        if (one := one_reached.asked_of_one(plan, self._selected)) is not plan:
            return one
        stated = StatedSelection(self.planner, self.corpus, self._answered, filters)
        return selection_asked.asked_of_reached(
            plan, self._answered, stated.reached, lambda ids: stated.kept(plan, ids)
        )

    def masked_vector(self, question: str):
        """The router's vector of the question as the planner masked it (primed there: no second model call)."""
        return self.corpus.retriever.vectors.get(self.planner._mask(phrases.without_conditions(question)))

    def _selected(self, plan: QueryPlan) -> list[str]:
        """The papers the table's answer of a list or count plan chose (none when it names none)."""
        return self._resolve(plan)[0].meta.get("papers") or []

    def _answered(self, plan: QueryPlan) -> list[str]:
        """The papers a plan's table answer reaches: those it chose, else those it cites (a byline's, a date
        extreme's)."""
        answer = self._resolve(plan)[0]
        return answer.meta.get("papers") or list(dict.fromkeys(c.paper_id for c in answer.citations))

    def named_in(self, question: str) -> list[str]:
        return self.planner.named_in(question)

    def explain(self, plan: QueryPlan) -> dict:
        return self.corpus.explain(plan)

    @staticmethod
    def finish(text: str, cites: Citations, mode: str = "extractive", **meta) -> Answer:
        return finish(text, cites, mode, **meta)

    # --- one turn -----------------------------------------------------------------------------
    def answer(self, messages: list[Message], filters: Filters) -> Answer:
        plan = self.plan(messages, filters)
        final, hits = self._resolve(plan)
        answer = offer_kept(final, self._with_llm(plan, hits)) if hits else final
        answer.meta.setdefault("plan", self.explain(plan))
        return with_assumption(with_list_verdict(answer, plan, final), plan)

    def stream(self, messages: list[Message], filters: Filters) -> Iterator[StreamEvent]:
        plan = self.plan(messages, filters)
        final, hits = self._resolve(plan)
        if hits:
            for event in stream_llm_answer(self.llm_step, plan, hits):
                if isinstance(event, Final):
                    event = replace(event, answer=offer_kept(final, event.answer))
                    event.answer.meta.setdefault("plan", self.explain(plan))
                    event = Final(with_assumption(with_list_verdict(event.answer, plan, final), plan))
                yield event
            return
        final.meta.setdefault("plan", self.explain(plan))
        final = with_assumption(with_list_verdict(final, plan), plan)
        for chunk in re.findall(r"\S+\s*", final.answer):
            yield Token(chunk)
        yield Final(final)

    def _resolve(self, plan: QueryPlan) -> tuple[Answer, list[Hit]]:
        """The answer without a model, and the papers a model (when there is one) should write about instead:
        none for counts, dates and other answers that come exactly from the table. The plan's kind decides which
        writer answers (kinds.py); nothing here changes the route."""
        if plan.excluded and len(plan.excluded) == len(plan.named):
            return self.tables.filtered_out(plan), []
        return self.writers[kinds.get(plan.route).writer](plan)

    def _chosen(self, plan: QueryPlan, answer: Answer) -> tuple[Answer, list[Hit]]:
        """A table answer, and the papers it chose for a model to write about when the kind lets one (a topic list,
        a comparison, an across answer: grounded by the table, written by the model in that order)."""
        if self.llm is not None and kinds.get(plan.route).llm and answer.meta.get("papers"):
            return answer, [Hit(paper=self.corpus.by_id[i], dense=1.0) for i in answer.meta["papers"]]
        return answer, []

    def _from_evidence(self, plan: QueryPlan) -> tuple[Answer, list[Hit]]:
        """The papers the evidence finds, written by the plan's kind (`written`: a fact, or a summary's problem,
        method and result)."""
        hits = self.evidence.hits(plan)
        if not hits and (read := self.evidence.read_again(plan)):
            # no paper is relevant to the whole question, but its subject words ground papers the model answers from
            plan, hits = read
            answer, shown = self._with_hits(plan, hits)
            return with_assumption(answer, plan), shown
        return self._with_hits(plan, hits)

    # --- the kinds with their own writers (issue 22) -------------------------------------------------------------
    def written(self, plan: QueryPlan, hits: list[Hit]) -> Answer:
        """The extractive answer of the plan's kind, also what a failed model degrades to: a comparison's grid, a
        verdict, a motivation, a method, a summary; the generic extractive answer for every other kind."""
        answer = None
        if plan.route == "compare" and len(plan.compared) >= 2 and "citations" in plan.fields:
            # per-paper citation counts are a table field: the counts the sources state, not the abstracts' grid
            cites = Citations()
            text = meta.citations_compared(self._papers(plan.compared), cites, summary_sentence, self.principal)
            answer = finish(text, cites, route="compare", papers=list(plan.compared))
        elif plan.route == "compare" and len(plan.compared) >= 2:
            answer = write_comparison(plan, self._papers(plan.compared), self.corpus)
        elif plan.route in BY_ROLE and hits:
            answer = BY_ROLE[plan.route](plan, hits, self.corpus)
        return answer or self.writer.extractive(plan, hits)

    def operation(self, plan: QueryPlan, papers: list) -> str:
        """What the model is asked to do for this plan's kind; for a comparison, the extractive grid's rows."""
        grid = None
        if plan.route == "compare":
            grid = next((b for b in write_comparison(plan, papers, self.corpus).blocks if isinstance(b, Table)), None)
        return operations.operation(plan.route, grid)

    def _papers(self, ids: list[str]) -> list:
        return [self.corpus.by_id[i] for i in ids if i in self.corpus.by_id]

    def _with_hits(self, plan: QueryPlan, hits: list[Hit]) -> tuple[Answer, list[Hit]]:
        return self.written(plan, hits), (hits if self.llm is not None else [])

    def _by_role(self, plan: QueryPlan) -> tuple[Answer, list[Hit]]:
        """A verdict, a motivation or a method is read from the paper the question names (or points back to), else
        from the best evidence; when no paper passes the relevance bar for the whole question (a yes/no question
        carries its claim as well as its paper), from the nearest paper, and the writer decides from its sentences."""
        # a why question's asking words ("what constraint motivates") are no topic the paper must share
        hits = self.evidence.find(plan, asked.without_asking(plan.query) if plan.route == "why" else None)
        named = self._papers([*plan.named, *plan.focus])
        if plan.route == "verify" and not named and (missing := self._uncovered(plan)):
            return self._not_covered(plan, missing), []
        if named:
            hits = [Hit(paper=named[0], dense=1.0)] + [h for h in hits if h.paper.id != named[0].id]
        elif not hits:
            near = self.corpus.retriever.search(plan.query, plan.filters, k=3)[:1]
            hits = [h for h in near if h.dense >= NEAREST_FLOOR]
        elif plan.route == "verify":
            # the verdict writer may take a nearby paper that states the claim's figures (write/verdict._stating)
            seen = {h.paper.id for h in hits}
            near = self.corpus.retriever.search(plan.query, plan.filters, k=3)
            hits += [h for h in near if h.paper.id not in seen and h.dense >= NEAREST_FLOOR]
        return self._with_hits(plan, hits)

    def _uncovered(self, plan: QueryPlan) -> list[str]:
        """ "Does the corpus have anything on speech recognition?": the words no paper uses, when retrieval finds
        nothing strongly relevant either (evidence/topics.py: the one bar for "the corpus does not cover it")."""
        near = lambda: self.corpus.retriever.search(plan.words, plan.filters, k=5)  # noqa: E731
        return self.corpus.topics.uncovered(topic_words(plan.words, self.principal), near, self.corpus.people)

    def _not_covered(self, plan: QueryPlan, missing: list[str]) -> Answer:
        said = " or ".join(f"“{w}”" for w in missing)
        text = f"{CANNOT_ANSWER}: no paper in it says {said}, and none is close in meaning to the question."
        return finish(text, Citations(), route="none", plan=self.explain(plan))

    def _compare(self, plan: QueryPlan) -> tuple[Answer, list[Hit]]:
        """Two papers or more: the grid; fewer: the table's comparison (which says what is missing)."""
        if len(plan.compared) < 2:
            return self._chosen(plan, self.tables.structured(plan))
        return self._chosen(plan, self.written(plan, []))

    def _topic_summary(self, plan: QueryPlan) -> tuple[Answer, list[Hit]]:
        """The papers of a topic list, each with its contribution line (method and headline result), as the fitted
        choice keeps, adds or drops them by the description's meaning as a whole (evidence/described_members.py), said
        so; a negated question keeps the earlier rule (evidence/described.py)."""
        answer = self.tables.structured(replace(plan, route="list"))
        found = self._papers(answer.meta.get("papers") or [])
        pool = self._described_pool(plan)
        # a question with a negated part ("his compression work that is NOT quantization-centric") keeps the earlier
        # reading: the description keeps the negated words but not the negation, which the fitted choice would weigh
        # as wanted (6 items down in an earlier attempt)
        negated = bool(plan.negated) or negates(plan.question)
        reading = described_members.read(self.corpus.topics, plan.described, pool, found, fit=not negated)
        meant = reading.meant
        if meant.papers:
            who = structured.scope_phrase(plan, self.principal, plan.scope, plan.filters.coauthor, plan.dates)
            topic = plan.described if meant.changed else plan.topic
            lead = f"{who[0].upper()}{who[1:]} on “{topic}”"
            shown = meant.papers
            start, total = answer.meta.get("page", [0, len(found)])
            closing = Page(shown, start, total - len(found) + len(shown)).closing()
            answer = write_topic_summary(plan, shown, self.corpus, lead, closing)
            if meant.changed:
                said = reading.said(plan.described, found, meant)
                answer = with_assumption(answer, replace(plan, assumed=said))
        return self._chosen(plan, answer)

    def _described_pool(self, plan: QueryPlan) -> list:
        """The papers a described topic is read against: the scope's, or none when the plan describes no topic."""
        return list(self.tables.scoped(plan)) if plan.described else []

    def _across(self, plan: QueryPlan) -> Answer:
        """ "Which GPUs did he use?": the kind the plan names, across the author's papers in scope."""
        found = aggregate.mentions(plan.across, [p for p in self.tables.scoped(plan) if p.is_author_work])
        cites = Citations()
        who = structured.scope_phrase(plan, self.principal, plan.scope, plan.filters.coauthor, plan.dates)
        text = aggregate.write(plan.across, found, f"{who}' abstracts", cites, plan)
        shown = page_of(found, plan).items
        return finish(text, cites, route="across", papers=[m.paper.id for m in shown])

    def _with_llm(self, plan: QueryPlan, hits: list[Hit]) -> Answer:
        return llm_answer(self.llm_step, plan, hits)  # falls back to the extractive answer itself, with a notice
