"""No page breaks the Content-Security-Policy: the browser reports every violation (a
`securitypolicyviolation` event, a "Refused to ..." console message) over the main page
states; any fails. A whole game of each of the four is watched the same way where it is
played by keyboard (`test_play_by_ear_games.py`), with the socket's checks."""

from __future__ import annotations

import pytest
from django.test import override_settings
from django.urls import reverse
from playwright.sync_api import expect

from games import tables
from scoring import sheets
from scoring.models import Player
from tests.browser.conftest import DESKTOP, PHONE
from tests.browser.page_watch import PageWatch
from tests.browser.play_helpers import PlayCase, logged_in_page, shots
from tests.browser.test_scorekeeper import tap_card


def sarg_sheet(case) -> object:
    """A Sarg sheet kept by Anna for Anna (Queen) and Ben (King)."""
    return sheets.create_session(
        "sarg",
        case.anna,
        [case.anna.player, case.ben.player],
        roles={"queen": "Anna", "king": "Ben"},
    )


@pytest.mark.browser
@override_settings(SARCO_BOT_RUNNER=True, SARCO_BOT_PAUSE=0)
class PagesTest(PlayCase):
    def test_the_main_pages_raise_no_violation(self):
        self.anna.is_staff = self.anna.is_superuser = True
        self.anna.save()
        session = sarg_sheet(self)
        anna = Player.objects.get(name="Anna")
        lobby_table = tables.open_table("sarg", self.ben, seats=2)
        base = self.live_server_url
        for viewport in (PHONE, DESKTOP):
            watch = PageWatch(logged_in_page(self.start_browser(), base, self.anna, viewport))
            for path in (
                "/",
                "/play/",
                f"/play/{lobby_table.public_id}/",
                "/leaderboard/",
                reverse("leaderboard:player", args=[anna.pk]),
                "/accounts/",
                "/accounts/password/",
                "/scorekeeper/",
                "/admin/",
                "/admin/scoring/playsession/",
                f"/admin/scoring/playsession/{session.pk}/change/",
                "/admin/scoring/player/",
                "/admin/auth/user/",
                "/no-such-page/",
            ):
                watch.visit(base + path)
            if viewport == PHONE:
                watch.visit(base + "/accounts/")
                shots(watch.page, "account")
        visitor = PageWatch(logged_in_page(self.start_browser(), base, None, PHONE))
        for path in ("/", "/accounts/login/", "/accounts/signup/", "/accounts/password/reset/"):
            visitor.visit(base + path)
        shots(visitor.page, "password-reset")
        visitor.page.locator("#id_email").fill("anna@example.org")
        visitor.page.get_by_role("button", name="Send the link").click()
        expect(visitor.page.locator("#reset-sent")).to_be_visible()
        shots(visitor.page, "password-reset-sent")
        visitor.check("password reset sent")

    def test_the_scorekeeper_raises_no_violation(self):
        for name in ("Dora", "Emil", "Fritz"):
            Player.objects.create(name=name)
        session = sarg_sheet(self)
        page = self.page(self.anna)
        watch = PageWatch(page)
        watch.visit(f"{self.live_server_url}/scorekeeper/new/sarkophag/")
        page.locator("#new-guest").fill("Zoe")
        page.get_by_role("button", name="Add", exact=True).click()
        expect(page.locator(".seats")).to_contain_text("Zoe (guest)")
        expect(page.locator("#new-guest")).to_have_value("")  # emptied without inline script
        watch.check("new sheet, guest added")
        watch.visit(f"{self.live_server_url}/scorekeeper/{session.public_id}/")
        page.get_by_text("Share this sheet").click()
        link = page.locator("input[data-select-on-focus]")
        link.focus()
        selected = (
            "(field) => field.selectionStart === 0 && field.selectionEnd === field.value.length"
        )
        assert link.evaluate(selected)  # selected without an inline handler
        for card in ("AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H"):
            tap_card(page, card)
        page.locator("#save-entry").click()
        expect(page.locator(".note")).to_have_text("Round 1 saved.")
        shots(page, "csp-scorekeeper-round-entered")
        watch.check("sheet, a round entered")
