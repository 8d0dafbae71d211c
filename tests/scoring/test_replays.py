"""Scoring links a session to its replay only through the source online play registers
(``scoring.replays``); without one, every session links to its score sheet."""

import pytest
from django.urls import reverse

from scoring import replays
from scoring.models import PlaySession


@pytest.mark.django_db
def test_without_a_replay_source_a_session_links_to_its_sheet(monkeypatch):
    monkeypatch.setattr(replays, "_sources", [])
    session = PlaySession.objects.create(game="sarg", mode="online")
    found = PlaySession.objects.annotate(replay=replays.replay_reference("pk")).get()
    assert found.replay is None
    assert replays.session_url(found.replay, session.public_id) == reverse(
        "sheet", args=[session.public_id]
    )


def test_online_play_registers_its_tables_once():
    from games.replays import TABLE_REPLAYS

    replays.register(TABLE_REPLAYS)
    assert replays._sources.count(TABLE_REPLAYS) == 1
