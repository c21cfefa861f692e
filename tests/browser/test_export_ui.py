"""References taken away from the page in a real Chromium: Copy BibTeX on a card, Export references on an answer and
on the papers panel; and the page's LaTeX rendering agrees with the text the API, CLI and REPL print."""

from __future__ import annotations

import json
from pathlib import Path

import bibtexparser
import pytest
import rispy
from playwright.sync_api import expect

from assistant import presenter
from tests.api.fixtures import CUNNQS, QUESTION

pytestmark = pytest.mark.browser


def ready(page, live_url: str) -> None:
    page.goto(live_url + "/")
    page.wait_for_selector("body[data-ready=true]")


def ask(page, question: str):
    page.fill("#question", question)
    page.keyboard.press("Enter")
    answer = page.locator(".msg.assistant").last
    answer.locator(".msg-actions").wait_for()
    return answer


def test_copy_bibtex_on_a_paper_card(page_and_problems, live_url, artifacts):
    page, problems = page_and_problems
    ready(page, live_url)
    answer = ask(page, QUESTION)
    answer.locator("a.cite").first.click()
    card = page.locator("#card")
    button = card.locator("button.copy-bibtex")
    expect(button).to_have_text("Copy BibTeX")
    page.screenshot(path=str(artifacts / "export-card.png"))
    button.click()
    expect(button).to_have_text("Copied ✓")
    copied = page.evaluate("() => navigator.clipboard.readText()")
    entry = bibtexparser.parse_string(copied).entries[0]
    assert entry.key == "sun2026cunnqs" and entry["author"].endswith(" and others")
    page.keyboard.press("Escape")
    # the copied answer's references are the presenter's lines: a cut author list ends "et al.", never "et al.."
    answer.locator("button.copy").click()
    copied = page.evaluate("() => navigator.clipboard.readText()")
    assert "\n\nReferences:\n[1] cuNNQS-SCI" in copied and "Daran Sun, Bowen Kan, Haoquan Long et al. · 2026" in copied
    assert "et al.." not in copied
    assert problems.items == []


def test_export_references_of_an_answer(page_and_problems, live_url, artifacts):
    page, problems = page_and_problems
    ready(page, live_url)
    answer = ask(page, "Which papers are about stencil computation?")
    page.screenshot(path=str(artifacts / "export-answer.png"))
    cited = answer.locator(".refs li").count()
    assert cited >= 2
    with page.expect_download() as info:
        answer.locator("button.export-refs").click()
    download = info.value
    assert download.suggested_filename == "references.bib"
    entries = bibtexparser.parse_string(Path(download.path()).read_text(encoding="utf-8")).entries
    assert len(entries) == cited and {"2506.22969", "2310.16298"} <= {
        e.get("eprint").value for e in entries if e.get("eprint")
    }
    assert problems.items == []


def test_export_the_papers_panel_list_as_ris(page_and_problems, live_url, artifacts):
    page, problems = page_and_problems
    ready(page, live_url)
    page.click("#papers-button")
    page.fill("#papers-text", "stencil")
    expect(page.locator("#papers-count")).to_have_text("(2)")
    panel = page.locator("#papers-panel")
    page.screenshot(path=str(artifacts / "export-papers.png"))
    panel.locator("select.export-format").select_option("ris")
    with page.expect_download() as info:
        panel.locator("button.export-refs").click()
    download = info.value
    assert download.suggested_filename == "papers.ris"
    records = rispy.loads(Path(download.path()).read_text(encoding="utf-8"))
    assert sorted(r["accession_number"] for r in records) == ["arXiv:2310.16298", "arXiv:2506.22969"]
    assert problems.items == []


def test_the_page_and_the_text_interfaces_render_latex_alike(page_and_problems, live_url, assistant):
    """render.js `readable()` in the browser and presenter.plain_text on every seed abstract and title."""
    page, problems = page_and_problems
    ready(page, live_url)
    texts = [t for p in assistant.papers() for t in (p.title or "", *p.abstracts) if t]
    texts += ["1.42$\\times$ faster, \\textit{ab initio}, $10^{-3}$, $\\alpha_1$, \\$5, ``quoted''", CUNNQS]
    shown = page.evaluate(
        "async (texts) => "
        "{ const { readable } = await import('/static/render.js'); return texts.map((t) => readable(t)); }",
        texts,
    )
    mismatches = [(t[:60], s[:60]) for t, s in zip(texts, shown, strict=True) if presenter.plain_text(t) != s]
    assert mismatches == [], json.dumps(mismatches[:3], ensure_ascii=False)
    assert problems.items == []
