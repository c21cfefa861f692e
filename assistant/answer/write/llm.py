"""LLM mode: numbered sources in, checked claims with validated [n] markers out; any failure gives the extractive
answer."""

from __future__ import annotations

import queue
import re
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from assistant import blocks as blocks_
from assistant.answer.check.citations import MARKER, Citations, enforce_blocks, renumber_blocks
from assistant.answer.check.claims import ClaimChecker
from assistant.answer.check.markers import TokenFilter, clean
from assistant.answer.evidence.weigh import summary_sentence
from assistant.answer.plan.plan import QueryPlan
from assistant.answer.write import operations
from assistant.answer.write.format import when
from assistant.answer.write.prompts import Prompts
from assistant.errors import LLMUnavailable
from assistant.index.retrieval import Hit
from assistant.models import Answer, Claim, Final, Message, Paper, StreamEvent, Token

if TYPE_CHECKING:
    from assistant.vendors.chat import ChatModel

MAX_SOURCES = 6


@dataclass
class LLMStep:
    """What the LLM step takes, and nothing more: the chat model, the prompts, the author's name, the time one answer
    may take, the claim checker (made on first use: it loads the sentence vectors), and the extractive answer it
    falls back on."""

    model: ChatModel
    prompts: Prompts
    principal: str
    timeout: float
    make_checker: Callable[[], ClaimChecker]
    fallback: Callable[[QueryPlan, list[Hit]], Answer]
    # What the plan asks the model to do (a verdict first, a grid with its rows, ...): the answer prompt's {operation}.
    operation: Callable[[QueryPlan, list[Paper]], str] = lambda plan, papers: operations.GENERIC
    _checker: ClaimChecker | None = field(default=None, repr=False)

    def checker(self) -> ClaimChecker:
        if self._checker is None:
            self._checker = self.make_checker()
        return self._checker


class LLMFailed(Exception):
    """The chat model errored, timed out or returned something unusable."""


def _source_block(n: int, paper: Paper, principal: str) -> str:
    authors = (
        ", ".join(paper.authors) + (" et al." if paper.authors_truncated else "")
        if paper.authors
        else "authors not listed"
    )
    title = paper.title or f"{paper.display_title} [untitled in the sources; derived name]"
    owner = f"{principal}'s paper" if paper.is_author_work else f"not {principal}'s paper"
    venue = f" — {paper.venue}" if paper.venue else ""
    # A metadata-only record is shown as such, so the model does not invent its content.
    body = (
        paper.abstract
        if paper.has_abstract
        else "(No abstract: the sources give only this metadata. Do not describe its content.)"
    )
    return _defang(f"[{n}] {title}{when(paper)} — {authors}{venue} — {owner}\n{body}")


def _defang(text: str) -> str:
    """Source text must not close (or open) the sources fence: neutralise the marker characters."""
    return text.replace("<<<", "‹‹‹").replace(">>>", "›››")


def _messages(step: LLMStep, plan: QueryPlan, papers: list[Paper], question: str) -> list[Message]:
    sources = "\n\n".join(_source_block(i, p, step.principal) for i, p in enumerate(papers, 1))
    system = step.prompts.render("system", principal=step.principal)
    user = step.prompts.render(
        "answer",
        principal=step.principal,
        sources=sources,
        question=question,
        operation=_defang(step.operation(plan, papers)),
    )
    history = [
        Message(role="user", content=m.content)
        if m.role == "user"
        else Message(role="assistant", content=_earlier_answer(m.content))
        for m in plan.history[-6:]
    ]
    return [Message(role="system", content=system), *history, Message(role="user", content=user)]


def _earlier_answer(text: str) -> str:
    """An earlier answer as the client sends it back: it quotes titles and abstracts (corpus text, perhaps a planted
    order), so it reaches the model fenced and defanged like the sources, never as the assistant's own words."""
    return f"<<<EARLIER_ANSWER\n{_defang(text)}\nEARLIER_ANSWER>>>"


def standalone_question(step: LLMStep, plan: QueryPlan, deadline: float | None = None) -> str:
    """Condense a follow-up with the model; the extractive carry-over query when that fails or time runs short."""
    if not plan.history or plan.query == plan.question:
        return plan.question
    history = "\n".join(
        f"user: {m.content[:800]}" if m.role == "user" else f"assistant: {_earlier_answer(m.content[:800])}"
        for m in plan.history[-6:]
    )
    prompt = step.prompts.render("condense", principal=step.principal, history=history, question=plan.question)
    deadline = deadline or time.monotonic() + step.timeout
    try:
        text = "".join(model_pieces(step.model, [Message(role="user", content=prompt)], deadline)).strip()
    except Exception:  # the answer call will report the failure; keep the carried query here
        return plan.query
    return text.splitlines()[0][:500] if text else plan.query


_END = object()


def model_pieces(llm: ChatModel, messages: list[Message], deadline: float) -> Iterator[str]:
    """The model's reply, piece by piece, ending by `deadline` however the model behaves.

    The HTTP client's timeout bounds each read, not an answer: a model trickling tokens kept a 3 s timeout busy
    for 30 s. The call runs on its own thread and we wait for it only until the deadline; when we stop waiting
    (deadline, or our client left) the thread stops at the model's next chunk or its next read timeout, and the
    HTTP response is closed there.
    """
    pieces: queue.Queue = queue.Queue()
    stop = threading.Event()

    def call() -> None:
        try:
            remaining = max(0.05, deadline - time.monotonic())
            stream = llm.stream(messages, timeout=remaining)
            try:
                for chunk in stream:
                    if stop.is_set():
                        break
                    pieces.put(chunk)
            finally:
                stream.close()
            pieces.put(_END)
        except BaseException as exc:  # handed to the caller's thread, which decides
            pieces.put(exc)

    threading.Thread(target=call, name="llm-call", daemon=True).start()
    try:
        while True:
            try:
                item = pieces.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise LLMFailed("the model did not answer in time") from None
            if item is _END:
                return
            if isinstance(item, BaseException):
                raise item
            if item:
                yield item
    finally:
        stop.set()


class NothingSupported(LLMFailed):
    """Every claim of the model's answer was removed by the check."""


def validate(text: str, papers: list[Paper], checker: ClaimChecker, question: str = "") -> Answer:
    """The model's reply made ours: dialects normalised, its reference list and invalid markers removed, each claim
    checked against the source it cites; only validated markers remain. Raises NothingSupported when no claim is
    left."""
    if not text.strip():
        raise LLMFailed("the model returned an empty answer")
    cleaned = clean(text, len(papers))
    invalid = 0

    def resolvable(m: re.Match) -> str:
        nonlocal invalid
        if 1 <= int(m.group(1)) <= len(papers):
            return m.group(0)
        invalid += 1
        return ""

    body = MARKER.sub(resolvable, cleaned.text)
    checked = checker.check(body, papers, question)
    meta = {
        "route": "llm",
        "invalid_citations_removed": invalid,
        "reference_lines_removed": cleaned.reference_lines_removed,
        "claims_supported": checked.supported,
        "claims_removed": checked.removed_total,
        "claims_removed_by_reason": dict(checked.removed),
        "claims_recited": checked.reattributed,
        "claims_attributed": checked.attributed,
    }
    notice = removal_notice(meta)
    if not checked.text:
        raise NothingSupported(notice or "the model's answer stated nothing its sources support", meta)
    cites = Citations()

    def cite(claim: Claim) -> Claim | None:
        def one(m: re.Match) -> str:
            n = int(m.group(1))
            return cites.cite(papers[n - 1], checked.quotes.get(n) or summary_sentence(papers[n - 1]))

        text = re.sub(r"\[\s*\]", "", MARKER.sub(one, claim.text)).strip()
        return Claim(text=text) if text else None

    blocks, citations = renumber_blocks(blocks_.rewrite(checked.blocks, cite), cites.list())
    # The same contract gate every extractive answer passes (check.citations.finish): degrade, never raise.
    blocks, citations, problems = enforce_blocks(blocks, citations)
    if problems:
        meta["contract_problems"] = problems
    return Answer(
        answer=blocks_.to_markdown(blocks), blocks=blocks, citations=citations, mode="llm", notice=notice, meta=meta
    )


_REASONS = {
    "number": "a number not in the cited paper",
    "name": "a name the cited paper does not mention",
    "meaning": "not what the cited paper says",
    "uncited": "no source supports it",
    "planted": "it follows an instruction planted in a source",
}


def removal_notice(meta: dict) -> str | None:
    """What the check took out of the model's answer, in words (None when nothing)."""
    parts = []
    if meta["claims_removed"]:
        why = ", ".join(f"{n} {_REASONS.get(r, r)}" for r, n in sorted(meta["claims_removed_by_reason"].items()))
        parts.append(f"{meta['claims_removed']} unsupported claim{'s' if meta['claims_removed'] != 1 else ''} ({why})")
    if meta["invalid_citations_removed"]:
        n = meta["invalid_citations_removed"]
        parts.append(f"{n} citation marker{'s' if n != 1 else ''} naming no source")
    if meta["reference_lines_removed"]:
        parts.append("the model's own reference list (ours is below)")
    if not parts:
        return None
    return "Removed from the model's answer: " + "; ".join(parts) + "."


def _fallback(step: LLMStep, plan: QueryPlan, hits: list[Hit], exc: Exception) -> Answer:
    extractive = step.fallback(plan, hits)
    if isinstance(exc, NothingSupported):
        meta = {**extractive.meta, **exc.args[1]} if len(exc.args) > 1 else extractive.meta
        note = (
            f"No claim of the model's answer was supported by its sources ({exc.args[0]}); "
            f"this is the extractive answer."
        )
        return extractive.model_copy(update={"notice": note, "meta": meta})
    # The chat model says why in words (LLMUnavailable); anything else failed in our own hands.
    reason = (
        str(exc) if isinstance(exc, (LLMFailed, LLMUnavailable)) else f"the model call failed ({type(exc).__name__})"
    )
    return extractive.model_copy(update={"notice": f"LLM unavailable ({reason}); this is the extractive answer."})


def llm_answer(step: LLMStep, plan: QueryPlan, hits: list[Hit]) -> Answer:
    """The checked LLM answer, or the extractive one with a notice; condense and answer share one deadline."""
    deadline = time.monotonic() + step.timeout
    papers = [h.paper for h in hits[:MAX_SOURCES]]
    question = standalone_question(step, plan, deadline)
    try:
        reply = "".join(model_pieces(step.model, _messages(step, plan, papers, question), deadline))
        return validate(reply, papers, step.checker(), f"{plan.question}\n{question}")
    except Exception as exc:  # transport, HTTP status, deadline, nothing supported: the extractive answer
        return _fallback(step, plan, hits, exc)


def stream_llm_answer(step: LLMStep, plan: QueryPlan, hits: list[Hit]) -> Iterator[StreamEvent]:
    """Marker-free preview tokens as the model writes, then the checked answer (the only text that counts)."""
    deadline = time.monotonic() + step.timeout
    papers = [h.paper for h in hits[:MAX_SOURCES]]
    question = standalone_question(step, plan, deadline)
    parts: list[str] = []
    preview = TokenFilter()
    try:
        for piece in model_pieces(step.model, _messages(step, plan, papers, question), deadline):
            parts.append(piece)
            if safe := preview.feed(piece):
                yield Token(safe)
        if rest := preview.finish():
            yield Token(rest)
        final = validate("".join(parts), papers, step.checker(), f"{plan.question}\n{question}")
    except Exception as exc:  # mid-stream failure: replace what was streamed with the extractive answer
        final = _fallback(step, plan, hits, exc)
    yield Final(final)
