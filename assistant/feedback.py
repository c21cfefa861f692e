"""Ratings of answers (thumbs up or down, an optional comment), appended to a JSON-lines file, and turned into eval
questions.

Append-only: each rating is one line written whole under a file lock, so concurrent writers (threads of one server,
several `--workers` processes, a REPL) never interleave; nothing is ever rewritten. A line that cannot be read (a
disk filled mid-write, a hand edit) is skipped and counted, never fatal.

A rating may name its answer (`answer_id`): a later rating of the same answer replaces it when the log is read (the
web page sends one when a thumb is changed), and `none` withdraws it. Every line stays in the file.
"""

from __future__ import annotations

import json
import os
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal

from filelock import FileLock
from pydantic import BaseModel, Field, ValidationError

from assistant.models import Citation, Message

FILE = "feedback.jsonl"
Rating = Literal["up", "down"]
WITHDRAWN = "none"  # the rating that withdraws an earlier one of the same answer


class Feedback(BaseModel):
    """What a user said about one answer, with the answer as they saw it."""

    rating: Rating | Literal["none"]
    answer_id: str | None = Field(
        None, description="Names the answer rated: a later rating with the same id replaces this one."
    )
    comment: str | None = None
    question: str
    history: list[Message] = Field(default_factory=list, description="Earlier turns of the conversation, oldest first.")
    answer: str
    citations: list[Citation] = Field(default_factory=list)
    mode: Literal["extractive", "llm"]
    source: Literal["web", "api", "repl"] = "api"


class FeedbackRecord(Feedback):
    """A stored rating: the feedback plus its id and when it was given (UTC)."""

    id: str
    created: str


def path_for(settings) -> Path:
    """Where the settings keep ratings: `feedback_file`, else feedback.jsonl in the store directory."""
    return Path(settings.feedback_file or Path(settings.store_dir) / FILE)


# One client with no rate limit (the default) wrote 39 MB/s of ratings: the file is capped and rotated
# (feedback.jsonl → .1 → … → .KEEP, the oldest dropped), so ratings take at most (KEEP + 1) × MAX_BYTES of disk.
MAX_BYTES = 10 * 1024 * 1024
KEEP = 3


class FeedbackLog:
    """The append-only file of ratings, rotated at `max_bytes` (`keep` older files kept)."""

    def __init__(self, path: Path, max_bytes: int = MAX_BYTES, keep: int = KEEP):
        self.path = Path(path)
        self.max_bytes = max_bytes
        self.keep = keep
        self.skipped = 0  # unreadable lines met by the last `read`

    def rotated(self, k: int) -> Path:
        return self.path.with_name(f"{self.path.name}.{k}")

    def _rotate(self) -> None:
        """Called with the lock held: shift the older files up one, dropping the oldest, and start a new file."""
        self.rotated(self.keep).unlink(missing_ok=True)
        for k in range(self.keep - 1, 0, -1):
            if self.rotated(k).exists():
                os.replace(self.rotated(k), self.rotated(k + 1))
        if self.keep > 0:
            os.replace(self.path, self.rotated(1))
        else:
            self.path.unlink(missing_ok=True)

    def add(self, feedback: Feedback) -> FeedbackRecord:
        record = FeedbackRecord(
            **feedback.model_dump(),
            id=uuid.uuid4().hex,
            created=datetime.now(UTC).isoformat(timespec="seconds"),
        )
        # errors="replace": a lone surrogate (valid in a JSON string, not in UTF-8) must not lose the rating
        line = (json.dumps(record.model_dump(mode="json"), ensure_ascii=False) + "\n").encode("utf-8", errors="replace")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # O_APPEND alone keeps one write() whole on a local disk, but not on every filesystem (NFS) nor past a
        # short write: the lock makes the line whole everywhere the lock file is shared.
        with FileLock(str(self.path) + ".lock", timeout=10):
            try:
                if self.path.stat().st_size + len(line) > self.max_bytes:
                    self._rotate()
            except FileNotFoundError:
                pass
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
            try:
                view = memoryview(line)
                while view:
                    view = view[os.write(fd, view) :]
                os.fsync(fd)
            finally:
                os.close(fd)
        return record

    def read(self) -> list[FeedbackRecord]:
        """The ratings that stand, oldest first: of several ratings of one answer (one `answer_id`) only the last,
        and none when that last one withdrew it."""
        latest: dict[str, int] = {}
        records = self.read_all()
        for i, r in enumerate(records):
            if r.answer_id:
                latest[r.answer_id] = i
        return [
            r for i, r in enumerate(records) if (not r.answer_id or latest[r.answer_id] == i) and r.rating != WITHDRAWN
        ]

    def read_all(self) -> list[FeedbackRecord]:
        """Every readable line of the kept files (the rotated ones, then the current one), oldest first, replaced and
        withdrawn ratings included."""
        self.skipped = 0
        out = []
        for path in [*(self.rotated(k) for k in range(self.keep, 0, -1)), self.path]:
            if not path.exists():
                continue
            with open(path, encoding="utf-8", errors="replace") as f:
                for line in f:
                    if not line.strip():
                        continue
                    try:
                        out.append(FeedbackRecord.model_validate_json(line))
                    except ValidationError:
                        self.skipped += 1
        return out


def as_questions(records: list[FeedbackRecord]) -> dict:
    """A question file `assistant eval` reads: each rated answer becomes a regression question.

    A thumbs-up keeps the papers it cited as `expected_papers` (a later answer must still cite them); a thumbs-down
    keeps the answer it gave as `rejected_answers` (the question fails while the answer is the same) and the user's
    comment, for a person to add the expected papers or facts.
    """
    questions = []
    for r in records:
        q: dict = {"id": f"fb-{r.id[:8]}", "kind": f"rated_{'good' if r.rating == 'up' else 'bad'}"}
        turns = [m.content for m in r.history if m.role == "user"] + [r.question]
        if len(turns) > 1:
            q["turns"] = turns
        q["question"] = r.question
        if r.rating == "up":
            q["expected_papers"] = [
                {
                    "paper_id": c.paper_id,
                    **({"arxiv_id": c.arxiv_id} if c.arxiv_id else {}),
                    **({"title": c.title} if c.title else {}),
                }
                for c in r.citations
            ]
        else:
            q["rejected_answers"] = [r.answer]
        if r.comment:
            q["comment"] = r.comment
        q["rated"] = {"created": r.created, "mode": r.mode, "source": r.source}
        questions.append(q)
    return {
        "about": "Questions users rated (assistant feedback --questions). rated_good: the answer "
        "must still cite the papers it cited. "
        "rated_bad: the answer must differ from the rejected one; add expected_papers or "
        "expected_facts from the comment.",
        "questions": questions,
    }
