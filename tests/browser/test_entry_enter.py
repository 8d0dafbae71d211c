"""Enter (a phone's Go key) in an entry form's field, in a real browser at phone size.

Enter submits a form with its default button, the first submit button in it (HTML's implicit
submission). On the sheet that is a save, in every game and mode, so a typed round is never
lost to a mode or stepper button; in the admin's correction it only shows the totals.
"""

from concurrent.futures import ThreadPoolExecutor

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from scoring import sheets
from scoring.models import Player
from tests.browser.conftest import PHONE, log_in, screenshot
from tests.scoring.organiser_helpers import finished_sarg, organiser

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SARKOPHAG_ROUND = {"Anna": 7, "Ben": 3, "Clara": 12}  # a real deal hands out 18 heads or more


def off_the_loop(make, *args, **kwargs):
    """Sheets notify websockets through async_to_sync: not on Playwright's loop thread."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(make, *args, **kwargs).result()


@pytest.fixture
def keeper():
    return User.objects.create_user("keeper", "k@example.org", "a-long-password-1")


def new_sheet(keeper, game: str, names: tuple[str, ...], **options):
    people = [Player.objects.get_or_create(name=n)[0] for n in names]
    roles = {"queen": names[0], "king": names[1]} if game == "sarg" else None
    return sheets.create_session(game, keeper, people, options, roles)


def open_sheet(page, live_server, keeper, session) -> None:
    log_in(page, live_server, keeper)
    page.goto(f"{live_server.url}/scorekeeper/{session.public_id}/")
    expect(page.locator("#entry")).to_be_visible()


def entries(session) -> list[dict]:
    return off_the_loop(lambda: [r.named_entry() for r in session.rounds.order_by("number")])


@pytest.mark.parametrize("field", ["#queen-score", "#king-score"])
def test_enter_in_sargs_typed_scores_saves_the_round(live_server, phone, keeper, field):
    session = new_sheet(keeper, "sarg", ("Anna", "Ben"))
    open_sheet(phone, live_server, keeper, session)
    phone.get_by_role("button", name="Type the scores").click()
    expect(phone.locator("#queen-score")).to_be_visible()
    phone.fill("#queen-score", "38")
    phone.fill("#king-score", "30")
    phone.press(field, "Enter")
    expect(phone.locator(".note")).to_have_text("Round 1 saved.")
    expect(phone.locator("#entry-title")).to_have_text("Round 2")
    assert entries(session) == [{"queen": 38, "king": 30}]
    screenshot(phone, "scorekeeper-sarg-typed-enter-saved-phone")


def test_enter_in_sarkophags_heads_saves_the_round(live_server, phone, keeper):
    session = new_sheet(keeper, "sarkophag", ("Anna", "Ben", "Clara"), limit=50)
    open_sheet(phone, live_server, keeper, session)
    for seat, heads in enumerate(SARKOPHAG_ROUND.values()):
        phone.fill(f"#heads-{seat}", str(heads))
    phone.press("#heads-2", "Enter")
    expect(phone.locator(".note")).to_have_text("Round 1 saved.")
    assert entries(session) == [{"heads": SARKOPHAG_ROUND}]


def test_enter_in_a_half_typed_round_saves_nothing_and_says_why(live_server, phone, keeper):
    session = new_sheet(keeper, "sarg", ("Anna", "Ben"))
    open_sheet(phone, live_server, keeper, session)
    phone.get_by_role("button", name="Type the scores").click()
    phone.fill("#queen-score", "38")
    phone.press("#queen-score", "Enter")
    expect(phone.locator("#king-score + .field-error")).to_contain_text("whole number")
    expect(phone.locator("#queen-score")).to_have_value("38")  # still typed, still there
    assert entries(session) == []


@pytest.mark.parametrize(
    ("game", "names", "box"),
    [
        ("sarkophag", ("Anna", "Ben", "Clara"), 'input[name="cards-0"][value="15"]'),
        ("sarcophagus", ("Anna", "Ben"), 'input[name="held-0"][value="5-sun"]'),
        ("sacrifice", ("Anna", "Ben"), 'input[name="trophies-0"][value="KH"]'),
    ],
)
def test_enter_on_a_ticked_box_never_switches_the_form(
    live_server, phone, keeper, game, names, box
):
    """Forms of ticks only: Enter saves (the tick alone may not be a whole round: then the
    form says why) or does nothing; the tick stays and the form keeps its mode."""
    session = new_sheet(keeper, game, names)
    open_sheet(phone, live_server, keeper, session)
    if game == "sarkophag":
        phone.get_by_role("button", name="Tap cards taken").click()
    tick = phone.locator(box)
    tick.check()
    expect(phone.locator(box)).to_be_checked()
    phone.wait_for_load_state("networkidle")
    phone.press(box, "Enter")
    phone.wait_for_load_state("networkidle")
    if entries(session):
        expect(phone.locator(".note")).to_be_visible()
    else:
        expect(phone.locator(box)).to_be_checked()
    if game == "sarkophag":
        expect(phone.get_by_role("button", name="Tap cards taken")).to_have_attribute(
            "aria-pressed", "true"
        )


def test_enter_saves_without_javascript_too(live_server, browser, keeper):
    context = browser.new_context(viewport=PHONE, java_script_enabled=False)
    page = context.new_page()
    session = new_sheet(keeper, "sarg", ("Anna", "Ben"))
    open_sheet(page, live_server, keeper, session)
    page.get_by_role("button", name="Type the scores").click()
    page.fill("#queen-score", "38")
    page.fill("#king-score", "30")
    page.press("#king-score", "Enter")
    expect(page.locator(".messages, .message").first).to_contain_text("Round 1 saved.")
    assert entries(session) == [{"queen": 38, "king": 30}]
    context.close()


def test_enter_in_the_admins_correction_keeps_the_typed_scores(live_server, phone):
    """The correction asks why before it saves: Enter shows the new totals, in the same mode."""
    olga = organiser("olga")
    session = off_the_loop(finished_sarg, names=("Anna", "Ben"))
    log_in(phone, live_server, olga)
    phone.goto(f"{live_server.url}/admin/scoring/playsession/{session.pk}/correct/?round=1")
    expect(phone.locator("#queen-score")).to_have_value("38")
    phone.fill("#queen-score", "40")
    phone.press("#queen-score", "Enter")
    expect(phone.locator("#round-credit")).to_contain_text("Anna 40")
    expect(phone.locator("#queen-score")).to_have_value("40")
    assert entries(session)[0] == {"queen": 38, "king": 30}
