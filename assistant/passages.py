"""Split each paper into passages short enough for MiniLM's 256-token window, so no part of an abstract is invisible."""

from __future__ import annotations

import hashlib

from pydantic import BaseModel

from assistant.ingest.text import split_sentences
from assistant.models import Paper

MAX_WORDS = 90  # ~130 word-pieces with the title prefix: well inside MiniLM's 256


class Passage(BaseModel):
    id: str
    paper_id: str
    text: str  # what is embedded and searched: title prefix + sentences
    sentences: list[str]


def passage_id(paper: Paper, text: str) -> str:
    # Metadata used as Chroma filters is part of the id, so a change of attribution or year re-indexes.
    key = "\0".join([paper.id, text, str(paper.is_author_work), str(paper.year)])
    return hashlib.sha1(key.encode()).hexdigest()[:20]


def paper_passages(paper: Paper) -> list[Passage]:
    prefix = f"{paper.title}. " if paper.title else ""
    out: dict[str, Passage] = {}
    for abstract in paper.abstracts:
        chunk: list[str] = []
        words = 0
        for sentence in split_sentences(abstract) + [None]:
            n = len(sentence.split()) if sentence else 0
            if chunk and (sentence is None or words + n > MAX_WORDS):
                text = prefix + " ".join(chunk)
                out.setdefault(text, Passage(id=passage_id(paper, text), paper_id=paper.id, text=text, sentences=chunk))
                chunk, words = [], 0
            if sentence:
                chunk.append(sentence)
                words += n
    if not out and prefix:
        text = prefix.strip()
        out[text] = Passage(id=passage_id(paper, text), paper_id=paper.id, text=text, sentences=[])
    return list(out.values())
