"""Online tables opened from a night's page belong to the night."""

import pytest
from django.contrib.auth.models import User

from games.models import Table
from nights import attendance
from nights.models import Night, NightTable
from nights.results import results_of
from scoring.bulk_import import import_sheets
from scoring.models import PlaySession, club_today
from tests.scoring.organiser_helpers import FINISHED_SHEETS

from .helpers import a_night, member

pytestmark = pytest.mark.django_db


def coming(night, name="ada") -> User:
    person = member(name)
    attendance.come(night.pk, person)
    return person


def test_a_member_who_comes_opens_a_table_of_the_night(client):
    night = a_night()
    client.force_login(coming(night))
    response = client.post(f"/nights/{night.pk}/table/", {"game": "sacrifice"})
    table = Table.objects.get()
    assert response.status_code == 302 and response.url == f"/play/{table.public_id}/"
    assert NightTable.objects.get(table=table).night == night


def test_the_night_shows_its_open_table(client):
    night = a_night()
    client.force_login(coming(night))
    client.post(f"/nights/{night.pk}/table/", {"game": "sarg"})
    table = Table.objects.get()
    assert f"/play/{table.public_id}/" in client.get(f"/nights/{night.pk}/").content.decode()


@pytest.mark.parametrize("game", ["", "chess", "x" * 5000])
def test_no_such_game_opens_nothing(client, game):
    night = a_night()
    client.force_login(coming(night))
    assert client.post(f"/nights/{night.pk}/table/", {"game": game}).status_code == 302
    assert not Table.objects.exists()


def test_a_member_who_does_not_come_opens_nothing(client):
    night = a_night()
    client.force_login(member())
    client.post(f"/nights/{night.pk}/table/", {"game": "sarg"})
    assert not Table.objects.exists()


def test_the_session_a_table_wrote_counts_in_the_results(client):
    night = a_night(days_ahead=0)
    client.force_login(coming(night))
    client.post(f"/nights/{night.pk}/table/", {"game": "sarg"})
    import_sheets([{**FINISHED_SHEETS["sarg"], "date": club_today().isoformat()}])
    Table.objects.update(session=PlaySession.objects.get(), status=Table.Status.FINISHED)
    results = results_of(Night.objects.get())
    assert [s.game for s in results.finished] == ["sarg"] and results.tables == []
