"""An organiser in the admin, in a real browser: find a Sarg session, correct a round and see
the standings change, void it with a reason, read the audit trail. Phone and desktop."""

from concurrent.futures import ThreadPoolExecutor

import pytest
from playwright.sync_api import expect

from scoring.models import Player
from tests.browser.axe import COLOUR_RULES, assert_accessible, assert_accessible_in_both_schemes
from tests.browser.conftest import screenshot
from tests.scoring.organiser_helpers import (
    CORRECTIONS,
    finished_sarg,
    finished_session,
    hours_ago,
    organiser,
    player,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "a-long-password-1"


def off_the_loop(make, **kwargs):
    """Sheets notify websockets through async_to_sync: not on Playwright's loop thread."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(make, **kwargs).result()


@pytest.fixture
def olga():
    return organiser(password=PASSWORD)


def log_in(page, live_server):
    page.goto(f"{live_server.url}/admin/login/")
    page.fill("#id_username", "olga")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.locator("#site-name")).to_be_visible()


def leader(page, live_server) -> str:
    page.goto(f"{live_server.url}/leaderboard/sarg/")
    return page.locator("table.standings tbody tr").first.locator("th").inner_text()


def test_an_organiser_corrects_a_sarg_round_voids_it_and_reads_the_audit(
    live_server, desktop, olga
):
    page = desktop
    off_the_loop(finished_sarg, names=("Clara", "Dora"), at=hours_ago(30))
    session = off_the_loop(finished_sarg, names=("Anna", "Ben"))
    log_in(page, live_server)
    assert "Anna" in leader(page, live_server)

    page.goto(f"{live_server.url}/admin/scoring/playsession/?q=ben")
    expect(page.locator("#result_list tbody tr")).to_have_count(1)
    assert_accessible(page, "admin sessions list")
    screenshot(page, "admin-sessions-desktop")

    page.locator("#result_list tbody tr th a").first.click()
    expect(page.get_by_role("link", name="Correct a round")).to_be_visible()
    assert_accessible(page, "admin session page")
    screenshot(page, "admin-session-desktop")

    page.get_by_role("link", name="Correct a round").click()
    expect(page.locator("#organise-round legend")).to_have_text("Round 1")
    expect(page.locator("#queen-score")).to_have_value("38")  # the round's entry, in fields
    page.fill("#queen-score", "0")
    page.fill("#king-score", "150")
    page.fill("#id_reason", "The keeper swapped the scores of round 1.")
    assert_accessible(page, "admin correct a round")
    screenshot(page, "admin-correct-desktop")
    page.get_by_role("button", name="Save the correction").click()
    expect(page.locator(".messagelist")).to_contain_text("Round 1 changed.")
    assert "Ben" in leader(page, live_server)  # the standings changed
    page.goto(f"{live_server.url}/admin/scoring/playsession/{session.pk}/change/")
    expect(page.locator(".field-place").first).to_have_text("2")  # Anna (seat 1) is second

    page.goto(f"{live_server.url}/admin/scoring/playsession/{session.pk}/void/")
    page.get_by_role("button", name="Void it").click()
    expect(page.locator(".errorlist")).to_contain_text("This field is required.")
    page.fill("#id_reason", "Played with a short deck.")
    page.get_by_role("button", name="Void it").click()
    expect(page.locator(".errornote")).to_contain_text("Void since")
    expect(page.locator(".organise-audit")).to_contain_text("Played with a short deck.")
    screenshot(page, "admin-session-void-desktop")

    page.goto(f"{live_server.url}/admin/scoring/auditentry/")
    expect(page.locator("#result_list tbody tr")).to_have_count(2)
    assert_accessible(page, "admin audit list")
    screenshot(page, "admin-audit-desktop")
    page.locator("#result_list tbody tr th a").first.click()
    expect(page.locator(".field-shown_before")).to_be_visible()
    screenshot(page, "admin-audit-entry-desktop")


def test_the_common_actions_on_a_phone(live_server, phone, olga):
    page = phone
    session = off_the_loop(finished_sarg, names=("Anna", "Ben"))
    log_in(page, live_server)
    pages = {
        "sessions": "/admin/scoring/playsession/",
        "session": f"/admin/scoring/playsession/{session.pk}/change/",
        "correct": f"/admin/scoring/playsession/{session.pk}/correct/",
        "void": f"/admin/scoring/playsession/{session.pk}/void/",
    }
    for name, path in pages.items():
        page.goto(f"{live_server.url}{path}")
        assert_accessible(page, f"admin {name} on a phone")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390 + 1, f"{name} scrolls sideways ({width}px)"
        screenshot(page, f"admin-{name}-phone")
    page.emulate_media(color_scheme="dark")  # then load afresh: no colour transitions measured
    for name, path in pages.items():
        page.goto(f"{live_server.url}{path}")
        assert_accessible(page, f"admin {name} on a phone, dark", only=COLOUR_RULES)
    screenshot(page, "admin-void-phone-dark")
    page.emulate_media(color_scheme="light")
    page.goto(f"{live_server.url}{pages['correct']}")
    page.fill("#queen-score", "0")
    page.fill("#king-score", "150")
    page.fill("#id_reason", "Swapped.")
    page.get_by_role("button", name="Save the correction").click()
    expect(page.locator(".messagelist")).to_contain_text("Round 1 changed.")


def test_players_tables_seasons_and_the_audit_trail_on_both_sizes(
    live_server, phone, desktop, olga
):
    from tests.games.helpers import sarg_table

    off_the_loop(finished_sarg, names=("Anna", "henni"))
    table = off_the_loop(sarg_table)
    henni = Player.objects.get(name="henni")
    pages = {
        "players": "/admin/scoring/player/",
        "player": f"/admin/scoring/player/{henni.pk}/change/",
        "merge": f"/admin/scoring/player/{henni.pk}/merge/",
        "rename": f"/admin/scoring/player/{henni.pk}/rename/",
        "link": f"/admin/scoring/player/{henni.pk}/link/",
        "tables": "/admin/games/table/?live=running",
        "table": f"/admin/games/table/{table.pk}/change/",
        "hand-to-bot": f"/admin/games/table/{table.pk}/hand-to-bot/",
        "abandon": f"/admin/games/table/{table.pk}/abandon/",
        "seasons": "/admin/scoring/season/add/",
        "audit": "/admin/scoring/auditentry/",
    }
    for page, size in ((phone, "phone"), (desktop, "desktop")):
        log_in(page, live_server)
        for name, path in pages.items():
            page.goto(f"{live_server.url}{path}")
            assert_accessible(page, f"admin {name} ({size})")
            if size == "phone":
                width = page.evaluate("document.documentElement.scrollWidth")
                assert width <= 390 + 1, f"{name} scrolls sideways ({width}px)"
            screenshot(page, f"admin-{name}-{size}")


@pytest.mark.parametrize("game", ["sarkophag", "sarg", "sarcophagus", "sacrifice"])
def test_each_games_round_correction_on_both_sizes(live_server, phone, desktop, olga, game):
    """The game's own entry form in the admin, filled from the round: accessible, no sideways
    scrolling on a phone, light and dark."""
    session = off_the_loop(finished_session, game=game)
    path = f"/admin/scoring/playsession/{session.pk}/correct/?round={CORRECTIONS[game][0]}"
    for page, size in ((phone, "phone"), (desktop, "desktop")):
        log_in(page, live_server)
        page.goto(f"{live_server.url}{path}")
        expect(page.locator("#organise-round")).to_be_visible()
        assert_accessible_in_both_schemes(
            page, f"admin correct {game} ({size})", shot=f"admin-correct-{game}-{size}"
        )
        page.emulate_media(color_scheme="light")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= page.viewport_size["width"] + 1, f"scrolls sideways ({width}px)"


def test_a_tap_right_after_a_recompute_stays_on_the_page(live_server, phone, olga):
    """A button of the form just drawn again works at once: Save pressed in the same instant the
    recomputed page is swapped in goes through htmx (no page load), as a slower tap does."""
    page = phone
    session = off_the_loop(finished_session, game="sarkophag")
    log_in(page, live_server)
    page.goto(f"{live_server.url}/admin/scoring/playsession/{session.pk}/correct/?round=2")
    expect(page.locator("#heads-0")).to_have_value("5")
    page.evaluate(
        """() => {
            window.samePage = true;
            document.addEventListener("htmx:afterSwap", () => setTimeout(() => {
                document.querySelector("button[name=action][value=save]").click();
            }), {once: true});
        }"""
    )
    page.fill("#heads-1", "9")
    page.press("#heads-1", "Tab")  # a change recomputes; Save is pressed as it lands
    expect(page.locator(".errornote")).to_contain_text("Say why")
    assert page.evaluate("window.samePage") is True


def test_an_organiser_corrects_a_sarkophag_round_with_its_steppers(live_server, phone, olga):
    """As on the sheet, live: a stepper or a typed number shows the new totals at once, without
    a page load (Enter too; it never presses a button of the entry form); a save without a
    reason keeps what was typed; a refused entry says why; then the correction is saved and
    the organiser is on the session's page."""
    page = phone
    session = off_the_loop(finished_session, game="sarkophag")
    log_in(page, live_server)
    page.goto(f"{live_server.url}/admin/scoring/playsession/{session.pk}/correct/?round=2")
    expect(page.locator("#heads-0")).to_have_value("5")
    page.evaluate("window.samePage = true")
    page.get_by_role("button", name="One head more for Anna").click()
    expect(page.locator("#heads-0")).to_have_value("6")
    expect(page.locator(".entry-computed").first).to_contain_text("+6 → 18")
    expect(page.get_by_role("button", name="One head more for Anna")).to_be_focused()
    page.fill("#heads-1", "9")
    page.press("#heads-1", "Tab")  # a change recomputes
    expect(page.locator(".entry-computed").nth(1)).to_contain_text("+9 → 19")
    page.fill("#heads-2", "8")
    page.press("#heads-2", "Enter")
    expect(page.locator(".entry-computed").nth(2)).to_contain_text("+8 → 15")
    expect(page.get_by_role("button", name="Count heads")).to_have_attribute("aria-pressed", "true")
    page.get_by_role("button", name="Save the correction").click()
    expect(page.locator(".errornote")).to_contain_text("Say why")
    expect(page.locator("#heads-1")).to_have_value("9")
    assert page.evaluate("window.samePage") is True  # all of it without a page load
    assert_accessible(page, "admin correct refused without a reason")
    screenshot(page, "admin-correct-no-reason-phone")
    page.fill("#heads-2", "-1")
    page.fill("#id_reason", "Ben took one more head; Anna's count was one short.")
    page.get_by_role("button", name="Save the correction").click()
    expect(page.locator("#err-2")).to_have_text("Heads cannot be negative.")
    assert_accessible(page, "admin correct refused entry")
    page.fill("#heads-2", "9")
    page.get_by_role("button", name="Save the correction").click()
    expect(page.locator(".messagelist")).to_contain_text("Round 2 changed.")
    assert page.url.endswith(f"/admin/scoring/playsession/{session.pk}/change/")
    assert session.rounds.get(number=2).named_entry() == {
        "heads": {"Anna": 6, "Ben": 9, "Clara": 9}
    }


def test_a_round_is_corrected_without_javascript_too(live_server, browser, olga):
    """With scripts off, a stepper posts the page back, drawn again at the round with the new
    totals, and Save corrects the round."""
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    session = off_the_loop(finished_session, game="sarkophag")
    log_in(page, live_server)
    page.goto(f"{live_server.url}/admin/scoring/playsession/{session.pk}/correct/?round=2")
    page.get_by_role("button", name="One head more for Anna").click()
    expect(page.locator("#heads-0")).to_have_value("6")
    assert page.url.endswith("#organise-round")  # back at the round, not the page's top
    expect(page.locator(".entry-computed").first).to_contain_text("+6 → 18")
    page.fill("#id_reason", "Anna took one more head.")
    page.get_by_role("button", name="Save the correction").click()
    expect(page.locator(".messagelist")).to_contain_text("Round 2 changed.")
    assert session.rounds.get(number=2).named_entry()["heads"]["Anna"] == 6
    context.close()


def test_the_sidebar_stays_at_the_top_of_a_correction_opened_at_its_round(
    live_server, desktop, olga
):
    """Drawn again without scripts, the page opens at the round, scrolled: the sidebar keeps
    its place under the breadcrumbs instead of standing halfway down the page."""
    session = off_the_loop(finished_session, game="sacrifice")
    log_in(desktop, live_server)
    desktop.goto(
        f"{live_server.url}/admin/scoring/playsession/{session.pk}/correct/#organise-round"
    )
    assert desktop.evaluate("window.scrollY") > 200
    top = desktop.evaluate(
        "document.querySelector('#nav-sidebar').getBoundingClientRect().top + window.scrollY"
    )
    content = desktop.evaluate(
        "document.querySelector('#content').getBoundingClientRect().top + window.scrollY"
    )
    assert abs(top - content) < 40, (top, content)
    screenshot(desktop, "admin-correct-scrolled-desktop")


def test_show_the_new_totals_lists_each_players_new_running_total(live_server, phone, olga):
    session = off_the_loop(finished_sarg, names=("Anna", "Ben"))
    log_in(phone, live_server)
    phone.goto(f"{live_server.url}/admin/scoring/playsession/{session.pk}/correct/")
    phone.fill("#queen-score", "0")
    phone.fill("#king-score", "100")
    phone.get_by_role("button", name="Show the new totals").click()
    table = phone.locator(".organise-new-totals")
    expect(table.locator("tbody tr").nth(1)).to_contain_text("+100")
    expect(table.locator("tbody tr").nth(1)).to_contain_text("310")
    assert_accessible(phone, "admin correct with the new totals")
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390 + 1, f"scrolls sideways ({width}px)"
    screenshot(phone, "admin-correct-new-totals-phone")


def test_an_organiser_undoes_a_merge_from_its_audit_entry(live_server, phone, desktop, olga):
    from scoring import player_organising

    off_the_loop(finished_sarg, names=("henni", "Anna"))
    henni, henrik = Player.objects.get(name="henni"), off_the_loop(player, name="Henrik")
    entry = player_organising.merge(henni, henrik, by=olga, reason="Same person.")
    page = phone
    log_in(page, live_server)
    page.goto(f"{live_server.url}/admin/scoring/auditentry/{entry.pk}/change/")
    assert_accessible(page, "admin merge entry on a phone")
    screenshot(page, "admin-merge-entry-phone")
    page.get_by_role("link", name="Undo this merge").click()
    assert_accessible(page, "admin undo merge on a phone")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390 + 1
    screenshot(page, "admin-undo-merge-phone")
    page.fill("#id_reason", "Henni is Henrik's sister.")
    page.get_by_role("button", name="Undo the merge").click()
    expect(page.locator(".messagelist")).to_contain_text("henni is back with their games")
    expect(page.locator(".organise-audit")).to_contain_text("Henni is Henrik's sister.")
    log_in(desktop, live_server)
    desktop.goto(f"{live_server.url}/admin/scoring/auditentry/{entry.pk}/change/")
    expect(desktop.locator(".organise-note")).to_contain_text("This merge was undone on")
    screenshot(desktop, "admin-merge-entry-undone-desktop")
    desktop.goto(f"{live_server.url}/admin/scoring/auditentry/{entry.pk}/undo-merge/")
    expect(desktop.locator(".errornote")).to_contain_text("undone already")
    assert_accessible(desktop, "admin undo merge refused")
    screenshot(desktop, "admin-undo-merge-refused-desktop")
