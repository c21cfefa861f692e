"""Reading a topic made only of content: which of its words distinguish papers, which are the question's wording,
and, when the reading is unsure (the topic grounds no paper), how it is read again or answered from retrieval.

The words are judged by evidence/distinct.py (general English frequency and the papers in scope); what was assumed
is said in one sentence (QueryPlan.assumed) that the answer opens with.
"""

from __future__ import annotations

import re

from assistant.answer.corpus import Corpus
from assistant.answer.evidence import described_members, distinct, topics
from assistant.answer.plan import dated, facets, frame, phrases, refusal, topic_breadth, topic_parts, topic_words
from assistant.answer.plan.content import content_of, places, without_pointed
from assistant.answer.plan.intents import subject_for
from assistant.answer.plan.listed import listed_noun
from assistant.answer.plan.said_phrase import holds_every_word, said_together
from assistant.models import Filters, Paper

# Routes whose topic filters the table's papers: its words are read for what distinguishes them (`read`).
TOPIC_ROUTES = ("list", "count", "code", "coauthors", "earliest", "latest")
# "his stencil papers", "his atomistic simulation work", "his research on X": the papers of a topic.
# How many (topic, pool) groundings a reader keeps (the table does not change under it: a new table, a new reader)
GROUNDINGS_KEPT = 256


def as_wording(words: str) -> str:
    """What the answer opens with when the words left as a topic are read as the question's wording."""
    return f"I read “{words}” as the question's wording, not a topic, so no topic narrows the papers."


class TopicReader:
    """Reads a list or count question's topic against the papers in scope."""

    def __init__(self, corpus: Corpus):
        self.corpus = corpus
        # (topic, the pool's ids) -> whether its own words ground a paper: `read` asks it of the reading `_read`
        # already asked of (one papers_on over the pool each time, ~20 ms at 10k papers)
        self._grounding: dict[tuple[str, tuple[str, ...]], bool] = {}

    def picked_as_wording(self, question: str, topic: str, route: str, pool: list[Paper]) -> tuple[str, str | None]:
        """Words that ground no paper under a date pick ("the earliest year in his publication record", "the oldest
        paper in his list optimizes … which center?") are wording: the pick is of all the papers. Returns the sentence
        saying what was assumed, and the paper picked when the question asks something of it (else None)."""
        ends = dated.extreme(pool, latest=route != "earliest")
        if ends and phrases.asks_of_picked(question):
            said = (
                f"No paper's own text is on “{topic}”, so I took the {route} paper of all (dated "
                f"{dated.spoken_date(ends.paper)}) and answered from it."
            )
            return said, ends.paper.id
        return as_wording(topic), None

    def summary_asked(self, question: str, route: str, papers: list[str], literal) -> bool:
        """A summary or overview asked of the papers on a topic ("an overview of his atomistic simulation work", "sum
        up what he has done on X"), which the reading took for a fact, a list or the research overview: no paper named
        or pointed back to, none described in the singular, and topic words left. Either way it is written as the
        topic summary (one contribution line per paper), the list's papers cited. The route vote's label is not asked:
        "an overview of what he has done on storing weights in fewer bits" votes fact (its nearest examples ask a
        fact of one paper), and a summary word with a topic left asked a topic summary in every regression item it
        reached (16 summary items moved to it, no item of another kind)."""
        return (
            route in ("fact", "list", "overview")
            and not (papers or literal)
            and bool(phrases.SUMMARY_ASKED.search(question))
            and not phrases.ONE_PAPER.search(question)
            and bool(subject_for("list", phrases.without_dates(question), self.corpus.principal))
        )

    def led_by_meaning(self, topic: str, pool: list[Paper]) -> bool:
        """Whether a summary's topic its words ground in no paper leads to papers by its meaning as a whole: the
        fitted choice (evidence/described_members.py) adds one, or the earlier rule does (evidence/described.py)."""
        reading = described_members.read(self.corpus.topics, topic, pool, [])
        return bool(reading.fitted and reading.fitted.added) or reading.rule.changed

    @staticmethod
    def description(topic: str, question: str) -> str:
        """The words of a described topic its papers are weighed against by meaning (evidence/described.py): the
        leftover words less those of a demonstrative object ("… an overview of that thread would be great": plan/
        content.py, `pointed`), which point back and are frame. Nothing else is taken out: the words outside the
        question's topic places that no paper uses are often the description's paraphrase ("puddles of meltwater"),
        which its meaning is read for (taking them out too moved 27 summary items up and 34 down)."""
        return without_pointed(topic, question) or topic

    def read(
        self, topic: str, question: str, pool: list[Paper], filtered: bool, route: str
    ) -> tuple[str, str, list[str]]:
        """The topic as `_read_content` reads it, less an alternative that takes in most of the scope
        (topic_breadth.py), said so; a summary's topic its words ground in no paper is kept when its meaning as a whole
        leads to papers."""
        read, assumed, unsure = self._read_content(topic, question, pool, filtered, route)
        if unsure and route == "list" and phrases.SUMMARY_ASKED.search(question):
            # a summary asked of a topic its words ground in no paper: when the description as a whole leads to
            # papers by meaning (evidence/described.py), the topic summary answers with them, said so; else the
            # paper retrieval puts nearest the question answers, as for any unsure topic
            if self.led_by_meaning(self.description(topic, question), pool):
                return topic, "", []
        if not read or unsure:
            return read, assumed, unsure
        kept, said = topic_breadth.narrowed(self.corpus.topics, read, pool)
        return (kept, f"{assumed} {said}".strip(), unsure) if said else (read, assumed, unsure)

    def _read_content(
        self, topic: str, question: str, pool: list[Paper], filtered: bool, route: str
    ) -> tuple[str, str, list[str]]:
        """The topic made of content only (plan/content.py: the words where the question puts its topic), read by
        `_read`, when papers' own words are on it. Otherwise the question's leftover words are read as a whole, as
        before content was told apart: a near-negative stays "none is about it" rather than being answered from
        retrieval, and a question misread as a list ("the reason for running the classifier on board …") is a long
        description of one paper. A topic still grounding nothing is refused or read again from its subject words
        that ground papers, as a model fitted on every writer's questions decides (`_decided`)."""
        if phrases.ONE_PAPER.search(question) or phrases.asked_fields(question):
            # one paper described, or a field asked of one ("which journal published her tutorial review …"): the
            # question's words find it
            return self._read(topic, question, pool, filtered, route)
        used = self.corpus.topics.users(pool)[0]
        content = content_of(topic, question, used)
        if not content:
            return "", as_wording(topic), []
        read = self._read(content, question, pool, filtered, route)
        # whether the content's reading grounds papers, asked once: a grounded reading is kept as it is
        grounded = content != topic and not read[2] and self._grounds(read[0], pool)
        if content != topic and not grounded:
            read = self._read(topic, question, pool, filtered, route)
        if not grounded and read[0] and not read[2] and not self._grounds(read[0], pool):
            # Frame words the places kept can empty the answer ("none is about 'favour stencil nutshell'"): the words
            # the model reads as subject (plan/frame.py), when they ground papers. A topic it reads as all frame, or
            # whose subject grounds nothing, stays: the corpus does not cover it.
            learned = content_of(topic, question, used, self._subjects(question))
            if (
                learned
                and learned != content
                and self._grounds(learned, pool)
                and self._tells_apart(learned, pool)
                and not self._cuts_a_phrase(read[0], learned, pool)
            ):
                return self._read(learned, question, pool, filtered, route)
            if filtered and (named := self._named_listed(read[0], question, pool, route)) is not None:
                return named
            if filtered and self._surely_frame(question, read[0]):
                # "From her 2023 and 2024 output, which papers don't involve Sentinel-1 data?": another slot selects
                # the papers, and the model is sure every word left is the question's frame
                return "", as_wording(read[0]), []
            return self._decided(read, question, pool, filtered)
        return read

    def _named_listed(
        self, topic: str, question: str, pool: list[Paper], route: str
    ) -> tuple[str, str, list[str]] | None:
        """A topic grounding no paper, under another slot that selects papers, whose words include the noun naming
        what is listed ("which of her Ole Hansen collaborations …": plan/listed.py): that noun is no topic. With
        nothing else left the other slots alone select the papers, said so; what is left is read as the topic (a
        subject the corpus lacks, "her penguin collaborations", stays refused). None when no word names the listed
        items."""
        listed = listed_noun(question, topic)
        if listed is None:
            return None
        rest = " or ".join(
            kept
            for alt in re.split(r"\s+or\s+", topic)
            if (kept := " ".join(w for w in alt.split() if w.casefold() not in listed.parts))
        )
        said = f"I read “{listed.word}” as naming what is listed, not a topic"
        if not rest:
            return "", f"{said}, so the question's other conditions select the papers.", []
        read = self._read(rest, question, pool, True, route)
        if read[0] and not read[2] and not self._grounds(read[0], pool):
            return self._decided(read, question, pool, True)
        return read[0], f"{said}. {read[1]}".strip(), read[2]

    def _decided(
        self, read: tuple[str, str, list[str]], question: str, pool: list[Paper], filtered: bool
    ) -> tuple[str, str, list[str]]:
        """A topic that grounds no paper, refused ("none is about it") or read again from its subject words that
        ground papers, as the model fitted on every writer's questions decides (plan/refusal.py)."""
        found = refusal.decided(self.corpus, question, read[0], pool, filtered)
        if found is None or self._cuts_a_phrase(read[0], found.reading, pool):
            return read
        return found.reading, refusal.assumed(read[0], found), []

    def _cuts_a_phrase(self, topic: str, kept: str, pool: list[Paper]) -> bool:
        """Whether a reading drops a phrase's head (its last word) that the corpus says as one phrase with the word
        before it, kept, and the papers the reading finds do not say every word it keeps: "networks" read as frame
        leaves "graph neural", which papers on neural network quantization are put on though none says "graph", of
        "graph neural networks", which no paper of the author's says (another group's "Graph Neural Networks (GNNs)"
        does). A head after a name is what of the name is asked ("A100 GPUs", "Sentinel-2 data"); a word of the
        question's frame is said beside its subject in no paper ("stencil nutshell"); and a reading its papers say
        whole ("scientific" of "scientific computing") is kept."""
        left = set(kept.casefold().split())
        for alt in re.split(r"\s+or\s+", topic.casefold()):
            *before, head = alt.split() or [""]
            if before and head not in left and before[-1] in left and not topics.identities([before[-1]]):
                if said_together(self.corpus, before[-1], head):
                    break
        else:
            return False
        words = kept.split()
        return not any(holds_every_word(sp.paper, words) for sp in self.corpus.topics.papers_on(kept, pool))

    def _tells_apart(self, topic: str, pool: list[Paper]) -> bool:
        """Whether a reading keeps a word that tells the pool's papers apart (not ordinary English): "models", left
        of "large language models" once its unused words are read as frame, names no subject of its own."""
        return any(
            r == distinct.DISTINGUISHING
            for words in topic_words.words_of_topic(self.corpus.topics, topic, pool)
            for _, r in words
        )

    def _grounds(self, topic: str, pool: list[Paper]) -> bool:
        """Whether the topic's own words ground a paper of the pool (not the meaning score), asked once."""
        if not topic:
            return False
        key = (topic, tuple(p.id for p in pool))
        if key not in self._grounding:
            if len(self._grounding) >= GROUNDINGS_KEPT:
                del self._grounding[next(iter(self._grounding))]
            self._grounding[key] = self.corpus.topics.grounds(topic, pool)
        return self._grounding[key]

    def subjects(self, question: str, words: list[str]) -> list[bool]:
        """For each word, whether it is the question's subject rather than its frame (plan/frame.py)."""
        return self._subjects(question)(words) if words else []

    def _surely_frame(self, question: str, topic: str) -> bool:
        """Every word of the topic is one the frame model reads as the question's frame past its margin (plan/frame.py:
        the margin set on words no paper holds, so a subject the corpus lacks, "penguins", "hurricanes", stays one),
        and none stands where the question puts a topic ("his 2024 papers on sea ice?" asks about sea ice)."""
        words = list(dict.fromkeys(w for w in topic.replace(" or ", " ").split() if w))
        placed = set().union(*places(question))
        if not words or any(w.casefold() in placed for w in words):
            return False
        share, embed = refusal.word_evidence(self.corpus)
        return all(s <= -frame.margin() for s in frame.subject_scores(question, words, share, embed))

    def _subjects(self, question: str):
        """Which of a topic's words are the question's subject, not its frame (plan/frame.py)."""
        share, embed = refusal.word_evidence(self.corpus)
        return lambda words: frame.subjects(question, words, share, embed)

    def _read(
        self, topic: str, question: str, pool: list[Paper], filtered: bool, route: str
    ) -> tuple[str, str, list[str]]:
        """The topic made only of content, what was assumed reading it, and the papers to answer from instead when
        the reading was unsure.

        - A topic of wording alone (function words and ordinary English no paper in scope uses: "lines shown",
          "together") in a question another slot filters is no topic: the question is the filter.
        - A topic no paper in the pool grounds is read again by its distinguishing words, less the ordinary words
          the papers use and the parts of a compound no paper uses ("ResNet-family models" as "ResNet"), when a
          paper is on that. A whole word no paper uses is never dropped this way: "protein structure prediction" is
          not "structure prediction".
        - Failing that, the papers retrieval finds near the whole question that hold all its distinguishing words
          ("the label-noise paper" asked to quote a sentence) are answered from.
        A topic a marker introduces ("about weather") is never wording.
        With none of these the topic stays, and "none is about it" is the answer.

        A topic of several facets joined by "and" means papers on any of them (plan/facets.py).
        A compound hyphenated only as a modifier ("model-compression papers") that no paper writes whole is read as
        its words ("model compression"): the papers say them apart, and a word the papers write only in another
        derived form is read in theirs ("quantizing" as "quantization": topic_words.in_papers_forms)."""
        reading = self.corpus.topics
        topic = topic_words.in_papers_forms(reading, topic_words.unhyphenated(reading, topic, pool), pool)
        on = lambda phrase: {sp.paper.id for sp in reading.papers_on(phrase, pool)}  # noqa: E731
        joined = facets.facets(topic, question, on) if route in ("list", "count") else ""
        alts = topic_words.words_of_topic(reading, topic, pool)
        marked = {w.casefold() for w in re.findall(r"[\w-]+", phrases.topic_marked(question))}
        roles = [r for words in alts for _, r in words]
        unused = [w for words in alts for w, r in words if r == distinct.UNUSED]
        wording = all(r in (distinct.PHRASING, distinct.UNUSED) for r in roles)
        # Whether its words ground a paper (not the meaning score): a phrase its words do not ground as a whole
        # ("experiments NVIDIA A100 GPUs") is read again by its distinguishing words below.
        grounded = self._grounds(topic, pool) if not wording else False
        if filtered and not any(w.casefold() in marked for words in alts for w, _ in words):
            # Under a filter, a topic without a distinguishing word that grounds no paper is wording too ("going by
            # the author lists shown": words the papers use, but not together).
            if wording or (distinct.DISTINGUISHING not in roles and not grounded):
                said = " ".join(w for words in alts for w, _ in words)
                return "", as_wording(said), []
        if route in ("list", "count") and (parts := self._coordinated(topic, question, on, pool)):
            return parts, "", []  # "low-rank factorization / decomposition for X": each with the context they share
        if grounded and joined:
            return joined, "", []
        if wording or grounded or route not in ("list", "count"):
            return topic, "", []
        # The phrase's head (its last word), ordinary English but in few papers in scope, is kept: "search" in
        # "neural architecture search" is what the phrase turns on (3 of his 29 papers say it), while "models" (in
        # most) tells none apart and a leading ordinary word ("short overview … simulating") is wording.
        rare_in_scope = topic_words.rare_in_scope(reading, pool)
        relaxed = " or ".join(
            " ".join(
                w
                for i, (w, r) in enumerate(words)
                if r == distinct.DISTINGUISHING or r == distinct.ORDINARY and i == len(words) - 1 and rare_in_scope(w)
            )
            for words in alts
            if any(r == distinct.DISTINGUISHING for _, r in words) and not any(r == distinct.UNUSED for _, r in words)
        )
        if joined:  # each facet, and the distinguishing words of the whole when they ground papers too
            more = f" or {relaxed}" if relaxed and relaxed != topic and reading.papers_on(relaxed, pool) else ""
            said = f"No paper's own text is on “{topic}” as a whole, so I read it as either: “{joined}{more}”."
            return joined + more, said, []
        if (
            relaxed
            and relaxed != topic
            and not self._cuts_a_phrase(topic, relaxed, pool)
            and reading.papers_on(relaxed, pool)
        ):
            said = f"No paper's own text is on “{topic}” as a whole, so I read the topic as “{relaxed}”."
            return relaxed, said, []
        # "Sentinel-2 data": an identity (letters and digits: topics.identities) names one thing, and the ordinary
        # words beside it say what of it; read as the identity alone when a paper says it.
        named = " or ".join(
            " ".join(ids) for words in alts if (ids := [w for w, _ in words if topics.identities([w.casefold()])])
        )
        if named and named.casefold() != topic.casefold() and reading.papers_on(named, pool):
            said = f"No paper's own text is on “{topic}” as a whole, so I read the topic as “{named}”."
            return named, said, []
        if (either := facets.either(topic, question)) and all(
            reading.papers_on(part, pool) for part in either.split(" or ")
        ):
            said = f"No paper's own text is on “{topic}” as a whole, so I read it as either: “{either}”."
            return either, said, []
        rare = [[w for w, r in words if r == distinct.DISTINGUISHING] for words in alts]
        # A word no paper uses may name a subject the corpus lacks ("papers that deal with protein structure
        # prediction"); it is the question's wording only when the question describes one paper and asks something
        # of it ("quote the sentence from the label-noise paper that …").
        lacking = bool(unused) and not phrases.ONE_PAPER.search(question)
        if not lacking and (found := self._relevant(question, pool, rare)):
            said = (
                f"No paper's own text is on “{topic}” as a whole, so I answered from the papers most relevant to the "
                "question."
            )
            return topic, said, [p.id for p in found]
        if strong := self._strong(question, pool):
            # A paraphrase that shares few of the paper's words ("chatbots … evaluation suites") but retrieval finds
            # a passage as close as a true match, alone (topics.strongly_relevant): answered from it, said so.
            said = (
                "No paper says this in the question's words, so I answered from the paper closest in meaning to the "
                "question."
            )
            return topic, said, [p.id for p in strong]
        return topic, "", []

    def _coordinated(self, topic: str, question: str, on, pool: list[Paper]) -> str:
        """Alternatives read with the core they qualify ("making LLM training cheaper or more flexible":
        topic_parts.distributed), else with the context two of them share (topic_parts.shared); "" when neither."""
        used = self.corpus.topics.users(pool)[0]
        role = lambda w: distinct.role(w, used)  # noqa: E731

        def name(word: str) -> bool:  # rare in English, capitals inside or digits: "Tianhe", "ResNet", "A100"
            named = topics.NAME.fullmatch(word) or topics.identities([word.casefold()])
            return bool(named) or distinct.zipf(word) < topics.NAME_ZIPF

        return topic_parts.distributed(topic, question, on, role, name) or topic_parts.shared(topic, question, on)

    def _strong(self, question: str, pool: list[Paper]) -> list[Paper]:
        """The pool's papers retrieval finds strongly relevant to the whole question (topics.strongly_relevant)."""
        ids = {p.id for p in pool}
        hits = topics.strongly_relevant(self.corpus.retriever.search(question, Filters(), k=5))
        return [h.paper for h in hits if h.paper.id in ids]

    def _relevant(self, question: str, pool: list[Paper], rare: list[list[str]]) -> list[Paper]:
        """Papers in the pool that retrieval finds near the whole question (at the relevance floor) and whose own
        text holds every distinguishing word of one alternative of its topic, best first."""
        rare = [words for words in rare if words]
        if not rare:
            return []
        ids = {p.id for p in pool}
        vocab = self.corpus.topics.vocabulary_of
        return [
            h.paper
            for h in self.corpus.retriever.search(question, Filters(), k=10)
            if h.paper.id in ids
            and h.dense >= self.corpus.settings.relevance_threshold
            and any(all(distinct.held(w, vocab(h.paper)) for w in words) for words in rare)
        ]
