"""What the LLM is asked to do for each kind of question (the answer prompt's {operation}): the same shape the
extractive writer of that kind gives, so a model answer and its fallback read alike."""

from __future__ import annotations

from assistant.models import Table

OPERATIONS = {
    "verify": (
        'this is a yes/no question. Open with Yes, No, or "The abstracts do not say", then give the one source '
        "sentence that decides it, cited. If the question's premise is false, say No and correct it in the first "
        "sentence. Never answer yes only because the paper exists: decide from what its sentences say."
    ),
    "why": "this asks why: give the motivation the source states (the problem with earlier approaches), cited.",
    "how": "this asks how: describe the method as the source states it, cited.",
    "summary": (
        "summarise the paper: its problem, its method and its headline result, in that order, each as a list item, "
        "cited."
    ),
    "topic_summary": (
        "summarise the topic: one list item per source paper with its contribution (method and headline result), cited."
    ),
}
GENERIC = "answer the question directly, then give the supporting details."


def grid_operation(table: Table) -> str:
    """The comparison's grid, row by row, as the model is asked to fill it (starting from the sources' sentences)."""
    rows = [row[0][0].text for row in table.rows if row and row[0]]
    lines = [
        "compare the sources as a markdown table: a header row with an empty first cell and one column per source, "
        f"then one row each for {', '.join(rows)}. Each cell is a short clause taken from that source, ending with "
        "its marker (write — where a source says nothing on a row). After the table, one sentence saying what "
        "differs. The sources' own sentences for these rows, to start from:"
    ]
    for row in table.rows:
        cells = ["; ".join(c.text for c in cell) for cell in row[1:]]
        lines.append(f"- {row[0][0].text}: " + " | ".join(cells))
    return "\n".join(lines)


def operation(kind: str | None, grid: Table | None = None) -> str:
    if kind == "compare" and grid is not None:
        return grid_operation(grid)
    return OPERATIONS.get(kind or "", GENERIC)
