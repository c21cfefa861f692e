"""Terminal chat output with rich: markdown answers streamed live, styled references, paper cards."""

from __future__ import annotations

import time
from collections.abc import Iterator

from rich.console import Console, Group
from rich.live import Live
from rich.markdown import Markdown
from rich.panel import Panel
from rich.spinner import Spinner
from rich.table import Table
from rich.text import Text

from assistant import blocks as answer_blocks
from assistant import presenter
from assistant.models import Answer, Block, Final, Paper, Profile, StreamEvent, Token
from assistant.models import Table as TableBlock
from assistant.repl.format import DERIVED, NOT_AUTHORS, Reference, author_list, card_fields, count, quoted_abstract
from assistant.repl.profile import (
    BLOCK,
    coauthor_line,
    colour,
    headline,
    scale_note,
    theme_rows,
    undated_line,
    year_rows,
)

REPARSE_SECONDS = 0.08  # re-render the streamed markdown at most this often; parsing on every token is quadratic
QUOTE_STYLE = "bold black on yellow"


class RichView:
    """Writes to one rich Console; tests pass a Console over a StringIO."""

    def __init__(self, console: Console | None = None):
        self.console = console or Console(highlight=False)
        self._asked = False

    def startup(self, line: str) -> None:
        self.console.print(Text(line, style="bold"))

    def answer(self, events: Iterator[StreamEvent]) -> Answer:
        waiting = "Searching the papers…" + ("" if self._asked else " (the first question also loads the search model)")
        self._asked = True
        text, shown, final = "", 0.0, None
        # transient: the live preview is wiped and the final text printed in its place, since the
        # final answer may differ from the streamed tokens (markers renumbered, fallback answer)
        live = Live(
            Spinner("dots", Text(waiting, style="dim")), console=self.console, transient=True, refresh_per_second=12
        )
        # not `with Live(...)`: a Ctrl-C inside Live.start() (it waits for its refresh thread to run,
        # which can take seconds while torch loads) would skip __exit__ and leave the spinner running
        try:
            live.start(refresh=True)
            for event in events:
                match event:
                    case Token():
                        text += event.text
                        if time.monotonic() - shown > REPARSE_SECONDS:
                            live.update(Markdown(text))
                            shown = time.monotonic()
                    case Final():
                        final = event.answer
                        break
        finally:
            live.stop()
        if final is None:
            raise RuntimeError("the answer stream ended without its final answer event")
        self.console.print(*render_blocks(answer_blocks.of(final)))
        return final

    def references(self, refs: list[Reference], notice: str | None) -> None:
        if refs:
            self.console.print()
            grid = Table.grid(padding=(0, 1))  # a grid, so a wrapped reference stays indented under its title
            grid.add_column(no_wrap=True)
            grid.add_column()
            for r in refs:
                line = Text(r.label, style="italic" if r.derived else "bold")
                if r.derived:
                    line.append(f" {DERIVED}", style="dim italic")
                for detail in r.details():
                    line.append(" · ", style="dim")
                    line.append(detail, style="yellow" if detail == NOT_AUTHORS else "dim")
                grid.add_row(Text(f"[{r.n}]", style="bold cyan"), line)
            self.console.print(grid)
        if notice:
            self.console.print(Text(f"Note: {notice}", style="yellow"))
        self.console.print()

    def card(self, paper: Paper, quote: str | None, n: int | None) -> None:
        grid = Table.grid(padding=(0, 2))
        grid.add_column(style="bold")
        grid.add_column()
        for key, value in card_fields(paper):
            grid.add_row(key, Text(value, style="italic" if key == "Title" and paper.title is None else ""))
        abstract, span = quoted_abstract(paper, quote)
        body = Text(abstract or "(no abstract)")
        if span:
            body.stylize(QUOTE_STYLE, *span)
        parts = [grid, Text(""), body]
        if quote and not span:
            parts += [Text(""), Text.assemble(("Quoted: ", "bold"), (quote, QUOTE_STYLE))]
        title = Text(f"[{n}] " if n else "", style="bold cyan")
        title.append(presenter.title(paper), style="bold")
        self.console.print(
            Panel(Group(*parts), title=title, title_align="left", subtitle=paper.id, subtitle_align="right")
        )
        self.console.print()

    def papers(self, papers: list[Paper], author: str, text: str | None) -> None:
        table = Table(show_edge=False, pad_edge=False, highlight=False, expand=True)
        table.add_column("year", no_wrap=True)
        # ratios: the title gets the room; slug ids fold rather than squeeze it
        table.add_column("title", ratio=5, overflow="fold")
        table.add_column("authors", ratio=3, overflow="fold")
        table.add_column("arXiv / id", ratio=2, overflow="fold")
        for p in papers:
            title = (
                Text(presenter.title(p))
                if p.title
                else Text.assemble((presenter.title(p), "italic"), (f" {DERIVED}", "dim italic"))
            )
            table.add_row(
                str(p.year or ""),
                title,
                author_list(p.authors, p.authors_truncated),
                p.arxiv_id or Text(p.id, style="dim"),
            )
        if papers:
            self.console.print(table)
        about = f" mentioning {text!r}" if text else ""
        self.console.print(
            Text(f"{count(papers, 'paper')} by {author}{about}. /paper <arXiv id or id> shows one.", style="dim")
        )
        self.console.print()

    def profile(self, profile: Profile) -> None:
        """The plain view's profile with each theme in its web UI colour: table swatches and bar segments match."""
        if not profile.author_papers:
            self.console.print(Text(f"No papers by {profile.principal_author} in the store.", style="dim"))
            self.console.print()
            return
        self.console.print(Text(headline(profile), style="bold"))
        table = Table(show_edge=False, pad_edge=False, highlight=False)
        table.add_column("#", justify="right", no_wrap=True)
        table.add_column("theme", overflow="fold")
        table.add_column("years", no_wrap=True)
        table.add_column("papers", justify="right", no_wrap=True)
        for t in theme_rows(profile):
            table.add_row(Text.assemble(("■ ", t.colour), str(t.number)), t.label, t.years, str(t.papers))
        self.console.print(table)
        self.console.print()
        years = year_rows(profile)
        bw = max(y.blocks for y in years)
        nw = len(str(max(y.total for y in years)))
        self.console.print(Text("Papers per year (#: theme)", style="bold"))
        for y in years:
            line = Text()  # not Text(..., style="dim"): a Text's own style would dim the coloured bar too
            line.append(f"{y.year} ", style="dim")
            for number, blocks in y.segments:
                line.append(BLOCK * blocks, style=colour(number))
            line.append(" " * (bw - y.blocks) + f" {y.total:>{nw}}", style="bold" if y.total else "dim")
            if y.themes:
                line.append(f"  {y.themes}", style="dim")
            self.console.print(line)
        notes = [n for n in (scale_note(profile), undated_line(profile), coauthor_line(profile)) if n]
        if notes:
            self.console.print()
        for note in notes:
            self.console.print(Text(note, style="dim"))
        self.console.print()

    def lines(self, lines: list[str]) -> None:
        for line in lines:
            self.console.print(Text(line))
        self.console.print()

    def info(self, text: str) -> None:
        self.console.print(Text(text))
        self.console.print()

    def error(self, text: str) -> None:
        self.console.print(Text.assemble(("error: ", "bold red"), text))
        self.console.print()

    def cancelled(self) -> None:
        self.console.print(Text("(answer cancelled)", style="dim"))
        self.console.print()


def render_blocks(shown: list[Block]) -> list:
    """Each block once: paragraphs and lists as markdown, a table as a rich Table (one column per header cell)."""
    out = []
    for block in shown:
        if isinstance(block, TableBlock):
            table = Table(show_lines=True, expand=False)
            for h in block.header:
                table.add_column(Markdown(h) if h else "", overflow="fold")
            for row in block.rows:
                table.add_row(*(Markdown(" ".join(c.text for c in cell)) for cell in row))
            out.append(table)
        elif not answer_blocks.empty(block):
            out.append(Markdown(answer_blocks.to_markdown([block])))
    return out
