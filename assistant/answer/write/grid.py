"""A comparison as a grid: one column per paper; rows for the problem, the approach, the hardware or data and the
result, each cell a verbatim, cited whole sentence (or one whole item of an enumerated one) chosen by its role;
then one sentence saying what differs, built from the grid: the rows whose cells share few terms, and which of the
stated figures is larger.
"""

from __future__ import annotations

import re

from assistant.answer.check.citations import Citations, finish_blocks
from assistant.answer.check.claim_parts import numbers
from assistant.answer.corpus import Corpus
from assistant.answer.evidence import clauses
from assistant.answer.evidence.roles import RoleSentence, of_role, with_roles
from assistant.answer.evidence.weigh import HAS_QUANTITY
from assistant.answer.plan.plan import QueryPlan
from assistant.answer.write.by_role import best, ranked, statement
from assistant.answer.write.extractive import clause
from assistant.answer.write.format import name, when
from assistant.index.bm25 import terms
from assistant.models import Answer, Claim, Paper, Paragraph, Table

ROWS = ("Problem", "Approach", "Hardware / data", "Result")
ASKED_ROW = "On the question"
# Where an approach runs and what it is measured on: hardware, machines, data and benchmark words.
_SETTING = re.compile(
    r"\b(GPUs?|CPUs?|TPUs?|FPGAs?|NPUs?|Ascend|A100s?|H100s?|V100s?|supercomputers?|clusters?|nodes?|cores?|Sunway|"
    r"Tianhe[-\w]*|accelerators?|devices?|hardware|processors?|data ?sets?|benchmarks?|ImageNet|CIFAR[-\w]*|corpora|"
    r"corpus|workloads?|kernels?|models?|molecules?|molecular|solids?|systems? with)\b",
    re.I,
)
# Cells sharing less than this share of terms (Jaccard) count as a row where the papers differ.
DIFFERENT = 0.2
NOT_STATED = "—"


def _cell_text(question: str, s: RoleSentence | None) -> str | None:
    return None if s is None else clauses.focus(question, s.text)


def rows_for(plan: QueryPlan, paper: Paper, corpus: Corpus) -> dict[str, str | None]:
    """The paper's sentence for each row: problem (motivation, else background), approach (method), hardware or data
    (the sentence naming most settings), result (a result with a figure first); none used twice."""
    scores = ranked(plan, paper, corpus)
    sentences = [s for s in with_roles(paper, corpus.picker.stored) if statement(s)]
    used: set[str] = set()

    def take(candidates: list[RoleSentence]) -> RoleSentence | None:
        s = best([c for c in candidates if c.text not in used], scores)
        if s is not None:
            used.add(s.text)
        return s

    approach = take(of_role(sentences, "method"))
    results = of_role(sentences, "result")
    result = take([s for s in results if HAS_QUANTITY.search(s.text)] or results)
    problem = take(of_role(sentences, "motivation") or of_role(sentences, "background"))
    # Where it runs and what it is measured on is said in a method or a result, not in the field's background.
    setting = [
        s for s in sentences if s.text not in used and s.role in ("method", "result") and _SETTING.search(s.text)
    ]
    most = max((len(_SETTING.findall(s.text)) for s in setting), default=0)
    hardware = take([s for s in setting if len(_SETTING.findall(s.text)) == most])
    out = {
        "Problem": _cell_text(plan.words, problem),
        "Approach": _cell_text(plan.words, approach),
        "Hardware / data": _cell_text(plan.words, hardware),
        "Result": _cell_text(plan.words, result),
    }
    # The sentence that answers the question itself, when no row holds it ("which metric does each report?"): the
    # best one the rows left.
    rest = max((s for s in sentences if s.text not in used), key=lambda s: scores.get(s.text, -1.0), default=None)
    if rest is not None:
        out[ASKED_ROW] = clauses.focus(plan.words, rest.text)
    return out


def _overlap(a: str, b: str) -> float:
    ta, tb = set(terms(a)), set(terms(b))
    return len(ta & tb) / len(ta | tb) if ta | tb else 1.0


def _figures(text: str) -> list[tuple[float, str]]:
    out = []
    for v, u in numbers(text):
        if u in ("x", "%"):
            try:
                out.append((float(v), u))
            except ValueError:
                pass
    return out


def differs(papers: list[Paper], grid: dict[str, list[str | None]], markers: list[str]) -> str:
    """One sentence from the grid: the rows whose cells share few terms, and the larger figure where two results
    state one in the same unit."""
    differing = []
    for row, cells in grid.items():
        present = [c for c in cells if c]
        if row == ASKED_ROW or len(present) < 2:
            continue
        pairs = [_overlap(a, b) for i, a in enumerate(present) for b in present[i + 1 :]]
        if sum(pairs) / len(pairs) < DIFFERENT:
            differing.append(row.lower())
    if differing:
        rows = differing[0] if len(differing) == 1 else ", ".join(differing[:-1]) + " and " + differing[-1]
        text = f"What differs: their {rows} differ (the cells share few terms)"
    else:
        text = "What differs: the cells of each row share many terms, so the papers differ mainly in detail"
    results = grid.get("Result", [])
    figures = [(max(_figures(c)) if c and _figures(c) else None) for c in results]
    units = {f[1] for f in figures if f}
    for unit in units:
        same = [(f[0], i) for i, f in enumerate(figures) if f and f[1] == unit]
        if len(same) >= 2:
            same.sort(reverse=True)
            (hi, i), (lo, j) = same[0], same[1]
            text += (
                f"; the larger stated figure is {name(papers[i])}'s {hi:g}{unit} {markers[i]}, against "
                f"{lo:g}{unit} for {name(papers[j])} {markers[j]}"
            )
            break
    return text + "."


def write_comparison(plan: QueryPlan, papers: list[Paper], corpus: Corpus) -> Answer:
    """The grid (one column per paper, a row per aspect, each cell quoted and cited), then what differs."""
    cites = Citations()
    per_paper = [rows_for(plan, p, corpus) for p in papers]
    grid: dict[str, list[str | None]] = {}
    for row in (*ROWS, ASKED_ROW):
        cells = [r.get(row) for r in per_paper]
        if any(cells):
            grid[row] = cells
    markers = []
    for p, r in zip(papers, per_paper):
        first = next((c for c in r.values() if c), None)
        markers.append(cites.cite(p, first) if first else "")
    header = [""] + [f"{name(p)}{when(p)}" for p in papers]
    rows = [
        [[Claim(text=row)]]
        + [[Claim(text=f"{clause(c)} {markers[i]}")] if c else [Claim(text=NOT_STATED)] for i, c in enumerate(cells)]
        for row, cells in grid.items()
    ]
    blocks = [Table(header=header, rows=rows)]
    if len(papers) >= 2:
        blocks.append(Paragraph(claims=[Claim(text=differs(papers, grid, markers))]))
    return finish_blocks(blocks, cites, route="compare", papers=[p.id for p in papers])
