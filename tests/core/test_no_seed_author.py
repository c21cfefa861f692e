"""Nothing in the package names the seed corpus's author: the principal author comes from the manifest only."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_package_never_names_the_seed_author():
    author = tomllib.loads((ROOT / "seeds" / "corpus.toml").read_text(encoding="utf-8"))["principal_author"]
    files = [
        p
        for p in (ROOT / "assistant").rglob("*")
        if p.suffix in {".py", ".js", ".html", ".css", ".md"} and "vendor" not in p.parts
    ]
    named = [str(p.relative_to(ROOT)) for p in files if author.casefold() in p.read_text(encoding="utf-8").casefold()]
    assert named == []
    prompts = [
        str(p) for p in (ROOT / "prompts").glob("*") if author.casefold() in p.read_text(encoding="utf-8").casefold()
    ]
    assert prompts == []
