"""Scale out: the passage vectors on a real `chroma run` server, the rest of the store on local disk.

Each test starts the server shipped with chromadb on a free loopback port, ingests the seeds into it,
and stops it by its PID (SIGTERM). The seeded store's sentence vectors are copied in first, so the
ingest embeds nothing and the tests spend their time on the server, not the model.
"""

from __future__ import annotations

import shutil

import pytest

from assistant.api.app import create_app
from assistant.core import Assistant
from assistant.errors import StoreUnavailable
from assistant.models import Message
from assistant.settings import Settings
from tests.chroma_server import ChromaServer
from tests.conftest import SEEDS

pytestmark = pytest.mark.slow


@pytest.fixture
def server(tmp_path):
    s = ChromaServer(tmp_path / "chroma-data", tmp_path / "chroma.log").start()
    yield s
    s.stop()


@pytest.fixture
def served(server, seeded_store, tmp_path):
    """An Assistant whose passage vectors live on the server; seeds ingested."""
    store = tmp_path / "store"
    store.mkdir()
    shutil.copytree(seeded_store / "sentences", store / "sentences")
    settings = Settings(store_dir=store, seeds_dir=SEEDS, chroma_url=server.url)
    assistant = Assistant.from_settings(settings)
    result = assistant.ingest([SEEDS])
    return assistant, settings, result


def ask(assistant: Assistant, question: str):
    return assistant.answer([Message(role="user", content=question)])


def test_seeds_ingested_into_a_chroma_server_answer_with_citations(served, server):
    assistant, settings, result = served
    assert result.papers > 50 and result.sync.embedded == 0  # the copied sentence vectors were reused
    # The passage vectors went to the server; the table, BM25, sentence vectors and derived items stayed in store_dir.
    assert assistant.store.collection().count() == len(assistant.table().passages)
    # The routing examples' vectors are made at ingest too, with the corpus a start builds (Corpus.prepare).
    names = sorted(p.name for p in settings.store_dir.iterdir())
    routes = [n for n in names if n.startswith("route_examples-") and n.endswith(".npy")]
    assert len(routes) == 1
    assert names == sorted(["bm25", "derived", "ingest.lock", "parsed", "sentences", "table.jsonl", *routes])

    answer = ask(assistant, "What is HONPAS used for?")
    assert answer.citations
    assert "HONPAS" in (answer.citations[0].title or "")
    assert answer.citations[0].quote in assistant.paper(answer.citations[0].paper_id).abstract

    server.stop()
    assert server.proc.returncode is not None
    # The vector store is opened on first use: a new assistant names the server on the first search that needs it,
    # and a server refuses to start.
    with pytest.raises(StoreUnavailable) as info:
        Assistant.from_settings(settings).retriever().search("HONPAS")
    assert server.url in str(info.value)
    with pytest.raises(StoreUnavailable) as info:
        create_app(settings)
    assert server.url in str(info.value)


def test_server_lost_after_start_up_reports_store_unavailable(served, server):
    assistant, settings, _ = served
    assert ask(assistant, "What has the author done on quantization?").citations  # warm: retriever and answerer loaded
    assert assistant.status()["store_reachable"] is True

    server.stop()
    assert assistant.status()["store_reachable"] is False
    for call in (
        # A free-text question needs the passage vectors (topic lists and counts come from the table).
        lambda: ask(assistant, "What speedup does the stencil work on sparse tensor cores achieve?"),
        lambda: assistant.retriever().search("stencil computations"),
        lambda: assistant.ingest([SEEDS]),
    ):
        with pytest.raises(StoreUnavailable) as info:
            call()
        assert server.url in str(info.value) and "chroma run" in str(info.value)
    # Questions the table answers alone still work: the paper list needs no vectors.
    assert ask(assistant, "How many papers has the author published?").answer
