"""The docs check: what README.md and docs/ tell a newcomer to run is what the project runs."""

from __future__ import annotations

import argparse
import re
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.api.fixtures import app, client  # noqa: F401  (pytest fixtures)

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_run_says_what_each_step_does():
    # -n prints the recipe without running it; -B as on a fresh clone (every step due).
    out = subprocess.run(
        ["make", "-n", "-B", "run"], cwd=ROOT, capture_output=True, text=True, check=True, timeout=60
    ).stdout
    lines = [line for line in out.splitlines() if line.strip() and not line.startswith("#")]
    work = [
        i
        for i, line in enumerate(lines)
        if not line.startswith("echo ") and ("pip install" in line or "-m assistant" in line or "-m venv" in line)
    ]
    assert len(work) >= 7  # venv, pip, torch, the lock, the project, prepare, ingest, serve
    for i in work:
        said = [line for line in lines[:i] if line.startswith("echo ")]
        assert said and lines.index(said[-1]) in (i - 1, i - 2), f"no line says what {lines[i]!r} does"


DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
PROGRAM = re.compile(
    r"(?:^|\s|\|\s*)(?:\.venv/bin/assistant|\.venv/bin/python -m assistant|python -m assistant|assistant)\s"
)


def code_lines(path: Path) -> list[str]:
    """The lines of the fenced code blocks of a markdown file, their `# comments` dropped."""
    out, inside = [], False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            inside = not inside
            continue
        if inside:
            out.append(re.sub(r"\s+#\s.*$", "", line).rstrip())
    return out


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    return next(a.choices for a in parser._actions if isinstance(a, argparse._SubParsersAction))


def assistant_commands() -> list[tuple[str, str, bool]]:
    """(doc, the `assistant …` part of a command, whether it is a whole command line): the lines of code blocks
    are whole commands; an inline `assistant ask --explain` names an option in passing."""
    found = []
    for doc in DOCS:
        inline = re.findall(r"`([^`\n]+)`", doc.read_text(encoding="utf-8"))
        lines = [(line, True) for line in code_lines(doc)] + [(span, False) for span in inline]
        for line, whole in lines:
            for part in re.split(r" (?:\||&&) ", line):
                m = PROGRAM.search(" " + part)
                if m and (whole or m.start() == 0):
                    found.append((doc.name, (" " + part)[m.end() :].strip(), whole))
    return found


def test_every_assistant_command_in_the_docs_is_one_the_program_takes():
    from assistant.cli import build_parser

    parser = build_parser()
    commands = _subparsers(parser)
    checked = assistant_commands()
    assert len(checked) >= 5
    for doc, args, whole in checked:
        words = shlex.split(args)
        if not words or words[0] in ("…", "..."):
            continue  # "run them as `.venv/bin/assistant …`": the program, no command
        synopsis = not whole or any(c in args for c in "[]…") or any(w.isupper() and len(w) > 1 for w in words)
        if synopsis:  # a usage line: its command and every option it names must exist
            global_words = words[2:] if words[0] == "--store" else words
            name = global_words[0]
            assert name in commands, f"{doc}: `assistant {args}`: no command {name!r}"
            known = {s for a in commands[name]._actions for s in a.option_strings}
            for flag in re.findall(r"(?<![\w-])--[a-z][a-z-]*", args):
                assert flag in known or flag == "--store", f"{doc}: `assistant {args}`: {flag} is not an option"
        else:  # a concrete command: the program's own parser takes it as written
            try:
                parser.parse_args(words)
            except SystemExit as exc:
                pytest.fail(f"{doc}: `assistant {args}` is refused (exit {exc.code})")


def test_every_make_target_and_setting_in_the_docs_exists():
    from assistant.settings import Settings

    targets = set(re.findall(r"^([a-z][a-z-]*):", (ROOT / "Makefile").read_text(), re.MULTILINE))
    fields = {f"ASSISTANT_{name.upper()}" for name in Settings.model_fields}
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        code = "\n".join(code_lines(doc) + re.findall(r"`([^`\n]+)`", text))
        for target in re.findall(r"\bmake ([a-z][a-z-]*)", code):
            assert target in targets, f"{doc.name}: `make {target}` is not a Makefile target"
        for env in set(re.findall(r"\bASSISTANT_[A-Z_]*[A-Z]", text)):
            assert env in fields, f"{doc.name}: {env} is not a setting"


def test_every_api_path_in_the_docs_is_served(client):  # noqa: F811 (the fixture)
    served = [re.sub(r"\{[^}]+\}", "[^/ `]+", p) for p in client.get("/openapi.json").json()["paths"]]
    served += ["/docs", "/openapi.json", "/static/[^ `]+"]
    for doc in DOCS:
        for path in set(re.findall(r"(?<![\w.])(/(?:api|v1)/[A-Za-z0-9_{}/.-]*[A-Za-z0-9_}])", doc.read_text())):
            concrete = re.sub(r"\{[^}]+\}", "x", path)
            assert any(re.fullmatch(p, concrete) for p in served), f"{doc.name}: {path} is not served"


def test_reversed_years_are_described_as_they_behave(seeded_store, capsys):
    from assistant.cli import main

    assert main(["--store", str(seeded_store), "papers", "--json", "--year-from", "2030", "--year-to", "2020"]) == 0
    assert "reading the years 2020-2030" in capsys.readouterr().err
    for doc in DOCS:
        for sentence in re.split(r"(?<=[.;])\s", doc.read_text(encoding="utf-8")):
            if "--year-from 2030 --year-to 2020" in sentence:
                assert "exit 2" not in sentence and "exits 2" not in sentence, f"{doc.name}: {sentence!r}"


def test_the_readme_opens_with_the_quick_start_on_one_screen():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    quick = text.split("\n## More", 1)[0]
    assert len(quick.splitlines()) <= 45  # what it is, the picture, two commands, the port, a tour, troubleshooting
    picture = re.search(r"!\[[^\]]+\]\((docs/[^)]+\.png)\)", quick)
    assert picture and (ROOT / picture.group(1)).stat().st_size > 20_000  # tests/browser/test_readme_screenshot.py
    for command in ("make run", "make test", "ASSISTANT_PORT=8001 make run"):
        assert command in quick
    assert "## Troubleshooting" in quick
    for trouble in ("Address already in use", "Another ingest", "LLM unavailable"):
        assert trouble in quick
    assert len(re.findall(r"^\d\. ", quick, re.MULTILINE)) == 5  # the tour
    for target, anchor in re.findall(r"\]\((docs/[^)#]+\.md)(?:#([^)]+))?\)", text):
        linked = (ROOT / target).read_text(encoding="utf-8")
        if anchor:
            headings = [
                re.sub(r"[^a-z0-9 -]", "", h.casefold()).replace(" ", "-")
                for h in re.findall(r"^#+ (.+)$", linked, re.M)
            ]
            assert anchor in headings, f"README links {target}#{anchor}, which has no such heading"


def test_the_troubleshooting_messages_are_what_the_program_says(seeded_store, tmp_path):
    import socket
    import sys

    from assistant.errors import StoreBusy
    from assistant.index.lock import WriterLock

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    # the port taken: the real `assistant serve`, on a port this test holds
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "-m", "assistant", "--store", str(seeded_store), "serve", "--port", str(port)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
        )
    said = done.stderr.strip().replace(str(port), "8000")
    assert done.returncode == 2 and said.startswith("error: Cannot listen on 127.0.0.1:8000 (Address already in use)")
    assert "error: Cannot listen on 127.0.0.1:8000 (Address already in use)" in readme
    # the store locked by another ingest (exit 6)
    with WriterLock(tmp_path).held(), pytest.raises(StoreBusy) as busy, WriterLock(tmp_path).held():
        pass
    assert busy.value.exit_code == 6 and str(busy.value).startswith("Another ingest (process ")
    assert "error: Another ingest (process 1234) is writing to the store at store" in readme
    # no model reachable: the notice tests/reliability/test_llm_faults.py gets from a port nothing listens on
    assert "Note: LLM unavailable (cannot connect to the model endpoint); this is the extractive answer." in readme


def test_the_readmes_questions_are_answered_with_citations(seeded_store, capsys):
    from assistant.cli import main

    asked = [
        shlex.split(args) for doc, args, _ in assistant_commands() if doc == "README.md" and args.startswith("ask ")
    ]
    assert asked
    for words in asked:
        assert main(["--store", str(seeded_store), *words, "--json"]) == 0
        out = capsys.readouterr().out
        assert '"citations": [' in out and '"n": 1' in out, out[:300]


def test_the_llm_models_file_shown_is_the_yaml_list_llm_reads():
    yaml = pytest.importorskip("yaml")
    text = (ROOT / "docs" / "design.md").read_text(encoding="utf-8")
    block = re.search(r"```yaml\n(.*?)```", text, re.S)
    entries = yaml.safe_load(block.group(1))
    assert isinstance(entries, list) and entries[0]["model_id"] == entries[0]["model_name"] == "paper-assistant"
    assert (
        entries[0]["api_base"].endswith(":8000/v1") and "extra-openai-models.yaml" in text and "LLM_USER_PATH" in text
    )
