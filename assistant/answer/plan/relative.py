"""The paper a question asks about when it names or describes one paper (the anchor) and may ask of a relative of it
instead ("her co-author on the melt-pond paper also appears on a 2024 Antarctic preprint: what did that report?", "his
other stencil paper relies on … - what platform …?"): a learned choice between the anchor and the author's other
papers. Nothing here reads a relation's wording: each candidate gets what the code already knows of it against the
anchor (a shared author and whether that person leads it, a person the question names, its date against the anchor's
and the order the question's comparative says, the fit of the question's rest to its sentences and words, the fit of
what the scene before the ask says beyond the anchor, the anchor's topic, whether the anchor was described rather than
named, whether it is the newest or oldest of the anchor's relatives when the question says so beyond the anchor), and
the relation comes out of which of these the candidates differ on. Weights and the share the best candidate needs in
data/relative_model.json, fitted by `python -m bench.relative_fit --fit` leave-one-writer-out; without it the anchor
stands. Mixed into the SlotReader
(which gives `corpus`, `people_in`, `_without_paper`, `_content`, `asked_route`)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

from assistant.answer.evidence.weigh import paper_text, vocabulary
from assistant.answer.learned import Logistic
from assistant.answer.plan import phrases
from assistant.answer.plan.people import same_person
from assistant.models import Paper

_DATA = Path(__file__).parent / "data" / "relative_model.json"
FEATURES = (
    "anchor",  # the paper the question names, or the one its description selected
    "shares",  # shares an author (not the principal) with the anchor
    "linked_lead",  # its first author is on the anchor or named in the question (not the principal)
    "person_on",  # a person the question names (not the principal) is on its byline
    "order",  # its date against the anchor's (+1 later, -1 earlier) times the comparative the question says (0: none)
    "rest_fit",  # best sentence cosine with the question less the anchor's names, minus the best candidate's
    "whole_fit",  # best sentence cosine with the whole question, minus the best candidate's
    "rest_cover",  # IDF-weighted share of the rest's content terms its own text holds
    "topic",  # best sentence cosine with the anchor's title (same topic as the anchor; 0 for the anchor)
    "described",  # the anchor, when the question describes it (the table's selection picked it) instead of naming it
    "dated",  # dated in the years the question says (phrases.dates), the anchor's own date aside
    "scene_fit",  # best sentence cosine with the scene's words the anchor does not hold, minus the best candidate's
    "scene_cover",  # IDF-weighted share of the scene's content terms the anchor does not hold that its own text holds
    "duo",  # its byline is the principal and one person the question names, no one else (not the anchor)
    "extreme",  # the newest (oldest) of the anchor's relatives, when the question beyond the anchor says "newest"
)
# Session 29 put "extreme" in the place of "near" (1 / (1 + years from the anchor), weight -0.01): held out by writer
# on 268 rows, 215 of 226 without "extreme", 217 with both, 216 with "extreme" alone (multihop 63, 66, 65 of 71).
_SENTENCE_BREAK = re.compile(r"(?<=[.?!;])\s+")
# Routes a question naming one paper may be read on while it asks about another ("the first author of X also led
# …" reads as a list or its authors, "X's arXiv note points to an earlier one" as its arXiv id); counts and
# comparisons are several papers' answers, no hop.
HOP_ROUTES = frozenset({"fact", "how", "why", "summary", "authors", "when", "arxiv", "earliest", "latest", "list"})


@dataclass(frozen=True)
class Reading:
    """The anchor, the candidates (anchor first) with their FEATURES, the one chosen and the clause asked of it."""

    anchor: str
    candidates: list[str]
    features: list[tuple[float, ...]]
    picked: str
    asked: str


def _years(date: str | None) -> float | None:
    if not date:
        return None
    y, m, d = (list(map(int, date.split("-"))) + [1, 1])[:3]
    return y + (m - 1) / 12 + (d - 1) / 372


def _in_years(p: Paper, years: tuple[int | None, int | None]) -> bool:
    lo, hi = years
    return (lo is not None or hi is not None) and p.year is not None and (lo or 0) <= p.year <= (hi or 9999)


def _squeezed(text: str) -> str:
    return " ".join(text.split())


def _shares(model: Logistic, feats: list[tuple[float, ...]]) -> np.ndarray:
    """Each candidate's share of the choice: a softmax over the candidates of their standardised features . weights
    (a conditional logit: the scores of one question's candidates are relative to each other)."""
    s = ((np.asarray(feats, dtype=float) - model.mean) / model.scale) @ model.weights
    e = np.exp(s - s.max())
    return e / e.sum()


@cache
def _model() -> Logistic | None:
    return Logistic.of(json.loads(_DATA.read_text())) if _DATA.exists() else None


class RelativeReader:
    def relative_pick(
        self, question: str, route: str, named: list[str], history, focus: list[str] = ()
    ) -> tuple[str, str, bool, str] | None:
        """The relative the question asks about instead of the one paper it names, or the one paper its description
        selected (`focus` without a name: "her co-author on the melt-pond study", "the paper X led"), with the route
        and clause asked of it (the planner's picked-by-table shape); None when the anchor stands."""
        anchor = named if named else focus
        if history or len(anchor) != 1 or route not in HOP_ROUTES or phrases.polar(question):
            return None  # a yes/no claim ("X came out in 2021, correct?") is checked on the paper it is about
        reading = self.relative_read(question, anchor[0], described=not named)
        if reading is None or reading.picked == reading.anchor:
            return None
        return reading.picked, self.asked_route(reading.asked), True, reading.asked

    def relative_read(self, question: str, anchor_id: str, described: bool = False) -> Reading | None:
        """The candidates of a question naming `anchor_id` (or describing it: then the words that picked it are no
        part of the rest, the clause asked is) and the learned choice among them."""
        corpus = self.corpus
        anchor = corpus.by_id.get(anchor_id)
        asked = phrases.asked_after(question, 0)
        if anchor is None or not asked or _squeezed(self._without_paper(asked, anchor.id)) != _squeezed(asked):
            return None  # the paper is named in the clause that asks: asked of itself, no relative to choose
        papers = [anchor, *(p for p in corpus.authors_papers if p.id != anchor.id)]
        if len(papers) < 2:
            return None
        principal = corpus.principal
        named_people = [m.name for m in self.people_in(question) if not same_person(m.name, principal)]
        on_anchor = [a for a in anchor.authors if not same_person(a, principal)]
        linked = [*on_anchor, *named_people]
        said = phrases.placed_direction(question)
        rest = asked if described else self._without_paper(question, anchor.id)
        words = " ".join(self._content(rest))
        qterms = corpus.qterms(words)
        scene = self._scene(question, asked, anchor)
        texts = [rest, question, anchor.title or anchor.label, " ".join(scene.weights)]
        fits = [corpus.sentences.best(text, papers) if text else {} for text in texts]
        tops = [max((v[0] for v in f.values()), default=0.0) for f in fits]
        at = _years(anchor.date)
        span = phrases.dates(question)
        years = span.years if span is not None and span.relative is None else (None, None)
        extreme = self._extreme_relative(question, anchor, papers, on_anchor, named_people, described)
        feats = []
        for p in papers:
            when = _years(p.date)
            apart = None if at is None or when is None else when - at
            others = [a for a in p.authors if not same_person(a, principal)]
            lead = p.authors[0] if p.authors and not same_person(p.authors[0], principal) else ""
            feats.append(
                (
                    float(p is anchor),
                    float(p is not anchor and any(same_person(a, b) for a in others for b in on_anchor)),
                    float(p is not anchor and bool(lead) and any(same_person(lead, b) for b in linked)),
                    float(any(same_person(a, b) for a in others for b in named_people)),
                    float(said * np.sign(apart)) if apart is not None and p is not anchor else 0.0,
                    fits[0][p.id][0] - tops[0] if p.id in fits[0] else -1.0,
                    fits[1][p.id][0] - tops[1] if p.id in fits[1] else -1.0,
                    qterms.coverage(vocabulary(paper_text(p))) if words else 0.0,
                    fits[2].get(p.id, (0.0, ""))[0] if p is not anchor else 0.0,
                    float(p is anchor and described),
                    float(_in_years(p, years)),
                    fits[3][p.id][0] - tops[3] if p.id in fits[3] else (-1.0 if fits[3] else 0.0),
                    scene.coverage(vocabulary(paper_text(p))) if scene.weights else 0.0,
                    float(
                        p is not anchor and len(others) == 1 and any(same_person(others[0], b) for b in named_people)
                    ),
                    float(p.id == extreme),
                )
            )
        picked = anchor.id
        if (model := _model()) is not None:
            share = _shares(model, feats)
            best = int(np.argmax(share))
            if best and share[best] >= model.threshold:
                picked = papers[best].id
        return Reading(anchor.id, [p.id for p in papers], feats, picked, asked)

    def _extreme_relative(self, question, anchor: Paper, papers: list, on_anchor, named_people, described) -> str:
        """The relative a date extreme beyond the anchor picks ("Take the most recent paper those two wrote
        together", "in the newest paper the two of them share"): the newest or oldest dated paper sharing a person
        with the anchor or naming the person the question names; "" when no extreme is said there. A described
        anchor may be picked by a date itself ("her first paper with X"): then only the sentences after the first
        are read."""
        beyond = self._without_paper(question, anchor.id)
        if described:
            beyond = " ".join(_SENTENCE_BREAK.split(question.strip())[1:])
        pick = phrases.date_extreme(beyond) if beyond else None
        if pick is None:
            return ""
        people = [*on_anchor, *named_people]
        linked = [p for p in papers[1:] if p.date and any(same_person(a, b) for a in p.authors for b in people)]
        if not linked:
            return ""
        return (max if pick == "latest" else min)(linked, key=lambda p: p.date).id

    def _scene(self, question: str, asked: str, anchor: Paper):
        """What the statements before the ask say beyond the anchor, read as a description of the paper wanted: their
        content terms (IDF-weighted) less the anchor's names and the words its own text holds ("Her co-author on the
        melt pond paper also worked with her on something in Antarctica." -> antarctica)."""
        before = self._without_paper(phrases.scene_before(question, asked), anchor.id)
        terms = self.corpus.qterms(" ".join(self._content(before)))
        return terms.without(set(vocabulary(paper_text(anchor))))
