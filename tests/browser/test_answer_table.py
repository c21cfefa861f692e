"""A comparison in a real Chromium: the answer's grid is a real <table> (a header cell per paper, a row label per
aspect, each cell's [n] a working citation link), rendered from the answer's blocks."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

QUESTION = "How do MoQE and CALM differ in how they quantize models?"


def test_a_comparison_is_a_real_table_with_linked_citations(page_and_problems, live_url, artifacts):
    page, problems = page_and_problems
    page.goto(live_url + "/")
    page.wait_for_selector("body[data-ready=true]")
    page.fill("#question", QUESTION)
    page.keyboard.press("Enter")
    answer = page.locator(".msg.assistant").last
    answer.locator(".msg-actions, .error-text").first.wait_for()

    table = answer.locator(".answer table.answer-table")
    expect(table).to_have_count(1)
    head = table.locator("thead th")
    expect(head).to_have_count(3)
    expect(head.nth(1)).to_contain_text("MoQE")
    expect(head.nth(2)).to_contain_text("CALM")
    labels = table.locator("tbody th[scope=row]")
    expect(labels.first).to_have_text("Problem")
    assert "Approach" in labels.all_inner_texts()
    # No markdown survives as text: no pipes, no separator row.
    assert "|" not in answer.locator(".answer").inner_text() and "---" not in answer.locator(".answer").inner_text()
    cites = table.locator("td a.cite")
    assert cites.count() >= 4 and set(cites.all_inner_texts()) == {"[1]", "[2]"}
    expect(answer.locator(".answer p").last).to_contain_text("What differs:")
    page.screenshot(path=str(artifacts / "comparison-table.png"))

    table.locator("td a.cite").first.click()
    expect(page.locator("#card")).to_be_visible()
    expect(page.locator("#card .abstract mark")).to_have_count(1)  # the cell's clause, found in the abstract
    assert problems.items == []
