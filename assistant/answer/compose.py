"""The Answerer: route a conversation to a structured, extractive or LLM answer under one citation contract."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from assistant.answer import structured
from assistant.answer.citations import Citations, check
from assistant.answer.conversation import follow_up, short_names, split_turns
from assistant.answer.evidence import QueryTerms, SentencePicker, relevant
from assistant.answer.format import name, owner_note, plural, when
from assistant.answer.intents import Intent, classify, topic_words
from assistant.answer.prompts import Prompts
from assistant.errors import BadRequest
from assistant.models import Answer, Filters, Message, Paper
from assistant.retrieval import Hit

STRUCTURED = {"count", "per_year", "earliest", "latest", "coauthors", "code", "categories", "attribution"}
CANNOT_ANSWER = "The corpus does not cover this"
MAX_LIST = 12


@dataclass
class Plan:
    """What a conversation asks, resolved against the corpus."""

    question: str
    history: list[Message]
    query: str
    focus: list[str]
    intent: Intent
    filters: Filters
    author_scope: bool
    notes: list[str] = field(default_factory=list)


class Answerer:
    def __init__(self, settings, table, retriever, chat_model=None, prompts: Prompts | None = None, sentence_vectors=None):
        self.settings = settings
        self.principal = table.principal_author
        self.papers = table.papers
        self.by_id = {p.id: p for p in table.papers}
        self.names = short_names(table.papers)
        self.retriever = retriever
        self.picker = SentencePicker(retriever.embeddings, sentence_vectors)
        self.prompts = prompts or Prompts.load(settings.prompts_dir)
        self.llm = chat_model

    # --- planning -----------------------------------------------------------------------------
    def plan(self, messages: list[Message], filters: Filters) -> Plan:
        question, history = split_turns(messages)
        if not question:
            raise BadRequest("The conversation has no user question: the last message must come from the user.")
        intent = classify(question, self.principal)
        query, focus = follow_up(question, history, self.names)
        f = filters.model_copy()
        if f.year_from is None and intent.year_from is not None:
            f.year_from = intent.year_from
        if f.year_to is None and intent.year_to is not None:
            f.year_to = intent.year_to
        if f.author_only is None:
            author_scope = not intent.others_asked
        else:
            author_scope = f.author_only
        return Plan(question=question, history=history, query=query, focus=focus, intent=intent, filters=f, author_scope=author_scope)

    def scoped(self, plan: Plan) -> list[Paper]:
        f = plan.filters.model_copy(update={"author_only": plan.author_scope or None})
        return [p for p in self.papers if f.admits(p)]

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
        if plan.filters.author_only is False or plan.intent.others_asked:
            return good
        mine = [h for h in good if h.paper.is_author_work]
        others = [h for h in good if not h.paper.is_author_work]
        if plan.intent.about_author or plan.filters.author_only:
            return mine
        best_mine = mine[0].dense if mine else 0.0
        return mine + [h for h in others if h.dense > best_mine + 0.05]

    def quote_for(self, plan: Plan, qterms: QueryTerms):
        def quote(p: Paper) -> str:
            return self.picker.best(plan.question, qterms, p)

        return quote

    # --- answers ------------------------------------------------------------------------------
    def answer(self, messages: list[Message], filters: Filters) -> Answer:
        plan = self.plan(messages, filters)
        if plan.intent.route in STRUCTURED or (plan.intent.route == "list" and not plan.intent.subject):
            return self.structured(plan)
        hits = self.find(plan, plan.intent.subject if plan.intent.route == "list" else None)
        extractive = self.extractive(plan, hits)
        if self.llm is None or not hits:
            return extractive
        from assistant.answer.llm import LLMFailed, llm_answer

        try:
            return llm_answer(self, plan, hits)
        except LLMFailed as exc:
            return extractive.model_copy(update={"notice": f"LLM unavailable ({exc}); this is the extractive answer."})

    def stream(self, messages: list[Message], filters: Filters) -> Iterator[dict]:
        plan = self.plan(messages, filters)
        if self.llm is not None and not (plan.intent.route in STRUCTURED or (plan.intent.route == "list" and not plan.intent.subject)):
            hits = self.find(plan, plan.intent.subject if plan.intent.route == "list" else None)
            if hits:
                from assistant.answer.llm import stream_llm_answer

                yield from stream_llm_answer(self, plan, hits)
                return
        final = self.answer(messages, filters)
        for chunk in re.findall(r"\S+\s*", final.answer):
            yield {"type": "token", "text": chunk}
        yield {"type": "answer", "answer": final}

    def finish(self, text: str, cites: Citations, mode: str = "extractive", **meta) -> Answer:
        citations = cites.list()
        problems = check(text, citations)
        if problems:  # an internal error, never the user's: fail loudly in tests
            raise AssertionError(f"citation contract broken: {problems}")
        return Answer(answer=text, citations=citations, mode=mode, meta=meta)

    def structured(self, plan: Plan) -> Answer:
        intent = plan.intent
        qterms = self.qterms(plan.question)
        quote = self.quote_for(plan, qterms)
        cites = Citations()
        papers = self.scoped(plan)
        route = intent.route
        topic = intent.subject if route in ("count", "coauthors") else ""
        if topic:
            papers = self.topic_papers(plan, topic, papers)
        if route == "count" and re.search(r"\b(code|github|open[- ]source)\b", plan.question, re.I):
            route = "code"  # "how many of his papers have code": the code route counts them
        if route == "attribution":
            target = structured.title_match(intent.subject, self.papers)
            if target is None:
                hits = self.retriever.search(intent.subject, Filters(), k=3)
                good = relevant(hits, self.qterms(intent.subject), self.settings.relevance_threshold)
                target = good[0][0].paper if good and good[0][1] >= 0.99 else None
            text = structured.attribution(intent.subject, target, cites, quote, self.principal)
        elif route == "count":
            text = structured.count(intent, papers, cites, quote, self.principal, plan.author_scope, topic)
        elif route == "per_year":
            text = structured.per_year(papers, cites, quote, self.principal, plan.author_scope)
        elif route in ("earliest", "latest"):
            text = structured.extreme(route == "latest", papers, cites, quote, self.principal, plan.author_scope)
        elif route == "coauthors":
            text = structured.coauthors(papers, cites, quote, self.principal, topic)
        elif route == "code":
            text = structured.with_code(papers, cites, quote, self.principal, plan.author_scope)
        elif route == "categories":
            text = structured.categories(papers, cites, quote, self.principal, plan.author_scope)
        else:  # a list with no topic: every paper in scope, one line each
            text = self.enumerate(plan, papers, cites, quote)
        return self.finish(text, cites, route=route)

    def topic_papers(self, plan: Plan, topic: str, papers: list[Paper]) -> list[Paper]:
        """Papers on a topic: every topic term in the text, or a close meaning match."""
        allowed = {p.id for p in papers}
        qterms = self.qterms(topic)
        from assistant.answer.evidence import paper_text, vocabulary

        exact = [p for p in papers if qterms.coverage(vocabulary(paper_text(p))) >= 0.99]
        hits = self.retriever.search(topic, plan.filters.model_copy(update={"author_only": plan.author_scope or None}), k=30)
        close = [h.paper for h in hits if h.paper.id in allowed and h.dense >= 0.55]
        return list({p.id: p for p in exact + close}.values())

    def enumerate(self, plan: Plan, papers: list[Paper], cites: Citations, quote) -> str:
        scope = structured._scope_words(plan.intent, self.principal, plan.author_scope)
        if not papers:
            return f"None of {scope} are in the corpus."
        papers = sorted(papers, key=structured._date_key, reverse=True)
        lines = [f"{plural(len(papers), 'paper').capitalize()} among {scope}:"]
        for p in papers:
            q = quote(p)
            lines.append(f"- {name(p)}{when(p)}{owner_note(p, self.principal)}: {self._clause(q)} {cites.cite(p, q)}")
        return "\n".join(lines)

    @staticmethod
    def _clause(sentence: str) -> str:
        return sentence.rstrip(" .")

    def cannot_answer(self, plan: Plan) -> Answer:
        topic = " ".join(topic_words(plan.question, self.principal)) or plan.question
        n_author = sum(p.is_author_work for p in self.papers)
        scope = f"{self.principal}'s {n_author} papers" if plan.author_scope else f"the {len(self.papers)} papers"
        extra = ""
        if plan.filters.year_from or plan.filters.year_to:
            extra = " in the years asked about"
        return Answer(answer=f"{CANNOT_ANSWER}: none of {scope} in it{extra} is about “{topic}”, so I have nothing to cite.", citations=[], meta={"route": "none"})

    def extractive(self, plan: Plan, hits: list[Hit]) -> Answer:
        if not hits:
            return self.cannot_answer(plan)
        qterms = self.qterms(plan.question)
        cites = Citations()
        if plan.intent.route == "list":
            shown = hits[:MAX_LIST]
            ranked = self.picker.rank(plan.intent.subject or plan.question, qterms, [h.paper for h in shown])
            who = f"{self.principal}'s papers" if plan.author_scope else "Papers in the corpus"
            lines = [f"{who} on {plan.intent.subject} ({plural(len(shown), 'paper')}):"]
            for h in shown:
                s = ranked[h.paper.id][0][0] if ranked[h.paper.id] else h.paper.abstract[:200]
                lines.append(f"- {name(h.paper)}{when(h.paper)}{owner_note(h.paper, self.principal)}: {self._clause(s)} {cites.cite(h.paper, s)}")
            return self.finish("\n".join(lines), cites, route="list")

        top = hits[: self.settings.max_citations]
        lead = top[0]
        close = [h for h in top[1:] if h.dense >= lead.dense - 0.12][:2]
        ranked = self.picker.rank(plan.question, qterms, [h.paper for h in [lead, *close]])
        lead_sentences = ranked[lead.paper.id]
        parts = []
        if lead_sentences:
            best_score = lead_sentences[0][1]
            chosen = [s for s, sc in lead_sentences[:3] if sc >= best_score - 0.25]
            marker = cites.cite(lead.paper, chosen[0])
            body = " ".join(f"{self._clause(s)} {marker}." for s in chosen)
            parts.append(f"{name(lead.paper)}{when(lead.paper)}{owner_note(lead.paper, self.principal)}: {body}")
        for h in close:
            sentences = ranked[h.paper.id]
            if sentences:
                s = sentences[0][0]
                parts.append(f"Also relevant: {name(h.paper)}{when(h.paper)}{owner_note(h.paper, self.principal)}: {self._clause(s)} {cites.cite(h.paper, s)}.")
        if not parts:
            return self.cannot_answer(plan)
        return self.finish("\n\n".join(parts), cites, route="fact")
