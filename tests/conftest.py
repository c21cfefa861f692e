"""Shared fixtures: the seed corpus ingested once per session into a temporary store."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from assistant.evaluation_rules import verdict
from assistant.models import Filters, Message, Paper, Source

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT / "seeds"
DATA = Path(__file__).resolve().parent / "data"

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("ANONYMIZED_TELEMETRY", "False")
# Tests never talk to a real chat model unless a test configures a fake one.
for var in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "OPENAI_MODEL", "ASSISTANT_API_TOKEN", "ASSISTANT_CHROMA_URL"):
    os.environ.pop(var, None)


@pytest.fixture(scope="session")
def seeded_store(tmp_path_factory) -> Path:
    """A store directory holding the ingested seed corpus (built once, copied per use)."""
    from assistant.core import Assistant
    from assistant.settings import Settings

    store = tmp_path_factory.mktemp("store")
    Assistant.from_settings(Settings(store_dir=store, seeds_dir=SEEDS)).ingest([SEEDS])
    return store


@pytest.fixture(scope="session")
def assistant(seeded_store):
    """An extractive-mode Assistant over the seed corpus (shared, read-only)."""
    from assistant.core import Assistant
    from assistant.settings import Settings

    return Assistant.from_settings(Settings(store_dir=seeded_store, seeds_dir=SEEDS))


@pytest.fixture(scope="session")
def tanaka(tmp_path_factory):
    """An extractive-mode Assistant over the second corpus (tests/data/corpus2: Keiko Tanaka's exports), set up as
    its README steps say (`assistant init` with her ORCID and alias, then `ingest`); shared, read-only."""
    from assistant.cli import main
    from assistant.core import Assistant
    from assistant.settings import Settings

    folder = tmp_path_factory.mktemp("tanaka") / "corpus"
    shutil.copytree(DATA / "corpus2", folder)
    store = folder.parent / "store"
    init = ["init", "Keiko Tanaka", "--dir", str(folder), "--orcid", "0000-0002-1825-0097", "--alias", "田中 恵子"]
    assert main(init) == 0
    assert main(["--store", str(store), "ingest", str(folder)]) == 0
    return Assistant.from_settings(Settings(store_dir=store, seeds_dir=folder))


@pytest.fixture
def fresh_store(seeded_store, tmp_path) -> Path:
    """A private copy of the seeded store for tests that write to it."""
    dest = tmp_path / "store"
    shutil.copytree(seeded_store, dest)
    return dest


def make_paper(**fields) -> Paper:
    """A whole Paper record for unit tests: a plain 2024 paper of the author's, every field overridable."""
    base = dict(
        id="p",
        title="A Title",
        display_title="A Title",
        authors=["Ada Lovelace"],
        authors_truncated=False,
        date="2024-03-05",
        date_precision="day",
        year=2024,
        arxiv_id=None,
        categories=[],
        has_code=False,
        is_author_work=True,
        attribution="test",
        sources=[Source(file="f", line=1, shape="s")],
        abstract="An abstract.",
    )
    return Paper(**{**base, **fields})


def converse(assistant, *turns) -> list:
    """Each turn's answer of one conversation: every request carries the earlier turns and answers."""
    messages, answers = [], []
    for turn in turns:
        messages.append(Message(role="user", content=turn))
        answers.append(assistant.answer(messages, Filters()))
        messages.append(Message(role="assistant", content=answers[-1].answer))
    return answers


def said_verdict(assistant, question: str) -> tuple[str | None, str]:
    """The verdict a yes/no answer opens with ("yes", "no", "not stated" or None) and the answer's text."""
    answer = assistant.answer([Message(role="user", content=question)], Filters())
    return verdict(answer.answer)[0], answer.answer


def topic_scope(assistant, question: str):
    """The topic matcher, the topic the question is planned with, and the papers its other slots select."""
    answerer = assistant.answerer()
    plan = answerer.plan([Message(role="user", content=question)], Filters())
    return answerer.corpus.topics, plan.topic, answerer.tables.scoped(plan)


def titles(answer) -> list[str]:
    """The titles an answer cites, in citation order."""
    return [c.title or c.display_title for c in answer.citations]
