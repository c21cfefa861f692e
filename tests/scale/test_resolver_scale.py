"""The paper resolver over 10,000 papers: a title fragment still finds its one paper, a word 2,000 titles share finds
none, and a warm question stays well under the answer's latency budget (measured ~8 ms on 2 shared cores, where
every word of these synthetic titles is in 2,000 of them)."""

from __future__ import annotations

import time

from assistant.answer.plan.conversation import short_names
from assistant.answer.plan.resolver import Resolver
from assistant.index.bm25 import terms
from assistant.index.paper_terms import PaperTerms, build, paper_texts
from tests.scale.synth_papers import papers_with_vectors


def test_a_title_fragment_resolves_among_ten_thousand_papers_quickly():
    papers, _ = papers_with_vectors(10_000)
    each = [{t for text in paper_texts(p) for t in terms(text)} for p in papers]
    vocabulary = sorted(set().union(*each))
    resolver = Resolver(papers, short_names(papers), "A. Author", PaperTerms(vocabulary, build(each, vocabulary)))
    fragment = "What does the sparse solvers 5 paper report?"
    assert [r.paper for r in resolver.described(fragment)] == ["p000005"]
    started = time.perf_counter()
    for _ in range(5):
        shared = resolver.described("What speedup does the stencil kernels work report?")
    assert shared == []  # 2,000 titles say "stencil kernels": no one paper
    assert (time.perf_counter() - started) / 5 < 0.1
