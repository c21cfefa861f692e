"""Answers written from the paper table: scoped lists and counts, grounded topic lists, compare, "which of those",
filters."""

from __future__ import annotations

import re
from dataclasses import replace

from assistant.answer.check.citations import Citations, finish
from assistant.answer.corpus import Corpus
from assistant.answer.evidence import asked, named_instance, stated_absence, topics
from assistant.answer.evidence.finding import Evidence
from assistant.answer.evidence.weigh import relevant, summary_sentence
from assistant.answer.plan import dated, phrases
from assistant.answer.plan.conversation import GROUP_BACK, cited_papers, without_pointers
from assistant.answer.plan.intents import topic_words
from assistant.answer.plan.people import author_at
from assistant.answer.plan.phrases import FIELD_ROUTES
from assistant.answer.plan.plan import QueryPlan as Plan
from assistant.answer.plan.selection import holds_position
from assistant.answer.plan.work_kinds import KIND_SAID, kind_of
from assistant.answer.write import meta, order, pages, structured, team
from assistant.answer.write.by_role import what_it_does
from assistant.answer.write.extractive import CANNOT_ANSWER, ExtractiveWriter, clause
from assistant.answer.write.format import brief_quote, in_abstract_order, name, owner_note, plural, when
from assistant.answer.write.second_ask import second_clause
from assistant.models import Answer, Filters, Paper
from assistant.text import research_sentences

# How the answer says the source the papers lack (plan.not_in).
_NOT_IN_SAID = {
    "arxiv": "on arXiv",
    "journal article": "in a journal",
    "conference paper": "at a conference",
    "preprint": "as a preprint",
}
PAPER_FACTS = set(phrases.FIELD_KINDS)  # metadata of one named paper, from the table


class TableWriter:
    """Writes answers that come from the paper table; takes the corpus, the evidence step (the one paper a question
    is about) and the extractive writer (its refusal)."""

    def __init__(self, corpus: Corpus, evidence: Evidence, writer: ExtractiveWriter):
        self.corpus = corpus
        self.evidence = evidence
        self.writer = writer

    def scoped(self, plan: Plan) -> list[Paper]:
        """The papers a structured answer counts: scope, years, co-author, author position, surname, papers pointed
        back to."""
        f = plan.filters.model_copy(update={"author_only": True if plan.scope == "author" else None})
        pool = (
            [self.corpus.by_id[i] for i in plan.focus if i in self.corpus.by_id]
            if (plan.route in ("earliest", "latest") or plan.within_focus) and plan.focus and not plan.named
            else None
        )
        papers = [p for p in self.corpus.admitted(f, pool) if p.id not in plan.leave_out]
        if plan.venues:
            papers = [p for p in papers if phrases.in_venues(p, plan.venues)]
        if plan.categories:
            papers = [p for p in papers if phrases.in_categories(p, plan.categories)]
        # "with a DOI"; people; "not in IEEE venues"; "on his profile page"
        papers = [p for p in papers if plan.admits_record(p)] if plan.restricts_record() else papers
        if plan.team:  # "more than five authors": the byline's length, from the table
            papers = [p for p in papers if plan.team.admits(len(p.authors), p.authors_truncated)]
        if plan.dates and plan.dates.by_month:
            # A paper dated only by a year the span cuts through is unknown: not matched (order.undated_note says so).
            papers = [p for p in papers if plan.dates.admits(p)]
        if plan.scope == "others":
            papers = [p for p in papers if not p.is_author_work]
        if plan.not_in:
            papers = [p for p in papers if not phrases.in_source(p, plan.not_in)]  # "not on arXiv"
        if plan.work_type:  # "arxiv only" is no type a source gives: the kind the table's fields make (work_kinds)
            papers = [p for p in papers if p.work_type == plan.work_type or kind_of(p) == plan.work_type]
        if plan.position or plan.surname:
            papers = [
                p
                for p in papers
                # whether a position said not to be P's also holds where P is absent is the person constraint's
                # (plan.people): "not led by P" does, "the papers he co-wrote with P not led by P" does not
                if holds_position(p, plan.position, plan.person, plan.surname) != plan.position_negated
            ]
        if (
            plan.person
            and plan.person != self.corpus.principal
            and not plan.position
            and re.search(r"\belse\b", plan.question, re.I)
        ):
            papers = [p for p in papers if plan.person in p.authors]
        if re.search(r"\b(else|other than (it|that|this))\b", plan.question, re.I) and plan.history:
            before = next((m.content for m in reversed(plan.history) if m.role == "assistant"), "")
            shown = set(cited_papers(before, self.corpus.by_title))
            papers = [p for p in papers if p.id not in shown] or papers
        return papers

    def who(self, plan: Plan) -> str:
        """Every selection the plan applies, said: scope, dates, co-author, author position, venue."""
        return (
            structured.scope_phrase(plan, self.corpus.principal, plan.scope, plan.filters.coauthor, plan.dates)
            + (f" that are {KIND_SAID.get(plan.work_type, plan.work_type + 's')}" if plan.work_type else "")
            + structured.position_phrase(plan)
            # "don't involve Berg": said, not silent (the principal author left out is the scope's "not by")
            + "".join(f" without {c.who}" for c in plan.people if c.absent and c.who != self.corpus.principal)
            + "".join(f" with {c.said}" for c in plan.people if c.also)  # "with Petrov or Hansen": either
            + (f" in {' or '.join(plan.venues)}" if plan.venues else "")
            + (
                f" in the {' or '.join(plan.categories)} categor{'ies' if len(plan.categories) > 1 else 'y'}"
                if plan.categories
                else ""
            )
            + "".join(f" {'with' if on else 'without'} {phrases.FIELD_SAID[f]}" for f, on in plan.has)
            + (f" not {_NOT_IN_SAID.get(plan.not_in, plan.not_in)}" if plan.not_in else "")
            + plan.record.phrase()
            + (plan.sources.phrase(self.corpus.source_index) if plan.sources else "")
            + (f" {plan.team.phrase}" if plan.team else "")
        )

    def filtered_out(self, plan: Plan) -> Answer:
        """The question names papers the active filters exclude: say so instead of answering from other papers."""
        f = plan.filters
        why = []
        if f.author_only:
            why.append(f"only {self.corpus.principal}'s papers")
        if f.year_from is not None or f.year_to is not None:
            why.append(f"years {f.year_from or '…'}–{f.year_to or '…'}")
        if f.coauthor:
            why.append(f"co-author {f.coauthor}")
        excluded = [self.corpus.by_id[i] for i in plan.excluded]
        names = "; ".join(f"{name(p)}{when(p)}{owner_note(p, self.corpus.principal)}" for p in excluded)
        text = (
            f"The active filters ({', '.join(why) or 'as set'}) exclude {names}, the paper this question names, "
            "so I have not answered from it. Clear or widen the filters to ask about it."
        )
        return Answer(answer=text, citations=[], meta={"route": "filtered_out", "excluded": plan.excluded})

    @staticmethod
    def _it(text: str, names: tuple[str, ...]) -> str:
        """ "X (2020) is dated …" said after another field of X: "It is dated …"."""
        prefix = next((n for n in names if text.startswith(n)), "")
        return f"It{text[len(prefix) :]}" if prefix else text

    def _field(self, route: str, paper: Paper, cites: Citations, quote, position: int | None = None) -> str:
        """One metadata field of one paper, as the table states it (the author at a position asked, first)."""
        if route == "authors":
            listed = structured.authors_of(paper, cites, quote, self.corpus.principal)
            if not position or not paper.authors:
                return listed
            nth = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", -1: "last"}.get(position, "")
            if who := author_at(paper, position):
                return f"{listed} Its {nth} author is {who} {cites.cite(paper, quote(paper))}."
            return f"{listed} So its {nth} author is not known from the sources."
        if route == "when":
            return structured.date_of(paper, cites, quote)
        if route == "venue":
            return meta.venue_of(paper, cites, quote)
        if route == "citations":
            return meta.citations_of(paper, cites, quote)
        if route == "doi":
            return meta.doi_of(paper, cites, quote)
        return structured.arxiv_of(paper, cites, quote)

    def structured(self, plan: Plan) -> Answer:
        quote = summary_sentence
        cites = Citations()
        papers = self.scoped(plan)
        who = self.who(plan) + (
            f" not on “{plan.negated}”" if plan.negated and not plan.negated_claimed and not plan.topic else ""
        )
        route = plan.route
        topic = plan.topic if route in ("count", "coauthors", "list", "code", "earliest", "latest") else ""
        support: dict[str, str] = {}
        if route == "compare":
            return self.compare(plan)
        if route == "which_of":
            return self.which_of(plan)
        if plan.instance_of and route in ("list", "count"):  # "name a specific GPU model": the papers that name one
            papers, support, topic = named_instance.naming_each(plan.instance_of, papers, topic, self.corpus.topics)
            if route == "list":
                return self.topic_list(plan, f"a named {plan.instance_of}", papers, support, cites)
        elif plan.negated and plan.negated_claimed and route in ("list", "count"):
            # "say they work without any fine-tuning": the papers whose own text states the absence
            said = {p.id: s for p in papers if (s := stated_absence.stating_absence(plan.negated, p))}
            papers, support = [p for p in papers if p.id in said], said
            if not topic and route == "list":
                return self.topic_list(plan, f"without {plan.negated}", papers, support, cites)
        elif plan.negated and route in ("list", "count", "earliest", "latest", "per_year", "code", "overview"):
            # "not about LLMs": the papers in scope minus those whose own text grounds the negated topic.
            on = self.corpus.topics.papers_touching(plan.negated, papers, within=topic)
            papers = [p for p in papers if p.id not in on]
        if topic or (plan.literal and route in ("count", "list")):
            found = self.corpus.topics.papers_on(topic, papers, literal=plan.literal)
            support = {sp.paper.id: sp.sentence for sp in found}
            papers = [sp.paper for sp in found]
            if route == "list":
                return self.topic_list(plan, topic or plan.literal, papers, support, cites)
            quote = lambda p: support.get(p.id) or summary_sentence(p)  # noqa: E731 - the sentence that put it in the set
        if route in PAPER_FACTS and not plan.named and len(plan.focus) >= 2 and GROUP_BACK.search(plan.question):
            # "When were those two posted?", "who wrote each of them?": the fact of every paper pointed back to
            text = "\n".join(f"- {self._field(route, self.corpus.by_id[i], cites, quote)}" for i in plan.focus)
            return finish(text, cites, route=route, plan=self.corpus.explain(plan))
        if route in PAPER_FACTS:
            paper = self.evidence.target(plan, plan.subject)
            if paper is None:
                text = f"I cannot find a paper matching “{plan.subject}” in the corpus."
            else:
                asked = [route] + [FIELD_ROUTES[f] for f in plan.fields if FIELD_ROUTES[f] != route]
                said = [self._field(r, paper, cites, quote, plan.position) for r in dict.fromkeys(asked)]
                said[:0] = structured.event_dates(route, plan.question, paper, cites)  # "when was it accepted …?"
                lead = f"{name(paper)}{when(paper)}"  # the paper is named once; the next fields say "It"
                text = " ".join([said[0], *(self._it(t, (lead, name(paper))) for t in said[1:])])
                if len(asked) == 1:
                    text += second_clause(self.corpus, plan, paper, cites)
            return finish(text, cites, route=route, plan=self.corpus.explain(plan))
        if route == "attribution":
            target = structured.title_match(plan.subject, self.corpus.papers)
            if target is None:
                hits = self.corpus.retriever.search(plan.subject, Filters(), k=3)
                good = relevant(hits, self.corpus.qterms(plan.subject), self.corpus.settings.relevance_threshold)
                target = good[0][0].paper if good and good[0][1] >= 0.99 else None
            text = structured.attribution(plan.subject, target, cites, quote, self.corpus.principal)
            if target is not None:
                text += second_clause(self.corpus, plan, target, cites)
        elif route == "count":
            text = structured.count(plan, papers, cites, quote, self.corpus.principal, who, topic)
        elif route == "per_year":
            text = structured.per_year(papers, cites, quote, self.corpus.principal, who)
        elif route in ("earliest", "latest"):
            among_those = bool(plan.focus and plan.history) and not plan.named  # "which of those came first?": shown
            on = f" on “{topic}”" if topic else ""  # "his earliest paper on LLMs": the topic's papers, said
            text = order.extreme(
                route == "latest", papers, cites, quote, self.corpus.principal, who + on, among_those, plan.ranked
            )
            if (ends := dated.extreme(papers, route == "latest")) and len(ends.tied) == 1:
                # "her earliest Sentinel-2 study, and which sea did it report on?": asked of the paper picked
                text += second_clause(self.corpus, plan, ends.paper, cites)
        elif route == "coauthors":
            text = structured.coauthors(papers, cites, quote, self.corpus.principal, topic)
        elif route == "code":
            text = structured.with_code(papers, cites, quote, self.corpus.principal, who, plan)
        elif route == "venues":
            text = meta.venues(papers, cites, quote, who)
        elif route == "categories":
            text = structured.categories(papers, cites, quote, self.corpus.principal, who)
        elif route == "overview" and plan.scope == "author":
            text = structured.overview(
                self.corpus.themes, papers, cites, quote, self.corpus.principal, who, timeline=plan.timeline
            )
        else:  # a list with no topic: every paper in scope, one line each
            text = self.enumerate(who, papers, cites, quote, plan)
        text += order.undated_note(self.corpus.papers, plan, papers)
        text += team.undecided_note(plan, self.scoped(replace(plan, team=None))) if plan.team else ""
        chosen = {"papers": [p.id for p in papers]} if route in ("count", "list") else {}  # read by plan/one_reached
        return finish(text, cites, route=route, **chosen)

    def topic_list(
        self, plan: Plan, topic: str, papers: list[Paper], support: dict[str, str], cites: Citations
    ) -> Answer:
        """The papers whose own text supports the topic; an empty set said plainly, other groups' papers marked."""
        who = self.who(plan)
        lines = []
        if papers:
            # Newest first, said in the heading: a reader checks a date order at a glance, not a relevance score.
            papers = sorted(papers, key=order.order_key, reverse=True)
            on = "about" if who.endswith(" on") else "on"  # "his papers from 2022 on about …", not "on on"
            page = pages.page_of(papers, plan)
            # "… as second author, on X"
            sep = "," if plan.position or plan.surname or plan.venues or plan.work_type else ""
            # the negated topic was filtered out (a claimed absence is the topic itself)
            neg = f" and not on “{plan.negated}”" if plan.negated and not plan.negated_claimed else ""
            lines.append(
                f"{who[0].upper()}{who[1:]}{sep} {on} “{topic}”{neg} ({plural(len(papers), 'paper')}, newest first)"
                f"{page.span()}:"
            )
            # A few papers: also the sentence answering the question itself ("which SGD algorithms …").
            ranked = (
                self.corpus.picker.rank(plan.question, self.corpus.qterms(plan.question), papers[:6])
                if len(papers) <= 6
                else {}
            )
            for p in page.items:
                s = support.get(p.id) or summary_sentence(p)
                extra = ranked.get(p.id, [])
                more = [extra[0][0]] if extra and extra[0][0] != s else []
                more += what_it_does(p, self.corpus, [s, *more]) if len(papers) == 1 else []  # the one answer
                marker = cites.cite(p, s)
                lines.append(
                    f"- {name(p)}{when(p)}{owner_note(p, self.corpus.principal)}: {clause(s)} {marker}."
                    + "".join(f" {clause(m)} {marker}." for m in more)
                )
            lines += page.closing()
            return finish(
                "\n".join(lines) + order.undated_note(self.corpus.papers, plan, papers),
                cites,
                route="list",
                plan=self.corpus.explain(plan),
                papers=[p.id for p in page.items],
                page=[page.start, page.total],
            )
        where = "" if "in the corpus" in who else " in the corpus"  # "the papers in the corpus" says it already
        none = f"none of {who}{where} is about “{topic}” (no paper's own text supports it), so I list none."
        others = []
        if plan.scope == "author":
            others_filter = plan.filters.model_copy(update={"author_only": None})
            pool = [p for p in self.corpus.admitted(others_filter) if not p.is_author_work]
            others = [
                sp for sp in self.corpus.topics.papers_on(topic, pool, literal=plan.literal) if topics.strongly_on(sp)
            ][:3]
        if not others:  # nothing in the whole corpus: the refusal every interface recognises
            return finish(f"{CANNOT_ANSWER}: {none}", cites, route="list", plan=self.corpus.explain(plan))
        text = f"{none[0].upper()}{none[1:]} Other papers in the corpus on it, not by {self.corpus.principal}:"
        for sp in others:
            text += (
                f"\n- {name(sp.paper)}{when(sp.paper)} — not {self.corpus.principal}'s paper: "
                f"{clause(sp.sentence)} {cites.cite(sp.paper, sp.sentence)}"
            )
        return finish(text, cites, route="list", plan=self.corpus.explain(plan))

    def compare(self, plan: Plan) -> Answer:
        """Each paper's approach and the sentences answering the question, all cited, then one line on what differs."""
        papers = [self.corpus.by_id[i] for i in plan.compared]
        cites = Citations()
        qterms = self.corpus.qterms(plan.question)
        ranked = self.corpus.picker.rank(plan.question, qterms, papers)
        parts, gist = [], []
        for p in papers:
            approach = summary_sentence(p)
            best = [s for s, _ in ranked[p.id][:2] if s != approach]
            chosen = in_abstract_order(p, [approach, *best])
            marker = cites.cite(p, chosen[0])
            parts.append(
                f"{name(p)}{when(p)}{owner_note(p, self.corpus.principal)}: "
                + " ".join(f"{clause(s)} {marker}." for s in chosen)
            )
            gist.append((p, (best or [approach])[0]))
        if len(gist) >= 2:
            short = [f"{name(p)} {brief_quote(s)}" for p, s in gist]
            parts.append("What differs: " + "; whereas ".join(short) + ".")
        if plan.unresolved:
            # One side of the comparison fits no paper: said first, so the answer never looks like the whole of it.
            missing = " or ".join(f"“{side}”" for side in plan.unresolved)
            parts.insert(
                0, f"I could not tell which paper {missing} means, so only one side of the comparison is here."
            )
        return finish(
            "\n\n".join(parts), cites, route="compare", plan=self.corpus.explain(plan), papers=[p.id for p in papers]
        )

    def which_of(self, plan: Plan) -> Answer:
        """ "Which of those …": among the previous answer's papers, the ones whose text supports the rest of the
        question."""
        papers = [self.corpus.by_id[i] for i in plan.focus if i in self.corpus.by_id]
        rest = without_pointers(plan.question)
        topic = " ".join(topic_words(rest, self.corpus.principal))
        found = self.corpus.topics.papers_on(topic, papers) if topic else []
        if not found:
            ranked = self.corpus.picker.rank(rest, self.corpus.qterms(rest), papers)
            scored = sorted(
                ((ranked[p.id][0][1], p, ranked[p.id][0][0]) for p in papers if ranked[p.id]), key=lambda r: -r[0]
            )
            found_pairs = [(p, s) for _, p, s in scored[:1]]
        else:
            found_pairs = [(sp.paper, sp.sentence) for sp in found]
            # "Which one is about X, and how well calibrated was it?": the sentence answering the rest of the
            # question (a result, a figure: evidence/asked.py), not the one that matched the topic.
            asks = asked.read(rest)
            if asks.roles or asks.quantity:
                ranked = self.corpus.picker.rank(rest, self.corpus.qterms(rest), [p for p, _ in found_pairs])
                found_pairs = [(p, ranked[p.id][0][0] if ranked[p.id] else s) for p, s in found_pairs]
        cites = Citations()
        if not found_pairs:
            return self.writer.cannot_answer(plan)
        # "which one is about X, and how well calibrated was it?": also the sentence answering the rest (few papers)
        then = phrases.THEN_ASKS.split(rest, maxsplit=1)
        ranked = (
            self.corpus.picker.rank(then[-1], self.corpus.qterms(then[-1]), [p for p, _ in found_pairs])
            if len(then) > 1 and len(found_pairs) <= 3
            else {}
        )
        lines = []
        for p, s in found_pairs:
            marker = cites.cite(p, s)
            extra = next((t for t, _ in ranked.get(p.id, [])[:1] if t != s), None)
            # "These algorithms cover …" comes with the sentence naming the algorithms (evidence/asked.py).
            ordered = [t for a in p.abstracts for t in research_sentences(a)]
            quoted = asked.with_referents([s, extra] if extra else [s], ordered)
            body = " ".join(f"{clause(t)} {marker}." for t in quoted)
            lines.append(f"{name(p)}{when(p)}{owner_note(p, self.corpus.principal)}: {body}")
        return finish("\n".join(lines), cites, route="which_of", plan=self.corpus.explain(plan))

    def enumerate(self, who: str, papers: list[Paper], cites: Citations, quote, plan: Plan | None = None) -> str:
        if not papers:
            return f"None of {who} are in the corpus."
        papers = sorted(papers, key=order.order_key, reverse=True)
        page = pages.page_of(papers, plan)
        lines = [f"{who[0].upper()}{who[1:]} ({plural(len(papers), 'paper')}, newest first){page.span()}:"]
        for p in page.items:
            q = quote(p)
            lines.append(f"- {name(p)}{when(p)}{owner_note(p, self.corpus.principal)}: {clause(q)} {cites.cite(p, q)}")
        return "\n".join(lines + page.closing())
