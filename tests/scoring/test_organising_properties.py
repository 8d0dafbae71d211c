"""Whatever organisers do, in any order, ratings equal a full replay of every game."""

import datetime as dt

import pytest
from django.contrib.auth.models import User
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import organising, player_organising, ratings, sheet_import, sheets
from scoring.models import AuditEntry, Player, PlaySession
from tests.scoring.organiser_helpers import organiser, ratings_are_a_full_replay

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

T0 = timezone.make_aware(dt.datetime(2026, 3, 1, 19))
PAIRS = [("Anna", "Ben"), ("Ben", "Clara"), ("Clara", "gast"), ("gast", "Anna"), ("Dora", "Ben")]
SCORE = st.integers(0, 150)
OPS = st.lists(
    st.one_of(
        st.tuples(st.just("correct"), st.integers(0, 4), st.integers(1, 6), SCORE, SCORE),
        st.tuples(st.sampled_from(["void", "restore", "delete"]), st.integers(0, 4)),
        st.tuples(st.just("merge"), st.sampled_from(["gast", "Dora"]), st.sampled_from(PAIRS[0])),
    ),
    min_size=1,
    max_size=6,
)


def club() -> list[PlaySession]:
    PlaySession.objects.all().delete()
    Player.objects.filter(user__isnull=True).delete()
    Player.objects.create(name="gast", is_guest=True)
    made = []
    for i, (queen, king) in enumerate(PAIRS):
        sheet = {
            "game": "sarg",
            "players": [queen, king],
            "roles": {"queen": queen, "king": king},
            "rounds": [{"queen": 30 + i, "king": 40 - i}] * 6,
        }
        session = sheet_import.import_sheet(sheet, None, finish=True)
        PlaySession.objects.filter(pk=session.pk).update(finished_at=T0 + dt.timedelta(hours=i))
        made.append(session)
    ratings.replay("sarg")
    return made


def apply(op, sessions, by) -> bool:
    """Do ``op`` through scoring.organising; False when there was nothing to do it to."""
    kind, *args = op
    if kind == "merge":
        source, into = (Player.objects.filter(name=n).first() for n in args)
        if not (source and into):
            return False
        player_organising.merge(source, into, by=by, reason="Same person.")
        return True
    session = PlaySession.objects.filter(pk=sessions[args[0]].pk).first()
    if session is None:
        return False
    if kind == "correct":
        number, queen, king = args[1:]
        entry = {"queen": queen, "king": king}
        organising.correct_round(session, number, entry, by=by, reason="Miscounted.")
    else:
        service = {"void": organising.void, "restore": organising.restore}
        service.get(kind, organising.delete_session)(session, by=by, reason="Because.")
    return True


@settings(max_examples=12, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops=OPS)
def test_any_sequence_of_organisers_changes_keeps_ratings_a_full_replay(ops):
    by = User.objects.filter(username="olga").first() or organiser()
    sessions = club()
    for op in ops:
        before = AuditEntry.objects.count()
        try:
            done = apply(op, sessions, by)
        except (organising.OrganisingRefused, sheets.EditRefused):
            done = False  # refused: nothing changed, nothing recorded
        assert AuditEntry.objects.count() == before + done, op
        assert ratings_are_a_full_replay("sarg"), op
