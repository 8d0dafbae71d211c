"""What every viewer of a table sees alike is drawn once a version (``games.shared_parts``):
from the spectator's view, for every seat and spectator, shared between processes through
the cache, and the same markup each viewer would have drawn itself."""

import json
import random
import re
import uuid
from pathlib import Path

import pytest
from django.core.cache import cache
from django.test import TestCase
from django.utils import translation

from games import move_news, recent_tables, rendering, shared_parts, tables
from games.labels import seat_names
from games.models import Table

from .helpers import sarg_table, user, user_at

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh():
    shared_parts._recent.clear()
    shared_parts._unchanged.clear()
    rendering._recent.clear()
    cache.clear()
    yield
    shared_parts._recent.clear()
    shared_parts._unchanged.clear()
    rendering._recent.clear()


def played(table: Table, moves: int, seed: int = 1, *, announced: bool = False) -> Table:
    """``moves`` random moves; ``announced``: their group messages are sent (the commit's
    callbacks run), else the test's transaction holds them back."""
    rng = random.Random(seed)
    for _ in range(moves):
        table = Table.objects.with_seats().get(pk=table.pk)
        position = table.to_act[0]
        move = rng.choice(table.engine.legal_moves(table.state(), position))
        with TestCase.captureOnCommitCallbacks(execute=announced):
            tables.play(table, user_at(table, position), move, table.version)
    return Table.objects.with_seats().get(pk=table.pk)


def played_until(table: Table, moves: int, awaiting: str) -> Table:
    """``moves`` random moves, then more until the game awaits ``awaiting`` (the deal is
    random, so a count of moves alone does not say whose turn and what for)."""
    table = played(table, moves)
    for seed in range(2, 40):
        if table.engine.view(table.state(), None)["awaiting"] == awaiting:
            return table
        table = played(table, 1, seed)
    raise AssertionError(f"no {awaiting} within 38 moves after {moves}")


def all_viewers(table: Table) -> list[str]:
    """Every seat's fragments, then a signed-in spectator's and an anonymous visitor's."""
    pages = [rendering.table_fragments(table, s, user=user_at(table, s)) for s in (0, 1)]
    return [*pages, rendering.table_fragments(table, None, user=user())]


def counting(monkeypatch) -> list[int]:
    """Counts the spectator boards built for drawing parts."""
    calls = []
    real = shared_parts.board_context

    def board_context(*args):
        calls.append(1)
        return real(*args)

    monkeypatch.setattr(shared_parts, "board_context", board_context)
    return calls


def test_every_viewer_of_a_version_shares_one_drawing_per_language(monkeypatch):
    table = played(sarg_table(), 3)
    calls = counting(monkeypatch)
    all_viewers(table)
    assert len(calls) == 1
    with translation.override("de"):
        pages = all_viewers(table)
    assert len(calls) == 2
    assert "Sarg" in pages[0] and "Runde" in pages[0]  # German parts for German viewers


def test_a_new_version_is_drawn_anew(monkeypatch):
    table = played(sarg_table(), 2)
    calls = counting(monkeypatch)
    all_viewers(table)
    all_viewers(played(table, 1, seed=2))
    assert len(calls) == 2


def test_another_process_takes_the_parts_from_the_shared_cache(monkeypatch):
    monkeypatch.setattr(shared_parts, "_shared_cache", lambda: True)
    table = played(sarg_table(), 2)
    calls = counting(monkeypatch)
    all_viewers(table)
    shared_parts._recent.clear()  # the other process holds nothing yet
    rendering._recent.clear()
    all_viewers(table)
    assert len(calls) == 1


def test_with_the_cache_away_the_parts_are_drawn_all_the_same(monkeypatch):
    monkeypatch.setattr(shared_parts, "_shared_cache", lambda: True)

    def down(*args, **kwargs):
        raise ConnectionError("redis is away")

    monkeypatch.setattr(cache, "get", down)
    monkeypatch.setattr(cache, "set", down)
    table = played(sarg_table(), 2)
    assert "coffin" in all_viewers(table)[0]


def test_the_parts_come_from_the_spectators_view_only():
    table = played(sarg_table(), 1)
    state = table.state()
    names = seat_names(list(table.seats.all()))
    hands = set(state.hands[0]) | set(state.hands[1])
    public = json.dumps(table.engine.view(state, None))
    parts = shared_parts.shared_parts(table, names, lambda: table.engine.view(state, None))
    shown = set(re.findall(r'data-card="([^"]*)"', "".join(parts.values())))
    # The deck holds some cards twice: one in a hand may also lie open in the coffin.
    assert parts and all(f'"{code}"' in public for code in shown & hands)


def test_names_in_the_parts_are_escaped_as_django_escapes_them():
    table = played(sarg_table(), 1)
    state = table.state()
    names = ["O'Brien", 'Ann "A" <b>']
    parts = shared_parts.shared_parts(table, names, lambda: table.engine.view(state, None))
    assert "<strong>O&#x27;Brien</strong>" in parts["roles"]
    assert "<strong>Ann &quot;A&quot; &lt;b&gt;</strong>" in parts["roles"]


def squeezed(html: str) -> str:
    return re.sub(r"\s+", " ", html)


@pytest.mark.parametrize("language", ["en", "de"])
def test_each_viewer_gets_the_markup_it_would_have_drawn_itself(monkeypatch, language):
    table = played(sarg_table(), 7)
    with translation.override(language):
        drawn_once = all_viewers(table)
        rendering._recent.clear()
        monkeypatch.setitem(shared_parts.PARTS, "sarg", {})  # every viewer draws it all
        drawn_each = all_viewers(table)
    assert [squeezed(h) for h in drawn_once] == [squeezed(h) for h in drawn_each]


@pytest.fixture
def messages(monkeypatch) -> list[dict]:
    """The table's group messages, as the moves' processes send them."""
    sent: list[dict] = []
    monkeypatch.setattr(move_news, "_send", lambda group, message: sent.append(message))
    return sent


def asked_cache(monkeypatch) -> list[str]:
    """Counts the shared cache's reads and writes of parts (as if it were Redis)."""
    monkeypatch.setattr(shared_parts, "_shared_cache", lambda: True)
    asked = []
    real_get, real_set = cache.get, cache.set

    def noted(real, what):
        def call(key, *args, **kwargs):
            if key.startswith(shared_parts.KEY_PREFIX):
                asked.append(what)
            return real(key, *args, **kwargs)

        return call

    monkeypatch.setattr(cache, "get", noted(real_get, "get"))
    monkeypatch.setattr(cache, "set", noted(real_set, "set"))
    return asked


def test_a_moves_group_message_carries_the_parts_at_its_version(messages):
    table = played(sarg_table(), 2, announced=True)
    carried = messages[-1]["parts"]
    assert carried["key"] == shared_parts.parts_key(table, seat_names(list(table.seats.all())))
    assert set(carried["html"]) == set(shared_parts.PARTS["sarg"])


def test_the_moving_process_draws_once_and_asks_no_cache(monkeypatch, messages):
    table = played(sarg_table(), 2)
    calls = counting(monkeypatch)
    asked = asked_cache(monkeypatch)
    table = played(table, 1, seed=3, announced=True)
    all_viewers(table)
    assert (len(calls), asked) == (1, [])


def test_another_process_forwards_the_messages_parts_without_drawing_or_asking(
    monkeypatch, messages
):
    table = played(sarg_table(), 3, announced=True)
    shared_parts._recent.clear()  # the other process holds nothing yet
    rendering._recent.clear()
    calls = counting(monkeypatch)
    asked = asked_cache(monkeypatch)
    shared_parts.take(messages[-1]["parts"])
    all_viewers(table)
    assert (len(calls), asked) == (0, [])


@pytest.mark.parametrize("carried", [None, "x", {"key": 1}, {"key": "k", "html": {"a": 2}}])
def test_parts_not_as_a_move_sends_them_are_ignored(carried):
    shared_parts.take(carried)
    assert not shared_parts._recent


def started(game: str, seats: int, options: dict | None = None) -> Table:
    """A table of ``game`` for ``seats`` people, started."""
    host = user()
    table = tables.open_table(game, host, seats=seats, options=options)
    for _ in range(seats - 1):
        tables.take_seat(table, user())
    return Table.objects.get(pk=tables.start(table, host).pk)


def drawn_once_and_each(monkeypatch, table: Table, language: str) -> tuple[list, list]:
    """Every seat's, a signed-in spectator's and an anonymous visitor's fragments, with the
    game's shared parts drawn once, then with every viewer drawing it all itself."""
    viewers = [(s, user_at(table, s)) for s in range(len(table.seat_list))]
    viewers += [(None, user()), (None, None)]
    with translation.override(language):
        once = [rendering.table_fragments(table, s, user=u) for s, u in viewers]
        rendering._recent.clear()
        monkeypatch.setitem(shared_parts.PARTS, table.game, {})
        each = [rendering.table_fragments(table, s, user=u) for s, u in viewers]
    return once, each


def public_parts(table: Table) -> tuple[str, dict]:
    """The shared parts as drawn for the table's version, and the spectator's view."""
    state = table.state()
    names = seat_names(list(table.seats.all()))
    public = table.engine.view(state, None)
    parts = shared_parts.shared_parts(table, names, lambda: table.engine.view(state, None))
    assert parts
    return "".join(parts.values()), public


def test_sarcophagus_shares_its_pyramid_latest_moves_discarded_tiles_log_and_players():
    assert set(shared_parts.PARTS["sarcophagus"]) == {
        *("pyramid", "latest", "discarded", "events", "players")
    }


@pytest.mark.parametrize("seats", [2, 4])  # two suits each with two seats, one with four
@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("awaiting", ["first_coin", "second_coin"])  # the player to move's
def test_each_sarcophagus_viewer_gets_the_markup_it_would_have_drawn_itself(
    monkeypatch, language, seats, awaiting
):
    table = played_until(started("sarcophagus", seats), 30, awaiting)
    once, each = drawn_once_and_each(monkeypatch, table, language)
    assert 'class="sc-latest"' in once[0] and 'id="event-log"' in once[0]
    assert once == each


def test_sarcophagus_parts_come_from_the_spectators_view_only():
    html, public = public_parts(played(started("sarcophagus", 4), 30))
    assert 'data-coin="' not in html  # no coin's value, anyone's
    shown = json.dumps(public)
    assert all(f'"{code}"' in shown for code in re.findall(r'data-tile="([^"]*)"', html))


def test_a_shared_pyramid_that_does_not_hold_the_viewers_coins_is_not_used():
    """Drawn whole instead: the shared drawing must hold each of the viewer's coins, hidden."""
    from games.boards.sarcophagus import own_coins_shown

    assert own_coins_shown("<ol></ol>", own=[("sun", 3)]) is None
    assert own_coins_shown("<ol></ol>", own=[]) == "<ol></ol>"


def test_a_shared_pyramid_without_its_grid_is_not_put_in_a_move_form():
    """Drawn whole instead: the form goes around the grid, which the drawing must hold."""
    from games.boards.sarcophagus import _seat_pyramid

    assert _seat_pyramid("<ol></ol>", "/move/", 3, own=[], in_form=True) is None
    assert _seat_pyramid("<ol></ol>", "/move/", 3, own=[], in_form=False) == "<ol></ol>"


def test_a_shared_players_list_without_a_row_per_seat_is_not_used():
    """Drawn whole instead: the viewer's row is found by counting the rows."""
    from games.boards.sarcophagus import players_marked

    assert players_marked("<ul></ul>", seat=0, order=[0, 1]) is None
    assert players_marked("<ul></ul>", seat=None, order=[0, 1]) == "<ul></ul>"


def test_every_sarcophagus_viewer_takes_the_players_from_the_shared_drawing(monkeypatch):
    from games.boards import sarcophagus

    table = played(started("sarcophagus", 4), 12)
    worked_out = []
    original = sarcophagus._players
    monkeypatch.setattr(
        sarcophagus, "_players", lambda *a: worked_out.append(a[0]["seat"]) or original(*a)
    )
    drawn = [rendering.table_fragments(table, s, user=user_at(table, s)) for s in range(4)]
    assert worked_out == [None]  # the spectator's, for the shared drawing, and no other
    for seat, html in enumerate(drawn):
        rows = re.findall(r'<li class="sc-player[^"]*">(?:(?!</li>).)*</li>', html, re.S)
        marked = [("sc-player-you" in row, "badge-you" in row) for row in rows]
        assert marked == [(s == seat, s == seat) for s in range(4)]


def test_a_first_coin_takes_the_shared_pyramid_inside_the_move_form(monkeypatch):
    from games.boards import sarcophagus

    table = played_until(started("sarcophagus", 2), 30, "first_coin")
    drawn = []
    original = sarcophagus._seat_pyramid
    monkeypatch.setattr(
        sarcophagus,
        "_seat_pyramid",
        lambda *a, **k: drawn.append(k["in_form"]) or original(*a, **k),
    )
    mover = table.to_act[0]
    html = rendering.table_fragments(table, mover, user=user_at(table, mover))
    assert True in drawn
    assert re.search(
        r'<form class="move-group sc-moves"[^>]*>\n<input type="hidden" '
        r'name="version" value="\d+">\n<div class="sc-pyramid">',
        html,
    )


def test_sacrifice_shares_its_trophy_market_tricks_and_log():
    assert set(shared_parts.PARTS["sacrifice"]) == {"trophy", "market", "tricks", "events"}


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("moves", [0, 9, 30])
def test_each_sacrifice_viewer_gets_the_markup_it_would_have_drawn_itself(
    monkeypatch, language, moves
):
    table = played(started("sacrifice", 2), moves)
    once, each = drawn_once_and_each(monkeypatch, table, language)
    assert 'class="sf-market"' in once[0] and 'class="sf-trophy' in once[0]
    assert once == each


def test_sacrifice_parts_come_from_the_spectators_view_only():
    html, public = public_parts(played(started("sacrifice", 2), 30))
    assert "sf-altar" not in html and "sf-hand" not in html
    shown = json.dumps(public)
    assert all(f'"{code}"' in shown for code in re.findall(r'data-card="([^"]*)"', html))


def test_sarkophag_shares_its_round_end_last_trick_rounds_and_log():
    assert set(shared_parts.PARTS["sarkophag"]) == {"round_end", "last_trick", "rounds", "events"}


@pytest.mark.parametrize("language", ["en", "de"])
def test_each_sarkophag_viewer_gets_the_markup_it_would_have_drawn_itself(monkeypatch, language):
    # a head limit, so rounds go on; 41 moves: the second round's first trick, all parts show
    table = played(started("sarkophag", 4, {"limit": 60}), 41)
    once, each = drawn_once_and_each(monkeypatch, table, language)
    for part in ('id="sk-last-trick"', 'class="round-end', 'id="sk-rounds"', 'id="event-log"'):
        assert part in once[0]
    assert once == each


def test_sarkophag_parts_come_from_the_spectators_view_only():
    # 46 moves: the last trick is this round's, out of every hand
    table = played(started("sarkophag", 4, {"limit": 60}), 46)
    html, public = public_parts(table)
    shown = {int(n) for n in re.findall(r'data-card="([^"]*)"', html)}
    held = {card for hand in table.state().hands for card in hand}
    assert shown and shown <= {item["card"] for item in public["last_trick"]["cards"]}
    assert not shown & held  # nobody's hand


TEMPLATES = Path(__file__).resolve().parents[2] / "games" / "jinja2"


@pytest.mark.parametrize(
    ("game", "part"),
    [(game, part) for game, inputs in shared_parts.INPUTS.items() for part in inputs],
)
def test_a_part_kept_while_its_inputs_hold_reads_nothing_else_of_the_board(game, part):
    """A part drawn again only when its listed board values change must read no other: a
    value it read unlisted would change unseen and the part would show the old one."""
    source = (TEMPLATES / shared_parts.PARTS[game][part]).read_text()
    read = set(re.findall(r"\bboard\.(\w+)", source))
    assert read <= set(shared_parts.INPUTS[game][part])
    assert not re.search(r"\bboard\b(?!\.)", source)  # the board handed on whole
    assert "{% include" not in source  # an included template reads the whole context
    assert not re.search(r"\bversion\b", re.sub(r"{#.*?#}", "", source, flags=re.S))


@pytest.mark.any_database  # the parts are drawn from the state; the game's deals vary
@pytest.mark.parametrize(("language", "seed"), [("en", 3), ("de", 4)])
def test_parts_kept_while_their_inputs_hold_are_those_drawn_anew(language, seed):
    """Over a whole game, every version's parts as kept equal the parts drawn afresh."""
    table = started("sarg", 2)
    rng = random.Random(seed)
    with translation.override(language):
        while table.status == Table.Status.PLAYING:
            state = table.state()
            kept = shared_parts.for_message(table, state)["html"]
            shared_parts._recent.clear()
            shared_parts._unchanged.clear()
            assert shared_parts.for_message(table, state)["html"] == kept
            shared_parts._recent.clear()  # the next version starts from these, kept
            position = table.to_act[0]
            move = rng.choice(table.engine.legal_moves(state, position))
            table = tables.play(table, user_at(table, position), move, table.version)
            table = Table.objects.with_seats().get(pk=table.pk)


def test_a_part_whose_inputs_held_is_not_drawn_again():
    table = played(sarg_table(), 1)
    before = shared_parts.for_message(table, table.state())["html"]
    table = played(table, 1, seed=2)
    after = shared_parts.for_message(table, table.state())["html"]
    assert after["tail"] is before["tail"] and after["roles"] is before["roles"]
    assert after["events"] != before["events"]


def test_a_part_whose_inputs_held_stays_kept_while_every_other_live_table_moves():
    """A crowd of tables (the benchmark's 200, a club's busiest night) must not push a
    table's kept parts out before its next move: each move would draw them all again."""
    table = played(sarg_table(), 1)
    before = shared_parts.for_message(table, table.state())["html"]
    other = Table.objects.with_seats().get(pk=table.pk)
    for _ in range(recent_tables.LIVE_TABLES - 1):
        other.public_id = uuid.uuid4()
        shared_parts.for_message(other, other.state())
    table = played(table, 1, seed=2)
    after = shared_parts.for_message(table, table.state())["html"]
    assert after["tail"] is before["tail"] and after["roles"] is before["roles"]
