"""Fixtures of the scorekeeper tests."""

import pytest

from .sheet_helpers import user


@pytest.fixture
def owner(client):
    """A scorekeeper, logged in on ``client``: the owner of the sheets the test makes."""
    keeper = user()
    client.force_login(keeper)
    return keeper
