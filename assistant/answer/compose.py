"""The Answerer: route a conversation to a structured, extractive or LLM answer under one citation contract."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from assistant.answer import structured
from assistant.answer.citations import Citations, check
from assistant.answer.conversation import ANAPHORA, cited_papers, deletion_index, find_bounded, follow_up, fuzzy_names, mentioned, short_names, split_turns, squashed_names
from assistant.answer.evidence import QUANTITY, QueryTerms, SentencePicker, relevant, summary_sentence, vocabulary
from assistant.lexical import variants
from assistant.answer.format import name, owner_note, plural, when
from assistant.answer import plan as planning
from assistant.answer.intents import Intent, classify, mentions_author, topic_words
from assistant.answer.plan import QueryPlan, Router
from assistant.answer.topics import TopicMatcher, quoted
from assistant.answer.prompts import Prompts
from assistant.ingest.text import split_sentences
from assistant.errors import BadRequest
from assistant.models import Answer, Filters, Message, Paper
from assistant.retrieval import Hit

STRUCTURED = {"compare", "which_of", "count", "per_year", "earliest", "latest", "coauthors", "code", "categories", "attribution", "overview"}
PAPER_FACTS = {"authors", "when", "arxiv"}  # metadata of one named paper, from the table
CANNOT_ANSWER = "The corpus does not cover this"
# IDF of a term in at most ~3% of passages (log(1 + n/(df+0.5)) >= 3.5): a name-like word, not a common one.
RARE_IDF = 3.5
MAX_LIST = 12
_WORD = re.compile(r"\w")


Plan = QueryPlan  # the name llm.py imports


class Answerer:
    def __init__(self, settings, table, retriever, chat_model=None, prompts: Prompts | None = None, sentence_vectors=None):
        self.settings = settings
        self.principal = table.principal_author
        self.papers = table.papers
        self.themes = table.themes
        self.by_id = {p.id: p for p in table.papers}
        self.names = short_names(table.papers)
        self.squashed = squashed_names(self.names)
        self.deletions = deletion_index(self.squashed)
        self.by_title = {p.label.casefold(): p.id for p in table.papers}
        self.people = sorted({a for p in table.papers for a in p.authors if a.casefold() != self.principal.casefold()}, key=len, reverse=True)
        self.retriever = retriever
        self.picker = SentencePicker(retriever.embeddings, sentence_vectors)
        self.prompts = prompts or Prompts.load(settings.prompts_dir)
        self.llm = chat_model
        self.router = Router(retriever.embeddings, vectors=retriever.vectors, cache_dir=settings.store_dir)
        self.router.vectors  # noqa: B018 - loaded with the answerer (at warm-up), not on the first question
        self.topics = TopicMatcher(retriever.embeddings, self.picker, retriever.lexical, vectors=retriever.vectors)

    # --- planning -----------------------------------------------------------------------------
    def plan(self, messages: list[Message], filters: Filters) -> QueryPlan:
        question, history = split_turns(messages)
        if not question:
            raise BadRequest("The conversation has no user question: the last message must come from the user.")
        # Spelling is corrected for finding papers only; slots and routes read the words as written
        # ("leaving out" must not become "leading out").
        corrected, spelling = planning.correct_spelling(question, self.retriever.lexical.knows)
        position, surname = planning.position(question), planning.surname(question)
        literal = quoted(question)
        stripped = self._strip_slots(question)
        intent = classify(stripped, self.principal)
        intent.year_from, intent.year_to = planning.years(question)
        named = self.named_in(corrected)
        query, focus = follow_up(corrected, history, self.names) if not named else (corrected, named)
        if focus and not named and self._names_own_subject(corrected, focus):
            query, focus = corrected, []  # "What is the Virtual Parameter Space?" after "What is MoQE?"
        person = self._coauthor_in(question) or self._person_pointed_to(question, history)
        if person is None and position and not surname and not planning.excludes_author(question) and mentions_author(question, self.principal):
            person = self.principal
        masked = self._mask(question)
        self.retriever.vectors.prime([masked, query])  # one model call for the routing text and the search query
        vote = self.router.route(masked)
        excludes = planning.excludes_author(question)
        f = filters.model_copy()
        if f.year_from is None and intent.year_from is not None:
            f.year_from = intent.year_from
        if f.year_to is None and intent.year_to is not None:
            f.year_to = intent.year_to
        if f.author_only is not None:
            scope = "author" if f.author_only else "all"
        elif excludes:
            scope = "others"
        elif (person and person != self.principal and (position or surname)) or (surname and not person):
            scope = "all" if not re.search(r"\b(his|her|their|the author['’]s)\b", question, re.I) else "author"
        elif planning.whole_corpus(question) and not re.search(rf"\b(his|her|the author['’]s|{re.escape(self.principal)}['’]s)\b", question, re.I):
            scope = "all"
        else:
            scope = "others" if intent.others_only else "all" if intent.others_asked else "author"
        topic = ""
        singular_back = bool(focus) and not named and bool(re.search(r"\b(it|its|this (paper|work|method|system))\b", question, re.I))
        if singular_back and intent.route in ("code", "categories", "overview", "per_year", "list", "count") and not position:
            intent.route = "fact"  # "Which open-source project is it part of?": about the paper pointed to
        if (named or focus) and re.match(r"(?i)\s*(then\s+|and\s+)?who\b", question) and position:
            intent.route, intent.subject, position = "authors", "", None  # "who is listed first among its authors?"
        back = self._pointed_back(question, history)
        if self._is_compare(question, vote, named):
            intent.route = "compare"
        elif position or surname or (literal and intent.route in ("fact", "list", "count")):
            intent.route = "count" if intent.route == "count" or vote.label == "count" else "list"
            topic = intent.subject = self._topic(self._without_people(stripped)) if not literal else literal
        elif person and person != self.principal and f.coauthor is None and intent.route in ("list", "fact", "count") and not named:
            f.coauthor = person  # "papers with Daning Cheng": enumerate (or count) their joint papers
            intent.route = "count" if intent.route == "count" else "list"
            intent.subject = " ".join(topic_words(self._without_people(stripped), self.principal))
        elif back and intent.route in ("fact", "list", "earliest", "latest", "summary") and back[1]:
            focus = back[1]
            if back[0] in ("earliest", "latest"):
                intent.route = back[0]
            elif back[0] == "which":
                intent.route = "which_of"
        elif intent.route in ("fact", "list") and self._is_summary(question, intent, named):
            intent.route = "summary"
        elif intent.route == "list" and not intent.subject and scope == "author" and re.search(r"\bwork(s|ed|ing)? on\b|\bresearch(ed)?\b|\bfocus(ed)? on\b", question, re.I):
            intent.route = "overview"  # "What did they work on before 2021?": the themes of those years
        elif intent.route == "list" and not literal and (QUANTITY.search(question) or (vote.label in ("fact", "how") and vote.confidence >= 0.5)):
            # "What speedup does the stencil work on sparse tensor cores achieve?": a route word ("work on")
            # inside the description, while the question asks a fact of one paper.
            intent.route, intent.subject = "fact", ""
        elif intent.route == "fact" and not named and not focus and vote.label == "list" and vote.confidence >= 0.6:
            intent.route = "list"  # "Has he built any benchmark suites?": the papers on a topic
            intent.subject = " ".join(topic_words(stripped, self.principal))
        if intent.route in ("list", "count", "coauthors") and not topic and intent.subject:
            topic = self._topic(self._without_people(stripped)) if " or " in stripped else intent.subject
        if focus and intent.route == "authors" and not named:
            intent.subject = ""
        excluded = [pid for pid in named if not filters.admits(self.by_id[pid])]
        return QueryPlan(
            excluded=excluded,
            question=question, history=history, answer_type=vote.label, route=intent.route, filters=f, scope=scope, query=query,
            topic=topic, named=named, focus=focus, person=person, position=position, surname=surname, excludes_author=excludes,
            vote=vote, intent=intent, literal=literal, notes=[f"spelling: {', '.join(spelling)}"] if spelling else [],
        )

    # --- slots -------------------------------------------------------------------------------
    def named_in(self, question: str) -> list[str]:
        """Papers the question names: exactly, or written without spaces/hyphens or with one typo ("dyna train")."""
        found = mentioned(question, self.names)
        if found:
            return found
        return fuzzy_names(question, self.squashed, self.retriever.lexical, self.deletions)

    def _strip_slots(self, question: str) -> str:
        """The question without the phrases slots read (author position, surname, exclusions), for the classifier."""
        q = planning._POSITION.sub(" ", question)
        q = planning._SURNAME.sub(" ", q)
        return planning._EXCLUDES_AUTHOR.sub(" ", q)

    def _topic(self, text: str) -> str:
        """The topic words of a question, alternatives kept apart ("stereo matching or multi-view stereo")."""
        text = re.sub(r"(?i)\b(how many|number of|count|list|name|enumerate|show)\b", " ", text)
        parts = [" ".join(topic_words(part, self.principal)) for part in re.split(r"(?i)\bor\b", text)]
        return " or ".join(p for p in parts if p)

    def _without_people(self, text: str) -> str:
        lowered = text
        for person in [*self.people, self.principal]:
            i = find_bounded(lowered.casefold(), person.casefold(), _WORD)
            if i >= 0:
                lowered = lowered[:i] + " " + lowered[i + len(person) :]
        return lowered

    def _mask(self, question: str) -> str:
        """Names of papers and people and years replaced by placeholders: the router reads the form."""
        out = question
        low = out.casefold()
        for nm in sorted((n for n in self.names if len(n) >= 3 and n in low), key=len, reverse=True):
            i = find_bounded(out.casefold(), nm)
            if i >= 0:
                out = out[:i] + "X" + out[i + len(nm) :]
        for person in self.people:
            if person.casefold() in out.casefold():
                i = find_bounded(out.casefold(), person.casefold(), _WORD)
                if i >= 0:
                    out = out[:i] + "Jane Doe" + out[i + len(person) :]
        out = re.sub(re.escape(self.principal), "the author", out, flags=re.I)
        return re.sub(r"\b(?:19|20)\d{2}\b", "2019", out)

    def _names_own_subject(self, question: str, focus: list[str]) -> bool:
        """A question with no word pointing back ("it", "those") that uses a rare corpus term the papers in focus
        never use names a new subject: it is not a follow-up."""
        if ANAPHORA.search(question):
            return False
        from assistant.answer.topics import texts_of

        focus_vocab = set().union(*(vocabulary(" ".join(texts_of(self.by_id[i]))) for i in focus if i in self.by_id))
        rare = [t for t, w in self.qterms(question).weights.items() if w >= RARE_IDF and self.retriever.lexical.knows(t)]
        return any(not (variants(t) & focus_vocab) for t in rare)

    def _person_pointed_to(self, question: str, history: list[Message]) -> str | None:
        """ "that person", "the same author": the first person the previous answer named."""
        if not re.search(r"\b(that|this|the same) (person|author|researcher|co-?author|scientist)\b", question, re.I):
            return None
        last = next((m.content for m in reversed(history) if m.role == "assistant"), "")
        found = [(find_bounded(last.casefold(), p.casefold(), _WORD), p) for p in [*self.people, self.principal] if p.casefold() in last.casefold()]
        found = [(i, p) for i, p in found if i >= 0]
        return min(found)[1] if found else None

    def _pointed_back(self, question: str, history: list[Message]) -> tuple[str, list[str]] | None:
        """("which" | "earliest" | "latest" | "nth", papers) when the question picks among the previous answer's papers."""
        if not history:
            return None
        previous = cited_papers(next((m.content for m in reversed(history) if m.role == "assistant"), ""), self.by_title)
        if not previous:
            return None
        ql = question.casefold()
        if m := re.search(r"\bthe (first|second|third|fourth|fifth|last) (one|paper|of (?:them|those))\b", ql):
            n = planning.ORDINALS[m.group(1)]
            picked = previous[n - 1 : n] if n > 0 else previous[-1:]
            return ("nth", picked) if picked else None
        if not re.search(r"\b(of (those|them|these)|which one|the (older|newer|earlier|later|oldest|newest|earliest|latest) one)\b", ql):
            return None
        if re.search(r"\b(older|oldest|earlier|earliest)\b", ql):
            return "earliest", previous
        if re.search(r"\b(newer|newest|later|latest|more recent|most recent)\b", ql):
            return "latest", previous
        return "which", previous

    def _is_compare(self, question: str, vote, named: list[str]) -> bool:
        cue = re.search(r"\b(differ|difference|compare|compared|comparison|versus|vs\.?|each (of the two|of them|one|benchmark|paper)|both|the two)\b", question, re.I)
        return bool(cue) and (vote.label == "compare" or len(named) >= 1) and len(self.compared(question, named)) >= 2

    def compared(self, question: str, named: list[str]) -> list[str]:
        """The papers a comparison is about: named ones, plus one found for each described side ("the X paper and the Y paper")."""
        ids = list(named)
        if len(ids) >= 2:
            return ids[:4]
        sides = re.split(r"\band\b|\bvs\.?\b|\bversus\b|\bwith\b|:", re.split(r"[?.]\s", question)[0])
        for side in sides:
            words = topic_words(side, self.principal)
            if len(words) < 2 or mentioned(side, self.names):
                continue
            hits = self.retriever.search(" ".join(words), Filters(), k=3)
            good = relevant(hits, self.qterms(" ".join(words)), self.settings.relevance_threshold)
            if good and good[0][0].paper.id not in ids and good[0][0].dense >= 0.5:
                ids.append(good[0][0].paper.id)
        return ids[:4]

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
        """The papers a structured answer counts: scope, years, co-author, author position, surname, papers pointed back to."""
        f = plan.filters.model_copy(update={"author_only": True if plan.scope == "author" else None})
        pool = [self.by_id[i] for i in plan.focus if i in self.by_id] if plan.intent.route in ("earliest", "latest") and plan.focus and not plan.named else self.papers
        papers = [p for p in pool if f.admits(p)]
        if plan.scope == "others":
            papers = [p for p in papers if not p.is_author_work]
        if plan.position or plan.surname:
            papers = [p for p in papers if self._in_position(p, plan)]
        if plan.person and plan.person != self.principal and not plan.position and re.search(r"\belse\b", plan.question, re.I):
            papers = [p for p in papers if plan.person in p.authors]
        if re.search(r"\b(else|other than (it|that|this))\b", plan.question, re.I) and plan.history:
            shown = set(cited_papers(next((m.content for m in reversed(plan.history) if m.role == "assistant"), ""), self.by_title))
            papers = [p for p in papers if p.id not in shown] or papers
        return papers

    @staticmethod
    def _position_phrase(plan: Plan) -> str:
        """ " listing Boyang Zhang as first author", " whose first author is surnamed Zhang": the position slot, said."""
        if not (plan.position or plan.surname):
            return ""
        nth = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", -1: "last"}.get(plan.position or 1, "first")
        if plan.person:
            return f" listing {plan.person} as {nth} author"
        return f" whose {nth} author is surnamed {plan.surname}" if plan.surname else ""

    def _in_position(self, p: Paper, plan: Plan) -> bool:
        """The paper's author at the asked position is the asked person (or has the asked surname)."""
        pos = plan.position or 1
        if not p.authors:
            return False
        if pos == -1:
            if p.authors_truncated:
                return False
            who = p.authors[-1]
        elif len(p.authors) >= pos:
            who = p.authors[pos - 1]
        else:
            return False
        if plan.surname and who.split()[-1].casefold() != plan.surname.casefold():
            return False
        if plan.person and who.casefold() != plan.person.casefold():
            return False
        return True

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

    # --- answers ------------------------------------------------------------------------------
    def filtered_out(self, plan: Plan) -> Answer:
        """The question names papers the active filters exclude: say so instead of answering from other papers."""
        f = plan.filters
        why = []
        if f.author_only:
            why.append(f"only {self.principal}'s papers")
        if f.year_from is not None or f.year_to is not None:
            why.append(f"years {f.year_from or '…'}–{f.year_to or '…'}")
        if f.coauthor:
            why.append(f"co-author {f.coauthor}")
        names = "; ".join(f"{name(self.by_id[i])}{when(self.by_id[i])}{owner_note(self.by_id[i], self.principal)}" for i in plan.excluded)
        text = (f"The active filters ({', '.join(why) or 'as set'}) exclude {names}, the paper this question names, "
                "so I have not answered from it. Clear or widen the filters to ask about it.")
        return Answer(answer=text, citations=[], meta={"route": "filtered_out", "excluded": plan.excluded})

    def _second_clause(self, plan: Plan, paper: Paper, cites: Citations) -> str:
        """ "Who wrote DeAR, and what speedup does it report?": the second question answered from the same paper."""
        m = re.search(r"(?i),?\s+and\s+((?:what|which|how|who|when|where|why)\b.*)$", plan.question)
        if not m:
            return ""
        ranked = self.picker.rank(m.group(1), self.qterms(m.group(1)), [paper])[paper.id]
        if not ranked:
            return ""
        s = ranked[0][0]
        note = "" if paper.is_author_work else f" (the paper is not by {self.principal})"
        return f"\n\nOn the second part of the question{note}: {self._clause(s)} {cites.cite(paper, s)}."

    @staticmethod
    def _descriptive(plan: Plan) -> bool:
        """A "topic" that is really a description of one paper ("the theory work on when slotting an extra layer …")."""
        singular = re.search(r"\b(the|this|that|his|her|their|author['’]s|[A-Z]\w+['’]s) (\w+[- ])?(paper|work|study|method|system|framework|library|algorithm)\b(?! on\b)", plan.question)
        # "Point me to …", "Did he ever use …", "Which X has he developed?" ask whether papers exist: an empty set is the answer.
        asks_existence = re.match(r"(?i)\s*(point me|show|list|give me|find|summari[sz]e|did|has|have|does|do|is there|are there|what (has|have)|which [\w-]+(?: [\w-]+)? (has|have|did))\b", plan.question)
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
        answer = self._answer(plan)
        answer.meta.setdefault("plan", self.explain(plan))
        return answer

    def _answer(self, plan: Plan) -> Answer:
        if plan.excluded and len(plan.excluded) == len(plan.named):
            return self.filtered_out(plan)
        if self._table_route(plan):
            answer = self.structured(plan)
            if self.llm is not None and answer.meta.get("papers"):
                # A topic list: the set comes from the table (grounded); the model writes about those papers.
                hits = [Hit(paper=self.by_id[i], dense=1.0) for i in answer.meta["papers"]]
                return self._with_llm(plan, hits, answer)
            if not (plan.intent.route == "list" and not answer.citations and self._descriptive(plan)):
                return answer
            # Nothing is "on" a long description: it describes one paper and asks something of it.
            plan.intent.route, plan.intent.subject = "fact", ""
        hits = self._hits(plan)
        extractive = self.extractive(plan, hits)
        if self.llm is None or not hits:
            return extractive
        return self._with_llm(plan, hits, extractive)

    def _with_llm(self, plan: Plan, hits: list[Hit], extractive: Answer) -> Answer:
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
        citations = cites.list()
        problems = check(text, citations)
        if problems:  # an internal error, never the user's: fail loudly in tests
            raise AssertionError(f"citation contract broken: {problems}")
        return Answer(answer=text, citations=citations, mode=mode, meta=meta)

    def structured(self, plan: Plan) -> Answer:
        intent = plan.intent
        quote = summary_sentence
        cites = Citations()
        papers = self.scoped(plan)
        who = structured.scope_phrase(intent, self.principal, plan.scope, plan.filters.coauthor) + self._position_phrase(plan)
        route = intent.route
        topic = plan.topic if route in ("count", "coauthors", "list") else ""
        support: dict[str, str] = {}
        if route == "compare":
            return self.compare(plan)
        if route == "which_of":
            return self.which_of(plan)
        if topic or (plan.literal and route in ("count", "list")):
            found = self.topics.papers_on(topic, papers, literal=plan.literal)
            support = {sp.paper.id: sp.sentence for sp in found}
            papers = [sp.paper for sp in found]
            if route == "list":
                return self.topic_list(plan, topic or plan.literal, papers, support, cites)
            quote = lambda p: support.get(p.id) or summary_sentence(p)  # noqa: E731 - the sentence that put it in the set
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
            text += self._second_clause(plan, paper, cites)
            return self.finish(text, cites, route=route, plan=self.explain(plan))
        if route == "attribution":
            target = structured.title_match(intent.subject, self.papers)
            if target is None:
                hits = self.retriever.search(intent.subject, Filters(), k=3)
                good = relevant(hits, self.qterms(intent.subject), self.settings.relevance_threshold)
                target = good[0][0].paper if good and good[0][1] >= 0.99 else None
            text = structured.attribution(intent.subject, target, cites, quote, self.principal)
            if target is not None:
                text += self._second_clause(plan, target, cites)
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

    def topic_list(self, plan: Plan, topic: str, papers: list[Paper], support: dict[str, str], cites: Citations) -> Answer:
        """The papers whose own text supports the topic; an empty set said plainly, other groups' papers marked."""
        who = structured.scope_phrase(plan.intent, self.principal, plan.scope, plan.filters.coauthor)
        lines = []
        if papers:
            lines.append(f"{who[0].upper()}{who[1:]} on “{topic}” ({plural(len(papers), 'paper')}):")
            # A few papers: also the sentence answering the question itself ("which SGD algorithms …").
            ranked = self.picker.rank(plan.question, self.qterms(plan.question), papers[:6]) if len(papers) <= 6 else {}
            for p in papers[: structured.LIST_LIMIT]:
                s = support.get(p.id) or summary_sentence(p)
                extra = ranked.get(p.id, [])
                more = f" {self._clause(extra[0][0])}." if extra and extra[0][0] != s else ""
                marker = cites.cite(p, s)
                lines.append(f"- {name(p)}{when(p)}{owner_note(p, self.principal)}: {self._clause(s)} {marker}.{more and more[:-1] + ' ' + marker + '.'}")
            lines += structured.unlisted(papers)
            return self.finish("\n".join(lines), cites, route="list", plan=self.explain(plan), papers=[p.id for p in papers])
        none = f"none of {who} in the corpus is about “{topic}” (no paper's own text supports it), so I list none."
        others = []
        if plan.scope == "author":
            pool = [p for p in self.papers if not p.is_author_work and plan.filters.model_copy(update={"author_only": None}).admits(p)]
            others = [sp for sp in self.topics.papers_on(topic, pool, literal=plan.literal) if sp.score >= 1.45 or 0.7 <= sp.score < 1.0][:3]
        if not others:  # nothing in the whole corpus: the refusal every interface recognises
            return self.finish(f"{CANNOT_ANSWER}: {none}", cites, route="list", plan=self.explain(plan))
        text = f"{none[0].upper()}{none[1:]} Other papers in the corpus on it, not by {self.principal}:"
        for sp in others:
            text += f"\n- {name(sp.paper)}{when(sp.paper)} — not {self.principal}'s paper: {self._clause(sp.sentence)} {cites.cite(sp.paper, sp.sentence)}"
        return self.finish(text, cites, route="list", plan=self.explain(plan))

    def compare(self, plan: Plan) -> Answer:
        """Each paper's approach and the sentences answering the question, all cited, then one line on what differs."""
        papers = [self.by_id[i] for i in self.compared(plan.question, plan.named)]
        cites = Citations()
        qterms = self.qterms(plan.question)
        ranked = self.picker.rank(plan.question, qterms, papers)
        parts, gist = [], []
        for p in papers:
            approach = summary_sentence(p)
            best = [s for s, _ in ranked[p.id][:2] if s != approach]
            chosen = self._in_abstract_order(p, [approach, *best])
            marker = cites.cite(p, chosen[0])
            parts.append(f"{name(p)}{when(p)}{owner_note(p, self.principal)}: " + " ".join(f"{self._clause(s)} {marker}." for s in chosen))
            gist.append((p, (best or [approach])[0]))
        if len(gist) >= 2:
            short = [f"{name(p)} {self._brief(s)}" for p, s in gist]
            parts.append("What differs: " + "; whereas ".join(short) + ".")
        return self.finish("\n\n".join(parts), cites, route="compare", plan=self.explain(plan))

    def which_of(self, plan: Plan) -> Answer:
        """ "Which of those …": among the previous answer's papers, the ones whose text supports the rest of the question."""
        papers = [self.by_id[i] for i in plan.focus if i in self.by_id]
        rest = re.sub(r"(?i)\b(which|what)\s+(one\s+)?of\s+(those|them|these)\b|\bwhich one\b", " ", plan.question)
        topic = " ".join(topic_words(rest, self.principal))
        found = self.topics.papers_on(topic, papers) if topic else []
        if not found:
            ranked = self.picker.rank(rest, self.qterms(rest), papers)
            scored = sorted(((ranked[p.id][0][1], p, ranked[p.id][0][0]) for p in papers if ranked[p.id]), key=lambda r: -r[0])
            found_pairs = [(p, s) for _, p, s in scored[:1]]
        else:
            found_pairs = [(sp.paper, sp.sentence) for sp in found]
        cites = Citations()
        if not found_pairs:
            return self.cannot_answer(plan)
        lines = [f"{name(p)}{when(p)}{owner_note(p, self.principal)}: {self._clause(s)} {cites.cite(p, s)}." for p, s in found_pairs]
        return self.finish("\n".join(lines), cites, route="which_of", plan=self.explain(plan))

    @staticmethod
    def _brief(sentence: str, words: int = 22) -> str:
        parts = sentence.rstrip(" .").split()
        text = " ".join(parts[:words]) + ("…" if len(parts) > words else "")
        return f"— “{text}”"

    @staticmethod
    def _in_abstract_order(paper: Paper, chosen: list[str]) -> list[str]:
        order = {s: i for i, s in enumerate(s for a in paper.abstracts for s in split_sentences(a))}
        return sorted(dict.fromkeys(chosen), key=lambda s: order.get(s, 0))

    def explain(self, plan: Plan) -> dict:
        return plan.explain({p.id: p.label for p in self.papers if p.id in set(plan.named) | set(plan.focus) | set(plan.excluded)})

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
        return sentence.rstrip(" .")

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
                s = ranked[h.paper.id][0][0] if ranked[h.paper.id] else h.paper.abstract[:200]
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
            return self.cannot_answer(plan)
        return self.finish("\n\n".join(parts), cites, route="fact")
