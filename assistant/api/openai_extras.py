"""What /v1 adds for OpenAI clients: token `usage`, a `max_tokens` cut at a sentence boundary, `url_citation`
annotations."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from assistant.answer.check.citations import renumber
from assistant.api.schemas.openai_compat import Usage
from assistant.models import Answer
from assistant.vendors import tokens

# A sentence ends at . ! or ? (with any closing quote or bracket) before a space, or at a line break;
# not after an abbreviation that ends mid-sentence ("et al.", "e.g.", "Fig.").
_END = re.compile(r"[.!?][\"')\]]*(?=\s|$)|\n")
_ABBREVIATION = re.compile(r"(?:\bet al|\be\.g|\bi\.e|\betc|\bvs|\bFig|\bEq|\bNo|\bcf)\.$", re.IGNORECASE)


def prompt_tokens(texts: list[str]) -> int:
    return sum(tokens.count(t) for t in texts)


def usage(prompt: int, content: str) -> dict:
    completion = tokens.count(content)
    return Usage(prompt_tokens=prompt, completion_tokens=completion, total_tokens=prompt + completion).model_dump()


def sentence_ends(text: str) -> list[int]:
    """Offsets just after each sentence of `text` (the last one is len(text))."""
    ends = []
    for m in _END.finditer(text):
        if m.group() != "\n" and _ABBREVIATION.search(text[: m.end()]):
            continue
        if ends and not text[ends[-1] : m.end()].strip():
            ends[-1] = m.end()  # "!" then a line break: one boundary
        else:
            ends.append(m.end())
    if not ends or ends[-1] < len(text.rstrip()):
        ends.append(len(text))
    return ends


_ITEM = re.compile(r"^[ \t]*(?:[-*]|\d+[.)])[ \t]", re.MULTILINE)
# A markdown table row ("| Problem | … |") and the separator under a table's header ("|---|---|").
_ROW = re.compile(r"^[ \t]*\|.*\|[ \t]*$", re.MULTILINE)
_SEPARATOR = re.compile(r"^[ \t]*\|(?:[ \t]*:?-+:?[ \t]*\|)+[ \t]*$")


def cut_points(text: str) -> list[int]:
    """Where an answer may be cut: after a whole sentence of prose, after a whole list item or table row (never
    inside one), never right after a line that introduces a list (a heading ending in ":" says nothing without its
    items), and never before a table's first body row (a header without rows says nothing either)."""
    rows = [(m.start(), _line_end(text, m.start())) for m in _ROW.finditer(text)]
    items = [(m.start(), _line_end(text, m.start())) for m in _ITEM.finditer(text)] + rows
    bare = {stop for start, stop in _header_rows(text, rows)}
    points = []
    for end in sentence_ends(text):
        if any(start < end < stop for start, stop in items):
            continue  # inside an item or a row: "…[1]. We recast …" is half of one
        if end in bare:
            continue
        following = end + _leading(text[end:])
        if text[:end].rstrip().endswith(":") and (_ITEM.match(text, following) or _ROW.match(text, following)):
            continue
        points.append(end)
    return points


def _header_rows(text: str, rows: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The header and separator lines of each table in `text`: an answer cut after them has a table with no row."""
    out = []
    for i, (start, stop) in enumerate(rows):
        if _SEPARATOR.match(text[start:stop].rstrip("\n")):
            out.append((start, stop))
            if i and rows[i - 1][1] == start:
                out.append(rows[i - 1])
    return out


def _line_end(text: str, start: int) -> int:
    end = text.find("\n", start)
    return len(text) if end < 0 else end + 1


def _leading(rest: str) -> int:
    return len(rest) - len(rest.lstrip("\n"))


def within(answer: Answer, budget: int, render: Callable[[Answer], str]) -> tuple[Answer, bool]:
    """The longest prefix of `answer` of whole sentences and whole list items whose rendered reply has at most
    `budget` tokens.

    The prefix keeps only the citations its own markers use, renumbered from [1]; (answer, False) when all of
    it fits. When not even the first sentence (or a list's heading and first item) fits, the reply is empty
    (OpenAI's `finish_reason: "length"`).
    """
    if tokens.count(render(answer)) <= budget:
        return answer, False
    for end in reversed(cut_points(answer.answer)):
        text, kept, _ = renumber(answer.answer[:end].rstrip(), answer.citations)
        cut = answer.model_copy(update={"answer": text, "blocks": [], "citations": kept})
        if text and tokens.count(render(cut)) <= budget:
            return cut, True
    return answer.model_copy(update={"answer": "", "blocks": [], "citations": [], "notice": None}), True


def sentences(text: str) -> Iterator[str]:
    """`text` in pieces that end at sentence boundaries (for streaming an answer that is already whole)."""
    start = 0
    for end in sentence_ends(text):
        if end > start:
            yield text[start:end]
            start = end


def annotations(content: str, answer: Answer) -> list[dict]:
    """One `url_citation` per cited paper with an arXiv id, spanning its line of the references block in `content`."""
    out = []
    for c in answer.citations:
        if not c.arxiv_id:
            continue
        url = f"https://arxiv.org/abs/{c.arxiv_id}"
        start = content.rfind(f"\n[{c.n}] ")
        if start < 0:
            continue
        start += 1
        end = content.find("\n", start)
        end = len(content) if end < 0 else end
        out.append(
            {
                "type": "url_citation",
                "url_citation": {
                    "url": url,
                    "title": c.title or c.display_title,
                    "start_index": start,
                    "end_index": end,
                },
            }
        )
    return out
