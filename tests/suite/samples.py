"""Sample tests for test_selection.py: collected only when named on the command line (the
file name does not match ``test_*.py``). The ``db`` in a name says it touches the database."""

import pytest
from django.test import SimpleTestCase, TestCase, TransactionTestCase
from hypothesis import given, settings
from hypothesis import strategies as st


@pytest.fixture
def member(db):
    return "a fixture that needs the database"


def test_plain():
    pass


def test_db_fixture(db):
    pass


@pytest.mark.django_db
def test_db_marker():
    pass


def test_db_transactional(transactional_db):
    pass


def test_db_through_a_fixture(member):
    pass


class PlainClassTest(SimpleTestCase):
    def test_plain_class(self):
        pass


class DatabaseClassTest(TestCase):
    def test_db_class(self):
        pass


class TransactionClassTest(TransactionTestCase):
    def test_db_transaction_class(self):
        pass


EXAMPLES = []


@settings(max_examples=50, database=None)
@given(st.integers())
def test_property_of_fifty_examples(number):
    """Fails past the fifth example: passes only under ``--examples-cap 5``."""
    EXAMPLES.append(number)
    assert len(EXAMPLES) <= 5
