"""The Answerer: route a conversation to a structured, extractive or LLM answer under one citation contract."""

from __future__ import annotations

import re
from collections.abc import Iterator

from assistant.answer import structured
from assistant.answer.citations import Citations, enforce
from assistant.answer.conversation import deletion_index, short_names, squashed_names
from assistant.answer.evidence import QueryTerms, SentencePicker, relevant
from assistant.answer.extractive import CANNOT_ANSWER, Extractive  # noqa: F401 - CANNOT_ANSWER is imported from here by callers
from assistant.answer.intents import topic_words
from assistant.answer.plan import QueryPlan, Router
from assistant.answer.planner import Planner
from assistant.answer.prompts import Prompts
from assistant.answer.table_routes import PAPER_FACTS, TableRoutes
from assistant.answer.topics import TopicMatcher
from assistant.index.retrieval import Hit
from assistant.models import Answer, Filters, Final, Message, Paper, StreamEvent, Token

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


Plan = QueryPlan  # the name llm.py imports


class Answerer(Planner, TableRoutes, Extractive):
    """Plan a turn, find its evidence, write the answer (table, extractive or LLM), check the citation contract."""

    def __init__(
        self, settings, table, retriever, chat_model=None, prompts: Prompts | None = None, sentence_vectors=None
    ):
        self.settings = settings
        self.principal = table.principal_author
        self.papers = table.papers
        self.themes = table.themes
        self.by_id = {p.id: p for p in table.papers}
        self.names = short_names(table.papers)
        self.squashed = squashed_names(self.names)
        self.deletions = deletion_index(self.squashed)
        self.by_title = {p.label.casefold(): p.id for p in table.papers}
        self.people = sorted(
            {a for p in table.papers for a in p.authors if a.casefold() != self.principal.casefold()},
            key=len,
            reverse=True,
        )
        self.retriever = retriever
        self.picker = SentencePicker(retriever.embeddings, sentence_vectors)
        self.prompts = prompts or Prompts.load(settings.prompts_dir)
        self.llm = chat_model
        self.router = Router(retriever.embeddings, vectors=retriever.vectors, cache_dir=settings.store_dir)
        self.router.vectors  # noqa: B018 - loaded with the answerer (at warm-up), not on the first question
        self.topics = TopicMatcher(retriever.embeddings, self.picker, retriever.lexical, vectors=retriever.vectors)

    # --- evidence -----------------------------------------------------------------------------
    def qterms(self, text: str) -> QueryTerms:
        return QueryTerms.of(" ".join(topic_words(text, self.principal)), self.retriever.lexical)

    def find(self, plan: Plan, query: str | None = None) -> list[Hit]:
        """Relevant hits, the author's first; other papers only when asked or clearly more relevant."""
        query = query or plan.query
        if plan.focus and plan.intent.route == "fact":
            hits = {h.paper.id: h for h in self.retriever.search(query, plan.filters, k=20)}
            return [hits.get(pid) or Hit(paper=self.by_id[pid], dense=1.0) for pid in plan.focus if pid in self.by_id]
        search_filters = plan.filters.model_copy(update={"author_only": True if plan.filters.author_only else None})
        hits = self.retriever.search(query, search_filters, k=20)
        good = [h for h, _ in relevant(hits, self.qterms(query), self.settings.relevance_threshold)]
        if plan.scope == "others":
            return [h for h in good if not h.paper.is_author_work]
        if plan.filters.author_only is False or plan.intent.others_asked:
            return good
        mine = [h for h in good if h.paper.is_author_work]
        others = [h for h in good if not h.paper.is_author_work]
        if plan.filters.author_only:
            return mine
        if plan.intent.about_author:
            # A question that presumes the author wrote another group's paper is answered from that paper,
            # marked as not his, when it is clearly the better match.
            best_mine = mine[0].dense if mine else 0.0
            return [h for h in others if h.dense > best_mine + 0.08][:1] + mine
        best_mine = mine[0].dense if mine else 0.0
        return mine + [h for h in others if h.dense > best_mine + 0.05]

    def target(self, plan: Plan, subject: str) -> Paper | None:
        """The one paper a question is about: named in it, matched by title, or clearly found by search."""
        if plan.named:
            return self.by_id[plan.named[0]]
        if plan.focus:  # a follow-up about the previous turn's paper
            return self.by_id[plan.focus[0]]
        if subject and (p := structured.title_match(subject, self.papers)):
            return p
        query = subject or plan.query
        hits = self.retriever.search(query, Filters(), k=5)
        good = relevant(hits, self.qterms(query), self.settings.relevance_threshold)
        if good and (len(good) == 1 or good[0][0].dense >= good[1][0].dense + 0.03 or good[0][1] >= 0.99):
            return good[0][0].paper
        return None

    @staticmethod
    def _descriptive(plan: Plan) -> bool:
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

    def _table_route(self, plan: Plan) -> bool:
        route = plan.intent.route
        return route in STRUCTURED or route in PAPER_FACTS or route == "list"

    def _hits(self, plan: Plan) -> list[Hit]:
        if plan.intent.route == "summary":
            paper = self.target(plan, plan.intent.subject)
            return [Hit(paper=paper, dense=1.0)] if paper else []
        return self.find(plan, plan.intent.subject if plan.intent.route == "list" else None)

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
            from assistant.answer.llm import stream_llm_answer

            for event in stream_llm_answer(self, plan, hits):
                if isinstance(event, Final):
                    event.answer.meta.setdefault("plan", self.explain(plan))
                yield event
            return
        final.meta.setdefault("plan", self.explain(plan))
        for chunk in re.findall(r"\S+\s*", final.answer):
            yield Token(chunk)
        yield Final(final)

    def _resolve(self, plan: Plan) -> tuple[Answer, list[Hit]]:
        """The answer without a model, and the papers a model (when there is one) should write about instead:
        none for counts, dates and other answers that come exactly from the table."""
        if plan.excluded and len(plan.excluded) == len(plan.named):
            return self.filtered_out(plan), []
        if self._table_route(plan):
            answer = self.structured(plan)
            if self.llm is not None and answer.meta.get("papers"):
                # A topic list or a comparison: the papers come from the plan and the table (grounded); the model
                # writes about exactly those papers, in that order.
                return answer, [Hit(paper=self.by_id[i], dense=1.0) for i in answer.meta["papers"]]
            if not (plan.intent.route == "list" and not answer.citations and self._descriptive(plan)):
                return answer, []
            # Nothing is "on" a long description: it describes one paper and asks something of it.
            plan.intent.route, plan.intent.subject = "fact", ""
        hits = self._hits(plan)
        extractive = self.extractive(plan, hits)
        return extractive, (hits if self.llm is not None else [])

    def _with_llm(self, plan: Plan, hits: list[Hit]) -> Answer:
        from assistant.answer.llm import llm_answer

        return llm_answer(self, plan, hits)  # falls back to the extractive answer itself, with a notice

    def finish(self, text: str, cites: Citations, mode: str = "extractive", **meta) -> Answer:
        text, citations, problems = enforce(text, cites.list())  # degrades (drops what breaks it), never raises
        return Answer(
            answer=text,
            citations=citations,
            mode=mode,
            meta={**meta, **({"contract_problems": problems} if problems else {})},
        )

    def explain(self, plan: Plan) -> dict:
        return plan.explain(
            {p.id: p.label for p in self.papers if p.id in set(plan.named) | set(plan.focus) | set(plan.excluded)}
        )
