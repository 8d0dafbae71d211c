"""What every viewer of a table sees alike is drawn once a version (``games.shared_parts``):
from the spectator's view, for every seat and spectator, shared between processes through
the cache, and the same markup each viewer would have drawn itself."""

import random
import re

import pytest
from django.core.cache import cache
from django.utils import translation

from games import rendering, shared_parts, tables
from games.labels import seat_names
from games.models import Table

from .helpers import sarg_table, user, user_at

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh():
    shared_parts._recent.clear()
    rendering._recent.clear()
    cache.clear()
    yield
    shared_parts._recent.clear()
    rendering._recent.clear()


def played(table: Table, moves: int, seed: int = 1) -> Table:
    rng = random.Random(seed)
    for _ in range(moves):
        table = Table.objects.with_seats().get(pk=table.pk)
        position = table.to_act[0]
        move = rng.choice(table.engine.legal_moves(table.state(), position))
        tables.play(table, user_at(table, position), move, table.version)
    return Table.objects.with_seats().get(pk=table.pk)


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
    parts = shared_parts.shared_parts(table, names, lambda: table.engine.view(state, None))
    assert parts and not hands & set(re.findall(r'data-card="([^"]*)"', "".join(parts.values())))


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
