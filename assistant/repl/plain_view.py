"""Scripted chat (stdin is not a terminal): one question per line in, plain text out, no prompts or colours."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import TextIO

from assistant import blocks
from assistant.models import Answer, Final, Paper, Profile, StreamEvent
from assistant.repl.format import Reference, author_list, card_fields, count, paper_label, quoted_abstract
from assistant.repl.profile import BLOCK, coauthor_line, headline, scale_note, theme_rows, undated_line, year_rows

QUOTE_OPEN, QUOTE_CLOSE = "«", "»"


class LineReader:
    """Each line of a text stream is one input; blank lines are skipped by the session."""

    def __init__(self, stream: TextIO):
        self.stream = stream

    def read(self) -> str:
        line = self.stream.readline()
        if not line:
            raise EOFError
        return line.rstrip("\r\n")


def final_answer(events: Iterator[StreamEvent]) -> Answer:
    """The Answer that ends a stream (the streamed tokens are only a preview of it)."""
    for event in events:
        if isinstance(event, Final):
            return event.answer
    raise RuntimeError("the answer stream ended without its final answer event")


class PlainView:
    """Answers and what commands show go to `out`; the start-up line and errors go to `err`, so `out` stays
    parseable."""

    def __init__(self, out: TextIO | None = None, err: TextIO | None = None):
        self.out = out or sys.stdout
        self.err = err or sys.stderr

    def _print(self, *lines: str) -> None:
        self.out.write("".join(f"{line}\n" for line in lines))
        self.out.flush()

    def startup(self, line: str) -> None:
        print(line, file=self.err, flush=True)

    def answer(self, events: Iterator[StreamEvent]) -> Answer:
        answer = final_answer(events)
        self._print(blocks.to_plain(blocks.of(answer)))  # a table as aligned columns
        return answer

    def references(self, refs: list[Reference], notice: str | None) -> None:
        if refs:
            self._print("", "References:", *(r.plain() for r in refs))
        if notice:
            self._print("", f"Note: {notice}")
        self._print("")

    def card(self, paper: Paper, quote: str | None, n: int | None) -> None:
        abstract, span = quoted_abstract(paper, quote)
        if span:
            a, b = span
            abstract = f"{abstract[:a]}{QUOTE_OPEN}{abstract[a:b]}{QUOTE_CLOSE}{abstract[b:]}"
        width = max(len(k) for k, _ in card_fields(paper))
        lines = [f"{k + ':':<{width + 1}} {v}" for k, v in card_fields(paper)]
        head = f"Citation [{n}]" if n else "Paper"
        self._print(f"{head}: {paper.id}", *lines, "", "Abstract:", abstract or "(no abstract)")
        if quote and not span:
            self._print("", f"Quoted: {quote}")
        self._print("")

    def papers(self, papers: list[Paper], author: str, text: str | None) -> None:
        for p in papers:
            ref = f"arXiv:{p.arxiv_id}" if p.arxiv_id else p.id
            self._print(
                " · ".join(
                    x
                    for x in (str(p.year or "----"), paper_label(p), author_list(p.authors, p.authors_truncated), ref)
                    if x
                )
            )
        about = f" mentioning {text!r}" if text else ""
        self._print(f"{count(papers, 'paper')} by {author}{about}. /paper <arXiv id or id> shows one.", "")

    def profile(self, profile: Profile) -> None:
        """Headline, themes table, per-year bars (`2020 ████ 4  #2 ×2, #5 ×2`), co-authors; no colour."""
        if not profile.author_papers:
            self._print(f"No papers by {profile.principal_author} in the store.", "")
            return
        themes = theme_rows(profile)
        lw = max(len("theme"), *(len(t.label) for t in themes))
        yw = max(len("years"), *(len(t.years) for t in themes))
        lines = [headline(profile), "", "Themes:", f"  #  {'theme':<{lw}}  {'years':<{yw}}  papers"]
        lines += [f"{t.number:>3}  {t.label:<{lw}}  {t.years:<{yw}}  {t.papers:>6}" for t in themes]
        years = year_rows(profile)
        bw = max(y.blocks for y in years)
        nw = len(str(max(y.total for y in years)))
        lines += ["", "Papers per year (#: theme):"]
        lines += [
            f"{y.year} {BLOCK * y.blocks:<{bw}} {y.total:>{nw}}" + (f"  {y.themes}" if y.themes else "") for y in years
        ]
        notes = [n for n in (scale_note(profile), undated_line(profile), coauthor_line(profile)) if n]
        self._print(*lines, *([""] + notes if notes else []), "")

    def lines(self, lines: list[str]) -> None:
        self._print(*lines, "")

    def info(self, text: str) -> None:
        self._print(text, "")

    def error(self, text: str) -> None:
        print(f"error: {text}", file=self.err, flush=True)

    def cancelled(self) -> None:
        print("(answer cancelled)", file=self.err, flush=True)
