"""Parsed files by content: an unchanged file is never parsed twice, so a re-ingest costs what changed.

The key is a hash of the parser code, the file's name (it is in every entry's source), the manifest's capture year
for it, and its bytes; the value is the file's entries and report as JSON, one file per key in the store's
`parsed/` folder. A corrupt or unreadable cache file is a miss, never an error. After an ingest the entries no file
of that run used are removed (`keep_only`), so the folder holds one corpus's files.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from functools import cache
from pathlib import Path

from assistant.models import ParseWarning, RawEntry

FOLDER = "parsed"


@cache
def code_version() -> str:
    """A hash of the code that turns bytes into entries: a parser change makes every cached file a miss."""
    here = Path(__file__).resolve().parent
    h = hashlib.sha256()
    for path in sorted([*here.glob("*.py"), here.parent / "text.py", here.parent / "models.py"]):
        h.update(path.name.encode() + b"\0" + path.read_bytes())
    try:
        from importlib.metadata import version

        h.update(version("bibtexparser").encode() + version("pylatexenc").encode())
    except Exception:  # noqa: BLE001 - a missing distribution only weakens the key to our own code
        pass
    return h.hexdigest()[:16]


def key(name: str, capture_year: int | None, raw: bytes) -> str:
    h = hashlib.sha256(f"{code_version()}\0{name}\0{capture_year}\0".encode())
    h.update(raw)
    return h.hexdigest()


class ParseCache:
    def __init__(self, folder: Path):
        self.folder = Path(folder)
        self.used: set[str] = set()
        self.hits = 0

    def get(self, k: str) -> tuple[str | None, list[RawEntry], list[ParseWarning], list[dict], dict] | None:
        self.used.add(k)
        try:
            data = json.loads((self.folder / f"{k}.json").read_text(encoding="utf-8"))
            found = (
                data["shape"],
                [RawEntry.model_validate(e) for e in data["entries"]],
                [ParseWarning.model_validate(w) for w in data["warnings"]],
                list(data.get("facts", [])),  # figures the page states (h-index, citations): a profile's facts
                dict(data.get("page", {})),  # what a page says of itself (page_statements)
            )
        except (OSError, ValueError, KeyError, TypeError):
            return None
        self.hits += 1
        return found

    def put(
        self,
        k: str,
        shape: str | None,
        entries: list[RawEntry],
        warnings: list[ParseWarning],
        facts: list[dict] | None = None,
        page: dict | None = None,
    ) -> None:
        self.used.add(k)
        body = json.dumps(
            {
                "shape": shape,
                "entries": [e.model_dump(mode="json") for e in entries],
                "warnings": [w.model_dump(mode="json") for w in warnings],
                "facts": facts or [],
                "page": page or {},
            },
            ensure_ascii=False,
        )
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.folder, prefix=".", suffix=".part")
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(body)
            os.replace(tmp, self.folder / f"{k}.json")
        except OSError:
            pass  # a cache that cannot be written costs a parse next time, nothing more

    def keep_only(self, keys: set[str]) -> None:
        """Remove cached files no longer in the corpus (and temporary files a killed writer left)."""
        if not self.folder.is_dir():
            return
        for path in self.folder.iterdir():
            if path.name.endswith(".json") and path.stem in keys:
                continue
            path.unlink(missing_ok=True)
