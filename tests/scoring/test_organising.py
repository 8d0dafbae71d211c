"""scoring.organising: each organiser's change, its audit entry, and ratings kept right."""

import pytest
from django.contrib.auth.models import User

from scoring import organising, player_organising, sheets, stored_sheets
from scoring.calculators import compute
from scoring.models import AuditEntry, Player, PlaySession, Rating, RatingEvent, Seat
from scoring.sheets import EditRefused
from tests.scoring.organiser_helpers import (
    finished_sarg,
    hours_ago,
    organiser,
    player,
    ratings_are_a_full_replay,
)

pytestmark = pytest.mark.django_db

WHY = "The keeper swapped the scores."


def places(session):
    return {s.player.name: s.place for s in session.seats.select_related("player")}


def totals(session):
    return {s.player.name: s.score for s in session.seats.select_related("player")}


# --- corrections ------------------------------------------------------------------------------


def test_a_correction_recomputes_totals_places_and_ratings():
    olga = organiser()
    session = finished_sarg()
    assert places(session) == {"Anna": 1, "Ben": 2}
    organising.correct_round(session, 1, {"queen": 0, "king": 100}, by=olga, reason=WHY)
    assert places(session) == {"Anna": 2, "Ben": 1}
    assert totals(session)["Ben"] > totals(session)["Anna"]
    assert session.rounds.get(number=1).named_entry() == {"queen": 0, "king": 100}
    assert PlaySession.objects.get(pk=session.pk).status == PlaySession.Status.FINISHED
    assert ratings_are_a_full_replay("sarg")
    ben = Rating.objects.get(player__name="Ben", game="sarg")
    assert ben.wins == 1


def test_a_correction_records_who_when_what_and_why():
    olga = organiser()
    session = finished_sarg()
    before_totals = totals(session)
    organising.correct_round(session, 2, {"queen": 1, "king": 2}, by=olga, reason=WHY)
    entry = AuditEntry.objects.about(session).get()
    assert entry.action == AuditEntry.Action.CORRECT
    assert entry.actor == olga and entry.actor_name == "olga"
    assert entry.reason == WHY
    assert entry.before["entry"] == {"queen": 38, "king": 30}
    assert entry.before["totals"] == before_totals
    assert entry.after["entry"] == {"queen": 1, "king": 2}
    assert entry.after["totals"] == totals(session)


def test_a_correction_the_rules_refuse_changes_nothing_and_says_why_as_the_sheet_does():
    olga = organiser()
    session = finished_sarg()
    before = totals(session)
    with pytest.raises(EditRefused) as refused:
        organising.correct_round(session, 1, {"grid": [["QH"]]}, by=olga, reason=WHY)
    assert refused.value.message  # the calculators' own message
    assert totals(session) == before
    assert not AuditEntry.objects.exists()


def test_a_correction_needs_a_reason():
    session = finished_sarg()
    with pytest.raises(organising.OrganisingRefused):
        organising.correct_round(session, 1, {"queen": 1, "king": 1}, by=organiser(), reason="  ")
    assert not AuditEntry.objects.exists()


def test_a_round_that_does_not_exist_is_refused():
    with pytest.raises(EditRefused):
        organising.correct_round(
            finished_sarg(), 7, {"queen": 1, "king": 1}, by=organiser(), reason=WHY
        )


def test_correcting_an_older_session_replays_the_later_ones():
    olga = organiser()
    old = finished_sarg(at=hours_ago(5))
    finished_sarg(at=hours_ago(1))
    organising.correct_round(old, 1, {"queen": 0, "king": 150}, by=olga, reason=WHY)
    assert ratings_are_a_full_replay("sarg")


# --- void, restore, delete ----------------------------------------------------------------------


def test_void_keeps_the_session_but_takes_it_out_of_the_ratings():
    olga = organiser()
    session = finished_sarg()
    assert Rating.objects.get(player__name="Anna", game="sarg").games == 1
    organising.void(session, by=olga, reason="Played with a wrong deck.")
    session.refresh_from_db()
    assert session.voided_at is not None
    assert session.seats.count() == 2 and session.rounds.count() == 6
    assert not RatingEvent.objects.filter(session=session).exists()
    assert ratings_are_a_full_replay("sarg")
    entry = AuditEntry.objects.about(session).get()
    assert entry.action == AuditEntry.Action.VOID
    assert entry.before["voided_at"] is None and entry.after["voided_at"]
    assert entry.reason == "Played with a wrong deck."


def test_voiding_twice_is_refused():
    olga = organiser()
    session = finished_sarg()
    organising.void(session, by=olga, reason=WHY)
    with pytest.raises(organising.OrganisingRefused):
        organising.void(session, by=olga, reason=WHY)
    assert AuditEntry.objects.count() == 1


def test_restore_brings_a_void_session_back():
    olga = organiser()
    session = finished_sarg()
    organising.void(session, by=olga, reason=WHY)
    organising.restore(session, by=olga, reason="It was fine after all.")
    session.refresh_from_db()
    assert session.voided_at is None
    assert RatingEvent.objects.filter(session=session).count() == 2
    assert ratings_are_a_full_replay("sarg")
    assert [e.action for e in AuditEntry.objects.about(session)] == ["restore", "void"]


def test_restoring_a_session_that_counts_is_refused():
    with pytest.raises(organising.OrganisingRefused):
        organising.restore(finished_sarg(), by=organiser(), reason=WHY)


def test_delete_keeps_the_sheet_in_the_audit_trail_and_replays_ratings():
    olga = organiser()
    first = finished_sarg(at=hours_ago(3))
    finished_sarg(at=hours_ago(1), rounds=((0, 50),) * 6)
    pk = first.pk
    entry = organising.delete_session(first, by=olga, reason="Entered twice.")
    assert not PlaySession.objects.filter(pk=pk).exists()
    assert entry.action == AuditEntry.Action.DELETE and entry.target_id == str(pk)
    assert entry.before["sheet"]["game"] == "sarg"
    assert len(entry.before["sheet"]["rounds"]) == 6
    assert ratings_are_a_full_replay("sarg")
    assert Rating.objects.get(player__name="Anna", game="sarg").games == 1


# --- players ------------------------------------------------------------------------------------


def test_merge_moves_every_seat_and_rating_event_to_the_member():
    olga = organiser()
    member = player("Henrik")
    guest = player("henni", is_guest=True)
    finished_sarg(names=("Henrik", "Anna"), at=hours_ago(4))
    guest_game = finished_sarg(names=("henni", "Ben"), at=hours_ago(2))
    entry = player_organising.merge(guest, member, by=olga, reason="Henni is Henrik.")
    assert not Player.objects.filter(pk=guest.pk).exists()
    assert guest_game.seats.filter(player=member).exists()
    assert Seat.objects.filter(player=member).count() == 2
    assert RatingEvent.objects.filter(player=member).count() == 2
    assert Rating.objects.get(player=member, game="sarg").games == 2
    assert ratings_are_a_full_replay("sarg")
    assert entry.action == AuditEntry.Action.MERGE and entry.target_id == str(member.pk)
    assert entry.before["merged"]["name"] == "henni"


def test_a_merge_that_would_seat_one_person_twice_is_refused():
    olga = organiser()
    finished_sarg(names=("Henrik", "henni"))
    member, guest = Player.objects.get(name="Henrik"), Player.objects.get(name="henni")
    with pytest.raises(organising.OrganisingRefused) as refused:
        player_organising.merge(guest, member, by=olga, reason=WHY)
    assert "twice" in refused.value.message
    assert Player.objects.filter(pk=guest.pk).exists()
    assert not AuditEntry.objects.exists()


def test_a_player_cannot_be_merged_into_themselves():
    henrik = player("Henrik")
    with pytest.raises(organising.OrganisingRefused):
        player_organising.merge(henrik, henrik, by=organiser(), reason=WHY)


def test_merging_a_guest_with_a_login_moves_the_login_too():
    olga = organiser()
    login = User.objects.create_user("henni")  # its own player "henni" is made by a signal
    member = player("Henrik")
    player_organising.merge(login.player, member, by=olga, reason=WHY)
    member.refresh_from_db()
    assert member.user == login


def test_rename_follows_the_sign_up_rules():
    olga = organiser()
    henrik = player("Henrik")
    player("Anna")
    player_organising.rename(henrik, "  Henrik   der  Große ", by=olga, reason="Full name.")
    henrik.refresh_from_db()
    assert henrik.name == "Henrik der Große"
    with pytest.raises(organising.OrganisingRefused):
        player_organising.rename(henrik, "ANNA", by=olga, reason=WHY)
    with pytest.raises(organising.OrganisingRefused):
        player_organising.rename(henrik, "   ", by=olga, reason=WHY)
    player_organising.rename(henrik, "henrik der große", by=olga, reason="Own name, other case.")
    entries = AuditEntry.objects.about(henrik)
    assert [e.after["name"] for e in entries] == ["henrik der große", "Henrik der Große"]


def test_link_a_guest_to_a_login_makes_a_member():
    olga = organiser()
    guest = player("Henrik", is_guest=True)
    login = User.objects.create_user("henrik")  # gets an empty player of its own
    player_organising.link_login(guest, login, by=olga, reason="Henrik signed up.")
    guest.refresh_from_db()
    assert guest.user == login and not guest.is_guest
    assert Player.objects.filter(user=login).count() == 1
    entry = AuditEntry.objects.about(guest).get()
    assert entry.before == {"user": None, "guest": True}
    assert entry.after == {"user": "henrik", "guest": False}


def test_linking_a_login_whose_player_has_played_asks_for_a_merge():
    olga = organiser()
    login = User.objects.create_user("anna")
    finished_sarg(names=(login.player.name, "Ben"))
    guest = player("Anna B", is_guest=True)
    with pytest.raises(organising.OrganisingRefused) as refused:
        player_organising.link_login(guest, login, by=olga, reason=WHY)
    assert "merge" in refused.value.message


def test_rename_rewrites_the_name_in_past_sheets_so_they_still_compute():
    olga = organiser()
    owner = User.objects.create_user("keeper2")
    anna, ben = player("Anna"), player("Ben")
    session = sheets.create_session("sarcophagus", owner, [anna, ben])
    entry = {"tiles": {"Anna": ["5-sun"], "Ben": ["2-moon"]}}
    sheets.apply_edit(session.public_id, owner, "end", entry=entry)
    sheets.apply_edit(session.public_id, owner, "finish")
    player_organising.rename(anna, "Anna B", by=olga, reason="Surname.")
    assert session.rounds.get().named_entry() == {"tiles": {"Anna B": ["5-sun"], "Ben": ["2-moon"]}}
    assert compute(stored_sheets.sheet_of(session))["places"]["Anna B"] in (1, 2)


def test_merge_rewrites_the_guests_name_in_past_sheets():
    olga = organiser()
    owner = User.objects.create_user("keeper2")
    guest, member, ben = player("henni", is_guest=True), player("Henrik"), player("Ben")
    session = sheets.create_session("sarkophag", owner, [guest, ben, player("Cleo")])
    heads = {"henni": 3, "Ben": 5, "Cleo": 7}
    sheets.apply_edit(session.public_id, owner, "add", entry={"heads": heads})
    sheets.apply_edit(session.public_id, owner, "finish")
    player_organising.merge(guest, member, by=olga, reason="Same person.")
    assert session.rounds.get().named_entry() == {"heads": {"Henrik": 3, "Ben": 5, "Cleo": 7}}
    corrected = {"heads": {"Henrik": 9, "Ben": 5, "Cleo": 7}}
    organising.correct_round(session, 1, corrected, by=olga, reason="Miscounted.")
    places = {s.player.name: s.place for s in session.seats.all()}
    assert places == {"Henrik": 3, "Ben": 1, "Cleo": 2}
    assert ratings_are_a_full_replay("sarkophag")


@pytest.mark.parametrize("taken", ["STRASSE", "ｓｔｒａｓｓｅ", "Strasse\u200b"])
def test_rename_refuses_a_name_that_differs_only_in_case_width_or_invisible_marks(taken):
    player("Straße")
    henrik = player("Henrik")
    with pytest.raises(organising.OrganisingRefused):
        player_organising.rename(henrik, taken, by=organiser(), reason="Typo.")
    henrik.refresh_from_db()
    assert henrik.name == "Henrik"


def test_an_unlinked_login_gets_a_fresh_player_of_its_own():
    olga = organiser()
    login = User.objects.create_user("henrik")
    henrik = login.player
    finished_sarg(names=(henrik.name, "Ben"))
    player_organising.link_login(henrik, None, by=olga, reason="Shared login; Henrik has his own.")
    henrik.refresh_from_db()
    assert henrik.user is None
    fresh = Player.objects.get(user=login)
    assert fresh.pk != henrik.pk and not fresh.seats.exists()


def test_a_correction_from_a_stale_page_is_refused():
    olga = organiser()
    session = finished_sarg()
    seen = session.version
    organising.correct_round(session, 1, {"queen": 1, "king": 2}, by=olga, reason=WHY)
    with pytest.raises(organising.SessionChanged):
        organising.correct_round(
            session, 2, {"queen": 3, "king": 4}, by=olga, reason=WHY, seen_version=seen
        )
    assert session.rounds.get(number=2).named_entry() == {"queen": 38, "king": 30}


def test_renaming_or_linking_to_what_it_already_is_records_nothing():
    olga = organiser()
    henrik = player("Henrik")
    with pytest.raises(organising.OrganisingRefused):
        player_organising.rename(henrik, " Henrik ", by=olga, reason=WHY)
    with pytest.raises(organising.OrganisingRefused):
        player_organising.link_login(henrik, None, by=olga, reason=WHY)
    assert not AuditEntry.objects.exists()
