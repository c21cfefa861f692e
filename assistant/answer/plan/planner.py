"""Reading a turn into a QueryPlan: slots from the table (people, positions, papers named or pointed back to), route
from the plan."""

from __future__ import annotations

import re
from dataclasses import replace

from assistant.answer.corpus import Corpus
from assistant.answer.evidence.sentence_search import question_parts
from assistant.answer.plan import conversation, elliptical, field_groups, kinds, meant, phrases, topic_scope
from assistant.answer.plan.conversation import group_pointed_to, person_pointed_to, pointed_back, split_turns
from assistant.answer.plan.intents import classify, subject_for, topic_words
from assistant.answer.plan.kinds import META_KINDS
from assistant.answer.plan.meaning import RouteByMeaning, decided_by
from assistant.answer.plan.named_set import NamedSetReader
from assistant.answer.plan.operation import as_verdict, operation_of
from assistant.answer.plan.operation_read import OperationReader
from assistant.answer.plan.over_table import OverTable
from assistant.answer.plan.paging import continued_list
from assistant.answer.plan.phrases.superlatives import papers_ranked
from assistant.answer.plan.plan import LIST_PAGE, QueryPlan
from assistant.answer.plan.quantified import as_set_verdict
from assistant.answer.plan.reader import ModelReader, model_read
from assistant.answer.plan.scope import scope_of
from assistant.answer.plan.selection import PAPER_FIELDS
from assistant.answer.plan.slots import SlotReader
from assistant.answer.plan.spelling import correct_spelling, respelled, with_apostrophes
from assistant.answer.plan.topic import TOPIC_ROUTES, TopicReader
from assistant.answer.plan.turn_papers import TurnPapersRead
from assistant.errors import BadRequest
from assistant.models import Filters, Message


class Planner(SlotReader, RouteByMeaning, OverTable, OperationReader, NamedSetReader, TurnPapersRead):
    """Reads a turn into a QueryPlan and decides its route, in this one place; the slots come from SlotReader."""

    def __init__(self, corpus: Corpus, reader: ModelReader | None = None):
        self.corpus = corpus
        self.reader = reader  # LLM mode: the model reads the question too (plan/reader.py)
        self.topics = TopicReader(corpus)

    def plan(self, messages: list[Message], filters: Filters) -> QueryPlan:
        if more := continued_list(messages, LIST_PAGE):  # "more" after a long list: the question that asked, a page on
            plan = self.plan(more[0], filters)
            return replace(plan, page=more[1], notes=[*plan.notes, f"page {more[1] + 1} of the list asked before"])
        question, history = split_turns(messages)
        if not question:
            raise BadRequest("The conversation has no user question: the last message must come from the user.")
        if again := elliptical.restated(question, history):  # "and the year after that?" after a question of 2021
            return elliptical.read_as(self.plan([*again[1], Message(role="user", content=again[0])], filters), again[0])
        # A contraction typed without its apostrophe is read as the contraction by every reader ("dont use X").
        question = with_apostrophes(question, self.corpus.retriever.lexical.knows)
        # Spelling is corrected for finding papers only; slots and routes read the words as written ("leaving out").
        corrected, spelling = correct_spelling(question, self.corpus.retriever.lexical.knows)
        position, surname = phrases.position(question), phrases.surname(question)
        literal, stripped = self.literal_asked(question)
        record, work_type = self.record_read(question)
        negation, not_in, venues, code_absent = self.exclusions(question, record)
        categories, has = self.table_slots(question)
        team, team_ranked = phrases.team_size(question), phrases.team_extreme(question)
        intent = classify(stripped, self.corpus.principal)
        turn = self.turn_papers(question, corrected, history, literal)
        named, focus, aside, query, literal, span, anchored, relative, another = turn
        intent.year_from, intent.year_to = span.years if span else (None, None)
        if focus and not named and self._names_own_subject(corrected, focus):
            query, focus = corrected, []  # "What is the Virtual Parameter Space?" after "What is MoQE?"
        pointed, by_ordinal = person_pointed_to(question, history, self.corpus.everyone_words, self.corpus.principal)
        person = self._coauthor_in(question) or pointed
        if by_ordinal and person == pointed:
            position = None  # "what else did the second author write?": a person, not a position filter
        nested_from: list[str] = []
        if person in (None, self.corpus.principal) and (nested := self.nested_person(question, named, focus)):
            # "How many papers did the first author of CALM write with him?": CALM only finds the person the question
            # is about; their papers are the selection ("what else": CALM left out, below).
            (person, anchor), nested_from, named, focus, position = nested, [nested[1]], [], [], None
            pointed = person
            stripped = phrases.ITS_NTH_AUTHOR.sub(" ", phrases.NTH_AUTHOR_OF.sub(" ", stripped))
            stripped = self._without_paper(stripped, anchor)
        if position and self.through_an_author(question):
            position = None  # "the first author of her 2023 preprint also led an earlier one with her": a step
        if person is None and position and not surname and self.names_the_author(question):
            person = self.corpus.principal
        masked = self._mask(phrases.without_conditions(question))
        # One model call for the routing texts and the search query (with its parts, for sentence search).
        self.corpus.retriever.vectors.prime([*self.corpus.router.texts(masked), *question_parts(query)])
        vote = self.corpus.router.route(masked)
        if negation and vote.label in ("why", "how") and not phrases.LIST_FORM.search(question):
            negation = None  # "what's the reason for running it on board instead of on the ground?": what it avoids
        keyword_route = intent.route
        intent.route, intent.subject = self._by_meaning(intent, vote, question, stripped, named, focus, literal)
        if summary_asked := self.topics.summary_asked(question, intent.route, named or focus, literal):
            intent.route, intent.subject = "list", subject_for("list", stripped, self.corpus.principal)
        # "his earliest arXiv submission": "arXiv" drew a categories vote, but no category is asked; a date picks, a
        # list form lists ("which of his papers first posted to arXiv …"; a kind of work read is the table's to list)
        categorised = intent.route == "categories" and not phrases.CATEGORY_CUE.search(question)
        # "Which card has the most recent date?", "Of his 2026 papers, which one came out earliest?": a date pick
        picked, only_picks = phrases.picked_by_date(question, intent.route, categorised)
        if (intent.route == "when" or categorised or only_picks) and not (named or focus) and (pick := picked):
            # "What is the earliest item in her publication record?": a paper picked by its date, none named
            intent.route, intent.subject = pick, subject_for(pick, stripped, self.corpus.principal) or ""
        elif categorised and phrases.LIST_FORM.search(question) and not (work_type or record.items):
            intent.route, intent.subject = "list", subject_for("list", stripped, self.corpus.principal)
        if nested_from and intent.route in ("authors", "when", "arxiv", "summary", "attribution"):
            intent.route = "list"  # "the newest paper by MoQE's first author": that person's papers, not MoQE's authors
        both = phrases.both_groups(question, self.corpus.principal)
        denied = phrases.denies_authorship(question, self.corpus.principal)  # "… shouldn't be attributed to her"
        asks_many = intent.route == "fact" and (both or denied or phrases.LIST_FORM.search(question))
        if not (named or focus) and (asks_many or (intent.route == "attribution" and (both or denied))):
            # "List every paper … that …", "which ones deal with X?": several papers asked for, whatever topic word
            # drew the vote to a fact example; so are the papers of a scope that reads both groups ("X papers in the
            # corpus, both his and the other group's?", "what's on X, hers or anyone else's?"), none named. A
            # question of whose a paper is names one ("Is X by her?"); one that says it does not matter whose ("is
            # there anything on X, whether by her or by anyone else?") and names none asks for those papers too.
            intent.route, intent.subject = "list", subject_for("list", stripped, self.corpus.principal) or ""
        excludes = (phrases.excludes_author(question) or denied) and not both
        # the both-groups phrase is scope, no byline: "including any without Tanaka" lets hers and the others' in
        people_said = phrases.without_both_groups(question, self.corpus.principal) if both else question
        f, person, position, position_negated, people = self.people_read(people_said, filters, intent, person, position)
        scope = scope_of(question, f, both, excludes, person, position, surname, intent, self.corpus.principal)
        topic, within, asking = "", False, question  # asking: the clause fields are read from
        singular_back = (
            bool(focus)
            and not named
            and bool(re.search(r"\b(it|its|this (paper|work|method|system))\b", question, re.I))
        )
        if (
            singular_back
            and intent.route in ("code", "categories", "overview", "per_year", "list", "count")
            and not position
        ):
            intent.route = "fact"  # "Which open-source project is it part of?": about the paper pointed to
        elif len(named) == 1 and intent.route == "code" and not position and not re.search(r"\bpapers\b", question):
            intent.route = "fact"  # "His 2019 benchmark paper belongs to an open-source effort: which?": that paper's
        nth_of_paper = None  # the author position asked of one paper ("who is its second author?")
        if (named or focus) and re.match(r"(?i)\s*(then\s+|and\s+)?who\b", question) and position:
            # "who is listed first among its authors?": that author of the paper, not a filter over papers
            intent.route, intent.subject, position, nth_of_paper = "authors", "", None, position
        elif position and phrases.POSITION_ASKED.search(question) and "authors" in phrases.asked_fields(question):
            # "Which journal published the X intercomparison, and who is its first author?": fields of one paper
            position, nth_of_paper = None, position
        # A correction that names papers ("that's the route-planning one. I meant …") is read by the learned choice.
        corrects = bool(history) and meant.corrects(question, history)
        other = self._other_than(question, history, tuple(named)) if history and (corrects or not named) else None
        back = (
            None
            if named or another or self.ruled_before(question, history)
            else pointed_back(question, history, self.corpus.by_title, self._label, self._date, self._relatives)
        )
        if other or (back and back[0] == "nth"):  # the ask of the paper picked, without the words that picked it
            corrected, query = conversation.asked_of_pick(corrected, query)
        if other:
            # "Tell me about the other one, not the sparse tensor core one": the paper left once that one is out.
            back, focus, named = ("nth", [other]), [other], [other]
            rest = phrases.THE_OTHER.sub(" ", phrases.NOT_THE_ONE.sub(" ", question))
            if intent.route not in PAPER_FIELDS and (
                intent.route not in ("fact", "how", "why", "authors", "when")
                or len(topic_words(rest, self.corpus.principal)) < 2
            ):
                intent.route, intent.subject = "summary", ""  # "tell me about the other one": what it is about
        elif back and back[0] == "nth":
            focus = back[1]  # "who wrote the second one?": one paper picked, whatever the route
        elif (
            back is None
            and not named
            and history
            and (phrases.CORRECTION.search(question) or phrases.THE_OTHER.search(question))
            and (described := self._meant(question, history))
        ):
            # "Not that one: I meant his other paper, the one about low-rank factorization": the paper described
            # instead of the one the previous answer led with.
            back, focus, named = ("nth", [described]), [described], [described]
            intent.route, intent.subject = "summary", ""
        elif (
            not (named or another or relative)
            and history
            and (chosen := meant.choose(self.corpus, question, history, back, focus, intent.route, pointed))
        ):
            # "zoom in on the one built around a mixture of experts": the learned choice among the papers shown
            back, focus = ("nth", [chosen]), [chosen]
            corrected, query = conversation.asked_of_pick(corrected, query)
        # "compare them"/"the two": the previous answer's papers are the sides; "which one" alone picks (which_of).
        picks = back and not (back[0] == "which" and phrases.COMPARISON.search(question))
        group = [] if named or picks else group_pointed_to(question, history, self.corpus.by_title, self._relatives)
        compared, position, focus, topic, within, scope, corrected = self.over_table(
            question,
            stripped,
            corrected,
            vote,
            intent,
            f,
            span,
            scope,
            person,
            pointed,
            position,
            surname,
            (venues, work_type, categories, literal),
            named,
            aside,
            group,
            back,
            focus,
            topic,
            within,
        )
        if not (named or back or within) and self.out_of_scope(focus, scope):
            query, focus = corrected, []  # "a buoy paper she isn't an author of" after hers: not the one shown
        if intent.route in ("fact", "summary") and self.venue_only(stripped, venues, named or focus or topic):
            intent.route = "list"  # "What did she present at IGARSS?": the venue selects the papers, none is named
        if code_absent and not (named or focus) and intent.route in ("fact", "summary", "list", "code"):
            # "which don't say anything about their code?": the topic's papers less those with code
            intent.route = "code"
            intent.subject = subject_for("code", phrases.without_negation(stripped), self.corpus.principal) or ""
        if negation and intent.route in ("fact", "summary") and not named and not focus:
            # A negated topic filters papers: "which of his simulation papers don't rely on machine learning?"
            intent.route = "list"
            intent.subject = " ".join(topic_words(self._without_people(stripped), self.corpus.principal))
        topical = ("list", "count", "coauthors", "earliest", "latest") + (("code",) if code_absent else ())
        if intent.route in topical and not topic and intent.subject:
            topic = (
                self._topic(self._without_people(stripped))
                if " or " in topic_scope.as_alternatives(stripped)
                else intent.subject
            )
        if focus and intent.route == "authors" and not named:
            intent.subject = ""
        narrows = bool(categories or has or venues or work_type or record.items or team or position or surname)
        sources = self.sources_asked(people_said, span, person, narrows)  # "the other group's too": no page
        if meta := self._meta(
            question,
            stripped,
            intent.route,
            named,
            [] if anchored else focus,
            compared,
            person,
            span,
            negation,
            sources,
            narrows,
            record,
        ):
            intent.route, intent.subject, topic = meta, "", ""
            if anchored:
                focus = []  # the paper pointed back to only anchored the dates ("four years after that one")
            if meta == "overview":
                scope = "author"
        if intent.route == "list" and f.coauthor and (pick := phrases.date_extreme(question)):
            intent.route = pick  # "the newest of his papers with that co-author": one paper, by date
        elif intent.route == "list" and not (named or focus) and (pick := phrases.one_by_date(question)):
            intent.route = pick  # "the last paper he put out before 2024": one paper, by date
        if not meta and (
            one := self.picked_by_table(question, intent.route, named, focus, f, span, scope, filters)
            or self.relative_pick(question, intent.route, named, history, focus)  # a relative of the anchor, learned
        ):
            # "his oldest paper … and what did it optimize?", "his 2019 benchmark paper …", "which later paper of his
            # also …": the table picks the paper, the rest is asked of it
            (picked, intent.route, dated, asked), focus, intent.subject, topic = one, [one[0]], "", ""
            corrected, asking = asked or corrected, asked or question  # "…, and where does it say …?": the ask
            if dated:  # the paper named only dated the one asked about; its year is no filter
                named, span, f.year_from, f.year_to = [], None, filters.year_from, filters.year_to
        if intent.route in ("earliest", "latest") and work_type is None and not focus:
            work_type = phrases.work_type_of_one(question)  # "her most recent journal article": one of that kind
        op = self.operation_read(
            question,
            intent,
            meta,
            f,
            span,
            scope,
            person,
            position,
            named,
            focus,
            compared,
            literal,
            topic,
            (team, team_ranked),
            aside,
            nested_from,
            negation,
        )
        quantity, direction, leave_out, threshold = op.quantity, op.direction, op.leave_out, op.threshold
        compared, topic, person, position, scope = op.compared, op.topic, op.person, op.position, op.scope
        if f.coauthor and any(c.also and f.coauthor in (c.who, *c.also) for c in people):
            f.coauthor = None  # "with either Petrov or Hansen": the alternatives' constraint (plan.people) selects
        # Another slot narrows the table: a topic of phrasing alone is then dropped, the question is the filter.
        filtered = bool(person or position or surname or span or venues or negation or not_in or f.coauthor or within)
        filtered = filtered or bool(categories or has or team or record.items or (sources and sources.restricts))
        if sources and sources.restricts and topic:  # "papers from the arXiv listing": the source is no topic
            topic = sources.without(topic) if topic_words(sources.without(topic), self.corpus.principal) else ""
            intent.subject = topic if intent.subject else ""
        if topic and spelling:  # "gradiant boosted trees": the topic is looked for in the papers' own spelling
            topic = respelled(topic, spelling)
            intent.subject = respelled(intent.subject, spelling)
        assumed, unsure, said = "", [], topic
        description = ""  # the words a summary's papers are weighed against by meaning (TopicReader.description)
        if negation and negation.claimed and topic and not self.topics._grounds(topic, self._pool(f, span, scope)):
            # "which of his methods explicitly say they work without …": the absence they state is the condition; the
            # words left of its clause ground no paper and are its frame, no topic
            topic = intent.subject = ""
        if topic and not literal and intent.route in TOPIC_ROUTES:
            pool = self._pool(f, span, scope)
            said, (topic, assumed, unsure) = topic, self.topics.read(topic, question, pool, filtered, intent.route)
            description = self.topics.description(said, question)
            intent.subject = topic if intent.subject else ""
            if unsure:  # a topic no paper grounds, though retrieval finds papers: answered from retrieval
                intent.route, intent.subject, topic = "fact", "", ""
            elif topic and intent.route in ("earliest", "latest") and not self.corpus.topics.papers_on(topic, pool):
                assumed, picked = self.topics.picked_as_wording(question, topic, intent.route, pool)
                topic, intent.subject = "", ""
                if picked:
                    focus, intent.route = [picked], "fact"
        if intent.route == "list" and self._describes_one_paper(question, topic, f, span, scope, said, summary_asked):
            # Nothing is "on" a long description: it describes one paper and asks something of it.
            intent.route, intent.subject, topic = "fact", "", ""
        fields = () if (meta and meta != "metrics") or compared else phrases.asked_fields(asking)
        if asked := self.fields_asked(question, stripped, fields, intent.route, meta, named, focus):
            # "In which journal did X appear?", "Who did he write X with?": fields of one paper, from the table.
            intent.route, intent.subject, topic = asked
        else:
            # a comparison's papers each with a table field ("how does its citation count compare with …")
            fields = phrases.compared_fields(question) if len(compared) >= 2 else ()
        if meta not in META_KINDS and not (denied and intent.route == "list"):  # "…? List the ones not hers."
            intent.route = operation_of(intent.route, vote, question, named, compared, topic, both)
            if summary_asked and intent.route == "list" and topic:
                intent.route = "topic_summary"
        named = self.with_the_other_dated(question, named, bool(self.named_in(corrected)), compared, f, venues)
        if meta not in META_KINDS and self.elapsed_asked(question, named):
            # "How long after A did B come out?", "how long between its submission and its acceptance?"
            intent.route, compared, topic = "elapsed", [], ""
        excluded = [pid for pid in named if not filters.admits(self.corpus.by_id[pid])]
        decided = decided_by(intent.route, keyword_route, vote)  # why the route is what it is, for --explain
        if sources and sources.restricts and (named or kinds.get(intent.route).writer not in kinds.SCOPED_WRITERS):
            sources = None  # a restriction to a source's papers applies where the table selects the papers
        instance_of = phrases.named_kind(question) if intent.route in ("list", "count") else ""
        plan = QueryPlan(
            excluded=excluded,
            sources=sources if intent.route == "provenance" or (sources and sources.restricts) else None,
            question=question,
            history=history,
            answer_type=vote.label,
            route=intent.route,
            filters=f,
            scope=scope,
            query=query,
            topic=topic,
            named=named,
            focus=focus,
            within_focus=within,
            person=person,
            position=position or (nth_of_paper if intent.route == "authors" else None),
            position_negated=bool(position) and position_negated,
            people=people,
            work_type=work_type,
            surname=surname,
            excludes_author=excludes,
            vote=vote,
            subject=intent.subject,
            about_author=intent.about_author,
            others_asked=intent.others_asked,
            timeline=intent.timeline,
            across=op.across,
            venues=venues,
            categories=categories,
            has=has,
            record=record,
            team=team if intent.route in TOPIC_ROUTES else None,
            code_said=intent.route == "code" and bool(phrases.CODE_SAID.search(question)),
            code_absent=intent.route == "code" and code_absent,
            aggregate=op.aggregate,
            grouping=field_groups.grouping(question) if intent.route == "field_groups" else None,
            fields=fields,
            quantity=quantity,
            direction=direction,
            ranked=papers_ranked(question),
            threshold=threshold,
            leave_out=leave_out,
            literal=literal,
            dates=span,
            negated=negation.topic if negation else "",
            negated_claimed=bool(negation and negation.claimed),
            instance_of=instance_of,
            not_in=not_in or "",
            corrected=corrected,
            compared=list(compared),
            unresolved=getattr(compared, "unresolved", []),
            assumed="" if instance_of else assumed,  # a named member of a kind is read per paper, no topic relaxed
            described=(description or said) if intent.route == "topic_summary" and topic else "",
            notes=[decided]
            + ([f"spelling: {', '.join(spelling)}"] if spelling else [])
            + (["topic grounded by no paper: answered from retrieval"] if unsure else [])
            + self.described_notes(corrected, [*named, *focus, *compared]),
        )
        plan = self.as_named_set(as_set_verdict(field_groups.kind_listed(plan)))  # a set of the table's, or named
        plan = as_verdict(plan, filters, self.corpus.principal) if plan.route != "set_verdict" else plan
        if self.reader is None:
            return plan
        return model_read(plan, self.reader, question, history, filters, self.corpus, self._resolve_paper, self)
