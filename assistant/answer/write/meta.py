"""Answers about the corpus and the assistant rather than a topic: a greeting, and bibliometrics (citation counts,
h-index) as far as the sources state them."""

from __future__ import annotations

from assistant.answer.check.citations import Citations, finish
from assistant.answer.corpus import Corpus
from assistant.answer.plan.plan import QueryPlan
from assistant.answer.write.format import name
from assistant.models import Answer


def greeting(corpus: Corpus, plan: QueryPlan) -> Answer:
    """A short hello and what can be asked, with the corpus's own size and years (no claim, nothing to cite)."""
    own = [p for p in corpus.papers if p.is_author_work]
    years = sorted(p.year for p in own if p.year)
    span = f", {years[0]}–{years[-1]}" if years else ""
    example = min((p for p in own if p.title), key=lambda p: len(name(p)), default=None)
    about = f"What does {name(example).strip('*')} propose?" if example else "What does his latest paper propose?"
    text = (
        f"Hello! I answer questions about {corpus.principal}'s research from the papers in this corpus "
        f"({len(own)} of theirs{span}, {len(corpus.papers)} papers in all), citing the sources for every claim. "
        f"You can ask, for example: “{about}”, “Which of their papers are about a topic, or from a period?”, "
        "“How many papers did they write with a co-author?”, “What are their main research themes?”, "
        "“Compare two papers”, and follow-ups such as “which of those came out first?”."
    )
    return finish(text, Citations(), route="greeting")


def metrics(corpus: Corpus, plan: QueryPlan) -> Answer:
    """Citation counts and h-index: what the profile pages state, with their source file; said plainly when the
    sources state none (and that they give no per-paper citation counts)."""
    facts = corpus.profile
    if not facts:
        text = (
            f"The sources in this corpus state no citation counts or h-index for {corpus.principal}, and they give no "
            "per-paper citation counts, so I cannot answer that from them."
        )
        return finish(text, Citations(), route="metrics")
    stated = "; ".join(f"{f.label} {f.value} (stated on {f.source})" for f in facts)
    text = (
        f"The profile page in the sources states for {corpus.principal}: {stated}. "
        "The sources give no per-paper citation counts."
    )
    return finish(text, Citations(), route="metrics")
