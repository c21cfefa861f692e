"""A topic the user describes in their own words, read as a whole by meaning: each paper's closest sentences against
the description, and the papers that lead the author's others by a clear gap.

The words of a description ("making it affordable to train big language models without top-end GPUs") rarely all
ground a paper, and word-level synonyms are weak in MiniLM ("cheaper" is 0.80 from "expensive"), so the words'
reading often finds one paper or a narrowed topic ("I read the topic as 'loop'"). The description as a whole against
each paper's sentences ranks the papers well (on the summary items of r20-r25x, mean average precision 0.76 with the
two closest sentences of each paper, against 0.70 for the whole question and its frame), but its absolute cosine does
not tell a described subject from one the corpus lacks (out-of-corpus questions reach 0.19-0.51, described ones
0.27-0.65): membership is decided relative to the distribution over the scope's papers (a gap), never by a cut.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from assistant.answer.evidence import distinct
from assistant.answer.evidence.topic_terms import identities
from assistant.models import Paper

# How many of a paper's closest sentences its meaning score averages: one sentence alone is often a passing phrase
# (MAP 0.752 with one, 0.760 with two, on the summary items of r20-r25x).
SENTENCES = 2
# The leading group is cut at the widest gap between neighbours among at most this many papers from the top, all
# within SPAN of the best: on the visible summary items, adding that group to a topic reading that found at most one
# paper moved 8 items (7 up, 1 down) at 3 papers, the same at 2 and 5; 1 paper gained 6.
LEADING = 3
SPAN = 0.1
# A reading of the description's words that lists more papers than this is kept as it is: the meaning group only
# adds to a reading that found one paper or none (adding it to every reading moved 10 items up and 4 down).
FEW = 1


# A paper the words' reading found (when it found FEW) that the description's meaning puts more than this below the
# best is not on it: the words were read too narrowly ("I read the topic as 'measure'"). At 0.15 the visible summary
# items gain one more (the meta-study read for "training big language models cheaper") and lose none; at 0.10 the
# same, with one fewer up.
DROPPED = 0.15


@dataclass(frozen=True)
class Described:
    """What the description as a whole makes of a reading of its words: the papers of it kept, those added by
    meaning (best first), each paper's score, and the papers of the reading left out (said only by the fitted
    choice, described_members.py)."""

    kept: list[Paper]
    added: list[Paper]
    scores: dict[str, float]
    dropped: list[Paper] = field(default_factory=list)

    @property
    def papers(self) -> list[Paper]:
        return self.kept + self.added

    @property
    def changed(self) -> bool:
        return bool(self.added or self.dropped)


def scores(topics, description: str, papers: list[Paper]) -> dict[str, float]:
    """Each paper's mean cosine of its SENTENCES closest sentences to the description as a whole."""
    if not papers or not description.strip():
        return {}
    _, vectors, runs = topics._sentences(papers)
    sims = vectors @ topics._query(description)
    return {p.id: float(np.sort(sims[a:b])[::-1][:SENTENCES].mean()) for p, a, b in runs if b > a}


def leading(scored: dict[str, float]) -> list[str]:
    """The papers above the widest gap among the first LEADING within SPAN of the best (none when fewer than two
    papers are scored: a gap needs a paper below it)."""
    order = sorted(scored, key=lambda k: -scored[k])
    if len(order) < 2:
        return []
    values = [scored[k] for k in order]
    window = min(LEADING, len(values) - 1, sum(1 for v in values if v >= values[0] - SPAN))
    cut = max(range(1, window + 1), key=lambda k: values[k - 1] - values[k])
    return order[:cut]


def holds_a_distinguishing_word(topics, description: str, paper: Paper, used) -> bool:
    """Whether the paper's own text holds, in some form, a word of the description that is not ordinary English
    (distinct.DISTINGUISHING): the terms the description shares with the corpus, beside its meaning."""
    vocab = topics.vocabulary_of(paper)
    return any(
        distinct.role(w, used) == distinct.DISTINGUISHING and distinct.held(w, vocab)
        for w in dict.fromkeys(description.replace(" or ", " ").split())
    )


def read(
    topics, description: str, pool: list[Paper], found: list[Paper], scored: dict[str, float] | None = None
) -> Described:
    """The papers of the pool the description leads to by meaning that its words' reading (`found`) left out, when
    that reading found FEW papers or none, and the papers of that reading its meaning puts far below them (DROPPED).
    A paper is added only when its text says every identity the description names ("Sentinel-2": another number is
    another thing, topic_terms.identities). With none found, the terms must ground it too: the corpus covers the
    description's words (TopicMeaning.uncovered: "nowcasting hurricane rainfall weather radar" is not covered, though a
    radar paper leads by meaning) and the paper holds a distinguishing word of it; otherwise "none is about it"
    stands. `scored` is the pool's `scores` when the caller has them already."""
    if len(found) > FEW or not pool:
        return Described(found, [], {})
    words = description.replace(" or ", " ").split()
    if not found and topics.uncovered(words, lambda: [], []):
        return Described(found, [], {})
    scored = scores(topics, description, pool) if scored is None else scored
    if any(p.id not in scored for p in found):
        # a paper without an abstract has no sentence to weigh (its title put it on the topic): the words' reading
        # stands ("deep learning tutorials" is her tutorial review, known only by its title)
        return Described(found, [], scored)
    by_id = {p.id: p for p in pool}
    used = topics.users(pool)[0]
    named = identities([w.casefold() for w in words])
    out = [
        by_id[i]
        for i in leading(scored)
        if i not in {p.id for p in found}
        and all(distinct.held(w, topics.vocabulary_of(by_id[i])) for w in named)
        and (found or holds_a_distinguishing_word(topics, description, by_id[i], used))
    ]
    if not out:
        return Described(found, [], scored)
    best = max(scored.values())
    kept = [p for p in found if scored[p.id] >= best - DROPPED]
    return Described(kept, out, scored)


def said(description: str, found: list[Paper], meant: Described) -> str:
    """The sentence saying what was assumed: the description's words found few papers, so its meaning as a whole
    chose the others (and left out those of the words' reading it puts far below them)."""
    few = "no paper" if not found else ("one paper" if len(found) == 1 else f"{len(found)} papers")
    more = "the paper" if len(meant.added) == 1 else f"the {len(meant.added)} papers"
    text = f"The words of “{description}” found {few}, so I took {more} closest in meaning to it as a whole"
    text += "" if not found else " instead"
    if found and len(meant.kept) == len(found):
        text = text.replace(" instead", " too")
    return text + " (ahead of the others by a clear gap)."
