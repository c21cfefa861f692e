"""Prompt files from prompts/: loaded once, checked for exactly the variables the code fills in."""

from __future__ import annotations

import string
from pathlib import Path

from assistant.errors import ConfigError

REQUIRED = {
    "system": {"principal"},
    "answer": {"principal", "sources", "question", "operation"},
    "condense": {"principal", "history", "question"},
}


class Prompts:
    def __init__(self, texts: dict[str, str]):
        self.texts = texts

    @classmethod
    def load(cls, folder: Path) -> Prompts:
        texts = {}
        for key, needed in REQUIRED.items():
            path = folder / f"{key}.md"
            if not path.exists():
                raise ConfigError(
                    f"Prompt file {path} is missing: restore it from the repository (it needs the "
                    f"variables {sorted(needed)})."
                )
            text = path.read_text(encoding="utf-8")
            found = {f for _, f, _, _ in string.Formatter().parse(text) if f}
            if found != needed:
                raise ConfigError(
                    f"Prompt file {path} uses variables {sorted(found)}; it must use exactly {sorted(needed)}."
                )
            texts[key] = text
        return cls(texts)

    def render(self, key: str, **values: str) -> str:
        return self.texts[key].format(**values)
