"""What is indexed per paper: its sentences (embedded once), passages of a few sentences, and whole abstracts.

MiniLM reads 256 tokens and many abstracts are longer, so passages keep every part of an abstract
visible; the whole-abstract document gives the paper's overall meaning. Passage and abstract vectors
are the normalised mean of their sentences' vectors (with the title's), which retrieves at least as
well as embedding the joined text (dense recall@5 on the dev+team questions: 0.956 vs 0.933) and
costs one embedding pass per abstract instead of three.
"""

from __future__ import annotations

import hashlib
from typing import Literal, NamedTuple

from pydantic import BaseModel

from assistant.models import Paper
from assistant.text import research_sentences

MAX_WORDS = 90  # a passage is a few sentences, ~130 word-pieces


class PassageRef(NamedTuple):
    """What the table keeps of a passage: enough to map a search hit to its paper (the text is re-derived).
    A tuple, not a model: at 100k papers the table holds 370k of them (50 MB instead of 200)."""

    id: str
    paper_id: str
    kind: str = "passage"


class Passage(BaseModel):
    id: str
    paper_id: str
    kind: Literal["passage", "abstract"] = "passage"
    text: str  # what BM25 searches and Chroma stores: title prefix + sentences
    sentences: list[str]

    def ref(self) -> PassageRef:
        return PassageRef(self.id, self.paper_id, self.kind)


def passage_id(paper: Paper, kind: str, text: str) -> str:
    # Metadata used as Chroma filters is part of the id, so a change of attribution or year re-indexes.
    key = "\0".join([paper.id, kind, text, str(paper.is_author_work), str(paper.year)])
    return hashlib.sha1(key.encode()).hexdigest()[:20]


def paper_sentences(paper: Paper) -> list[str]:
    """The title and every distinct sentence of every abstract version, in order."""
    out = [paper.title] if paper.title else []
    for abstract in paper.abstracts:
        out += research_sentences(abstract)
    return list(dict.fromkeys(out))


def paper_passages(paper: Paper) -> list[Passage]:
    prefix = f"{paper.title}. " if paper.title else ""
    out: dict[tuple[str, str], Passage] = {}

    def add(kind: str, sentences: list[str]) -> None:
        text = prefix + " ".join(sentences)
        out.setdefault(
            (kind, text),
            Passage(id=passage_id(paper, kind, text), paper_id=paper.id, kind=kind, text=text, sentences=sentences),
        )

    for abstract in paper.abstracts:
        sentences = research_sentences(abstract)
        if len(sentences) > 1:
            add("abstract", sentences)
        chunk: list[str] = []
        words = 0
        for sentence in sentences:
            n = len(sentence.split())
            if chunk and words + n > MAX_WORDS:
                add("passage", chunk)
                chunk, words = [], 0
            chunk.append(sentence)
            words += n
        if chunk:
            add("passage", chunk)
    if not out and prefix:
        add("passage", [])
    return list(out.values())
