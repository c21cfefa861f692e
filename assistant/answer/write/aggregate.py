"""Questions about a kind of thing across the author's papers ("Which GPUs did he use?", "What datasets has he
evaluated on?"): every paper of his whose abstract names that kind, each with the sentence that names it.

Answered from one paper (the closest match, even another group's), such a question got one group's GPUs; the
answer is the union over his own papers, each claim cited to the abstract that makes it.
"""

from __future__ import annotations

from assistant.answer.check.citations import Citations
from assistant.answer.evidence.across import Mention, asked_kind, mentions  # noqa: F401 - imported from here by callers
from assistant.answer.write.format import name, plural, when
from assistant.answer.write.pages import page_of
from assistant.text import neutralise


def write(kind: str, found: list[Mention], who: str, cites: Citations, plan=None) -> str:
    """One line per paper of the plan's page: the sentence of its abstract that names the kind, cited; then the rest
    offered (pages.py)."""
    page = page_of(found, plan)
    lines = [f"The {kind} named in {who} ({plural(len(found), 'paper')}){page.span()}:"]
    for m in page.items:
        lines.append(
            f"- {name(m.paper)}{when(m.paper)}: {neutralise(m.sentence).rstrip(' .')} {cites.cite(m.paper, m.sentence)}"
        )
    return "\n".join(lines + page.closing())
