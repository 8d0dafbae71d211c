"""A sheet's played date, location and notes on a phone (390x844): set on the new-sheet
form, the club's places offered, shown on the sheet and changed there; axe-checked."""

import datetime as dt

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from scoring.models import Player, PlaySession, club_today
from tests.browser.axe import assert_accessible
from tests.browser.conftest import screenshot
from tests.browser.test_scorekeeper import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def keeper():
    for name in ("Anna", "Ben"):
        Player.objects.create(name=name)
    PlaySession.objects.create(game="sarg", location="Vereinsheim")
    return User.objects.create_user("keeper", "k@example.org", "a-long-password-1")


def test_a_backdated_sheet_with_its_place_on_a_phone(live_server, phone, keeper):
    log_in(phone, live_server, keeper)
    phone.goto(f"{live_server.url}/scorekeeper/new/sacrifice/")
    played_on = phone.locator("#id_played_on")
    expect(played_on).to_have_value(club_today().isoformat())
    assert played_on.get_attribute("max") == club_today().isoformat()
    assert phone.locator("#club-locations option").evaluate_all(
        "options => options.map(o => o.value)"
    ) == ["Vereinsheim"]
    for name in ("Anna", "Ben"):
        phone.locator(".matches .chip", has_text=name).click()
        expect(phone.locator(".seats")).to_contain_text(name)
    day = club_today() - dt.timedelta(days=3)
    played_on.fill(day.isoformat())
    phone.locator("#id_location").fill("Vereinsheim")
    phone.locator("#id_notes").fill("Pokalabend")
    screenshot(phone, "scorekeeper-new-sheet-details-phone")
    assert_accessible(phone, "new sheet with when and where")
    phone.locator("#start-sheet").click()
    phone.wait_for_url("**/scorekeeper/*-*/")
    details = phone.locator("#sheet-details")
    expect(details).to_contain_text("Vereinsheim")
    expect(details).to_contain_text("Pokalabend")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    details.locator("summary").click()
    phone.locator("#sheet-details #id_location").fill("Anna's kitchen")
    phone.locator("#sheet-details button[type=submit]").click()
    expect(phone.locator("#sheet-details")).to_contain_text("Anna's kitchen")
    screenshot(phone, "scorekeeper-sheet-details-phone")
    assert_accessible(phone, "sheet with when and where")
    session = PlaySession.objects.exclude(location="").latest("pk")
    assert (session.played_on, session.location) == (day, "Anna's kitchen")
