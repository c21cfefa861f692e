"""Extractive answers: the abstract's own sentences for a question, cited; "not covered" when the evidence is weak."""

from __future__ import annotations

from assistant.answer import structured
from assistant.answer.citations import Citations
from assistant.answer.evidence import HAS_QUANTITY, QueryTerms, summary_sentence
from assistant.answer.format import name, owner_note, plural, when
from assistant.answer.intents import topic_words
from assistant.answer.plan import QueryPlan as Plan
from assistant.index.retrieval import Hit
from assistant.models import Answer, Paper
from assistant.text import neutralise, split_sentences

CANNOT_ANSWER = "The corpus does not cover this"
MAX_LIST = 12


class Extractive:
    """The Answerer's extractive writer: needs principal, papers, picker, settings, qterms(), finish()."""

    def summarize(self, plan: Plan, paper: Paper, qterms: QueryTerms, cites: Citations) -> Answer:
        """What the paper does, what the question asks of it, and its headline result, in the abstract's words."""

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
        return self.finish(
            f"{name(paper)}{when(paper)}{owner_note(paper, self.principal)}: {body}", cites, route="summary"
        )

    def cannot_answer(self, plan: Plan) -> Answer:
        topic = " ".join(topic_words(plan.question, self.principal)) or plan.question
        n_author = sum(p.is_author_work for p in self.papers)
        scope = f"{self.principal}'s {n_author} papers" if plan.author_scope else f"the {len(self.papers)} papers"
        extra = ""
        if plan.filters.year_from or plan.filters.year_to:
            extra = " in the years asked about"
        return Answer(
            answer=f"{CANNOT_ANSWER}: none of {scope} in it{extra} is about “{topic}”, so I have nothing to cite.",
            citations=[],
            meta={"route": "none"},
        )

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
                lines.append(
                    f"- {name(h.paper)}{when(h.paper)}{owner_note(h.paper, self.principal)}: "
                    f"{self._clause(s)} {cites.cite(h.paper, s)}"
                )
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
                parts.append(
                    f"Also relevant: "
                    f"{name(h.paper)}{when(h.paper)}{owner_note(h.paper, self.principal)}: "
                    f"{self._clause(s)} {cites.cite(h.paper, s)}."
                )
        if not parts:
            bare = next((h.paper for h in top if not h.paper.has_abstract), None)
            if bare is not None:  # a metadata-only record matched: say what is missing, not "not covered"
                marker = cites.cite(bare, summary_sentence(bare))
                text = (
                    f"{name(bare)}{when(bare)}{owner_note(bare, self.principal)} matches, but "
                    f"{summary_sentence(bare)} {marker}, so I cannot say more than its metadata."
                )
                return self.finish(text, cites, route="no_abstract")
            return self.cannot_answer(plan)
        return self.finish("\n\n".join(parts), cites, route="fact")

    @staticmethod
    def _clause(sentence: str) -> str:
        return neutralise(sentence).rstrip(" .")  # a "[7]" or a link in the source's sentence is the source's, not ours
