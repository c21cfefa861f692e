"""The citation contract: `[n]` in the text is `citations[n-1]`; every marker resolves and every citation is used."""

from __future__ import annotations

import logging
import re

from assistant import blocks as blocks_
from assistant.answer.check import fragments
from assistant.models import Answer, Block, Citation, Claim, Paper
from assistant.text import neutralise

log = logging.getLogger("assistant.answer")

MARKER = re.compile(r"\[(\d{1,3})\]")


class Citations:
    """Numbers papers in order of first citation; the quote is the supporting sentence of its abstract."""

    def __init__(self) -> None:
        self._by_paper: dict[str, Citation] = {}

    def cite(self, paper: Paper, quote: str) -> str:
        c = self._by_paper.get(paper.id)
        if c is None:
            c = Citation(
                n=len(self._by_paper) + 1,
                paper_id=paper.id,
                title=neutralise(paper.title) if paper.title else None,
                display_title=neutralise(paper.display_title),
                arxiv_id=paper.arxiv_id,
                year=paper.year,
                authors=paper.authors,
                authors_truncated=paper.authors_truncated,
                is_author_work=paper.is_author_work,
                quote=neutralise(quote),  # a "[7]" or a link in the sentence is the source's, not ours
                doi=paper.doi,
                venue=paper.venue,
            )
            self._by_paper[paper.id] = c
        return f"[{c.n}]"

    def list(self) -> list[Citation]:
        return sorted(self._by_paper.values(), key=lambda c: c.n)


def renumber(text: str, citations: list[Citation]) -> tuple[str, list[Citation], int]:
    """Keep only markers that resolve, number citations by first use, drop unused ones.

    Returns the new text, the citations in order, and how many invalid markers were removed.
    """
    by_n = {c.n: c for c in citations}
    order: dict[int, int] = {}
    invalid = 0

    def sub(m: re.Match) -> str:
        nonlocal invalid
        n = int(m.group(1))
        if n not in by_n:
            invalid += 1
            return ""
        order.setdefault(n, len(order) + 1)
        return f"[{order[n]}]"

    new_text = MARKER.sub(sub, text)
    new_text = re.sub(r"[ \t]+([.,;:])", r"\1", re.sub(r"[ \t]{2,}", " ", new_text)).strip()
    kept = [by_n[old].model_copy(update={"n": new}) for old, new in sorted(order.items(), key=lambda kv: kv[1])]
    return new_text, kept, invalid


def check(text: str, citations: list[Citation]) -> list[str]:
    """Problems with the contract (empty when it holds)."""
    used = {int(n) for n in MARKER.findall(text)}
    problems = [f"marker [{n}] has no citation" for n in sorted(used) if n < 1 or n > len(citations)]
    problems += [f"citation {c.n} is never used" for c in citations if c.n not in used]
    problems += [f"citation {i} is numbered {c.n}" for i, c in enumerate(citations, 1) if c.n != i]
    return problems


def renumber_blocks(blocks: list[Block], citations: list[Citation]) -> tuple[list[Block], list[Citation]]:
    """`renumber` over blocks: every claim's markers mapped in reading order; the layout untouched."""
    by_n = {c.n: c for c in citations}
    order: dict[int, int] = {}
    for claim in blocks_.claims(blocks):
        for n in claim.cites:
            if n in by_n:
                order.setdefault(n, len(order) + 1)

    def sub(claim: Claim) -> Claim | None:
        text = MARKER.sub(lambda m: f"[{order[int(m.group(1))]}]" if int(m.group(1)) in order else "", claim.text)
        text = re.sub(r"[ \t]+([.,;:])", r"\1", re.sub(r"[ \t]{2,}", " ", text)).strip()
        return Claim(text=text) if text else None

    kept = [by_n[old].model_copy(update={"n": new}) for old, new in sorted(order.items(), key=lambda kv: kv[1])]
    return blocks_.rewrite(blocks, sub), kept


def enforce_blocks(blocks: list[Block], citations: list[Citation]) -> tuple[list[Block], list[Citation], list[str]]:
    """The answer under the contract, whatever got into it: a claim with a marker that resolves to no citation is
    dropped (logged, never raised), in whatever block it stands (a table keeps its header and its other cells);
    citations are then renumbered by first use and unused ones dropped.

    A fragment ("…metrics; 2", a question quoted as a statement) is made whole or dropped first (check/fragments.py).

    Returns the blocks, their citations and the problems found (empty when the contract held as composed)."""
    if any(fragments.reason(c) for c in blocks_.claims(blocks)):
        blocks = blocks_.rewrite(blocks, fragments.repaired) or blocks
    problems = check(blocks_.to_markdown(blocks), citations)
    if not problems:
        return blocks, citations, []
    log.warning("citation contract broken, offending claims dropped: %s", problems)
    valid = {c.n for c in citations}

    def keeps(claim: Claim) -> Claim | None:
        return claim if all(1 <= n <= len(citations) and n in valid for n in claim.cites) else None

    fixed, kept = renumber_blocks(blocks_.rewrite(blocks, keeps), citations)
    if not fixed:  # nothing survived: the words without any marker, uncited, rather than nothing
        words = blocks_.rewrite(blocks, lambda c: Claim(text=neutralise(c.plain)) if c.plain else None)
        return words, [], problems
    return fixed, kept, problems


def enforce(text: str, citations: list[Citation]) -> tuple[str, list[Citation], list[str]]:
    """`enforce_blocks` for an answer given as markdown text."""
    blocks, kept, problems = enforce_blocks(blocks_.parse(text), citations)
    return blocks_.to_markdown(blocks), kept, problems


def finish_blocks(blocks: list[Block], cites: Citations, mode: str = "extractive", **meta) -> Answer:
    """The one check every answer passes: the citation contract enforced on its blocks (degrades, never raises);
    the markdown text is rendered from the blocks that passed."""
    blocks, citations, problems = enforce_blocks(blocks, cites.list())
    return Answer(
        answer=blocks_.to_markdown(blocks),
        blocks=blocks,
        citations=citations,
        mode=mode,
        meta={**meta, **({"contract_problems": problems} if problems else {})},
    )


def finish(text: str, cites: Citations, mode: str = "extractive", **meta) -> Answer:
    """`finish_blocks` for a writer that composes markdown: its lines read into blocks once, here."""
    return finish_blocks(blocks_.parse(text), cites, mode, **meta)
