"""The paper a turn means when it corrects ("No, not the dynamic one - the other, with the static algorithms") or
picks one of the papers shown ("zoom in on the one built around a mixture of experts", "of those, which came out more
recently?") or goes on about the one paper shown ("how did that one keep the network communication down?"): a learned
choice among the papers the conversation showed and their close relatives (weights in data/meant.json, and for a turn
that goes on data/continued.json, fitted by `python -m bench.meant_fit --fit` on every writer's follow-up turns; the
rules' own picks are features of it)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

from assistant.answer.corpus import Corpus
from assistant.answer.evidence.weigh import paper_text, vocabulary
from assistant.answer.learned import Logistic
from assistant.answer.plan import correction, dated, phrases
from assistant.answer.plan.conversation import cited_papers, earlier_papers, previous_answer, without_pointers
from assistant.answer.plan.intents import topic_words
from assistant.answer.plan.phrases.reference import turns_to_meant
from assistant.models import Message

_DATA = Path(__file__).parent / "data" / "meant.json"
# A turn that goes on about the one paper the previous answer showed (continued) has a model of its own: there the
# paper shown is most often the one meant, and what the turn asks fits another paper's sentences only when it is not.
MODELS = {"meant": _DATA, "continued": Path(__file__).parent / "data" / "continued.json"}
# The models that choose only among the papers the conversation's answers showed: a turn that goes on ("what machine
# were its tests on?") fits papers retrieved by its own words as readily as the one meant.
SHOWN_ONLY = frozenset({"continued"})
FEATURES = (
    "rule",  # the rules' pick: what "the other one, not the X one" leaves (correction.other_than), or the turn's paper
    "shown",  # the previous answer showed it
    "shown_before",  # an earlier answer showed it
    "ruled_fit",  # best sentence cosine with what is ruled out, minus the best candidate's (0 when none is)
    "said_fit",  # best sentence cosine with the description of the paper meant, minus the best candidate's
    "said_cover",  # share of the description's content terms (IDF-weighted) the paper's text holds
    "context_fit",  # best sentence cosine with the question the correction corrects, minus the best candidate's
    "ruled_title",  # share of what is ruled out's content words in the paper's title
    "said_title",  # share of the description's content words in the paper's title
    "same_side",  # of the same side (the author's or others') as the paper the previous answer led with
    "date_pick",  # the earliest or latest paper shown, as the turn's date word picks (phrases.date_pick)
    "led",  # the previous answer named it first
    "named",  # the turn names it (the planner's reading of its words: a title, a described name)
    "context_cover",  # share of the previous question's content terms (IDF-weighted) the paper's text holds
)


@dataclass(frozen=True)
class Candidate:
    """A paper the correction may mean and its FEATURES."""

    pid: str
    x: tuple[float, ...]


def corrects(question: str, history: list[Message]) -> bool:
    """The turn corrects which paper the conversation is about ("no, I meant …", "not the X one, the other")."""
    if not history or not previous_answer(history):
        return False
    return bool(
        phrases.CORRECTION.search(question)
        or (phrases.NOT_THE_ONE.search(question) and phrases.THE_OTHER.search(question))
    )


def _parts(question: str) -> tuple[str, str]:
    """(what is ruled out, what describes the paper meant) of a correction: "not the X one" is ruled out; a correction
    that says what it means after its cue describes the paper meant there only ("that's the route-planning one. I
    meant the paper where she trains the ensemble herself": the words before the cue describe the other paper)."""
    cue = [m for m in phrases.CORRECTION.finditer(question) if m.start() > 0]  # not a leading "No,"
    after = question[cue[-1].end() :] if cue else question
    ruled = phrases.NOT_THE_ONE.search(question)
    turn = 0 if ruled else turns_to_meant(question)  # "that sounds like the one with X. I meant the other …"
    ruled_out = ruled.group(0) if ruled else question[:turn]
    said = phrases.CORRECTION.sub(" ", phrases.NOT_THE_ONE.sub(" ", without_pointers(after)))
    said = phrases.THE_OTHER.sub(lambda m: f" {m.group('said') or ''} ", said)  # "the other Sentinel-2 paper"
    return re.sub(r"\s+", " ", ruled_out).strip(), re.sub(r"\s+", " ", said).strip()


def _share(words: set[str], title: str) -> float:
    if not words:
        return 0.0
    have = {w.casefold() for w in re.findall(r"[\w-]+", title)}
    return sum(w in have for w in words) / len(words)


def _date_picked(corpus: Corpus, question: str, shown: list[str]) -> str | None:
    """The paper shown that the turn's date word picks ("the more recent one"), None without one or on a tie."""
    pick = phrases.date_pick(question)
    papers = [corpus.by_id[i] for i in shown if corpus.by_id[i].date]
    ends = dated.extreme(papers, latest=pick[0] == "latest") if pick and len(papers) >= 2 else None
    return ends.paper.id if ends and len(ends.tied) == 1 else None


def candidates(
    corpus: Corpus, question: str, history: list[Message], rule: str | None, named: tuple[str, ...] = ()
) -> list[Candidate]:
    """The papers the conversation showed (the previous answer's first), the papers the turn names (`named`: "that's
    the route-planning one" names the one ruled out as readily as the one meant) and the relatives of the previous
    question and of the description, each with its FEATURES; `rule` is the rules' pick."""
    shown = cited_papers(previous_answer(history), corpus.by_title)
    before = earlier_papers(history, corpus.by_title)
    ruled, said = _parts(question)
    words = " ".join(topic_words(said, corpus.principal))
    pool = [*shown, *before, *named, *correction.relatives(corpus, history, words)]
    ids = [i for i in dict.fromkeys(pool) if i in corpus.by_id]
    if not ids:
        return []
    papers = [corpus.by_id[i] for i in ids]
    context = next((m.content for m in reversed(history) if m.role == "user"), "")
    fits = [corpus.sentences.best(text, papers) if text.strip() else {} for text in (ruled, said, context)]
    tops = [max((v[0] for v in f.values()), default=0.0) for f in fits]
    qterms = corpus.qterms(words)
    asked = corpus.qterms(" ".join(topic_words(context, corpus.principal)))
    ruled_words = {w.casefold() for w in topic_words(ruled, corpus.principal)} if ruled else set()
    said_words = {w.casefold() for w in topic_words(said, corpus.principal)}
    side = corpus.by_id[shown[0]].is_author_work if shown else None
    by_date = _date_picked(corpus, question, [i for i in shown if i in corpus.by_id])
    out = []
    for p in papers:
        rel = [f[p.id][0] - top if p.id in f else -1.0 for f, top in zip(fits, tops)]
        rel = [r if f else 0.0 for r, f in zip(rel, fits)]
        x = (
            float(p.id == rule),
            float(p.id in shown),
            float(p.id in before),
            rel[0],
            rel[1],
            qterms.coverage(vocabulary(paper_text(p))) if words.strip() else 0.0,
            rel[2],
            _share(ruled_words, p.title or p.label),
            _share(said_words, p.title or p.label),
            float(side is None or p.is_author_work == side),
            float(p.id == by_date),
            float(bool(shown) and p.id == shown[0]),
            float(p.id in named),
            asked.coverage(vocabulary(paper_text(p))) if context.strip() else 0.0,
        )
        out.append(Candidate(p.id, x))
    return out


@cache
def _model(name: str = "meant") -> Logistic:
    return Logistic.of(json.loads(MODELS[name].read_text()))


def scores(cands: list[Candidate], model: str = "meant") -> list[float]:
    """Each candidate's probability of being the paper meant (by the model of MODELS named)."""
    return list(_model(model).probabilities([c.x for c in cands]))


def among(cands: list[Candidate], model: str) -> list[Candidate]:
    """The candidates a model of MODELS chooses among: for those in SHOWN_ONLY, the papers an answer showed."""
    if model not in SHOWN_ONLY:
        return cands
    at = (FEATURES.index("shown"), FEATURES.index("shown_before"))
    return [c for c in cands if any(c.x[i] for i in at)]


def ruled_out(cands: list[Candidate]) -> str | None:
    """The candidate a correction rules out: the one what is ruled out fits best, by correction.MEANT_LEAD over every
    other ("Not the leads one, the other CryoSat-2 study": the leads paper); None when nothing is ruled out in words
    or no paper fits it clearly best (the paper an answer led with may be the one meant: a correction is often written
    without reading the answer). The learned choice never takes it, however well the rest of the turn fits it."""
    at = FEATURES.index("ruled_fit")
    top = [c for c in cands if c.x[at] == 0.0]
    if len(top) != 1 or len(cands) < 2:
        return None
    return top[0].pid if max(c.x[at] for c in cands if c is not top[0]) <= -correction.MEANT_LEAD else None


def pick(
    corpus: Corpus,
    question: str,
    history: list[Message],
    rule: str | None,
    named: tuple[str, ...] = (),
    model: str = "meant",
) -> str | None:
    """The paper the turn means: the best-scoring candidate when it scores at least the threshold, else None (the
    rules decide). `rule` is the rules' pick (a feature): for a correction the paper the rule for "the other one, not
    X" leaves; for a turn that picks among the papers shown, the one the rules took. `named`: the papers the planner
    reads the turn to name (candidates, with a feature of their own); `model` the MODELS entry that scores them."""
    if not MODELS[model].exists():
        return None  # not fitted yet (`python -m bench.meant_fit --fit`): the rules decide
    cands = among(candidates(corpus, question, history, rule, named), model)
    if not cands:
        return None
    out = ruled_out(cands)
    s = [0.0 if c.pid == out else v for c, v in zip(cands, scores(cands, model))]
    best = int(np.argmax(s))
    return cands[best].pid if s[best] >= _model(model).threshold else None


def instead_of_shown(corpus: Corpus, question: str, history: list[Message]) -> str | None:
    """The paper a correction by pointer alone means ("No, not that one.", "wrong paper"): never the paper the
    previous answer led with, but one of the remaining candidates of the previous question, those of the papers shown
    and its relatives that hold most of its content words ("his HONPAS paper": the other HONPAS paper, not a parallel
    computing one closer in meaning), the learned choice among them. The model was fitted on corrections that describe
    the paper meant, so its threshold does not apply here: its scores only order the candidates (on seven such turns
    of our own, the best of all the others took a paper off the previous question's words in one: "Tanaka's Sentinel-2
    paper" -> a CryoSat-2 paper)."""
    shown = cited_papers(previous_answer(history), corpus.by_title)
    if not shown or not MODELS["meant"].exists():
        return None
    cands = [c for c in candidates(corpus, question, history, None) if c.pid != shown[0]]
    if not cands:
        return None
    at = FEATURES.index("context_cover")
    most = max(c.x[at] for c in cands)
    remaining = [c for c in cands if c.x[at] == most]
    s = scores(remaining)
    return remaining[int(np.argmax(s))].pid


# Routes that answer of several papers: a turn on them does not pick one of those shown.
_OF_SEVERAL = frozenset({"count", "list", "per_year", "coauthors", "categories", "code", "overview", "compare"})


def rules_pick(corpus: Corpus, question: str, history: list[Message], back, focus: list[str]) -> str | None:
    """The paper the rules take a turn to pick among the several the previous answer showed ('' when they leave the
    pick to the answer, "which of those …"), None when the turn picks none of them."""
    shown = cited_papers(previous_answer(history), corpus.by_title)
    if len(shown) < 2:
        return None
    if back is None:
        return focus[0] if focus and focus[0] in shown else None
    kind, papers = back
    if kind in ("earliest", "latest"):
        ends = dated.extreme([corpus.by_id[i] for i in papers if i in corpus.by_id], latest=kind == "latest")
        return ends.paper.id if ends and len(ends.tied) == 1 else ""
    return "" if kind == "which" else None


def continued(corpus: Corpus, history: list[Message], back, focus: list[str], person: str | None) -> str | None:
    """The paper a turn that goes on about the one paper the previous answer showed ("how did that one keep the
    network communication down?") takes from it, None otherwise (as for a turn about a person it points back to:
    "what else did that person write?"): the learned choice weighs it against the papers earlier answers showed (the
    previous answer may have answered another paper than the one the question before it described)."""
    shown = cited_papers(previous_answer(history), corpus.by_title)
    return shown[0] if back is None and person is None and len(shown) == 1 and focus[:1] == shown else None


def choose(
    corpus: Corpus,
    question: str,
    history: list[Message],
    back,
    focus: list[str],
    route: str,
    person: str | None = None,
) -> str | None:
    """The paper a turn that picks one of the papers shown, or goes on about the one shown (continued), means, when the
    learned choice is sure of one the rules did not take; None otherwise (the rules' reading stands). `person`: the
    person the turn points back to, if any."""
    if route in _OF_SEVERAL or phrases.COMPARISON.search(question) or phrases.WHICH_SEVERAL.search(question):
        return None  # "which of those are set in the Arctic?": every one that fits, no pick
    if corrects(question, history):
        return None
    model, rule = "meant", rules_pick(corpus, question, history, back, focus)
    if rule is None:
        model, rule = "continued", continued(corpus, history, back, focus, person)
    if rule is None:
        return None
    chosen = pick(corpus, question, history, rule or None, model=model)
    return chosen if chosen and chosen != rule else None
