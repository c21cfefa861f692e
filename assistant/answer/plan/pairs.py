"""The sides of a comparison a question asks for: papers named, described one by one ("the X paper and the Y
paper"), as a pair ("the static and dynamic HONPAS papers", "the two X papers") or as "both papers he co-wrote with
P"; mixed into the SlotReader."""

from __future__ import annotations

import re

from assistant.answer.evidence.weigh import ALL_TERMS, relevant
from assistant.answer.plan import phrases, sides
from assistant.answer.plan.conversation import mentioned
from assistant.answer.plan.intents import topic_words
from assistant.index.bm25 import variants
from assistant.models import Filters, Paper

# A described side of a comparison is the paper its words find at this cosine or closer.
SIDE_DENSE = 0.5
# "the static and (the) dynamic HONPAS papers": two sides told apart by one word each, sharing the rest.
_PAIR = re.compile(
    r"\bthe\s+([\w-]+)\s+and\s+(?:the\s+)?([\w-]+)\s+((?:[\w-]+\s+){1,3}?)"
    r"(?:papers|works|articles|preprints|studies|ones|algorithms|methods|approaches|schemes|versions|variants)\b",
    re.I,
)


# Cues weaker than a comparison said in so many words (phrases.COMPARISON): "versus", "each of them", "both", "the
# two", "those three".
_WEAK_CUE = re.compile(
    r"\b(versus|vs\.?|each (of the two|of them|one|benchmark|paper)|both|the two|th(?:ose|ese) (?:two|three|four))\b",
    re.I,
)


# Two papers named and asked of each, or set beside each other: a comparison without the word.
_EACH = re.compile(r"\beach\b|\bnext to\b|\bbeside\b|\balongside\b|\bagainst\b", re.I)


class PairReader:
    """Mixed into the SlotReader (which gives `corpus`)."""

    def _group_compared(self, question: str, vote, group: list[str]) -> list[str]:
        """The previous papers as a comparison's sides, when a comparison is voted or asked in so many words."""
        if vote.label != "compare" and not phrases.COMPARISON.search(question):
            return []
        return self._compared_if_asked(question, vote, group)

    def _compared_if_asked(self, question: str, vote, named: list[str]) -> list[str]:
        """The papers compared, when the question asks for a comparison of two or more (else none)."""
        # "contrast", "how do … differ", "set X against Y" ask for a comparison in so many words, whatever the vote;
        # a weaker cue ("each one", "both") needs the vote or a paper named.
        said = bool(phrases.COMPARISON.search(question))
        cue = said or _WEAK_CUE.search(question)
        if len(pair := self._two_described(question)) == 2:
            # "the two X papers", "both X papers": two papers described as a pair are asked about side by side.
            return pair + [i for i in named if i not in pair][:2]
        if not cue and (vote.label == "compare" or len(named) >= 2):
            # "… and a later one …. How was each evaluated?"; "Put A next to B: what does each report?"
            cue = _EACH.search(question)
        if not cue or not (said or vote.label == "compare" or len(named) >= 1):
            return []
        compared = self.compared(question, named)
        return compared if len(compared) >= 2 else []

    def compared(self, question: str, named: list[str]) -> list[str]:
        """The papers a comparison is about: named ones, plus one found for each described side ("the X paper and the Y
        paper")."""
        if len(named) >= 2:
            return list(named)[:4]
        for pair in (self._described_pair(question), self._two_described(question)):
            if len(pair) == 2:
                return pair + [i for i in named if i not in pair][:2]
        # Sides in the order the question gives them (the model's sources are numbered in that order too).
        ids: list[str] = []
        # The verb that asks for the comparison ("Set …", "Contrast …") is no side's word.
        asked = re.sub(r"(?i)^\W*(?:set|contrast|compare|put)\b", " ", question)
        parts = re.split(r"\band\b|\bvs\.?\b|\bversus\b|\bwith\b|\bagainst\b|:", re.split(r"[?.]\s", asked)[0])
        side_words = [topic_words(side, self.corpus.principal) for side in parts]
        for n, (side, words, after) in enumerate(zip(parts, side_words, side_words[1:] + [[]])):
            if said := [i for i in mentioned(side, self.corpus.name_words) if i in named and i not in ids]:
                ids += said
                continue
            if len(words) == 1 and n and ids and re.search(r"\bone\b", side, re.I):
                # "set the static HONPAS algorithm against the dynamic one": "one" is the earlier side's noun; the
                # paper is the one near both whose name holds the side's word
                if one := self._one_like(words[0], side_words[n - 1], ids):
                    ids.append(one)
                    continue
            if len(words) == 1 and len(after) >= 2:
                # "the static and dynamic HONPAS papers": the first side shares the second's head words
                words = words + after[1:]
            if len(words) == 1 and (one := sides.only_title_with(words, self._authors_first())):
                # "the static paper and the dynamic paper": one distinguishing title word picks out one paper
                if one.id not in ids and one.id not in named:
                    ids.append(one.id)
                continue
            headed = bool(re.search(r"\b(?:paper|work|study|article|preprint|one)\W*$", side, re.I))
            if (pid := self.resolver.best(words, self._authors_first(), headed)) or (
                pid := self.resolver.best(words, list(self.corpus.papers), headed)
            ):
                # "FNO emulator vs …": the title the side's words read as (an acronym of a title phrase, title words)
                if pid not in ids and pid not in named:
                    ids.append(pid)
                continue
            if len(words) < 2:
                continue
            hits = self.corpus.retriever.search(" ".join(words), Filters(), k=3)
            good = relevant(hits, self.corpus.qterms(" ".join(words)), self.corpus.settings.relevance_threshold)
            # Close in meaning, or the only paper holding every term of the side ("static HONPAS": 0.29, all terms).
            clear = good and (
                good[0][0].dense >= SIDE_DENSE
                or (good[0][1] >= ALL_TERMS and (len(good) == 1 or good[1][1] < ALL_TERMS))
            )
            if clear and good[0][0].paper.id not in ids and good[0][0].paper.id not in named:
                ids.append(good[0][0].paper.id)
        ids += [i for i in named if i not in ids]
        return ids[:4]

    def _one_like(self, word: str, earlier: list[str], taken: list[str]) -> str | None:
        """The paper "the <word> one" means after a side described by `earlier`: the best retrieved for both whose
        name holds the word, not a side already taken."""
        hits = self.corpus.retriever.search(" ".join([word, *earlier]), Filters(), k=5)
        key = variants(word.casefold())
        for h in hits:
            title = set(re.findall(r"[\w-]+", h.paper.label.casefold()))
            if h.paper.id not in taken and key & title:
                return h.paper.id
        return None

    def _authors_first(self) -> list[Paper]:
        """The author's papers, or every paper when none is marked his."""
        return list(self.corpus.authors_papers) or list(self.corpus.papers)

    def _two_described(self, question: str) -> list[str]:
        """The two papers of "the two X papers", "both X papers", "his two papers on X": the only two (of his, else of
        all, within any dates said) whose titles hold every word of X or, failing titles, whose own text is on X; in
        the order a parenthesis after it tells them apart ("(the general one and the joint low-rank one)"), else by
        date."""
        undated = phrases.without_dates(question)
        m = sides.TWO_PAPERS.search(undated)
        if not m:
            return []
        shared = topic_words(f"{m.group(1)} {m.group(2) or ''}", self.corpus.principal)
        if not shared:
            return []
        span = phrases.dates(question)
        pools = [self._authors_first(), list(self.corpus.papers)]
        if span and span.relative is None:
            pools = [[p for p in pool if span.admits(p)] for pool in pools]
        told = sides.PARENTHESIS.match(undated[m.end() :])
        apart = [
            [w for w in topic_words(side, self.corpus.principal) if w.casefold() not in {"one", "paper"}]
            for side in (told.groups() if told else ())
        ]
        found: list[Paper] = []
        for pool in pools:
            found = sides.sharing(shared, pool)
            if len(found) > 2 and apart:
                found = [p for p in (sides.pick(words, found) for words in apart) if p]
            if len(found) == 2:
                break
        else:
            on = self.corpus.topics.papers_on(" ".join(shared), pools[0]) if pools[0] else []
            found = [sp.paper for sp in on]
        if len(found) != 2 or found[0].id == found[1].id:
            return []
        found.sort(key=lambda p: p.date or "")  # the earlier first, unless a parenthesis gives the order
        if apart and (first := sides.pick(apart[0], found)) and first is found[1]:
            found.reverse()
        return [p.id for p in found]

    def two_with(self, question: str, person: str | None, position: int | None) -> list[str]:
        """The two papers of "both papers he co-wrote with P (as first author)": the author's only two papers with that
        person (at that position), when the question describes two papers by nothing else."""
        m = sides.TWO_PAPERS.search(phrases.without_dates(question))
        if not m or not person or person == self.corpus.principal:
            return []
        if topic_words(f"{m.group(1)} {m.group(2) or ''}", self.corpus.principal):
            return []
        key = person.casefold()
        with_them = [
            p
            for p in self._authors_first()
            if any(a.casefold() == key for a in p.authors)
            and (not position or (len(p.authors) >= position and p.authors[position - 1].casefold() == key))
        ]
        return [p.id for p in sorted(with_them, key=lambda p: p.date or "")] if len(with_them) == 2 else []

    def _described_pair(self, question: str) -> list[str]:
        """The two papers of "the A and (the) B X papers": among the papers whose titles hold every word of the shared
        X, the one whose title holds A and the one whose title holds B, each the only such paper (else none)."""
        m = _PAIR.search(question)
        if not m:
            return []
        shared = topic_words(m.group(3), self.corpus.principal)
        if not shared:
            return []

        def holds(title_words: set[str], word: str) -> bool:
            return bool(variants(word.casefold()) & title_words)

        titled = [(p.id, set(re.findall(r"[\w-]+", p.label.casefold()))) for p in self.corpus.papers]
        sharing = [(pid, words) for pid, words in titled if all(holds(words, w) for w in shared)]
        found: list[str] = []
        for side in (m.group(1), m.group(2)):
            own = [pid for pid, words in sharing if holds(words, side)]
            if len(own) != 1 or own[0] in found:
                return []
            found.append(own[0])
        return found
