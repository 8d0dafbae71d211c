"""Correct a round in the admin: the game's own entry form (the scorekeeper's), prefilled from
the round, and why. A save goes through the entry form's checks and ``organising``; anything
refused shows its message and changes nothing."""

import json
import re

import pytest

from games.engines.sarg import score_round
from scoring import organising, sheets
from scoring.models import AuditEntry, PlaySession, Round
from tests.scoring.organiser_helpers import (
    CORRECTIONS,
    finished_sarg,
    finished_session,
    organiser,
    ratings_are_a_full_replay,
)
from tests.scoring.sheet_helpers import SQUARE, players

pytestmark = pytest.mark.django_db

GAMES = ("sarkophag", "sarg", "sarcophagus", "sacrifice")
WHY = "The keeper swapped two numbers."

# Per game: fields the scorekeeper refuses, and (part of) the message it gives.
REFUSED = {
    "sarkophag": (
        {"mode": "heads", "heads-0": "x", "heads-1": "9", "heads-2": "8"},
        "Heads must be a whole number.",
    ),
    "sarg": (
        {"mode": "typed", "queen": "500", "king": "0"},
        "A round score cannot be more than 150.",
    ),
    "sarcophagus": (
        {"held-0": ["5-sun"], "held-1": ["5-sun"]},
        "The 5-sun tile is listed for Ron already",
    ),
    "sacrifice": ({"sacrificed-0": ["AS"]}, "Every hand&#x27;s winner takes its trophy"),
}


def url(session) -> str:
    return f"/admin/scoring/playsession/{session.pk}/correct/"


def post(client, session, fields, *, number=1, reason=WHY, action="save", version=None, htmx=False):
    """The correction page's form as a browser sends it: the game's fields, the hidden round
    and version (by default the session's version now, as a freshly drawn page has it); as
    htmx sends it (the live page) with ``htmx``."""
    if version is None:
        version = PlaySession.objects.get(pk=session.pk).version
    body = {**fields, "number": number, "version": version, "reason": reason}
    if action:
        body["action"] = action
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(url(session), body, headers=headers)


def state(session) -> tuple:
    """What a refused correction must leave as it was."""
    session = PlaySession.objects.get(pk=session.pk)
    return (
        session.version,
        list(session.rounds.order_by("number").values_list("entry", "credited")),
        list(session.seats.order_by("position").values_list("score", "place")),
        AuditEntry.objects.count(),
    )


def html_of(response) -> str:
    assert response.status_code == 200
    return response.content.decode()


# --- the page -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "prefilled"),
    [
        ("sarkophag", ['name="heads-0" value="5"', 'name="heads-1" value="8"']),
        ("sarg", ['name="queen" value="38"', 'name="king" value="30"']),
        (
            "sarcophagus",
            ['name="held-0" value="5-sun" checked', 'name="held-1" value="ace-sun" checked'],
        ),
        (
            "sacrifice",
            ['name="trophies-0" value="KH" checked', 'name="trophies-0" value="JK#1" checked'],
        ),
    ],
)
def test_the_page_has_the_games_entry_form_filled_from_the_round(client, olga, game, prefilled):
    session = finished_session(game)
    number = CORRECTIONS[game][0]
    html = html_of(client.get(url(session), {"round": number}))
    for field in prefilled:
        assert field in html
    assert f'type="hidden" name="number" value="{number}"' in html
    assert f'type="hidden" name="version" value="{session.version}"' in html
    assert 'name="entry"' not in html  # no JSON to type


def test_the_page_loads_htmx_with_the_sites_settings(client, olga):
    """As every page of the site: no eval and no injected <style> (the
    Content-Security-Policy allows neither), and no settle delay (a tap on the form just drawn
    again would otherwise post it plainly)."""
    html = html_of(client.get(url(finished_session("sarg"))))
    config = re.search(r'<meta name="htmx-config" content=\'([^\']+)\'>', html)
    assert config, "htmx is loaded without the site's settings"
    assert json.loads(config.group(1)) == {
        "allowEval": False,
        "includeIndicatorStyles": False,
        "defaultSettleDelay": 0,
    }


def test_a_round_not_in_the_session_opens_its_first_round(client, olga):
    session = finished_session("sarkophag")
    html = html_of(client.get(url(session), {"round": "7"}))
    assert 'type="hidden" name="number" value="1"' in html
    assert 'name="heads-0" value="12"' in html


def test_the_end_of_game_is_one_entry(client, olga):
    html = html_of(client.get(url(finished_session("sarcophagus"))))
    assert "End of game" in html and "Correct round" not in html


# --- a correction -------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_a_correction_in_the_entry_fields_changes_the_round_and_is_audited(client, olga, game):
    session = finished_session(game)
    number, fields, entry = CORRECTIONS[game]
    old = session.rounds.get(number=number).named_entry()
    response = post(client, session, fields, number=number)
    assert response.status_code == 302
    assert session.rounds.get(number=number).named_entry() == entry
    audit = AuditEntry.objects.about(session).get()
    assert (audit.actor, audit.action, audit.reason) == (olga, "correct", WHY)
    seats = session.seats.select_related("player").order_by("position")
    assert audit.before["round"] == audit.after["round"] == number
    assert (audit.before["entry"], audit.after["entry"]) == (old, entry)
    assert audit.after["totals"] == {s.player.name: s.score for s in seats}
    assert audit.after["places"] == {s.player.name: s.place for s in seats}
    assert ratings_are_a_full_replay(game)
    message = html_of(client.get(response["Location"]))
    assert f"Round {number} changed. Totals, places and ratings are updated." in message


def test_a_correction_changes_the_places(client, olga):
    session = finished_sarg()  # Anna (queen) 6 × 38, Ben 6 × 30
    assert post(client, session, {"mode": "typed", "queen": "0", "king": "100"}).status_code == 302
    places = {s.player.name: s.place for s in session.seats.select_related("player")}
    assert places == {"Anna": 2, "Ben": 1}
    html = html_of(client.get(f"/admin/scoring/playsession/{session.pk}/change/"))
    assert WHY in html  # in the session's audit trail


def test_a_sarg_round_can_be_corrected_to_its_square(client, olga):
    session = finished_sarg()
    cells = {f"cell-{i}": card for i, card in enumerate(c for row in SQUARE for c in row)}
    assert post(client, session, {"mode": "grid", **cells}).status_code == 302
    assert session.rounds.get(number=1).named_entry() == {"grid": SQUARE}


# --- refused: the scorekeeper's messages, nothing changed ---------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_an_entry_the_scorekeeper_refuses_shows_its_message_and_changes_nothing(client, olga, game):
    session = finished_session(game)
    number = CORRECTIONS[game][0]
    fields, message = REFUSED[game]
    before = state(session)
    html = html_of(post(client, session, fields, number=number))
    assert message in html and "Nothing was saved." in html
    assert state(session) == before


def test_a_correction_the_service_refuses_shows_why_on_the_entry_form(client, olga):
    """A finished Sarg to 1000 that a lower score would leave unfinished."""
    anna, ben = players("Anna", "Ben")
    keeper = organiser("keeper")
    session = sheets.create_session(
        "sarg", keeper, [anna, ben], {"to_1000": True}, {"queen": "Anna", "king": "Ben"}
    )
    for _ in range(7):
        sheets.apply_edit(session.public_id, keeper, "add", entry={"queen": 150, "king": 100})
    sheets.apply_edit(session.public_id, keeper, "finish")
    before = state(session)
    html = html_of(post(client, session, {"mode": "typed", "queen": "0", "king": "0"}, number=7))
    assert "After this change the game would not be over" in html
    assert "Nothing was saved." in html and 'id="entry-error"' in html
    assert state(session) == before


def test_a_correction_without_a_reason_keeps_what_was_typed_and_changes_nothing(client, olga):
    session = finished_session("sarkophag")
    before = state(session)
    fields = CORRECTIONS["sarkophag"][1]
    html = html_of(post(client, session, fields, number=2, reason="   "))
    assert "Say why: the reason is kept in the audit trail." in html
    assert 'name="heads-1" value="9"' in html  # the correction as typed, to save with a reason
    assert state(session) == before


@pytest.mark.parametrize("number", ["3", "0", "-1", "²", "١", "9" * 5000, ""])
def test_a_round_that_does_not_exist_is_refused(client, olga, number):
    session = finished_session("sarkophag")
    before = state(session)
    html = html_of(post(client, session, CORRECTIONS["sarkophag"][1], number=number))
    assert "This session has no such round, so nothing was saved." in html
    assert 'type="hidden" name="number" value="1"' in html  # its first round, as stored
    assert 'name="heads-0" value="12"' in html
    assert state(session) == before


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("value", ["x", "-1", "²", "١", "9" * 5000, "1e3"])
def test_odd_numbers_in_the_entry_fields_are_refused(client, olga, game, value):
    """Whatever the game's fields hold, nothing but a message comes of it."""
    session = finished_session(game)
    number = CORRECTIONS[game][0]
    before = state(session)
    fields = {
        "sarkophag": {"mode": "heads", "heads-0": value, "heads-1": "9", "heads-2": "8"},
        "sarg": {"mode": "typed", "queen": value, "king": value},
        "sarcophagus": {"held-0": [value, "5-sun"], "discard-0": value},
        "sacrifice": {"trophies-0": [value], "lost_by_cards": value},
    }[game]
    response = post(client, session, fields, number=number)
    if response.status_code == 302:  # the odd value was ignored (a tick box, a choice)
        entry = session.rounds.get(number=number).named_entry()
        assert value not in str(entry)
    else:
        assert "Nothing was saved." in html_of(response)
        assert state(session) == before


# --- stale pages --------------------------------------------------------------------------------


def test_a_correction_sent_twice_applies_once(client, olga):
    session = finished_sarg()
    fields = CORRECTIONS["sarg"][1]
    version = session.version
    assert post(client, session, fields, version=version).status_code == 302
    html = html_of(post(client, session, fields, version=version))
    assert "sent twice" in html
    assert AuditEntry.objects.filter(action="correct").count() == 1


def test_a_page_drawn_before_another_change_is_drawn_again_as_the_session_is_now(client, olga):
    session = finished_session("sarkophag")
    version = session.version
    entry = {"heads": {"Anna": 1, "Ben": 10, "Clara": 10}}
    organising.correct_round(session, 2, entry, by=olga, reason="Meanwhile.")
    before = state(session)
    fields = CORRECTIONS["sarkophag"][1]
    html = html_of(post(client, session, fields, number=2, version=version))
    assert "This session changed after your page was drawn" in html
    assert 'name="heads-0" value="1"' in html  # the round as it is now
    assert f'name="version" value="{before[0]}"' in html
    assert WHY in html  # the reason typed is kept
    assert state(session) == before


@pytest.mark.parametrize("version", ["", "١", "9" * 5000, "-1"])
def test_a_page_without_a_readable_version_is_refused(client, olga, version):
    session = finished_sarg()
    before = state(session)
    html = html_of(post(client, session, CORRECTIONS["sarg"][1], version=version))
    assert "This session changed after your page was drawn" in html
    assert state(session) == before


def test_a_session_deleted_meanwhile_sends_the_organiser_on(client, olga, monkeypatch):
    session = finished_sarg()

    def gone(*args, **kwargs):
        raise PlaySession.DoesNotExist

    monkeypatch.setattr(organising, "correct_round", gone)
    response = post(client, session, CORRECTIONS["sarg"][1])
    assert response.status_code == 302 and response["Location"] == "/admin/"


def test_a_live_page_is_sent_on_whole_to_the_session_once_saved(client, olga):
    """htmx would follow a redirect and swap part of the session's page into this one; it is
    told to load that page instead."""
    session = finished_sarg()
    response = post(client, session, CORRECTIONS["sarg"][1], htmx=True)
    assert response.status_code == 200
    assert response["HX-Redirect"] == f"/admin/scoring/playsession/{session.pk}/change/"
    assert AuditEntry.objects.filter(action="correct").count() == 1


def test_a_live_page_whose_session_is_gone_is_sent_on_whole(client, olga, monkeypatch):
    session = finished_sarg()

    def gone(*args, **kwargs):
        raise PlaySession.DoesNotExist

    monkeypatch.setattr(organising, "correct_round", gone)
    response = post(client, session, CORRECTIONS["sarg"][1], htmx=True)
    assert response.status_code == 200 and response["HX-Redirect"] == "/admin/"


def test_a_live_page_logged_out_meanwhile_is_sent_on_whole_to_the_login(client, olga):
    session = finished_sarg()
    version = session.version
    client.logout()
    response = post(client, session, CORRECTIONS["sarg"][1], version=version, htmx=True)
    assert response.status_code == 200 and response["HX-Redirect"].startswith("/admin/login/")


def test_a_live_recompute_draws_the_page_and_saves_nothing(client, olga):
    session = finished_session("sarkophag")
    before = state(session)
    fields = {"mode": "heads", "heads-0": "5", "heads-1": "8", "heads-2": "9"}
    response = post(client, session, fields, number=2, action="show", htmx=True)
    assert 'id="content-main"' in html_of(response)  # what htmx swaps in
    assert "HX-Redirect" not in response
    assert state(session) == before


def test_a_session_without_rounds_has_nothing_to_correct(client, olga):
    anna, ben = players("Anna", "Ben")
    session = sheets.create_session("sacrifice", olga, [anna, ben])
    response = client.get(url(session), follow=True)
    assert "This session has no rounds to correct." in response.content.decode()
    assert not Round.objects.exists()


# --- the entry form's buttons: the page again, computed, nothing saved ---------------------------


def test_a_stepper_draws_the_round_again_computed_and_saves_nothing(client, olga):
    session = finished_session("sarkophag")
    before = state(session)
    fields = {"mode": "heads", "heads-0": "5", "heads-1": "8", "heads-2": "9"}
    html = html_of(post(client, session, {**fields, "pick": "step:0:1"}, number=2, action=""))
    assert 'name="heads-0" value="6"' in html
    assert "+6 → <strong>18</strong>" in html  # Anna's round and running total, computed
    assert "This field is required" not in html and "Say why" not in html
    assert WHY in html
    assert state(session) == before


def test_show_the_new_totals_computes_without_saving(client, olga):
    session = finished_session("sacrifice")
    before = state(session)
    fields = CORRECTIONS["sacrifice"][1]
    html = html_of(post(client, session, fields, action="show"))
    assert re.search(r"<strong>\s*35\s*</strong>", html)  # Anna: KH + QD + AS
    assert state(session) == before


def test_show_the_new_totals_gives_each_players_running_total_and_new_total(client, olga):
    session = finished_sarg()  # Anna (queen) 6 × 38 + bonus 48 = 276, Ben (king) 6 × 30 = 180
    fields = {"mode": "typed", "queen": "0", "king": "100"}
    html = html_of(post(client, session, fields, action="show"))
    table = html[html.index("organise-new-totals") :]
    rows = re.findall(r"<tr><th scope=\"row\">(\w+)</th>(.*?)</tr>", table)
    cells = {name: re.findall(r"<td[^>]*>(.*?)</td>", row) for name, row in rows}
    assert cells["Anna"][:2] == ["+0", "0"] and cells["Ben"][:2] == ["+100", "100"]
    # Ben 100 + 5 × 30 = 250 leads Anna 5 × 38 = 190, so gains the difference: 310
    assert "<strong>310</strong>" in cells["Ben"][2] and "(was 180)" in cells["Ben"][2]
    assert "<strong>190</strong>" in cells["Anna"][2] and cells["Anna"][3] == "2"


def test_the_sarg_square_is_filled_with_its_picker(client, olga):
    session = finished_sarg()
    html = html_of(post(client, session, {"mode": "typed", "pick": "mode:grid"}, action=""))
    assert 'value="cell:0"' in html and 'value="rank:Q"' in html
    html = html_of(post(client, session, {"mode": "grid", "pick": "rank:Q"}, action=""))
    html = html_of(
        post(client, session, {"mode": "grid", "rank": "Q", "pick": "suit:H"}, action="")
    )
    assert 'name="cell-0" value="QH"' in html and 'name="cursor" value="1"' in html


def test_switching_a_sarg_square_to_typed_scores_shows_the_rounds_scores(client, olga):
    session = finished_sarg()
    cells = {f"cell-{i}": card for i, card in enumerate(c for row in SQUARE for c in row)}
    assert post(client, session, {"mode": "grid", **cells}).status_code == 302
    html = html_of(
        post(client, session, {"mode": "grid", **cells, "pick": "mode:typed"}, action="")
    )
    scored = score_round(SQUARE)
    assert f'name="queen" value="{scored["queen"]}"' in html
    assert f'name="king" value="{scored["king"]}"' in html


def test_the_results_name_the_sarg_roles_in_words(client, olga):
    html = html_of(client.get(url(finished_sarg())))
    assert "Anna (Queen · rows)" in html and "Ben (King · columns)" in html
    assert "(queen)" not in html
