"""What a pass runs. The PostgreSQL pass repeats only the tests that touch the database (the
rest gave their answer in the SQLite pass, and would give the same again); `make check` caps
the property tests' examples (the inner loop; `make test` runs every example)."""

from __future__ import annotations

import pytest

OPTION = "--database-tests-only"
CAP = "--examples-cap"
DATABASE_FIXTURES = {"db", "transactional_db", "live_server"}


def add_option(parser: pytest.Parser) -> None:
    parser.addoption(
        OPTION,
        action="store_true",
        help="run only the tests that use the database (the PostgreSQL pass)",
    )
    parser.addoption(
        CAP,
        type=int,
        metavar="N",
        help="at most N examples for each hypothesis test (make check's inner loop)",
    )


def uses_database(item: pytest.Item) -> bool:
    """pytest-django's own test of it: a Django TransactionTestCase (TestCase included), the
    ``django_db`` marker, or a database fixture anywhere among the test's fixtures."""
    from django.test import TransactionTestCase

    cls = getattr(item, "cls", None)
    if cls is not None and issubclass(cls, TransactionTestCase):
        return True
    if item.get_closest_marker("django_db"):
        return True
    return bool(DATABASE_FIXTURES & set(getattr(item, "fixturenames", ())))


def keep_database_tests(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not config.getoption(OPTION):
        return
    kept = [item for item in items if uses_database(item)]
    if len(kept) < len(items):
        config.hook.pytest_deselected(items=[item for item in items if not uses_database(item)])
        items[:] = kept


def cap_examples(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Lower each property test's ``max_examples`` to the cap, keeping its other settings."""
    cap = config.getoption(CAP)
    if not cap:
        return
    from hypothesis import settings

    for item in items:
        test = getattr(item, "obj", None)
        test = getattr(test, "__func__", test)  # a method's function
        if not getattr(test, "is_hypothesis_test", False):
            continue
        current = test._hypothesis_internal_use_settings
        if current.max_examples > cap:
            test._hypothesis_internal_use_settings = settings(current, max_examples=cap)
