"""Ratings: OpenSkill Plackett-Luce per the contract, kept equal to a full replay."""

import datetime as dt

import pytest
from django.utils import timezone
from openskill.models import PlackettLuce

from scoring import ratings
from scoring.models import Player, PlaySession, Rating, RatingEvent, Seat

pytestmark = pytest.mark.django_db

T0 = timezone.make_aware(dt.datetime(2026, 1, 1, 12))


def finished(game, places, *, at=T0, mode="tabletop", scores=None, voided=False):
    """A finished session of ``game``: ``places`` maps a player name to a place, seat order."""
    session = PlaySession.objects.create(
        game=game,
        mode=mode,
        status=PlaySession.Status.FINISHED,
        finished_at=at,
        voided_at=at if voided else None,
    )
    for i, (name, place) in enumerate(places.items()):
        player = Player.objects.get_or_create(name=name)[0]
        score = (scores or {}).get(name)
        Seat.objects.create(session=session, player=player, position=i, place=place, score=score)
    return session


def stored(game="sarg"):
    return {
        r.player.name: (r.mu, r.sigma, r.games, r.wins)
        for r in Rating.objects.filter(game=game).select_related("player")
    }


def test_one_session_matches_openskill_directly():
    model = PlackettLuce()
    session = finished("sarkophag", {"Anna": 2, "Ben": 1, "Clara": 2})
    ratings.session_changed(session)
    [[a], [b], [c]] = model.rate(
        [[model.rating()], [model.rating()], [model.rating()]], ranks=[2, 1, 2]
    )
    got = stored("sarkophag")
    assert got["Anna"] == (a.mu, a.sigma, 1, 0)
    assert got["Ben"] == (b.mu, b.sigma, 1, 1)
    assert got["Clara"] == (c.mu, c.sigma, 1, 0)
    assert got["Anna"][:2] == got["Clara"][:2]  # a shared place is a tie


def test_events_apply_in_finished_at_then_id_order():
    later = finished("sarg", {"Anna": 1, "Ben": 2}, at=T0 + dt.timedelta(hours=1))
    earlier = finished("sarg", {"Anna": 2, "Ben": 1}, at=T0)
    for s in (later, earlier):
        ratings.session_changed(s)
    model = PlackettLuce()
    [[a], [b]] = model.rate([[model.rating()], [model.rating()]], ranks=[2, 1])
    [[a], [b]] = model.rate([[a], [b]], ranks=[1, 2])
    assert stored()["Anna"][:2] == (a.mu, a.sigma)
    assert stored()["Ben"][:2] == (b.mu, b.sigma)


def test_voided_and_unfinished_sessions_do_not_count():
    finished("sarg", {"Anna": 1, "Ben": 2}, voided=True)
    session = finished("sarg", {"Anna": 1, "Ben": 2})
    session.status = PlaySession.Status.IN_PROGRESS
    session.save()
    for s in PlaySession.objects.all():
        ratings.session_changed(s)
    assert stored() == {}


def test_void_then_restore_returns_to_the_same_ratings():
    first = finished("sarg", {"Anna": 1, "Ben": 2}, at=T0)
    finished("sarg", {"Ben": 1, "Clara": 2}, at=T0 + dt.timedelta(hours=1))
    for s in PlaySession.objects.all():
        ratings.session_changed(s)
    before = stored()
    first.voided_at = timezone.now()
    first.save()
    ratings.session_changed(first)
    assert "Anna" not in stored()
    first.voided_at = None
    first.save()
    ratings.session_changed(first)
    assert stored() == before


def test_replay_changes_nothing_when_ratings_are_right():
    for i in range(5):
        s = finished("sarg", {"Anna": 1 + i % 2, "Ben": 2 - i % 2}, at=T0 + dt.timedelta(i))
        ratings.session_changed(s)
    assert ratings.replay("sarg").rows_written == 0
    RatingEvent.objects.filter(player__name="Ben").update(mu=1.0)
    assert ratings.replay("sarg").rows_written > 0
    assert ratings.replay("sarg").rows_written == 0


def test_finishing_a_sheet_rates_it():
    from scoring import sheets
    from tests.scoring.sheet_helpers import sarkophag_sheet, user

    owner = user()
    session = sarkophag_sheet(owner)
    sheets.apply_edit(
        session.public_id, owner, "add", entry={"heads": {"Anna": 3, "Ben": 0, "Clara": 9}}
    )
    assert not Rating.objects.exists()
    sheets.apply_edit(session.public_id, owner, "finish")
    assert stored("sarkophag")["Ben"][2:] == (1, 1)
    assert RatingEvent.objects.filter(session=session).count() == 3


def test_importing_a_finished_sheet_rates_it():
    from scoring import sheet_import

    data = {"game": "sarg", "players": ["Anna", "Ben"], "roles": {"queen": "Anna", "king": "Ben"}}
    data["rounds"] = [{"queen": 10, "king": 5}] * 6
    sheet_import.import_sheet(data, None)
    assert set(stored()) == {"Anna", "Ben"}


def test_replay_from_a_point_finds_players_by_their_events_not_their_rating_rows():
    """An organiser's merge moves events to a player without a Rating row, then replays."""
    for i in range(3):
        ratings.session_changed(
            finished("sarg", {"Anna": 1, "Guest": 2}, at=T0 + dt.timedelta(days=i))
        )
    ben = Player.objects.create(name="Ben")
    Seat.objects.filter(player__name="Guest").update(player=ben)
    RatingEvent.objects.filter(player__name="Guest").update(player=ben)
    Rating.objects.filter(player__name="Guest").delete()
    ratings.replay("sarg", since=(T0 + dt.timedelta(days=2), 0))
    partial = stored()
    assert ratings.replay("sarg").rows_written == 0
    assert stored() == partial and partial["Ben"][2] == 3
