"""Sarg's vampire (the joker) on a phone where no emoji font exists (this Chromium has none):
the joker reads "JK★" and a line it spoils shows a drawn vampire, named for screen readers,
instead of an emoji's empty box."""

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from scoring import sheets
from scoring.models import Player
from tests.browser.conftest import log_in, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SQUARE = ["QH", "7S", "2C", "JK", "5D", "9D", "AH", "KS", "3C"]  # the joker spoils row 2


def tap_card(page, card: str) -> None:
    if card == "JK":
        page.get_by_role("button", name="Joker (vampire)").click()
    else:
        rank, suit = card[:-1], card[-1]
        page.locator(f'button[name="pick"][value="rank:{rank}"]').click()
        page.locator(f'button[name="pick"][value="suit:{suit}"]').click()
    expect(page.locator(".pick-selected")).to_have_count(0)


def test_the_vampire_is_drawn_and_named_not_an_emoji(live_server, phone):
    keeper = User.objects.create_user("keeper", "k@example.org", "a-long-password-1")
    anna, ben = Player.objects.create(name="Anna"), Player.objects.create(name="Ben")
    session = sheets.create_session(
        "sarg", keeper, [anna, ben], roles={"queen": "Anna", "king": "Ben"}
    )
    log_in(phone, live_server, keeper)
    phone.goto(f"{live_server.url}/scorekeeper/{session.public_id}/")
    expect(phone.get_by_role("button", name="Joker (vampire)")).to_have_text("JK★")
    for i, card in enumerate(SQUARE):
        tap_card(phone, card)
        expect(phone.locator(f'input[name="cell-{i}"]')).to_have_value(card)
    expect(phone.locator('button[data-cell="3"]')).to_have_text("JK★")
    spoiled = phone.locator(".line-row").nth(1)
    icon = spoiled.locator("svg.vampire-icon")
    expect(icon).to_be_visible()
    box = icon.bounding_box()
    assert box["width"] >= 10 and box["height"] >= 10  # drawn at text size, not a dot
    expect(spoiled).to_contain_text("vampire")  # the words a screen reader hears
    screenshot(phone, "scorekeeper-sarg-vampire-phone")
