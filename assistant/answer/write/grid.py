"""A comparison as a grid: one column per paper; rows for the problem, the approach, the hardware or data and the
result, each cell a verbatim, cited whole sentence (or one whole item of an enumerated one) chosen by its role;
then one sentence saying what differs, built from the grid: the rows whose cells share few terms, and which of the
stated figures is larger.
"""

from __future__ import annotations

import re

import numpy as np

from assistant.answer.check.citations import Citations, finish_blocks
from assistant.answer.check.claim_parts import numbers
from assistant.answer.corpus import Corpus
from assistant.answer.evidence import clauses
from assistant.answer.evidence.roles import RoleSentence, of_role, with_roles
from assistant.answer.evidence.weigh import HAS_QUANTITY, QUANTITY, WANTS_METHOD, forms, paper_text, vocabulary
from assistant.answer.plan.intents import topic_words
from assistant.answer.plan.phrases.main_clause import asking_sentences
from assistant.answer.plan.plan import QueryPlan
from assistant.answer.write import aspect, grid_model
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
    r"Tianhe[-\w]*|accelerators?|devices?|hardware|processors?|machines?|platforms?|data ?sets?|benchmarks?|ImageNet|"
    r"CIFAR[-\w]*|corpora|corpus|workloads?|kernels?|models?|molecules?|molecular|solids?|systems? with)\b",
    re.I,
)
# A question asking how large the setting is: "what hardware scale", "how many GPUs", "how far does each scale".
_SCALE = re.compile(r"\b(?:scales?|scaled|scaling|how (?:many|large|big|far))\b", re.I)
# A setting counted: a number, then up to two words, then a setting noun ("64 GPUs", "20 million cores", "512 nodes").
_COUNTED_SETTING = re.compile(rf"(?<![\w.-])\d[\d,.]*\s+(?:[\w-]+\s+){{0,2}}?{_SETTING.pattern}", re.I)
# Cells sharing less than this share of terms (Jaccard) count as a row where the papers differ.
DIFFERENT = 0.2
NOT_STATED = "—"


# Nouns that ask for a stated outcome: a number a result sentence gives.
_OUTCOME = re.compile(
    r"\b(?:results?|findings?|errors?|accuracy|accuracies|speed-?ups?|gains?|improvements?|ratios?|"
    r"compression rates?)\b",
    re.I,
)
# "Compare the two HONPAS papers": a part of the question that only frames the comparison and asks nothing.
_FRAMING = re.compile(r"\s*(?:please\s+)?(?:compare|contrast|put|set|take|consider|look at)\b", re.I)
_ASKS = re.compile(r"\b(?:how|what|which|why|where|when|who|does|do|did|is|are)\b", re.I)
# The row a question's content asks about, by its form, first match wins; none: the extra "On the question" row.
_ASKED_ROWS = (
    ("Problem", re.compile(r"\bwhy\b|\bmotivat\w*|\bproblems?\b|\bchallenges?\b|\bgoals?\b", re.I)),
    # "what headline result does each give", "what error does each report": a stated outcome, said by its noun too
    ("Result", re.compile(rf"{QUANTITY.pattern}|{_OUTCOME.pattern}", re.I)),
    ("Hardware / data", _SETTING),
    (
        "Approach",
        re.compile(rf"{WANTS_METHOD.pattern}|\b(?:methods?|approach\w*|techniques?|schemes?|algorithms?)\b", re.I),
    ),
)
_ROW_ROLES = {"Problem": ("motivation", "background"), "Approach": ("method",), "Result": ("result",)}


def _figure(text: str) -> bool:
    """The sentence states a measured figure ("70%", "11$\\times$" as the source writes it)."""
    return bool(
        HAS_QUANTITY.search(text) or _LATEX_TIMES.search(text) or _MEASURE.search(text) or _WORD_COUNT.search(text)
    )


# A count written in words before what it counts ("as few as five labelled examples", "two thirds of the accuracy"):
# a figure too ("one" is left out: "one sensor" names no quantity).
_WORD_COUNT = re.compile(
    r"\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundreds?|"
    r"thousands?|millions?|billions?|dozens?|half|a third|a quarter|two thirds)\s+(?:of\s+)?(?:[\w-]+\s+){0,2}?"
    r"[a-z-]+s\b",
    re.I,
)


_LATEX_TIMES = re.compile(r"\d\s*\$?\s*\\times\b")
# A number with a short unit ("12 cm", "4.1 km", "0.05 dB"), not part of a name ("A100", "ResNet-34", "Sentinel-1").
_MEASURE = re.compile(
    r"(?<![\w.-])\d+(?:\.\d+)?\s?(?:[nµm]?m|cm|km|kg|g|ms|s|h|min|dB|[kMG]?Hz|[KMGT]B|[kMG]?W|pp|°C?)(?![\w-])"
)


def asked_part(question: str, papers: list[Paper]) -> str:
    """What each cell should answer: the question less the parts that only frame the comparison ("Compare the two
    HONPAS papers:") and less the words every compared paper holds (they name the shared subject, "electron
    repulsion integral", and tell no sentence apart)."""
    parts = [p for p in re.split(r"\s*[:;—–]\s*|\?\s*", asking_sentences(question)) if p.strip()]
    # A part that asks nothing beside one that asks only names the sides ("X vs. Y: how much data does each use?")
    asking = any(_ASKS.search(p) for p in parts)
    content = " ".join(p for p in parts if not ((_FRAMING.match(p) or asking) and not _ASKS.search(p))) or question
    if len(papers) < 2:
        return content
    shared = set.intersection(*(set(vocabulary(paper_text(p))) for p in papers))
    kept = [w for w in re.findall(r"[\w'-]+", content) if not (terms(w) and all(forms(t) & shared for t in terms(w)))]
    return " ".join(kept) if len(kept) >= 2 else content


# "how much labelled data the one needs with how much data the other was pretrained on": one clause asked of each side.
_ONE_OTHER = re.compile(
    r"^(?P<first>.*?\bthe (?:one|former|first)\b.*?)\s*(?:,\s*)?\b(?:with|and|against|while|whereas|versus|vs\.?|to)\b"
    r"(?P<second>.*?\bthe (?:other|latter|second)\b.*)$",
    re.I,
)


def each_asked(asked: str, i: int, n: int) -> str:
    """The clause asked of the i-th side when the question asks one thing of "the one" and another of "the other";
    empty otherwise (then every side is asked the same)."""
    m = _ONE_OTHER.search(asked) if n == 2 else None
    return m.group("first" if i == 0 else "second").strip() if m else ""


def asked_row(asked: str) -> tuple[str, bool]:
    """The row the question's content asks about, and whether the content says more than the row's own word: "what
    problem does each address?" is the problem row as it is; "how does each spread the work across processes?" is
    the approach row chosen by "spread the work across processes"."""
    for row, pattern in _ASKED_ROWS:
        if pattern.search(asked):
            return row, bool(topic_words(pattern.sub(" ", asked)))
    return ASKED_ROW, True


def _aspect_terms(corpus: Corpus, asked: str) -> dict[str, float]:
    """The aspect's own terms, weighted as the question's are: those of the asked part, which has lost the words every
    compared paper holds ("electron repulsion integral" in both HONPAS papers is their subject, not the aspect: read
    with them, "the calculation of the electron repulsion integrals" took the approach row from "distributed over
    shell pairs")."""
    return dict(corpus.qterms(asked).weights)


def _cell_text(question: str, s: RoleSentence | None) -> str | None:
    return None if s is None else clauses.focus(question, s.text)


def asked_reading(asked: str, said: str) -> tuple[str, bool, str]:
    """The row the question's content asks about, whether it says more than the row's word (`asked_row`), and the
    text its cell is ranked by."""
    row, specific = asked_row(asked) if asked else (ASKED_ROW, False)
    if row == ASKED_ROW and said and asked_row(said)[0] == "Result":
        # The outcome word every paper holds ("result", "error") still names the row, and tells its sentences apart
        row, specific = asked_row(said)
        return row, specific, said
    return row, specific, asked


_MODEL = object()  # rows_for's default: the shipped model (grid_model.model()), none when absent


def rows_for(
    plan: QueryPlan, paper: Paper, corpus: Corpus, asked: str = "", said: str = "", model=_MODEL
) -> dict[str, str | None]:
    """The paper's sentence for each row: problem (motivation, else background), approach (method), hardware or data
    (the sentence naming most settings), result (a result with a figure first); none used twice. The row the
    question's content asks about (`asked`: "how does each spread the work across processes?" asks the approach) is
    filled first, by the sentence that answers that content best (its row's role a tie-breaker), with the
    enumeration it announces. An outcome asked with a word every paper holds is read from `said`, the asked part
    with those words kept ("what headline compression result does each give": "result" is in both papers, yet it
    names the result row). With the learned model (grid_model), each of the other rows takes the candidate it finds
    likeliest to hold what a reader asks of the row; the result and setting rows then weigh every candidate."""
    scores = ranked(plan, paper, corpus)
    sentences = [s for s in with_roles(paper, corpus.picker.stored) if statement(s)]
    used: set[str] = set()
    learned = grid_model.model() if model is _MODEL else model
    ctx = (
        grid_model.context(
            plan.words, corpus.qterms(plan.words), paper, sentences, scores, corpus.picker, _figure, _SETTING
        )
        if learned is not None
        else None
    )

    def take(candidates: list[RoleSentence], roles: tuple[str, ...] = ()) -> RoleSentence | None:
        left = [c for c in candidates if c.text not in used]
        if learned is not None and left:
            p = learned.probabilities(grid_model.row_features(ctx, left, roles))
            s = left[int(np.argmax(p))]
        else:
            s = best(left, scores)
        if s is not None:
            used.add(s.text)
        return s

    first: dict[str, str] = {}
    row, specific, reading = asked_reading(asked, said)
    if specific and row != ASKED_ROW and sentences:
        on_asked = dict(corpus.picker.rank(reading, corpus.qterms(reading), [paper])[paper.id])
        roles = _ROW_ROLES.get(row, ())

        # An outcome asked ("what headline result does each give?"): a sentence stating a figure, when one does; a
        # scale of the setting asked ("what hardware scale did each run at?"): one counting a setting ("On an NVIDIA
        # A100 cluster with 64 GPUs, …", "scale up to 20 million cores"), when one does.
        stating = [s for s in sentences if _figure(s.text)] if row == "Result" else []
        if row == "Hardware / data" and _SCALE.search(said or reading):  # "scale" is in both papers: kept in `said`
            stating = [s for s in sentences if _COUNTED_SETTING.search(s.text)]

        def fits_row(s: RoleSentence) -> bool:
            # Among sentences stating a figure, the one on the asked content wins, whatever its role: "how much
            # labelled data does it need" is answered in a method sentence ("learns from five labelled examples").
            return not stating and (s.role in roles or (row == "Hardware / data" and bool(_SETTING.search(s.text))))

        pick, text = aspect.choose(stating or sentences, sentences, on_asked, fits_row, _aspect_terms(corpus, reading))
        used.update(x.text for x in sentences if x.text in text)
        first[row] = text if text != pick.text else clauses.focus(asked, pick.text)

    approach = take(of_role(sentences, "method"), _ROW_ROLES["Approach"]) if "Approach" not in first else None
    results = of_role(sentences, "result")
    quantified = results if learned is not None else [s for s in results if HAS_QUANTITY.search(s.text)]
    result = take(quantified or results, _ROW_ROLES["Result"]) if "Result" not in first else None
    problem = (
        take(of_role(sentences, "motivation") or of_role(sentences, "background"), _ROW_ROLES["Problem"])
        if "Problem" not in first
        else None
    )
    # Where it runs and what it is measured on is said in a method or a result, not in the field's background.
    setting = [
        s for s in sentences if s.text not in used and s.role in ("method", "result") and _SETTING.search(s.text)
    ]
    most = max((len(_SETTING.findall(s.text)) for s in setting), default=0)
    naming_most = setting if learned is not None else [s for s in setting if len(_SETTING.findall(s.text)) == most]
    hardware = take(naming_most, ("method", "result")) if "Hardware / data" not in first else None
    out = {
        "Problem": _cell_text(plan.words, problem),
        "Approach": _cell_text(plan.words, approach),
        "Hardware / data": _cell_text(plan.words, hardware),
        "Result": _cell_text(plan.words, result),
        **first,
    }
    if first:
        return out  # a row already answers the question's content
    # The sentence that answers the question itself, when no row holds it ("which metric does each report?"): the
    # best one the rows left.
    left = [s for s in sentences if s.text not in used]
    chosen = aspect.choose(left, sentences, scores, lambda s: False, _aspect_terms(corpus, asked or plan.words))
    if chosen is not None:
        pick, text = chosen
        whole = not any(x.text in used for x in sentences if x.text in text)  # an item another row quotes: alone
        out[ASKED_ROW] = text if whole and text != pick.text else clauses.focus(plan.words, pick.text)
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


def _joined(rows: list[str]) -> str:
    return rows[0] if len(rows) == 1 else ", ".join(rows[:-1]) + " and " + rows[-1]


def differs(
    papers: list[Paper], grid: dict[str, list[str | None]], markers: list[str], aspect: str | None = None
) -> str:
    """One sentence from the grid: the rows whose cells share few terms, the row of the asked aspect first (its cells
    are aspect.choose's), and the larger figure where two results state one in the same unit."""
    differing = []
    for row, cells in grid.items():
        present = [c for c in cells if c]
        if (row == ASKED_ROW and row != aspect) or len(present) < 2:
            continue
        pairs = [_overlap(a, b) for i, a in enumerate(present) for b in present[i + 1 :]]
        if sum(pairs) / len(pairs) < DIFFERENT:
            differing.append(row)
    others = [r.lower() for r in differing if r != aspect]
    if aspect in differing:
        said = "" if aspect == ASKED_ROW else f" ({aspect.lower()})"
        text = f"What differs: on what was asked{said}, the papers differ"
        text += f"; their {_joined(others)} differ too" if others else ""
        text += " (the cells share few terms)"
    elif others:
        text = f"What differs: their {_joined(others)} differ (the cells share few terms)"
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
    asked = asked_part(plan.words, papers)
    said = asked_part(plan.words, papers[:1])  # the framing dropped, every word kept
    sides = [(one, one) if (one := each_asked(said, i, len(papers))) else (asked, said) for i in range(len(papers))]
    # What rows_for ranks each paper by (the question, and the asked part when it names a row), embedded in one batch
    ranked_by = [(plan.words, p) for p in papers]
    for p, side in zip(papers, sides):
        row, specific, reading = asked_reading(*side)
        if specific and row != ASKED_ROW:
            ranked_by.append((reading, p))
    corpus.picker.prepare(ranked_by)
    per_paper = [rows_for(plan, p, corpus, *side) for p, side in zip(papers, sides)]
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
        row, specific, _ = asked_reading(*sides[0])
        aspect = row if specific and row in grid else ASKED_ROW if ASKED_ROW in grid else None
        blocks.append(Paragraph(claims=[Claim(text=differs(papers, grid, markers, aspect))]))
    return finish_blocks(blocks, cites, route="compare", papers=[p.id for p in papers])
