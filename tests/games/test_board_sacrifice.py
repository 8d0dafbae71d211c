"""Sacrifice's board: the view model for several states, what each viewer's HTML may show,
one control per legal move, secret choices kept secret until revealed, refusals."""

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
from games.boards.sacrifice import sort_cards
from games.engines.sacrifice import ENGINE
from games.models import Table
from scoring.faces import card_face
from tests.games.helpers import user, user_at

CARD = re.compile(r'data-card="([^"]*)"')
MOVE = re.compile(r'name="move" value="([^"]*)"')
NAMES = ["Anna", "Ben"]


def board_for(state, seat):
    view = ENGINE.view(state, seat)
    moves = ENGINE.legal_moves(state, seat) if seat is not None else []
    return board_context("sacrifice", view, moves, NAMES)


def board_html(state, seat) -> str:
    context = {"board": board_for(state, seat), "urls": {"move": "/m/"}, "version": 7}
    return render_to_string("games/sacrifice/_board.html", context)


def states(seed: int, greedy: bool = False):
    """Every state of one random game, from the first trophy to the end; ``greedy`` players
    always sacrifice as much as they may (and so can run out of cards)."""
    rng = random.Random(seed)
    state = ENGINE.new_game(2, seed=seed)
    yield state
    while not ENGINE.is_over(state):
        seat = rng.choice(ENGINE.to_act(state))
        moves = ENGINE.legal_moves(state, seat)
        if greedy and "sacrifice" in moves[0]:
            moves = [max(moves, key=lambda m: len(m["sacrifice"]))]
        state = ENGINE.apply(state, seat, rng.choice(moves))
        yield state


def first_state(predicate, seeds=range(30), greedy=False):
    for seed in seeds:
        for state in states(seed, greedy):
            if predicate(state):
                return state
    raise AssertionError("no such state in the games tried")


def allowed_cards(view) -> set[str]:
    """Every card value this viewer's view holds, anywhere."""
    cards = set(view["market"]) | {view["trophy"]}
    for key in ("hand", "played", "discard", "altar"):
        cards |= set(view.get(key, []))
    for seat in (0, 1):
        cards |= set(view["won"][seat]) | set(view["trick_track"][seat])
        cards |= {p["card"] for p in view["purchases"][seat]}
        cards |= {c for p in view["purchases"][seat] for c in p["spend"]}
        if view["altars"]:
            cards |= set(view["altars"][seat])
    cards |= {c for c in view["table"] if c}
    cards |= {c for trick in view["tricks"] for c in trick["cards"]}
    return cards


def posted_moves(html: str) -> list[dict]:
    return [json.loads(html_lib.unescape(value)) for value in MOVE.findall(html)]


def canonical(move: dict) -> str:
    return json.dumps(move, sort_keys=True)


# --- the view model ------------------------------------------------------------------------------


def test_the_trophy_states_its_rules_in_words():
    state = first_state(lambda s: s.trophy.startswith("Q"))
    board = board_for(state, 0)
    assert board["trophy"]["tricks"] == "5 tricks"
    assert board["trophy"]["trump"] in ("red is trump", "black is trump")
    assert "highest" in board["trophy"]["wins"]
    joker = board_for(first_state(lambda s: s.trophy == "JK"), 0)["trophy"]
    assert joker["tricks"] == "1 trick" and joker["trump"] == "no trumps"
    assert "lowest" in joker["wins"]


def test_the_market_shows_the_piles_6_to_10_with_every_card():
    state = ENGINE.new_game(2, seed=3)
    market = board_for(state, None)["market"]()  # worked out when drawn
    assert [pile["value"] for pile in market] == [6, 7, 8, 9, 10]
    assert all(len(pile["cards"]) == 4 for pile in market)
    html = board_html(state, None)
    assert set(CARD.findall(html)) >= set(state.market)


def test_buying_groups_each_purchase_under_the_two_cards_spent():
    state = ENGINE.new_game(2, seed=1)
    board = board_for(state, 0)
    moves = ENGINE.legal_moves(state, 0)
    options = [json.loads(o["json"]) for g in board["buy"]["groups"] for o in g["options"]]
    assert sorted(map(canonical, [*options, {"done": True}])) == sorted(map(canonical, moves))
    for group in board["buy"]["groups"]:
        for option in group["options"]:
            move = json.loads(option["json"])
            assert sorted(f["card"] for f in group["spend"]) == sorted(move["spend"])
    assert board["buy"]["done"] == '{"done":true}'


def test_first_hand_purchases_stay_secret_and_the_buyer_waits_for_the_opponent():
    state = ENGINE.new_game(2, seed=1)
    buy = next(m for m in ENGINE.legal_moves(state, 0) if "buy" in m)
    state = ENGINE.apply(state, 0, buy)
    state = ENGINE.apply(state, 0, {"done": True})
    mine, theirs, watcher = board_html(state, 0), board_html(state, 1), board_html(state, None)
    assert "waiting for your opponent" in mine
    assert "You bought:" in mine and buy["buy"] in CARD.findall(mine)
    for html in (theirs, watcher):
        assert "Bought this hand" not in html and "You bought" not in html
        assert "done buying" in html
    assert not any(m.get("buy") for m in posted_moves(mine))


def test_later_hands_the_loser_buys_first_and_the_winner_sees_the_purchases():
    state = first_state(
        lambda s: s.phase == "buy" and not s.simultaneous and s.purchases[s.buy_order[0]]
    )
    first = state.buy_order[0]
    board = board_for(state, first)
    assert board["seat_roles"] == {first: "buys first"}
    other = board_for(state, 1 - first)
    assert other["players"][first]["purchases"]


def test_the_first_trick_is_secret_until_both_have_chosen():
    state = first_state(lambda s: s.phase == "trick" and s.leader < 0 and s.table == [None, None])
    card = state.hand[0][0]
    state = ENGINE.apply(state, 0, {"play": card})
    mine, theirs = board_for(state, 0), board_html(state, 1)
    assert mine["chosen"]["card"] == card
    assert "waiting for your opponent" in board_html(state, 0)
    assert "has chosen" in theirs
    assert mine["trick"][1]["face"] is None and not mine["trick"][0]["face"]
    if card not in allowed_cards(ENGINE.view(state, 1)):
        assert card not in CARD.findall(theirs)


def test_a_led_trick_shows_the_lead_and_who_follows():
    state = first_state(lambda s: s.phase == "trick" and s.leader >= 0 and s.table[s.leader])
    follower = 1 - state.leader
    board = board_for(state, follower)
    assert board["trick"][0]["face"]["card"] == state.table[state.leader]
    assert board["trick"][0]["note"] == "leads"
    assert "Follow" in board["prompt"]
    assert len(posted_moves(board_html(state, follower))) == len(set(state.hand[follower]))


def test_the_sacrifice_names_its_limit_and_lists_each_choice_once():
    state = first_state(lambda s: s.phase == "sacrifice" and s.limit >= 2)
    winner = state.hand_winner
    board = board_for(state, winner)
    assert f"1 to {state.limit} cards" in board["sacrifice"]["limit"]
    assert [g["count"] for g in board["sacrifice"]["groups"]] == list(range(1, state.limit + 1))
    loser = board_for(state, 1 - winner)
    assert loser["sacrifice"] is None and "choosing cards to sacrifice" in loser["prompt"]


def test_the_sacrifice_warns_before_a_choice_that_would_lose_by_cards():
    state = first_state(
        lambda s: s.phase == "sacrifice" and s.trophies and s.pool(s.hand_winner) - 7 < s.limit,
        greedy=True,
    )
    safety = board_for(state, state.hand_winner)["sacrifice"]["safety"]
    assert "fewer than 7 and loses" in safety


def test_a_limit_of_one_says_exactly_one():
    state = first_state(lambda s: s.phase == "sacrifice" and s.limit == 1)
    assert "exactly 1 card" in board_for(state, state.hand_winner)["sacrifice"]["limit"]


# --- the sacrifice: pick, then confirm ---------------------------------------------------------

PICKER = re.compile(r"<form[^>]*data-sacrifice-picker[^>]*>")
PICKS = re.compile(r'<input type="checkbox"[^>]*class="sf-pick-input"[^>]*>')


def attribute(tag: str, name: str) -> str | None:
    found = re.search(rf' {name}="([^"]*)"', tag)
    return html_lib.unescape(found.group(1)) if found else None


def test_the_picker_offers_every_card_of_the_hand_played_or_not_with_its_points():
    state = first_state(
        lambda s: s.phase == "sacrifice" and s.limit >= 2 and s.played[s.hand_winner]
    )
    winner = state.hand_winner
    picker = board_for(state, winner)["sacrifice"]["picker"]
    cards = [c["face"]["card"] for c in picker["cards"]]
    assert Counter(cards) == Counter(state.played[winner] + state.hand[winner])
    assert cards == sort_cards(cards)  # as the hand is shown: low to high
    assert len({c["id"] for c in picker["cards"]}) == len(cards)  # two jokers: two toggles
    assert len({c["key"] for c in picker["cards"]}) == len(cards)
    for card in picker["cards"]:  # what it scores on the altar (S9): ace 15, faces 0
        rank = "JK" if card["face"]["card"] == "JK" else card["face"]["card"][:-1]
        faces_ = {"A": 15, "J": 0, "Q": 0, "K": 0, "JK": 0}
        assert card["points"] == (faces_[rank] if rank in faces_ else int(rank))
    assert picker["limit"] == state.limit


def test_the_picker_embeds_exactly_the_viewers_legal_sacrifices_in_the_engines_order():
    state = first_state(lambda s: s.phase == "sacrifice" and s.limit >= 3)
    winner = state.hand_winner
    picker = board_for(state, winner)["sacrifice"]["picker"]
    legal = ENGINE.legal_moves(state, winner)
    assert json.loads(picker["moves"]) == legal  # the very dicts, cards in the engine's order
    pickable = Counter(c["face"]["card"] for c in picker["cards"])
    for move in legal:  # every legal move can be picked from the toggles
        assert not Counter(move["sacrifice"]) - pickable


def test_the_pickers_words_count_cards_and_leave_the_script_its_placeholders():
    state = first_state(lambda s: s.phase == "sacrifice" and s.limit >= 2)
    picker = board_for(state, state.hand_winner)["sacrifice"]["picker"]
    texts = json.loads(picker["texts"])
    assert texts["none"] == picker["none"] == "No cards picked yet."
    assert len(texts["picked"]) == len(picker["cards"])
    assert texts["picked"][0] == "1 card picked: {cards} (+{points} to your score)"
    assert texts["picked"][1] == "2 cards picked: {cards} (+{points} to your score)"
    assert texts["too_many"] == f"Too many: you may sacrifice at most {state.limit} cards."
    assert "fewer than 7 cards" in texts["loses"]


def test_the_picker_knows_how_many_cards_may_go_before_the_fewer_than_7_loss():
    state = first_state(
        lambda s: s.phase == "sacrifice" and s.trophies and s.pool(s.hand_winner) - 7 < s.limit,
        greedy=True,
    )
    picker = board_for(state, state.hand_winner)["sacrifice"]["picker"]
    assert picker["spare"] == max(state.pool(state.hand_winner) - 7, 0)
    safe = first_state(
        lambda s: s.phase == "sacrifice" and s.trophies and s.pool(s.hand_winner) - 7 >= s.limit
    )
    assert board_for(safe, safe.hand_winner)["sacrifice"]["picker"]["spare"] is None
    last = first_state(lambda s: s.phase == "sacrifice" and not s.trophies, seeds=range(3))
    assert board_for(last, last.hand_winner)["sacrifice"]["picker"]["spare"] is None


def test_the_picker_form_embeds_only_the_viewers_own_legal_sacrifices():
    """The fragment's picker: one form posting through the move view, its data-moves the
    winner's own legal moves, one named toggle per card; nobody else's page has a picker."""
    state = first_state(lambda s: s.phase == "sacrifice" and s.limit >= 2)
    winner = state.hand_winner
    html = board_html(state, winner)
    forms = PICKER.findall(html)
    assert len(forms) == 1
    form = forms[0]
    assert attribute(form, "hx-post") == "/m/" and attribute(form, "hx-sync") == "#table-board:drop"
    assert attribute(form, "hx-disabled-elt") == "find button"
    assert json.loads(attribute(form, "data-moves")) == ENGINE.legal_moves(state, winner)
    assert attribute(form, "data-limit") == str(state.limit)
    start = html.index(form)
    inside = html[start : html.index("</form>", start)]
    assert '<input type="hidden" name="version" value="7">' in inside
    assert '<input type="hidden" name="move">' in inside  # filled in by the script
    assert re.search(r'<button type="submit" class="button sf-confirm" disabled', inside)
    boxes = PICKS.findall(inside)
    assert [attribute(b, "value") for b in boxes] == sort_cards(
        list(state.played[winner] + state.hand[winner])
    )
    assert all(attribute(b, "name") is None for b in boxes)  # only the move is posted
    for box in boxes:  # each toggle is named by its label: the card's spoken name
        label = re.search(rf'<label[^>]*for="{attribute(box, "id")}"', inside)
        assert label
    assert "Sacrifice these" in inside and "Pick the cards to sacrifice" in inside
    # Without the script: every choice as its own button, under "All choices".
    assert "All choices" in html
    assert Counter(canonical(m) for m in posted_moves(html)) == Counter(
        canonical(m) for m in ENGINE.legal_moves(state, winner)
    )
    # The loser and a spectator: no picker, no sacrifice data at all.
    for seat in (1 - winner, None):
        other = board_html(state, seat)
        assert "data-sacrifice-picker" not in other and "data-moves" not in other
        assert '"sacrifice"' not in html_lib.unescape(other)


@pytest.mark.parametrize("seed", range(6))
def test_every_sacrifice_phase_embeds_the_winners_moves_and_nothing_of_the_other_seat(seed):
    for state in states(seed):
        if state.phase != "sacrifice":
            continue
        for seat in (0, 1, None):
            html = board_html(state, seat)
            view = ENGINE.view(state, seat)
            assert set(CARD.findall(html)) <= allowed_cards(view)
            forms = PICKER.findall(html)
            if seat == state.hand_winner:
                assert len(forms) == 1
                embedded = json.loads(attribute(forms[0], "data-moves"))
                assert embedded == ENGINE.legal_moves(state, seat)
                assert {c for m in embedded for c in m["sacrifice"]} <= set(
                    view["hand"] + view["played"]
                )
            else:
                assert forms == []


def test_altar_counts_are_public_and_values_only_the_owners():
    state = first_state(lambda s: s.hand_no >= 4 and s.altar[0] and s.altar[1] and s.phase == "buy")
    own = board_for(state, 0)
    assert [f["card"] for f in own["altar"]] == list(state.altar[0])
    assert own["players"][1]["piles"]["altar"] == len(state.altar[1])
    assert own["players"][1]["altar"] is None
    for seat in (1, None):
        cards = CARD.findall(board_html(state, seat))
        hidden = set(state.altar[0]) - allowed_cards(ENGINE.view(state, seat))
        assert not hidden & set(cards)


def test_the_game_end_breaks_the_score_down():
    state = first_state(lambda s: s.phase == "over" and s.loser_by_cards < 0)
    board = board_for(state, None)
    for seat, row in enumerate(board["result"]["rows"]):
        assert row["trophy_points"] == 10 * len(state.won[seat])
        assert row["trophy_points"] + row["sacrifice_points"] == row["total"]
        assert row["total"] == ENGINE.scores(state)[seat]
        assert len(row["sacrificed"]) == len(state.altar[seat])
    assert "Game over" in board_html(state, None)


def test_a_loss_by_running_out_of_cards_is_said_and_ranks_last():
    state = first_state(lambda s: s.phase == "over" and s.loser_by_cards >= 0, greedy=True)
    loser = state.loser_by_cards
    board = board_for(state, None)
    assert "fewer than 7 cards" in board["result"]["text"]
    assert board["places"] == {loser: 2, 1 - loser: 1}


def test_events_are_sentences_with_names():
    state = first_state(lambda s: s.hand_no == 2 and s.phase == "trick")
    texts = board_for(state, 0)["events"]()  # worked out when drawn
    assert any("Anna" in t or "Ben" in t for t in texts)
    assert not any("{p" in t for t in texts)


@pytest.mark.parametrize("seed", [4, 5])
def test_each_viewer_sees_only_its_own_cards_and_each_legal_move_once(seed):
    for state in states(seed):
        for seat in (0, 1, None):
            view = ENGINE.view(state, seat)
            html = board_html(state, seat)
            assert set(CARD.findall(html)) <= allowed_cards(view)
            posted = Counter(canonical(m) for m in posted_moves(html))
            legal = ENGINE.legal_moves(state, seat) if seat is not None else []
            assert posted == Counter(canonical(m) for m in legal)


# --- through the platform: refusals, places --------------------------------------------------


def sacrifice_table() -> Table:
    host = user()
    table = tables.open_table("sacrifice", host, seats=2)
    tables.take_seat(table, user())
    return Table.objects.get(pk=tables.start(table, host).pk)


def post(client, table, move, version):
    data = {"version": str(version), "move": move if isinstance(move, str) else json.dumps(move)}
    return client.post(reverse("play:move", args=[table.public_id]), data)


@pytest.mark.django_db
def test_a_purchase_that_does_not_add_up_is_refused_in_words_and_changes_nothing():
    table = sacrifice_table()
    hand = table.state().hand[0]
    client = Client()
    client.force_login(user_at(table, 0))
    answer = post(client, table, {"buy": "10H", "spend": [hand[0], hand[0]]}, table.version)
    assert answer.status_code == 422 and answer.content.strip()
    assert Table.objects.get(pk=table.pk).version == table.version


@pytest.mark.django_db
def test_a_second_done_after_committing_is_refused_and_the_page_says_waiting():
    table = sacrifice_table()
    client = Client()
    client.force_login(user_at(table, 0))
    assert post(client, table, {"done": True}, table.version).status_code == 200
    again = post(client, table, {"done": True}, table.version + 1)
    assert again.status_code in (403, 409, 422)
    table = Table.objects.get(pk=table.pk)
    assert table.version == 1
    html = rendering.table_fragments(table, 0, user=user_at(table, 0))
    assert "waiting for your opponent" in html


@pytest.mark.django_db
def test_a_finished_table_replays_on_the_board():
    table = sacrifice_table()
    rng = random.Random(2)
    while table.status == "playing":
        seat = rng.choice(table.to_act)
        move = rng.choice(ENGINE.legal_moves(table.state(), seat))
        table = tables.play(table, user_at(table, seat), move, table.version)
    url = reverse("play:replay", args=[table.public_id])
    for step in (0, 5, table.version):
        answer = Client().get(f"{url}?step={step}")
        assert answer.status_code == 200
        assert 'class="sf' in answer.content.decode()
    page = Client().get(f"/play/{table.public_id}/").content.decode()
    assert "Game over" in page


# --- the log and the last trick read by ear -------------------------------------------------------

TAGS = re.compile(r"<[^>]+>")
SYMBOLS = re.compile("[♠♥♦♣★]")


def words(html: str) -> str:
    """What a screen reader reads of some markup, less what is hidden from it."""
    html = re.sub(r'<span class="[^"]*" aria-hidden="true">.*?</span>', "", html, flags=re.S)
    return " ".join(TAGS.sub(" ", html).split()).replace(" ,", ",")


def test_the_last_trick_says_who_played_which_card():
    state = first_state(lambda s: s.phase == "trick" and len(ENGINE.view(s, None)["tricks"]) == 1)
    trick = ENGINE.view(state, None)["tricks"][-1]
    html = board_html(state, None)
    last = re.search(r'<p class="sf-last-trick">(.*?)</p>', html, re.S).group(1)
    a, b = (card_face(card)["name"] for card in trick["cards"])
    assert words(last).startswith(f"Last trick: Anna: {a}, Ben: {b}"), words(last)


def test_the_last_trick_says_who_took_it():
    def taken(s):
        tricks = ENGINE.view(s, None)["tricks"]
        return s.phase == "trick" and len(tricks) == 1 and tricks[0]["winner"] is not None

    state = first_state(taken)
    winner = ENGINE.view(state, None)["tricks"][-1]["winner"]
    html = board_html(state, None)
    last = re.search(r'<p class="sf-last-trick">(.*?)</p>', html, re.S).group(1)
    assert words(last).endswith(f"taken by {['Anna', 'Ben'][winner]}"), words(last)


def test_the_log_names_every_card_in_words():
    texts = {text for state in states(4) for text in board_for(state, None)["events"]()}
    assert any(" leads " in text for text in texts)
    assert not [text for text in texts if SYMBOLS.search(text)]


def test_a_lead_is_told_with_the_card_in_words():
    state = first_state(lambda s: ENGINE.view(s, None)["events"][-1]["kind"] == "lead")
    event = ENGINE.view(state, None)["events"][-1]
    name = card_face(event["card"])["name"]
    assert board_for(state, None)["events"]()[0] == f"{NAMES[event['seats'][0]]} leads {name}."


def test_the_log_of_a_finished_game_ends_on_the_final_scores():
    state = first_state(lambda s: s.phase == "over")
    scores = ENGINE.scores(state)
    events = board_for(state, None)["events"]()
    assert events[0] == f"Final scores: Anna {scores[0]}, Ben {scores[1]}."


@pytest.mark.parametrize("greedy", [False, True])
def test_the_logs_line_count_is_known_without_wording_the_log(greedy):
    from games.boards.common import lines_total
    from games.boards.sacrifice.events import log_texts

    for state in states(5, greedy):
        view = ENGINE.view(state, None)
        board = board_for(state, None)
        assert board["events_total"] == lines_total(view, len(log_texts(view, NAMES)))
