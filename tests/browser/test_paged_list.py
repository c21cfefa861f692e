"""A long list in a real Chromium: its first page as a list with working citations, the rest offered in the paragraph
after it, and "more" as the next message showing the next page."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def _ask(page, question):
    page.fill("#question", question)
    page.keyboard.press("Enter")
    answer = page.locator(".msg.assistant").last
    expect(answer.locator(".msg-actions, .error-text").first).to_be_visible()
    return answer


def test_a_long_list_is_paged_and_more_shows_the_next_page(page_and_problems, live_url):
    page, problems = page_and_problems
    page.goto(live_url + "/")
    page.wait_for_selector("body[data-ready=true]")
    first = _ask(page, "List every paper in the corpus.")
    expect(first.locator(".answer li")).to_have_count(30)
    expect(first.locator(".answer p").last).to_contain_text("And 49 more: ask for the rest")
    expect(page.locator(".msg.assistant")).to_have_count(1)
    second = _ask(page, "more")
    expect(page.locator(".msg.assistant")).to_have_count(2)
    expect(second.locator(".answer li")).to_have_count(30)
    expect(second.locator(".answer")).to_contain_text("31–60:")
    expect(second.locator(".answer p").last).to_contain_text("And 19 more")
    assert second.locator(".answer li a.cite").count() >= 30
    assert problems.items == []
