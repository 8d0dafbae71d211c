"""scoring.organising on several sessions at once: an audit entry each, ratings replayed once."""

import pytest

from scoring import organising, ratings
from scoring.models import AuditEntry, PlaySession, RatingEvent
from tests.scoring.organiser_helpers import (
    finished_sarg,
    hours_ago,
    organiser,
    ratings_are_a_full_replay,
)

pytestmark = pytest.mark.django_db

WHY = "Test games at the club evening."


@pytest.fixture
def replays(monkeypatch):
    """The games replayed, one item per replay."""
    seen = []
    real = ratings.replay

    def counted(game, *args, **kwargs):
        seen.append(game)
        return real(game, *args, **kwargs)

    monkeypatch.setattr(ratings, "replay", counted)
    return seen


def three_sessions():
    return [
        finished_sarg(names=("Anna", "Ben"), at=hours_ago(5)),
        finished_sarg(names=("Clara", "Ben"), at=hours_ago(3), rounds=((0, 50),) * 6),
        finished_sarg(names=("Anna", "Dora"), at=hours_ago(1)),
    ]


def test_voiding_several_sessions_writes_an_audit_entry_each(replays):
    sessions = three_sessions()[:2]
    outcome = organising.void_sessions(sessions, by=organiser(), reason=WHY)
    assert len(outcome.audits) == 2 and outcome.refused == []
    for session in sessions:
        entry = AuditEntry.objects.about(session).get()
        assert (entry.action, entry.reason) == (AuditEntry.Action.VOID, WHY)
        assert not RatingEvent.objects.filter(session=session).exists()
    assert PlaySession.objects.filter(voided_at__isnull=False).count() == 2
    assert ratings_are_a_full_replay("sarg")


def test_voiding_several_sessions_replays_each_game_once(replays):
    sessions = three_sessions()
    replays.clear()
    organising.void_sessions(sessions, by=organiser(), reason=WHY)
    assert replays == ["sarg"]


def test_deleting_several_sessions_keeps_each_sheet_and_replays_once(replays):
    sessions = three_sessions()
    replays.clear()
    pks = [s.pk for s in sessions[:2]]
    outcome = organising.delete_sessions(sessions[:2], by=organiser(), reason=WHY)
    assert len(outcome.audits) == 2 and replays == ["sarg"]
    assert not PlaySession.objects.filter(pk__in=pks).exists()
    entries = AuditEntry.objects.filter(action=AuditEntry.Action.DELETE)
    assert sorted(int(e.target_id) for e in entries) == pks
    assert all(len(e.before["sheet"]["rounds"]) == 6 and e.reason == WHY for e in entries)
    assert ratings_are_a_full_replay("sarg")


def test_sessions_already_void_are_left_alone_and_named(replays):
    first, second, _third = three_sessions()
    organising.void(first, by=organiser("ola"), reason=WHY)
    outcome = organising.void_sessions([first, second], by=organiser(), reason=WHY)
    assert len(outcome.audits) == 1
    assert outcome.refused == [(str(first), "This session is already void.")]
    assert AuditEntry.objects.about(first).count() == 1
    assert ratings_are_a_full_replay("sarg")


def test_restoring_several_sessions_brings_them_back_with_one_replay(replays):
    sessions = three_sessions()
    olga = organiser()
    organising.void_sessions(sessions, by=olga, reason=WHY)
    replays.clear()
    outcome = organising.restore_sessions(sessions, by=olga, reason="Real games after all.")
    assert len(outcome.audits) == 3 and replays == ["sarg"]
    assert RatingEvent.objects.count() == 6
    assert ratings_are_a_full_replay("sarg")


def test_several_sessions_need_a_reason_and_nothing_changes_without_one():
    sessions = three_sessions()
    with pytest.raises(organising.OrganisingRefused):
        organising.delete_sessions(sessions, by=organiser(), reason="  ")
    assert PlaySession.objects.count() == 3 and not AuditEntry.objects.exists()
