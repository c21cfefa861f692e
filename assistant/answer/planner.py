"""Reading a turn into a QueryPlan: slots from the table (people, positions, papers named or pointed back to), route
from the plan."""

from __future__ import annotations

import re

from assistant.answer import plan as planning
from assistant.answer.conversation import (
    ANAPHORA,
    cited_papers,
    find_bounded,
    follow_up,
    fuzzy_names,
    mentioned,
    split_turns,
)
from assistant.answer.evidence import QUANTITY, relevant, vocabulary
from assistant.answer.intents import Intent, classify, mentions_author, topic_words
from assistant.answer.plan import QueryPlan
from assistant.answer.topics import quoted
from assistant.errors import BadRequest
from assistant.index.bm25 import variants
from assistant.models import Filters, Message

_WORD = re.compile(r"\w")
# IDF of a term in at most ~3% of passages (log(1 + n/(df+0.5)) >= 3.5): a name-like word, not a common one.
RARE_IDF = 3.5


# "… studied in the paper arguing that …": a question about one paper it describes, in the singular, asks a fact of
# it even when its form is close to a topic question's; a list asks for papers in the plural.
_ONE_PAPER = re.compile(
    r"\b(?:the|this|that)\s+(?:[\w-]+\s+){0,2}?(?:paper|article|preprint|study)\b(?!s)(?!.*\b(?:papers|works|publications)\b)",
    re.I,
)


class Planner:
    """The Answerer's planning half: needs principal, papers, by_id, by_title, names, squashed, deletions, people,
    router, retriever."""

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
        if (
            person is None
            and position
            and not surname
            and not planning.excludes_author(question)
            and mentions_author(question, self.principal)
        ):
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
        elif planning.whole_corpus(question) and not re.search(
            rf"\b(his|her|the author['’]s|{re.escape(self.principal)}['’]s)\b", question, re.I
        ):
            scope = "all"
        else:
            scope = "others" if intent.others_only else "all" if intent.others_asked else "author"
        topic = ""
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
        if (named or focus) and re.match(r"(?i)\s*(then\s+|and\s+)?who\b", question) and position:
            intent.route, intent.subject, position = "authors", "", None  # "who is listed first among its authors?"
        back = self._pointed_back(question, history)
        if self._is_compare(question, vote, named):
            intent.route = "compare"
        elif position or surname or (literal and intent.route in ("fact", "list", "count")):
            intent.route = "count" if intent.route == "count" or vote.label == "count" else "list"
            topic = intent.subject = self._topic(self._without_people(stripped)) if not literal else literal
        elif (
            person
            and person != self.principal
            and f.coauthor is None
            and intent.route in ("list", "fact", "count")
            and not named
        ):
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
        elif (
            intent.route == "list"
            and not intent.subject
            and scope == "author"
            and re.search(r"\bwork(s|ed|ing)? on\b|\bresearch(ed)?\b|\bfocus(ed)? on\b", question, re.I)
        ):
            intent.route = "overview"  # "What did they work on before 2021?": the themes of those years
        elif (
            intent.route == "list"
            and not literal
            and (QUANTITY.search(question) or (vote.label in ("fact", "how") and vote.confidence >= 0.5))
        ):
            # "What speedup does the stencil work on sparse tensor cores achieve?": a route word ("work on")
            # inside the description, while the question asks a fact of one paper.
            intent.route, intent.subject = "fact", ""
        elif (
            intent.route == "fact"
            and not named
            and not focus
            and vote.label == "list"
            and vote.confidence >= 0.6
            and not _ONE_PAPER.search(question)
        ):
            intent.route = "list"  # "Has he built any benchmark suites?": the papers on a topic
            intent.subject = " ".join(topic_words(stripped, self.principal))
        if intent.route in ("list", "count", "coauthors") and not topic and intent.subject:
            topic = self._topic(self._without_people(stripped)) if " or " in stripped else intent.subject
        if focus and intent.route == "authors" and not named:
            intent.subject = ""
        excluded = [pid for pid in named if not filters.admits(self.by_id[pid])]
        return QueryPlan(
            excluded=excluded,
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
            person=person,
            position=position,
            surname=surname,
            excludes_author=excludes,
            vote=vote,
            intent=intent,
            literal=literal,
            notes=[f"spelling: {', '.join(spelling)}"] if spelling else [],
        )

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
        rare = [
            t for t, w in self.qterms(question).weights.items() if w >= RARE_IDF and self.retriever.lexical.knows(t)
        ]
        return any(not (variants(t) & focus_vocab) for t in rare)

    def _person_pointed_to(self, question: str, history: list[Message]) -> str | None:
        """ "that person", "the same author": the first person the previous answer named."""
        if not re.search(r"\b(that|this|the same) (person|author|researcher|co-?author|scientist)\b", question, re.I):
            return None
        last = next((m.content for m in reversed(history) if m.role == "assistant"), "")
        found = [
            (find_bounded(last.casefold(), p.casefold(), _WORD), p)
            for p in [*self.people, self.principal]
            if p.casefold() in last.casefold()
        ]
        found = [(i, p) for i, p in found if i >= 0]
        return min(found)[1] if found else None

    def _pointed_back(self, question: str, history: list[Message]) -> tuple[str, list[str]] | None:
        """("which" | "earliest" | "latest" | "nth", papers) when the question picks among the previous answer's
        papers."""
        if not history:
            return None
        previous = cited_papers(
            next((m.content for m in reversed(history) if m.role == "assistant"), ""), self.by_title
        )
        if not previous:
            return None
        ql = question.casefold()
        if m := re.search(r"\bthe (first|second|third|fourth|fifth|last) (one|paper|of (?:them|those))\b", ql):
            n = planning.ORDINALS[m.group(1)]
            picked = previous[n - 1 : n] if n > 0 else previous[-1:]
            return ("nth", picked) if picked else None
        if not re.search(
            r"\b(of (those|them|these)|which one|the (older|newer|earlier|later|oldest|newest|earliest|latest) one)\b",
            ql,
        ):
            return None
        if re.search(r"\b(older|oldest|earlier|earliest)\b", ql):
            return "earliest", previous
        if re.search(r"\b(newer|newest|later|latest|more recent|most recent)\b", ql):
            return "latest", previous
        return "which", previous

    def _is_compare(self, question: str, vote, named: list[str]) -> bool:
        cue = re.search(
            r"\b(differ|difference|compare|compared|comparison|versus|vs\.?|each (of the two|"
            r"of them|one|benchmark|paper)|both|the two)\b",
            question,
            re.I,
        )
        return bool(cue) and (vote.label == "compare" or len(named) >= 1) and len(self.compared(question, named)) >= 2

    def compared(self, question: str, named: list[str]) -> list[str]:
        """The papers a comparison is about: named ones, plus one found for each described side ("the X paper and the Y
        paper")."""
        if len(named) >= 2:
            return list(named)[:4]
        # Sides in the order the question gives them (the model's sources are numbered in that order too).
        ids: list[str] = []
        sides = re.split(r"\band\b|\bvs\.?\b|\bversus\b|\bwith\b|:", re.split(r"[?.]\s", question)[0])
        for side in sides:
            if said := [i for i in mentioned(side, self.names) if i in named and i not in ids]:
                ids += said
                continue
            words = topic_words(side, self.principal)
            if len(words) < 2:
                continue
            hits = self.retriever.search(" ".join(words), Filters(), k=3)
            good = relevant(hits, self.qterms(" ".join(words)), self.settings.relevance_threshold)
            if good and good[0][0].paper.id not in ids and good[0][0].paper.id not in named and good[0][0].dense >= 0.5:
                ids.append(good[0][0].paper.id)
        ids += [i for i in named if i not in ids]
        return ids[:4]

    def _coauthor_in(self, question: str) -> str | None:
        lowered = question.casefold()
        for person in self.people:  # a substring test first: a regex per person per question took seconds at 1k papers
            name = person.casefold()
            if name in lowered and find_bounded(lowered, name, _WORD) >= 0:
                return person
        return None

    def _is_summary(self, question: str, intent: Intent, named: list[str]) -> bool:
        """ "What is MoQE?", "Describe the paper on best friend clustering": about one paper."""
        if not intent.summary_like:
            return False
        if named:
            rest = set(topic_words(question, self.principal)) - {
                w for pid in named[:1] for w in topic_words(self.by_id[pid].label)
            }
            return len([w for w in rest if w.casefold() not in self.names]) <= 2
        return bool(
            re.search(
                r"\b(the|this|that) (paper|article|preprint|study) (on|about|that|which|introducing|proposing)\b",
                question,
                re.I,
            )
        )
