"""The package's layout: no import cycle, interfaces in their packages, small interface modules, no code that writes
the environment."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "assistant"
MAX_LINES = 400


def _modules() -> dict[str, Path]:
    out = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _imports(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """Every module of the package `path` imports, at its top or inside a function (a lazy import is still an edge)."""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names if a.name in modules}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package[: len(package) - node.level + 1] + ([base] if base else []))
            for alias in node.names:
                full = f"{base}.{alias.name}"
                if full in modules:
                    out.add(full)  # `from assistant import presenter`: the module, not the package
                elif base in modules:
                    out.add(base)
    out.discard(name)
    return out


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            for nxt in edges:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph[nxt]))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def test_the_cycle_finder_finds_a_cycle():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycle():
    """Lazy imports count: a cycle hidden inside a function is still two modules that need each other (as
    cli.py ↔ cli_answer.py ↔ repl.py did, and answer.compose ↔ answer.llm before the LLM step took a record)."""
    modules = _modules()
    graph = {name: _imports(name, path, modules) for name, path in modules.items()}
    assert _cycles(graph) == []


def test_packages_import_downwards():
    """No cycle between the packages either (`answer/` never reaches back into `core` or an interface, `index/`
    never into `answer/`): the layers docs/design.md's "What is here" describes."""
    modules = _modules()
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = ".".join(name.split(".")[:2])
        graph.setdefault(package, set()).update(".".join(t.split(".")[:2]) for t in _imports(name, path, modules))
    for package, targets in graph.items():
        targets.discard(package)
    assert _cycles(graph) == []


def test_no_interface_module_in_the_package_root():
    loose = sorted(p.name for p in PACKAGE.glob("*.py") if p.stem.startswith(("cli", "repl", "serve")))
    assert loose == [], "interfaces live in assistant/cli/, assistant/repl/ and assistant/api/"


def test_no_module_is_over_400_lines():
    sizes = {str(p.relative_to(PACKAGE)): len(p.read_text().splitlines()) for p in PACKAGE.rglob("*.py")}
    assert {name: n for name, n in sizes.items() if n > MAX_LINES} == {}


_MUTATORS = {"update", "setdefault", "pop", "popitem", "clear", "__setitem__", "__delitem__", "putenv", "unsetenv"}


def _environment_writes(source: str) -> list[int]:
    """Lines that assign, delete or otherwise change `os.environ` (or call os.putenv / os.unsetenv)."""

    def is_environ(node) -> bool:
        return (
            isinstance(node, ast.Attribute)
            and node.attr == "environ"
            or (isinstance(node, ast.Name) and node.id == "environ")
        )

    lines = []
    for node in ast.walk(ast.parse(source)):
        targets = []
        if isinstance(node, (ast.Assign, ast.Delete)):
            targets = node.targets
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        if any(isinstance(t, ast.Subscript) and is_environ(t.value) or is_environ(t) for t in targets):
            lines.append(node.lineno)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _MUTATORS:
            owner = node.func.value
            if is_environ(owner) or (node.func.attr in ("putenv", "unsetenv") and getattr(owner, "id", "") == "os"):
                lines.append(node.lineno)
    return sorted(lines)


def test_the_environment_write_finder_finds_writes():
    source = (
        "import os\nos.environ['A'] = '1'\nos.environ.update(B='2')\ndel os.environ['A']\n"
        "os.putenv('C', '3')\nx = os.environ.get('D')\n"
    )
    assert _environment_writes(source) == [2, 3, 4, 5]


def test_no_code_writes_the_environment():
    """Settings reach every process explicitly (`serve --workers` pickles them into each worker's app factory).

    The one exception is the vendor boundary: huggingface_hub, transformers and Chroma's telemetry read only
    environment variables, so vendors sets their offline defaults with os.environ.setdefault.
    """
    writes = {
        str(path.relative_to(PACKAGE)): lines
        for path in PACKAGE.rglob("*.py")
        if not str(path.relative_to(PACKAGE)).startswith("vendors")
        and (lines := _environment_writes(path.read_text(encoding="utf-8")))
    }
    assert writes == {}


def depth(group=lambda name: name) -> list[list[str]]:
    """The longest chain of imports (each imports the next), a cycle counted as one: the graph's floors. `group` maps
    a module to the unit counted: itself, or its package (`assistant.answer.plan.plan` → `assistant.answer`)."""
    modules = _modules()
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        graph.setdefault(group(name), set()).update(group(t) for t in _imports(name, path, modules))
    for name, targets in graph.items():
        targets.discard(name)
    unit = {m: tuple(c) for c in _cycles(graph) for m in c}
    condensed: dict[tuple, set[tuple]] = {}
    for name, targets in graph.items():
        condensed.setdefault(unit.get(name, (name,)), set()).update(unit.get(t, (t,)) for t in targets)
    for key, targets in condensed.items():
        targets.discard(key)
    memo: dict[tuple, list[tuple]] = {}

    def longest(node: tuple) -> list[tuple]:
        if node not in memo:
            memo[node] = [node] + max((longest(t) for t in condensed[node]), key=len, default=[])
        return memo[node]

    return [list(node) for node in max((longest(n) for n in condensed), key=len)]


def test_the_depth_is_the_longest_chain():
    chain = depth()
    assert chain[0] == ["assistant.__main__"] and len(chain) >= 3


if __name__ == "__main__":
    # `python tests/core/test_layout.py`: the import graph's depth, over modules and over packages.
    for label, group in (("modules", lambda n: n), ("packages", lambda n: ".".join(n.split(".")[:2]))):
        chain = depth(group)
        print(f"import depth over {label}: {len(chain)}")
        print("  " + "\n  → ".join(" / ".join(unit) for unit in chain))
