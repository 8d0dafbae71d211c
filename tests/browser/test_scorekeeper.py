"""The scorekeeper in a real browser at phone size: a whole Sarg game through the card picker."""

from concurrent.futures import ThreadPoolExecutor

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from playwright.sync_api import expect

from games.engines.sarg import DECK
from scoring import sheet_import, sheets
from scoring.calculators import compute
from scoring.demo import DEMO_SHEETS
from scoring.models import Player
from tests.browser.conftest import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def log_in(page, live_server, user):
    client = Client()
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME]
    page.context.add_cookies([{"name": cookie.key, "value": cookie.value, "url": live_server.url}])


@pytest.fixture
def keeper():
    return User.objects.create_user("keeper", "k@example.org", "a-long-password-1")


def sarg_session(keeper):
    anna = Player.objects.create(name="Anna")
    ben = Player.objects.create(name="Ben")
    return sheets.create_session(
        "sarg", keeper, [anna, ben], roles={"queen": "Anna", "king": "Ben"}
    )


def tap_card(page, card):
    if card == "JK":
        page.locator('button[name="pick"][value="joker"]').click()
    else:
        rank, suit = card[:-1], card[-1]
        page.locator(f'button[name="pick"][value="rank:{rank}"]').click()
        expect(page.locator(".pick-selected")).to_have_text(rank)
        page.locator(f'button[name="pick"][value="suit:{suit}"]').click()
    expect(page.locator(".pick-selected")).to_have_count(0)


def test_a_whole_sarg_game_through_the_card_picker(live_server, phone, keeper):
    session = sarg_session(keeper)
    log_in(phone, live_server, keeper)
    phone.goto(f"{live_server.url}/scorekeeper/{session.public_id}/")
    squares = [list(DECK[9 * r : 9 * r + 9]) for r in range(6)]
    for number, cards in enumerate(squares, start=1):
        expect(phone.locator("#entry-title")).to_have_text(f"Round {number}")
        for i, card in enumerate(cards):
            tap_card(phone, card)
            expect(phone.locator(f'input[name="cell-{i}"]')).to_have_value(card)
        expect(phone.locator("#round-credit")).to_contain_text("This round")
        if number == 3:
            screenshot(phone, "scorekeeper-sarg-picker-phone")
        phone.locator("#save-entry").click()
        expect(phone.locator(".note")).to_have_text(
            f"Round {number} saved."
            if number < 6
            else "Round 6 saved. The game is over: check the sheet and tap Finish to record it."
        )
    expected = compute(
        {
            "game": "sarg",
            "players": ["Anna", "Ben"],
            "roles": {"queen": "Anna", "king": "Ben"},
            "rounds": [{"grid": [c[0:3], c[3:6], c[6:9]]} for c in squares],
        }
    )
    bonus = expected["breakdown"]["bonus"]
    expect(phone.locator("#sarg-bonus")).to_contain_text(f"End bonus: {bonus}")
    for name in ("Anna", "Ben"):
        expect(phone.locator(f'.total-score[data-player="{name}"]')).to_have_text(
            str(expected["totals"][name])
        )
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(phone, "scorekeeper-sarg-over-phone")
    phone.get_by_role("button", name="✓ Finish game").click()
    expect(phone.locator(".note")).to_have_text("Game finished. Places are recorded.")
    session.refresh_from_db()
    assert session.is_finished


@pytest.mark.parametrize("game", ["sarkophag", "sarg", "sarcophagus", "sacrifice"])
def test_screenshots_of_each_sheet(live_server, phone, desktop, keeper, game):
    sheet = next(s for s in DEMO_SHEETS if s["game"] == game)
    finished = sheet_import.import_sheet(sheet, keeper)
    players = [Player.objects.get(name=n) for n in sheet["players"]]
    fresh = sheets.create_session(
        game, keeper, players, {"limit": sheet.get("limit")}, sheet.get("roles")
    )
    if game in ("sarkophag", "sarg"):
        for entry in sheet["rounds"][:2]:
            # Off this thread: Playwright's sync API keeps an event loop running on it.
            with ThreadPoolExecutor(1) as pool:
                pool.submit(sheets.apply_edit, fresh.public_id, keeper, "add", entry=entry).result()
    for page, size in ((phone, "phone"), (desktop, "desktop")):
        log_in(page, live_server, keeper)
        page.goto(f"{live_server.url}/scorekeeper/{fresh.public_id}/")
        expect(page.locator("#entry")).to_be_visible()
        if size == "phone":
            assert page.evaluate("document.documentElement.scrollWidth") <= 390
            for box in (b.bounding_box() for b in page.locator("#entry button").all()):
                if box:
                    assert box["height"] >= 44
        screenshot(page, f"scorekeeper-{game}-entry-{size}")
        page.goto(f"{live_server.url}/scorekeeper/{finished.public_id}/")
        screenshot(page, f"scorekeeper-{game}-result-{size}")


def test_a_new_sheet_refusal_goes_away_once_players_are_picked(live_server, phone, keeper):
    for name in ("Anna", "Ben", "Clara"):
        Player.objects.create(name=name)
    log_in(phone, live_server, keeper)
    phone.goto(f"{live_server.url}/scorekeeper/new/sarkophag/")
    phone.locator(".matches .chip", has_text="Anna").click()
    expect(phone.locator(".seats")).to_contain_text("1. Anna")
    phone.locator("#start-sheet").click()
    expect(phone.locator("#new-error")).to_contain_text("3 to 6 players")
    screenshot(phone, "scorekeeper-new-sheet-refused-phone")
    phone.locator("#player-search").fill("zzz")
    expect(phone.locator(".matches")).to_contain_text("No club player matches “zzz”")
    phone.locator("#new-guest").fill("Zoe")
    phone.get_by_role("button", name="Add", exact=True).click()
    expect(phone.locator(".seats")).to_contain_text("2. Zoe (guest)")
    expect(phone.locator("#new-error")).to_have_count(0)
    expect(phone.locator(".matches")).not_to_contain_text("zzz")
    expect(phone.locator("#player-search")).to_have_value("")
    assert not Player.objects.filter(name="Zoe").exists()  # nothing stored before the start


def test_a_new_sacrifice_sheet_says_who_gets_which_deck(live_server, phone, keeper):
    for name in ("Anna", "Ben"):
        Player.objects.create(name=name)
    log_in(phone, live_server, keeper)
    phone.goto(f"{live_server.url}/scorekeeper/new/sacrifice/")
    expect(phone.locator("#decks-help")).to_contain_text("hearts and spades")
    for name in ("Anna", "Ben"):
        phone.locator(".matches .chip", has_text=name).click()
        expect(phone.locator(".seats")).to_contain_text(name)
    phone.get_by_label("Swap the seats").check()
    expect(phone.locator(".seats li").first).to_contain_text("diamonds and clubs")
    screenshot(phone, "scorekeeper-new-sacrifice-phone")
    phone.locator("#start-sheet").click()
    expect(phone.locator("#swap-seats")).to_be_visible()
    expect(phone.locator(".total").first).to_contain_text("Ben")
    expect(phone.locator(".total").first).to_contain_text("hearts and spades")
    screenshot(phone, "scorekeeper-sacrifice-before-first-entry-phone")
    phone.locator("#swap-seats").click()
    expect(phone.locator(".note")).to_contain_text("Anna is now in seat 1")
    expect(phone.locator(".total").first).to_contain_text("Anna")


def test_no_finish_mid_game_undo_looks_secondary_and_a_finished_sheet_is_full_width(
    live_server, phone, desktop, keeper
):
    session = sarg_session(keeper)
    with ThreadPoolExecutor(1) as pool:
        for _ in range(2):
            entry = {"queen": 10, "king": 5}
            pool.submit(sheets.apply_edit, session.public_id, keeper, "add", entry=entry).result()
    log_in(phone, live_server, keeper)
    phone.goto(f"{live_server.url}/scorekeeper/{session.public_id}/")
    expect(phone.locator("#finish-game")).to_have_count(0)  # Sarg is six rounds
    undo = phone.locator("#undo-last")
    assert undo.evaluate("b => getComputedStyle(b).backgroundColor") == "rgba(0, 0, 0, 0)"
    assert undo.bounding_box()["width"] > 300  # the whole row, not half of it
    screenshot(phone, "scorekeeper-mid-game-actions-phone")
    with ThreadPoolExecutor(1) as pool:
        for _ in range(4):
            entry = {"queen": 10, "king": 5}
            pool.submit(sheets.apply_edit, session.public_id, keeper, "add", entry=entry).result()
        pool.submit(sheets.apply_edit, session.public_id, keeper, "finish").result()
    log_in(desktop, live_server, keeper)
    desktop.goto(f"{live_server.url}/scorekeeper/{session.public_id}/")
    live = desktop.locator("#sheet-live").bounding_box()
    main = desktop.locator("main").bounding_box()
    assert live["width"] > 0.9 * main["width"], (live, main)
    screenshot(desktop, "scorekeeper-finished-desktop")


def test_a_round_saved_meanwhile_is_refused_as_already_saved(live_server, phone, keeper):
    names = ("Anna", "Ben", "Clara")
    session = sheets.create_session(
        "sarkophag", keeper, [Player.objects.create(name=n) for n in names], {"limit": 50}
    )
    log_in(phone, live_server, keeper)
    phone.goto(f"{live_server.url}/scorekeeper/{session.public_id}/")
    expect(phone.locator("#entry-title")).to_have_text("Round 1")
    entry = {"heads": {"Anna": 1, "Ben": 5, "Clara": 14}}
    with ThreadPoolExecutor(1) as pool:  # another phone saves round 1 first
        pool.submit(
            sheets.apply_edit, session.public_id, keeper, "add", entry=entry, number=1
        ).result()
    for seat, heads in enumerate(("7", "3", "12")):  # as a person types: one field at a time
        field = phone.locator(f"#heads-{seat}")
        field.fill(heads)
        field.press("Tab")
        expect(phone.locator(f"#heads-{seat}")).to_have_value(heads)
        phone.wait_for_load_state("networkidle")
    phone.locator("#save-entry").click()
    expect(phone.locator("#entry-error")).to_contain_text(
        "Round 1 was already saved (on another device, or by a second tap); here is round 2."
    )
    expect(phone.locator("#entry-title")).to_have_text("Round 2")
    screenshot(phone, "scorekeeper-refused-already-saved-phone")


def test_the_landing_lists_every_sheet_in_progress_ten_a_page(live_server, phone, keeper):
    names = ("Anna", "Ben", "Clara")
    people = [Player.objects.create(name=n) for n in names]
    for _ in range(12):
        sheets.create_session("sarkophag", keeper, people)
    log_in(phone, live_server, keeper)
    phone.goto(f"{live_server.url}/scorekeeper/")
    expect(phone.locator(".session-list li")).to_have_count(10)
    screenshot(phone, "scorekeeper-landing-page-1-phone")
    phone.get_by_role("link", name="Older").click()
    expect(phone.locator(".session-list li")).to_have_count(2)


def test_the_back_button_starts_only_the_players_the_page_shows(live_server, phone, keeper):
    for name in ("Anna", "Ben", "Clara"):
        Player.objects.create(name=name)
    log_in(phone, live_server, keeper)
    phone.goto(f"{live_server.url}/scorekeeper/new/sarg/")
    for name in ("Anna", "Ben"):
        phone.locator(".matches .chip", has_text=name).click()
        expect(phone.locator(".seats")).to_contain_text(name)
    phone.locator("#start-sheet").click()
    expect(phone.locator(".sheet-head")).to_be_visible()
    phone.go_back()
    expect(phone.locator("#start-sheet")).to_be_visible()
    seated = [
        t.split(". ", 1)[1].split(" ·")[0] for t in phone.locator(".seats .chip").all_inner_texts()
    ]
    phone.locator("#start-sheet").click()
    phone.wait_for_load_state("networkidle")
    if phone.locator(".sheet-head").count():  # started: with exactly the seats it showed
        names = phone.locator(".total-name").all_inner_texts()
        assert [n.split("\n")[0].strip() for n in names] == seated
    else:
        expect(phone.locator("#new-error")).to_be_visible()
        screenshot(phone, "scorekeeper-back-button-start-refused-phone")


def test_a_sacrifice_lost_by_running_out_of_cards(live_server, phone, keeper):
    """S9: Anna leads on points but ran out of cards; the form says so in one tap and the
    sheet ranks Ben first and says why."""
    anna = Player.objects.create(name="Anna")
    ben = Player.objects.create(name="Ben")
    session = sheets.create_session("sacrifice", keeper, [anna, ben])
    log_in(phone, live_server, keeper)
    phone.goto(f"{live_server.url}/scorekeeper/{session.public_id}/")
    first, second = phone.locator(".entry-player").first, phone.locator(".entry-player").nth(1)

    def tick(player, label: str, points: str) -> None:
        player.locator("label.chip", has=phone.get_by_label(label)).first.click()
        expect(player.locator(".entry-computed")).to_contain_text(points)

    tick(first, "trophy king of hearts", "10")
    tick(first, "trophy joker (vampire)", "20")
    tick(second, "trophy queen of spades", "10")
    choice = phone.locator("#lost-by-cards")
    expect(choice.get_by_label("No, the game ended on points")).to_be_checked()
    choice.get_by_label("Anna ran out of cards and lost").check()
    expect(choice.get_by_label("Anna ran out of cards and lost")).to_be_checked()
    # The tick's recompute swaps the fieldset: measure and scroll once htmx has settled it,
    # not the old one (measured mid-swap, CI read three labels of height 0).
    phone.wait_for_function(
        "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')"
    )
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    # Measured in one go: the form's recompute may swap the fieldset between two lookups.
    heights = choice.locator("label").evaluate_all(
        "labels => labels.map((label) => label.getBoundingClientRect().height)"
    )
    assert len(heights) == 3 and min(heights) >= 44, heights
    choice.scroll_into_view_if_needed()
    screenshot(phone, "scorekeeper-sacrifice-lost-by-cards-choice-phone")
    phone.locator("#save-entry").click()
    expect(phone.locator("#sheet-outcome")).to_have_text(
        "Anna has fewer than 7 cards left and loses: Ben wins."
    )
    expect(phone.locator(".total-winner")).to_contain_text("Ben")
    screenshot(phone, "scorekeeper-sacrifice-lost-by-cards-sheet-phone")
    assert session.rounds.get().named_entry()["lost_by_cards"] == "Anna"
    assert {s.player.name: s.place for s in session.seats.all()} == {"Anna": 2, "Ben": 1}


def test_a_number_field_focused_by_tab_keeps_its_value_selected_through_a_recompute(
    live_server, phone, keeper
):
    """Tab into a heads field selects its value; the form's recompute then swaps the field for
    a new one. The new one is focused with its value selected again, so the digits typed
    replace the old value instead of landing in front of it ("12" then "0": 120)."""
    names = ("Anna", "Ben", "Clara")
    session = sheets.create_session(
        "sarkophag", keeper, [Player.objects.create(name=n) for n in names], {"limit": 50}
    )
    log_in(phone, live_server, keeper)
    phone.goto(f"{live_server.url}/scorekeeper/{session.public_id}/")
    phone.locator("#heads-2").select_text()  # focused with its "0" selected, as Tab leaves it
    old = phone.locator("#heads-2").element_handle()
    with phone.expect_response(lambda r: r.request.method == "POST"):
        phone.evaluate("htmx.trigger(document.querySelector('form.entry-form'), 'change')")
    phone.wait_for_function("(old) => !old.isConnected", arg=old)  # swapped for a new field
    expect(phone.locator("#heads-2")).to_be_focused()
    phone.keyboard.type("12")
    expect(phone.locator("#heads-2")).to_have_value("12")


def test_undo_asks_first_and_restores_without_javascript(live_server, browser, keeper):
    context = browser.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=False)
    page = context.new_page()
    session = sarg_session(keeper)
    for entry in ({"queen": 38, "king": 30}, {"queen": 12, "king": 40}):
        with ThreadPoolExecutor(1) as pool:
            pool.submit(sheets.apply_edit, session.public_id, keeper, "add", entry=entry).result()
    log_in(page, live_server, keeper)
    page.goto(f"{live_server.url}/scorekeeper/{session.public_id}/")
    page.locator("#undo-last").click()
    expect(page.locator("h1")).to_have_text("Undo round 2?")
    assert session.rounds.count() == 2  # asking changes nothing
    screenshot(page, "scorekeeper-undo-question-no-js-phone")
    page.locator("#confirm-undo").click()
    expect(page.locator("#messages")).to_contain_text("Round 2 was removed.")
    assert session.rounds.count() == 1
    page.get_by_role("button", name="↷ Restore round 2").click()
    expect(page.locator("#messages")).to_contain_text("Round 2 was restored.")
    assert [r.named_entry() for r in session.rounds.order_by("number")] == [
        {"queen": 38, "king": 30},
        {"queen": 12, "king": 40},
    ]
    context.close()
