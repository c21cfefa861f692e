"""Which paper a description means when it does not give the paper's name: a fragment of its title ("the Dataset
Matters paper"), an acronym of a title phrase ("the FNO emulator": Fourier Neural Operators), title words in other
forms ("the graph-network drift forecaster": Ice Drift Forecasts with Graph Neural Networks), a short name, within
the years it names ("his 2019 benchmark paper").

Every paper's title is scored against the description's content words, each word weighted by how few titles hold it
(an unmatched word counts as a rare one, so a description the title does not hold scores low). A description means
a paper when that paper's title holds most of its weight and leads every other title by a margin; a description no
paper noun heads ("the Barents Sea thickness retrieval intercomparison") must also read like that title (hold half
its words), so "the speedup" or "the line" never becomes a paper whose title says "speedup".
"""

from __future__ import annotations

import heapq
import math
import re
from collections.abc import Callable
from dataclasses import dataclass

from assistant.answer.plan.intents import topic_words
from assistant.answer.plan.phrases.dates import dates
from assistant.answer.plan.phrases.reference import (
    AMONG_SHOWN,
    SENTENCE_END,
    Reference,
    by_year,
    references,
    sets_aside,
    turns_to_meant,
)
from assistant.answer.plan.phrases.wording import CORRECTION, NOT_THE_ONE
from assistant.answer.plan.title_index import ACRONYM, JOINING, SMALL, VENUE_ACRONYM, TitleIndex
from assistant.index.bm25 import terms, variants
from assistant.index.lazy_table import column, paper_map
from assistant.index.paper_terms import paper_texts
from assistant.models import Paper

_VERSUS = frozenset({"vs", "versus"})
# A description means a paper that holds this share of the description's weight (in its title or its text) ...
COVER = 0.6
# ... and leads every other paper by this share of its score (a title word counting fully, a text word IN_TEXT) ...
LEAD = 0.2
# ... and, when no paper noun heads the description, that holds this share of the title's own words.
READS_AS_TITLE = 0.5
# A word a paper's text holds but not its (real) title counts this much of a title word: it describes the paper
# without naming it, and keeps a word every stencil paper uses from picking the one whose title says "stencil".
IN_TEXT = 0.5
# A paper that leads only because its title holds the description's common words, while another holds every word
# as it does, is not chosen: its title must hold this share of the description's weight.
TITLED = 0.5
# What follows the paper noun ("the stencil work on sparse tensor cores") must be held by the paper's text for at
# least this share of its words, or the description meant another paper.
AFTER_HELD = 0.5


@dataclass(frozen=True)
class Resolved:
    paper: str
    span: tuple[int, int]
    aside: bool = False  # the question sets it aside ("not the incidence-angle one")


class Resolver:
    """Reads descriptions of papers against the corpus's titles and short names."""

    def __init__(
        self,
        papers: list[Paper],
        names: dict[str, str],
        principal: str = "",
        terms=None,
        index: TitleIndex | None = None,
    ):
        self.papers = papers
        self.names = names
        self.principal = principal
        self.terms = terms  # index.paper_terms.PaperTerms of the table (built at ingest), or None: read the texts
        self._index = index  # the table's (a derived item), or made from the papers on first use
        self._texts: list[frozenset[str]] | None = None
        self._names_of: dict[str, list[str]] | None = None
        self._by_id = paper_map(papers)  # a lazy table looks ids up itself
        self._pools: dict[tuple, frozenset[str]] = {}
        self._venues: dict[str, set[str]] | None = None

    def names_of(self, pid: str) -> list[str]:
        """The short names of one paper (casefolded), looked up, not scanned per question."""
        if self._names_of is None:
            self._names_of = {}
            for nm, i in self.names.items():
                self._names_of.setdefault(i, []).append(nm)
        return self._names_of.get(pid, [])

    @property
    def index(self) -> TitleIndex:
        if self._index is None:  # made on the first question that describes a paper, once per corpus
            self._index = TitleIndex.of(self.papers)
        return self._index

    def _in_texts(self, word: str) -> set[str]:
        """The papers whose own texts (title, research sentences, comments) hold every term of the word, in its
        singular or plural."""
        parts = terms(word)
        if not parts:
            return set()
        found: set[int] | None = None
        for t in parts:
            forms = variants(t)
            if self.terms is not None:
                held = self.terms.papers_with(forms)
            else:
                if self._texts is None:  # no index given (a bare table): each paper's terms, once
                    self._texts = [frozenset(x for text in paper_texts(p) for x in terms(text)) for p in self.papers]
                held = {i for i, ts in enumerate(self._texts) if forms & ts}
            found = held if found is None else found & held
        ids = column(self.papers, "id")
        return {ids[i] for i in found or ()}

    def _at_venue(self, word: str, pool: set[str]) -> set[str]:
        """The pool papers whose venue (the table's field) an acronym names by the initials of a run of its words
        ("her 2019 IGARSS charting paper": … International Geoscience and Remote Sensing Symposium; "TGRS", its
        joining words aside): a word that describes the paper without being in its text."""
        if not VENUE_ACRONYM.fullmatch(word):
            return set()
        key = word.casefold()
        found = set()
        for venue, ids in self._by_venue().items():  # each venue read once, not once per paper (~10k at 10k papers)
            words = [w.casefold() for w in re.findall(r"[A-Za-z][\w-]*", venue)]
            # with the joining words and without them ("TGRS": Transactions on Geoscience and Remote Sensing)
            if any(key in "".join(w[0] for w in ws) for ws in (words, [w for w in words if w not in SMALL])):
                found |= ids & pool
        return found

    def _by_venue(self) -> dict[str, set[str]]:
        """The papers' ids by venue (the table's column), made once."""
        if self._venues is None:
            self._venues = {}
            for pid, venue in zip(column(self.papers, "id"), column(self.papers, "venue")):
                self._venues.setdefault(venue or "", set()).add(pid)
        return self._venues

    def _text_of(self, pid: str) -> frozenset[str]:
        paper = self._by_id[pid]
        return frozenset(x for text in paper_texts(paper) for x in terms(text))

    def _matches(self, word: str, pool: set[str]) -> tuple[set[str], int]:
        """The pool papers a description word matches (title word, acronym of a title phrase, short name), and how
        many title words it stands for."""
        found = self.index.holding(word) & pool
        span = 1
        if ACRONYM.fullmatch(word):
            spelled = self.index.spelled(word) & pool
            if spelled - found:
                span = max(span, len(re.sub(r"[a-z]|s$", "", word)))
            found |= spelled
        if (pid := self.names.get(word.casefold())) and pid in pool:
            found |= {pid}
        return found, span

    def best(self, words: list[str], pool: list[Paper] | frozenset[str], headed: bool = True) -> str | None:
        """The one paper of the pool (papers, or their ids) a description (its words as written) means, or None when
        no title clearly holds it."""
        content = []
        for w in topic_words(" ".join(words), self.principal):
            if "-" in w and not self.index.holding(w):
                # "LLM-vs-human-ability", "lead-detection": its parts are the words, even one a question's structure
                # uses elsewhere ("lead author"); "vs" joins them
                content += [x for x in w.split("-") if len(x) > 1 and x.casefold() not in JOINING | SMALL | _VERSUS]
            elif w.casefold() not in SMALL:
                content.append(w)
        if not content or not pool:
            return None
        ids = pool if isinstance(pool, frozenset) else {p.id for p in pool}
        n = len(ids)
        score: dict[str, float] = {}  # the description's weight the paper holds, text-only words discounted
        held: dict[str, float] = {}  # the description's weight the paper holds at all
        covered: dict[str, int] = {}  # title words the description holds
        rows = []
        for w in content:
            titled, span = self._matches(w, ids)
            named = {pid for pid in titled if not self.index.titles[pid].derived}
            texted = (self._in_texts(w) & ids) | titled | self._at_venue(w, ids)
            rows.append((named, texted - named, titled, span))
        weights = [math.log(1 + n / max(1, len(named | texted))) for named, texted, _, _ in rows]
        total = sum(weights)
        for (named, texted, titled, span), wt in zip(rows, weights):
            for pid in named | texted:
                score[pid] = score.get(pid, 0.0) + (1.0 if pid in named else IN_TEXT) * wt / total
                held[pid] = held.get(pid, 0.0) + wt / total
            for pid in titled:
                covered[pid] = covered.get(pid, 0) + span
        ranked = heapq.nlargest(2, score.items(), key=lambda kv: kv[1])
        if not ranked or held[ranked[0][0]] < COVER:
            return None
        if len(ranked) > 1 and ranked[1][1] > ranked[0][1] * (1 - LEAD):
            return None
        best, second = ranked[0][0], ranked[1][0] if len(ranked) > 1 else None
        if second and held[second] >= held[best] and 2 * score[best] - held[best] < TITLED:
            # The next paper holds every word too and the first holds most of them only in its text, not its title:
            # "the mixed-precision quantization work" is CALM by its title's common "quantization" and by the
            # mixed-precision methods it compares with; the mixed-precise paper holds them all as well.
            return None
        pid = ranked[0][0]
        if not headed:
            own = len(self.index.titles[pid].words) or 1
            if covered.get(pid, 0) / own < READS_AS_TITLE:
                return None
        return pid

    def holds_after(self, pid: str, after: tuple[str, ...]) -> bool:
        """Whether the paper's text holds what follows its paper noun ("on sparse tensor cores") for AFTER_HELD of
        its content words (none said: it holds)."""
        words = [t for w in topic_words(" ".join(after), self.principal) for t in terms(w)]
        if not words:
            return True
        text = self._text_of(pid)
        held = sum(bool(variants(w) & text) for w in words)
        return held >= AFTER_HELD * len(words)

    def _pool(self, ref: Reference, question: str = "") -> frozenset[str]:
        """The ids of the papers a reference is read among: those of its years (or the question's), the author's when
        it says so. Read from the columns: at 10k papers, making a record of every paper cost a first question
        ~0.5 s."""
        years = ref.years
        if not years and ref.trailing and (span := dates(question)) and span.years[0] and span.years[1]:
            # "Among her 2021 papers, take the one about icebergs": the one within the years the question set
            years = tuple(range(span.years[0], span.years[1] + 1))
        key = (years, ref.owned)
        if key not in self._pools:  # the same few pools every question asks for (all, the author's, a year's)
            ids, year = column(self.papers, "id"), column(self.papers, "year")
            mine = column(self.papers, "is_author_work")
            within = [i for i in range(len(ids)) if not years or year[i] in years]
            if ref.owned:
                within = [i for i in within if mine[i]] or within
            self._pools[key] = frozenset(ids[i] for i in within)
        return self._pools[key]

    def described(
        self, question: str, shown: list[str] = (), meaning: Callable[[str, list[Paper]], str | None] | None = None
    ) -> list[Resolved]:
        """The papers the question's references mean, with where each reference is. A paper described only in a
        sentence before the one that asks, when the asking sentence points at another paper it describes ("Zeyu Liu
        first-authored his block coordinate descent paper and co-authored a theory paper. What bound does that theory
        paper prove?"), sets the scene: it is not what the question is about. In a conversation a reference is read
        among the papers earlier answers `shown` first ("The one with mixture of experts: …" after a list of
        quantization papers), then among all; `meaning` (the paper of those given whose sentences a description's
        words clearly fit best, or None) reads it among those shown when no title holds it: before all the papers when
        the question says it picks among those shown ("Of those, the one on small matrix multiplication": IAAT, whose
        title says "Small GEMM"), else after them."""
        out: list[Resolved] = []
        unresolved_at: list[int] = []
        within = bool(AMONG_SHOWN.search(question))
        ruled_until = turns_to_meant(question)
        picks = bool(CORRECTION.search(question) or NOT_THE_ONE.search(question))
        for ref in references(question):
            pool = self._pool(ref, question)
            earlier = [self._by_id[i] for i in shown if i in pool]
            several = len(earlier) >= 2
            # the description's own words: "the older one", "of the two" describe none by meaning
            text = " ".join(topic_words(" ".join((*ref.words, *ref.after)), self.principal))
            pid = self.best(list(ref.words), earlier, ref.headed) if several else None
            # a description with no paper noun ("the general framework that …") points at a paper in a pick or a
            # correction; elsewhere "the Laptev Sea" or "the compressed model" is no paper pointed at
            meaning = meaning if text and (ref.headed or within or picks) else None
            if not pid and several and within and meaning:
                pid = meaning(text, earlier)
            if not pid and not (several and within):
                pid = self.best(list(ref.words), pool, ref.headed)
                if not pid and several and meaning:
                    pid = meaning(text, earlier)
            if pid and not self.holds_after(pid, ref.after):
                pid = None  # "the stencil work on sparse tensor cores": not the stencil paper that never says so
            if pid:
                aside = sets_aside(question[: ref.span[0]]) or ref.span[1] <= ruled_until
                out.append(Resolved(pid, ref.span, aside))
            elif ref.headed:
                unresolved_at.append(ref.span[0])
        for year, span in by_year(question):
            # "four years after the 2019 one": the one paper of that year the answers showed
            dated = [i for i in shown if i in self._by_id and self._by_id[i].year == year]
            if len(dated) == 1 and all(r.paper != dated[0] for r in out):
                out.append(Resolved(dated[0], span, sets_aside(question[: span[0]]) or span[1] <= ruled_until))
        asking = max((m.end() for m in SENTENCE_END.finditer(question.rstrip())), default=0)
        if asking and any(at >= asking for at in unresolved_at):
            out = [r for r in out if r.span[0] >= asking]
        return out

    def set_aside(self, question: str, named: list[str]) -> list[str]:
        """The named papers the question sets aside ("the one that isn't MoQE", "other than CALM")."""
        low = question.casefold()
        aside = []
        for pid in named:
            for nm in self.names_of(pid):
                if nm not in low:
                    continue
                at = low.find(nm)
                while at >= 0:
                    if sets_aside(question[:at]):
                        aside.append(pid)
                        break
                    at = low.find(nm, at + 1)
                if pid in aside:
                    break
        return aside
