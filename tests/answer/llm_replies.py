"""The labelled model replies of tests/data/llm_replies/ and how an answer is scored against their labels.

Each file holds one question, the sources the model is expected to be given (in order), and replies the way real
models write them; each reply labels its claims by a distinctive phrase: `supported` (must stay, cited to
`source`), `fabricated` (must go), `swapped` (a true claim cited to the wrong source: must go or move to `source`).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from assistant import blocks
from assistant.answer.check.citations import check
from assistant.models import Answer

FOLDER = Path(__file__).resolve().parent.parent / "data" / "llm_replies"
# Anything that is a citation but not one of our canonical markers.
FOREIGN_MARKER = re.compile(
    r"【|】|\[\^|\[\s*(?:sources?|docs?|refs?)\b|\(\s*sources?\b|\[\d+\s*[,;–-]\s*\d+\]", re.IGNORECASE
)


def cases() -> list[dict]:
    out = []
    for path in sorted(FOLDER.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for reply in data["replies"]:
            out.append(
                {
                    **reply,
                    "question": data["question"],
                    "sources": data["sources"],
                    "source_ids": data.get("source_ids"),
                    "file": path.stem,
                }
            )
    return out


@dataclass
class Score:
    supported: int = 0  # supported claims in the replies
    kept: int = 0  # ... kept, cited to the right paper
    false_removals: int = 0  # ... removed (or cited to the wrong paper)
    fabricated: int = 0  # fabricated or swapped claims in the replies
    caught: int = 0  # ... removed, or (swapped) moved to the right paper
    problems: list[str] = field(default_factory=list)

    def add(self, other: Score) -> None:
        for name in ("supported", "kept", "false_removals", "fabricated", "caught"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.problems += other.problems

    def line(self) -> str:
        return (
            f"supported claims kept {self.kept}/{self.supported}, fabricated or swapped "
            f"caught {self.caught}/{self.fabricated}, "
            f"false removals {self.false_removals}"
        )


def _cited_papers(answer: Answer, key: str) -> list[str] | None:
    """Paper ids cited by the answer's claim holding `key`; None when no claim holds it."""
    for c in blocks.claims(answer.blocks):
        if key.casefold() in c.plain.casefold():
            return [answer.citations[n - 1].paper_id for n in c.cites if 0 < n <= len(answer.citations)]
    return None


def score(case: dict, answer: Answer, paper_ids: list[str]) -> Score:
    """How the final answer treated the labelled claims of one reply."""
    sc = Score()
    tag = f"{case['file']}/{case['id']}"
    llm = answer.mode == "llm"
    for claim in case["claims"]:
        cited = _cited_papers(answer, claim["key"]) if llm else None
        right = paper_ids[claim["source"] - 1] if "source" in claim else None
        if claim["label"] == "supported":
            sc.supported += 1
            if cited is not None and right in cited:
                sc.kept += 1
            else:
                sc.false_removals += 1
                sc.problems.append(
                    f"{tag}: supported claim {claim['key']!r} {'removed' if cited is None else f'cited to {cited}'}"
                )
        else:
            sc.fabricated += 1
            if cited is None or (claim["label"] == "swapped" and cited == [right]):
                sc.caught += 1
            else:
                sc.problems.append(f"{tag}: {claim['label']} claim {claim['key']!r} kept, cited to {cited}")
    if FOREIGN_MARKER.search(answer.answer):
        sc.problems.append(f"{tag}: a marker in another dialect survived: {answer.answer!r}")
    if problems := check(answer.answer, answer.citations):
        sc.problems.append(f"{tag}: citation contract broken: {problems}")
    for text in case.get("must_contain", []):
        if text not in answer.answer:
            sc.problems.append(f"{tag}: {text!r} should have stayed in {answer.answer!r}")
    for text in case.get("must_not_contain", []):
        if text in answer.answer:
            sc.problems.append(f"{tag}: {text!r} should be gone from {answer.answer!r}")
    if "citations" in case and llm and len(answer.citations) != case["citations"]:
        sc.problems.append(f"{tag}: {len(answer.citations)} citations, expected {case['citations']}")
    return sc
