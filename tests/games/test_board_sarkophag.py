"""Sarkophag's board: the view model for several states, what each viewer's HTML may show,
one control per legal move, dimmed cards with their reason, refusals, fewest heads first."""

from __future__ import annotations

import html as html_lib
import json
import random
import re
from collections import Counter

import pytest
from django.template.loader import render_to_string
from django.test import Client
from django.urls import reverse

from games import rendering, tables
from games.boards import board_context
from games.engines.sarkophag import ENGINE, HEADS
from games.models import Table
from tests.games.helpers import user, user_at

CARD = re.compile(r'data-card="([^"]*)"')
MOVE = re.compile(r'name="move" value="([^"]*)"')
NAMES = ["Anna", "Ben", "Clara", "Dora", "Emil", "Fay"]


def board_for(state, seat):
    view = ENGINE.view(state, seat)
    moves = ENGINE.legal_moves(state, seat) if seat is not None else []
    return board_context("sarkophag", view, moves, NAMES[: state.players])


def board_html(state, seat) -> str:
    context = {"board": board_for(state, seat), "urls": {"move": "/m/"}, "version": 7}
    return render_to_string("games/sarkophag/_board.html", context)


def states(players: int, seed: int, limit: int = 15):
    """Every state of one random game, from the deal to the end."""
    rng = random.Random(seed)
    state = ENGINE.new_game(players, seed=seed, limit=limit)
    yield state
    while not ENGINE.is_over(state):
        seat = ENGINE.to_act(state)[0]
        state = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_moves(state, seat)))
        yield state


def first_state(predicate, players=4, seeds=range(40), limit=15):
    for seed in seeds:
        for state in states(players, seed, limit):
            if predicate(state):
                return state
    raise AssertionError("no such state in the games tried")


def to_act(state) -> int:
    return ENGINE.to_act(state)[0]


def allowed_faces(view) -> set[str]:
    """The card numbers a viewer may see: their hand, the trick, the last trick."""
    cards = set(view["hand"]) | {item["card"] for item in view["trick"]}
    if view["last_trick"]:
        cards |= {item["card"] for item in view["last_trick"]["cards"]}
    return {str(card) for card in cards}


def posted_moves(html: str) -> list[dict]:
    return [json.loads(html_lib.unescape(value)) for value in MOVE.findall(html)]


# --- the view model ------------------------------------------------------------------------------


def test_at_the_deal_the_leader_sees_a_sorted_hand_and_an_empty_trick():
    state = ENGINE.new_game(4, seed=3)
    leader = to_act(state)
    board = board_for(state, leader)
    numbers = [item["face"]["card"] for item in board["hand"]]
    assert numbers == sorted(numbers) and len(numbers) == 10
    assert all(item["face"]["heads"] == HEADS[item["face"]["card"]] for item in board["hand"])
    assert [slot["seat"] for slot in board["trick"]] == [(leader + i) % 4 for i in range(4)]
    assert board["trick"][0]["to_act"] and board["trick"][0]["face"] is None
    assert "You lead trick 1" in board["direction"]["text"]
    dealer = state.dealer
    assert board["seat_roles"][dealer] == "deals"
    assert "leads" in board["seat_roles"][leader]


def test_a_five_head_card_is_dimmed_at_the_lead_with_the_reason():
    state = first_state(
        lambda s: (
            not s.trick
            and not s.over
            and any(HEADS[c] == 5 for c in s.hands[to_act(s)])
            and any(HEADS[c] != 5 for c in s.hands[to_act(s)])
        )
    )
    board = board_for(state, to_act(state))
    dimmed = {item["face"]["card"] for item in board["hand"] if item["dimmed"]}
    assert dimmed == {c for c in state.hands[to_act(state)] if HEADS[c] == 5}
    assert "5 heads may not be led while you hold others" in board["hand_note"]


def test_after_two_cards_the_direction_is_in_words_and_a_symbol():
    state = first_state(lambda s: len(s.trick) == 2)
    board = board_for(state, None)
    lead, second = state.trick
    word = "Lower" if second < lead else "Higher"
    assert board["direction"]["text"] == f"{word} than {lead}"
    assert board["direction"]["symbol"] == ("▼" if second < lead else "▲")
    assert [slot["note"] for slot in board["trick"][:2]] == [
        "led",
        "▼ lower" if second < lead else "▲ higher",
    ]


def test_after_one_card_the_next_card_sets_the_direction():
    state = first_state(lambda s: len(s.trick) == 1)
    board = board_for(state, None)
    assert "the next card sets the direction" in board["direction"]["text"]


def test_cards_that_would_not_follow_are_dimmed_with_the_direction():
    def must_follow(s):
        if len(s.trick) < 2:
            return False
        hand = s.hands[to_act(s)]
        return 0 < len(ENGINE.legal_moves(s, to_act(s))) < len(hand)

    state = first_state(must_follow)
    seat = to_act(state)
    board = board_for(state, seat)
    lead = state.trick[0]
    side = "lower" if state.trick[1] < lead else "higher"
    assert board["hand_note"].startswith(f"You hold cards {side} than {lead}, so you must play")
    legal = {move["card"] for move in ENGINE.legal_moves(state, seat)}
    assert {item["face"]["card"] for item in board["hand"] if item["json"]} == legal
    assert {item["face"]["card"] for item in board["hand"] if item["dimmed"]} == (
        set(state.hands[seat]) - legal
    )


def test_while_others_play_nothing_is_dimmed_or_tappable():
    state = ENGINE.new_game(3, seed=1)
    other = (to_act(state) + 1) % 3
    board = board_for(state, other)
    assert not board["can_move"] and not board["hand_note"]
    assert not any(item["dimmed"] or item["json"] for item in board["hand"])


def test_the_last_trick_names_who_played_what_and_who_took_it():
    state = first_state(lambda s: s.last_trick is not None and len(s.trick) == 1)
    board = board_for(state, None)
    leader, cards, taker = state.last_trick
    assert [item["face"]["card"] for item in board["last_trick"]["cards"]] == list(cards)
    assert board["last_trick"]["cards"][0]["name"] == NAMES[leader]
    assert board["last_trick"]["text"].startswith(f"{NAMES[taker]} took it: ")


def test_a_finished_round_is_summed_up_until_the_next_card():
    state = first_state(
        lambda s: s.rounds and not s.played and not s.trick and not s.over, limit=40
    )
    board = board_for(state, 0)
    end = board["round_end"]
    assert end["number"] == len(state.rounds)
    assert [row["heads"] for row in end["rows"]] == list(state.rounds[-1])
    assert [row["total"] for row in end["rows"]] == list(state.totals)
    assert "more than 40 heads" in end["text"]
    assert board["rounds"]["rows"][0]["heads"] == [r[0] for r in state.rounds]


def test_the_round_summary_stays_through_the_first_trick_of_the_next_round():
    state = first_state(lambda s: s.rounds and len(s.trick) == 2 and not s.played, limit=40)
    assert board_for(state, None)["round_end"]["number"] == len(state.rounds)
    later = first_state(lambda s: s.rounds and s.played and not s.over, limit=40)
    assert board_for(later, None)["round_end"] is None


def test_the_game_end_ranks_fewest_heads_first():
    state = first_state(lambda s: s.over, players=5)
    board = board_for(state, 2)
    totals = list(state.totals)
    standings = board["result"]["standings"]
    assert [row["total"] for row in standings] == sorted(totals)
    assert {row["name"] for row in standings if row["winner"]} == {
        NAMES[seat] for seat in ENGINE.winners(state)
    }
    best = min(totals)
    assert board["places"] == {
        seat: 1 + sum(t < total for t in totals) for seat, total in enumerate(totals)
    }
    assert all(board["places"][seat] == 1 for seat in ENGINE.winners(state))
    assert f"{best} head" in board["result"]["text"]
    assert board["trick"] == [] and board["hand"] == []


def test_a_shared_win_says_so():
    board = board_for(
        first_state(lambda s: s.over and len(ENGINE.winners(s)) > 1, players=3, seeds=range(200)),
        None,
    )
    assert "share the win" in board["result"]["text"]


def test_the_log_of_a_finished_game_ends_on_the_final_scores():
    state = first_state(lambda s: s.over, players=3)
    parts = ", ".join(
        f"{name} {total} head{'' if total == 1 else 's'}"
        for name, total in zip(NAMES, state.totals, strict=False)
    )
    assert board_for(state, None)["events"]()[0] == f"Final scores: {parts}."


def test_events_are_sentences_with_names():
    state = first_state(lambda s: s.last_trick is not None and len(s.trick) == 2)
    board = board_for(state, None)
    assert any(" takes the trick with " in text for text in board["events"]())
    assert board["announce"]().endswith(f"plays {state.trick[1]}.")
    assert all("{p" not in text for text in board["events"]())


# --- the HTML each viewer gets --------------------------------------------------------------------


@pytest.mark.parametrize(("players", "seed"), [(3, 11), (6, 12)])
def test_each_viewer_sees_only_its_own_cards_and_each_legal_move_once(players, seed):
    for number, state in enumerate(states(players, seed)):
        if number % 3 and not state.over:
            continue  # every third state keeps the test quick; the platform test scans all
        for seat in [None, *range(players)]:
            html = board_html(state, seat)
            view = ENGINE.view(state, seat)
            shown = set(CARD.findall(html))
            assert shown <= allowed_faces(view), (seat, shown - allowed_faces(view))
            others = {str(c) for s, hand in enumerate(state.hands) if s != seat for c in hand}
            assert not shown & others
            moves = ENGINE.legal_moves(state, seat) if seat is not None else []
            posted = posted_moves(html)
            assert Counter(json.dumps(m) for m in posted) == Counter(json.dumps(m) for m in moves)


def test_a_card_shows_its_number_and_heads_to_people_and_screen_readers():
    state = ENGINE.new_game(3, seed=4)
    seat = to_act(state)
    html = board_html(state, seat)
    card = state.hands[seat][0]
    heads = HEADS[card]
    assert f'data-card="{card}"' in html
    word = "head" if heads == 1 else "heads"
    assert f"{card}, {heads} {word}" in html


# --- through the platform: refusals, places, the seat list -------------------------------------


def sarkophag_table(seats=3, options=None) -> Table:
    host = user()
    table = tables.open_table("sarkophag", host, seats=seats, options=options)
    for _ in range(seats - 1):
        tables.take_seat(table, user())
    return Table.objects.get(pk=tables.start(table, host).pk)


def post(client, table, move, version):
    data = {"version": str(version), "move": move if isinstance(move, str) else json.dumps(move)}
    return client.post(reverse("play:move", args=[table.public_id]), data)


@pytest.mark.django_db
def test_a_dimmed_card_posted_anyway_is_refused_in_words_and_changes_nothing():
    for _ in range(50):
        table = sarkophag_table()
        state = table.state()
        seat = table.to_act[0]
        legal = {m["card"] for m in ENGINE.legal_moves(state, seat)}
        illegal = [c for c in state.hands[seat] if c not in legal]
        if illegal:
            break
        table.delete()
    else:
        pytest.skip("no deal with a five-head lead problem in the seeds tried")
    client = Client()
    client.force_login(user_at(table, seat))
    answer = post(client, table, {"card": illegal[0]}, table.version)
    assert answer.status_code == 422
    assert "5 mummy heads" in answer.content.decode()
    assert Table.objects.get(pk=table.pk).version == table.version


@pytest.mark.django_db
def finished_sarkophag_table(seats: int = 4) -> Table:
    table = sarkophag_table(seats)
    rng = random.Random(1)
    while table.status == "playing":
        seat = table.to_act[0]
        move = rng.choice(ENGINE.legal_moves(table.state(), seat))
        table = tables.play(table, user_at(table, seat), move, table.version)
    return Table.objects.get(pk=table.pk)


@pytest.mark.django_db
def test_the_seat_list_marks_dealer_and_leader():
    table = sarkophag_table(4)
    state = table.state()
    context = rendering.table_context(table, None)
    roles = {row["position"]: row["role"] for row in context["seats"]}
    assert "deals" in roles[state.dealer]
    assert "leads this trick" in roles[state.leader]


@pytest.mark.django_db
def test_after_the_game_nobody_deals_or_leads():
    context = rendering.table_context(finished_sarkophag_table(), 0)
    assert [row["role"] for row in context["seats"]] == [""] * 4


@pytest.mark.django_db
def test_the_end_ranks_the_players_once_fewest_heads_first():
    table = finished_sarkophag_table()
    page = Client().get(f"/play/{table.public_id}/").content.decode()
    assert "Game over" in page and "The fewest heads win" in page
    assert page.count('class="result-list"') == 1  # the board's, not the table's again
    assert "seat-place" not in page  # nor a place beside each seat
    standings = rendering.table_context(table, 0)["board"]["result"]["standings"]
    assert [row["total"] for row in standings] == sorted(table.state().totals)


@pytest.mark.django_db
def test_a_finished_table_replays_step_by_step_on_the_board():
    table = sarkophag_table(3)
    rng = random.Random(2)
    while table.status == "playing":
        seat = table.to_act[0]
        move = rng.choice(ENGINE.legal_moves(table.state(), seat))
        table = tables.play(table, user_at(table, seat), move, table.version)
    url = reverse("play:replay", args=[table.public_id])
    for step in (0, 5, table.version):
        answer = Client().get(f"{url}?step={step}")
        assert answer.status_code == 200
        assert 'class="sk' in answer.content.decode()
    assert "Game over" in Client().get(url).content.decode()
