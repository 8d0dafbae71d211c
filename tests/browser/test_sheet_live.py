"""Phones on one sheet, in real browsers on a real daphne server (websockets included)."""

import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from channels.testing import ChannelsLiveServerTestCase
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from playwright.sync_api import expect

from scoring import sheets
from scoring.models import Player
from tests.browser.axe import assert_accessible
from tests.browser.conftest import PHONE, screenshot, start_chromium
from tests.services import require

SOCKET_OPEN = "document.addEventListener('htmx:wsOpen', () => { window.sheetSocketOpen = true; });"


@pytest.mark.browser
class LiveSheetTest(ChannelsLiveServerTestCase):
    serve_static = True

    def setUp(self):
        require("browser")
        self.keeper = User.objects.create_user("keeper", "k@example.org", "a-long-password-1")
        players = [Player.objects.create(name=name) for name in ("Anna", "Ben", "Clara")]
        self.session = sheets.create_session("sarkophag", self.keeper, players, {"limit": 50})
        self.url = f"{self.live_server_url}/scorekeeper/{self.session.public_id}/"
        self.browser = start_chromium(self)

    def keeper_page(self):
        client = Client()
        client.force_login(self.keeper)
        cookie = client.cookies[settings.SESSION_COOKIE_NAME]
        context = self.browser.new_context(viewport=PHONE)
        context.add_init_script(SOCKET_OPEN)
        context.add_cookies(
            [{"name": cookie.key, "value": cookie.value, "url": self.live_server_url}]
        )
        page = context.new_page()
        page.goto(self.url)
        return page

    def wait_for_socket(self, page) -> None:
        """Until the page's sheet socket is open: the server has joined it to the sheet's
        group by then, so no broadcast can slip past it (a fixed wait did, under load)."""
        page.wait_for_function("() => window.sheetSocketOpen === true", timeout=30_000)

    def type_heads(self, page, seat: int, heads: str) -> None:
        """As a person does: into the field, then away from it; the preview recomputes."""
        field = page.locator(f"#heads-{seat}")
        field.click()
        field.fill(heads)
        field.press("Tab")
        expect(page.locator(f"#heads-{seat}")).to_have_value(heads)
        page.wait_for_load_state("networkidle")

    def test_a_watching_phone_sees_the_keepers_round_within_a_second(self):
        watching = self.browser.new_context(viewport=PHONE)
        watching.add_init_script(SOCKET_OPEN)
        watcher = watching.new_page()
        watcher.goto(self.url)
        keeper = self.keeper_page()
        expect(watcher.locator('[data-player="Anna"]')).to_have_text("0")
        self.wait_for_socket(watcher)  # the socket is open before the keeper saves

        self.type_heads(keeper, 0, "7")
        self.type_heads(keeper, 1, "3")
        self.type_heads(keeper, 2, "12")  # a real deal hands out at least 18 heads
        keeper.get_by_role("button", name="Save round 1").click()
        expect(keeper.locator('[data-player="Ben"]')).to_have_text("3")

        expect(watcher.locator('[data-player="Anna"]')).to_have_text("7", timeout=1000)
        expect(watcher.locator('[data-player="Ben"]')).to_have_text("3", timeout=1000)
        expect(watcher.get_by_role("button", name="Save round 2")).to_have_count(0)
        screenshot(watcher, "scorekeeper-live-watcher-phone")

    def test_typing_during_a_slow_recompute_is_not_wiped(self):
        keeper = self.keeper_page()

        def slow(route):
            time.sleep(0.6)  # a phone on a poor connection
            route.continue_()

        keeper.route("**/entry/**", slow)
        keeper.fill("#heads-0", "7")
        keeper.locator("#heads-0").dispatch_event("change")  # the recompute leaves now...
        keeper.locator("#heads-1").fill("3")  # ...and the player goes on typing
        keeper.wait_for_timeout(2500)
        keeper.unroute("**/entry/**")

        expect(keeper.locator("#heads-1")).to_have_value("3")
        expect(keeper.locator("#heads-0")).to_have_value("7")

    def off_thread(self, function, *args, **kwargs):
        """ORM work off this thread: Playwright's sync API runs an event loop on it."""
        with ThreadPoolExecutor(1) as pool:
            return pool.submit(function, *args, **kwargs).result()

    def rounds(self) -> int:
        return self.off_thread(lambda: self.session.rounds.count())

    def add_round(self) -> None:
        entry = {"heads": {"Anna": 1, "Ben": 5, "Clara": 14}}
        self.off_thread(sheets.apply_edit, self.session.public_id, self.keeper, "add", entry=entry)

    def test_a_double_tap_on_a_slow_network_saves_one_round(self):
        keeper = self.keeper_page()
        for seat, heads in enumerate(("7", "3", "12")):
            self.type_heads(keeper, seat, heads)
        held = []  # the saves sent, held back as a slow network would

        def hold_saves(route):
            if "action=save" in (route.request.post_data or ""):
                held.append(route)
            else:
                route.continue_()

        keeper.route("**/entry/**", hold_saves)
        save = keeper.locator("#save-entry")
        save.dblclick()
        expect(save).to_be_disabled()  # while its request is under way
        keeper.wait_for_timeout(400)
        assert len(held) == 1, f"{len(held)} saves sent for one double tap"
        held[0].continue_()
        keeper.unroute("**/entry/**")
        expect(keeper.locator(".note")).to_have_text("Round 1 saved.")
        keeper.wait_for_timeout(1500)
        assert self.rounds() == 1
        expect(keeper.locator("#entry-title")).to_have_text("Round 2")

    def test_an_answer_slower_than_the_push_still_lands(self):
        """The undo's own push reaches the page before the undo's answer (held back here as a
        slow network would): the push leaves the part with the request alone, and the answer
        still shows what happened and offers the restore."""
        self.add_round()
        self.add_round()
        keeper = self.keeper_page()
        self.wait_for_socket(keeper)
        held = []

        def hold_answer(route):
            held.append((route, route.fetch()))  # applied on the server, answer held

        keeper.route("**/undo/", hold_answer)
        self.undo_last(keeper)
        expect(keeper.locator('[data-player="Clara"]')).to_have_text("14", timeout=5000)
        assert len(held) == 1
        route, answer = held[0]
        route.fulfill(response=answer)
        expect(keeper.locator(".note")).to_have_text("Round 2 was removed.")
        expect(keeper.locator("#restore-undone")).to_be_visible()

    def test_a_restore_slower_than_its_push_still_lands(self):
        """The restore's own push moves the sheet past the offer's version before the
        restore's answer arrives: the offer, its request under way, stays until the answer
        replaces it (dropped, it took the answer's place with it: "Invalid re-target")."""
        self.add_round()
        self.add_round()
        keeper = self.keeper_page()
        self.wait_for_socket(keeper)
        self.undo_last(keeper)
        expect(keeper.locator(".note")).to_have_text("Round 2 was removed.")
        version = keeper.locator("#sheet-state").get_attribute("data-version")
        held = []

        def hold_answer(route):
            held.append((route, route.fetch()))  # applied on the server, answer held

        keeper.route("**/restore/", hold_answer)
        keeper.locator("#restore-round").click()
        expect(keeper.locator("#sheet-state")).not_to_have_attribute("data-version", version)
        assert len(held) == 1
        route, answer = held[0]
        route.fulfill(response=answer)
        expect(keeper.locator(".note")).to_have_text("Round 2 was restored.")
        expect(keeper.locator('[data-player="Clara"]')).to_have_text("28")

    def test_a_second_device_s_new_round_form_follows_to_the_next_round(self):
        first, second = self.keeper_page(), self.keeper_page()
        expect(second.locator("#entry-title")).to_have_text("Round 1")
        self.wait_for_socket(second)
        for seat, heads in enumerate(("7", "3", "12")):
            self.type_heads(first, seat, heads)
        first.locator("#save-entry").click()
        expect(first.locator(".note")).to_have_text("Round 1 saved.")
        expect(second.locator("#entry-title")).to_have_text("Round 2", timeout=5000)
        expect(second.locator("#sheet-actions input[name=seen]").first).to_have_value("1")
        screenshot(second, "scorekeeper-followed-to-round-2-phone")

    def test_a_round_changed_on_another_device_refuses_the_stale_form(self):
        self.add_round()
        first, second = self.keeper_page(), self.keeper_page()
        for page in (first, second):
            page.goto(f"{self.url}?round=1")
            expect(page.locator("#entry-title")).to_have_text("Change round 1")
        self.type_heads(first, 0, "2")
        first.locator("#save-entry").click()
        expect(first.locator(".note")).to_have_text("Round 1 changed.")
        self.type_heads(second, 0, "4")  # the recompute keeps the version it was opened at
        second.locator("#save-entry").click()
        expect(second.locator("#entry-error")).to_have_text(
            "Round 1 was changed on another device; here it is now. Nothing was saved."
        )
        expect(second.locator("#heads-0")).to_have_value("2")
        assert (
            self.off_thread(lambda: self.session.rounds.get().named_entry()["heads"]["Anna"]) == 2
        )
        screenshot(second, "scorekeeper-refused-changed-elsewhere-phone")

    def test_an_untouched_round_is_refused_with_why(self):
        keeper = self.keeper_page()
        keeper.locator("#save-entry").click()
        expect(keeper.locator("#entry-error")).to_contain_text("at least 18 heads")
        assert self.rounds() == 0
        screenshot(keeper, "scorekeeper-refused-all-zero-phone")

    def test_abandoning_a_sheet_asks_first(self):
        keeper = self.keeper_page()
        keeper.locator("#delete-sheet").click()
        expect(keeper.locator("h1")).to_have_text("Abandon this sheet?")
        screenshot(keeper, "scorekeeper-abandon-confirm-phone")
        keeper.locator("#confirm-delete").click()
        # a post, a redirect and a page load: under a full parallel run this took over 5 s
        expect(keeper.locator(".message")).to_contain_text("The sheet was deleted.", timeout=15_000)
        screenshot(keeper, "scorekeeper-after-abandon-phone")

    def sarg_with_rounds(self, count: int):
        """A Sarg sheet of ``count`` typed rounds, and its address."""

        def make():
            anna, ben = Player.objects.get(name="Anna"), Player.objects.get(name="Ben")
            roles = {"queen": "Anna", "king": "Ben"}
            session = sheets.create_session("sarg", self.keeper, [anna, ben], roles=roles)
            for _ in range(count):
                entry = {"queen": 38, "king": 30}
                sheets.apply_edit(session.public_id, self.keeper, "add", entry=entry)
            return session

        session = self.off_thread(make)
        self.url = f"{self.live_server_url}/scorekeeper/{session.public_id}/"
        return session

    def undo_last(self, page) -> None:
        page.locator("#undo-last").click()
        expect(page.locator("#undo-title")).to_be_focused()
        page.locator("#confirm-undo").click()

    def test_a_second_device_is_offered_no_seventh_sarg_round(self):
        self.sarg_with_rounds(5)
        first, second = self.keeper_page(), self.keeper_page()
        expect(second.locator("#entry-title")).to_have_text("Round 6")
        self.wait_for_socket(second)
        first.get_by_role("button", name="Type the scores").click()
        first.fill("#queen-score", "38")
        first.fill("#king-score", "30")
        first.locator("#save-entry").click()
        expect(first.locator(".note")).to_contain_text("Round 6 saved.")
        expect(second.locator("#game-over")).to_be_visible(timeout=5000)
        expect(second.locator("#entry")).to_have_attribute("data-closed", "", timeout=5000)
        second.wait_for_load_state("networkidle")
        expect(second.locator("#entry-title")).to_have_count(0)
        expect(second.locator("#finish-game")).to_be_visible()
        screenshot(second, "scorekeeper-second-device-game-over-phone")

    def test_an_undo_on_another_device_opens_the_next_round_again(self):
        self.sarg_with_rounds(6)
        first, second = self.keeper_page(), self.keeper_page()
        expect(second.locator("#entry")).to_have_attribute("data-closed", "")
        self.wait_for_socket(second)
        self.undo_last(first)
        expect(first.locator(".note")).to_have_text("Round 6 was removed.")
        expect(second.locator("#entry-title")).to_have_text("Round 6", timeout=5000)
        expect(second.locator("#finish-game")).to_have_count(0)

    def test_undo_asks_first_and_no_keeps_the_round(self):
        self.add_round()
        keeper = self.keeper_page()
        keeper.locator("#undo-last").click()
        expect(keeper.locator("#undo-title")).to_have_text("Undo round 1?")
        expect(keeper.locator(".undo-confirm")).to_contain_text("Anna 1 · Ben 5 · Clara 14")
        assert keeper.evaluate("document.documentElement.scrollWidth") <= 390
        screenshot(keeper, "scorekeeper-undo-question-phone")
        assert_accessible(keeper, "undo question")
        keeper.locator("#keep-entry").click()
        expect(keeper.locator("#undo-last")).to_be_focused()
        expect(keeper.locator(".undo-confirm")).to_have_count(0)
        assert self.rounds() == 1

    def test_an_undone_round_is_restored_on_every_phone(self):
        self.add_round()
        self.add_round()
        keeper = self.keeper_page()
        watching = self.browser.new_context(viewport=PHONE)
        watching.add_init_script(SOCKET_OPEN)
        watcher = watching.new_page()
        watcher.goto(self.url)
        expect(watcher.locator('[data-player="Clara"]')).to_have_text("28")
        self.wait_for_socket(watcher)
        self.undo_last(keeper)
        expect(keeper.locator(".note")).to_have_text("Round 2 was removed.")
        expect(keeper.locator("#restore-round")).to_be_focused()
        expect(watcher.locator('[data-player="Clara"]')).to_have_text("14", timeout=5000)
        screenshot(keeper, "scorekeeper-undone-restore-offer-phone")
        assert_accessible(keeper, "restore offer")
        keeper.get_by_role("button", name="↷ Restore round 2").click()
        expect(keeper.locator(".note")).to_have_text("Round 2 was restored.")
        expect(keeper.locator("#restore-undone")).to_have_count(0)
        expect(watcher.locator('[data-player="Clara"]')).to_have_text("28", timeout=5000)
        assert self.rounds() == 2

    def test_the_restore_offer_goes_when_another_phone_moves_on(self):
        self.add_round()
        self.add_round()
        keeper, other = self.keeper_page(), self.keeper_page()
        self.wait_for_socket(keeper)
        self.undo_last(keeper)
        expect(keeper.locator("#restore-undone")).to_be_visible()
        other.reload()  # the other phone saves round 2 afresh
        for seat, heads in enumerate(("7", "3", "12")):
            self.type_heads(other, seat, heads)
        other.locator("#save-entry").click()
        expect(other.locator(".note")).to_have_text("Round 2 saved.")
        expect(keeper.locator("#restore-undone")).to_have_count(0, timeout=5000)
