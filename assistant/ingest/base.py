"""What every parser gets and gives: the file's context, its entries and its warnings."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from assistant.models import ParseWarning, RawEntry, Source

# The longest field a parser keeps (characters): real abstracts run to ~5,000. A runaway or hostile field would
# otherwise cost minutes of LaTeX decoding and thousands of sentences to embed; the rest is dropped with a warning.
MAX_FIELD_CHARS = 20_000


def cap(value: str, limit: int = MAX_FIELD_CHARS) -> str:
    """`value` cut to `limit` characters, at the last space before it when there is one."""
    if len(value) <= limit:
        return value
    cut = value[:limit]
    return cut[: cut.rfind(" ")] if " " in cut[limit // 2 :] else cut


@dataclass
class ParseContext:
    """Per-file facts a parser cannot read from the text itself (from the manifest)."""

    file: str
    shape: str = ""
    capture_year: int | None = None


@dataclass
class ParseResult:
    entries: list[RawEntry] = field(default_factory=list)
    warnings: list[ParseWarning] = field(default_factory=list)
    # Figures a profile page states about the researcher ({"label": "h-index", "value": "4", "line": 4}), kept with
    # the file's report so an answer can quote them with their source.
    facts: list[dict] = field(default_factory=list)

    def warn(self, ctx: ParseContext, line: int, message: str) -> None:
        self.warnings.append(ParseWarning(file=ctx.file, line=line, message=message))


def source(ctx: ParseContext, line: int) -> Source:
    return Source(file=ctx.file, line=line, shape=ctx.shape)


def numbered(text: str) -> list[tuple[int, str]]:
    """Non-blank lines with their 1-based line numbers, stripped."""
    return [(i, line.strip()) for i, line in enumerate(text.splitlines(), 1) if line.strip()]


def header_blocks(text: str, header: re.Pattern) -> Iterator[tuple[int, re.Match, list[tuple[int, str]]]]:
    """(line number, header match, body lines) for each line matching `header`, its body running to the next.

    Lines before the first header are page chrome and are not yielded.
    """
    lines = numbered(text)
    starts = [k for k, (_, line) in enumerate(lines) if header.match(line)]
    for s, k in enumerate(starts):
        end = starts[s + 1] if s + 1 < len(starts) else len(lines)
        lineno, line = lines[k]
        yield lineno, header.match(line), lines[k + 1 : end]
