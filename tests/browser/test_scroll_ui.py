"""The newest answer in view in a real Chromium: its start kept in view while it streams, the whole of it (references
and rating included) once it is complete, and nothing moved once the user has scrolled up."""

from __future__ import annotations

import pytest

from tests.api.fixtures import QUESTION
from tests.browser.test_chat_ui import ask

pytestmark = pytest.mark.browser

# Where the last answer sits in the log's visible box (px, relative to the log's top edge).
PLACE = """() => {
  const log = document.getElementById("log");
  const view = log.getBoundingClientRect();
  const a = [...log.querySelectorAll(".msg.assistant")].pop().getBoundingClientRect();
  return {top: a.top - view.top, bottom: a.bottom - view.top, height: view.height, scrollTop: log.scrollTop};
}"""

# Holds the next /api/chat request until window.__release() is called (the answer cannot finish before the test
# has scrolled).
GATE = """() => {
  const fetch = window.fetch;
  let release;
  const gate = new Promise((resolve) => (release = resolve));
  window.__release = release;
  window.fetch = async (...args) => {
    if (String(args[0]).includes("/api/chat")) await gate;
    return fetch(...args);
  };
}"""


def test_a_finished_answer_is_shown_whole_or_from_its_start(page_and_problems, live_url, artifacts):
    page, problems = page_and_problems
    page.goto(live_url + "/")
    page.wait_for_selector("body[data-ready=true]")
    ask(page, QUESTION)
    ask(page, "Which papers are about stencil computation?")
    fits = page.evaluate(PLACE)
    # It fits: all of it is in view, its references and the rating under them included (before: 200-365 px short).
    assert fits["bottom"] - fits["top"] < fits["height"]
    assert fits["top"] >= 0 and fits["bottom"] <= fits["height"] + 1, fits
    page.screenshot(path=str(artifacts / "answer-in-view.png"))

    ask(page, "Which papers are about model compression?")  # a quoted sentence or two per paper: taller than the log
    tall = page.evaluate(PLACE)
    assert tall["bottom"] - tall["top"] > tall["height"]
    assert 0 <= tall["top"] <= 40, tall  # its start, not its end, is what the reader sees first
    assert problems.items == []


def test_an_answer_leaves_the_log_alone_once_the_user_scrolled_up(page_and_problems, live_url):
    page, problems = page_and_problems
    page.goto(live_url + "/")
    page.wait_for_selector("body[data-ready=true]")
    for q in (QUESTION, "Which papers are about model compression?"):
        ask(page, q)
    page.evaluate(GATE)
    page.fill("#question", "Which papers did Yunquan Zhang write in 2022?")
    page.keyboard.press("Enter")
    page.locator(".msg.assistant[aria-busy=true]").wait_for()
    page.locator("#log").hover()
    page.mouse.wheel(0, -5000)  # the user goes back up to read an earlier answer
    for _ in range(50):  # (wait_for_function evaluates a string: the page's CSP forbids that)
        if page.evaluate("document.getElementById('log').scrollTop") == 0:
            break
        page.wait_for_timeout(50)
    page.evaluate("window.__release()")
    page.locator(".msg.assistant").last.locator(".msg-actions").wait_for()
    page.wait_for_timeout(300)  # a frame or two for any late scroll
    assert page.evaluate("document.getElementById('log').scrollTop") == 0
    assert problems.items == []
