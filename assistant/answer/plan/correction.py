"""A correction's paper: "No, not the one that splits the integrals up in advance - I mean the one that balances the
load at run time" names no paper; it describes the one meant and, often, the one ruled out. The paper meant is found
among the papers the conversation showed and their close relatives (what the previous question retrieves), by how
well each one's own sentences match the description and how much less they match what is ruled out."""

from __future__ import annotations

from assistant.answer.corpus import Corpus
from assistant.answer.evidence.weigh import COVERAGE_WEIGHT, paper_text, vocabulary
from assistant.models import Filters, Message

# Close relatives: this many papers that the previous question and the description retrieve join the papers the
# answers showed (a correction may mean a paper the previous answer left out: "his other compression paper").
RELATIVES = 5
# The paper meant must lead the next one by this much (cosine plus COVERAGE_WEIGHT of coverage, less its match with
# what is ruled out). On the HONPAS correction the dynamic paper leads the static one by 0.19; two papers a
# description fits equally stay undecided (None: the rule reader falls back to the previous papers).
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
        if len(ids) >= 2 and (pick := _best(corpus, ids, described, words, ruled_out)):
            return pick  # one paper left is not chosen by the description: its relatives are weighed with it
    return None


def _best(corpus: Corpus, ids: list[str], described: str, words: str, ruled_out: str) -> str | None:
    papers = [corpus.by_id[i] for i in ids]
    near = corpus.sentences.best(described, papers)
    far = corpus.sentences.best(ruled_out, papers) if ruled_out.strip() else {}
    qterms = corpus.qterms(words)
    scored = sorted(
        (
            near.get(p.id, (0.0, ""))[0]
            + COVERAGE_WEIGHT * qterms.coverage(vocabulary(paper_text(p)))
            - far.get(p.id, (0.0, ""))[0],
            p.id,
        )
        for p in papers
    )[::-1]
    if scored[0][0] >= scored[1][0] + MEANT_LEAD:
        return scored[0][1]
    return None
