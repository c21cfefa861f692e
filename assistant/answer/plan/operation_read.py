"""The operation asked over the papers selected, once the route is read: shared authors, a team's size, a reported
figure's threshold or extreme, an average, the other papers of one paper's author, code, a kind named across the
papers (mixed into the Planner, which gives the slot readers)."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from assistant.answer.plan import aggregate as aggregates
from assistant.answer.plan import phrases
from assistant.answer.plan.aggregate import Aggregate
from assistant.answer.plan.intents import Intent
from assistant.answer.plan.kinds import META_KINDS
from assistant.answer.plan.paper_nouns import PLURAL
from assistant.answer.plan.phrases import without_dates
from assistant.answer.plan.topic import TOPIC_ROUTES
from assistant.models import Filters


def said_before(topic: str, before: str) -> str:
    """The topic's words the question says before a phrase (a threshold's: the words after it qualify the figure,
    "a speedup of more than 5x over the previous state of the art")."""
    said = {w.casefold() for w in re.findall(r"[\w-]+", before)}
    return " ".join(w for w in topic.split() if w.casefold() in said)


# "How many of her papers …": a condition's papers counted, not listed.
HOW_MANY = re.compile(r"\s*how many\b", re.I)
_PAPERS = re.compile(rf"\b{PLURAL}\b", re.I)


def _of_one_work(question: str) -> bool:
    """A yes/no question about one work ("Did his meta-study gather results from over 80 models?"): its claim is
    checked on that work, not a threshold over his papers ("Do any of his papers report over 100x?")."""
    return phrases.polar(question) and not _PAPERS.search(question)


# The end of a condition offered in place of the threshold that follows ("… near-linear scaling or a …").
_OR_BEFORE = re.compile(r"\s+(?:either\s+)?or(?:\s+(?:an?|the|some))?\s*$", re.I)


@dataclass
class Operation:
    """What the operation read sets on the plan besides the route."""

    quantity: str
    direction: int
    leave_out: list[str]
    threshold: object
    across: str
    compared: list
    topic: str
    person: str | None
    position: int | None
    scope: str
    aggregate: Aggregate | None = None


class OperationReader:
    """Mixed into the Planner (which gives `corpus`, `quantity_asked`, `_author_of`, `across_asked`)."""

    def _selection(self, before: str, topic: str) -> str:
        """The topic of the papers a threshold is asked over, from the words before it: the paper noun's modifiers
        ("his LLM papers that report …") and a clause joined to the threshold's by "and" ("papers that use GPUs and
        report a speedup factor"), each a condition of its own ("LLM and GPUs"). The clause the threshold is in
        ("papers that report beating earlier approaches by …") and the words after it ("… over the previous state of
        the art") qualify the figure, not the papers."""
        parts = re.split(rf"(?i)(?<![\w-]){phrases.PAPER_NOUN}", before, maxsplit=1)  # not "meta-study"
        if len(parts) < 2:
            return ""  # no paper noun selects ("Which of her abstracts quote …", "His meta-study … pooled …")
        joined = list(re.finditer(r"(?i)\band\b", parts[1]))
        parts[1] = parts[1][: joined[-1].start()] if joined else ""
        read = [said_before(topic, p) if topic else self._topic(self._without_people(without_dates(p))) for p in parts]
        return " and ".join(t for t in read if t)

    def _either(self, before: str) -> str:
        """The condition a threshold's clause offers before it as an alternative ("papers that claim near-linear
        scaling or a parallel efficiency above 90%": "near-linear scaling"), read as a topic; "" when the words before
        the threshold end in no "or" after the paper noun."""
        parts = re.split(rf"(?i)(?<![\w-]){phrases.PAPER_NOUN}", before, maxsplit=1)
        clause = parts[-1] if len(parts) == 2 else ""
        if not (m := _OR_BEFORE.search(clause)):
            return ""
        return self._topic(self._without_people(without_dates(clause[: m.start()])))

    def operation_read(
        self,
        question: str,
        intent: Intent,
        meta,
        f: Filters,
        span,
        scope: str,
        person,
        position,
        named: list[str],
        focus: list[str],
        compared,
        literal,
        topic: str,
        teams: tuple,
        aside: list[str],
        nested_from: list[str],
        negation,
    ) -> Operation:
        """The operation over the papers; `intent` (route, subject) and `f` (coauthor) are set in place."""
        team, team_ranked = teams
        quantity, direction, leave_out, threshold = "", 1, list(aside), None
        # both groups said ("counting the other group's too") asks the author's side as well: a count per group
        own = self._own_asked(question) or phrases.both_groups(question, self.corpus.principal)
        agg = None if named or focus or compared else aggregates.read(question, intent.route, own)
        if agg is not None and agg.field == "paper" and topic and phrases.topic_marked(question):
            # "how many papers, his and the other group's together, are about X?", "how many papers from the other
            # research group are about X?": the groups said are the scope, the topic's papers are counted over it (a
            # count of every paper, per group or of the others, would drop the topic); a topic no marker says ("how
            # many does the collection you search hold, counting …") keeps the count of the papers
            agg = None
        if agg is not None:
            # "how many years between his oldest and his newest paper", "how many from the other group": an operation
            # over a field of the table, not a topic (the words naming the field drew one) nor one paper picked
            intent.route, intent.subject, topic = "aggregate", "", ""
            if agg.field == "paper":  # the authorship group: both groups counted, or only the other one
                scope = "all" if agg.group else "others"
            return Operation(
                quantity, direction, leave_out, threshold, "", compared, topic, person, position, scope, agg
            )
        if meta in (*META_KINDS, "field_groups"):
            pass  # a question about the corpus or its author, not an operation over papers
        elif len(named) >= 2 and phrases.SHARED_AUTHORS.search(question):
            intent.route, compared = "shared_authors", []  # "who wrote both A and B?"
        elif (team_ranked or team) and not (named or focus or compared):
            # "his paper with the longest author list" ranks the table's bylines; "how many of his 2024 papers have
            # more than five authors" filters by their length: neither is a topic search
            intent.route = "team_extreme" if team_ranked else intent.route if intent.route in TOPIC_ROUTES else "list"
            if team and team.high == 1 and intent.route == "coauthors":
                # "how many of her works is she the only author on?": a sole author has no co-authors to list; the
                # condition asks for her papers (counted when "how many" asks)
                intent.route = "count" if HOW_MANY.match(question) else "list"
            direction = team_ranked or 1
        elif (
            (th := phrases.quantity_threshold(question))
            and not (named or focus or literal)
            and not _of_one_work(question)
        ):
            # "Which of his papers claim a speedup of more than 100x?": the papers whose reported figure passes it.
            intent.route, quantity, direction, threshold = "quantity_threshold", th.noun, th.direction, th
            topic = self._selection(question[: th.start], topic)
            if either := self._either(question[: th.start]):
                threshold = replace(th, either=either)
        elif not (named or focus or literal) and (ex := self.quantity_asked(question, f, span, scope)):
            intent.route, quantity, direction, topic = "quantity_extreme", ex.noun, ex.direction, ""  # as reported
        elif (
            intent.route == "categories"
            and HOW_MANY.match(question)
            and phrases.has_fields(question)[0]
            and not (phrases.CATEGORY_CUE.search(question) or named or focus)
        ):
            intent.route = "count"  # "how many of his papers come with an arXiv identifier?": no category asked
        elif intent.route in ("per_year", "count") and phrases.AVERAGE.search(question):
            intent.route = "average"  # "his average number of papers per year since 2020"
        elif (
            len(named) == 1 and phrases.ELSE_WRITTEN.search(question) and (lead := self._author_of(named[0], question))
        ) or (nested_from and phrases.ELSE_WRITTEN.search(question)):
            # "The first author of CALM: what else did they write?": that person's papers, CALM left out.
            lead = person if nested_from else lead
            person, position, scope, leave_out = lead, None, "all", list(nested_from or named)
            f.coauthor = lead
            intent.route, intent.subject, topic, compared = "list", "", "", []
        if intent.route == "count" and phrases.CODE.search(question):
            intent.route = "code"  # "how many of his papers have code": the code route counts them (within the topic)
        if across := self.across_asked(question, intent, scope, negation, named, focus, f, span):
            intent.route = "across"  # "Which GPUs did he use?": the kind named across his papers
        return Operation(quantity, direction, leave_out, threshold, across, compared, topic, person, position, scope)

    def _own_asked(self, question: str) -> bool:
        """The principal author's own papers are named ("his", "hers", "Tanaka's", "the author's")."""
        names = "|".join(re.escape(w) for w in self.corpus.principal.split()) or "his"
        own = rf"\b(?:his|her|hers|their|the author['’]s|(?:{names})(?:['’]s)?)\b"
        # "(not her own)", "rather than hers": the author named to be left out is not asked
        left_out = rf"\b(?:not|than|except|excluding|besides)\s+(?:by\s+|from\s+)?(?:\w+\s+)?{own}"
        return bool(re.search(own, re.sub(left_out, " ", question, flags=re.I), re.I))
