"""Suite-wide test setup."""

import gc
import os
from concurrent.futures import ThreadPoolExecutor

import pytest
from asgiref.sync import SyncToAsync
from channels.db import database_sync_to_async
from django.core.cache import cache
from django.db import connections
from django.utils import translation
from hypothesis import HealthCheck, settings

from sarco.databases.postgresql import loop_connection
from sarco.databases.sqlite import loop_connection as sqlite_loop_connection
from sarco.heap import settle
from tests.selection import add_option, cap_examples, keep_database_tests
from tests.services import require

# The cycle collector waits until the suite is collected (``pytest_runtestloop`` below).
gc.disable()

# Property tests are derandomised under CI so a run is repeatable; locally they explore.
settings.register_profile(
    "ci", derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci" if os.environ.get("CI") else "dev")


def _fresh_sync_thread_in_child() -> None:
    """The browser tests' daphne is a fork of this process. asgiref runs thread-sensitive work
    (every request, every socket's database call) on one shared executor's thread; a fork
    copies the executor but not its thread, so if an earlier test had started that thread,
    the server's requests would wait for a thread that does not exist. The child gets its own."""
    SyncToAsync.single_thread_executor = ThreadPoolExecutor(max_workers=1)


os.register_at_fork(after_in_child=_fresh_sync_thread_in_child)


def pytest_addoption(parser):
    add_option(parser)


def pytest_collection_modifyitems(config, items):
    keep_database_tests(config, items)
    cap_examples(config, items)


@pytest.hookimpl(tryfirst=True)
def pytest_runtestloop(session):
    """The collector back on, as the server has it (``sarco.heap``): collecting the suite
    imports hundreds of modules and rewrites every test module, some 1,300 young collections
    and 14 full ones a worker with nothing yet to free. What that loaded is kept out of the
    collector's later walks, which the tests' objects alone make rarer. Runs in xdist's
    controller as in each worker."""
    gc.enable()
    settle()


@pytest.fixture
def postgres():
    """The real PostgreSQL server: skipped without it, failed under CI."""
    require("postgres")


@pytest.fixture
def redis():
    """The real Redis server: skipped without it, failed under CI."""
    require("redis")


@pytest.fixture(autouse=True)
def default_language_again():
    """A German request leaves German active on the test's thread (LocaleMiddleware does not
    undo it), and code that translates outside a request would then speak German in the next
    test: each test starts in the default language."""
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def empty_cache_again():
    """Without Redis the sessions live in the process's cache as well as the database (cached_db):
    a test's database goes back at its end, its cache has to follow, or the next test's login
    finds a session the database no longer holds."""
    yield
    cache.clear()


@pytest.fixture
async def sync_threads_closed():
    """For a test of live sockets: their database work ran on asgiref's sync thread, whose
    connection would outlive the test and keep PostgreSQL from dropping the test database.
    Closed at the test's end (``pytest.mark.usefixtures("sync_threads_closed")``)."""
    yield
    await database_sync_to_async(connections.close_all)()


@pytest.fixture(autouse=True)
def close_the_loops_connection():
    """A move played on a test's event loop opened a connection of that loop's own
    (``games.loop_moves``): closed with the test, as its loop is, or the test database
    could not be dropped at the end (PostgreSQL) or would stay open (SQLite)."""
    yield
    loop_connection.close()
    sqlite_loop_connection.close()


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup):
    """pytest-django's test databases, and before they are dropped, every connection to them
    still open. Django keeps a connection per thread and per context: a query made from
    another one (Playwright's sync API runs its event loop in a greenlet of its own) opens a
    connection the test's teardown never sees, and PostgreSQL will not drop a database in
    use ("is being accessed by other users": the database stayed behind)."""
    yield
    from django.db.backends.base.base import BaseDatabaseWrapper

    gc.unfreeze()  # what ``settle`` froze is not in ``get_objects`` otherwise
    for wrapper in gc.get_objects():
        # type(), not isinstance(): a lazy object (a request's CSP nonce) would work itself out
        if issubclass(type(wrapper), BaseDatabaseWrapper) and wrapper.connection is not None:
            wrapper.connection.close()
            wrapper.connection = None
