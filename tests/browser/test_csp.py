"""No page breaks the Content-Security-Policy: the browser reports every violation (a
`securitypolicyviolation` event, a "Refused to ..." console message) over the main page
states, and a whole game of each of the four, played by bots and watched live; any fails."""

from __future__ import annotations

import time

import pytest
from django.test import override_settings
from django.urls import reverse
from playwright.sync_api import expect

from games import tables
from games.engines import get_engine
from games.models import Table
from scoring import sheets
from scoring.models import Player
from tests.browser.conftest import DESKTOP, PHONE
from tests.browser.play_helpers import TIMEOUT, PlayCase, logged_in_page, shots, wait_live
from tests.browser.test_scorekeeper import tap_card

LISTEN = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__cspViolations.push(
    `${event.violatedDirective} blocked ${event.blockedURI || "inline"} at ` +
    `${event.sourceFile || location.pathname}:${event.lineNumber}`
  );
});
"""
GAME_SECONDS = 120


class ViolationWatch:
    """Everything the browser said about the policy on one page (and the pages it moves to)."""

    def __init__(self, page):
        self.page = page
        self.console: list[str] = []
        page.add_init_script(LISTEN)
        page.on("console", self._console)

    def _console(self, message) -> None:
        text = message.text
        if "Content Security Policy" in text or "Refused to" in text:
            self.console.append(f"{self.page.url}: {text}")

    def visit(self, url: str) -> None:
        self.page.goto(url)
        self.page.wait_for_load_state("networkidle")
        self.check(url)

    def check(self, where: str) -> None:
        events = self.page.evaluate("window.__cspViolations || []")
        assert not events, f"{where}: {events}"
        assert not self.console, self.console


def sarg_sheet(case) -> object:
    """A Sarg sheet kept by Anna for Anna (Queen) and Ben (King)."""
    return sheets.create_session(
        "sarg",
        case.anna,
        [case.anna.player, case.ben.player],
        roles={"queen": "Anna", "king": "Ben"},
    )


def watched(page) -> ViolationWatch:
    return ViolationWatch(page)


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
            watch = watched(logged_in_page(self.start_browser(), base, self.anna, viewport))
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
        visitor = watched(logged_in_page(self.start_browser(), base, None, PHONE))
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
        watch = watched(page)
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


@pytest.mark.browser
@override_settings(SARCO_BOT_RUNNER=True, SARCO_BOT_PAUSE=0)
class BotGamesTest(PlayCase):
    """Each game from its first move to its end, every seat played by a bot (the host hands
    their own seat over), watched live by the host's page."""

    def watch_a_whole_game(self, game: str) -> None:
        seats = get_engine(game).min_players
        bots = dict.fromkeys(range(1, seats), "random")
        table = tables.start(tables.open_table(game, self.anna, seats=seats, bots=bots), self.anna)
        tables.hand_to_bot(table, 0, self.anna, "random")  # before Playwright: see PlayCase
        page = self.page(self.anna)
        watch = watched(page)
        page.goto(f"{self.live_server_url}/play/{table.public_id}/")
        wait_live(page)  # the first socket starts this server's bot runner
        deadline = time.monotonic() + GAME_SECONDS
        while Table.objects.get(pk=table.pk).status != Table.Status.FINISHED:
            assert time.monotonic() < deadline, f"{game}: the bots did not finish in time"
            page.wait_for_timeout(250)
            watch.check(f"{game}, during the game")
        final = Table.objects.get(pk=table.pk).version
        expect(page.locator("#table-status")).to_have_attribute(
            "data-version", str(final), timeout=TIMEOUT
        )
        shots(page, f"csp-{game}-over")
        watch.check(f"{game}, game over")

    def test_sarg(self):
        self.watch_a_whole_game("sarg")

    def test_sacrifice(self):
        self.watch_a_whole_game("sacrifice")

    def test_sarcophagus(self):
        self.watch_a_whole_game("sarcophagus")

    def test_sarkophag(self):
        self.watch_a_whole_game("sarkophag")
