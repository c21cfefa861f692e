"""Answers that quote a paper's sentences by their role: "why" quotes the motivation, "how" the method, a summary of
one paper gives the problem, the method and the headline result in that order, and a summary of a topic one
contribution line per paper (its method and its headline result).

Each writer takes the plan and the evidence (hits, or the topic's papers) and returns a checked Answer; where the
paper's sentences have no sentence of the asked role, it says so and quotes the closest one instead of guessing.
"""

from __future__ import annotations

import re

from assistant.answer.check.citations import Citations, finish_blocks
from assistant.answer.corpus import Corpus
from assistant.answer.evidence.asked import explanation, with_referents
from assistant.answer.evidence.roles import RoleSentence, of_role, with_roles
from assistant.answer.evidence.weigh import ASKED_ROLE_BONUS, HAS_QUANTITY, summary_sentence, vocabulary
from assistant.answer.plan import phrases
from assistant.answer.plan.intents import topic_words
from assistant.answer.plan.plan import QueryPlan
from assistant.answer.write import role_model
from assistant.answer.write.extractive import clause, quoted
from assistant.answer.write.format import name, owner_note, plural, when
from assistant.index.retrieval import Hit
from assistant.models import Answer, Claim, ListBlock, Paper, Paragraph


def heading(paper: Paper, corpus: Corpus) -> str:
    return f"{name(paper)}{when(paper)}{owner_note(paper, corpus.principal)}"


def ranked(plan: QueryPlan, paper: Paper, corpus: Corpus) -> dict[str, float]:
    """The paper's sentences scored against the question (meaning, shared terms, numbers)."""
    return dict(corpus.picker.rank(plan.words, corpus.qterms(plan.words), [paper])[paper.id])


def best(candidates: list[RoleSentence], scores: dict[str, float]) -> RoleSentence | None:
    return max(candidates, key=lambda s: scores.get(s.text, -1.0), default=None)


def statement(s: RoleSentence) -> bool:
    """A sentence an answer can quote as a claim: not a question the abstract asks itself."""
    return not s.text.rstrip().endswith("?")


def quote(s: str, marker: str) -> str:
    return f"{clause(s)} {marker}."


# The method answer quotes the sentences the generic answer would quote of the paper too (write_how).
QUOTES_GENERIC = True
# Further sentences quoted when they score within this of the best one.
NEAR = 0.12
MAX_QUOTED = 3


def rule_pick(sentences: list[RoleSentence], scores: dict[str, float], roles: tuple[str, ...]) -> list[RoleSentence]:
    """The hand-set choice, best first: the sentence scored best with the asked role preferred (a tie-breaker, not
    a filter, so a "how" question whose answer sits in a result sentence still gets that sentence), the one that
    answers best whatever its role, and others as close to it."""

    def score(s: RoleSentence) -> float:
        return scores.get(s.text, -1.0)

    def raw(s: RoleSentence) -> float:
        return score(s) - (ASKED_ROLE_BONUS if s.role in roles else 0.0)

    order = sorted(sentences, key=score, reverse=True)
    best_raw = max(sentences, key=raw)
    bar = raw(best_raw) - NEAR
    return [order[0]] + [s for s in order[1:] if s is best_raw or raw(s) >= bar][: MAX_QUOTED - 1]


def choices(plan: QueryPlan, paper: Paper, corpus: Corpus, roles: tuple[str, ...], route: str):
    """The paper's quotable sentences, the picker's scores for them (the asked role preferred, weigh.ASKED_ROLE_BONUS)
    and the chosen ones, best first: by the learned model of the route when it is fitted (role_model.py), else by
    the hand-set score."""
    sentences = [s for s in with_roles(paper, corpus.picker.stored) if statement(s)]
    if not sentences:
        return [], {}, []
    scores = dict(corpus.picker.rank(plan.words, corpus.qterms(plan.words), [paper], roles=roles)[paper.id])
    model = role_model.models().get(route)
    if model is None:
        return sentences, scores, rule_pick(sentences, scores, roles)
    x = role_model.features(plan.words, corpus.qterms(plan.words), paper, sentences, scores, roles, corpus.picker)
    # the sentence that answers the question best by the hand-set score, whatever its role, stays (rule_pick)
    ruled = sentences.index(
        max(sentences, key=lambda s: scores.get(s.text, -1.0) - (ASKED_ROLE_BONUS if s.role in roles else 0.0))
    )
    return sentences, scores, [sentences[i] for i in role_model.chosen(model.probabilities(x), ruled, MAX_QUOTED)]


def _single(
    plan: QueryPlan,
    hits: list[Hit],
    corpus: Corpus,
    roles: tuple[str, ...],
    says: str,
    route: str,
    also: list[str] = (),
):
    """The paper's sentences of the asked role, chosen (choices), with the one detailing the lead, those answering a
    further ask and `also` (further sentences to quote), in the abstract's order."""
    paper = hits[0].paper
    sentences, scores, picked = choices(plan, paper, corpus, roles, route)
    if not sentences:
        return None
    lead = picked[0]
    order = sorted(sentences, key=lambda s: scores.get(s.text, -1.0), reverse=True)
    # The sentence right after the lead that explains or details it ("This is because …", "Specifically, …").
    after = explanation([s.text for s in sentences], lead.text) or corpus.picker.detail(
        plan.words, lead.text, [s.text for s in order]
    )
    if after and all(s.text != after for s in picked):
        picked.append(next(s for s in sentences if s.text == after))
    # A further ask ("How does X work, and how fast is it?") gets the sentence answering it too.
    for part in phrases.later_asks(plan.words):
        answering = corpus.picker.best(part, corpus.qterms(part), paper)
        if all(s.text != answering for s in picked):
            picked += [s for s in sentences if s.text == answering]
    picked += [s for s in sentences if s.text in also and all(p.text != s.text for p in picked)]
    picked.sort(key=lambda s: s.position)
    # A picked "This is because …" comes with the sentence it explains.
    by_text = {s.text: s for s in sentences}
    picked = [by_text[t] for t in with_referents([s.text for s in picked], [s.text for s in sentences])]
    cites = Citations()
    marker = cites.cite(paper, lead.text)
    intro = f" {says}" if picked[0].role in roles else ""
    claims = [Claim(text=f"{heading(paper, corpus)}{intro}: {quote(picked[0].text, marker)}")]
    claims += [Claim(text=quote(s.text, marker)) for s in picked[1:]]
    return finish_blocks([Paragraph(claims=claims)], cites, route=route, papers=[paper.id])


def write_why(plan: QueryPlan, hits: list[Hit], corpus: Corpus) -> Answer | None:
    """The motivation the paper states (the problem with earlier approaches), quoted; None without evidence."""
    if not hits or not hits[0].paper.has_abstract:
        return None
    # A reason is labelled motivation or, as often, background (evidence/asked.py).
    return _single(plan, hits, corpus, ("motivation", "background"), "gives its motivation", "why")


def write_how(plan: QueryPlan, hits: list[Hit], corpus: Corpus) -> Answer | None:
    """The method sentences closest to the question, quoted; None without evidence."""
    if not hits or not hits[0].paper.has_abstract:
        return None
    paper = hits[0].paper
    # A "how" whose words point at more than the method ("How did he speed up X?" asks for what made it faster) is
    # answered at least as fully as the generic answer: the sentences it would quote of the paper are quoted too.
    ranked = corpus.picker.rank(plan.words, corpus.qterms(plan.words), [paper])[paper.id]
    also = quoted(corpus, plan.words, paper, ranked) if ranked and QUOTES_GENERIC else []
    return _single(plan, hits, corpus, ("method",), "describes its method", "how", also)


def parts(paper: Paper, corpus: Corpus, scores: dict[str, float] | None = None) -> dict[str, RoleSentence | None]:
    """A paper's problem (motivation, else background), method and headline result (a result with a figure first)."""
    scores = scores or {}
    sentences = [s for s in with_roles(paper, corpus.picker.stored) if statement(s)]
    problem = of_role(sentences, "motivation") or of_role(sentences, "background")
    methods = of_role(sentences, "method")
    results = of_role(sentences, "result")
    figures = [s for s in results if HAS_QUANTITY.search(s.text)]
    proposal = next((s for s in methods if s.text == summary_sentence(paper)), None)  # "we propose X, which …"
    return {
        "problem": best(problem, scores) if scores else (problem[0] if problem else None),
        "method": best(methods, scores) if scores else (proposal or (methods[0] if methods else None)),
        "result": best(figures or results, scores) if scores else ((figures or results or [None])[0]),
    }


LABELS = {"problem": "Problem", "method": "Method", "result": "Result"}
ASKED = "On the question"


def write_summary(plan: QueryPlan, hits: list[Hit], corpus: Corpus) -> Answer | None:
    """One paper: its problem, its method and its headline result, in that order, each quoted and cited."""
    if not hits or not hits[0].paper.has_abstract:
        return None
    paper = hits[0].paper
    found = parts(paper, corpus)
    if not any(found.values()):
        return None
    cites = Citations()
    marker = cites.cite(paper, (found["method"] or found["problem"] or found["result"]).text)
    items = [[Claim(text=f"{LABELS[k]}: {quote(s.text, marker)}")] for k, s in found.items() if s is not None]
    # "What does X do in its install-time stage?" is read as a summary of X that asks one thing of it: the sentence
    # answering that goes last, when none of the three is it.
    shown = {s.text for s in found.values() if s is not None}
    scores = ranked(plan, paper, corpus)
    top = max((t for t in scores if t not in shown), key=scores.get, default=None)
    if top is not None and _asks_more(plan, paper, corpus):
        items.append([Claim(text=f"{ASKED}: {quote(top, marker)}")])
    blocks = [Paragraph(claims=[Claim(text=f"{heading(paper, corpus)}:")]), ListBlock(items=items)]
    return finish_blocks(blocks, cites, route="summary", papers=[paper.id])


# Words that ask for a summary and nothing more ("Summarize X", "Tell me about X", "What is the main idea of X?").
_SUMMARY_WORDS = re.compile(
    r"^(summar\w*|describ\w*|explain\w*|overview|tell|paper|papers|work|study|idea|main|contribution\w*|short|brief"
    r"|description|gist|abstract|about|is|it|this|that)$",
    re.I,
)


def _asks_more(plan: QueryPlan, paper: Paper, corpus: Corpus) -> bool:
    """The question asks something of the paper beyond a summary (a word that neither names it nor asks to sum up)."""
    naming = vocabulary(paper.title or paper.display_title)
    return any(
        not _SUMMARY_WORDS.match(w) and not (vocabulary(w) and vocabulary(w) <= naming)
        for w in topic_words(plan.words, corpus.principal)
    )


def contribution(paper: Paper, corpus: Corpus) -> list[str]:
    """A paper's contribution in its own words: its method, then its headline result when it states one."""
    found = parts(paper, corpus)
    out = [s.text for s in (found["method"], found["result"]) if s is not None]
    if not out and found["problem"] is not None:
        out = [found["problem"].text]
    return out


def write_topic_summary(
    plan: QueryPlan, papers: list[Paper], corpus: Corpus, lead_in: str, closing: list[str] = ()
) -> Answer:
    """A topic: one contribution line per paper (method and headline result, quoted and cited); `closing` is the
    line a paged list ends with (the rest offered)."""
    cites = Citations()
    items = []
    for p in papers:
        # A paper the corpus holds no abstract of is still on the topic (its title put it there): listed by its
        # title, as the list writer does, never left out of a count its header states.
        said = contribution(p, corpus) or [p.title or p.display_title]
        marker = cites.cite(p, said[0])
        items.append(
            [Claim(text=f"{heading(p, corpus)}: {quote(said[0], marker)}")]
            + [Claim(text=quote(s, marker)) for s in said[1:]]
        )
    head = f"{lead_in} ({plural(len(items), 'paper')}), one contribution each:"
    blocks = [Paragraph(claims=[Claim(text=head)]), ListBlock(items=items)]
    blocks += [Paragraph(claims=[Claim(text=line)]) for line in closing]
    return finish_blocks(blocks, cites, route="summary", papers=[p.id for p in papers])


def what_it_does(paper: Paper, corpus: Corpus, quoted: list[str]) -> list[str]:
    """The paper's first method sentence and the one after it that details it, those not yet quoted: when a list
    finds one paper, that paper is the answer, so what it does is said too ("what did he publish on X that year?" ->
    "We develop a … simulator. The major innovations include: (1) …")."""
    sentences = [s.text for s in with_roles(paper, corpus.picker.stored)]
    method = next((s for s in of_role(with_roles(paper, corpus.picker.stored), "method")), None)
    if method is None:
        return []
    at = sentences.index(method.text)
    return [s for s in sentences[at : at + 2] if s not in quoted]
