"""Which papers grounded on a topic listed as several sub-topics come near the list as a whole, mixed into
TopicMeaning (which gives `_sentences`, `_query`, `_names` and `_whole_of`)."""

from __future__ import annotations

from assistant.answer.evidence import distinct
from assistant.answer.evidence.topic_core import written_forms
from assistant.answer.evidence.topic_terms import NAME_ZIPF, Support, _has_all, alternatives, content_terms
from assistant.answer.evidence.weigh import vocabulary

# A topic of at least this many alternatives is a list of sub-topics of one subject (`_agreeing`).
LIST_ITEMS = 3
# The least cosine of a listed topic's paper's closest sentence to the whole list. Measured on the seeds and corpus 2:
# true members 0.37 (quantum computational chemistry for "quantum chemistry, DFT, configuration interaction") to 0.81;
# papers on one item by a passing word 0.23-0.31.
LIST_AGREEMENT = 0.35


class ListAgreement:
    """A listed topic's papers near the list as a whole (`_agreeing`)."""

    def _agreeing(self, topic: str, found: list[Support]) -> list[Support]:
        """For a topic listed as several sub-topics ("land ice or glaciers or ice shelves or icebergs"), the papers
        whose closest abstract sentence comes near the list as a whole (LIST_AGREEMENT): the items describe one
        subject, and a paper grounded on one item by a passing word is far from it ("clustering" said by an LLM meta
        study, 0.23, in "scaling classical ML algorithms in parallel, clustering, regression"; "benchmarks" in a
        quantization paper's results, 0.28). A paper whose title says an item is on it ("Ice Drift Forecasts …",
        0.34 to "forecasts, emulators, ensembles"), and so is one that says a name listed (NAME_ZIPF: "ResNeXt" in
        "ResNet-family models (ResNet or ResNeXt)", 0.27 to the list of names; in a versioned form too, "ResNext50"),
        and one whose text says two items (a compiler paper on "compiler" and "loops", 0.24 to "compiler / HPC-kernel
        work (stencils, loops, GEMM)").
        Fewer alternatives: unchanged."""
        alts = alternatives(topic)
        if len(alts) < LIST_ITEMS or not found:
            return found
        sentences, vectors, runs = self._sentences([sp.paper for sp in found], keep=False)
        sims = vectors @ self._query(" ".join(alts))
        near = {p.id: float(sims[a:b].max()) for p, a, b in runs if b > a}
        titled = lambda p: any(_has_all(content_terms(a), vocabulary(p.title or "")) for a in alts)  # noqa: E731
        names = {w for a in alts for w in content_terms(a) if distinct.zipf(w) < NAME_ZIPF}
        versions = {w: written_forms(w, self._names()) for w in names}  # "ResNext50" for "ResNeXt", as rules read it
        named = lambda p: any(versions[w] & self._whole_of(p) for w in names)  # noqa: E731
        several = lambda p: sum(_has_all(content_terms(a), self._whole_of(p)) for a in alts) >= 2  # noqa: E731
        return [
            sp
            for sp in found
            if near.get(sp.paper.id, 1.0) >= LIST_AGREEMENT or titled(sp.paper) or named(sp.paper) or several(sp.paper)
        ]
