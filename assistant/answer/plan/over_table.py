"""The route over the table's papers, once the slots are read: the sides compared, the papers a selection of people,
positions, venues or kinds picks, the papers pointed back to (mixed into the Planner, which gives the slot readers)."""

from __future__ import annotations

import re

from assistant.answer.plan import phrases, sides
from assistant.answer.plan.intents import Intent, mentions_author, topic_words
from assistant.answer.plan.selection import PAPER_FIELDS
from assistant.models import Filters

# The votes two joined asks of two described papers may carry ("What X did A reach, and how much did B raise Y?"):
# what a paper reports, or a list (a sentence naming people beside them reads as one; an ask of papers in the plural
# is no ask of one paper: two_asks.py); a count or a yes/no keeps its route.
_ASKED_OF_PAPERS = frozenset({"fact", "how", "why", "compare", "summary", "list"})


class OverTable:
    """Mixed into the Planner (which gives `corpus` and the SlotReader's and RouteByMeaning's readers)."""

    def over_table(
        self,
        question: str,
        stripped: str,
        corrected: str,
        vote,
        intent: Intent,
        f: Filters,
        span,
        scope: str,
        person,
        pointed,
        position,
        surname,
        table: tuple,
        named: list[str],
        aside: list[str],
        group: list[str],
        back,
        focus: list[str],
        topic: str,
        within: bool,
    ):
        """The sides compared, the author position left as a filter, the papers in focus, the topic, whether the
        papers are counted within the focus, the scope and the wording asked; `intent` (route, subject) and `f`
        (coauthor) are set in place."""
        venues, work_type, categories, literal = table
        if compared := (
            self._sides_asked(question, vote, named, aside)
            or self._group_compared(question, vote, group)
            or (self.asked_of_two(question, named) if vote.label in _ASKED_OF_PAPERS and not back else [])
        ):
            intent.route = "compare"
        elif len(both := self.two_with(question, person, position if position and position > 0 else None)) == 2:
            # "both papers he co-wrote with P as first author": the only two such papers, side by side
            compared, intent.route, position = both, "compare", None
        elif (
            not named
            and (
                position or surname or (person and person != self.corpus.principal) or venues or work_type or categories
            )
            and intent.route in ("fact", "list", "count", "summary", "earliest", "latest", *PAPER_FIELDS)
            and (
                chosen := self.asked_of_selection(
                    question,
                    f,
                    span,
                    scope,
                    person,
                    *_selecting(question, position, surname),
                    venues,
                    work_type,
                    aside,
                    categories,
                )
            )
        ):
            if chosen[1] == "fact" and intent.route in PAPER_FIELDS:
                chosen = (chosen[0], intent.route)  # "When was the paper with X as first author published?"
            # "Take the paper where Zeyu Liu is the second author. What bound does it prove?", "Which of the two is
            # newer, and does it need fine-tuning?": the table selects (and picks) the paper, then the question's
            # operation is asked of it (a fact, a why, a verdict …: `operation_of`).
            (focus, intent.route), topic, intent.subject = chosen, "", ""
        elif position or surname or (literal and intent.route in ("fact", "list", "count", "categories", "code")):
            counted = intent.route == "count" or (vote.label == "count" and phrases.asks_number(question))
            intent.route = "count" if counted else "list"
            focus, within = (back[1], True) if back and back[0] in ("which", "list") else (focus, within)  # of those
            topic = intent.subject = self._topic(self._without_people(stripped)) if not literal else literal
        elif (
            person
            and (person != self.corpus.principal or (pointed == person and phrases.WRITINGS.search(question)))
            and f.coauthor is None
            and intent.route in self.person_routes(question, stripped)
            and not named
        ):
            # "papers with Daning Cheng": enumerate (or count) their joint papers; "what else did the second author
            # write?" pointing at the author himself: his other papers
            f.coauthor, scope = (person, scope) if person != self.corpus.principal else (None, "author")
            if pointed == person != self.corpus.principal and not (
                phrases.WITH_THE_AUTHOR.search(question) or mentions_author(question, self.corpus.principal)
            ):
                scope = "all"  # "what else did that person write?": all their papers, not only those with him
            if back and back[0] in ("which", "list"):
                focus, within = back[1], True  # "which of those did he write with Boyang Zhang?"
            intent.route = intent.route if intent.route in ("count", "earliest", "latest") else "list"
            intent.subject = " ".join(
                topic_words(phrases.AUTHORING.sub(" ", self._without_people(stripped)), self.corpus.principal)
            )
        elif back and (
            intent.route in ("fact", "list", "earliest", "latest", "summary")
            or back[0] == "list"
            or (back[0] == "which" and intent.route in ("count", "code"))
            or (back[0] in ("earliest", "latest") and self.extreme_of(question, back[1]))
        ):
            focus = back[1]
            if back[0] in ("earliest", "latest") and (one := self.extreme_of(question, back[1])):
                # "Which of those is newer, and how much does it cut the cost?": the date picks; the rest is asked
                (focus, corrected), intent.route = ([one[0]], one[1]), self.asked_route(one[1])
            elif back[0] in ("earliest", "latest"):
                intent.route = back[0]
            elif back[0] == "which" and intent.route in ("count", "code"):
                within, scope = True, "all"  # "how many of those have code?": counted within the previous list
            elif back[0] == "which" and (one := self.one_picked(question, back[1])):
                # "which one says X, and which algorithms did it study?": X picked the paper; the rest is asked of it
                (focus, corrected), intent.route = ([one[0]], one[1]), self.asked_route(one[1])
            elif back[0] == "which" and phrases.WHICH_SEVERAL.search(question):
                # "Which of those are set in the Arctic?": the papers shown that are on what it says
                focus, within, scope, intent.route = back[1], True, "all", "list"
                topic = intent.subject = self._several_of(question, back[1])
            elif back[0] == "which" and (work_type or venues or categories):
                # "Which of those was a conference paper?", "which of those came out in TGRS?": the table's fields
                # select among the papers shown, as a list of them would
                focus, within, scope, intent.route = back[1], True, "all", "list"
            elif back[0] == "which":
                intent.route = "which_of"
            elif back[0] == "list":
                within, scope = True, "all"  # the previous list again, maybe narrowed by years
                intent.route, intent.subject = ("count" if intent.route == "count" else "list"), ""
        elif intent.route in ("fact", "list") and self._is_summary(question, intent, named):
            intent.route = "summary"
        elif (
            intent.route == "list"
            and not intent.subject
            and scope == "author"
            and re.search(r"\bwork(s|ed|ing)? on\b|\bresearch(ed)?\b|\bfocus(ed)? on\b", question, re.I)
        ):
            intent.route = "overview"  # "What did they work on before 2021?": the themes of those years
        return compared, position, focus, topic, within, scope, corrected

    def _several_of(self, question: str, shown: list[str]) -> str:
        """The topic "which of those are set in the Arctic?" filters the papers shown by: what follows its verb, else
        that verb's object ("the Arctic"), the first some paper shown is on."""
        rest = question[phrases.WHICH_SEVERAL.search(question).end() :]
        pool = [self.corpus.by_id[i] for i in shown if i in self.corpus.by_id]
        readings = [self._topic(self._without_people(r)) for r in sides.counted_readings(rest)]
        return next((t for t in readings if t and self.corpus.topics.papers_on(t, pool)), readings[0])


def _selecting(question: str, position, surname) -> tuple:
    """The author position (and surname) that select the paper: none in a yes/no claim, where they are the value the
    claim asserts ("Tanaka was first author on the iceberg paper in GRSL, correct?"), not what picks the paper (the
    description does)."""
    return (None, None) if phrases.claim_of(question) else (position, surname)
