"""German phone pages of finished and voided games: the void note, the Sarg end bonus, the
Sarcophagus set bonuses and the Sarg square's German rank letters fit a 390 px phone."""

from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.browser.conftest import log_in, screenshot
from tests.browser.test_german import assert_fits, german_phone  # noqa: F401 - a fixture

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def finished_data() -> dict:
    """Made off Playwright's thread, as the other German pages' data."""
    from django.db import connection

    from scoring import organising, sheet_import
    from tests.scoring.organiser_helpers import finished_sarg, organiser
    from tests.scoring.sheet_helpers import sarg_sheet

    try:
        boss = organiser()
        voided = finished_sarg(owner=boss, names=("Clara", "Dora"))
        organising.void(voided, by=boss, reason="Mit einem unvollständigen Deck gespielt.")
        tiles = {"Ron": ["5-sun", "4-sun", "3-sun"], "Amy": ["2-moon"]}
        fame = sheet_import.import_sheet(
            {"game": "sarcophagus", "players": ["Ron", "Amy"], "tiles": tiles}, None, finish=True
        )
        return {
            "boss": boss,
            "sarg": finished_sarg(owner=boss),
            "voided": voided,
            "fame": fame,
            "square": sarg_sheet(boss),
        }
    finally:
        connection.close()


def test_finished_and_voided_german_sheets_fit_a_phone(live_server, german_phone):  # noqa: F811
    with ThreadPoolExecutor(1) as pool:
        data = pool.submit(finished_data).result()
    page = german_phone
    log_in(page, live_server, data["boss"])
    for name in ("sarg", "voided", "fame", "square"):
        page.goto(f"{live_server.url}/scorekeeper/{data[name].public_id}/")
        screenshot(page, f"de-finished-{name}-phone")
        assert_fits(page, name)
    page.goto(f"{live_server.url}/scorekeeper/{data['voided'].public_id}/")
    note = page.locator(".void-note")
    assert note.is_visible() and "unvollständigen Deck" in note.inner_text()
    assert note.inner_text().startswith("Von einem Organisator am")
    assert page.locator(".sheet-head .badge").text_content() == "ungültig"
