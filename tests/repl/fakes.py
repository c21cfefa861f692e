"""A queued fake Assistant for the chat loop: answers streamed word by word, every conversation recorded."""

from __future__ import annotations

import threading
from pathlib import Path
from types import SimpleNamespace

from assistant.errors import NotFound
from assistant.models import Answer, Citation, Filters, Final, Message, Paper, Profile, Source, Token


def paper(
    id: str,
    title: str | None,
    authors: list[str],
    *,
    year: int = 2024,
    arxiv_id: str | None = None,
    mine: bool = True,
    truncated: bool = False,
    abstract: str = "",
    display_title: str | None = None,
) -> Paper:
    return Paper(
        id=id,
        title=title,
        display_title=display_title or title or id,
        authors=authors,
        authors_truncated=truncated,
        date=str(year),
        date_precision="year",
        year=year,
        arxiv_id=arxiv_id,
        categories=["LG"],
        has_code=False,
        is_author_work=mine,
        attribution="Listed on Yunquan Zhang's own pages: a.txt" if mine else "Listed on another group's page: b.txt",
        sources=[Source(file="a.txt", line=1, shape="fake")],
        abstract=abstract,
    )


PAPERS = [
    paper(
        "2412.06865",
        "FP=xINT: Low-Bit Series Expansion",
        ["Boyang Zhang", "Daning Cheng", "Yunquan Zhang", "Fangmin Liu"],
        arxiv_id="2412.06865",
        abstract="Post-training quantization loses accuracy. We expand the weights in low-bit "
        "series. It works at 2 bits.",
    ),
    paper(
        "swarm",
        None,
        [],
        year=2025,
        arxiv_id="2505.20094",
        display_title="SwarmThinkers (arXiv:2505.20094)",
        abstract="We present SwarmThinkers, a reinforcement\nlearning framework for atomistic simulation.",
    ),
    paper(
        "fedimpro",
        "FedImpro: Client Updates",
        ["Zhenheng Tang", "Yonggang Zhang"],
        truncated=True,
        mine=False,
        abstract="Federated learning suffers from client drift.",
    ),
]


def cite(n: int, p: Paper, quote: str) -> Citation:
    return Citation(
        n=n,
        paper_id=p.id,
        title=p.title,
        display_title=p.display_title,
        arxiv_id=p.arxiv_id,
        year=p.year,
        authors=p.authors,
        is_author_work=p.is_author_work,
        quote=quote,
    )


class Blocked:
    """Queued instead of an answer: streams one token, then waits until released (a slow model)."""

    def __init__(self, answer: Answer):
        self.answer = answer
        self.started = threading.Event()
        self.release = threading.Event()
        self.closed = threading.Event()


class FakeAssistant:
    """What the chat loop needs of the Assistant; `enqueue` answers (or errors, or Blocked) in order."""

    principal_author = "Yunquan Zhang"

    def __init__(self, papers: list[Paper] | None = None, mode: str = "extractive", profile: Profile | None = None):
        self._papers = PAPERS if papers is None else papers
        self._profile = profile
        self.mode = mode
        self.queue: list = []
        self.calls: list[tuple[list[Message], Filters]] = []
        self.settings = SimpleNamespace(store_dir=Path("/fake/store"), history_file=Path("/fake/history"))

    def enqueue(self, *answers) -> FakeAssistant:
        self.queue.extend(answers)
        return self

    def stream(self, messages, filters=None):
        self.calls.append((list(messages), filters))
        item = self.queue.pop(0)
        if isinstance(item, BaseException):
            raise item
        if isinstance(item, Blocked):
            try:
                yield Token("Thinking ")
                item.started.set()
                item.release.wait(10)
                yield Final(item.answer)
            finally:
                item.closed.set()
            return
        for word in item.answer.split(" "):
            yield Token(word + " ")
        yield Final(item)

    def papers(self, filters=None, text=None):
        out = [p for p in self._papers if (filters or Filters()).admits(p)]
        return [p for p in out if not text or text.casefold() in (p.label + p.abstract).casefold()]

    def paper(self, paper_id):
        for p in self._papers:
            if paper_id in (p.id, p.arxiv_id):
                return p
        raise NotFound(f"No paper with id {paper_id!r}: list ids with `assistant papers` or GET /api/papers.")

    def profile(self) -> Profile:
        assert self._profile is not None, "give FakeAssistant(profile=...) to a test that types /profile"
        return self._profile

    def status(self):
        reason = "no OPENAI_API_KEY set: answers are composed from the abstracts' own sentences"
        return {
            "papers": len(self._papers),
            "author_papers": sum(p.is_author_work for p in self._papers),
            "mode": self.mode,
            "mode_reason": reason,
            "store_reachable": True,
        }
