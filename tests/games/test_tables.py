"""The tables service: each refusal changes nothing; an applied move is logged once."""

import pytest
from django.contrib.auth.models import AnonymousUser
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase as HypothesisTestCase

from games import tables
from games.models import Table, TableMove
from games.tables import MoveRefused, TableError

from .helpers import acting_user, first_legal, sarg_table, user, user_at

pytestmark = pytest.mark.django_db


def snapshot(table: Table):
    fresh = Table.objects.get(pk=table.pk)
    seats = [(s.position, s.user_id, s.bot_level, s.to_act) for s in fresh.seats.all()]
    return fresh.version, fresh.status, fresh.state_json, seats, fresh.moves.count()


# --- opening and seating ------------------------------------------------------------------------


def test_open_table_seats_the_host_at_seat_0():
    host = user()
    table = tables.open_table("sarkophag", host, seats=4, options={"limit": 50})
    assert table.status == "open" and table.version == 0
    assert table.options == {"limit": 50}
    assert [s.user_id for s in table.seats.order_by("position")] == [host.pk, None, None, None]
    assert table.seat_of(host) == 0


@pytest.mark.parametrize(
    ("game", "seats", "options", "words"),
    [
        ("chess", 2, None, "no game"),
        ("sarg", 3, None, "played by 2"),
        ("sarkophag", 2, None, "3 to 6"),
        ("sarkophag", True, None, "3 to 6"),
        ("sarkophag", 4, {"limit": 0}, "head limit"),
        ("sarkophag", 4, {"limit": 10**6}, "head limit"),
        ("sarkophag", 4, {"limit": "50"}, "head limit"),
        ("sarkophag", 4, {"colour": 1}, "no option"),
        ("sarg", 2, {"to_1000": "yes"}, "true or false"),
        ("sarg", 2, {"queen": 2}, "queen"),
        ("sacrifice", 2, {"x": 1}, "no options"),
        ("sarg", 2, [1], "named values"),
    ],
)
def test_open_table_refuses_what_the_game_does_not_allow(game, seats, options, words):
    with pytest.raises(TableError, match=f"(?i){words}"):
        tables.open_table(game, user(), seats=seats, options=options)
    assert not Table.objects.exists()


def test_sarg_play_to_1000_is_the_engines_to_1000():
    table = tables.open_table("sarg", user(), seats=2, options={"play_to_1000": True})
    assert table.options == {"to_1000": True}


def test_open_table_needs_a_login():
    with pytest.raises(TableError, match="Log in"):
        tables.open_table("sarg", AnonymousUser(), seats=2)


def test_open_table_with_bots_and_invite_only_seats():
    host = user()
    table = tables.open_table(
        "sarkophag", host, seats=4, bots={1: "random", 3: "heuristic"}, invite_only=[2]
    )
    seats = list(table.seats.order_by("position"))
    assert [s.bot_level for s in seats] == ["", "random", "", "heuristic"]
    assert [s.invite_only for s in seats] == [False, False, True, False]
    assert not Table.objects.joinable().exists()  # the only free seat is kept for the link


@pytest.mark.parametrize("bots", [{0: "random"}, {5: "random"}, {1: "grandmaster"}])
def test_open_table_refuses_bad_bot_seats(bots):
    with pytest.raises(TableError):
        tables.open_table("sarkophag", user(), seats=4, bots=bots)


def test_take_seat_fills_the_first_free_seat_and_twice_is_once():
    table = tables.open_table("sarkophag", user(), seats=3)
    guest = user()
    assert tables.take_seat(table, guest) == 1
    assert tables.take_seat(table, guest) == 1
    assert table.seats.filter(user=guest).count() == 1


def test_take_seat_refusals():
    table = tables.open_table("sarg", user(), seats=2)
    with pytest.raises(TableError, match="seats 1 to 2"):
        tables.take_seat(table, user(), position=7)
    with pytest.raises(TableError, match="taken"):
        tables.take_seat(table, user(), position=0)
    with pytest.raises(TableError, match="Log in"):
        tables.take_seat(table, AnonymousUser())
    tables.take_seat(table, user())
    with pytest.raises(TableError, match="taken"):
        tables.take_seat(table, user())


def test_take_seat_after_the_start_is_refused():
    table = sarg_table()
    before = snapshot(table)
    with pytest.raises(TableError, match="already started"):
        tables.take_seat(table, user())
    assert snapshot(table) == before


def test_leave_seat_before_the_start_only():
    host, guest = user(), user()
    table = tables.open_table("sarg", host, seats=2)
    tables.take_seat(table, guest)
    with pytest.raises(TableError, match="cancel it instead"):
        tables.leave_seat(table, host)
    with pytest.raises(TableError, match="do not sit"):
        tables.leave_seat(table, user())
    tables.leave_seat(table, guest)
    assert table.seat_of(guest) is None
    tables.take_seat(table, guest)
    tables.start(table, host)
    with pytest.raises(TableError, match="already started"):
        tables.leave_seat(table, guest)


def test_seat_bot_takes_a_free_seat_only():
    table = tables.open_table("sarg", user(), seats=2)
    with pytest.raises(TableError, match="taken"):
        tables.seat_bot(table, 0)
    with pytest.raises(TableError, match="no bot level"):
        tables.seat_bot(table, 1, "genius")
    tables.seat_bot(table, 1, "random")
    assert table.seats.get(position=1).bot_level == "random"


def test_a_start_refusal_names_the_free_seats_in_words():
    host = user()
    table = tables.open_table("sarkophag", host, seats=4)
    tables.take_seat(table, user())
    with pytest.raises(TableError, match=r"start: seats 3 and 4 are still free\.$"):
        tables.start(table, host)


def test_start_refusals_and_a_second_click():
    host, guest = user(), user()
    table = tables.open_table("sarg", host, seats=2)
    with pytest.raises(TableError, match=r"start: seat 2 is still free\.$"):
        tables.start(table, host)
    tables.take_seat(table, guest)
    with pytest.raises(TableError, match="Only the host"):
        tables.start(table, guest)
    started = tables.start(table, host)
    assert started.status == "playing" and started.seed is not None
    assert started.version == 0 and started.state_json is not None
    again = tables.start(table, host)
    assert again.seed == started.seed  # not dealt twice


def test_start_gives_every_seat_its_scoring_player():
    host = user()
    table = tables.open_table("sarkophag", host, seats=3, bots={1: "random", 2: "random"})
    tables.start(table, host)
    players = [s.player for s in table.seats.order_by("position")]
    assert players[0] == host.player
    assert players[1].is_bot and players[2].is_bot and players[1] != players[2]
    assert players[1].name == "Bot (easy)"


def test_start_sets_the_turn_columns():
    table = sarg_table()
    assert table.to_act == table.engine.to_act(table.state())
    assert [s.position for s in table.seats.all() if s.to_act] == table.to_act
    assert not table.bot_to_act


def test_cancel_by_the_host_before_the_start():
    host = user()
    table = tables.open_table("sarg", host, seats=2)
    with pytest.raises(TableError, match="Only the host"):
        tables.cancel(table, user())
    assert tables.cancel(table, host).status == "cancelled"
    assert tables.cancel(table, host).status == "cancelled"  # a second click
    with pytest.raises(TableError, match="cancelled"):
        tables.take_seat(table, user())


def test_cancel_after_the_start_is_refused():
    table = sarg_table()
    with pytest.raises(TableError, match="already started"):
        tables.cancel(table, table.host)


def test_abandon_is_for_organisers():
    table = sarg_table()
    with pytest.raises(TableError, match="organiser"):
        tables.abandon(table, table.host)
    assert tables.abandon(table, user(is_staff=True)).status == "abandoned"


# --- playing ------------------------------------------------------------------------------------


def test_a_move_is_applied_logged_and_versioned():
    table = sarg_table()
    player, position = acting_user(table)
    move = first_legal(table, position)
    after = tables.play(table, player, move, 0)
    assert after.version == 1
    logged = TableMove.objects.get(table=table)
    assert (logged.number, logged.seat, logged.move, logged.by_bot) == (1, position, move, False)
    expected = table.engine.apply(table.state(), position, move)
    assert after.state_json == table.engine.to_json(expected)
    assert after.to_act == [1 - position]


def test_the_same_move_twice_applies_once():
    table = sarg_table()
    player, position = acting_user(table)
    move = first_legal(table, position)
    tables.play(table, player, move, 0)
    before = snapshot(table)
    with pytest.raises(MoveRefused) as refused:
        tables.play(table, player, move, 0)
    assert refused.value.reason == "stale"
    assert snapshot(table) == before


@pytest.mark.parametrize("version", [1, -1, "0", 0.0, None, True, 10**50])
def test_a_wrong_version_changes_nothing(version):
    table = sarg_table()
    player, position = acting_user(table)
    before = snapshot(table)
    with pytest.raises(MoveRefused):
        tables.play(table, player, first_legal(table, position), version)
    assert snapshot(table) == before


def test_not_your_turn():
    table = sarg_table()
    _, position = acting_user(table)
    other = user_at(table, 1 - position)
    before = snapshot(table)
    with pytest.raises(MoveRefused, match="not your turn") as refused:
        tables.play(table, other, first_legal(table, position), 0)
    assert refused.value.reason == "forbidden"
    assert snapshot(table) == before


@pytest.mark.parametrize("who", ["spectator", "anonymous"])
def test_people_without_a_seat_cannot_move(who):
    table = sarg_table()
    _, position = acting_user(table)
    person = user() if who == "spectator" else AnonymousUser()
    before = snapshot(table)
    with pytest.raises(MoveRefused) as refused:
        tables.play(table, person, first_legal(table, position), 0)
    assert refused.value.reason == "forbidden"
    assert snapshot(table) == before


@pytest.mark.parametrize(
    "move",
    [
        {},
        {"card": "ZZ", "cell": [0, 0]},
        {"card": "QH"},
        {"card": None, "cell": [9, 9]},
        "QH",
        [1, 2],
        None,
        {"card": "QH", "cell": [0, 0], "extra": 1},
    ],
)
def test_an_illegal_move_is_refused_with_the_engines_words(move):
    table = sarg_table()
    player, _ = acting_user(table)
    before = snapshot(table)
    with pytest.raises(MoveRefused) as refused:
        tables.play(table, player, move, 0)
    assert refused.value.reason == "illegal"
    assert str(refused.value)
    assert snapshot(table) == before


def test_a_cell_that_does_not_touch_a_card():
    table = sarg_table()
    player, position = acting_user(table)
    card = table.state().hands[position][0]
    with pytest.raises(MoveRefused, match="touch a card"):
        tables.play(table, player, {"card": card, "cell": [0, 0]}, 0)


def test_no_moves_before_the_start():
    host = user()
    table = tables.open_table("sarg", host, seats=2)
    with pytest.raises(MoveRefused, match="waiting for players"):
        tables.play(table, host, {"card": "QH", "cell": [0, 1]}, 0)


# --- seats during the game ----------------------------------------------------------------------


def test_hand_to_bot_and_take_back():
    table = sarg_table()
    guest = user_at(table, 1)
    with pytest.raises(TableError, match="Only the host"):
        tables.hand_to_bot(table, 0, guest)
    tables.hand_to_bot(table, 1, table.host, "random")
    seat = table.seats.get(position=1)
    assert seat.handed_to_bot and seat.user == guest
    assert Table.objects.get(pk=table.pk).bot_to_act == (1 in table.to_act)
    if 1 in table.to_act:
        with pytest.raises(MoveRefused, match="bot plays your seat"):
            tables.play(table, guest, first_legal(table, 1), 0)
    with pytest.raises(TableError, match="Only the seat's player"):
        tables.take_back(table, 1, user())
    tables.take_back(table, 1, guest)
    fresh = Table.objects.get(pk=table.pk)
    assert not fresh.seats.get(position=1).bot_level and not fresh.bot_to_act


def test_hand_to_bot_refusals():
    host = user()
    table = tables.open_table("sarg", host, seats=2)
    with pytest.raises(TableError, match="running"):
        tables.hand_to_bot(table, 1, host)
    table = sarg_table()
    with pytest.raises(TableError, match="no bot level"):
        tables.hand_to_bot(table, 1, table.host, "genius")
    with pytest.raises(TableError, match="seats 1 to 2"):
        tables.hand_to_bot(table, 2, table.host)


def test_rematch_only_after_the_end():
    table = sarg_table()
    with pytest.raises(TableError, match="once the game is over"):
        tables.rematch(table, table.host)


# --- hostile moves, every engine ----------------------------------------------------------------

GAMES_SEATS = {"sarg": 2, "sarkophag": 3, "sarcophagus": 2, "sacrifice": 2}
hostile_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=10,
)
hostile_moves = st.one_of(
    hostile_values,
    st.fixed_dictionaries(
        {},
        optional={
            "card": hostile_values,
            "cell": hostile_values,
            "tile": hostile_values,
            "coin": hostile_values,
            "cards": hostile_values,
            "kind": st.sampled_from(["buy", "play", "pass", "sacrifice", "bid", "discard"]),
        },
    ),
)


class TestHostileMovesInEveryGame(HypothesisTestCase):
    """Whatever a client sends as a move, the service answers MoveRefused or applies a legal
    move: never another exception, and a refusal changes nothing."""

    @classmethod
    def setUpTestData(cls):
        cls.tables = {}
        for game, seats in GAMES_SEATS.items():
            host = user()
            table = tables.open_table(game, host, seats=seats)
            for _ in range(1, seats):
                tables.take_seat(table, user())
            cls.tables[game] = tables.start(table, host)

    @settings(max_examples=40)
    @given(game=st.sampled_from(sorted(GAMES_SEATS)), move=hostile_moves)
    def test_hostile_move(self, game, move):
        table = Table.objects.get(pk=self.tables[game].pk)
        player, _ = acting_user(table)
        before = snapshot(table)
        try:
            tables.play(table, player, move, table.version)
        except MoveRefused:
            assert snapshot(table) == before
        else:
            assert Table.objects.get(pk=table.pk).version == before[0] + 1


# --- simultaneous decisions ---------------------------------------------------------------------


def sacrifice_table():
    host = user()
    table = tables.open_table("sacrifice", host, seats=2)
    tables.take_seat(table, user())
    return tables.start(table, host)


def test_a_simultaneous_choice_counts_though_the_other_player_moved_meanwhile():
    table = sacrifice_table()
    assert table.to_act == [0, 1]  # the first purchases are chosen together
    first, second = user_at(table, 0), user_at(table, 1)
    move_a = first_legal(table, 0)
    move_b = first_legal(table, 1)
    table = tables.play(table, first, move_a, 0)
    assert 1 in table.to_act
    table = tables.play(table, second, move_b, 0)  # the page showed version 0: still fine
    assert table.version == 2
    assert [m.seat for m in table.moves.order_by("number")] == [0, 1]


def test_a_second_click_in_a_simultaneous_choice_is_still_stale():
    table = sacrifice_table()
    first = user_at(table, 0)
    move = first_legal(table, 0)
    table = tables.play(table, first, move, 0)
    before = snapshot(table)
    with pytest.raises(MoveRefused) as refused:
        tables.play(table, first, move, 0)
    assert refused.value.reason == "stale"
    assert snapshot(table) == before
