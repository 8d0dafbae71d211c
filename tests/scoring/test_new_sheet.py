"""Starting a sheet: all or nothing, and only with the players the page showed."""

import re

import pytest

from scoring import sheets
from scoring.models import Player, PlaySession

from .sheet_helpers import players

pytestmark = pytest.mark.django_db


def shown(client, game: str, data: dict) -> str:
    """The seats as the picker draws them for ``data`` (its hidden ``shown`` field)."""
    html = client.get(f"/scorekeeper/new/{game}/players/", data).content.decode()
    return re.search(r'name="shown" value="([^"]*)"', html).group(1)


def start(client, game: str, data: dict, **extra):
    data = {**data, "shown": shown(client, game, data), "action": "start", **extra}
    return client.post(f"/scorekeeper/new/{game}/", data)


def test_a_refused_player_count_creates_no_guest(client, owner):
    (anna,) = players("Anna")
    response = start(client, "sarkophag", {"players": [anna.pk], "guests": ["Zoe"]})
    assert "3 to 6 players" in response.content.decode()
    assert not Player.objects.filter(name="Zoe").exists()
    assert not PlaySession.objects.exists()


def test_a_refused_limit_creates_no_guest(client, owner):
    anna, ben = players("Anna", "Ben")
    data = {"players": [anna.pk, ben.pk], "guests": ["Zoe"]}
    response = start(client, "sarkophag", data, limit="a lot")
    assert "whole number" in response.content.decode()
    assert not Player.objects.filter(name="Zoe").exists()


def test_players_the_page_did_not_show_are_refused(client, owner):
    """A restored form (Back button) ticks Ben, but the page only showed Anna seated."""
    anna, ben = players("Anna", "Ben")
    claimed = shown(client, "sarg", {"players": [anna.pk]})
    data = {"players": [anna.pk, ben.pk], "shown": claimed, "action": "start"}
    response = client.post("/scorekeeper/new/sarg/", data)
    body = response.content.decode()
    assert "not the ones this page showed" in body
    assert not PlaySession.objects.exists()
    assert "1. Anna" in body and "2. Ben" in body  # now it shows them: a second tap starts
    again = re.search(r'name="shown" value="([^"]*)"', body).group(1)
    assert client.post("/scorekeeper/new/sarg/", {**data, "shown": again}).status_code == 302


def test_a_guest_typed_but_not_added_is_shown_before_it_starts(client, owner):
    anna, ben = players("Anna", "Ben")
    claimed = shown(client, "sarkophag", {"players": [anna.pk, ben.pk]})
    data = {"players": [anna.pk, ben.pk], "new_guest": "Zoe", "shown": claimed}
    response = client.post("/scorekeeper/new/sarkophag/", {**data, "action": "start"})
    assert "3. Zoe (guest)" in response.content.decode()
    assert not PlaySession.objects.exists() and not Player.objects.filter(name="Zoe").exists()


def test_the_sacrifice_form_says_who_gets_which_starter_deck(client, owner):
    body = client.get("/scorekeeper/new/sacrifice/").content.decode()
    assert "the first seat gets the red-black starter deck A–5 of hearts and spades" in body
    anna, ben = players("Anna", "Ben")
    picker = client.get("/scorekeeper/new/sacrifice/players/", {"players": [anna.pk, ben.pk]})
    assert "1. Anna · starter deck A–5 of hearts and spades" in picker.content.decode()


def test_swapped_sacrifice_seats_give_the_second_picked_the_first_seat(client, owner):
    anna, ben = players("Anna", "Ben")
    start(client, "sacrifice", {"players": [anna.pk, ben.pk], "swap": "on"})
    seats = PlaySession.objects.get().seats.order_by("position")
    assert [s.player.name for s in seats] == ["Ben", "Anna"]


def test_seats_can_be_swapped_on_the_sheet_until_the_first_entry(client, owner):
    session = sheets.create_session("sacrifice", owner, players("Anna", "Ben"))
    url = f"/scorekeeper/{session.public_id}/"
    assert 'id="swap-seats"' in client.get(url).content.decode()
    client.post(f"{url}swap/", {"seen": 0})
    assert [s.player.name for s in session.seats.order_by("position")] == ["Ben", "Anna"]
    again = client.post(f"{url}swap/", {"seen": 0}, HTTP_HX_REQUEST="true")  # a second tap
    assert "already swapped" in again.content.decode()
    assert [s.player.name for s in session.seats.order_by("position")] == ["Ben", "Anna"]


def test_no_swapping_after_the_first_entry(client, owner):
    session = sheets.create_session(
        "sarg", owner, players("Anna", "Ben"), roles={"queen": "Anna", "king": "Ben"}
    )
    sheets.apply_edit(session.public_id, owner, "add", entry={"queen": 10, "king": 5})
    url = f"/scorekeeper/{session.public_id}/"
    assert 'id="swap-seats"' not in client.get(url).content.decode()
    client.post(f"{url}swap/", {"seen": 1})
    assert session.seats.get(role="queen").player.name == "Anna"


def test_a_sarg_swap_on_the_sheet_exchanges_queen_and_king(client, owner):
    session = sheets.create_session(
        "sarg", owner, players("Anna", "Ben"), roles={"queen": "Anna", "king": "Ben"}
    )
    client.post(f"/scorekeeper/{session.public_id}/swap/", {"seen": 0})
    assert session.seats.get(role="queen").player.name == "Ben"


def test_a_tick_clears_the_search_and_the_last_refusal(client, owner):
    (anna,) = players("Anna")
    picked = client.get(
        "/scorekeeper/new/sarg/players/", {"players": [anna.pk], "q": "ann"}, HTTP_HX_REQUEST="true"
    ).content.decode()
    assert '<div id="new-error" hx-swap-oob="delete">' in picked
    assert re.search(r'id="search-field" hx-swap-oob="true"', picked)
    assert 'name="q" value=""' in picked and "“ann”" not in picked
    typing = client.get(
        "/scorekeeper/new/sarg/players/",
        {"q": "zzz"},
        HTTP_HX_REQUEST="true",
        HTTP_HX_TRIGGER="player-search",
    ).content.decode()
    assert "new-error" not in typing and "No club player matches “zzz”" in typing


def test_a_superuser_who_never_played_is_not_offered_as_a_player(client, owner):
    from django.contrib.auth import get_user_model

    admin = get_user_model().objects.create_superuser("root", "r@example.org", "a-long-pw-1")
    players("Anna")
    picker = client.get("/scorekeeper/new/sarg/players/").content.decode()
    assert "Anna" in picker and admin.player.name not in picker
    sheets.create_session("sacrifice", owner, [admin.player, players("Anna")[0]])
    assert admin.player.name in client.get("/scorekeeper/new/sarg/players/").content.decode()


def test_finished_sheets_use_the_whole_width(client, owner):
    session = sheets.create_session(
        "sarg", owner, players("Anna", "Ben"), roles={"queen": "Anna", "king": "Ben"}
    )
    for _ in range(6):
        sheets.apply_edit(session.public_id, owner, "add", entry={"queen": 10, "king": 5})
    sheets.apply_edit(session.public_id, owner, "finish")
    body = client.get(f"/scorekeeper/{session.public_id}/").content.decode()
    assert 'class="sheet-body sheet-body-full"' in body


def test_an_organiser_made_by_createorganizer_is_not_offered_until_they_play(client, owner):
    import io
    import sys

    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    stdin, sys.stdin = sys.stdin, io.StringIO("a-long-password-1\n")
    try:
        call_command("createorganizer", "olga", "--password-stdin", stdout=io.StringIO())
    finally:
        sys.stdin = stdin
    olga = get_user_model().objects.get(username="olga").player
    (anna,) = players("Anna")
    picker = client.get("/scorekeeper/new/sarg/players/").content.decode()
    assert "Anna" in picker and "olga" not in picker
    sheets.create_session("sacrifice", owner, [olga, anna])
    assert "olga" in client.get("/scorekeeper/new/sarg/players/").content.decode()
