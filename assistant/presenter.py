"""How a paper is written in every interface: authors ("et al." once), titles (derived ones marked once), year, arXiv
id.

Also turns the LaTeX of abstracts into plain Unicode text (`1.42$\\times$` → 1.42×) exactly as the web page's
`readable()` (assistant/api/static/render.js) does, so the API, CLI, REPL and web page show the same text.
The answer layer can call `reference_line`; the interfaces call `present_answer` / `present_events`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from typing import Protocol

from assistant import blocks
from assistant.models import Answer, Final, StreamEvent, Token
from assistant.text import escape_tags, neutralise

SHOWN_AUTHORS = 3
ET_AL = "et al."
DERIVED = "(derived title)"
NOT_AUTHORS = "not the author's"


class Presentable(Protocol):
    """What a paper and a citation both carry (`Paper`, `Citation`)."""

    title: str | None
    display_title: str
    authors: list[str]
    authors_truncated: bool
    year: int | None
    arxiv_id: str | None
    is_author_work: bool


# --- authors, titles, references ---------------------------------------------------------------------
def authors(names: list[str], truncated: bool = False, shown: int | None = SHOWN_AUTHORS) -> str:
    """ "A, B, C et al." when there are more than `shown` names or the source cut the list; "" when none are listed.

    `shown=None` lists every name (a card), still ending in "et al." when the source list was cut.
    """
    if not names:
        return ET_AL if truncated else ""
    more = truncated or (shown is not None and len(names) > shown)
    listed = names if shown is None else names[:shown]
    return ", ".join(listed) + (f" {ET_AL}" if more else "")


def sentence(text: str) -> str:
    """`text` ending in exactly one full stop: "et al." and "…" are not followed by another one."""
    text = text.rstrip()
    return text if not text or text[-1] in ".…?!" else text + "."


def is_derived(paper: Presentable) -> bool:
    return not paper.title


def derived_title(paper: Presentable) -> str:
    """The derived display title without the "(arXiv:ID)" it was given at ingest (the id is shown once, elsewhere)."""
    text = paper.display_title or ""
    if paper.arxiv_id:
        text = text.removesuffix(f" (arXiv:{paper.arxiv_id})")
    return text.strip() or (f"arXiv:{paper.arxiv_id}" if paper.arxiv_id else "untitled")


def title(paper: Presentable) -> str:
    """The title as plain text (LaTeX rendered); a derived title without any mark (see `title_label`)."""
    return plain_text(paper.title) if paper.title else plain_text(derived_title(paper))


def title_label(paper: Presentable) -> str:
    """The title, or the derived title marked "(derived title)" once."""
    return title(paper) if not is_derived(paper) else f"{title(paper)} {DERIVED}"


def details(paper: Presentable, shown: int | None = SHOWN_AUTHORS) -> list[str]:
    """What follows the title, in print order: authors, venue, year, arXiv id, DOI, and whose paper it is."""
    out = [authors(paper.authors, paper.authors_truncated, shown)] if paper.authors or paper.authors_truncated else []
    venue = getattr(paper, "venue", None)
    if venue and venue != "arXiv":  # "arXiv" says no more than the arXiv id does
        out.append(venue)
    if paper.year:
        out.append(str(paper.year))
    if paper.arxiv_id:
        out.append(f"arXiv:{paper.arxiv_id}")
    if doi := getattr(paper, "doi", None):
        out.append(f"doi:{doi}")
    if not paper.is_author_work:
        out.append(NOT_AUTHORS)
    return out


SEPARATOR = " · "


def reference_line(paper: Presentable, n: int | None = None, links: bool = False) -> str:
    """`[n] Title · A, B, C et al. · 2024 · arXiv:ID` (derived titles: `Name (derived title) · …`, the id once).

    Parts are joined by " · ", never by full stops, so "et al." and a title's "…" are never followed by another dot.
    """
    # Title, authors, venue and DOI are corpus text: markers, links and HTML tags in them made inert (a DOI
    # "10.1234/javascript:alert(1)" or a title "<script>…" reached /v1 content as they were).
    parts = [neutralise(part) for part in (title_label(paper), *details(paper))]
    if links and paper.arxiv_id:
        parts.append(arxiv_url(paper.arxiv_id))
    head = f"[{n}] " if n is not None else ""
    return head + SEPARATOR.join(parts)


def arxiv_url(arxiv_id: str) -> str:
    return f"https://arxiv.org/abs/{arxiv_id}"


# --- sources, named as a person would --------------------------------------------------------------------
# What each source shape is to a reader. Answers name a source this way; the file names stay in `--json`,
# /api/papers and the answer's meta, for tools.
SOURCE_KINDS = {
    "arxiv_listing": "arXiv listing",
    "glued_listing": "paper listing",
    "arxiv_atom": "arXiv feed",
    "profile_cards": "profile page",
    "profile_items": "profile page",
    "bibtex": "BibTeX export",
    "ris": "RIS export",
    "csl_json": "CSL-JSON export",
    "openalex": "OpenAlex record",
    "semantic_scholar": "Semantic Scholar record",
}


def source_name(shape: str) -> str:
    """ "the arXiv listing", "the profile page": a source file as a person calls it."""
    return f"the {SOURCE_KINDS.get(shape, 'listing')}"


def without_file_names(text: str, sources: list) -> str:
    """`text` (an attribution reason, a conflict note) with each source file name, or a run of them ("a.txt,
    b.txt", "a.txt:12"), replaced by what the sources are: "the profile page and the arXiv listing"."""
    names = {s.file: source_name(s.shape) for s in sources}
    if not names:
        return text
    one = "(?:" + "|".join(re.escape(f) for f in sorted(names, key=len, reverse=True)) + r")(?::\d+)?"
    run = re.compile(rf"{one}(?:, {one})*")

    def spoken(m: re.Match) -> str:
        kinds = list(dict.fromkeys(names[f.group().split(":")[0]] for f in re.finditer(one, m.group())))
        return kinds[0] if len(kinds) == 1 else ", ".join(kinds[:-1]) + " and " + kinds[-1]

    return run.sub(spoken, text)


# --- LaTeX → plain Unicode text (a port of render.js `readable`) ----------------------------------------
SYMBOLS = {
    "times": "×", "cdot": "·", "approx": "≈", "sim": "∼", "simeq": "≃", "propto": "∝", "leq": "≤", "le": "≤",
    "geq": "≥", "ge": "≥",
    "neq": "≠", "ne": "≠", "ll": "≪", "gg": "≫", "pm": "±", "mp": "∓", "div": "÷", "to": "→", "rightarrow": "→",
    "leftarrow": "←",
    "Rightarrow": "⇒", "Leftarrow": "⇐", "leftrightarrow": "↔", "uparrow": "↑", "downarrow": "↓", "infty": "∞",
    "partial": "∂",
    "nabla": "∇", "sum": "∑", "prod": "∏", "int": "∫", "in": "∈", "notin": "∉", "subset": "⊂", "subseteq": "⊆",
    "cup": "∪", "cap": "∩",
    "forall": "∀", "exists": "∃", "emptyset": "∅", "ldots": "…", "dots": "…", "cdots": "⋯", "prime": "′",
    "circ": "∘", "star": "⋆",
    "alpha": "α", "beta": "β", "gamma": "γ", "Gamma": "Γ", "delta": "δ", "Delta": "Δ", "epsilon": "ε",
    "varepsilon": "ε", "zeta": "ζ",
    "eta": "η", "theta": "θ", "Theta": "Θ", "kappa": "κ", "lambda": "λ", "Lambda": "Λ", "mu": "μ", "nu": "ν",
    "xi": "ξ", "pi": "π", "Pi": "Π",
    "rho": "ρ", "sigma": "σ", "Sigma": "Σ", "tau": "τ", "phi": "φ", "varphi": "φ", "Phi": "Φ", "chi": "χ",
    "psi": "ψ", "Psi": "Ψ",
    "omega": "ω", "Omega": "Ω", "ell": "ℓ", "log": "log", "ln": "ln", "exp": "exp", "max": "max", "min": "min",
    "sqrt": "√",
    "textasciitilde": "~", "textendash": "–", "textemdash": "—", "textbar": "|", "LaTeX": "LaTeX", "TeX": "TeX",
    "quad": " ", "qquad": " ", "em": "", "it": "", "bf": "", "rm": "", "left": "", "right": "", "big": "", "Big": "",
    "displaystyle": "",
}  # fmt: skip
WRAPPERS = (
    "textbf|textit|textsl|emph|textrm|texttt|textsf|textsc|textup|textnormal|mathrm|mathbf|mathit|mathsf|mathtt|mathcal|"
    "mathbb|mathfrak|boldsymbol|bm|text|mbox|operatorname|underline|overline|hat|bar|tilde|vec"
)
_WRAP = re.compile(rf"\\(?:{WRAPPERS})\s*\{{([^{{}}]*)\}}")
_SUP = dict(zip("0123456789+-=()niT", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁿⁱᵀ"))
_SUB = dict(zip("0123456789+-=()", "₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎"))
_LATEXISH = re.compile(r"[\\$`']")
_PARKED = "\u0001"  # an escaped \$ while math is resolved, so it never opens math


def _script(body: str, table: dict[str, str], mark: str) -> str:
    return "".join(table[c] for c in body) if body and all(c in table for c in body) else f"{mark}{body}"


def _math(body: str) -> str:
    s = re.sub(r"\\frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}", r"\1/\2", body)
    s = re.sub(r"\\sqrt\s*\{([^{}]*)\}", r"√\1", s)
    s = re.sub(r"\^\{([^{}]*)\}", lambda m: _script(m[1], _SUP, "^"), s)
    s = re.sub(r"_\{([^{}]*)\}", lambda m: _script(m[1], _SUB, "_"), s)
    s = re.sub(r"\^([0-9A-Za-z+-])", lambda m: _script(m[1], _SUP, "^"), s)
    s = re.sub(r"_([0-9])", lambda m: _script(m[1], _SUB, "_"), s)
    return re.sub(r"[{}]", "", s)


def plain_text(text: str | None) -> str:
    """LaTeX fragments as readable Unicode: `$\\times$` → ×, `\\textit{ab initio}` → ab initio, `$10^{3}$` → 10³.

    The same steps, in the same order, as render.js `readable()`; tests/core/test_presenter.py runs both on every
    seed abstract through a real browser and compares.
    """
    s = str(text or "")
    if not _LATEXISH.search(s):
        return s
    s = s.replace("\\$", _PARKED)
    s = re.sub(r"\\([%&#_{}])", r"\1", s)
    for _ in range(6):
        nxt = _WRAP.sub(r"\1", s)
        if nxt == s:
            break
        s = nxt
    s = re.sub(r"\$\$([^$]+)\$\$", lambda m: _math(m[1]), s)
    s = re.sub(r"\$(?!\s)([^$]{1,200}?)(?<!\s)\$", lambda m: _math(m[1]), s)
    s = re.sub(r"\\([A-Za-z]+)(\{\})?", lambda m: SYMBOLS.get(m[1], m[1]), s)
    s = re.sub(r"\\\\", " ", s)
    s = re.sub(r"\\[,;:! ]", " ", s)
    s = re.sub(r"\\(?=\s|\Z)", "", s)
    s = s.replace("``", "“").replace("''", "”")
    s = s.replace(_PARKED, "$")
    return re.sub(r"[ \t]{2,}", " ", s)


def present_text(text: str, quotes: list[str]) -> str:
    """`text` as plain text, with each quote rendered on its own, so a shown quote is a verbatim span of the shown text.

    (Rendering the whole text at once could pair a stray `$` inside a quote with one outside it.)
    """
    # an answer puts its [n] before the quoted sentence's full stop: look for the sentence without it
    needles = {q.strip().rstrip(".") for q in quotes} - {""}
    spans = sorted({m.span() for q in needles for m in re.finditer(re.escape(q), text)})
    out, at = [], 0
    for a, b in spans:
        if a < at:  # overlapping quotes: the earlier one wins
            continue
        out += [plain_text(text[at:a]), plain_text(text[a:b])]
        at = b
    out.append(plain_text(text[at:]))
    return "".join(out)


def present_answer(answer: Answer) -> Answer:
    """The answer as people are shown it: LaTeX rendered in its text, its quotes and its titles, and no HTML tag in
    any of them, whoever wrote it (corpus, model or rendering)."""
    quotes = [c.quote for c in answer.citations]
    citations = [
        c.model_copy(
            update={
                "quote": escape_tags(plain_text(c.quote)),
                "title": escape_tags(plain_text(c.title)) if c.title else None,
                "display_title": escape_tags(plain_text(c.display_title)),
            }
        )
        for c in answer.citations
    ]
    # Each claim and header cell rendered on its own, then the text written from the rendered blocks: the blocks and
    # the text a client gets say the same.
    shown = blocks.map_text(blocks.of(answer), lambda t: escape_tags(present_text(t, quotes)))
    return answer.model_copy(update={"answer": blocks.to_markdown(shown), "blocks": shown, "citations": citations})


# --- the answer as JSON: `ask --json`, /api/chat, the SSE `citations` event and /v1's extension fields ------------
def references(answer: Answer) -> list[str]:
    """One `[n] Title · authors · year · arXiv:id` line per citation, as the CLI and the chat print them."""
    return [reference_line(c, c.n) for c in answer.citations]


def public_meta(answer: Answer) -> dict:
    """The answer's meta with the counts every response carries (0 where nothing was checked or removed); the plan
    has its own key."""
    return {"invalid_citations_removed": 0, **{k: v for k, v in answer.meta.items() if k != "plan"}}


def answer_json(answer: Answer) -> dict:
    """The one JSON shape of an answer (api/schemas/chat.py `AnswerOut` documents it); the caller presents it first."""
    return {
        "answer": answer.answer,
        "blocks": [b.model_dump(mode="json") for b in blocks.of(answer)],
        "citations": [c.model_dump(mode="json") for c in answer.citations],
        "mode": answer.mode,
        "notice": answer.notice,
        "references": references(answer),
        "meta": public_meta(answer),
        "plan": answer.meta.get("plan"),
    }


# --- streamed answers ------------------------------------------------------------------------------------
_COMMAND_BEFORE_SPACE = re.compile(r"\\[A-Za-z]*\s*$")


def _safe_cut(text: str) -> int:
    """The last place the text can be split so that rendering both parts equals rendering it whole (0: none yet).

    A cut must sit after whitespace and before the next word (not before a `\\ ` that renders as a space),
    outside math (`$` count even), outside braces,
    and not right after a `\\command` that may take the next `{…}` as its argument.
    """
    cut, dollars, depth, i = 0, 0, 0, 0
    while i < len(text):
        c = text[i]
        if c == "\\":
            i += 2  # an escaped character never opens math or a group
            continue
        if c == "$":
            dollars += 1
        elif c == "{":
            depth += 1
        elif c == "}":
            depth = max(0, depth - 1)
        elif (
            c.isspace()
            and i + 1 < len(text)
            and not text[i + 1].isspace()
            and text[i + 1] != "\\"
            and dollars % 2 == 0
            and depth == 0
            and not _COMMAND_BEFORE_SPACE.search(text[max(0, i - 40) : i + 1])
        ):
            cut = i + 1
        i += 1
    return cut


MAX_HELD = 2000


_LATEX_CHARS = re.compile(r"[\\${}]")


class StreamRenderer:
    """Renders streamed answer pieces as they come, holding back an unfinished `$…$`, `{…}` or `\\command`."""

    def __init__(self) -> None:
        self.pending = ""

    def feed(self, piece: str) -> str:
        self.pending += piece
        # A stray `$` would hold everything back: past this much, show it (the final answer event is exact anyway).
        # Text with no `\`, `$` or braces renders as itself whatever follows: nothing to hold back (the last word of
        # an answer would otherwise wait for the final event, and the page would draw it only then).
        if not _LATEX_CHARS.search(self.pending) or len(self.pending) >= MAX_HELD:
            cut = len(self.pending)
        else:
            cut = _safe_cut(self.pending)
        if not cut:
            return ""
        done, self.pending = self.pending[:cut], self.pending[cut:]
        return plain_text(done)

    def flush(self) -> str:
        done, self.pending = self.pending, ""
        return plain_text(done)


def present_events(events: Iterator[StreamEvent]) -> Iterator[StreamEvent]:
    """The core's answer events as people are shown them: tokens rendered as they stream, the final answer presented."""
    renderer = StreamRenderer()
    try:
        for event in events:
            match event:
                case Token(text=text):
                    if shown := renderer.feed(text):
                        yield Token(shown)
                case Final(answer=answer):
                    if rest := renderer.flush():
                        yield Token(rest)
                    yield replace(event, answer=present_answer(answer))
                case _:  # a producer still yielding something else (say an old dict) fails here, not in a view
                    raise TypeError(f"not an answer stream event: {event!r}")
    finally:
        close = getattr(events, "close", None)
        if close:
            close()
