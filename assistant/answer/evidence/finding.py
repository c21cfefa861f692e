"""The evidence step: the papers a planned question is answered from (hits), or the one paper it is about."""

from __future__ import annotations

from assistant.answer.corpus import Corpus
from assistant.answer.evidence.acronyms import Acronyms
from assistant.answer.evidence.weigh import relevant
from assistant.answer.plan.plan import QueryPlan
from assistant.answer.write import structured
from assistant.index.retrieval import Hit
from assistant.models import Filters, Paper

AUTHOR_LEAD = 0.1  # how much stronger (dense + 0.3 coverage) another group's paper must be to lead a free question


class Evidence:
    def __init__(self, corpus: Corpus):
        self.corpus = corpus
        self.acronyms = corpus.picker.acronyms or Acronyms.of(corpus.papers)

    def search(self, query: str, filters: Filters, k: int = 20) -> list[Hit]:
        """Retrieval hits for a question, its acronyms' long forms (and long forms' acronyms) searched with it."""
        extra = self.acronyms.expansion(query)
        return self.corpus.retriever.search(f"{query} ({extra})" if extra else query, filters, k=k)

    def qterms(self, query: str):
        return self.corpus.qterms(query).with_alternatives(self.acronyms.alternatives(query))

    def find(self, plan: QueryPlan, query: str | None = None) -> list[Hit]:
        """Relevant hits, the author's first; other papers only when asked or clearly more relevant."""
        c = self.corpus
        query = query or plan.query
        if plan.focus and plan.intent.route == "fact":
            hits = {h.paper.id: h for h in c.retriever.search(query, plan.filters, k=20)}
            return [hits.get(pid) or Hit(paper=c.by_id[pid], dense=1.0) for pid in plan.focus if pid in c.by_id]
        search_filters = plan.filters.model_copy(update={"author_only": True if plan.filters.author_only else None})
        hits = self.search(query, search_filters)
        hits += c.sentences.candidates(query, c.papers, search_filters.admits, {h.paper.id for h in hits})
        hits = c.sentences.lift(query, hits)
        scored = relevant(hits, self.qterms(query), c.settings.relevance_threshold)
        good = [h for h, _ in scored]
        strength = {h.paper.id: h.dense + 0.3 * cov for h, cov in scored}  # relevant()'s own order
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
        kept = mine + [h for h in others if h.dense > best_mine + 0.05]
        # His papers lead unless another group's is clearly stronger: "What did the benchmark study of GPU deep
        # learning tools find about Caffe?" is answered from that study (0.73, all terms), not from his GPU paper
        # (0.52, a tenth of the terms) with the study as an afterthought.
        return sorted(kept, key=lambda h: -(strength[h.paper.id] + (AUTHOR_LEAD if h.paper.is_author_work else 0)))

    def target(self, plan: QueryPlan, subject: str) -> Paper | None:
        """The one paper a question is about: named in it, matched by title, or clearly found by search."""
        c = self.corpus
        if plan.named:
            return c.by_id[plan.named[0]]
        if plan.focus:  # a follow-up about the previous turn's paper
            return c.by_id[plan.focus[0]]
        if subject and (p := structured.title_match(subject, c.papers)):
            return p
        query = subject or plan.query
        hits = self.search(query, Filters(), k=5)
        good = relevant(hits, self.qterms(query), c.settings.relevance_threshold)
        # A clear lead by relevant()'s own order (dense + 0.3 coverage): "the paper on sparse matrix vector
        # multiplication in the finite element code" is the one saying SpMV (0.49 dense, 0.79 coverage), not the
        # stencil paper a little closer in meaning (0.51) that holds only "matrix multiplication" (0.41).
        strength = [h.dense + 0.3 * cov for h, cov in good]
        if good and (len(good) == 1 or strength[0] >= strength[1] + 0.03 or good[0][1] >= 0.99):
            return good[0][0].paper
        return None

    def hits(self, plan: QueryPlan) -> list[Hit]:
        """What an extractive or LLM answer is written from: the summarised paper, or the relevant hits."""
        if plan.intent.route == "summary":
            paper = self.target(plan, plan.intent.subject)
            return [Hit(paper=paper, dense=1.0)] if paper else []
        return self.find(plan, plan.intent.subject if plan.intent.route == "list" else None)
