"""Browser tests: Debian's chromium driven by Playwright against a live server over the seed store."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.api.fixtures import app, live_url  # noqa: F401  (pytest fixtures)

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"


# Package scope: Playwright's sync API keeps an asyncio loop running in this thread while it is open,
# which would break later tests that call asyncio.run() (the REPL's prompt_toolkit tests).
@pytest.fixture(scope="package")
def browser():
    if not CHROMIUM.exists():
        pytest.skip("/usr/bin/chromium is missing: `make browser` (apt-get install chromium) installs it")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


class PageProblems:
    """Console errors and uncaught exceptions a page raised (a CSP violation shows up here too)."""

    def __init__(self, page):
        self.items: list[str] = []
        page.on("console", lambda m: self.items.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
        page.on("pageerror", lambda e: self.items.append(f"pageerror: {e}"))
        page.on("dialog", lambda d: (self.items.append(f"dialog: {d.message}"), d.dismiss()))


@pytest.fixture
def page_and_problems(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.set_default_timeout(20_000)
    problems = PageProblems(page)
    yield page, problems
    context.close()
