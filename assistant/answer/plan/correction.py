"""A correction's paper: "No, not the one that splits the integrals up in advance - I mean the one that balances the
load at run time" names no paper; it describes the one meant and, often, the one ruled out. The paper meant is found
among the papers the conversation showed and their close relatives (what the previous question retrieves), by how
well each one's own sentences match the description and how much less they match what is ruled out."""

from __future__ import annotations

import re
from collections.abc import Callable

from assistant.answer.corpus import Corpus
from assistant.answer.evidence.quantity import extreme
from assistant.answer.evidence.weigh import COVERAGE_WEIGHT, paper_text, relevant, vocabulary
from assistant.answer.plan import phrases
from assistant.index.lazy_table import column
from assistant.models import Filters, Message, Paper

# Close relatives: this many papers that the previous question and the description retrieve join the papers the
# answers showed (a correction may mean a paper the previous answer left out: "his other compression paper").
RELATIVES = 5
# The paper meant must lead the next one by this much (cosine plus COVERAGE_WEIGHT of coverage), and the paper ruled
# out must fit what is ruled out by this much more than any other (on the HONPAS correction the static paper fits
# "splits the integrals up in advance" at 0.37 against 0.25). Two papers a description fits equally stay undecided
# (None: the rule reader falls back to the previous papers).
MEANT_LEAD = 0.05
# A correction keeps what was asked: how well a paper fits the question it corrects counts this much of how well it
# fits the description ("the one with the experts" after a question on cheap LLM training: a model-merging paper
# fits "experts" at 0.45 and the question at 0.34, the MoE training paper 0.39 and 0.51).
CONTEXT_WEIGHT = 0.5


def relatives(corpus: Corpus, history: list[Message], words: str) -> list[str]:
    """The close relatives of the papers shown: the previous question's and the description's best retrieved
    papers."""
    last_user = next((m.content for m in reversed(history) if m.role == "user"), "")
    found: list[str] = []
    for query, within in ((last_user, said_years(last_user)), (words, Filters())):
        if query.strip():
            found += [h.paper.id for h in corpus.retriever.search(query, within, k=RELATIVES)]
    return list(dict.fromkeys(found))


def said_years(question: str) -> Filters:
    """The years a question set ("any 2021 preprints of hers on X?"): its relatives are of those years (a 2018 paper
    was no part of what "those two" saw); none for dates counted from another turn."""
    span = phrases.dates(question)
    if span is None or span.relative is not None:
        return Filters()
    return Filters(year_from=span.years[0], year_to=span.years[1])


# Words that place the paper meant in time against the one ruled out ("her later IGARSS paper", "the older one").
_LATER = re.compile(r"\b(?:later|newer|more recent|most recent|latest|newest|subsequent)\b", re.I)
_EARLIER = re.compile(r"\b(?:earlier|older|oldest|earliest|previous|prior)\b", re.I)


def grounded(said: str, venues: list[str], span, rejected: list[Paper]) -> Callable[[Paper], bool] | None:
    """What a correction's description says of the paper meant in the corpus's own values: the venues it names (read
    from the table's venue strings), its dates, and "later"/"earlier" against the paper ruled out; None when it says
    none of them."""
    tests: list[Callable[[Paper], bool]] = []
    if venues:
        tests.append(lambda p: p.venue in venues)
    if span is not None and span.relative is None:
        tests.append(span.admits)
    dated = [p.date or str(p.year or "") for p in rejected if p.date or p.year]
    if dated and _LATER.search(said):
        tests.append(lambda p: (p.date or str(p.year or "")) > max(dated))
    elif dated and _EARLIER.search(said):
        tests.append(lambda p: "" < (p.date or str(p.year or "")) < min(dated))
    if not tests:
        return None
    return lambda p: all(t(p) for t in tests)


def titled(resolver, by_id, words: str, shown: list[str], rejected: set[str], keep) -> str | None:
    """The paper whose title the correction's description reads as ("I meant her calving-front work": the calving
    front paper, not the foundation model whose abstract lists calving front delineation among its tasks), among the
    papers shown when two or more are left, else among all; never one ruled out, and one that fits what the
    description says in the table's values (`keep`)."""
    if not words.strip():
        return None
    left = [i for i in dict.fromkeys(shown) if i not in rejected]
    everyone = frozenset(i for i in column(resolver.papers, "id") if i not in rejected)
    for pool in ([frozenset(left)] if len(left) >= 2 else []) + [everyone]:
        pid = resolver.best(words.split(), pool)
        if pid and (keep is None or keep(by_id[pid])):
            return pid
    return None


def meant(
    corpus: Corpus,
    history: list[Message],
    described: str,
    words: str,
    ruled_out: str,
    rejected: set[str],
    shown,
    keep: Callable[[Paper], bool] | None = None,
) -> str | None:
    """The paper the correction means: `described` is its description as the user wrote it ("the one that balances
    the load at run time"), `words` its content words, `ruled_out` what it rules out when no paper's name did
    (`rejected` holds the papers ruled out by name or by being the one the previous answer led with), `keep` what
    the description says of it in the table's values (`grounded`). The papers the conversation showed are read
    first; their relatives only when none of them is clearly meant (a paper elsewhere in the corpus may fit a short
    description as well, "load balancing" in an MoE paper). Papers the description fits alike are told apart by the
    previous question: a correction keeps what was asked and only changes which paper ("not the block coordinate
    descent one, the mixture-of-experts one" after a question on cheap LLM training: the MoE paper on that)."""
    context = next((m.content for m in reversed(history) if m.role == "user"), "")
    for group in (shown, [*shown, *relatives(corpus, history, words)]):
        ids = list(dict.fromkeys(i for i in group if i not in rejected and i in corpus.by_id))
        if keep is not None and (kept := [i for i in ids if keep(corpus.by_id[i])]):
            if len(kept) == 1 and (not words.strip() or group is shown):
                return kept[0]  # "No, not the 2019 one, I meant her later IGARSS paper": the one shown that fits
            ids = kept
        if len(ids) >= 2 and (pick := best_fit(corpus, ids, described, words, ruled_out, context)):
            return pick  # one paper left is not chosen by the description: its relatives are weighed with it
    return None


def extreme_fit(corpus: Corpus, ids: list[str], said: str) -> str | None:
    """The paper of `ids` that a superlative of a reported quantity picks ("which of them was run on the biggest
    machine": the one whose abstract reports the most nodes or accelerators), by the figures each one states; None
    when the description says no such quantity, or fewer than one paper, or two alike, report it."""
    asked = phrases.quantity_extreme(said)
    if asked is None:
        return None
    papers = [corpus.by_id[i] for i in ids if i in corpus.by_id and corpus.by_id[i].has_abstract]
    found = extreme(asked.noun, papers, asked.direction, said)
    if not found or (len(found) > 1 and found[0].value == found[1].value):
        return None
    return found[0].paper.id


def picked(corpus: Corpus, ids: list[str], said: str, words: str) -> str | None:
    """The paper of those shown that "which one <said>" picks: by the figures of a superlative it says ("was run on the
    biggest machine"), else by how well its own sentences fit what is said."""
    return extreme_fit(corpus, ids, said) or best_fit(corpus, ids, said.strip(" ,"), words, "")


def best_fit(
    corpus: Corpus, ids: list[str], described: str, words: str, ruled_out: str, context: str = ""
) -> str | None:
    """The paper the description fits best, by a lead; the paper what is ruled out fits best (by a lead) is out first.
    What is ruled out only rules out: a paper far from it is not thereby meant (on a list of seven sea-ice papers,
    subtracting it let an unrelated paper overtake the one described). Papers within the lead of the best are told
    apart by how well they fit `context` (the question the correction corrects), by the same lead."""
    papers = [corpus.by_id[i] for i in ids]
    if ruled_out.strip():
        far = corpus.sentences.best(ruled_out, papers)
        worst = sorted(((far.get(p.id, (0.0, ""))[0], p.id) for p in papers), reverse=True)
        if worst[0][0] >= worst[1][0] + MEANT_LEAD:
            papers = [p for p in papers if p.id != worst[0][1]]
    if len(papers) == 1:
        return papers[0].id
    near = corpus.sentences.best(described, papers)
    asked = corpus.sentences.best(context, papers) if context.strip() else {}
    qterms = corpus.qterms(words)
    scored = sorted(
        (
            near.get(p.id, (0.0, ""))[0]
            + COVERAGE_WEIGHT * qterms.coverage(vocabulary(paper_text(p)))
            + CONTEXT_WEIGHT * asked.get(p.id, (0.0, ""))[0],
            p.id,
        )
        for p in papers
    )[::-1]
    if scored[0][0] >= scored[1][0] + MEANT_LEAD:
        return scored[0][1]
    close = [pid for score, pid in scored if score >= scored[0][0] - MEANT_LEAD]
    if asked and len(close) < len(scored):
        ranked = sorted(((asked.get(pid, (0.0, ""))[0], pid) for pid in close), reverse=True)
        if len(ranked) == 1 or ranked[0][0] >= ranked[1][0] + MEANT_LEAD:
            return ranked[0][1]
    return None


def other_than(corpus: Corpus, history: list[Message], ruled_out: str, shown: list[str]) -> str | None:
    """The paper "the other one, not the sparse tensor core one" means: of the papers the previous answer showed
    (or, when it showed fewer than two, of those and the ones the previous question clearly retrieves), the one left
    once the paper `ruled_out` describes is taken out; None unless exactly one is left (a description that fits two
    papers equally rules out neither)."""
    pool = list(dict.fromkeys(i for i in shown if i in corpus.by_id))
    if len(pool) < 2:
        last_user = next((m.content for m in reversed(history) if m.role == "user"), "")
        if not last_user.strip():
            return None
        hits = corpus.retriever.search(last_user, Filters(), k=RELATIVES)
        good = relevant(hits, corpus.qterms(last_user), corpus.settings.relevance_threshold)
        # the paper shown stays in the pool: "not the snow depth one, the other one" after an answer that showed
        # only the snow depth paper rules it out among those the question retrieves
        pool = list(dict.fromkeys([*pool, *(h.paper.id for h, _ in good)]))
    if len(pool) < 2 or not ruled_out.strip():
        return None
    papers = [corpus.by_id[i] for i in pool]
    fit = corpus.sentences.best(ruled_out, papers)
    worst = sorted(((fit.get(p.id, (0.0, ""))[0], p.id) for p in papers), reverse=True)
    if worst[0][0] < worst[1][0] + MEANT_LEAD:
        return None
    left = [p.id for p in papers if p.id != worst[0][1]]
    return left[0] if len(left) == 1 else None
