"""The route by meaning: the nearest labelled examples decide, the keyword reading of the question guards where the
vote is unsure or the question lacks what the voted route needs (the Planner's first reading of a question's form)."""

from __future__ import annotations

import re

from assistant.answer.evidence.topics import texts_of
from assistant.answer.evidence.weigh import QUANTITY, vocabulary
from assistant.answer.plan import field_groups, phrases
from assistant.answer.plan.intents import Intent, subject_for, topic_words
from assistant.answer.plan.left_over import topic_left
from assistant.answer.plan.paper_nouns import PLURAL
from assistant.answer.plan.provenance import SourceReading
from assistant.answer.plan.stated import stated_fact
from assistant.index.bm25 import terms, variants

# Vote labels read as another route while the slots are read; `operation_of` then gives how, why and verify their own
# kinds where the question's form allows.
ROUTE_OF = {"how": "fact", "greeting": "fact", "why": "fact", "verify": "fact"}
# Words that ask for people: "who", "whose", "the authors", "by whom".
_ASKS_AUTHORS = re.compile(r"\b(who|whom|whose|authors?|authorship|researchers|people|team|group|names?)\b", re.I)
# A wh-phrase whose head is a paper noun, no word for people before it: "what scientific simulation papers did he
# co-author …?" asks for papers, whatever verb follows ("Which co-authors appear on his papers?" asks for people).
_PEOPLE_WORD = r"(?:co-?authors?|authors?|collaborators?|people|researchers|names)\b"
_ASKS_PAPERS = re.compile(rf"\b(?:what|which)\s+(?:(?!{_PEOPLE_WORD})[\w-]+\s+){{0,4}}?{PLURAL}\b", re.I)
# The labels that answer a field of one paper; and a question that asks how many of someone's things there are.
ONE_PAPER_LABELS = ("authors", "when", "arxiv", "attribution")
_COUNT_OF_THEIRS = re.compile(r"^\W*how\s+many\s+of\s+(?:his|her|their|the\s+author['’]s)\b", re.I)
# Routes that list or count papers of the table (not facts of one paper).
TABLE_LISTS = ("list", "count", "code", "categories", "overview", "per_year", "earliest", "latest", "coauthors")


class RouteByMeaning:
    """Mixed into the Planner (which gives `corpus`, `_names_only`, `_content`, `_without_people`)."""

    def _by_meaning(
        self, intent: Intent, vote, question: str, stripped: str, named: list[str], focus: list[str], literal
    ) -> tuple[str, str]:
        """The route and its subject. The nearest examples decide; the keyword reading of the question (`classify`)
        only guards where the vote is unsure, or where the question lacks what the voted route needs (a
        summary needs a paper, an attribution a claim of authorship)."""
        keyword = (intent.route, intent.subject)
        label = ROUTE_OF.get(vote.label, vote.label)
        if intent.route == "list" and not literal and QUANTITY.search(question):
            # "What speedup does the stencil work on sparse tensor cores achieve?": a route word ("work on")
            # inside the description of a paper the question asks a number of.
            return "fact", ""
        if label == intent.route or label == "compare":  # compare needs its sides: _sides_asked
            return keyword
        # A keyword route no near example shares ("code" in "Which code generator does X use?") is a word
        # inside an unrelated phrase: it guards only when the examples find it plausible.
        plausible = intent.route == "fact" or intent.route in {ROUTE_OF.get(n[0], n[0]) for n in vote.neighbours}
        if not vote.sure and plausible:
            return keyword
        fallback = keyword if plausible else ("fact", "")
        one_paper = (
            bool(named)
            or bool(phrases.ONE_PAPER.search(question))
            or (bool(focus) and bool(re.search(r"\b(it|its|this|that)\b", question, re.I)))
        )
        if label == "fact":
            return "fact", ""
        if label == "overview" and any(self.topics.subjects(question, self._unexampled(stripped))):
            # "What does the author say about music generation?" has a topic: not his themes. A word no example
            # holds that the frame model reads surely as frame is the answer's form, not a topic ("In a sentence or
            # two, what is her research about?")
            return fallback
        if label == "summary":
            # "What does X achieve on a single GPU?" asks one fact of X: a summary is for a question about X alone.
            alone = not named or self._names_only(question, named)
            return ("summary", intent.subject) if one_paper and alone and intent.route in ("fact", "list") else fallback
        if label == "authors" and not (_ASKS_AUTHORS.search(question) or phrases.AUTHORING.search(question)):
            # "What speedups did Zhang's DeAR paper achieve?": a name in the question drew the vote; nobody is asked
            return fallback
        if label == "count" and not phrases.asks_number(question):
            # "Among his papers with Boyang Zhang, which ones is Boyang not the first author of?": a count's examples
            # drew the vote; no number is asked, so the papers are listed
            return (
                keyword
                if intent.route == "list"
                else ("list", subject_for("list", stripped, self.corpus.principal) or "")
            )
        if label == "coauthors" and _ASKS_PAPERS.search(question):
            return "list", subject_for("list", stripped, self.corpus.principal) or ""
        if label == "arxiv" and ("arxiv", True) in phrases.has_fields(question)[0]:
            # "any 2022 arXiv preprints of his on X?": arXiv is the kind of paper listed, not an identifier asked
            return ("list", subject_for("list", stripped, self.corpus.principal) or "") if plausible else fallback
        if label in ONE_PAPER_LABELS and _COUNT_OF_THEIRS.match(question):
            # "how many of her arXiv postings have no journal reference?": a count of her papers, whatever field the
            # question names; a label that answers one paper's field cannot answer it
            return "count", subject_for("count", stripped, self.corpus.principal) or ""
        if label in ONE_PAPER_LABELS:
            subject = subject_for(label, stripped, self.corpus.principal)
            if subject is None or not (subject or named or focus):
                return fallback
            return label, subject
        if one_paper and label in TABLE_LISTS:
            # "Which SGD algorithms were studied in the paper arguing …?", "Which categories of stencils does X
            # evaluate?": a fact of one paper, whatever word it uses.
            return keyword if intent.route not in TABLE_LISTS else ("fact", "")
        subject = subject_for(label, stripped, self.corpus.principal)
        return label, subject or ""

    def _unexampled(self, text: str) -> list[str]:
        """The text's topic words that no route example holds."""
        return [
            w for w in topic_words(text, self.corpus.principal) if w.casefold() not in self.corpus.router.vocabulary
        ]

    def _is_summary(self, question: str, intent: Intent, named: list[str]) -> bool:
        """ "What is MoQE?", "Describe the paper on best friend clustering": about one paper."""
        if not intent.summary_like:
            return False
        if named:
            return self._names_only(question, named)
        return bool(
            re.search(
                r"\b(the|this|that) (paper|article|preprint|study) (on|about|that|which|introducing|proposing)\b",
                question,
                re.I,
            )
        )

    def _describes_another(self, question: str, focus: list[str] = ()) -> bool:
        """The question describes a paper of its own beyond the dates counted from the paper pointed back to: by topic
        words and a paper noun ("the benchmark paper he put out a year after that one"), or by a topic the paper
        pointed back to never uses ("What did she publish two years after that about SAR incidence angles?" after
        her thesis)."""
        rest = self._without_people(phrases.without_dates(question))
        words = topic_words(rest, self.corpus.principal)
        if not words:
            return False
        if re.search(rf"\b{phrases.PAPER_NOUN}", rest, re.I):
            return True
        own = set().union(
            *(vocabulary(" ".join(texts_of(self.corpus.by_id[i]))) for i in focus if i in self.corpus.by_id)
        )
        return any(not (variants(t) & own) for w in words for t in terms(w))

    def about_collection(self, question: str, person, span, negation, focus, record=None) -> bool:
        """The question asks an aggregate of the collection itself (how many papers, of which kind, from which
        sources, over which years) and nothing else: no person, dates, negated topic, record condition but the kind
        of work, or topic words left. With the collection only implied, not in a conversation that points at papers
        ("the earliest year?" of a list)."""
        ask = phrases.collection_asked(question)
        if ask is None or (person and person != self.corpus.principal) or span or (focus and not ask.subject):
            return False
        if record is not None and record.beyond_kind():
            return False  # "How many distinct papers of hers are on arXiv?": a count over the table with its condition
        if phrases.excludes_author(question):
            return False  # "the corpus papers where he is not an author": a count over the table with its condition
        if any(f != "arxiv" for f, _ in phrases.has_fields(question)[0]):
            return False  # "how many papers in the collection lack an abstract?": a table field is the condition
        if ask.aggregate == "count" and self._names_a_source(question):
            return False  # "how many distinct papers of hers does the arXiv listing contain?": one source's papers
        if negation and ask.kind != "arxiv only":  # "with no journal … version" says the kind, not a negated topic
            return False
        return not self._topic_left(question, phrases.without_dates(ask.rest))

    def _names_a_source(self, question: str) -> bool:
        """The question names one of the corpus's sources as a document: by a kind noun ("his profile page"), or by a
        source's word and a noun after it that is no paper noun ("the arXiv listing" of an arXiv feed)."""
        index = self.corpus.source_index
        if index.restricting(question):
            return True
        for m in index.mentions(question):
            after = re.match(r"[\s-]+([A-Za-z]+)", question[m.end :])
            noun = after.group(1) if after else ""
            if m.files and topic_words(noun, self.corpus.principal) and not re.match(phrases.PAPER_NOUN, noun, re.I):
                return True
        return False

    def _topic_left(self, question: str, rest: str) -> list[str]:
        """The words a question about the collection or its author leaves in `rest` that are a topic the corpus could
        be about, not its wording ("counting both groups", "research-wise": plan/left_over.py)."""
        return topic_left(self.corpus, question, rest, self._content(rest))

    def sources_asked(self, question: str, span, person, narrows: bool) -> SourceReading | None:
        """What the question asks of the corpus's sources, read once: a page's statements or the papers by source
        when nothing else narrows them, else the sources its papers are restricted to ("on his profile page, which
        papers list Ann Ode first?", "the newest card on his profile")."""
        index = self.corpus.source_index
        if not (span or narrows) and person in (None, self.corpus.principal) and (whole := index.read(question)):
            return whole
        return index.restricting(question)

    def _meta(
        self,
        question,
        stripped,
        route,
        named,
        focus,
        compared,
        person,
        span,
        negation,
        sources=None,
        narrows=False,
        record=None,
    ) -> str | None:
        """A question about the corpus or its author rather than a topic, or one whose words are all structure:
        "hi" (greeting), "what is he known for?" (overview), "his h-index?" (metrics), "what did he publish in
        late 2022?" (a list over the table: no topic is left once the dates are read)."""
        if phrases.GREETING.match(question):
            return "greeting"
        if named or compared or phrases.quoted(question):
            return None
        # the sources themselves: a page's own statements, the papers by source (read once: `sources_asked`)
        if sources and not sources.restricts and (sources.statements or not phrases.METRICS.search(question)):
            # "his h-index on the profile page" is what that page states; "cited the least, counting only what
            # OpenAlex reports" is a metric by source, not the papers by source
            return "provenance"
        if phrases.METRICS.search(question) or (not (narrows or span) and stated_fact(question, self.corpus.profile)):
            # citations and h-index are never a topic, whatever else the question says; a page's own figure
            # answers a count its table conditions do not narrow ("… on his profile in the DC category": counted)
            return "metrics"
        if field_groups.grouping(question):
            return "field_groups"  # "which journal has she published in more than once?": a count per field value
        if phrases.YEARS_SPANNED.search(question):
            return "per_year"  # "what years does his work span?"
        if self.about_collection(question, person, span, negation, focus, record):
            # "How many distinct papers by her are in this collection?", "Which sources does the corpus come from?":
            # the collection as a whole (even in a conversation: a follow-up's paper is not its subject)
            return "corpus"
        if focus:
            return None
        if phrases.venues_asked(question) and not self._topic_left(question, phrases.without_venue_words(stripped)):
            return "venues"  # "How many different venues has she published in?": the table's venue fields
        if phrases.KNOWN_FOR.search(question) and not self._topic_left(question, phrases.KNOWN_FOR.sub(" ", stripped)):
            return "overview"
        if self._content(stripped) or person or route in TABLE_LISTS:
            return None
        # Nothing but structure left: the question filters the table (dates, scope, a negated topic) or, with no
        # slot either, is too bare to read as a topic.
        if span or negation or re.search(rf"\b{phrases.PAPER_NOUN}|\bpublish|\bwr[io]te\b", question, re.I):
            return "list"
        return None


def decided_by(route: str, keyword_route: str, vote) -> str:
    """Why the route is what it is, for --explain: the vote, the keyword guard, or a slot of the question."""
    voted = ROUTE_OF.get(vote.label, vote.label)
    return f"route {route}: " + (
        "the vote and the keywords agree"
        if route == keyword_route == voted
        else "the vote"
        if route == voted
        else f"the keyword guard (vote {vote.label} at {vote.confidence:.2f})"
        if route == keyword_route
        else f"a slot of the question (vote {vote.label})"
    )
