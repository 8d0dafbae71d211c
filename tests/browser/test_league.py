"""The league page on a phone (390x844): each game's table fits the screen, readable and
accessible (axe), in German too; and the sheet page's played date and place."""

import datetime as dt
import random

import pytest
from django.utils import timezone

from scoring.bulk_import import import_sheets
from scoring.models import Season
from tests.browser.axe import assert_accessible, assert_accessible_everywhere
from tests.browser.conftest import PHONE, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Anna", "Ben", "Clara", "Dev", "Emil", "Frieda", "Gus", "Maximiliane-Theodora"]


def sheets(rng, today):
    out = []
    for i in range(60):
        day = (today - dt.timedelta(days=rng.randint(0, 50))).isoformat()
        if i % 2:
            a, b = rng.sample(NAMES, 2)
            rounds = [{"queen": rng.randint(0, 60), "king": rng.randint(0, 60)} for _ in range(6)]
            out.append(
                {"game": "sarg", "players": [a, b], "roles": {"queen": a, "king": b},
                 "rounds": rounds, "date": day}
            )  # fmt: skip
        else:
            who = rng.sample(NAMES, rng.randint(3, 5))
            heads = {n: rng.randint(0, 20) for n in who}
            out.append({"game": "sarkophag", "players": who, "rounds": [{"heads": heads}],
                        "date": day, "location": "Vereinsheim"})  # fmt: skip
    return out


@pytest.fixture
def season():
    today = timezone.localdate()
    import_sheets(sheets(random.Random(7), today))
    return Season.objects.create(
        name="Herbst", start=today - dt.timedelta(days=60), end=today, min_games=9
    )


def fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


def test_the_league_on_a_phone(phone, live_server, season):
    phone.goto(live_server.url + "/leaderboard/")
    phone.get_by_role("link", name="The league: points per place this season").click()
    phone.wait_for_url("**/leaderboard/league/")
    assert phone.locator(".league-game").count() == 4
    sarg = phone.locator("#league-sarg + .table-scroll table")
    assert sarg.locator("tbody tr").count() >= len(NAMES)
    assert phone.locator(".league-unranked-head").count() >= 1
    assert fits(phone)
    box = sarg.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    screenshot(phone, "league-phone")
    assert_accessible_everywhere(phone, "league")


def test_the_league_in_german(browser, live_server, season):
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, locale="de-DE"
    )
    phone = context.new_page()
    phone.goto(live_server.url + "/leaderboard/league/")
    text = phone.locator("main").inner_text()
    assert "Liga Herbst" in text and "Punkte" in text
    assert fits(phone)
    screenshot(phone, "league-phone-de")
    assert_accessible(phone, "league in German")
    context.close()


def test_the_printable_league(phone, live_server, season):
    phone.goto(live_server.url + f"/leaderboard/league/{season.pk}/?view=print")
    phone.emulate_media(media="print")
    assert phone.locator(".print-page").count() == 4
    breaks = phone.eval_on_selector(".print-page", "e => getComputedStyle(e).breakAfter")
    assert breaks == "page"
    screenshot(phone, "league-print")
    assert_accessible(phone, "printable league")
