"""A correction's paper: "No, not the one that splits the integrals up in advance - I mean the one that balances the
load at run time" names no paper; it describes the one meant and, often, the one ruled out. The paper meant is found
among the papers the conversation showed and their close relatives (what the previous question retrieves), by how
well each one's own sentences match the description and how much less they match what is ruled out."""

from __future__ import annotations

from assistant.answer.corpus import Corpus
from assistant.answer.evidence.weigh import COVERAGE_WEIGHT, paper_text, relevant, vocabulary
from assistant.models import Filters, Message

# Close relatives: this many papers that the previous question and the description retrieve join the papers the
# answers showed (a correction may mean a paper the previous answer left out: "his other compression paper").
RELATIVES = 5
# The paper meant must lead the next one by this much (cosine plus COVERAGE_WEIGHT of coverage), and the paper ruled
# out must fit what is ruled out by this much more than any other (on the HONPAS correction the static paper fits
# "splits the integrals up in advance" at 0.37 against 0.25). Two papers a description fits equally stay undecided
# (None: the rule reader falls back to the previous papers).
MEANT_LEAD = 0.05


def relatives(corpus: Corpus, history: list[Message], words: str) -> list[str]:
    """The close relatives of the papers shown: the previous question's and the description's best retrieved
    papers."""
    last_user = next((m.content for m in reversed(history) if m.role == "user"), "")
    found: list[str] = []
    for query in (last_user, words):
        if query.strip():
            found += [h.paper.id for h in corpus.retriever.search(query, Filters(), k=RELATIVES)]
    return list(dict.fromkeys(found))


def meant(
    corpus: Corpus, history: list[Message], described: str, words: str, ruled_out: str, rejected: set[str], shown
) -> str | None:
    """The paper the correction means: `described` is its description as the user wrote it ("the one that balances
    the load at run time"), `words` its content words, `ruled_out` what it rules out when no paper's name did
    (`rejected` holds the papers ruled out by name or by being the one the previous answer led with). The papers
    the conversation showed are read first; their relatives only when none of them is clearly meant (a paper
    elsewhere in the corpus may fit a short description as well, "load balancing" in an MoE paper)."""
    for group in (shown, [*shown, *relatives(corpus, history, words)]):
        ids = list(dict.fromkeys(i for i in group if i not in rejected and i in corpus.by_id))
        if len(ids) >= 2 and (pick := best_fit(corpus, ids, described, words, ruled_out)):
            return pick  # one paper left is not chosen by the description: its relatives are weighed with it
    return None


def best_fit(corpus: Corpus, ids: list[str], described: str, words: str, ruled_out: str) -> str | None:
    """The paper the description fits best, by a lead; the paper what is ruled out fits best (by a lead) is out first.
    What is ruled out only rules out: a paper far from it is not thereby meant (on a list of seven sea-ice papers,
    subtracting it let an unrelated paper overtake the one described)."""
    papers = [corpus.by_id[i] for i in ids]
    if ruled_out.strip():
        far = corpus.sentences.best(ruled_out, papers)
        worst = sorted(((far.get(p.id, (0.0, ""))[0], p.id) for p in papers), reverse=True)
        if worst[0][0] >= worst[1][0] + MEANT_LEAD:
            papers = [p for p in papers if p.id != worst[0][1]]
    if len(papers) == 1:
        return papers[0].id
    near = corpus.sentences.best(described, papers)
    qterms = corpus.qterms(words)
    scored = sorted(
        (near.get(p.id, (0.0, ""))[0] + COVERAGE_WEIGHT * qterms.coverage(vocabulary(paper_text(p))), p.id)
        for p in papers
    )[::-1]
    if scored[0][0] >= scored[1][0] + MEANT_LEAD:
        return scored[0][1]
    return None


def other_than(corpus: Corpus, history: list[Message], ruled_out: str, shown: list[str]) -> str | None:
    """The paper "the other one, not the sparse tensor core one" means: of the papers the previous answer showed
    (or, when it showed fewer than two, of those the previous question clearly retrieves), the one left once the paper
    `ruled_out` describes is taken out; None unless exactly one is left (a description that fits two papers equally
    rules out neither)."""
    pool = list(dict.fromkeys(i for i in shown if i in corpus.by_id))
    if len(pool) < 2:
        last_user = next((m.content for m in reversed(history) if m.role == "user"), "")
        if not last_user.strip():
            return None
        hits = corpus.retriever.search(last_user, Filters(), k=RELATIVES)
        good = relevant(hits, corpus.qterms(last_user), corpus.settings.relevance_threshold)
        pool = list(dict.fromkeys(h.paper.id for h, _ in good))
    if len(pool) < 2 or not ruled_out.strip():
        return None
    papers = [corpus.by_id[i] for i in pool]
    fit = corpus.sentences.best(ruled_out, papers)
    worst = sorted(((fit.get(p.id, (0.0, ""))[0], p.id) for p in papers), reverse=True)
    if worst[0][0] < worst[1][0] + MEANT_LEAD:
        return None
    left = [p.id for p in papers if p.id != worst[0][1]]
    return left[0] if len(left) == 1 else None
