"""Thumbs up/down under each answer in a real Chromium: the rating, the comment and the answer reach the
feedback log."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from assistant.feedback import FeedbackLog
from tests.api.fixtures import CUNNQS, QUESTION, make_app
from tests.api.live import LiveServer
from tests.browser.test_chat_ui import ask

pytestmark = pytest.mark.browser


def test_rate_answers_with_and_without_a_comment(page_and_problems, seeded_store, assistant, tmp_path, artifacts):
    page, problems = page_and_problems
    path = tmp_path / "feedback.jsonl"
    with LiveServer(make_app(seeded_store, assistant, feedback_file=path)) as url:
        page.goto(url + "/")
        page.wait_for_selector("body[data-ready=true]")

        first = ask(page, QUESTION)
        rate = first.locator(".feedback")
        expect(rate.get_by_role("button", name="Good answer")).to_be_visible()
        expect(rate.locator(".feedback-form")).to_be_hidden()
        rate.get_by_role("button", name="Bad answer").click()
        expect(rate.get_by_role("button", name="Bad answer")).to_have_attribute("aria-pressed", "true")
        comment = rate.get_by_role("textbox", name="Comment (optional)")
        expect(comment).to_be_focused()
        comment.fill("It should say which machine the scaling tests ran on.")
        page.screenshot(path=str(artifacts / "feedback-comment.png"))
        rate.get_by_role("button", name="Send feedback").click()
        expect(first.locator(".feedback-status.done")).to_contain_text("Thanks")

        second = ask(page, "Which papers are about stencil computation?")
        second.locator(".feedback").get_by_role("button", name="Good answer").click()
        second.locator(".feedback").get_by_role("button", name="Send feedback").click()
        expect(second.locator(".feedback-status.done")).to_contain_text("Thanks")
        expect(first.locator(".feedback")).to_have_count(1)  # one set of controls per answer

    down, up = FeedbackLog(path).read()
    assert (down.rating, down.source, down.question, down.history) == ("down", "web", QUESTION, [])
    assert down.comment == "It should say which machine the scaling tests ran on."
    assert down.citations[0].paper_id == CUNNQS and "90%" in down.answer and down.mode == "extractive"
    assert (up.rating, up.comment, up.question) == ("up", None, "Which papers are about stencil computation?")
    assert [m.role for m in up.history] == ["user", "assistant"] and up.history[0].content == QUESTION
    assert up.citations and "stencil" in up.answer.casefold()
    assert problems.items == []
