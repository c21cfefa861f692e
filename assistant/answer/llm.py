"""LLM mode: numbered sources in, validated [n] markers out; any failure raises LLMFailed for the extractive fallback."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING

from assistant.answer.citations import MARKER, Citations, renumber
from assistant.answer.evidence import QueryTerms, vocabulary
from assistant.answer.format import when
from assistant.ingest.text import research_sentences
from assistant.models import Answer, Paper
from assistant.retrieval import Hit

if TYPE_CHECKING:
    from assistant.answer.compose import Answerer, Plan

MAX_SOURCES = 6


class LLMFailed(Exception):
    """The chat model errored, timed out or returned something unusable."""


def _source_block(n: int, paper: Paper, principal: str) -> str:
    authors = ", ".join(paper.authors) + (" et al." if paper.authors_truncated else "") if paper.authors else "authors not listed"
    title = paper.title or f"{paper.display_title} [untitled in the sources; derived name]"
    owner = f"{principal}'s paper" if paper.is_author_work else f"not {principal}'s paper"
    venue = f" — {paper.venue}" if paper.venue else ""
    # A metadata-only record is shown as such, so the model does not invent its content.
    body = paper.abstract if paper.has_abstract else "(No abstract: the sources give only this metadata. Do not describe its content.)"
    return _defang(f"[{n}] {title}{when(paper)} — {authors}{venue} — {owner}\n{body}")


def _defang(text: str) -> str:
    """Source text must not close (or open) the sources fence: neutralise the marker characters."""
    return text.replace("<<<", "‹‹‹").replace(">>>", "›››")


def _messages(answerer: Answerer, plan: Plan, papers: list[Paper], question: str):
    from langchain_core.messages import HumanMessage, SystemMessage

    sources = "\n\n".join(_source_block(i, p, answerer.principal) for i, p in enumerate(papers, 1))
    system = answerer.prompts.render("system", principal=answerer.principal)
    user = answerer.prompts.render("answer", principal=answerer.principal, sources=sources, question=question)
    history = []
    from langchain_core.messages import AIMessage

    for m in plan.history[-6:]:
        history.append(HumanMessage(m.content) if m.role == "user" else AIMessage(m.content))
    return [SystemMessage(system), *history, HumanMessage(user)]


def standalone_question(answerer: Answerer, plan: Plan) -> str:
    """Condense a follow-up with the model; the extractive carry-over query when that fails."""
    if not plan.history or plan.query == plan.question:
        return plan.question
    history = "\n".join(f"{m.role}: {m.content[:800]}" for m in plan.history[-6:])
    prompt = answerer.prompts.render("condense", principal=answerer.principal, history=history, question=plan.question)
    try:
        text = _content(answerer.llm.invoke(prompt)).strip()
    except Exception:  # the answer call will report the failure; keep the carried query here
        return plan.query
    return text.splitlines()[0][:500] if text else plan.query


def _content(message) -> str:
    content = getattr(message, "content", message)
    if isinstance(content, list):  # some servers return content parts
        content = "".join(part.get("text", "") if isinstance(part, dict) else str(part) for part in content)
    if not isinstance(content, str):
        raise LLMFailed("the model returned no text")
    return content


def _quote(claim: str, paper: Paper, answerer: Answerer) -> str:
    """The sentence of the paper's abstracts sharing most (IDF-weighted) terms with the claim."""
    qterms = QueryTerms.of(claim, answerer.retriever.lexical)
    best, best_score = paper.abstract[:300], -1.0
    for abstract in paper.abstracts:
        for s in research_sentences(abstract):
            score = qterms.coverage(vocabulary(s))
            if score > best_score:
                best, best_score = s, score
    return best


def validate(text: str, papers: list[Paper], answerer: Answerer) -> Answer:
    """Map the model's markers to papers; drop unknown ones and count them."""
    if not text.strip():
        raise LLMFailed("the model returned an empty answer")
    cites = Citations()
    numbered = {i: p for i, p in enumerate(papers, 1)}
    invalid = 0

    def claim_of(pos: int) -> str:
        start = max(text.rfind(".", 0, pos), text.rfind("\n", 0, pos)) + 1
        return text[start:pos]

    # First pass: give every valid source a provisional number equal to its source number.
    out = []
    last = 0
    for m in MARKER.finditer(text):
        n = int(m.group(1))
        out.append(text[last : m.start()])
        if n in numbered:
            marker = cites.cite(numbered[n], _quote(claim_of(m.start()), numbered[n], answerer))
            out.append(marker)
        else:
            invalid += 1
        last = m.end()
    out.append(text[last:])
    new_text, citations, _ = renumber("".join(out), cites.list())
    new_text = re.sub(r"\[\s*\]", "", new_text)
    return Answer(answer=new_text, citations=citations, mode="llm", meta={"invalid_citations_removed": invalid, "route": "llm"})


def llm_answer(answerer: Answerer, plan: Plan, hits: list[Hit]) -> Answer:
    papers = [h.paper for h in hits[:MAX_SOURCES]]
    question = standalone_question(answerer, plan)
    try:
        reply = answerer.llm.invoke(_messages(answerer, plan, papers, question))
    except Exception as exc:  # transport, HTTP status, timeout: all mean "use the extractive answer"
        raise LLMFailed(_reason(exc)) from exc
    return validate(_content(reply), papers, answerer)


def stream_llm_answer(answerer: Answerer, plan: Plan, hits: list[Hit]) -> Iterator[dict]:
    papers = [h.paper for h in hits[:MAX_SOURCES]]
    question = standalone_question(answerer, plan)
    parts: list[str] = []
    # The client's timeout bounds each read; a model trickling tokens is bounded by this deadline too.
    deadline = time.monotonic() + 2 * answerer.settings.llm_timeout
    try:
        for chunk in answerer.llm.stream(_messages(answerer, plan, papers, question)):
            if time.monotonic() > deadline:
                raise LLMFailed("the model did not finish in time")
            piece = _content(chunk)
            if piece:
                parts.append(piece)
                yield {"type": "token", "text": piece}
        final = validate("".join(parts), papers, answerer)
    except Exception as exc:  # mid-stream failure: replace what was streamed with the extractive answer
        fallback = answerer.extractive(plan, hits)
        reason = _reason(exc) if not isinstance(exc, LLMFailed) else str(exc)
        final = fallback.model_copy(update={"notice": f"LLM unavailable ({reason}); this is the extractive answer."})
    yield {"type": "answer", "answer": final}


def _reason(exc: Exception) -> str:
    name = exc.__class__.__name__
    if "Timeout" in name:
        return "the model did not answer in time"
    if "Connection" in name:
        return "cannot connect to the model endpoint"
    status = getattr(exc, "status_code", None)
    if status:
        return f"the model endpoint answered HTTP {status}"
    if isinstance(exc, LLMFailed):
        return str(exc)
    return f"the model call failed ({name})"
