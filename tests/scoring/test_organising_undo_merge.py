"""scoring.organising.undo_merge: a merge undone exactly, through its audit entry, or refused."""

import pytest
from django.contrib.auth.models import User

from scoring import organising, player_organising, sheets
from scoring.models import AuditEntry, Player, PlaySession, Rating, RatingEvent, Seat, SeatRecord
from tests.scoring.organiser_helpers import (
    finished_sarg,
    hours_ago,
    organiser,
    player,
    ratings_are_a_full_replay,
)

pytestmark = pytest.mark.django_db

WHY = "Henni is not Henrik after all."


def sarkophag(owner, names, heads):
    """A finished one-round Sarkophag between ``names`` (its entry names them)."""
    session = sheets.create_session("sarkophag", owner, [player(n) for n in names])
    sheets.apply_edit(session.public_id, owner, "add", entry={"heads": heads})
    sheets.apply_edit(session.public_id, owner, "finish")
    return PlaySession.objects.get(pk=session.pk)


def a_merge(olga=None):
    """Henrik's and the guest henni's games, then henni merged into Henrik."""
    olga = olga or organiser()
    member, guest = player("Henrik"), player("henni", is_guest=True)
    finished_sarg(names=("Henrik", "Anna"), at=hours_ago(6))
    finished_sarg(names=("henni", "Ben"), at=hours_ago(4))
    owner = User.objects.create_user("keeper2")
    sarkophag(owner, ["henni", "Ben", "Cleo"], {"henni": 3, "Ben": 5, "Cleo": 7})
    seats = sorted(Seat.objects.filter(player=guest).values_list("pk", flat=True))
    entry = player_organising.merge(guest, member, by=olga, reason="Same person.")
    return entry, member, guest, seats


def test_undo_brings_the_merged_player_back_with_exactly_their_seats():
    entry, member, guest, seats = a_merge()
    player_organising.undo_merge(entry, by=organiser("ola"), reason=WHY)
    back = Player.objects.get(pk=guest.pk)
    assert (back.name, back.is_guest, back.created_at) == ("henni", True, guest.created_at)
    assert sorted(Seat.objects.filter(player=back).values_list("pk", flat=True)) == seats
    assert Seat.objects.filter(player=member).count() == 1


def test_undo_replays_the_ratings_and_moves_events_and_records_back():
    entry, member, guest, _seats = a_merge()
    player_organising.undo_merge(entry, by=organiser("ola"), reason=WHY)
    assert RatingEvent.objects.filter(player_id=guest.pk).count() == 2
    assert Rating.objects.get(player_id=guest.pk, game="sarg").games == 1
    assert Rating.objects.get(player=member, game="sarg").games == 1
    assert not Rating.objects.filter(player=member, game="sarkophag").exists()
    assert SeatRecord.objects.filter(player_id=guest.pk).count() == 2
    assert ratings_are_a_full_replay("sarg", "sarkophag")


def test_undo_names_the_player_again_in_their_sheets():
    entry, _member, _guest, _seats = a_merge()
    player_organising.undo_merge(entry, by=organiser("ola"), reason=WHY)
    session = PlaySession.objects.get(game="sarkophag")
    assert session.rounds.get().named_entry() == {"heads": {"henni": 3, "Ben": 5, "Cleo": 7}}


def test_undo_is_audited_and_points_at_the_merge():
    entry, _member, guest, _seats = a_merge()
    ola = organiser("ola")
    undo = player_organising.undo_merge(entry, by=ola, reason=WHY)
    assert (undo.action, undo.actor, undo.reason) == (AuditEntry.Action.UNDO_MERGE, ola, WHY)
    assert undo.target_id == str(guest.pk) and undo.before["merge"] == entry.pk
    assert player_organising.merge_undone_by(entry) == undo


def test_a_merge_is_undone_once():
    entry, _member, _guest, _seats = a_merge()
    player_organising.undo_merge(entry, by=organiser("ola"), reason=WHY)
    with pytest.raises(organising.OrganisingRefused, match="undone already"):
        player_organising.undo_merge(entry, by=organiser("oli"), reason=WHY)


def test_games_played_after_the_merge_stay_with_the_player_merged_into():
    entry, member, _guest, _seats = a_merge()
    later = finished_sarg(names=("Henrik", "Dora"))
    player_organising.undo_merge(entry, by=organiser("ola"), reason=WHY)
    assert later.seats.filter(player=member).exists()
    assert ratings_are_a_full_replay("sarg")


def test_the_login_a_merge_moved_goes_back():
    login = User.objects.create_user("henni")  # its own player "henni" is made by a signal
    member = player("Henrik")
    finished_sarg(names=("henni", "Ben"))
    entry = player_organising.merge(login.player, member, by=organiser(), reason="Same.")
    player_organising.undo_merge(entry, by=organiser("ola"), reason=WHY)
    member.refresh_from_db()
    assert member.user is None and not member.is_guest
    assert Player.objects.get(name="henni").user == login


def refused_and_unchanged(entry, match):
    ola = organiser("ola")
    before = (Player.objects.count(), list(Seat.objects.values_list("pk", "player_id")))
    with pytest.raises(organising.OrganisingRefused, match=match):
        player_organising.undo_merge(entry, by=ola, reason=WHY)
    assert (Player.objects.count(), list(Seat.objects.values_list("pk", "player_id"))) == before
    assert not AuditEntry.objects.filter(action=AuditEntry.Action.UNDO_MERGE).exists()


def test_refused_once_a_session_that_moved_is_gone():
    entry, member, _guest, _seats = a_merge()
    session = PlaySession.objects.filter(seats__player=member, game="sarkophag").get()
    organising.delete_session(session, by=organiser("oli"), reason="Entered twice.")
    refused_and_unchanged(entry, "cannot be undone exactly")


def test_refused_once_the_player_merged_into_is_merged_on():
    entry, member, _guest, _seats = a_merge()
    player_organising.merge(member, player("Henrik B"), by=organiser("oli"), reason="Same.")
    refused_and_unchanged(entry, "no longer exists")


def test_refused_while_another_player_has_the_name():
    entry, _member, _guest, _seats = a_merge()
    player("Henni")
    refused_and_unchanged(entry, "called henni now")


def test_refused_for_a_merge_recorded_before_undo_existed():
    entry, _member, _guest, _seats = a_merge()
    del entry.after["moved"]
    AuditEntry.objects.filter(pk=entry.pk).update(after=entry.after)
    refused_and_unchanged(entry, "before merges could be undone")


def test_only_a_merge_is_undone():
    session = finished_sarg()
    void = organising.void(session, by=organiser(), reason="Wrong deck.")
    refused_and_unchanged(void, "Only a merge")
