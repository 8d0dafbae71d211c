"""Property: any history of finishes, corrections, voids and restores, applied one change at
a time through ``session_changed``, leaves exactly the ratings of a full replay."""

import datetime as dt

import pytest
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import ratings
from scoring.models import Player, PlaySession, Rating, RatingEvent, RatingLedger, Seat

NAMES = ["Anna", "Ben", "Clara", "Dev"]
T0 = timezone.make_aware(dt.datetime(2026, 3, 1, 20))

places = st.lists(st.integers(1, 3), min_size=2, max_size=4)
finish = st.tuples(st.just("finish"), st.integers(0, 5), places)
correct = st.tuples(st.just("correct"), st.integers(0, 30), places)
void = st.tuples(st.just("void"), st.integers(0, 30), st.none())
restore = st.tuples(st.just("restore"), st.integers(0, 30), st.none())
move = st.tuples(st.just("move"), st.integers(0, 30), st.integers(0, 5))
histories = st.lists(st.one_of(finish, finish, correct, void, restore, move), max_size=25)


def _seat(session, seat_places):
    Seat.objects.filter(session=session).delete()
    for i, place in enumerate(seat_places):
        player = Player.objects.get_or_create(name=NAMES[i])[0]
        Seat.objects.create(session=session, player=player, position=i, place=place)


def _apply(op, arg, value, sessions):
    if op == "finish":  # a few shared finished_at values make the id tie-break matter
        session = PlaySession.objects.create(
            game="sarkophag", status="finished", finished_at=T0 + dt.timedelta(hours=arg)
        )
        _seat(session, value)
        sessions.append(session)
        return session
    if not sessions:
        return None
    session = sessions[arg % len(sessions)]
    if op == "correct":
        _seat(session, value)
    elif op == "void":
        session.voided_at = timezone.now()
    elif op == "restore":
        session.voided_at = None
    else:
        session.finished_at = T0 + dt.timedelta(hours=value)
    session.save()
    return session


def _snapshot():
    ratings_ = sorted(
        Rating.objects.values_list("player_id", "mu", "sigma", "ordinal", "games", "wins")
    )
    events = sorted(
        RatingEvent.objects.values_list("session_id", "player_id", "mu", "sigma", "place", "at")
    )
    return ratings_, events


@pytest.mark.django_db
@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(history=histories)
def test_incremental_updates_equal_a_full_replay(history):
    for model in (RatingEvent, Rating, RatingLedger, Seat, PlaySession):
        model.objects.all().delete()
    sessions = []
    for op, arg, value in history:
        session = _apply(op, arg, value, sessions)
        if session is not None:
            ratings.session_changed(session)
    incremental = _snapshot()
    assert ratings.replay("sarkophag").rows_written == 0
    RatingEvent.objects.all().delete()
    Rating.objects.all().delete()
    ratings.replay("sarkophag")
    assert _snapshot() == incremental
