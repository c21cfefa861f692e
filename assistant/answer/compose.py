"""The Answerer: route a conversation to a structured, extractive or LLM answer under one citation contract."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from assistant.answer import structured
from assistant.answer.citations import Citations, enforce
from assistant.answer.conversation import find_bounded, follow_up, mentioned, short_names, split_turns
from assistant.answer.evidence import QueryTerms, SentencePicker, relevant, summary_sentence
from assistant.answer.format import name, owner_note, plural, when
from assistant.answer.intents import Intent, classify, topic_words
from assistant.answer.prompts import Prompts
from assistant.ingest.text import neutralise, split_sentences
from assistant.errors import BadRequest
from assistant.models import Answer, Filters, Message, Paper
from assistant.retrieval import Hit

STRUCTURED = {"count", "per_year", "earliest", "latest", "coauthors", "code", "categories", "attribution", "overview"}
PAPER_FACTS = {"authors", "when", "arxiv"}  # metadata of one named paper, from the table
CANNOT_ANSWER = "The corpus does not cover this"
MAX_LIST = 12
_WORD = re.compile(r"\w")


@dataclass
class Plan:
    """What a conversation asks, resolved against the corpus."""

    question: str
    history: list[Message]
    query: str
    focus: list[str]
    intent: Intent
    filters: Filters
    scope: str  # "author" | "all" | "others"
    named: list[str] = field(default_factory=list)  # ids of papers the question itself names
    notes: list[str] = field(default_factory=list)

    @property
    def author_scope(self) -> bool:
        return self.scope == "author"


class Answerer:
    def __init__(self, settings, table, retriever, chat_model=None, prompts: Prompts | None = None, sentence_vectors=None):
        self.settings = settings
        self.principal = table.principal_author
        self.papers = table.papers
        self.themes = table.themes
        self.by_id = {p.id: p for p in table.papers}
        self.names = short_names(table.papers)
        self.people = sorted({a for p in table.papers for a in p.authors if a.casefold() != self.principal.casefold()}, key=len, reverse=True)
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
        if f.author_only is not None:
            scope = "author" if f.author_only else "all"
        else:
            scope = "others" if intent.others_only else "all" if intent.others_asked else "author"
        named = mentioned(question, self.names)
        person = self._coauthor_in(question)
        if person and f.coauthor is None and intent.route in ("list", "fact", "count"):
            f.coauthor = person  # "papers with Daning Cheng": enumerate (or count) their joint papers
            intent.route = "count" if intent.route == "count" else "list"
            intent.subject = ""
        elif intent.route in ("fact", "list") and self._is_summary(question, intent, named):
            intent.route = "summary"
        elif intent.route == "list" and not intent.subject and scope == "author" and re.search(r"\bwork(s|ed|ing)? on\b|\bresearch(ed)?\b|\bfocus(ed)? on\b", question, re.I):
            intent.route = "overview"  # "What did they work on before 2021?": the themes of those years
        return Plan(question=question, history=history, query=query, focus=focus, intent=intent, filters=f, scope=scope, named=named)

    def _coauthor_in(self, question: str) -> str | None:
        lowered = question.casefold()
        for person in self.people:  # a substring test first: a regex per person per question took seconds at 1k papers
            name = person.casefold()
            if name in lowered and find_bounded(lowered, name, _WORD) >= 0:
                return person
        return None

    def _is_summary(self, question: str, intent: Intent, named: list[str]) -> bool:
        """"What is MoQE?", "Describe the paper on best friend clustering": about one paper."""
        if not intent.summary_like:
            return False
        if named:
            rest = set(topic_words(question, self.principal)) - {w for pid in named[:1] for w in topic_words(self.by_id[pid].label)}
            return len([w for w in rest if w.casefold() not in self.names]) <= 2
        return bool(re.search(r"\b(the|this|that) (paper|article|preprint|study) (on|about|that|which|introducing|proposing)\b", question, re.I))

    def scoped(self, plan: Plan) -> list[Paper]:
        f = plan.filters.model_copy(update={"author_only": True if plan.scope == "author" else None})
        papers = [p for p in self.papers if f.admits(p)]
        return [p for p in papers if not p.is_author_work] if plan.scope == "others" else papers

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
        if plan.intent.about_author or plan.filters.author_only:
            return mine
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

    # --- answers ------------------------------------------------------------------------------
    def _table_route(self, plan: Plan) -> bool:
        route = plan.intent.route
        return route in STRUCTURED or route in PAPER_FACTS or (route == "list" and not plan.intent.subject)

    def _hits(self, plan: Plan) -> list[Hit]:
        if plan.intent.route == "summary":
            paper = self.target(plan, plan.intent.subject)
            return [Hit(paper=paper, dense=1.0)] if paper else []
        return self.find(plan, plan.intent.subject if plan.intent.route == "list" else None)

    def answer(self, messages: list[Message], filters: Filters) -> Answer:
        plan = self.plan(messages, filters)
        if self._table_route(plan):
            return self.structured(plan)
        hits = self._hits(plan)
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
        if self.llm is not None and not self._table_route(plan):
            hits = self._hits(plan)
            if hits:
                from assistant.answer.llm import stream_llm_answer

                yield from stream_llm_answer(self, plan, hits)
                return
        final = self.answer(messages, filters)
        for chunk in re.findall(r"\S+\s*", final.answer):
            yield {"type": "token", "text": chunk}
        yield {"type": "answer", "answer": final}

    def finish(self, text: str, cites: Citations, mode: str = "extractive", **meta) -> Answer:
        text, citations, problems = enforce(text, cites.list())  # degrades (drops what breaks it), never raises
        return Answer(answer=text, citations=citations, mode=mode, meta={**meta, **({"contract_problems": problems} if problems else {})})

    def structured(self, plan: Plan) -> Answer:
        intent = plan.intent
        quote = summary_sentence
        cites = Citations()
        papers = self.scoped(plan)
        who = structured.scope_phrase(intent, self.principal, plan.scope, plan.filters.coauthor)
        route = intent.route
        topic = intent.subject if route in ("count", "coauthors") else ""
        if topic:
            papers = self.topic_papers(plan, topic, papers)
        if route == "count" and re.search(r"\b(code|github|open[- ]source)\b", plan.question, re.I):
            route = "code"  # "how many of his papers have code": the code route counts them
        if route in PAPER_FACTS:
            paper = self.target(plan, intent.subject)
            if paper is None:
                text = f"I cannot find a paper matching “{intent.subject}” in the corpus."
            elif route == "authors":
                text = structured.authors_of(paper, cites, quote, self.principal)
            elif route == "when":
                text = structured.date_of(paper, cites, quote)
            else:
                text = structured.arxiv_of(paper, cites, quote)
            return self.finish(text, cites, route=route)
        if route == "attribution":
            target = structured.title_match(intent.subject, self.papers)
            if target is None:
                hits = self.retriever.search(intent.subject, Filters(), k=3)
                good = relevant(hits, self.qterms(intent.subject), self.settings.relevance_threshold)
                target = good[0][0].paper if good and good[0][1] >= 0.99 else None
            text = structured.attribution(intent.subject, target, cites, quote, self.principal)
        elif route == "count":
            text = structured.count(intent, papers, cites, quote, self.principal, who, topic)
        elif route == "per_year":
            text = structured.per_year(papers, cites, quote, self.principal, who)
        elif route in ("earliest", "latest"):
            text = structured.extreme(route == "latest", papers, cites, quote, self.principal, who)
        elif route == "coauthors":
            text = structured.coauthors(papers, cites, quote, self.principal, topic)
        elif route == "code":
            text = structured.with_code(papers, cites, quote, self.principal, who)
        elif route == "categories":
            text = structured.categories(papers, cites, quote, self.principal, who)
        elif route == "overview" and plan.scope == "author":
            text = structured.overview(self.themes, papers, cites, quote, self.principal, who, timeline=intent.timeline)
        else:  # a list with no topic: every paper in scope, one line each
            text = self.enumerate(who, papers, cites, quote)
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

    def enumerate(self, who: str, papers: list[Paper], cites: Citations, quote) -> str:
        if not papers:
            return f"None of {who} are in the corpus."
        papers = sorted(papers, key=structured._date_key, reverse=True)
        lines = [f"{who[0].upper()}{who[1:]} ({plural(len(papers), 'paper')}):"]
        for p in papers[: structured.LIST_LIMIT]:
            q = quote(p)
            lines.append(f"- {name(p)}{when(p)}{owner_note(p, self.principal)}: {self._clause(q)} {cites.cite(p, q)}")
        return "\n".join(lines + structured.unlisted(papers))

    @staticmethod
    def _clause(sentence: str) -> str:
        return neutralise(sentence).rstrip(" .")

    def summarize(self, plan: Plan, paper: Paper, qterms: QueryTerms, cites: Citations) -> Answer:
        """What the paper does, what the question asks of it, and its headline result, in the abstract's words."""
        from assistant.answer.evidence import HAS_QUANTITY

        ranked = [s for s, _ in self.picker.rank(plan.question, qterms, [paper])[paper.id]]
        chosen = [summary_sentence(paper)]
        if ranked and ranked[0] not in chosen:
            chosen.append(ranked[0])
        result = next((s for s in ranked if HAS_QUANTITY.search(s) and s not in chosen), None)
        if result:
            chosen.append(result)
        order = {s: i for i, s in enumerate(s for a in paper.abstracts for s in split_sentences(a))}
        chosen.sort(key=lambda s: order.get(s, 0))
        marker = cites.cite(paper, chosen[0])
        body = " ".join(f"{self._clause(s)} {marker}." for s in chosen)
        return self.finish(f"{name(paper)}{when(paper)}{owner_note(paper, self.principal)}: {body}", cites, route="summary")

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
            who = structured.scope_phrase(plan.intent, self.principal, plan.scope, plan.filters.coauthor)
            lines = [f"{who[0].upper()}{who[1:]} on {plan.intent.subject} ({plural(len(shown), 'paper')}):"]
            for h in shown:
                s = ranked[h.paper.id][0][0] if ranked[h.paper.id] else summary_sentence(h.paper)
                lines.append(f"- {name(h.paper)}{when(h.paper)}{owner_note(h.paper, self.principal)}: {self._clause(s)} {cites.cite(h.paper, s)}")
            return self.finish("\n".join(lines), cites, route="list")

        if plan.intent.route == "summary":
            return self.summarize(plan, hits[0].paper, qterms, cites)
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
            bare = next((h.paper for h in top if not h.paper.has_abstract), None)
            if bare is not None:  # a metadata-only record matched: say what is missing, not "not covered"
                marker = cites.cite(bare, summary_sentence(bare))
                text = f"{name(bare)}{when(bare)}{owner_note(bare, self.principal)} matches, but {summary_sentence(bare)} {marker}, so I cannot say more than its metadata."
                return self.finish(text, cites, route="no_abstract")
            return self.cannot_answer(plan)
        return self.finish("\n\n".join(parts), cites, route="fact")
