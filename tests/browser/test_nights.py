"""A club night on a phone (390x844): who comes, saying so, the results; accessible (axe)."""

import pytest

from nights import attendance
from nights.models import Attendance, Night, NightSession
from scoring.bulk_import import import_sheets
from scoring.models import PlaySession, club_today
from tests.browser.axe import assert_accessible
from tests.browser.conftest import log_in, screenshot
from tests.nights.helpers import a_night, member
from tests.scoring.organiser_helpers import FINISHED_SHEETS, organiser

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


@pytest.fixture
def night():
    night = a_night(capacity=2, place="Café Anubis")
    night.note = "Bring snacks.\nThe door is round the back."
    night.save()
    for name in ("Ada", "Bea", "Maximiliane-Theodora"):
        attendance.come(night.pk, member(name))
    today = club_today().isoformat()
    import_sheets([{**FINISHED_SHEETS[g], "date": today} for g in ("sarg", "sarcophagus")])
    for session in PlaySession.objects.all():
        NightSession.objects.create(night=night, session=session)
    return night


def test_a_member_comes_on_a_phone(phone, live_server, night):
    mia = member("mia")
    log_in(phone, live_server, mia)
    phone.goto(f"{live_server.url}/nights/{night.pk}/")
    phone.get_by_role("button", name="I come").click()
    phone.wait_for_selector("#my-standing")
    assert "waiting list" in phone.locator("#my-standing").inner_text()
    assert Attendance.objects.get(user=mia).waiting
    assert fits(phone)
    assert_accessible(phone, "night")
    screenshot(phone, "night-phone")


def test_the_night_in_german_for_an_organiser(phone, live_server, night):
    phone.context.add_cookies([{"name": "django_language", "value": "de", "url": live_server.url}])
    log_in(phone, live_server, organiser())
    phone.goto(f"{live_server.url}/nights/{night.pk}/")
    assert phone.get_by_role("heading", name="Ergebnisse").is_visible()
    assert fits(phone)
    assert_accessible(phone, "night-de")
    screenshot(phone, "night-phone-de")
    phone.goto(f"{live_server.url}/nights/")
    assert fits(phone)
    assert_accessible(phone, "nights")
    screenshot(phone, "nights-phone-de")


def test_the_night_on_a_desktop(desktop, live_server, night):
    desktop.goto(f"{live_server.url}/nights/{night.pk}/")
    assert_accessible(desktop, "night-desktop")
    screenshot(desktop, "night-desktop")


def test_an_organiser_announces_a_weekly_night_on_a_phone(phone, live_server):
    log_in(phone, live_server, organiser())
    phone.goto(f"{live_server.url}/nights/new/")
    day = club_today().toordinal() + 7
    phone.get_by_label("Date").fill(type(club_today()).fromordinal(day).isoformat())
    phone.get_by_label("Starts at").fill("19:30")
    phone.get_by_label("Location").fill("Café Anubis")
    phone.get_by_label("Capacity").fill("8")
    phone.get_by_label("Weeks").fill("4")
    assert fits(phone)
    assert_accessible(phone, "night-form")
    screenshot(phone, "night-form-phone")
    phone.get_by_role("button", name="Announce").click()
    phone.wait_for_selector("#coming-title")
    assert Night.objects.count() == 4


def test_the_calendar_page_on_a_phone(phone, live_server):
    log_in(phone, live_server, member("mia"))
    phone.goto(f"{live_server.url}/nights/calendar/")
    phone.get_by_role("button", name="Make my calendar address").click()
    phone.wait_for_selector("#feed-url")
    assert fits(phone)
    assert_accessible(phone, "night-calendar")
    screenshot(phone, "night-calendar-phone")


def test_the_not_coming_link_on_a_phone_without_a_login(phone, live_server, night):
    from nights.reminders import not_coming_token

    ada = Attendance.objects.get(night=night, user__username="Ada").user
    phone.goto(f"{live_server.url}/nights/not-coming/{not_coming_token(night, ada)}/")
    assert Attendance.objects.filter(user=ada).exists()  # opening the link frees nothing
    assert_accessible(phone, "not-coming")
    phone.get_by_role("button", name="I am not coming after all").click()
    phone.wait_for_selector("#not-coming-done")
    assert not Attendance.objects.filter(user=ada).exists()
    assert Attendance.objects.get(user__username="Maximiliane-Theodora").waiting is False
    assert fits(phone)
    screenshot(phone, "night-not-coming-phone")
