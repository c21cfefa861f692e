"""The corpus manifest (`corpus.toml`): the principal author and per-file facts the pages do not state."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from pydantic import BaseModel, Field, ValidationError, field_validator

from assistant.errors import ConfigError

MANIFEST_NAME = "corpus.toml"
ORCID = re.compile(r"^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$")


class FileInfo(BaseModel):
    description: str = ""
    owner: str | None = Field(None, description="Whose page or listing this is.")
    capture_year: int | None = Field(None, description="Year the page was captured; dates shown without a year get it.")


class Manifest(BaseModel):
    principal_author: str = Field(min_length=1)
    aliases: list[str] = Field(
        default_factory=list,
        description="Other spellings of the principal author's name (another order, another script).",
    )
    orcid: str | None = Field(
        None, description="The principal author's ORCID iD (0000-0000-0000-0000); a record carrying it is theirs."
    )
    files: dict[str, FileInfo] = Field(default_factory=dict)

    @field_validator("orcid")
    @classmethod
    def _orcid(cls, value: str | None) -> str | None:
        if value is None:
            return None
        value = value.strip().rsplit("/", 1)[-1].upper()
        if not ORCID.match(value):
            raise ValueError(f"{value!r} is not an ORCID iD (four groups of four digits, the last may end in X)")
        return value

    def info(self, file_name: str) -> FileInfo:
        return self.files.get(file_name, FileInfo())

    @property
    def names(self) -> list[str]:
        return [self.principal_author, *self.aliases]

    def is_principal_listing(self, file_name: str) -> bool:
        owner = self.info(file_name).owner
        return owner is not None and any(owner.casefold() == n.casefold() for n in self.names)


def load_manifest(folder: Path) -> Manifest:
    path = folder / MANIFEST_NAME
    if not path.exists():
        raise ConfigError(
            f'No manifest at {path}: create it with `assistant init "Researcher Name" --dir {folder}` '
            '(or write at least `principal_author = "Name"`).'
        )
    try:
        return Manifest.model_validate(tomllib.loads(path.read_text(encoding="utf-8")))
    except (tomllib.TOMLDecodeError, ValidationError) as exc:
        raise ConfigError(f"{path} is not a valid manifest: {exc}") from exc


def _toml_string(value: str) -> str:
    import json

    return json.dumps(value, ensure_ascii=False)  # a JSON string is a valid TOML basic string


def write_manifest(
    folder: Path, principal_author: str, aliases: list[str] | None = None, orcid: str | None = None, force: bool = False
) -> Path:
    """Write `corpus.toml` for a new corpus folder (validated first); refuses to overwrite unless `force`."""
    try:
        manifest = Manifest(
            principal_author=principal_author.strip(),
            aliases=[a.strip() for a in aliases or [] if a.strip()],
            orcid=orcid,
        )
    except ValidationError as exc:
        raise ConfigError(f"Cannot write a manifest: {exc.errors()[0]['msg']}") from exc
    path = folder / MANIFEST_NAME
    if path.exists() and not force:
        raise ConfigError(f"{path} already exists: edit it, or pass --force to replace it.")
    lines = [
        "# The corpus manifest: whose papers these are. Put exported files (BibTeX, RIS, CSL-JSON, arXiv Atom,",
        "# OpenAlex or Semantic Scholar JSON) or scraped pages in this folder, then run `assistant ingest` on it.",
        f"principal_author = {_toml_string(manifest.principal_author)}",
        f"aliases = [{', '.join(_toml_string(a) for a in manifest.aliases)}]",
    ]
    if manifest.orcid:
        lines.append(f"orcid = {_toml_string(manifest.orcid)}")
    lines += [
        "",
        "# Per-file facts the files cannot state, e.g. a listing that is the author's own page:",
        '# [files."my_publications.bib"]',
        f"# owner = {_toml_string(manifest.principal_author)}",
    ]
    folder.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path
