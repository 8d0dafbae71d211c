"""The table page and its buttons: host, seated player, stranger, anonymous; hostile posts."""

from __future__ import annotations

import json
import re
import uuid

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase

from games import tables
from games.models import Table
from tests.games.helpers import client_for, first_legal, sarg_table, user, user_at

pytestmark = pytest.mark.django_db

CARD = re.compile(r'data-card="([^"]*)"')


def page(table: Table, someone=None) -> str:
    answer = client_for(someone).get(f"/play/{table.public_id}/")
    assert answer.status_code == 200
    return answer.content.decode()


def shown_cards(html: str) -> set[str]:
    return set(CARD.findall(html))


def visible_cards(table: Table, seat: int | None) -> set[str]:
    """Every card value the seat's view holds (its hand, the square, the events)."""
    view = json.dumps(table.engine.view(table.state(), seat))
    return set(re.findall(r'"((?:10|[2-9AJQK])[SHDC]|JK)"', view))


def test_each_seat_sees_its_own_hand_and_never_the_other():
    table = sarg_table()
    state = table.state()
    for position in (0, 1):
        html = page(table, user_at(table, position))
        own = set(state.hands[position])
        # The two jokers look alike: one in each hand is no leak.
        other = set(state.hands[1 - position]) - set(state.grid) - set(state.hands[position])
        assert own <= shown_cards(html)
        assert not other & shown_cards(html)
        assert shown_cards(html) <= visible_cards(table, position)


@pytest.mark.parametrize("who", ["stranger", "anonymous"])
def test_spectators_see_no_hand(who):
    table = sarg_table()
    html = page(table, user() if who == "stranger" else None)
    state = table.state()
    assert not (set(state.hands[0]) | set(state.hands[1])) - set(state.grid) & shown_cards(html)
    assert shown_cards(html) <= visible_cards(table, None)
    assert "cell-move" not in html  # nothing to click


def test_the_seat_to_act_gets_a_move_button_per_legal_move_and_the_banner():
    table = sarg_table()
    position = table.to_act[0]
    html = page(table, user_at(table, position))
    moves = table.engine.legal_moves(table.state(), position)
    # A button per card of the hand (the picker's choice) and open cell: a hand holding both
    # jokers has two sets of buttons for the same moves (CI dealt one).
    hand = table.engine.view(table.state(), position)["hand"]
    per_card = sum(1 for card in hand for move in moves if move["card"] == card)
    assert html.count('class="cell-button cell-move"') == per_card
    board = html[html.index('id="table-board"') :]
    assert board.count("<form") == 1  # one form for the coffin, one button per move
    assert "Your turn" in html and "▶ Your turn · Sarg" in html
    for move in moves:
        posted = json.dumps(move, separators=(",", ":")).replace('"', "&quot;")
        assert f'name="move" value="{posted}"' in html
    assert f'name="version" value="{table.version}"' in html


def test_the_other_seat_waits_for_the_named_player_and_has_nothing_to_click():
    table = sarg_table()
    waiting = 1 - table.to_act[0]
    html = page(table, user_at(table, waiting))
    assert "cell-move" not in html
    assert 'name="pick"' not in html
    assert "Waiting for " in html


def test_unknown_and_malformed_ids_are_not_found():
    assert client_for().get(f"/play/{uuid.uuid4()}/").status_code == 404
    assert client_for().get("/play/not-a-uuid/").status_code == 404
    assert client_for(user()).post(f"/play/{uuid.uuid4()}/join/").status_code == 404


def test_an_open_table_offers_a_stranger_a_seat_and_anonymous_a_login_that_comes_back():
    table = tables.open_table("sarg", user(), seats=2)
    html = page(table, user())
    assert "Take a seat" in html
    anon = page(table)
    assert f"/accounts/login/?next=/play/{table.public_id}/" in anon
    assert f"/accounts/signup/?next=/play/{table.public_id}/" in anon


def test_joining_by_the_invite_link_takes_the_free_seat():
    table = tables.open_table("sarg", user(), seats=2, invite_only=[1])
    guest = user()
    answer = client_for(guest).post(f"/play/{table.public_id}/join/")
    assert answer.status_code == 302
    assert table.seat_of(guest) == 1


def test_anonymous_join_goes_to_log_in_and_back_to_the_table():
    table = tables.open_table("sarg", user(), seats=2)
    answer = client_for().post(f"/play/{table.public_id}/join/")
    assert answer.status_code == 302
    assert answer["Location"] == f"/accounts/login/?next=/play/{table.public_id}/"
    assert table.seats.get(position=1).is_free


def test_sign_up_from_an_invite_comes_back_to_the_table():
    table = tables.open_table("sarg", user(), seats=2)
    url = f"/play/{table.public_id}/"
    form = client_for().get(f"/accounts/signup/?next={url}").content.decode()
    assert f'name="next" value="{url}"' in form
    answer = Client().post(
        "/accounts/signup/",
        {
            "username": "newcomer",
            "display_name": "Newcomer",
            "password1": "a-long-password-9",
            "password2": "a-long-password-9",
            "next": url,
        },
    )
    assert answer.status_code == 302, answer.content.decode()[:2000]
    assert answer["Location"] == url


def test_a_full_table_refuses_a_join_with_a_message_and_changes_nothing():
    table = sarg_table(started=False)
    before = list(table.seats.values_list("user_id", flat=True))
    answer = client_for(user()).post(f"/play/{table.public_id}/join/", follow=True)
    assert "Every seat at this table is taken." in answer.content.decode()
    assert list(table.seats.values_list("user_id", flat=True)) == before


def test_only_the_host_starts_and_only_once_every_seat_is_taken():
    table = sarg_table(started=False)
    guest = user_at(table, 1)
    client_for(guest).post(f"/play/{table.public_id}/start/")
    assert Table.objects.get(pk=table.pk).status == "open"
    client_for(table.host).post(f"/play/{table.public_id}/start/")
    assert Table.objects.get(pk=table.pk).status == "playing"


def test_start_over_htmx_answers_with_the_fragments_or_the_refusal():
    table = tables.open_table("sarg", user(), seats=2)
    host = client_for(table.host)
    refused = host.post(f"/play/{table.public_id}/start/", HTTP_HX_REQUEST="true")
    assert refused.status_code == 409
    assert "Every seat must be taken" in refused.content.decode()
    tables.seat_bot(table, 1, "random")
    applied = host.post(f"/play/{table.public_id}/start/", HTTP_HX_REQUEST="true")
    assert applied.status_code == 200
    assert 'id="table-board" class="table-board" hx-swap-oob="true"' in applied.content.decode()


def test_the_host_cancels_before_the_start_and_nobody_else_can():
    table = tables.open_table("sarg", user(), seats=2)
    client_for(user()).post(f"/play/{table.public_id}/cancel/")
    assert Table.objects.get(pk=table.pk).status == "open"
    client_for(table.host).post(f"/play/{table.public_id}/cancel/")
    assert Table.objects.get(pk=table.pk).status == "cancelled"
    assert "The host cancelled this table." in page(table)


def test_the_host_seats_a_bot_and_hands_a_seat_over_and_back():
    table = tables.open_table("sarg", user(), seats=2)
    host = client_for(table.host)
    host.post(f"/play/{table.public_id}/seat-bot/", {"position": "1", "level": "random"})
    assert table.seats.get(position=1).bot_level == "random"

    table = sarg_table()
    host = client_for(table.host)
    host.post(f"/play/{table.public_id}/hand-to-bot/", {"position": "1"})
    assert table.seats.get(position=1).handed_to_bot
    assert "Give the seat back to" in page(table, table.host)
    host.post(f"/play/{table.public_id}/take-back/", {"position": "1"})
    assert not table.seats.get(position=1).is_bot


def test_a_seat_played_by_a_bot_shows_its_player_no_move_buttons():
    table = sarg_table()
    position = table.to_act[0]
    tables.hand_to_bot(table, position, table.host)
    html = page(table, user_at(table, position))
    assert "cell-move" not in html


def play_out(table: Table) -> Table:
    while table.status == "playing":
        position = table.to_act[0]
        move = first_legal(table, position)
        table = tables.play(table, user_at(table, position), move, table.version)
    return table


def test_the_end_shows_the_result_the_sheet_link_and_a_rematch():
    table = play_out(sarg_table())
    html = page(table, table.host)
    assert "Game over" in html
    assert f"/scorekeeper/{table.session.public_id}/" in html
    assert "Rematch" in html and "Replay the game" in html
    answer = client_for(table.host).post(f"/play/{table.public_id}/rematch/")
    new = Table.objects.exclude(pk=table.pk).get()
    assert answer["Location"] == f"/play/{new.public_id}/"
    assert "Rematch" not in page(table, user())  # a spectator cannot ask for one
    again = client_for(user_at(table, 1)).post(
        f"/play/{table.public_id}/rematch/", HTTP_HX_REQUEST="true"
    )
    assert again["HX-Redirect"] == f"/play/{new.public_id}/"  # the same new table


ACTIONS = ["join", "leave", "start", "cancel", "seat-bot", "hand-to-bot", "take-back", "rematch"]
VALUES = st.one_of(
    st.text(max_size=20),
    st.sampled_from(["0", "1", "2", "²", "٣", "-1", "9" * 5000, "heuristic", "random", "god"]),
)


class HostileTableActionsTest(TestCase):
    @classmethod
    def setUpTestData(cls):
        cls.host, cls.guest, cls.stranger = user(), user(), user()

    def fingerprint(self, table: Table):
        table = Table.objects.get(pk=table.pk)
        seats = list(table.seats.values_list("user_id", "bot_level", "invite_only"))
        return table.status, table.version, seats, Table.objects.count()

    @settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow], deadline=None)
    @given(
        st.sampled_from(ACTIONS),
        st.sampled_from(["stranger", "anonymous", "guest"]),
        st.dictionaries(st.sampled_from(["position", "level"]), VALUES, max_size=2),
        st.booleans(),
        st.booleans(),
    )
    def test_never_a_server_error_and_a_refusal_changes_nothing(
        self, action, who, data, started, htmx
    ):
        table = tables.open_table("sarg", self.host, seats=2)
        tables.take_seat(table, self.guest)
        if started:
            table = tables.start(table, self.host)
        client = {"stranger": client_for(self.stranger), "anonymous": client_for()}.get(
            who
        ) or client_for(self.guest)
        before = self.fingerprint(table)
        headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
        answer = client.post(f"/play/{table.public_id}/{action}/", data, **headers)
        assert answer.status_code < 500
        may_change = who == "guest" and action in ("leave", "hand-to-bot", "take-back")
        if answer.status_code >= 400 or not may_change:
            assert self.fingerprint(table) == before


def test_a_game_without_a_board_of_its_own_gets_the_generic_one(monkeypatch):
    from games import boards

    monkeypatch.delitem(boards.BOARDS, "sarg")
    table = sarg_table()
    position = table.to_act[0]
    html = page(table, user_at(table, position))
    assert 'class="generic-board"' in html
    moves = table.engine.legal_moves(table.state(), position)
    assert html.count('name="move"') == len(moves)
