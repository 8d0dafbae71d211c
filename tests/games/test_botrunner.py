"""Bots move through the service, once per turn, however many runners race for it."""

import asyncio
import datetime as dt
import threading

import pytest
from django.core.management import call_command
from django.db import connections
from django.utils import timezone

from games import botrunner, tables
from games.models import Table, TableMove

from .helpers import bot_table, user


def human_turn_table():
    """A Sarg table against a bot where the bot is to act now."""
    for _ in range(20):
        table = bot_table("sarg")
        if table.bot_to_act:
            return table
        host = table.host
        move = table.engine.legal_moves(table.state(), 0)[0]
        table = tables.play(table, host, move, table.version)
        if table.bot_to_act:
            return table
    raise AssertionError("no table with the bot to act")


@pytest.mark.django_db
def test_bot_turn_moves_the_bot_once():
    table = human_turn_table()
    version = table.version
    assert botrunner.bot_turn(table.pk) == 1
    table.refresh_from_db()
    assert table.version == version + 1
    assert not table.bot_to_act
    last = table.moves.order_by("number").last()
    assert last.by_bot and last.seat == 1
    assert botrunner.bot_turn(table.pk) == 0  # nothing due: the person is to act


@pytest.mark.django_db
def test_a_bot_only_table_plays_to_the_end():
    host = user()
    table = bot_table("sarg", host=host, level="random")
    tables.hand_to_bot(table, 0, host, "random")
    for _ in range(200):
        if not botrunner.bot_turn(table.pk):
            break
    table.refresh_from_db()
    assert table.status == "finished" and table.session is not None


@pytest.mark.django_db
def test_due_tables_waits_out_the_pause(settings):
    table = human_turn_table()
    settings.SARCO_BOT_PAUSE = 0.7
    now = timezone.now()
    Table.objects.filter(pk=table.pk).update(last_move_at=now)
    [(pk, wait)] = botrunner.due_tables(now)
    assert pk == table.pk and wait == pytest.approx(0.7)
    [(pk, wait)] = botrunner.due_tables(now + dt.timedelta(seconds=2))
    assert wait == 0


@pytest.mark.django_db
def test_finished_cancelled_and_human_turns_are_not_due():
    table = bot_table("sarg")
    if table.bot_to_act:
        tables.abandon(table, user(is_staff=True))
    assert botrunner.due_tables() == []


def race(table_pk: int, runners: int = 2) -> list[int]:
    """``runners`` threads call bot_turn at the same moment; what each one played."""
    start = threading.Barrier(runners)
    played: list[int] = []
    failures: list[BaseException] = []

    def runner():
        try:
            start.wait()
            played.append(botrunner.bot_turn(table_pk))
        except BaseException as exc:
            failures.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=runner) for _ in range(runners)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not failures, failures
    return played


@pytest.mark.django_db(transaction=True)
def test_two_runners_racing_move_once_per_turn():
    """Real threads and connections: both runners compute the bot's move, one lands."""
    table = human_turn_table()
    for _ in range(3):
        table.refresh_from_db()
        version = table.version
        assert sum(race(table.pk)) == 1
        table.refresh_from_db()
        assert table.version == version + 1
        assert TableMove.objects.filter(table=table, by_bot=True, number=version + 1).count() == 1
        # the person answers, so the bot is due again
        move = table.engine.legal_moves(table.state(), 0)[0]
        table = tables.play(table, table.host, move, table.version)


@pytest.mark.django_db(transaction=True)
async def test_the_async_runner_finds_and_moves_a_due_table_after_a_restart():
    """A runner that has never seen the table (a fresh process) moves its bot."""
    from asgiref.sync import sync_to_async

    table = await sync_to_async(human_turn_table)()
    runner = botrunner.BotRunner()
    await runner.run_once()
    for _ in range(200):
        if not runner.busy:
            break
        await asyncio.sleep(0.02)
    fresh = await Table.objects.aget(pk=table.pk)
    assert fresh.version == table.version + 1
    assert not fresh.bot_to_act
    await sync_to_async(connections.close_all)()  # the sync thread's, for PostgreSQL's teardown


@pytest.mark.django_db(transaction=True)
def test_run_bots_once_command():
    table = human_turn_table()
    call_command("run_bots", "--once")
    table.refresh_from_db()
    assert not table.bot_to_act


async def test_the_runner_is_not_started_when_settings_say_so(settings):
    settings.SARCO_BOT_RUNNER = False
    botrunner.ensure_started()
    assert id(asyncio.get_running_loop()) not in botrunner._started_in


async def test_the_middleware_starts_one_runner_per_loop(settings, monkeypatch):
    settings.SARCO_BOT_RUNNER = True
    started = []

    async def fake_run_forever(self):
        started.append(self)

    monkeypatch.setattr(botrunner.BotRunner, "run_forever", fake_run_forever)

    async def app(scope, receive, send):
        return None

    wrapped = botrunner.BotRunnerMiddleware(app)
    await wrapped({"type": "http"}, None, None)
    await wrapped({"type": "websocket"}, None, None)
    await asyncio.sleep(0)
    assert len(started) == 1


@pytest.mark.django_db(transaction=True)
async def test_a_bot_move_reaches_the_tables_sockets(monkeypatch):
    """The runner moves in a worker thread; its group message still reaches the loop's
    sockets (in-memory layer, as in the embedded default)."""
    from asgiref.sync import sync_to_async
    from channels.routing import URLRouter

    from games import rendering
    from games.routing import websocket_urlpatterns
    from tests.sockets import WebsocketCommunicator

    monkeypatch.setattr(
        rendering,
        "table_fragments",
        lambda table, seat, user=None, board=True, key=None: f"v{table.version}",
    )
    table = await sync_to_async(human_turn_table)()
    socket = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/play/{table.public_id}/")
    socket.scope["user"] = table.host
    assert (await socket.connect())[0]
    assert await socket.receive_from(timeout=3) == f"v{table.version}"
    runner = botrunner.BotRunner()
    await runner.run_once()
    assert await socket.receive_from(timeout=5) == f"v{table.version + 1}"
    while runner.busy:  # let the worker thread close its connection
        await asyncio.sleep(0.02)
    await socket.disconnect()
    await sync_to_async(connections.close_all)()
