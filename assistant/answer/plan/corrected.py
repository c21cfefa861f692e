"""The paper a correction turn means ("No, not the dynamic one - the other", "that sounds like the one with X. I
meant the other HONPAS paper"): what it rules out, what it describes, by the rules and the learned choice of
plan/meant.py. Mixed into the SlotReader (which gives `corpus`, `resolver`, `venues_in`, `_without_people`)."""

from __future__ import annotations

import re

from assistant.answer.evidence.query_terms import derived_form
from assistant.answer.evidence.weigh import paper_text, vocabulary
from assistant.answer.plan import correction, meant, phrases
from assistant.answer.plan.conversation import cited_papers, earlier_papers, previous_answer
from assistant.answer.plan.intents import topic_words
from assistant.answer.plan.phrases.governs import governed, is_negation
from assistant.answer.plan.phrases.reference import turns_to_meant
from assistant.models import Message

# A paper holds a negated description when its own text holds this share of the description's IDF-weighted words, in
# any form; the paper meant is the only one shown below it.
HELD_SHARE = 0.5


class CorrectionReader:
    def ruled_before(self, question: str, history: list[Message]) -> bool:
        """A correction describes a paper shown before it turns to the one it means ("that sounds like the one with
        X. I actually wanted the other HONPAS paper"): "the other" is then the other of that one, not of the paper
        the answer led with (`_meant` reads it)."""
        if not history or not turns_to_meant(question):
            return False
        shown = earlier_papers(history, self.corpus.by_title)
        return any(r.aside and r.paper in shown for r in self.resolver.described(question, shown))

    def _meant(self, question: str, history: list[Message]) -> str | None:
        """The paper a correction describes ("I meant the one about low-rank factorization"), other than the one the
        previous answer led with; None unless one paper is clearly the match."""
        previous = cited_papers(previous_answer(history), self.corpus.by_title)
        ruled_out = phrases.NOT_THE_ONE.search(question)
        if ruled_out:
            # "not the incidence-angle one": the previous papers whose name holds a word of what is ruled out, and the
            # paper the words describe in the corpus (the previous answer may not have shown it)
            words = {w.casefold() for w in topic_words(ruled_out.group(0), self.corpus.principal)}
            rejected = {
                pid
                for pid in previous
                if words & {w.casefold() for w in topic_words(self._label(pid), self.corpus.principal)}
            }
            aside = {r.paper for r in self.resolver.described(question, previous) if r.aside}
            rejected |= aside
        else:
            rejected = aside = set(previous[:1])  # "not that one": the paper the previous answer led with
        if not ruled_out and (turn := turns_to_meant(question)):
            # "that sounds like the one with X. I actually wanted the other HONPAS paper": the paper described before
            # the turn is the one ruled out, whichever the previous answer led with; the paper meant is described after
            rejected = {r.paper for r in self.resolver.described(question, previous) if r.aside} or rejected
            question = question[turn:]
        described = phrases.CORRECTION.sub(" ", phrases.NOT_THE_ONE.sub(" ", question))
        venues, said = self.venues_in(described)
        keep = correction.grounded(
            described, venues, phrases.dates(described), [self.corpus.by_id[i] for i in rejected]
        )
        if not ruled_out and keep is not None and previous and keep(self.corpus.by_id[previous[0]]):
            rejected = set()  # "no, I meant the one from 2023" after a list led by that one: a pick, not a rejection
        content = re.sub(re.escape(said), " ", described, flags=re.I) if said else described
        words = " ".join(topic_words(self._without_people(phrases.without_dates(content)), self.corpus.principal))
        if keep is None and (not words or (len(words.split()) < 2 and not rejected)):
            return None  # one word describes the paper meant only beside the one it rules out
        shown = earlier_papers(history, self.corpus.by_title)
        # a paper the description rules out, not one sharing a word with it ("model"), is out of what is left
        if words and (lacking := self._lacking(described, words, [i for i in shown if i not in (aside or rejected)])):
            return lacking  # "I mean the one that doesn't quantize at all": the one shown whose text never says so
        against = ruled_out.group(0) if ruled_out and not rejected else ""
        if (pid := correction.titled(self.resolver, self.corpus.by_id, words, shown, rejected, keep)) is not None:
            return pid  # "I meant her calving-front work": a title holds the description
        return correction.meant(self.corpus, history, described.strip(" -–—,."), words, against, rejected, shown, keep)

    def _lacking(self, described: str, words: str, left: list[str]) -> str | None:
        """The one paper of those shown (`left`, two or more) whose own text holds little of the description's words,
        when the description negates them ("the one that doesn't quantize at all", "the one without a simulator"): a
        negated description is what the paper meant does not say, never a paper found by those words. None when the
        description is not negated, or no paper or several lack them, or another holds too little of them."""
        words = " ".join(w for w in words.split() if not is_negation(w))  # "the one that never quantizes"
        last = words and list(re.finditer(re.escape(words.split()[-1]), described, re.I))
        if len(left) < 2 or not last or not governed(described, last[-1].start())[0]:
            return None
        weights = self.corpus.qterms(words).weights
        total = sum(weights.values()) or 1.0

        def held(p) -> float:  # the IDF-weighted share of the words it holds in any form ("quantize": "quantization")
            vocab = vocabulary(paper_text(p))
            return sum(w for t, w in weights.items() if t in vocab or any(derived_form(t, h) for h in vocab)) / total

        shares = {i: held(self.corpus.by_id[i]) for i in dict.fromkeys(left) if i in self.corpus.by_id}
        lacking = [i for i, share in shares.items() if share < HELD_SHARE]
        if len(lacking) != 1 or sum(share >= HELD_SHARE for share in shares.values()) != len(shares) - 1:
            return None
        return lacking[0]

    def _other_than(self, question: str, history: list[Message], named: tuple[str, ...] = ()) -> str | None:
        """The paper a correction means, when the learned choice (plan/meant.py) is sure of one; else the paper of
        "the other one, not the sparse tensor core one" (`_other_rule`), or None (the planner's other readings).
        When the turn names papers (`named`: "that's the route-planning one. I meant …" names the one ruled out),
        only the learned choice, which weighs them, replaces them."""
        if not named and phrases.REJECTED_BY_POINTER.search(question):
            return meant.instead_of_shown(self.corpus, question, history)  # "No, not that one.": not the one shown
        rule = self._other_rule(question, history)
        learned = None
        if meant.corrects(question, history) and not self._grounded(question, history):
            learned = meant.pick(self.corpus, question, history, rule, named)
        if named:
            return learned if learned and [learned] != list(named) else None  # the one named is read as before
        return learned or rule

    def _grounded(self, question: str, history: list[Message]) -> bool:
        """The correction says what it means in the table's own values (a venue, a date, "later"/"earlier" than the
        paper the previous answer led with: "Hmm, no. I meant the later HONPAS paper"): the rules read those."""
        described = phrases.CORRECTION.sub(" ", phrases.NOT_THE_ONE.sub(" ", question))
        lead = cited_papers(previous_answer(history), self.corpus.by_title)[:1]
        venues, _ = self.venues_in(described)
        papers = [self.corpus.by_id[i] for i in lead if i in self.corpus.by_id]
        return correction.grounded(described, venues, phrases.dates(described), papers) is not None

    def _other_rule(self, question: str, history: list[Message]) -> str | None:
        """The paper of "the other one, not the sparse tensor core one": among the papers the previous answer showed,
        or the previous question retrieves, the one that is not what the question rules out."""
        ruled_out = phrases.NOT_THE_ONE.search(question)
        said = ruled_out.group(0) if ruled_out else question[: turns_to_meant(question)]  # described before the turn
        if not (said and phrases.THE_OTHER.search(question)):
            return None
        shown = cited_papers(previous_answer(history), self.corpus.by_title)
        return correction.other_than(self.corpus, history, said, shown)
