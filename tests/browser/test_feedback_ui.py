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


def test_a_rating_survives_a_reload_and_a_second_click_changes_or_withdraws_it(
    page_and_problems, seeded_store, assistant, tmp_path, artifacts
):
    page, problems = page_and_problems
    path = tmp_path / "feedback.jsonl"
    log = FeedbackLog(path)
    with LiveServer(make_app(seeded_store, assistant, feedback_file=path)) as url:
        page.goto(url + "/")
        page.wait_for_selector("body[data-ready=true]")
        rate = ask(page, QUESTION).locator(".feedback")
        rate.get_by_role("button", name="Good answer").click()
        rate.get_by_role("button", name="Send feedback").click()
        expect(rate.locator(".feedback-status.done")).to_contain_text("Thanks")

        def thumbs_after_reload():
            page.reload()
            page.wait_for_selector("body[data-ready=true]")
            box = page.locator(".msg.assistant").last.locator(".feedback")
            return box, box.get_by_role("button", name="Good answer"), box.get_by_role("button", name="Bad answer")

        rate, good, bad = thumbs_after_reload()
        expect(good).to_have_attribute("aria-pressed", "true")  # kept with the conversation in this browser
        expect(bad).to_have_attribute("aria-pressed", "false")
        page.screenshot(path=str(artifacts / "feedback-kept.png"))

        bad.click()  # changed: the server's log holds the new rating, not a second one
        rate.get_by_role("button", name="Send feedback").click()
        expect(rate.locator(".feedback-status.done")).to_contain_text("rated bad")
        assert [r.rating for r in log.read()] == ["down"] and len(log.read_all()) == 2

        rate, good, bad = thumbs_after_reload()
        expect(bad).to_have_attribute("aria-pressed", "true")
        bad.click()  # a click on the pressed thumb withdraws it
        expect(rate.locator(".feedback-status")).to_contain_text("withdrawn")
        expect(bad).to_have_attribute("aria-pressed", "false")
        assert log.read() == [] and len(log.read_all()) == 3

        rate, good, bad = thumbs_after_reload()
        expect(good).to_have_attribute("aria-pressed", "false")
        expect(bad).to_have_attribute("aria-pressed", "false")
    ids = {r.answer_id for r in log.read_all()}
    assert len(ids) == 1 and None not in ids  # one answer, named the same each time
    assert problems.items == []
