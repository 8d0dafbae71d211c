"""Fixtures of the scorekeeper tests."""

import pytest

from .organiser_helpers import organiser
from .sheet_helpers import user


@pytest.fixture
def owner(client):
    """A scorekeeper, logged in on ``client``: the owner of the sheets the test makes."""
    keeper = user()
    client.force_login(keeper)
    return keeper


@pytest.fixture
def olga(client):
    """An organiser, logged in on ``client``."""
    person = organiser()
    client.force_login(person)
    return person
