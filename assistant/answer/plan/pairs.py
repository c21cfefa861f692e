"""The sides of a comparison a question asks for: papers named, described one by one ("the X paper and the Y
paper"), as a pair ("the static and dynamic HONPAS papers", "the two X papers") or as "both papers he co-wrote with
P"; mixed into the SlotReader."""

from __future__ import annotations

import re

from assistant.answer.evidence.weigh import ALL_TERMS, paper_text, relevant, strength, vocabulary
from assistant.answer.plan import phrases, sides
from assistant.answer.plan.compared_by_papers import compared_by_the_papers
from assistant.answer.plan.conversation import mentioned
from assistant.answer.plan.intents import topic_words
from assistant.answer.plan.paper_nouns import PLURAL
from assistant.answer.plan.phrases.reference import references
from assistant.index.bm25 import terms, variants
from assistant.models import Filters, Paper

# A described side of a comparison is the paper its words find at this cosine or closer.
SIDE_DENSE = 0.5
# A description no title holds means the paper whose best sentence is this close to it (the sentence search's own
# floor, evidence/sentence_search.SENTENCE_FLOOR, is 0.45) and ahead of the next paper's by MEANT_LEAD: "the
# lead-detection paper" finds the lead-detection paper at 0.49, alone; "AI-HPC benchmark" finds two at 0.82/0.81 (no
# lead: two papers fit).
MEANT = 0.45
MEANT_LEAD = 0.05
# A side set out with no comparison cue is the paper whose title holds the most of the side's words, this many or
# more ("the later self-attention ice type classifier": 2 in "Sea-Ice Type Classification … with Self-Attention").
SIDE_TITLED = 2
# Words that set one side beside another ("put A next to B", "A alongside B"): a comparison asked in so many words, as
# "versus" is; with "against" (also "tested against a baseline") a cue that two papers are asked of (with "each",
# _EACH), and where the sides part (_SIDES): one list for all three.
_SET_BESIDE = r"\bnext to\b|\bbeside\b|\balongside\b"
_BESIDE = rf"{_SET_BESIDE}|\bagainst\b"
# Parts of a comparison: its sides, split where they join, a colon or a dash.
_SIDES = re.compile(rf"\band\b|\bvs\.?(?=\s)|\bversus\b|\bwith\b|{_BESIDE}|:|\s[-–—]\s|[–—]", re.I)
# Where the question's first sentence ends: a question mark, or a full stop that closes no "vs." and no initial.
_FIRST_SENTENCE_END = re.compile(r"\?\s|(?<!\bvs)(?<!\b[A-Za-z])\.\s", re.I)
# A later part that asks (after the sides: "A vs B — what score did each get?") is no side.
_ASKS = re.compile(r"\s*(?:what|which|how|who|whom|where|when|why|does|did|do|is|are|was|were)\b", re.I)
# "the static and (the) dynamic HONPAS papers": two sides told apart by one word each, sharing the rest.
_PAIR = re.compile(
    r"\bthe\s+([\w-]+)\s+and\s+(?:the\s+)?([\w-]+)\s+((?:[\w-]+\s+){1,3}?)"
    rf"(?:{PLURAL}|ones|algorithms|methods|approaches|schemes|versions|variants)\b",
    re.I,
)

# Cues weaker than a comparison said in so many words (phrases.COMPARISON): "versus", "each of them", "both", "the
# two", "those three".
_WEAK_CUE = re.compile(
    r"\b(versus|vs\.?|each (of the two|of them|one|benchmark|paper)|both|the two|th(?:ose|ese) (?:two|three|four))\b",
    re.I,
)

# Two papers named and asked of each, or set beside each other: a comparison without the word.
_EACH = re.compile(rf"\beach\b|{_BESIDE}", re.I)
# Two papers counted are asked of one by one, or of which of them has a property ("which one is hers?").
_EACH_OR_WHICH = re.compile(rf"\beach\b|\bwhich one\b|{_BESIDE}", re.I)
# "A and B each improve …": "each" right after two sides joined, the rest asked of both.
_EACH_SIDE = re.compile(r"\band\b[^,.?;:]{3,80}?\beach\b", re.I)

# The kinds of question whose content a comparison answers: two sides that each resolve to a paper, asked in one of
# these ("How does A stack up against B?", "Which cuts cost more, A or B?"; "which one speeds up training more, A or
# B?" sits nearest a list example), are a comparison whatever joins them; a date, a count, the authors or any other
# field asked of two papers keeps its own route.
_CONTENT_VOTES = frozenset({"fact", "how", "why", "compare", "summary", "verify", "list"})
# Where such sides part: also at "or" ("Which cuts cost more, A or B?"); with a cue, "or" joins what is asked of the
# sides ("what time or memory numbers does each give?").
_SIDES_OR = re.compile(rf"{_SIDES.pattern}|\bor\b", re.I)

# "A vs B", "A versus B": two sides set against each other, a comparison whatever example the question is nearest.
_VERSUS = re.compile(r"\bvs\.?(?=\s)|\bversus\b", re.I)


def _side_parts(question: str, joins: re.Pattern = _SIDES) -> list[str]:
    """The parts of a question's first sentence that may each be a side: split where sides join, less the verb that
    asks for the comparison ("Set …", "Contrast …") and less a later part that asks (what follows a colon or a spaced
    dash: "A vs B — what score did each get?")."""
    asked = re.sub(r"(?i)^\W*(?:set|contrast|compare|put)\b", " ", question)
    parts = joins.split(_FIRST_SENTENCE_END.split(asked)[0])
    return parts[:1] + [part for part in parts[1:] if not _ASKS.match(part)]


class Compared(list):
    """The papers a comparison is about, and the sides it describes that no paper was found for."""

    def __init__(self, ids=(), unresolved=()):
        super().__init__(ids)
        self.unresolved = list(unresolved)


class PairReader:
    """Mixed into the SlotReader (which gives `corpus`)."""

    def _group_compared(self, question: str, vote, group: list[str]) -> list[str]:
        """The previous papers as a comparison's sides, when a comparison is voted or asked in so many words."""
        if vote.label != "compare" and not phrases.COMPARISON.search(question):
            return []
        return self._sides_asked(question, vote, group)

    def _sides_asked(self, question: str, vote, named: list[str], aside=()) -> list[str]:
        """The papers compared, when the question asks for a comparison of two or more (else none); a paper set
        aside (one that only dates another: "three years after X she published Y") is no side."""
        # "contrast", "how do … differ", "set X against Y" ask for a comparison in so many words, whatever the vote;
        # a weaker cue ("each one", "both") needs the vote or a paper named.
        if vote.label == "list" and compared_by_the_papers(question, named):
            return []
        said = bool(
            phrases.COMPARISON.search(question) or re.search(_SET_BESIDE, question, re.I)
        ) or sides.parallel_measure(question)
        cue = said or _WEAK_CUE.search(question)
        if len(pair := self._two_described(question)) == 2:
            # "the two X papers", "both X papers": two papers described as a pair are asked about side by side, and
            # a paper named outright beside them (not one a phrase of the ask describes: "the integral work")
            said = self.named_in(question, described=False)
            return pair + [i for i in named if i not in pair and i in said][:2]
        if not cue and (vote.label == "compare" or len(named) >= 2 or _EACH_SIDE.search(question)):
            # "… and a later one …. How was each evaluated?"; "Put A next to B: what does each report?"
            cue = _EACH.search(question)
        versus = bool(cue) and bool(_VERSUS.search(question))
        if not cue or not (said or versus or vote.label == "compare" or len(named) >= 1 or self._each_headed(question)):
            if (
                vote.label not in _CONTENT_VOTES
                or phrases.CORRECTION.search(question)
                or phrases.NOT_THE_ONE.search(question)
                or (len(named) < 2 and len(_side_parts(question, _SIDES_OR)) < 2)
                or (vote.label == "list" and len(named) < 2)
            ):
                # "Not the melt pond one, the other Sentinel-2 paper": one paper meant, one ruled out; one part sets
                # out no two sides; nearest a list ("has he published on X or Y?"), only papers named outright are sides
                return []
            # No cue: a comparison when each side the question sets out is its own paper by name or title.
            compared = [i for i in self.compared_sides(question, named, _SIDES_OR)[0] if i not in aside]
            titled = (
                self._titled_sides(question, compared, named) if vote.label != "list" else set(compared) <= set(named)
            )
            return Compared(compared) if len(compared) >= 2 and titled else []
        compared, unresolved = self.compared_sides(question, named)
        compared = [i for i in compared if i not in aside]
        if len(compared) >= 2:
            return Compared(compared)
        if compared and unresolved and (said or versus):
            # A comparison asked in so many words, one side found and another described that no paper fits: that
            # side is said to be missing, never dropped in silence (the writer reads `unresolved`).
            return Compared(compared, unresolved)
        return []

    def compared(self, question: str, named: list[str]) -> list[str]:
        """The papers a comparison is about: named ones, plus one found for each described side ("the X paper and the Y
        paper")."""
        return self.compared_sides(question, named)[0]

    def compared_sides(
        self, question: str, named: list[str], joins: re.Pattern = _SIDES
    ) -> tuple[list[str], list[str]]:
        """The papers a comparison is about (named ones, plus one found for each described side), and the sides it
        describes that no paper was found for, as the question words them: a comparison never loses a side
        silently."""
        if len(named) >= 2:
            return list(named)[:4], []
        for pair in (self._described_pair(question), self._two_described(question)):
            if len(pair) == 2:
                return pair + [i for i in named if i not in pair][:2], []
        # Sides in the order the question gives them (the model's sources are numbered in that order too).
        ids: list[str] = []
        unresolved: list[str] = []
        parts = _side_parts(question, joins)
        # A side as described, less the question's frame and the quantity asked of it (sides.described)
        descriptions = [sides.described(side) for side in parts]
        side_words = [topic_words(side, self.corpus.principal) for side in descriptions]
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
            pid = self._side_paper(descriptions[n] or side, words)
            if not pid and descriptions[n] and descriptions[n] != side.strip():
                pid = self._side_paper(side, topic_words(side, self.corpus.principal))  # as worded, frame and all
            if not pid and 0 < len(known := self._known(words)) < len(words):
                # "crevasse ViT": a word no passage holds tells no paper apart; the side is the only paper whose title
                # holds the rest
                pid = getattr(sides.only_title_with(known, self._authors_first()), "id", None)
            if pid and pid not in ids:
                ids.append(pid)  # in the question's order, a side the question also named by description too
            elif not pid and self._describes_a_side(side, words):
                unresolved.append(side.strip(" ,;.()"))
        ids += [i for i in named if i not in ids]
        return ids[:4], ([] if len(ids) >= 2 else unresolved)

    def _titled_sides(self, question: str, ids: list[str], named: list[str]) -> bool:
        """Every paper is a side the question names, or the paper whose title holds the most of a side's words (more
        than any other title does, and at least SIDE_TITLED of them): "the later self-attention ice type classifier"
        is "Sea-Ice Type Classification … with Self-Attention"; a part a search or a sentence's meaning alone tied to a
        paper ("both his papers", "half of the labels") sets no side out."""
        parts = _side_parts(question, _SIDES_OR)
        if any(re.search(rf"\b{sides.PAPER_NOUNS}\b", part, re.I) for part in parts):
            return False  # "papers on stereo matching or disparity estimation": papers on a topic asked for, no side
        words = [topic_words(sides.described(part), self.corpus.principal) for part in parts]
        at = self.corpus.positions
        for i in ids:
            if i in named:
                continue
            paper = self.corpus.papers[at[i]] if i in at else None
            pool = self._authors_first() if paper in self._authors_first() else list(self.corpus.papers)
            title = sides.title_words(paper) if paper else set()
            if not any(
                sum(sides.holds(title, x) for x in w) >= SIDE_TITLED and sides.pick(w, pool) is paper for w in words
            ):
                return False
        return True

    def _side_paper(self, side: str, words: list[str]) -> str | None:
        """The paper one side of a comparison describes: the title its reference's words read as ("the lead-detection
        paper on their headline results": "lead-detection"; what follows the noun is what is asked), else the paper
        whose sentences are clearly closest in meaning to the side as written ("sea-ice lead detection": no title
        says "lead", and "lead" alone is a word of a question's structure), else the title its content words read as,
        else the paper a search finds clearly."""
        ref = next((r for r in references(side) if r.words), None)
        headed = bool(re.search(r"\b(?:paper|work|study|article|preprint|one)\W*$", side, re.I))
        if ref and (pid := self._titled(list(ref.words), ref.headed)):
            return pid
        text = re.sub(r"(?i)^\W*(?:the|his|her|their)\s+", "", side.strip())
        if len(text.split()) >= 2 and (pid := self.by_meaning(text)):
            return pid
        if pid := self._titled(words, headed):
            return pid
        if len(words) < 2:
            return None
        hits = self.corpus.retriever.search(" ".join(words), Filters(), k=3)
        good = relevant(hits, self.corpus.qterms(" ".join(words)), self.corpus.settings.relevance_threshold)
        # Close in meaning, or the only paper holding every term of the side ("static HONPAS": 0.29, all terms), or
        # the only relevant paper at all, near in meaning ("self-attention classifier": 0.48, alone).
        if good and (
            good[0][0].dense >= SIDE_DENSE
            or (good[0][1] >= ALL_TERMS and (len(good) == 1 or good[1][1] < ALL_TERMS))
            or (len(good) == 1 and good[0][0].dense >= MEANT)
        ):
            return good[0][0].paper.id
        return None

    def _titled(self, words: list[str], headed: bool) -> str | None:
        """The paper whose title the words read as (an acronym of a title phrase, title words: "FNO emulator"), among
        the author's papers first."""
        for pool in (self._authors_first(), list(self.corpus.papers)):
            if words and (pid := self.resolver.best(words, pool, headed)):
                return pid
        return None

    def by_meaning(self, text: str, admits=lambda p: True) -> str | None:
        """The paper a description means by its sentences' meaning when no title holds its words ("crevasse
        detection" for "Crevasse Detection on Antarctic Ice Shelves …" is found either way; "the lead-detection one"
        only so): the paper whose best sentence is at least MEANT close and, with its share of the description's
        terms weighed in (weigh.strength, as relevance orders hits), leads the next paper by MEANT_LEAD."""
        found = self.corpus.sentences.candidates(text, list(self.corpus.papers), admits, set())
        if not found or found[0].dense < MEANT:
            return None
        qterms = self.corpus.qterms(text)
        ranked = sorted(
            ((strength(h, qterms.coverage(vocabulary(paper_text(h.paper)))), h) for h in found), key=lambda x: -x[0]
        )
        if len(ranked) > 1 and ranked[1][0] > ranked[0][0] - MEANT_LEAD:
            return None
        return ranked[0][1].paper.id

    def _each_headed(self, question: str) -> bool:
        """Every side the question sets out is one paper described with its noun, and no two titles hold a side's
        words ("both the lead-detection paper and the snow-depth paper …, … in each of them"; not "the HONPAS paper",
        which two titles hold): with a weaker cue, sides asked of as a comparison, whatever the vote."""
        parts = _side_parts(question)
        if len(parts) < 2:
            return False
        for part in parts:
            ref = next((r for r in references(part) if r.headed and r.words), None)
            if ref is None or len(sides.sharing(list(ref.words), list(self.corpus.papers))) > 1:
                return False
        return True

    def _known(self, words: list[str]) -> list[str]:
        """The words some passage of the corpus holds (each of its terms, as the lexical index tokenises it)."""
        lexical = self.corpus.retriever.lexical
        return [w for w in words if (found := terms(w)) and all(lexical.knows(t) for t in found)]

    def _describes_a_side(self, side: str, words: list[str]) -> bool:
        """A part of a comparison that describes a paper (a reference with a paper noun, or two content words), not
        the question's frame ("on their headline results")."""
        return any(r.headed and (r.words or r.after) for r in references(side)) or len(words) >= 2

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
            return (
                sides.two_counted(undated, self.corpus, self._authors_first())
                if _EACH_OR_WHICH.search(question)
                else []
            )
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
            if len(found) != 2 and apart:
                # "the two vision-transformer papers (coastlines and crevasses)": one title says the shared words, the
                # other only its abstract; the parenthesis picks each among the author's papers by its title
                found = [p for p in (sides.pick(words, pools[0]) for words in apart) if p]
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
