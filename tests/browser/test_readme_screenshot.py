"""The README's picture of the chat (docs/chat.png), regenerated from the real page on every run: a question, its
answer with references and the rating under it."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.test_chat_ui import ask

pytestmark = pytest.mark.browser

SCREENSHOT = Path(__file__).resolve().parents[2] / "docs" / "chat.png"


def test_readme_screenshot_of_the_chat(browser, live_url):
    # Under 1100 px the Chats list starts closed: no clock times in the picture, so it changes only with the page.
    context = browser.new_context(viewport={"width": 1040, "height": 720}, color_scheme="light")
    page = context.new_page()
    page.set_default_timeout(20_000)
    page.goto(live_url + "/")
    page.wait_for_selector("body[data-ready=true]")
    answer = ask(page, "Which papers are about stencil computation?")
    expect(answer.locator(".refs li")).to_have_count(2)
    expect(answer.locator(".feedback")).to_be_visible()
    SCREENSHOT.parent.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOT))
    assert SCREENSHOT.stat().st_size > 20_000
    context.close()
