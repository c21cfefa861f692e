"""The Answerer: one turn flows plan → evidence → compose (table, extractive or LLM) → check, each a typed step."""

from __future__ import annotations

import re
from collections.abc import Iterator

from assistant.answer.check.citations import Citations, finish
from assistant.answer.check.claims import ClaimChecker
from assistant.answer.corpus import Corpus
from assistant.answer.evidence.finding import Evidence
from assistant.answer.plan.plan import QueryPlan
from assistant.answer.plan.planner import Planner
from assistant.answer.write import aggregate, operations, structured
from assistant.answer.write.by_role import write_how, write_summary, write_topic_summary, write_why
from assistant.answer.write.extractive import CANNOT_ANSWER, ExtractiveWriter  # noqa: F401 - CANNOT_ANSWER is imported from here by callers
from assistant.answer.write.grid import write_comparison
from assistant.answer.write.llm import LLMStep, llm_answer, stream_llm_answer
from assistant.answer.write.prompts import Prompts
from assistant.answer.write.table_routes import PAPER_FACTS, TableWriter
from assistant.answer.write.verdict import write_verdict
from assistant.index.retrieval import Hit
from assistant.models import Answer, Filters, Final, Message, StreamEvent, Table, Token

# A verdict needs a yes/no question: its main clause opens with an auxiliary verb, at the start or after a lead-in
# ("Once X is trained, does it …?"). A vote for verify on "… and how was each evaluated?" is not one.
POLAR = re.compile(
    r"(?:^\s*|[,;:]\s+)(?:is|are|was|were|am|do|does|did|has|have|had|can|could|will|would|should)\b(?!\s+(?:you|u)\b)",
    re.I,
)
# "Why, according to X, do Y …?" has an auxiliary after its comma but asks why, not whether.
WH_QUESTION = re.compile(r"\s*(?:why|what|how|which|who|whom|whose|when|where)\b", re.I)
KIND_WRITERS = {"verify": write_verdict, "why": write_why, "how": write_how, "summary": write_summary}

STRUCTURED = {
    "compare",
    "which_of",
    "count",
    "per_year",
    "earliest",
    "latest",
    "coauthors",
    "code",
    "categories",
    "attribution",
    "overview",
}


class Answerer:
    """Plan a turn (Planner), find its evidence (Evidence), write the answer (TableWriter, ExtractiveWriter or the
    LLM), and pass it through the one citation check (`citations.finish`)."""

    def __init__(
        self, settings, table, retriever, chat_model=None, prompts: Prompts | None = None, sentence_vectors=None
    ):
        self.corpus = Corpus.build(settings, table, retriever, sentence_vectors)
        self.planner = Planner(self.corpus)
        self.evidence = Evidence(self.corpus)
        self.writer = ExtractiveWriter(self.corpus)
        self.tables = TableWriter(self.corpus, self.evidence, self.writer)
        self.prompts = prompts or Prompts.load(settings.prompts_dir)
        self.llm = chat_model
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
        return self.planner.plan(messages, filters)

    def named_in(self, question: str) -> list[str]:
        return self.planner.named_in(question)

    def extractive(self, plan: QueryPlan, hits: list[Hit]) -> Answer:
        return self.writer.extractive(plan, hits)

    # --- the kinds with their own writers (issue 22): one function per kind, each `(plan, hits, corpus) -> Answer`
    # or None (no evidence of that kind: the generic extractive answer). The lead plugs these into the question-kind
    # registry; until then `kind()` is the smallest dispatch that reaches them.
    @staticmethod
    def kind(plan: QueryPlan) -> str | None:
        """verify | why | how | summary | topic_summary | compare, or None for every other route."""
        route, label = plan.intent.route, plan.answer_type
        if route == "compare" and len(plan.compared) >= 2:
            return "compare"
        # A yes/no question about a paper's content gets a verdict whatever example it sat nearest to ("Does X need
        # any communication?" is near a fact example): it is a yes/no question by its form.
        polar = Answerer.yes_no(plan)
        if polar and (route in ("fact", "verify") or (label == "verify" and route in ("list", "why", "how"))):
            return "verify"
        # "why" and "how" only on a confident vote: an unsure one keeps the generic answer the route chose.
        sure = plan.vote is not None and plan.vote.sure
        if label == "why" and route in ("fact", "why") and sure:
            return "why"
        if label == "how" and route == "fact" and sure:
            return "how"
        if route == "summary" or (label == "summary" and route == "fact" and not plan.named and not plan.focus):
            # A summary of a paper described, not named ("the low-rank factorization paper"): the best match.
            return "summary"
        if route == "list" and label in ("summary", "overview") and plan.topic:
            return "topic_summary"
        return None

    def operation(self, plan: QueryPlan, papers: list) -> str:
        """What the model is asked to do for this plan's kind; for a comparison, the extractive grid's rows."""
        kind = self.kind(plan)
        grid = None
        if kind == "compare":
            table = write_comparison(plan, papers, self.corpus).blocks
            grid = next((b for b in table if isinstance(b, Table)), None)
        return operations.operation(kind, grid)

    def _named_first(self, plan: QueryPlan, hits: list[Hit]) -> list[Hit]:
        """A paper the question names (or the conversation points back to) is the one a verdict, a motivation or a
        method is read from."""
        named = [self.corpus.by_id[i] for i in [*plan.named, *plan.focus] if i in self.corpus.by_id]
        if not named and not hits:
            # No paper passed the relevance bar for the whole question (a yes/no question carries the claim to check
            # as well as the paper): the nearest paper is read, and the writer decides from its sentences.
            return self.corpus.retriever.search(plan.query, plan.filters, k=3)[:1]
        if not named:
            return hits
        return [Hit(paper=named[0], dense=1.0)] + [h for h in hits if h.paper.id != named[0].id]

    @staticmethod
    def yes_no(plan: QueryPlan) -> bool:
        return bool(POLAR.search(plan.question)) and not WH_QUESTION.match(plan.question)

    def written(self, plan: QueryPlan, hits: list[Hit]) -> Answer:
        """The extractive answer of the plan's kind (also what a failed model degrades to): a comparison's grid, a
        verdict, a motivation, a method, a summary; the generic extractive answer for the other kinds."""
        kind = self.kind(plan)
        answer = None
        if kind == "compare":
            papers = [self.corpus.by_id[i] for i in plan.compared if i in self.corpus.by_id]
            answer = write_comparison(plan, papers, self.corpus)
        elif kind in KIND_WRITERS and hits:
            answer = KIND_WRITERS[kind](plan, hits, self.corpus)
        return answer or self.writer.extractive(plan, hits)

    def explain(self, plan: QueryPlan) -> dict:
        return self.corpus.explain(plan)

    @staticmethod
    def finish(text: str, cites: Citations, mode: str = "extractive", **meta) -> Answer:
        return finish(text, cites, mode, **meta)

    # --- one turn -----------------------------------------------------------------------------
    def answer(self, messages: list[Message], filters: Filters) -> Answer:
        plan = self.plan(messages, filters)
        final, hits = self._resolve(plan)
        answer = self._with_llm(plan, hits) if hits else final
        answer.meta.setdefault("plan", self.explain(plan))
        return answer

    def stream(self, messages: list[Message], filters: Filters) -> Iterator[StreamEvent]:
        plan = self.plan(messages, filters)
        final, hits = self._resolve(plan)
        if hits:
            for event in stream_llm_answer(self.llm_step, plan, hits):
                if isinstance(event, Final):
                    event.answer.meta.setdefault("plan", self.explain(plan))
                yield event
            return
        final.meta.setdefault("plan", self.explain(plan))
        for chunk in re.findall(r"\S+\s*", final.answer):
            yield Token(chunk)
        yield Final(final)

    def _resolve(self, plan: QueryPlan) -> tuple[Answer, list[Hit]]:
        """The answer without a model, and the papers a model (when there is one) should write about instead:
        none for counts, dates and other answers that come exactly from the table."""
        by_id = self.corpus.by_id
        if plan.excluded and len(plan.excluded) == len(plan.named):
            return self.tables.filtered_out(plan), []
        if across := self._across(plan):
            if self.llm is not None:  # the papers come from the table; the model writes about exactly those
                return across, [Hit(paper=by_id[i], dense=1.0) for i in across.meta["papers"]]
            return across, []
        kind = self.kind(plan)
        if kind == "compare":
            answer = self.written(plan, [])
            return answer, ([Hit(paper=by_id[i], dense=1.0) for i in answer.meta["papers"]] if self.llm else [])
        if kind in ("verify", "why", "how"):
            hits = self._named_first(plan, self.evidence.find(plan, None))
            return self.written(plan, hits), (hits if self.llm is not None else [])
        if self._table_route(plan):
            answer = self.tables.structured(plan)
            if kind == "topic_summary" and answer.meta.get("papers"):
                papers = [by_id[i] for i in answer.meta["papers"]]
                who = structured.scope_phrase(plan.intent, self.principal, plan.scope, plan.filters.coauthor)
                answer = write_topic_summary(plan, papers, self.corpus, f"{who[0].upper()}{who[1:]} on “{plan.topic}”")
            if self.llm is not None and answer.meta.get("papers"):
                # A topic list or a comparison: the papers come from the plan and the table (grounded); the model
                # writes about exactly those papers, in that order.
                return answer, [Hit(paper=by_id[i], dense=1.0) for i in answer.meta["papers"]]
            if not (plan.intent.route == "list" and not answer.citations and self._descriptive(plan)):
                return answer, []
            # Nothing is "on" a long description: it describes one paper and asks something of it.
            plan.intent.route, plan.intent.subject = "fact", ""
        hits = self.evidence.hits(plan)
        extractive = self.written(plan, hits)
        return extractive, (hits if self.llm is not None else [])

    @staticmethod
    def _descriptive(plan: QueryPlan) -> bool:
        """A "topic" that is really a description of one paper ("the theory work on when slotting an extra layer …")."""
        singular = re.search(
            r"\b(the|this|that|his|her|their|author['’]s|[A-Z]\w+['’]s) (\w+[- ])?(paper|work|"
            r"study|method|system|framework|library|algorithm)\b(?! on\b)",
            plan.question,
        )
        # "Point me to …", "Did he ever use …", "Which X has he developed?" ask whether papers exist: an empty set is
        # the answer.
        asks_existence = re.match(
            r"(?i)\s*(point me|show|list|give me|find|summari[sz]e|did|has|have|does|do|is "
            r"there|are there|what (has|have)|which [\w-]+(?: [\w-]+)? (has|have|did))\b",
            plan.question,
        )
        return (len(plan.topic.split()) >= 7 or bool(singular)) and not asks_existence

    @staticmethod
    def _table_route(plan: QueryPlan) -> bool:
        route = plan.intent.route
        return route in STRUCTURED or route in PAPER_FACTS or route == "list"

    def _across(self, plan: QueryPlan) -> Answer | None:
        """ "Which GPUs did he use?": the kind named across the author's papers, or None when not asked so."""
        if plan.intent.route not in ("fact", "list") or plan.scope != "author" or not plan.intent.about_author:
            return None
        kind = aggregate.asked_kind(plan.question, plan.named, plan.focus)
        if kind is None:
            return None
        found = aggregate.mentions(kind, [p for p in self.tables.scoped(plan) if p.is_author_work])
        if not found:
            return None
        plan.intent.route = "across"
        cites = Citations()
        who = structured.scope_phrase(plan.intent, self.principal, plan.scope, plan.filters.coauthor)
        text = aggregate.write(kind, found, f"{who}' abstracts", cites)
        return finish(text, cites, route="across", papers=[m.paper.id for m in found])

    def _with_llm(self, plan: QueryPlan, hits: list[Hit]) -> Answer:
        return llm_answer(self.llm_step, plan, hits)  # falls back to the extractive answer itself, with a notice
