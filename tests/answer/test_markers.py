"""Citation dialects become our markers; enumerations and equations do not; a model's own reference list goes."""

from __future__ import annotations

import pytest

from assistant.answer.check.markers import TokenFilter, clean, normalize, strip_references


@pytest.mark.parametrize(
    "written, canonical",
    [
        ("experts [1, 2].", "experts [1][2]."),
        ("experts [1,2].", "experts [1][2]."),
        ("experts [1; 2].", "experts [1][2]."),
        ("experts [1-3].", "experts [1][2][3]."),
        ("experts [1–2].", "experts [1][2]."),
        ("experts [1][2].", "experts [1][2]."),
        ("experts 【1】.", "experts [1]."),
        ("experts【1, 2】.", "experts[1][2]."),
        ("experts ［2］.", "experts [2]."),
        ("experts [Source 1].", "experts [1]."),
        ("experts [source: 2].", "experts [2]."),
        ("experts [Sources 1, 2].", "experts [1][2]."),
        ("experts [source 1, source 2].", "experts [1][2]."),
        ("experts [Doc 1].", "experts [1]."),
        ("experts[^1].", "experts[1]."),
        ("experts (Source 1).", "experts [1]."),
        ("experts (source: 1, 2).", "experts [1][2]."),
        ("experts (1).", "experts [1]."),
        ("experts (1, 2).", "experts [1][2]."),
        ("experts (2)\nnext line", "experts [2]\nnext line"),
    ],
)
def test_dialects_become_canonical_markers(written, canonical):
    assert normalize(written, n_sources=3) == canonical


@pytest.mark.parametrize(
    "text",
    [
        "Two steps: (1) quantize the weights, (2) route each input.",  # an enumeration
        "It does (1) routing and (2) quantization.",
        "as shown in Eq. (2).",  # an equation number
        "see Equation (1), which bounds the error.",
        "the loss is x + (2).",
        "a speedup of (7).",  # no source 7: not a citation
    ],
)
def test_parenthesised_numbers_that_are_not_citations_stay(text):
    assert normalize(text, n_sources=3) == text


def test_a_range_past_the_sources_is_not_expanded():
    assert normalize("all of them [1-40].", n_sources=3) == "all of them [1][40]."  # [40] is then invalid and counted


def test_a_trailing_reference_list_and_its_markers_go():
    text = (
        "Sure! MoQE routes inputs to experts [1].\n\nReferences:\n[1] MoQE: Improve "
        "Quantization. 2025.\n[2] Smith et al. Quantization is all you need. NeurIPS "
        "2023."
    )
    out = clean(text, 2)
    assert out.text == "Sure! MoQE routes inputs to experts [1]." and out.reference_lines_removed == 3


@pytest.mark.parametrize("heading", ["References", "**Sources:**", "### Bibliography", "Sources used:", "Works cited"])
def test_reference_headings_in_their_usual_forms(heading):
    text, removed = strip_references(
        f"A claim [1].\n\n{heading}\n- [1] Some Paper (2024)\n- [2] Other et al., arXiv 2023"
    )
    assert text == "A claim [1]." and removed == 3


def test_bibliography_lines_without_a_heading_go_but_claims_opening_with_a_marker_stay():
    text = (
        "[1] proposes a router for quantized experts.\n[^2]: Lee et al. Kinetic Monte "
        "Carlo. 2024.\nChen, L., & Wang, H. (2023). Outer products. Proceedings of SC23."
    )
    kept, removed = strip_references(text)
    assert kept == "[1] proposes a router for quantized experts." and removed == 2


def test_prose_after_a_reference_block_is_kept():
    text, _ = strip_references("Claim [1].\nSources:\n[1] A Paper (2024).\n\nLet me know if you need more.")
    assert text.endswith("Let me know if you need more.") and "A Paper" not in text


def test_markup_is_removed():
    out = clean("Claim [1]. <script>alert(1)</script><b>bold</b> end.", 1)
    assert "<" not in out.text and "alert" not in out.text and out.markup_removed == 3


def _stream(text: str, size: int) -> str:
    f = TokenFilter()
    pieces = [text[i : i + size] for i in range(0, len(text), size)]
    return "".join(f.feed(p) for p in pieces) + f.finish()


@pytest.mark.parametrize("size", [1, 3, 7, 50])
def test_token_previews_carry_no_marker_and_stop_at_the_reference_list(size):
    text = (
        "MoQE routes inputs [1, 2]. CALM uses CKA 【2】 and [Source 1] (Source 2) [^1] "
        "(1).\n\nReferences:\n[1] MoQE (2025)\n[2] Smith et al. NeurIPS 2023."
    )
    out = _stream(text, size)
    assert out.startswith("MoQE routes inputs . CALM uses CKA")
    for foreign in ("[", "]", "【", "Source", "^", "(1)", "References", "Smith"):
        assert foreign not in out, (foreign, out)


def test_token_previews_keep_ordinary_text_and_brackets_that_are_no_markers():
    text = "Results (on ImageNet) improve; see [the paper] for details.\n- item one\n- item two"
    assert _stream(text, 4) == text
