import pytest

from scoring.models import PlaySession

from .sheet_helpers import sarg_sheet, sarkophag_sheet, user

pytestmark = pytest.mark.django_db


def test_sessions_get_an_unguessable_public_id():
    owner = user()
    a, b = sarg_sheet(owner), sarkophag_sheet(owner)
    assert a.public_id != b.public_id and a.public_id.version == 4


def test_seats_keep_order_and_roles():
    session = sarg_sheet(user())
    assert [(s.player.name, s.role) for s in session.seats.all()] == [
        ("Anna", "queen"),
        ("Ben", "king"),
    ]


def test_finished_and_for_game_filter():
    owner = user()
    done = sarg_sheet(owner)
    done.status = PlaySession.Status.FINISHED
    done.save()
    sarkophag_sheet(owner)
    assert list(PlaySession.objects.finished()) == [done]
    assert PlaySession.objects.for_game("sarkophag").count() == 1
    assert PlaySession.objects.for_game("").count() == 2


def test_only_creator_and_staff_can_edit():
    owner, other, organiser = user("owner"), user("other"), user("org", staff=True)
    session = sarg_sheet(owner)
    assert session.can_edit(owner)
    assert session.can_edit(organiser)
    assert not session.can_edit(other)
    assert list(PlaySession.objects.editable_by(other)) == []
