"""Fixtures the online-play tests share."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from games import rendering
from games.consumers import TableConsumer

from .clock_helpers import Frozen, freeze


@pytest.fixture
def frozen(monkeypatch) -> Frozen:
    """The clocks' "now", frozen and moved on by hand (``tick``)."""
    return freeze(monkeypatch)


def no_query_on_the_loop(execute, sql, params, many, context):
    raise AssertionError(f"a query on the event loop: {sql}")


@pytest.fixture
def drawn_on(monkeypatch) -> list[tuple[int | None, str]]:
    """Each socket's own drawing: the seat it drew (None: a spectator) and whether on the
    event loop ("loop", the tests' main thread) or the database thread ("thread"). On the
    loop no query may run (the tests allow Django's async-unsafe calls, for the browser
    tests, so they are refused here)."""
    drawn: list[tuple[int | None, str]] = []
    own = TableConsumer._render_table

    def counted(consumer, table, redraw=False):
        where = "loop" if threading.current_thread() is threading.main_thread() else "thread"
        drawn.append((rendering.viewer_seat(table, consumer.scope.get("user")), where))
        if where == "thread":
            return own(consumer, table, redraw)
        with connection.execute_wrapper(no_query_on_the_loop):
            return own(consumer, table, redraw)

    monkeypatch.setattr(TableConsumer, "_render_table", counted)
    return drawn
