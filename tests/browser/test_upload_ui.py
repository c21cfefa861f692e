"""The "Add papers" drop zone in a real Chromium: absent when uploads are off; when on, a chosen file is added
and the zone shows what ingest read, the new papers appear in the list, and a bad file shows its reason."""

from __future__ import annotations

import shutil

import pytest
from playwright.sync_api import expect

from assistant.api.app import create_app
from tests.api.live import LiveServer
from tests.conftest import DATA, SEEDS
from tests.reliability.test_ingest_while_serving import assistant_over

pytestmark = pytest.mark.browser
UPLOAD = DATA / "upload"


def open_papers(page, url):
    page.goto(url + "/")
    page.wait_for_selector("body[data-ready=true]")
    page.click("#papers-button")
    expect(page.locator("#papers-panel")).to_be_visible()


def test_no_drop_zone_when_uploads_are_off(page_and_problems, live_url):
    page, problems = page_and_problems
    open_papers(page, live_url)
    page.wait_for_timeout(300)  # upload.js has asked /healthz by now
    expect(page.locator("#upload-zone")).to_have_count(0)
    assert problems.items == []


@pytest.mark.slow
def test_add_papers_shows_the_ingest_summary(page_and_problems, fresh_store, tmp_path, assistant, artifacts):
    page, problems = page_and_problems
    corpus = tmp_path / "corpus"
    shutil.copytree(SEEDS, corpus)
    a = assistant_over(fresh_store, assistant)
    a.settings = a.settings.model_copy(update={"seeds_dir": corpus, "sources_upload": True})
    with LiveServer(create_app(a.settings, assistant=a)) as url:
        open_papers(page, url)
        expect(page.locator("#upload-zone")).to_be_visible()
        expect(page.locator("#upload-zone")).to_contain_text("Add papers")

        page.set_input_files("#upload-input", str(UPLOAD / "bad.bib"))
        expect(page.locator("#upload-result .error-text")).to_contain_text(
            "bad.bib:1: unreadable BibTeX entry", timeout=60_000
        )

        page.uncheck("#papers-author-only")  # the new papers are another group's
        page.fill("#papers-text", "TideMesh")
        expect(page.locator("#papers-list .empty")).to_be_visible()
        page.set_input_files("#upload-input", str(UPLOAD / "new_papers.bib"))
        expect(page.locator("#upload-result")).to_contain_text(
            "new_papers.bib: bibtex, 3 entries read, 0 merged with other files, 0 warnings.", timeout=120_000
        )
        expect(page.locator("#upload-result")).to_contain_text("3 added")
        expect(page.locator("#papers-list .paper-row")).to_have_count(1)
        page.click("#papers-list .paper-row")
        expect(page.locator("#card-body")).to_contain_text("Journal of Computational Physics")
        expect(page.locator("#card-body a[href='https://doi.org/10.1016/j.jcp.2025.113456']")).to_be_visible()
        page.screenshot(path=str(artifacts / "upload_ui.png"))
    assert [p for p in problems.items if "status of 422" not in p] == []  # the refused bad.bib is logged by the browser
