"""The chat loop: reads lines, runs slash commands, sends questions with the conversation to the Assistant."""

from __future__ import annotations

import difflib
from collections.abc import Iterator
from typing import Protocol

from assistant.errors import AssistantError, NotFound, StoreUnavailable
from assistant.models import Answer, Filters, Message, Paper, Profile, StreamEvent
from assistant.presenter import present_events
from assistant.repl.format import COMMANDS, Reference, help_lines, mode_text, startup_line
from assistant.repl.worker import background_events

NAMES = [c.split()[0] for c in COMMANDS] + ["/exit"]


class Reader(Protocol):
    def read(self) -> str:
        """The next line; EOFError at the end of input, KeyboardInterrupt when Ctrl-C clears the prompt."""


class View(Protocol):
    def startup(self, line: str) -> None: ...
    def answer(self, events: Iterator[StreamEvent]) -> Answer:
        """Shows the answer as it streams; returns the final Answer (its text replaces the streamed one)."""

    def references(self, refs: list[Reference], notice: str | None) -> None: ...
    def card(self, paper: Paper, quote: str | None, n: int | None) -> None: ...
    def papers(self, papers: list[Paper], author: str, text: str | None) -> None: ...
    def profile(self, profile: Profile) -> None: ...
    def lines(self, lines: list[str]) -> None: ...
    def info(self, text: str) -> None: ...
    def error(self, text: str) -> None: ...
    def cancelled(self) -> None: ...


class Quit(Exception):
    """/quit was typed."""


class ChatSession:
    """One conversation; `interactive` sessions survive Ctrl-C during an answer, scripted ones stop."""

    def __init__(
        self,
        assistant,
        reader: Reader,
        view: View,
        filters: Filters | None = None,
        interactive: bool = True,
        feedback=None,
    ):
        self.assistant = assistant
        self.feedback = feedback  # a FeedbackLog; by default the one the assistant's settings name, opened on first use
        self.reader = reader
        self.view = view
        self.filters = filters or Filters()
        self.interactive = interactive
        self.messages: list[Message] = []
        self.last: Answer | None = None
        self.exit_code = 0

    def run(self) -> int:
        """Start-up line, then the loop."""
        self.start()
        return self.loop()

    def loop(self) -> int:
        """Reads until Ctrl-D, end of input or /quit; scripted sessions return the last failed question's exit code."""
        while True:
            try:
                line = self.reader.read().strip()
            except EOFError:
                break
            except KeyboardInterrupt:
                if not self.interactive:
                    raise
                continue  # Ctrl-C at the prompt clears the line, as in a shell
            if not line:
                continue
            try:
                self.handle(line)
            except Quit:
                break
            except KeyboardInterrupt:
                if not self.interactive:
                    raise
                # the question is dropped: a follow-up must not build on a half-shown answer
                self.view.cancelled()
        return 0 if self.interactive else self.exit_code

    def start(self) -> None:
        """Prints the one start-up line; refuses an empty store with what to do about it."""
        status = self.assistant.status()
        if not status["papers"]:
            raise StoreUnavailable(
                f"The store at {self.assistant.settings.store_dir} has no papers: run `assistant ingest` first."
            )
        self.view.startup(startup_line(status, self.assistant.principal_author))

    def handle(self, line: str) -> None:
        if line.startswith("/"):
            self.command(line)
        else:
            self.ask(line)

    # --- questions -------------------------------------------------------------------------
    def ask(self, question: str) -> None:
        messages = [*self.messages, Message(role="user", content=question)]
        # what the user is shown, LaTeX rendered, is also what the conversation remembers
        events = present_events(background_events(lambda: self.assistant.stream(messages, self.filters)))
        try:
            answer = self.view.answer(events)
        except AssistantError as exc:
            self.exit_code = exc.exit_code
            self.view.error(str(exc))
            return
        finally:
            events.close()
        self.messages = [*messages, Message(role="assistant", content=answer.answer)]
        self.last = answer
        self.view.references([Reference.of(c, self._truncated(c.paper_id)) for c in answer.citations], answer.notice)

    def _truncated(self, paper_id: str) -> bool:
        # Citation has no authors_truncated; the paper record knows whether the source cut the list.
        try:
            return self.assistant.paper(paper_id).authors_truncated
        except NotFound:
            return False

    # --- slash commands --------------------------------------------------------------------
    def command(self, line: str) -> None:
        name, _, arg = line.partition(" ")
        name, arg = name.lower(), arg.strip()
        if name in ("/quit", "/exit", "/q"):
            raise Quit
        handlers = {
            "/help": self.cmd_help,
            "/papers": self.cmd_papers,
            "/paper": self.cmd_paper,
            "/bib": self.cmd_bib,
            "/profile": self.cmd_profile,
            "/new": self.cmd_new,
            "/mode": self.cmd_mode,
            "/good": self.cmd_good,
            "/bad": self.cmd_bad,
        }
        handler = handlers.get(name)
        if handler is None:
            close = difflib.get_close_matches(name, NAMES, n=1, cutoff=0.6)
            hint = f" (did you mean {close[0]}?)" if close else ""
            self.view.error(f"Unknown command {name}{hint}: type /help for the commands.")
            return
        try:
            handler(arg)
        except AssistantError as exc:
            self.view.error(str(exc))

    def cmd_help(self, arg: str) -> None:
        self.view.lines(help_lines())

    def cmd_papers(self, arg: str) -> None:
        # the session's own restrictions (--year-from, --coauthor) narrow the list too
        papers = self.assistant.papers(self.filters.model_copy(update={"author_only": True}), arg or None)
        self.view.papers(papers, self.assistant.principal_author, arg or None)

    def cmd_paper(self, arg: str) -> None:
        if not arg:
            self.view.error("Which one? /paper N shows citation N of the last answer, e.g. /paper 1.")
            return
        if not arg.isdigit():
            self.view.card(self.assistant.paper(arg), None, None)
            return
        n = int(arg)
        if self.last is None:
            self.view.error("No answer yet: ask a question, then /paper N shows the paper behind citation [N].")
        elif not self.last.citations:
            self.view.error("The last answer cites no papers.")
        elif not 1 <= n <= len(self.last.citations):
            count = len(self.last.citations)
            cites = "only [1]" if count == 1 else f"[1] to [{count}]"
            self.view.error(f"The last answer cites {cites}: try /paper 1.")
        else:
            citation = self.last.citations[n - 1]
            self.view.card(self.assistant.paper(citation.paper_id), citation.quote, n)

    def cmd_bib(self, arg: str) -> None:
        """BibTeX of citation N of the last answer, of all its cited papers (no argument), or of a paper by id."""
        from assistant.export import to_bibtex

        if arg and not arg.isdigit():
            papers = [self.assistant.paper(arg)]
        elif self.last is None or not self.last.citations:
            what = "No answer yet" if self.last is None else "The last answer cites no papers"
            self.view.error(
                f"{what}: /bib N gives the BibTeX of citation [N] of an answer, /bib <arXiv id or id> of any paper."
            )
            return
        elif arg:
            n, count = int(arg), len(self.last.citations)
            if not 1 <= n <= count:
                cites = "only [1]" if count == 1 else f"[1] to [{count}]"
                self.view.error(f"The last answer cites {cites}: try /bib 1, or /bib for all of them.")
                return
            papers = [self.assistant.paper(self.last.citations[n - 1].paper_id)]
        else:
            papers = [self.assistant.paper(c.paper_id) for c in self.last.citations]
        self.view.lines(to_bibtex(papers).rstrip("\n").split("\n"))

    def cmd_profile(self, arg: str) -> None:
        # the whole body of work: the session's restrictions narrow answers, not the overview
        self.view.profile(self.assistant.profile())

    def cmd_new(self, arg: str) -> None:
        self.messages, self.last = [], None
        self.view.info("New conversation: earlier questions are forgotten.")

    def cmd_mode(self, arg: str) -> None:
        self.view.info(mode_text(self.assistant.status()))

    def cmd_good(self, arg: str) -> None:
        self._rate("up", arg)

    def cmd_bad(self, arg: str) -> None:
        self._rate("down", arg)

    def _rate(self, rating: str, comment: str) -> None:
        from assistant.feedback import Feedback, FeedbackLog, path_for

        if self.last is None:
            self.view.error(
                f"No answer to rate yet: ask a question, then /{'good' if rating == 'up' else 'bad'} rates its answer."
            )
            return
        if self.feedback is None:
            self.feedback = FeedbackLog(path_for(self.assistant.settings))
        # self.messages ends with the last question and its answer
        question, history = self.messages[-2].content, self.messages[:-2]
        self.feedback.add(
            Feedback(
                rating=rating,
                comment=comment or None,
                question=question,
                history=history,
                answer=self.last.answer,
                citations=self.last.citations,
                mode=self.last.mode,
                source="repl",
            )
        )
        said = "good" if rating == "up" else "bad"
        self.view.info(
            f"Rated the last answer {said}{' with your comment' if comment else ''}; "
            f"`assistant feedback` lists the ratings."
        )
