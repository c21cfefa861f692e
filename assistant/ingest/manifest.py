"""The corpus manifest (`corpus.toml`): the principal author and per-file facts the pages do not state."""

from __future__ import annotations

import tomllib
from pathlib import Path

from pydantic import BaseModel, Field, ValidationError

from assistant.errors import ConfigError

MANIFEST_NAME = "corpus.toml"


class FileInfo(BaseModel):
    description: str = ""
    owner: str | None = Field(None, description="Whose page or listing this is.")
    capture_year: int | None = Field(None, description="Year the page was captured; dates shown without a year get it.")


class Manifest(BaseModel):
    principal_author: str
    files: dict[str, FileInfo] = Field(default_factory=dict)

    def info(self, file_name: str) -> FileInfo:
        return self.files.get(file_name, FileInfo())

    def is_principal_listing(self, file_name: str) -> bool:
        owner = self.info(file_name).owner
        return owner is not None and owner.casefold() == self.principal_author.casefold()


def load_manifest(folder: Path) -> Manifest:
    path = folder / MANIFEST_NAME
    if not path.exists():
        raise ConfigError(f"No manifest at {path}: create it with at least `principal_author = \"Name\"`.")
    try:
        return Manifest.model_validate(tomllib.loads(path.read_text(encoding="utf-8")))
    except (tomllib.TOMLDecodeError, ValidationError) as exc:
        raise ConfigError(f"{path} is not a valid manifest: {exc}") from exc
