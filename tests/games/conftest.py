"""Fixtures the online-play tests share."""

from __future__ import annotations

import pytest

from .clock_helpers import Frozen, freeze


@pytest.fixture
def frozen(monkeypatch) -> Frozen:
    """The clocks' "now", frozen and moved on by hand (``tick``)."""
    return freeze(monkeypatch)
