"""The pace in the lobby, in a real browser: the host picks a turn-based pace when opening a
table, the lobby filters by pace with its plain GET form (without JavaScript too), and the
vacations page takes a vacation; each page passes axe."""

from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.test import Client
from django.utils import timezone
from playwright.sync_api import expect

from games import tables
from games.models import Table, Vacation
from tests.browser.axe import assert_accessible_everywhere
from tests.browser.conftest import PHONE
from tests.browser.play_helpers import PlayCase, shots


class ClockLobbyTest(PlayCase):
    def page_for(self, user, *, javascript: bool = True):
        context = self.start_browser().new_context(viewport=PHONE, java_script_enabled=javascript)
        client = Client()
        client.force_login(user)
        cookie = client.cookies[settings.SESSION_COOKIE_NAME]
        context.add_cookies(
            [{"name": cookie.key, "value": cookie.value, "url": self.live_server_url}]
        )
        return context.new_page()

    def test_the_host_opens_a_turn_based_table(self):
        page = self.page_for(self.anna)
        page.goto(f"{self.live_server_url}/play/")
        page.get_by_text("New Sarg table").click()
        page.locator('select[name="sarg-pace"]').select_option("daily:3")
        shots(page, "play-lobby-pace")
        page.get_by_role("button", name="Open the Sarg table").click()
        expect(page.locator("#table-status")).to_contain_text("Waiting for players")
        expect(page.locator(".table-options")).to_contain_text("3 days a move")
        assert Table.objects.get().clock == {"kind": "daily", "days": 3}

    def test_the_filter_works_without_javascript(self):
        live = tables.open_table("sarg", self.ben, seats=2, clock={"kind": "live", "seconds": 60})
        daily = tables.open_table("sarg", self.clara, seats=2, clock={"kind": "daily", "days": 7})
        page = self.page_for(self.anna, javascript=False)
        page.goto(f"{self.live_server_url}/play/")
        tables_list = page.locator("#lobby-live")
        expect(tables_list).to_contain_text("60 seconds a move")
        expect(tables_list).to_contain_text("7 days a move")
        page.get_by_label("Turn-based").check()
        page.get_by_role("button", name="Show", exact=True).click()
        assert page.url.endswith("/play/?pace=daily")
        expect(tables_list.locator(f'a[href="/play/{daily.public_id}/"]')).to_have_count(1)
        expect(tables_list.locator(f'a[href="/play/{live.public_id}/"]')).to_have_count(0)
        expect(page.get_by_label("Turn-based")).to_be_checked()
        shots(page, "play-lobby-filter-daily")

    def test_the_lobby_and_the_vacations_page_pass_axe(self):
        tables.open_table("sarg", self.ben, seats=2, clock={"kind": "live", "seconds": 60})
        page = self.page_for(self.anna)
        page.goto(f"{self.live_server_url}/play/?pace=live")
        assert_accessible_everywhere(page, "lobby filtered by pace")
        page.goto(f"{self.live_server_url}/play/vacation/")
        first = timezone.localdate() + dt.timedelta(days=3)
        page.get_by_label("First day").fill(first.isoformat())
        page.get_by_label("Last day").fill((first + dt.timedelta(days=1)).isoformat())
        page.get_by_role("button", name="Take these days").click()
        expect(page.locator(".vacation-item")).to_have_count(1)
        assert Vacation.objects.filter(user=self.anna).count() == 1
        assert_accessible_everywhere(page, "vacations")
        shots(page, "play-vacations")
