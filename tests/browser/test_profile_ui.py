"""The research profile panel in a real Chromium: years stacked by theme, co-authors, themes; a click lists papers,
each opens its card."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def profile(live_url) -> dict:
    return httpx.get(live_url + "/api/profile").json()


def open_profile(page, live_url):
    page.goto(live_url + "/")
    page.wait_for_selector("body[data-ready=true]")
    page.click("#profile-button")
    expect(page.locator("#profile-button")).to_have_attribute("aria-expanded", "true")
    expect(page.locator("#profile-panel .year-chart")).to_be_visible()


def listed_ids(page) -> list[str]:
    return page.locator("#profile-selection .paper-row").evaluate_all("rows => rows.map((r) => r.dataset.id)")


def test_click_a_year_lists_its_papers_and_each_opens_its_card(page_and_problems, live_url, profile, artifacts):
    page, problems = page_and_problems
    open_profile(page, live_url)
    by_year = {y["year"]: y for y in profile["per_year"]}
    assert by_year[2020]["total"] == 4 and len(by_year[2020]["by_theme"]) == 2

    # one column per year from the first to the last, gap years drawn empty and not clickable
    years = list(range(profile["per_year"][0]["year"], profile["per_year"][-1]["year"] + 1))
    expect(page.locator(".year-col")).to_have_count(len(years))
    expect(page.locator(".year-col[role=button]")).to_have_count(len(by_year))
    column = page.locator('.year-col[data-year="2020"]')
    expect(column).to_have_attribute(
        "aria-label",
        "2020: 4 papers ("
        + "; ".join(
            f"{t['label']}: {by_year[2020]['by_theme'][str(t['id'])]}"
            for t in profile["themes"]
            if str(t["id"]) in by_year[2020]["by_theme"]
        )
        + "). Show them.",
    )
    expect(column.locator(".seg")).to_have_count(2)
    expect(page.locator(".year-chart > title")).to_have_text("The author's papers per year, stacked by theme")
    expect(page.locator(".legend li")).to_have_text([t["label"] for t in profile["themes"]])

    column.locator(".year-label").click()  # the year under the bar: the whole year
    expect(page.locator("#profile-selection h4")).to_have_text("2020 (4)")
    expect(page.locator("#profile-selection .paper-row")).to_have_count(4)
    assert sorted(listed_ids(page)) == sorted(by_year[2020]["paper_ids"])
    expect(column).to_have_class("year-col selected")
    page.screenshot(path=str(artifacts / "profile-year.png"))

    # a coloured part of the bar: that theme's papers in that year, with a way back to the whole year
    theme = next(t for t in profile["themes"] if str(t["id"]) in by_year[2020]["by_theme"])
    column.locator(f'.seg[data-theme="{theme["id"]}"]').click()
    expect(page.locator("#profile-selection h4")).to_have_text(
        f"2020 · {theme['label']} ({by_year[2020]['by_theme'][str(theme['id'])]})"
    )
    assert set(listed_ids(page)) == set(by_year[2020]["paper_ids"]) & set(theme["paper_ids"])
    expect(page.locator("#profile-selection .theme-tag").first).to_have_text(theme["label"])
    page.get_by_role("button", name="All 4 from 2020").click()
    expect(page.locator("#profile-selection .paper-row")).to_have_count(4)

    row = page.locator("#profile-selection .paper-row").first
    title = row.locator(".paper-title").inner_text()
    row.click()
    card = page.locator("#card")
    expect(card).to_be_visible()
    expect(card.locator("#card-title")).to_have_text(title)
    expect(card.locator(".meta")).to_contain_text("2020")
    page.keyboard.press("Escape")
    expect(card).to_be_hidden()

    # the keyboard reaches the columns too
    page.locator('.year-col[data-year="2021"]').focus()
    page.keyboard.press("Enter")
    expect(page.locator("#profile-selection h4")).to_have_text("2021 (1)")
    page.locator("#profile-selection button[aria-label='Close this list']").click()
    expect(page.locator("#profile-selection")).to_be_hidden()
    assert problems.items == []


def test_coauthors_and_themes_list_their_papers(page_and_problems, live_url, profile, artifacts):
    page, problems = page_and_problems
    open_profile(page, live_url)
    coauthors = page.locator("#profile-panel .coauthor")
    expect(coauthors).to_have_count(10)  # the first ten, then "Show all"
    expect(coauthors.first.locator(".co-name")).to_have_text(profile["coauthors"][0]["name"])
    assert profile["truncated_author_lists"] > 0
    expect(page.locator("#profile-panel")).to_contain_text(
        f"{profile['truncated_author_lists']} of the 29 papers list only their first "
        f"authors, so these counts are lower bounds."
    )

    boyang = next(c for c in profile["coauthors"] if c["name"] == "Boyang Zhang")
    page.locator('.coauthor[data-name="Boyang Zhang"]').click()
    expect(page.locator("#profile-selection h4")).to_have_text(f"With Boyang Zhang ({boyang['papers']})")
    assert sorted(listed_ids(page)) == sorted(boyang["paper_ids"])
    expect(page.locator('.coauthor[data-name="Boyang Zhang"] .co-seg')).to_have_count(len(boyang["themes"]))
    page.screenshot(path=str(artifacts / "profile-coauthor.png"))

    page.get_by_role("button", name=f"Show all {len(profile['coauthors'])}").click()
    expect(coauthors).to_have_count(len(profile["coauthors"]))

    theme = profile["themes"][0]
    page.locator(f'.theme-row[data-theme="{theme["id"]}"]').click()
    expect(page.locator("#profile-selection h4")).to_have_text(f"{theme['label']} ({len(theme['paper_ids'])})")
    assert sorted(listed_ids(page)) == sorted(theme["paper_ids"])
    years = (
        f"{theme['year_from']}–{theme['year_to']}"
        if theme["year_from"] != theme["year_to"]
        else str(theme["year_from"])
    )
    expect(page.locator(f'.theme-row[data-theme="{theme["id"]}"] .theme-meta')).to_have_text(
        f"{years} · {len(theme['paper_ids'])} papers"
    )

    # one side panel at a time
    page.click("#papers-button")
    expect(page.locator("#papers-panel")).to_be_visible()
    expect(page.locator("#profile-panel")).to_be_hidden()
    expect(page.locator("#profile-button")).to_have_attribute("aria-expanded", "false")
    page.click("#profile-button")
    expect(page.locator("#papers-panel")).to_be_hidden()
    assert problems.items == []


def test_profile_at_phone_width(browser, live_url, artifacts):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(20_000)
    open_profile(page, live_url)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    chart = page.locator(".year-chart").bounding_box()
    assert chart["x"] >= 0 and chart["x"] + chart["width"] <= 390
    page.screenshot(path=str(artifacts / "phone-profile.png"))
    page.locator('.year-col[data-year="2020"] .year-label').click()
    expect(page.locator("#profile-selection .paper-row")).to_have_count(4)
    expect(page.locator("#profile-selection h4")).to_be_in_viewport()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(artifacts / "phone-profile-year.png"))
    page.locator("#profile-selection .paper-row").first.click()
    expect(page.locator("#card #card-title")).to_be_visible()
    context.close()
