"""Sentence roles: measured against the hand-labelled sample (a reader who never saw the code labelled 222 abstract
sentences of the seeds), and stored with the sentence vectors at ingest."""

from __future__ import annotations

import json

import numpy as np
import pytest

from assistant.index.passages import paper_sentences
from assistant.index.roles import ROLES, RoleLabeller, cue_scores, positions_in
from assistant.index.vectors import SentenceVectors
from bench.roles import SAMPLE, halves, measure, table


@pytest.fixture(scope="module")
def embed(assistant):
    return assistant.retriever().embeddings.embed_documents


def test_labels_agree_with_the_hand_labelled_sample(assistant, embed, capsys):
    labels = json.loads(SAMPLE.read_text(encoding="utf-8"))["labels"]
    assert len(labels) >= 100 and {x["role"] for x in labels} == set(ROLES)
    labeller = RoleLabeller(embed)
    positions = positions_in(assistant.table().papers)
    tune, held = halves(labels)
    overall, confusion = measure(labeller, embed, labels, positions)
    held_out, held_confusion = measure(labeller, embed, held, positions)
    with capsys.disabled():
        print(f"\nsentence roles: agreement {overall:.3f} on all {len(labels)}, {held_out:.3f} held out ({len(held)})")
        print(table(confusion))
    assert overall >= 0.85, table(confusion)
    assert held_out >= 0.82, table(held_confusion)  # measured 0.841: the weights were set on the other half


def test_cues_decide_the_unambiguous_cases():
    def top(s: str) -> str:
        return ROLES[int(np.argmax(cue_scores(s)))]

    assert top("Our code will be made publicly available.") == "availability"
    assert top("However, existing methods suffer from slow convergence.") == "motivation"
    assert top("In this paper, we propose a staged training framework.") == "method"
    assert top("Experiments show a 3.5x speedup over the baseline.") == "result"


def test_roles_are_stored_with_the_sentence_vectors_at_ingest(seeded_store, assistant):
    vectors = SentenceVectors(seeded_store / "sentences")
    sentences = [s for p in assistant.table().papers for s in paper_sentences(p)]
    codes = vectors.roles(sentences)
    assert len(codes) > 500 and all(0 <= c < len(ROLES) for c in codes)
    assert {ROLES[c] for c in codes} == set(ROLES)
