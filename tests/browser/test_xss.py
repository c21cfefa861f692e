"""Markup planted in a source page is shown as text and never runs, in the chat answer, the card, the papers list and
the profile."""

from __future__ import annotations

import shutil

import httpx
import pytest
from playwright.sync_api import expect

from assistant.api.app import create_app
from tests.api.fixtures import settings_for
from tests.api.live import LiveServer
from tests.conftest import SEEDS

pytestmark = pytest.mark.browser

SEED = "000_5373d79505ae5ddf.txt"
TITLE = "Compression for Better: A General and Stable Lossless Compression Framework"
IMG = '<img src=x onerror="window.__xss_img=1">'
SCRIPT = "<script>window.__xss_script=1</script>"
TITLE_IMG = "<img src=x onerror=window.__xss_title=1>"
PLANTED = f"The planted framework resists hostile markup {IMG} {SCRIPT} inside abstracts."
QUESTION = "Which framework resists hostile markup inside abstracts?"


@pytest.fixture(scope="module")
def planted_url(tmp_path_factory):
    """A store ingested from a copy of one seed page with markup in a title and an abstract."""
    from assistant.core import Assistant

    seeds = tmp_path_factory.mktemp("planted_seeds")
    shutil.copy(SEEDS / "corpus.toml", seeds / "corpus.toml")
    text = (SEEDS / SEED).read_text(encoding="utf-8")
    assert TITLE in text
    text = text.replace(TITLE, f"{TITLE} {TITLE_IMG}", 1)
    text = text.replace("This work focus on how to stabilize", f"{PLANTED} This work focus on how to stabilize", 1)
    (seeds / SEED).write_text(text, encoding="utf-8")
    settings = settings_for(tmp_path_factory.mktemp("planted_store"), seeds_dir=seeds)
    planted = Assistant.from_settings(settings)
    planted.ingest([seeds])
    assert any(IMG in p.abstract for p in planted.papers()), "the planted markup should survive ingest"
    with LiveServer(create_app(settings, assistant=planted)) as url:
        yield url


@pytest.fixture
def unprotected_page(browser):
    # CSP off: escaping alone must keep the markup inert (the CSP is only the second line of defence).
    context = browser.new_context(viewport={"width": 1280, "height": 860}, bypass_csp=True)
    page = context.new_page()
    page.set_default_timeout(20_000)
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    yield page, dialogs
    context.close()


def broken(markup: str) -> str:
    return markup.replace("<", "<\u200b")


def flags(page) -> list:
    return page.evaluate("() => [window.__xss_img, window.__xss_script, window.__xss_title]")


def test_planted_markup_never_runs_and_reads_literally(unprotected_page, planted_url, artifacts):
    page, dialogs = unprotected_page
    page.goto(planted_url + "/")
    page.wait_for_selector("body[data-ready=true]")

    page.fill("#question", QUESTION)
    page.keyboard.press("Enter")
    answer = page.locator(".msg.assistant").last
    answer.locator(".msg-actions").wait_for()
    # In an answer and its references, corpus tags are broken by a zero-width space (they read the same).
    expect(answer.locator(".answer")).to_contain_text(broken(IMG))
    expect(answer.locator(".answer")).to_contain_text(broken(SCRIPT))
    expect(answer.locator(".refs")).to_contain_text(broken(TITLE_IMG))

    answer.locator(".answer a.cite").first.click()
    card = page.locator("#card")
    expect(card.locator("#card-title")).to_contain_text(TITLE_IMG)
    expect(card.locator(".abstract mark")).to_contain_text(f"hostile markup {IMG} {SCRIPT} inside abstracts.")
    page.screenshot(path=str(artifacts / "xss-card.png"))
    page.keyboard.press("Escape")

    page.click("#papers-button")
    page.fill("#papers-text", "hostile markup")
    row = page.locator(".paper-row").first
    expect(row).to_contain_text(TITLE_IMG)
    row.click()
    expect(card.locator(".abstract").first).to_contain_text(SCRIPT)

    assert page.locator("img").count() == 0
    assert page.locator("#log script, #card script, #papers-list script").count() == 0
    assert flags(page) == [None, None, None]
    assert dialogs == []


def test_csp_blocks_inline_script_even_if_injected(browser, planted_url):
    context = browser.new_context()
    page = context.new_page()
    page.goto(planted_url + "/")
    page.wait_for_selector("body[data-ready=true]")
    # Simulate a slip that put markup into the page: the CSP must stop its handler from running.
    page.evaluate(
        "() => "
        "{ const d = document.createElement('div'); "
        "d.innerHTML = '<img src=x onerror=\"window.__xss_img=1\">'; document.body.append(d); }"
    )
    page.wait_for_timeout(300)
    assert flags(page)[0] is None
    context.close()


def test_planted_markup_stays_text_in_the_profile_panel(unprotected_page, planted_url):
    page, dialogs = unprotected_page
    planted = httpx.get(planted_url + "/api/papers", params={"text": "hostile markup"}).json()["papers"][0]
    theme = next(t for t in httpx.get(planted_url + "/api/profile").json()["themes"] if planted["id"] in t["paper_ids"])
    page.goto(planted_url + "/")
    page.wait_for_selector("body[data-ready=true]")
    page.click("#profile-button")
    page.locator(f'.theme-row[data-theme="{theme["id"]}"]').click()
    row = page.locator(f'#profile-selection .paper-row[data-id="{planted["id"]}"]')
    expect(row).to_contain_text(TITLE_IMG)
    row.click()
    expect(page.locator("#card .abstract").first).to_contain_text(SCRIPT)
    assert page.locator("img").count() == 0
    assert page.locator("#profile-panel script, #profile-panel img").count() == 0
    assert flags(page) == [None, None, None]
    assert dialogs == []
