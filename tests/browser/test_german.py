"""The main pages in German on a phone: long German words must not push the page sideways,
and the menu's language switcher keeps its choice from page to page."""

from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.browser.conftest import PHONE, log_in, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def german_phone(browser):
    """A phone whose browser asks for German (Accept-Language: de-DE)."""
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, locale="de-DE"
    )
    yield context.new_page()
    context.close()


STICKING_OUT = """() => {
    const edge = document.documentElement.clientWidth + 1;
    return [...document.querySelectorAll("body *")]
        .filter((el) => el.getBoundingClientRect().right > edge)
        .slice(-5)
        .map((el) => `${el.tagName.toLowerCase()}.${el.className}`
            + ` “${el.textContent.trim().slice(0, 30)}”`);
}"""


def assert_fits(page, what: str) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], (
        f"{what} is {width}px wide in German: {page.evaluate(STICKING_OUT)}"
    )


def german_pages_data() -> dict:
    """A sheet of each game, a running table of each game, an organiser and a finished
    session: made off Playwright's thread (table changes notify channels via async_to_sync,
    which refuses to run beside the sync API's event loop)."""
    from django.db import connection

    from sarco.catalog import GAMES
    from scoring import sheets
    from tests.sarco.test_i18n import started_table
    from tests.scoring.organiser_helpers import finished_sarg, organiser
    from tests.scoring.sheet_helpers import players, sarkophag_sheet, user

    try:
        keeper = user()
        anna, ben, clara = players("Anna", "Ben", "Clara")
        return {
            "keeper": keeper,
            "anna": anna,
            "sheet": sarkophag_sheet(keeper, limit=60),
            "sheets": {
                "sarg": sheets.create_session(
                    "sarg", keeper, [anna, ben], roles={"queen": "Anna", "king": "Ben"}
                ),
                "sacrifice": sheets.create_session("sacrifice", keeper, [anna, ben]),
                "sarcophagus": sheets.create_session("sarcophagus", keeper, [anna, ben, clara]),
            },
            "boards": {game.slug: started_table(game.slug, keeper) for game in GAMES},
            "boss": (boss := organiser()),
            "done": finished_sarg(owner=boss),
        }
    finally:
        connection.close()


def test_german_phone_pages_fit(live_server, german_phone):
    with ThreadPoolExecutor(1) as pool:
        data = pool.submit(german_pages_data).result()
    keeper, anna, sheet, boss, done = (
        data[key] for key in ("keeper", "anna", "sheet", "boss", "done")
    )
    other_sheets, boards = data["sheets"], data["boards"]
    page = german_phone
    page.goto(live_server.url + "/")
    assert page.locator("html").get_attribute("lang") == "de"
    assert page.get_by_role("link", name="Spielstand").first.is_visible()
    assert_fits(page, "home")
    screenshot(page, "de-home-phone")
    log_in(page, live_server, keeper)
    pages = [
        ("sheet", f"/scorekeeper/{sheet.public_id}/"),
        *[(f"sheet-{game}", f"/scorekeeper/{s.public_id}/") for game, s in other_sheets.items()],
        ("new-sheet", "/scorekeeper/new/sarkophag/"),
        ("lobby", "/play/"),
        ("table", f"/play/{boards['sarg'].public_id}/"),
        *[(f"table-{game}", f"/play/{t.public_id}/") for game, t in boards.items()],
        ("leaderboard", "/leaderboard/"),
        ("leaderboard-sarg", "/leaderboard/sarg/"),
        ("player", f"/players/{anna.pk}/"),
        ("account", "/accounts/"),
    ]
    for name, path in pages:
        page.goto(live_server.url + path)
        assert page.locator("html").get_attribute("lang") == "de"
        screenshot(page, f"de-{name}-phone")
        assert_fits(page, name)
    log_in(page, live_server, boss)
    for name, path in [
        ("admin-sessions", "/admin/scoring/playsession/"),
        ("admin-session", f"/admin/scoring/playsession/{done.pk}/change/"),
        ("admin-audit", "/admin/scoring/auditentry/"),
    ]:
        page.goto(live_server.url + path)
        assert page.locator("html").get_attribute("lang") == "de"
        screenshot(page, f"de-{name}-phone")  # the admin scrolls its tables sideways


def test_switcher_choice_sticks(live_server, phone):
    phone.goto(live_server.url + "/")
    assert phone.locator("html").get_attribute("lang") == "en"
    phone.get_by_role("button", name="Sprache: Deutsch").click()
    phone.wait_for_load_state()
    assert phone.locator("html").get_attribute("lang") == "de"
    phone.goto(live_server.url + "/leaderboard/")
    assert phone.get_by_role("heading", name="Rangliste").is_visible()
    phone.get_by_role("button", name="Language: English").click()
    phone.wait_for_load_state()
    assert phone.locator("html").get_attribute("lang") == "en"
