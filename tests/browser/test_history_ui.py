"""Conversations kept in the browser, in a real Chromium: reload restores the chat and its cards; open, rename, delete,
new chat; two tabs."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from assistant.api.app import create_app
from tests.api.fake_llm import FakeChatServer, llm_assistant
from tests.api.fixtures import QUESTION
from tests.api.live import LiveServer
from tests.browser.test_chat_ui import ask, chat_requests

pytestmark = pytest.mark.browser

FOLLOW_UP = "Which papers are about stencil computation?"
OTHER = "Which papers are about model compression?"


def load(page, url):
    page.goto(url + "/")
    page.wait_for_selector("body[data-ready=true]")


def titles(page) -> list[str]:
    return page.locator("#chats-list .chat-title").all_inner_texts()


def open_chats(page):
    if page.locator("#chats-panel").is_hidden():
        page.click("#chats-button")
    expect(page.locator("#chats-panel")).to_be_visible()


def stored(page) -> list[dict]:
    """The conversations as kept in localStorage, parsed (each must parse: a torn write would not)."""
    return page.evaluate("""() => Object.keys(localStorage).filter((k) => k.startsWith('paper-assistant.chat.'))
        .map((k) => JSON.parse(localStorage.getItem(k)))""")


def test_reload_restores_the_conversation_and_its_cards_and_follow_ups_keep_the_context(
    page_and_problems, live_url, artifacts
):
    page, problems = page_and_problems
    sent = chat_requests(page)
    load(page, live_url)
    ask(page, QUESTION)
    ask(page, FOLLOW_UP)
    open_chats(page)
    expect(page.locator("#chats-list .chat-item")).to_have_count(1)
    expect(page.locator("#chats-list .chat-item[aria-current=true] .chat-title")).to_have_text(QUESTION)
    expect(page.locator("#chats-list .chat-meta")).to_contain_text("2 questions")
    expect(page).to_have_title(f"{QUESTION} · Paper assistant")

    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    expect(page.locator(".msg.user")).to_have_text([QUESTION, FOLLOW_UP])
    answers = page.locator(".msg.assistant")
    expect(answers).to_have_count(2)
    expect(answers.first.locator(".answer")).to_contain_text("90% parallel efficiency")
    expect(answers.first.locator(".refs")).to_contain_text("cuNNQS-SCI")
    expect(page.locator("#welcome")).to_be_hidden()
    page.screenshot(path=str(artifacts / "history-restored.png"))

    # the restored [1] opens its card with the quoted sentence marked, as before the reload
    answers.first.locator(".answer a.cite").first.click()
    card = page.locator("#card")
    expect(card.locator("#card-title")).to_contain_text("cuNNQS-SCI: A Fully GPU-Accelerated Framework")
    expect(card.locator(".abstract mark")).to_contain_text("90% parallel efficiency in strong scaling tests")
    page.keyboard.press("Escape")
    answers.nth(1).locator(".refs button.ref").first.click()
    expect(card.locator(".derived-tag")).to_have_text("derived title")
    page.keyboard.press("Escape")

    # a follow-up after the reload sends the restored exchanges with it
    ask(page, OTHER)
    history = sent[-1]["messages"]
    assert [m["role"] for m in history] == ["user", "assistant", "user", "assistant", "user"]
    assert history[0]["content"] == QUESTION and "90%" in history[1]["content"] and history[4]["content"] == OTHER
    assert len(stored(page)) == 1 and len(stored(page)[0]["messages"]) == 6
    assert problems.items == []


def test_new_chat_open_rename_and_delete(page_and_problems, live_url, artifacts):
    page, problems = page_and_problems
    sent = chat_requests(page)
    load(page, live_url)
    open_chats(page)
    expect(page.locator("#chats-list .empty")).to_contain_text("No saved chats yet")
    ask(page, QUESTION)
    page.click("#new-chat")
    expect(page.locator(".msg")).to_have_count(0)
    expect(page.locator("#chats-list .chat-item[aria-current=true]")).to_have_count(0)
    ask(page, OTHER)
    assert len(sent[-1]["messages"]) == 1
    expect(page.locator("#chats-count")).to_have_text("(2)")
    assert titles(page) == [OTHER, QUESTION]  # the most recent first

    # open the older one: its messages come back, and a question there continues it
    page.locator("#chats-list .chat-open", has_text=QUESTION).click()
    expect(page.locator(".msg.user")).to_have_text([QUESTION])
    expect(page.locator(".msg.assistant .answer")).to_contain_text("90% parallel efficiency")
    expect(page.locator("#chats-list .chat-item[aria-current=true] .chat-title")).to_have_text(QUESTION)
    ask(page, FOLLOW_UP)
    assert [m["role"] for m in sent[-1]["messages"]] == ["user", "assistant", "user"]
    assert titles(page) == [QUESTION, OTHER]

    # rename: Esc cancels, Enter keeps the new name (and the order: renaming is not using)
    item = page.locator("#chats-list .chat-item", has_text=OTHER)
    item.hover()
    item.locator(".chat-rename-button").click()
    page.fill(".chat-rename", "Throwaway")
    page.keyboard.press("Escape")
    expect(page.locator("#chats-panel")).to_be_visible()
    assert titles(page) == [QUESTION, OTHER]
    page.locator("#chats-list .chat-item", has_text=OTHER).locator(".chat-rename-button").click()
    page.fill(".chat-rename", "Compression papers")
    page.screenshot(path=str(artifacts / "history-rename.png"))
    page.keyboard.press("Enter")
    assert titles(page) == [QUESTION, "Compression papers"]
    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    open_chats(page)
    assert titles(page) == [QUESTION, "Compression papers"]
    expect(page.locator(".msg.user")).to_have_text([QUESTION, FOLLOW_UP])  # this tab's chat came back

    # delete asks first; Cancel keeps it, Delete removes it for good
    other_id = page.locator("#chats-list .chat-item", has_text="Compression papers").get_attribute("data-id")
    other = page.locator(f'#chats-list .chat-item[data-id="{other_id}"]')
    other.locator(".chat-delete-button").click()
    expect(other.locator(".chat-confirm")).to_contain_text("Delete this chat?")
    page.screenshot(path=str(artifacts / "history-delete.png"))
    other.get_by_role("button", name="Cancel").click()
    assert titles(page) == [QUESTION, "Compression papers"]
    page.locator("#chats-list .chat-item", has_text="Compression papers").locator(".chat-delete-button").click()
    page.locator("#chats-list .chat-confirm").get_by_role("button", name="Delete").click()
    assert titles(page) == [QUESTION]
    expect(page.locator(".msg.user")).to_have_count(2)  # the chat shown was not the one deleted

    # deleting the chat shown empties the page
    page.locator("#chats-list .chat-item").locator(".chat-delete-button").click()
    page.locator("#chats-list .chat-confirm").get_by_role("button", name="Delete").click()
    expect(page.locator(".msg")).to_have_count(0)
    expect(page.locator("#welcome")).to_be_visible()
    expect(page.locator("#chats-list .empty")).to_be_visible()
    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    expect(page.locator(".msg")).to_have_count(0)
    assert stored(page) == []
    assert problems.items == []


def test_two_tabs_keep_each_others_chats(browser, live_url, artifacts):
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    a, b = context.new_page(), context.new_page()
    for page in (a, b):
        page.set_default_timeout(20_000)
        load(page, live_url)
        open_chats(page)
    # Each tab asks while the other's list is as it was when it loaded: a shared list written back whole would lose one.
    ask(a, QUESTION)
    expect(b.locator("#chats-list .chat-title")).to_have_text([QUESTION])  # told by the storage event
    ask(b, OTHER)
    ask(a, FOLLOW_UP)
    expect(a.locator("#chats-list .chat-title")).to_have_text([QUESTION, OTHER])
    expect(b.locator("#chats-list .chat-title")).to_have_text([QUESTION, OTHER])
    a.screenshot(path=str(artifacts / "history-two-tabs.png"))

    # each tab reloads into its own chat
    for page in (a, b):
        page.reload()
        page.wait_for_selector("body[data-ready=true]")
    expect(a.locator(".msg.user")).to_have_text([QUESTION, FOLLOW_UP])
    expect(b.locator(".msg.user")).to_have_text([OTHER])
    assert sorted(c["title"] for c in stored(a)) == sorted([QUESTION, OTHER])

    # a rename in one tab shows in the other; a chat deleted in one tab leaves the other tab that showed it
    a.locator("#chats-list .chat-item", has_text=QUESTION).locator(".chat-rename-button").click()
    a.fill(".chat-rename", "Scaling")
    a.keyboard.press("Enter")
    expect(b.locator("#chats-list .chat-title")).to_have_text(["Scaling", OTHER])
    a.locator("#chats-list .chat-item", has_text=OTHER).locator(".chat-delete-button").click()
    a.locator("#chats-list .chat-confirm").get_by_role("button", name="Delete").click()
    expect(b.locator("#chats-list .chat-title")).to_have_text(["Scaling"])
    expect(b.locator(".msg")).to_have_count(0)
    expect(b.locator("#banner")).to_have_text("The chat you had open was deleted in another tab.")
    expect(a.locator(".msg.user")).to_have_text([QUESTION, FOLLOW_UP])

    # the same chat open in both tabs: a question asked in one appears in the other
    b.locator("#chats-list .chat-open", has_text="Scaling").click()
    ask(a, OTHER)
    expect(b.locator(".msg.user")).to_have_text([QUESTION, FOLLOW_UP, OTHER])
    expect(b.locator(".msg.assistant .answer a.cite").first).to_be_visible()
    context.close()


def test_chats_at_phone_width(browser, live_url, artifacts):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(20_000)
    load(page, live_url)
    expect(page.locator("#chats-panel")).to_be_hidden()  # a phone starts on the chat
    ask(page, QUESTION)
    page.click("#new-chat")
    ask(page, OTHER)
    page.click("#chats-button")
    expect(page.locator("#chats-panel")).to_be_visible()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    expect(page.locator("#chats-list .chat-delete-button").first).to_be_visible()  # no hover on a phone
    page.screenshot(path=str(artifacts / "phone-chats.png"))
    page.locator("#chats-list .chat-open", has_text=QUESTION).click()
    expect(page.locator("#chats-panel")).to_be_hidden()  # the chat chosen covers the list again
    expect(page.locator(".msg.user")).to_have_text([QUESTION])
    page.screenshot(path=str(artifacts / "phone-chat-restored.png"))
    context.close()


def test_bad_stored_data_is_skipped_and_a_failed_answer_is_kept(page_and_problems, live_url):
    page, problems = page_and_problems
    load(page, live_url)
    page.evaluate("""() => {
        localStorage.setItem('paper-assistant.chat.broken', '{not json');
        localStorage.setItem('paper-assistant.chat.wrong', JSON.stringify({id: 'wrong', title: 3, messages: 'x'}));
        localStorage.setItem('paper-assistant.chat.markup', JSON.stringify({v: 1, id: 'markup',
            title: '<img src=x onerror=window.__x=1>',
            created: 1, updated: 2, messages: [{role: 'user', content: '<b>hi</b>'}]}));
    }""")
    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    open_chats(page)
    expect(page.locator("#chats-list .chat-title")).to_have_text(["<img src=x onerror=window.__x=1>"])
    page.locator("#chats-list .chat-open").click()
    # a question whose answer never arrived (the tab was closed mid-answer) says so, and is not sent again as context
    expect(page.locator(".msg.user")).to_have_text(["<b>hi</b>"])
    expect(page.locator(".msg.assistant .error-text")).to_contain_text("No answer was kept for this question")
    sent = chat_requests(page)
    ask(page, QUESTION)
    assert sent[-1]["messages"] == [{"role": "user", "content": QUESTION}]
    assert page.evaluate("() => window.__x") is None
    assert problems.items == []


# Fills localStorage with old conversations until the browser refuses more, to the last kilobyte.
FILL = """() => {
    let i = 0;
    for (const size of [1_000_000, 100_000, 10_000, 1_000]) {
        for (;;) {
            const c = {v: 1, id: 'old' + i, title: 'Old ' + i, created: i + 1, updated: i + 1,
                       messages: [{role: 'user', content: 'x'.repeat(size)}]};
            try { localStorage.setItem('paper-assistant.chat.old' + i, JSON.stringify(c)); i++; } catch (e) { break; }
        }
    }
    return i;
}"""


def test_a_full_storage_makes_room_from_the_oldest_chats_and_says_so(page_and_problems, live_url):
    page, problems = page_and_problems
    load(page, live_url)
    filled = page.evaluate(FILL)
    assert filled > 3
    ask(page, QUESTION)
    expect(page.locator("#banner")).to_contain_text("removed to make room")
    expect(page.locator("#banner")).to_contain_text("Old ")
    kept = {c["title"] for c in stored(page)}
    assert QUESTION in kept and "Old 0" not in kept and f"Old {filled - 1}" in kept
    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    expect(page.locator(".msg.assistant .answer a.cite").first).to_be_visible()  # the new chat was kept whole
    assert problems.items == []


def test_one_chat_asked_in_two_tabs_at_once_keeps_each_answer_under_its_question(browser, seeded_store, assistant):
    slow = "cuNNQS-SCI keeps over 90% parallel efficiency [1] " + "and keeps going " * 12
    fake = FakeChatServer(delay=0.1).enqueue(slow, "Stencil work is covered [1].")
    llm = llm_assistant(seeded_store, assistant, fake)
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    a, b = context.new_page(), context.new_page()
    with LiveServer(create_app(llm.settings, assistant=llm)) as url:
        for page in (a, b):
            page.set_default_timeout(20_000)
            load(page, url)
        a.fill("#question", QUESTION)
        a.keyboard.press("Enter")
        expect(a.locator(".answer.streaming")).to_contain_text("cuNNQS-SCI keeps")
        b.locator("#chats-list .chat-open", has_text=QUESTION).click()
        expect(b.locator(".msg.user")).to_have_text([QUESTION])
        second = ask(b, FOLLOW_UP)  # answered while tab a's answer is still coming
        expect(second.locator(".answer")).to_contain_text("Stencil work is covered")
        assert a.locator(".answer.streaming").count() == 1, "tab a should still be streaming"
        a.locator(".msg.assistant .msg-actions").first.wait_for()
        for page in (a, b):
            expect(page.locator(".msg.user")).to_have_text([QUESTION, FOLLOW_UP])
            expect(page.locator(".msg.assistant").first.locator(".answer")).to_contain_text("and keeps going")
            expect(page.locator(".msg.assistant").nth(1).locator(".answer")).to_contain_text("Stencil work is covered")
        roles = [m["role"] for m in stored(a)[0]["messages"]]
        assert roles == ["user", "assistant", "user", "assistant"]
    context.close()


def test_a_browser_that_keeps_nothing_still_has_follow_ups(page_and_problems, live_url):
    page, problems = page_and_problems
    page.add_init_script(
        "Storage.prototype.setItem = function () { throw new DOMException('storage is disabled', 'SecurityError'); };"
    )
    sent = chat_requests(page)
    load(page, live_url)
    ask(page, QUESTION)
    expect(page.locator("#banner")).to_contain_text("did not let the page keep the conversation")
    ask(page, FOLLOW_UP)
    assert [m["role"] for m in sent[-1]["messages"]] == ["user", "assistant", "user"]
    expect(page.locator(".msg.assistant .answer a.cite").first).to_be_visible()
    assert problems.items == []


# The element a tap at the centre of `selector` lands on is that element (or inside it): nothing covers it.
REACHABLE = """(selector) => {
  const el = document.querySelector(selector);
  const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return Boolean(hit) && el.contains(hit);
}"""


@pytest.mark.parametrize("width", [390, 700])
def test_narrow_panels_overlay_below_the_header_with_a_close_control(browser, live_url, artifacts, width):
    context = browser.new_context(viewport={"width": width, "height": 800}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(20_000)
    load(page, live_url)
    header = page.locator(".topbar").bounding_box()
    for button, panel, close in [
        ("#chats-button", "#chats-panel", "#chats-close"),
        ("#papers-button", "#papers-panel", "#papers-close"),
        ("#profile-button", "#profile-panel", "#profile-close"),
    ]:
        page.click(button)
        expect(page.locator(panel)).to_be_visible()
        box = page.locator(panel).bounding_box()
        assert box["y"] >= header["y"] + header["height"] - 1, (panel, box, header)  # the header stays in view
        for other in ("#chats-button", "#profile-button", "#papers-button", "#new-chat"):
            assert page.evaluate(REACHABLE, other), f"{other} is covered while {panel} is open"
        expect(page.locator(close)).to_be_in_viewport()
        assert page.evaluate(REACHABLE, close)
        if panel == "#chats-panel":
            page.screenshot(path=str(artifacts / f"narrow-{width}-chats.png"))
        page.click(close)
        expect(page.locator(panel)).to_be_hidden()
    # One panel at a time: Profile from the header while Chats is open takes its place.
    page.click("#chats-button")
    page.click("#profile-button")
    expect(page.locator("#profile-panel")).to_be_visible()
    expect(page.locator("#chats-panel")).to_be_hidden()
    context.close()
