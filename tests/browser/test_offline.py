"""The scorekeeper without a network, in a real browser on a real server: installable, a
sheet reloads offline, rounds entered offline are sent once when the network is back."""

import re

import pytest
from channels.testing import ChannelsLiveServerTestCase
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from playwright.sync_api import expect

from scoring import sheets, stored_sheets
from scoring.calculators import compute
from scoring.models import Player, PlaySession
from tests.browser.conftest import PHONE, screenshot, start_chromium
from tests.services import require

CONTROLLED = "() => navigator.serviceWorker.controller !== null"


@pytest.mark.browser
class OfflineScorekeeperTest(ChannelsLiveServerTestCase):
    serve_static = True

    def setUp(self):
        require("browser")
        self.keeper = User.objects.create_user("keeper", "k@example.org", "a-long-password-1")
        players = [Player.objects.create(name=name) for name in ("Anna", "Ben", "Clara")]
        self.session = sheets.create_session("sarkophag", self.keeper, players, {"limit": 100})
        self.url = f"{self.live_server_url}/scorekeeper/{self.session.public_id}/"
        self.browser = start_chromium(self)

    def phone(self, locale: str = "en"):
        """A logged-in phone (its own browser context: its own worker and storage)."""
        client = Client()
        client.force_login(self.keeper)
        cookie = client.cookies[settings.SESSION_COOKIE_NAME]
        context = self.browser.new_context(
            viewport=PHONE, is_mobile=True, device_scale_factor=2, locale=locale
        )
        self.addCleanup(context.close)
        context.add_cookies(
            [{"name": cookie.key, "value": cookie.value, "url": self.live_server_url}]
        )
        return context.new_page()

    def open_sheet(self, page, url: str | None = None):
        """Open the sheet and wait until the worker controls the page and kept the sheet."""
        url = url or self.url
        page.goto(url)
        page.wait_for_function(CONTROLLED, timeout=20_000)
        self.wait_until_kept(page, url)

    def wait_for_forms(self, page, count: int) -> None:
        """Until the phone holds the entry form of every mode (kept for switching offline)."""
        for _ in range(100):
            kept = "caches.open('scorekeeper-forms').then(c => c.keys()).then(k => k.length)"
            if page.evaluate(kept) >= count:
                return
            page.wait_for_timeout(200)
        raise AssertionError("the phone kept no form for each mode")

    def wait_until_kept(self, page, url: str) -> None:
        """Until the worker holds a copy of the page (``evaluate`` awaits the promise;
        ``wait_for_function`` would take the promise itself for a truthy answer)."""
        for _ in range(100):
            if page.evaluate("url => caches.match(url).then(Boolean)", url):
                return
            page.wait_for_timeout(200)
        raise AssertionError(f"the worker kept no copy of {url}")

    def enter_round(self, page, number: int, anna: int) -> None:
        save = page.get_by_role("button", name=f"Save round {number}")
        expect(save).to_be_visible()
        for seat, heads in enumerate((anna, 0, 20 - anna)):
            page.locator(f"#heads-{seat}").fill(str(heads))
        # Online, leaving a field recomputes the form, and Save is disabled meanwhile.
        page.locator("#heads-2").press("Tab")
        page.wait_for_load_state("networkidle")
        save.click()
        expect(page.get_by_role("button", name=f"Save round {number + 1}")).to_be_visible(
            timeout=15_000
        )

    def test_the_site_meets_the_install_criteria(self):
        page = self.phone()
        self.open_sheet(page)

        manifest = page.evaluate(
            "fetch(document.querySelector('link[rel=manifest]').href).then(r => r.json())"
        )
        assert manifest["display"] == "standalone"
        assert manifest["start_url"] == "/scorekeeper/"
        sizes = page.evaluate(
            """icons => Promise.all(icons.map(icon => new Promise((done, fail) => {
                const image = new Image();
                image.onload = () => done(image.naturalWidth + 'x' + image.naturalHeight);
                image.onerror = fail;
                image.src = icon.src;
            })))""",
            manifest["icons"],
        )
        assert sizes == [icon["sizes"] for icon in manifest["icons"]]
        scope = page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")
        assert scope == f"{self.live_server_url}/"

    def test_a_sheet_opened_once_reloads_without_a_network(self):
        page = self.phone()
        self.open_sheet(page)
        page.context.set_offline(True)

        page.reload()

        expect(page.get_by_role("button", name="Save round 1")).to_be_visible()
        expect(page.locator("#offline-state")).to_have_text("Offline: entries stay on this phone")
        screenshot(page, "scorekeeper-offline-reloaded-phone")

    def test_online_play_says_it_needs_the_network(self):
        page = self.phone()
        self.open_sheet(page)
        page.context.set_offline(True)

        page.goto(f"{self.live_server_url}/play/")

        expect(page.get_by_role("heading", level=1)).to_have_text("This page needs the network")

    def test_the_ios_seven_day_limit_is_said_in_the_browser(self):
        page = self.phone()

        page.goto(self.url)

        expect(page.locator("#offline-ios")).to_be_visible()
        expect(page.locator("#offline-ios")).to_contain_text("seven days")
        expect(page.locator("#offline-ios")).to_contain_text("Add to Home Screen")

    def test_the_ios_note_is_left_out_on_the_home_screen(self):
        page = self.phone()
        page.add_init_script("Object.defineProperty(navigator, 'standalone', {value: true})")

        page.goto(self.url)

        expect(page.locator("#offline-ios")).to_be_hidden()

    def test_the_admin_says_it_needs_the_network(self):
        page = self.phone()
        self.open_sheet(page)
        page.context.set_offline(True)

        page.goto(f"{self.live_server_url}/admin/")

        expect(page.get_by_role("heading", level=1)).to_have_text("This page needs the network")
        screenshot(page, "scorekeeper-offline-admin-phone")

    def test_rounds_kept_offline_are_sent_once_and_a_conflict_is_reported(self):
        first = self.phone()
        self.open_sheet(first)
        first.context.set_offline(True)
        for number, anna in ((1, 2), (2, 3), (3, 4)):
            self.enter_round(first, number, anna)
        expect(first.locator("#offline-outbox li")).to_have_count(3)
        expect(first.locator("#offline-waiting")).to_have_text("3 entries wait to be sent")
        screenshot(first, "scorekeeper-offline-three-waiting-phone")
        self.enter_round(self.phone_on_sheet(), 1, 9)  # another phone saves round 1 meanwhile

        first.context.set_offline(False)

        expect(first.locator("#offline-outbox li")).to_have_count(1, timeout=20_000)
        conflict = first.locator('#offline-outbox li[data-state="conflict"]')
        expect(conflict).to_contain_text("Round 1 was saved on another phone meanwhile")
        expect(first.locator("#offline-state")).to_have_text("Online")
        # the club's clock, as every page writes it: 19:30, never 7:30 PM
        expect(first.locator("#offline-last")).to_have_text(re.compile(r"^Last sync \d\d:\d\d$"))
        screenshot(first, "scorekeeper-offline-conflict-phone")
        rounds = [r.named_entry() for r in self.session.rounds.order_by("number")]
        assert [r["heads"]["Anna"] for r in rounds] == [9, 3, 4]

    def test_a_conflicting_round_can_be_used_again(self):
        first = self.phone()
        self.open_sheet(first)
        first.context.set_offline(True)
        self.enter_round(first, 1, 2)
        self.enter_round(self.phone_on_sheet(), 1, 9)
        first.context.set_offline(False)
        reuse = first.get_by_role("button", name="Use again")
        expect(reuse).to_be_visible(timeout=20_000)

        reuse.click()

        expect(first.locator("#offline-outbox li")).to_have_count(0)
        expect(first.locator("#heads-0")).to_have_value("2")
        first.get_by_role("button", name="Save round 2").click()
        expect(first.get_by_role("button", name="Save round 3")).to_be_visible()
        rounds = [r.named_entry() for r in self.session.rounds.order_by("number")]
        assert [r["heads"]["Anna"] for r in rounds] == [9, 2]

    def phone_on_sheet(self):
        page = self.phone()
        page.goto(self.url)
        return page

    def test_a_sheet_started_offline_gets_its_id_and_rounds_when_back(self):
        page = self.phone()
        page.goto(f"{self.live_server_url}/scorekeeper/")
        page.wait_for_function(CONTROLLED, timeout=20_000)
        new_sheet = f"{self.live_server_url}/scorekeeper/new/sarkophag/"
        self.wait_until_kept(page, new_sheet)
        page.context.set_offline(True)
        page.goto(new_sheet)
        for name in ("Clara", "Anna", "Ben"):
            page.get_by_role("checkbox", name=name, exact=True).check()
        page.get_by_label("Head limit").fill("100")
        page.get_by_role("button", name="Start the sheet").click()
        expect(page.locator("#offline-started")).to_be_visible()
        expect(page.get_by_label("Heads for Clara")).to_have_value("0")
        for number, clara in ((1, 5), (2, 6)):
            for seat, heads in enumerate((clara, 0, 20 - clara)):
                page.locator(f"#heads-{seat}").fill(str(heads))
            page.get_by_role("button", name=f"Save round {number}").click()
            expect(page.get_by_role("button", name=f"Save round {number + 1}")).to_be_visible(
                timeout=15_000
            )
        expect(page.locator("#offline-outbox li")).to_have_count(3)
        screenshot(page, "scorekeeper-offline-started-phone")
        public_id = page.evaluate("new URLSearchParams(location.search).get('offline')")

        page.context.set_offline(False)

        page.wait_for_url(f"{self.live_server_url}/scorekeeper/{public_id}/", timeout=20_000)
        started = PlaySession.objects.get(public_id=public_id)
        assert [s.player.name for s in stored_sheets.seats_of(started)] == ["Clara", "Anna", "Ben"]
        assert started.options == {"limit": 100}
        rounds = [r.named_entry() for r in started.rounds.order_by("number")]
        assert [r["heads"]["Clara"] for r in rounds] == [5, 6]

    def test_kept_rounds_show_provisional_totals(self):
        page = self.phone()
        self.open_sheet(page)
        page.context.set_offline(True)

        for number, anna in ((1, 2), (2, 3)):
            self.enter_round(page, number, anna)

        expect(page.locator("#offline-provisional")).to_contain_text("Provisional totals")
        expect(page.locator("#offline-provisional-totals")).to_have_text(
            "Anna 5 · Ben 0 · Clara 35"
        )
        screenshot(page, "scorekeeper-offline-provisional-phone")

    def test_the_total_cards_show_provisional_totals_marked_so(self):
        page = self.phone()
        self.open_sheet(page)
        page.context.set_offline(True)

        for number, anna in ((1, 2), (2, 3)):
            self.enter_round(page, number, anna)

        card = page.locator(".total").filter(has=page.locator("[data-player='Clara']"))
        expect(card.locator(".total-score")).to_have_text("35")
        expect(card.locator(".total-provisional-mark")).to_have_text("provisional")

    def test_the_total_cards_show_the_server_s_totals_once_sent(self):
        page = self.phone()
        self.open_sheet(page)
        page.context.set_offline(True)
        self.enter_round(page, 1, 2)
        expect(page.locator(".total-provisional-mark")).to_have_count(3)

        page.context.set_offline(False)

        expect(page.locator("#offline-outbox li")).to_have_count(0, timeout=20_000)
        expect(page.locator(".total-provisional-mark")).to_have_count(0)
        expect(page.locator(".total-score[data-player='Clara']")).to_have_text("18")

    def test_sarg_s_square_is_entered_offline(self):
        players = [Player.objects.create(name=name) for name in ("Queeny", "Kingsley")]
        session = sheets.create_session(
            "sarg", self.keeper, players, roles={"queen": "Queeny", "king": "Kingsley"}
        )
        url = f"{self.live_server_url}/scorekeeper/{session.public_id}/"
        page = self.phone()
        self.open_sheet(page, url)
        page.context.set_offline(True)
        page.reload()
        square = ["QH", "7S", "2C", "JK", "5D", "9D", "AH", "KS", "3C"]

        self.place(page, square)
        expect(page.locator("button[data-cell='8']")).to_have_text("3♣")
        screenshot(page, "scorekeeper-offline-sarg-square-phone")
        page.get_by_role("button", name="Save round 1").click()

        grid = [square[0:3], square[3:6], square[6:9]]
        totals = compute(
            {"game": "sarg", "players": ["Queeny", "Kingsley"],
             "roles": {"queen": "Queeny", "king": "Kingsley"}, "rounds": [{"grid": grid}]}
        )["totals"]  # fmt: skip
        expect(page.locator("#offline-provisional-totals")).to_have_text(
            f"Queeny {totals['Queeny']} · Kingsley {totals['Kingsley']}"
        )
        expect(page.locator("button[data-cell='0']")).to_have_text("·")
        page.context.set_offline(False)
        expect(page.locator("#offline-outbox li")).to_have_count(0, timeout=20_000)
        assert [r.named_entry() for r in session.rounds.all()] == [{"grid": grid}]

    def offline_sarg_sheet(self, locale: str = "en"):
        """A phone on a Sarg sheet it opened once, now without a network."""
        players = [Player.objects.create(name=name) for name in ("Queeny", "Kingsley")]
        session = sheets.create_session(
            "sarg", self.keeper, players, roles={"queen": "Queeny", "king": "Kingsley"}
        )
        url = f"{self.live_server_url}/scorekeeper/{session.public_id}/"
        page = self.phone(locale)
        self.open_sheet(page, url)
        page.context.set_offline(True)
        page.reload()
        return page

    def test_sarg_s_picker_asks_for_the_suit_of_the_rank_offline(self):
        page = self.offline_sarg_sheet()
        hint = page.locator(".card-picker > p.muted:not(.keys-hint)")

        page.locator('button[value="rank:Q"]').click()
        expect(hint).to_have_text("Now the suit of the Q. 0 of 9 placed.")
        page.locator('button[value="suit:H"]').click()
        expect(hint).to_have_text("Tap a cell, then rank and suit. 1 of 9 placed.")

    def test_sarg_s_square_tells_how_many_cards_it_holds_offline(self):
        page = self.offline_sarg_sheet()

        self.place(page, ["QH"])

        expect(page.locator(".square")).to_have_attribute(
            "aria-label", "The square, 1 of 9 cards placed"
        )

    def test_sarg_s_picker_hint_is_in_the_reader_s_language_offline(self):
        page = self.offline_sarg_sheet("de-DE")
        hint = page.locator(".card-picker > p.muted:not(.keys-hint)")

        page.locator('button[value="rank:Q"]').click()

        expect(hint).to_have_text("Jetzt die Farbe der D. 0 von 9 gelegt.")

    def test_the_entry_mode_switches_offline(self):
        page = self.phone()
        self.open_sheet(page)
        self.wait_for_forms(page, 2)
        page.context.set_offline(True)  # the network goes while the page is open
        heads = {"Anna": 4, "Ben": 0, "Clara": 16}

        self.type_heads(page, 1, heads)
        page.get_by_role("button", name="Tap cards taken").click()
        taken = {"Anna": [15, 25, 35], "Ben": [6, 8, 45], "Clara": []}  # 26 heads: a real round
        for seat, cards in enumerate(taken.values()):
            for card in cards:
                page.locator(f'input[name="cards-{seat}"][value="{card}"]').check()
        expect(page.locator(".entry-computed").first).to_have_text("+15 → 19")
        screenshot(page, "scorekeeper-offline-cards-mode-phone")
        page.get_by_role("button", name="Save round 2").click()
        page.get_by_role("button", name="Count heads").click()  # and back again
        self.type_heads(page, 3, heads)
        expect(page.locator("#offline-outbox li")).to_have_count(3)
        page.context.set_offline(False)

        expect(page.locator("#offline-outbox li")).to_have_count(0, timeout=20_000)
        rounds = [r.named_entry() for r in self.session.rounds.order_by("number")]
        assert rounds == [{"heads": heads}, {"cards": taken}, {"heads": heads}]

    def type_heads(self, page, number: int, heads: dict) -> None:
        for seat, count in enumerate(heads.values()):
            page.locator(f"#heads-{seat}").fill(str(count))
        page.get_by_role("button", name=f"Save round {number}").click()
        expect(page.get_by_role("button", name=f"Save round {number + 1}")).to_be_visible()

    def test_a_sacrifice_sheet_with_a_guest_is_started_offline(self):
        page = self.phone()
        new_sheet = f"{self.live_server_url}/scorekeeper/new/sacrifice/"
        self.open_sheet(page, new_sheet)
        self.wait_for_forms(page, 1)
        page.context.set_offline(True)
        page.reload()

        page.get_by_role("checkbox", name="Anna", exact=True).check()
        page.get_by_label("Add a guest by name").fill("Gustav")
        page.get_by_role("button", name="Add", exact=True).click()
        page.get_by_role("button", name="Start the sheet").click()
        page.locator('input[name="trophies-0"][value="KH"]').check()  # Anna's
        page.locator('input[name="trophies-1"][value="QS"]').check()  # Gustav's
        page.get_by_role("button", name="Save end of game").click()
        expect(page.locator("#offline-provisional-totals")).to_have_text("Anna 10 · Gustav 10")
        screenshot(page, "scorekeeper-offline-sacrifice-started-phone")
        public_id = page.evaluate("new URLSearchParams(location.search).get('offline')")
        page.context.set_offline(False)

        page.wait_for_url(f"{self.live_server_url}/scorekeeper/{public_id}/", timeout=20_000)
        started = PlaySession.objects.get(public_id=public_id)
        assert [s.player.name for s in stored_sheets.seats_of(started)] == ["Anna", "Gustav"]
        entry = started.rounds.get().named_entry()
        assert entry["trophies"] == {"Anna": ["KH"], "Gustav": ["QS"]}

    def test_a_sarcophagus_sheet_is_started_offline_for_three(self):
        page = self.phone()
        new_sheet = f"{self.live_server_url}/scorekeeper/new/sarcophagus/"
        self.open_sheet(page, new_sheet)
        self.wait_for_forms(page, 3)  # two, three and four players
        page.context.set_offline(True)
        page.reload()

        for name in ("Ben", "Anna", "Clara"):
            page.get_by_role("checkbox", name=name, exact=True).check()
        page.get_by_role("button", name="Start the sheet").click()
        for tile in ("5-sun", "4-sun"):
            page.locator(f'input[name="held-0"][value="{tile}"]').check()
        page.locator('input[name="held-2"][value="3-moon"]').check()
        page.get_by_role("button", name="Save end of game").click()

        expect(page.locator("#offline-provisional-totals")).to_have_text(
            "Ben 10 · Anna 0 · Clara 3"
        )
        public_id = page.evaluate("new URLSearchParams(location.search).get('offline')")
        page.context.set_offline(False)
        page.wait_for_url(f"{self.live_server_url}/scorekeeper/{public_id}/", timeout=20_000)
        started = PlaySession.objects.get(public_id=public_id)
        assert started.rounds.get().named_entry()["tiles"] == {
            "Ben": ["4-sun", "5-sun"],
            "Anna": [],
            "Clara": ["3-moon"],
        }

    def test_a_sarg_sheet_started_offline_takes_the_square_and_typed_scores(self):
        page = self.phone()
        self.open_sheet(page, f"{self.live_server_url}/scorekeeper/new/sarg/")
        self.wait_for_forms(page, 2)  # the square and typed scores, for two players
        page.context.set_offline(True)
        page.reload()
        for name in ("Ben", "Anna"):
            page.get_by_role("checkbox", name=name, exact=True).check()
        page.get_by_role("button", name="Start the sheet").click()
        square = ["QH", "7S", "2C", "JK", "5D", "9D", "AH", "KS", "3C"]

        self.place(page, square)
        page.get_by_role("button", name="Save round 1").click()
        page.get_by_role("button", name="Type the scores").click()
        page.get_by_label("Ben (Queen) scores").fill("30")
        page.get_by_label("Anna (King) scores").fill("12")
        page.get_by_role("button", name="Save round 2").click()
        expect(page.locator("#offline-outbox li")).to_have_count(3)
        expect(page.locator("#offline-started")).to_be_visible()  # a mode switch keeps it
        screenshot(page, "scorekeeper-offline-sarg-started-phone")
        public_id = page.evaluate("new URLSearchParams(location.search).get('offline')")
        page.context.set_offline(False)

        page.wait_for_url(f"{self.live_server_url}/scorekeeper/{public_id}/", timeout=20_000)
        started = PlaySession.objects.get(public_id=public_id)
        rounds = [r.named_entry() for r in started.rounds.order_by("number")]
        grid = [square[0:3], square[3:6], square[6:9]]
        assert rounds == [{"grid": grid}, {"queen": 30, "king": 12}]

    def place(self, page, square: list[str]) -> None:
        """Sarg's square, card by card, with the picker's buttons."""
        for card in square:
            if card == "JK":
                page.locator('button[value="joker"]').click()
            else:
                page.locator(f'button[value="rank:{card[:-1]}"]').click()
                page.locator(f'button[value="suit:{card[-1]}"]').click()
