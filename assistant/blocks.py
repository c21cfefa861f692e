"""An answer's structure: markdown read into typed blocks (paragraph, list, table) of claims, and the blocks written
back as markdown (the API's `answer`, /v1) or as plain text with aligned columns (the plain REPL, the CLI).

A claim keeps its `[n]` markers where they were written, so a table cell keeps its marker inside the cell and a
header or separator row is never a claim. Every step after a writer (the citation check, the renumbering, the views)
maps over these blocks; none of them splits the markdown again.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable, Iterator

from assistant.models import Answer, Block, Claim, ListBlock, Paragraph, Table

_ITEM = re.compile(r"^\s*(?:([-*•])|(\d{1,2})[.)])\s+(.*)$")
_ROW = re.compile(r"^\s*\|.*\|\s*$")
_SEPARATOR = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$")
_PIPE = re.compile(r"(?<!\\)\|")
_ABBREVIATIONS = {"al", "e.g", "i.e", "fig", "eq", "vs", "etc", "approx", "cf", "no", "resp", "ref", "abbr", "ca"}
# A sentence ends at . ! or ? (then a closing quote and its markers) before a capital, a digit, a quote or the end.
_END = re.compile(r"[.!?](?:[\"'”)]?)((?:\s*\[\d{1,3}\])*)(?=\s+[\"“'*\[A-Z0-9]|\s*$)")


def sentences(body: str) -> list[str]:
    """A line's sentences, each with the markers that follow it; not split inside an *emphasised title* or after an
    abbreviation ("et al.", "e.g.") or an initial."""
    pieces, start = [], 0
    for m in _END.finditer(body):
        if body[: m.start()].count("*") % 2:
            continue  # inside an *emphasised title*: "*Can LLMs … ability? A Meta Study*"
        word = re.search(r"([\w.]+)[.!?]$", body[start : m.start() + 1])
        if word and (word.group(1).lower().rstrip(".") in _ABBREVIATIONS or re.fullmatch(r"[A-Z]", word.group(1))):
            continue
        pieces.append(body[start : m.end()])
        start = m.end()
    if body[start:].strip():
        pieces.append(body[start:])
    return [p.strip() for p in pieces if p.strip()]


def claims_of(text: str) -> list[Claim]:
    return [Claim(text=s) for s in sentences(text)]


def _cells(line: str) -> list[str]:
    inner = line.strip()
    inner = inner[1:] if inner.startswith("|") else inner
    inner = inner[:-1] if inner.endswith("|") and not inner.endswith("\\|") else inner
    return [c.strip().replace("\\|", "|") for c in _PIPE.split(inner)]


def parse(markdown: str) -> list[Block]:
    """Markdown as blocks: each non-list, non-table line a paragraph of sentences; consecutive bullet (or numbered)
    lines a list; a header row, a separator row and body rows a table (rows padded or cut to the header's width)."""
    blocks: list[Block] = []
    lines = markdown.replace("\r\n", "\n").split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            i += 1
            continue
        if _ROW.match(line) and i + 1 < len(lines) and _SEPARATOR.match(lines[i + 1]) and "|" in lines[i + 1]:
            header = _cells(line)
            rows = []
            i += 2
            while i < len(lines) and _ROW.match(lines[i]):
                cells = (_cells(lines[i]) + [""] * len(header))[: len(header)]
                rows.append([claims_of(c) for c in cells])
                i += 1
            blocks.append(Table(header=header, rows=rows))
            continue
        if m := _ITEM.match(line):
            ordered = bool(m.group(2))
            items = []
            while i < len(lines) and (m := _ITEM.match(lines[i])) and bool(m.group(2)) == ordered:
                items.append(claims_of(m.group(3)))
                i += 1
            blocks.append(ListBlock(items=items, ordered=ordered))
            continue
        blocks.append(Paragraph(claims=claims_of(line)))
        i += 1
    return blocks


def _joined(claims: list[Claim]) -> str:
    return " ".join(c.text for c in claims if c.text)


def _cell(claims: list[Claim]) -> str:
    return _joined(claims).replace("|", "\\|")


def _block_markdown(block: Block) -> str:
    if isinstance(block, Paragraph):
        return _joined(block.claims)
    if isinstance(block, ListBlock):
        return "\n".join(
            f"{f'{n}.' if block.ordered else '-'} {_joined(item)}" for n, item in enumerate(block.items, 1)
        )
    head = "| " + " | ".join(h.replace("|", "\\|") for h in block.header) + " |"
    rule = "|" + "|".join("---" for _ in block.header) + "|"
    body = ["| " + " | ".join(_cell(c) for c in row) + " |" for row in block.rows]
    return "\n".join([head, rule, *body])


def _gap(before: Block, after: Block) -> str:
    # A lead-in line and the list it introduces ("His papers on X (3 papers):" then "- …") stay together.
    return "\n" if isinstance(before, Paragraph) and isinstance(after, ListBlock) else "\n\n"


def to_markdown(blocks: list[Block]) -> str:
    out = ""
    shown = [b for b in blocks if not empty(b)]
    for k, block in enumerate(shown):
        out += (_gap(shown[k - 1], block) if k else "") + _block_markdown(block)
    return out.strip()


def empty(block: Block) -> bool:
    if isinstance(block, Paragraph):
        return not any(c.text for c in block.claims)
    if isinstance(block, ListBlock):
        return not any(c.text for item in block.items for c in item)
    return not block.rows


def to_plain(blocks: list[Block], width: int = 100, text: Callable[[str], str] = lambda s: s) -> str:
    """Plain text: paragraphs and bullets as written, a table as aligned columns (each cell wrapped in its column).
    `text` renders each string first (the presenter's LaTeX → Unicode)."""
    out = ""
    shown = [b for b in blocks if not empty(b)]
    for k, block in enumerate(shown):
        if isinstance(block, Table):
            rows = [[text(_joined(c)) for c in r] for r in block.rows]
            body = _columns([text(h) for h in block.header], rows, width)
        else:
            body = text(_block_markdown(block))
        out += (_gap(shown[k - 1], block) if k else "") + body
    return out


def _columns(header: list[str], rows: list[list[str]], width: int) -> str:
    n = len(header)
    natural = [max([len(header[j])] + [len(r[j]) for r in rows]) for j in range(n)]
    # Columns share the width; a narrow column (a row label) keeps its natural width and gives the rest away.
    budget = max(n * 10, width - 3 * (n - 1))
    widths = [0] * n
    left = list(range(n))
    while left:
        share = budget // len(left)
        narrow = [j for j in left if natural[j] <= share]
        if not narrow:
            for j in left:
                widths[j] = max(8, share)
            break
        for j in narrow:
            widths[j] = max(natural[j], 1)
            budget -= widths[j]
            left.remove(j)

    def line(cells: list[str]) -> list[str]:
        wrapped = [textwrap.wrap(c, widths[j]) or [""] for j, c in enumerate(cells)]
        height = max(len(w) for w in wrapped)
        return [
            "   ".join((w[k] if k < len(w) else "").ljust(widths[j]) for j, w in enumerate(wrapped)).rstrip()
            for k in range(height)
        ]

    out = line(header)
    out.append("   ".join("-" * widths[j] for j in range(n)))
    for r in rows:
        out += line(r)
    return "\n".join(out)


def claims(blocks: list[Block]) -> Iterator[Claim]:
    """Every claim in reading order: paragraphs, list items, table rows left to right."""
    for block in blocks:
        if isinstance(block, Paragraph):
            yield from block.claims
        elif isinstance(block, ListBlock):
            for item in block.items:
                yield from item
        else:
            for row in block.rows:
                for cell in row:
                    yield from cell


def rewrite(blocks: list[Block], fn: Callable[[Claim], Claim | None]) -> list[Block]:
    """The blocks with each claim replaced by `fn(claim)` (None removes it); the layout itself never changes: a table
    keeps its header and every row, a list every item that still says something."""

    def cell(cs: list[Claim]) -> list[Claim]:
        return [c for c in (fn(x) for x in cs) if c is not None]

    out: list[Block] = []
    for block in blocks:
        if isinstance(block, Paragraph):
            out.append(Paragraph(claims=cell(block.claims)))
        elif isinstance(block, ListBlock):
            items = [cell(item) for item in block.items]
            out.append(ListBlock(items=[it for it in items if it], ordered=block.ordered))
        else:
            out.append(Table(header=list(block.header), rows=[[cell(c) for c in row] for row in block.rows]))
    return [b for b in out if not empty(b)]


def map_text(blocks: list[Block], fn: Callable[[str], str]) -> list[Block]:
    """Every string of the blocks (claims and header cells) through `fn`: how the presenter renders LaTeX."""
    out = rewrite(blocks, lambda c: Claim(text=fn(c.text)))
    return [b.model_copy(update={"header": [fn(h) for h in b.header]}) if isinstance(b, Table) else b for b in out]


def of(answer: Answer) -> list[Block]:
    """The answer's blocks; read from its text for an answer made without them (a refusal, a cut /v1 reply)."""
    return answer.blocks or parse(answer.answer)
