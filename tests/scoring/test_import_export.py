import json

import pytest

from scoring import sheet_import, sheets
from scoring.demo import DEMO_SHEETS
from scoring.models import Player, PlaySession

from .sheet_helpers import user

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("sheet", DEMO_SHEETS, ids=[s["game"] for s in DEMO_SHEETS])
def test_import_then_export_gives_the_same_sheet(sheet):
    session = sheet_import.import_sheet(sheet, user())
    assert sheet_import.export_sheet(session) == sheet


def test_names_match_club_players_case_insensitively():
    anna = Player.objects.create(name="Anna")
    sheet = {"game": "sarkophag", "players": ["anna", "Ben", "Clara"], "rounds": []}
    session = sheet_import.import_sheet(sheet, user())
    assert session.seats.get(position=0).player == anna


def test_unknown_names_become_guests():
    sheet = {"game": "sacrifice", "players": ["Xaver", "Yvonne"], "trophies": {"Xaver": ["KH"]}}
    session = sheet_import.import_sheet(sheet, user())
    assert all(seat.player.is_guest for seat in session.seats.all())


def test_an_invalid_sheet_imports_nothing():
    sheet = {
        "game": "sarg",
        "players": ["A", "B"],
        "roles": {"queen": "A", "king": "B"},
        "rounds": [{"queen": 1, "king": 1}] * 7,
    }
    with pytest.raises(sheets.EditRefused):
        sheet_import.import_sheet(sheet, user())
    assert not PlaySession.objects.exists() and not Player.objects.filter(name="A").exists()


def test_export_download_and_import_page_round_trip(client):
    client.force_login(user())
    sheet = DEMO_SHEETS[0]
    response = client.post("/scorekeeper/import/", {"json": json.dumps(sheet)})
    session = PlaySession.objects.get()
    assert response.url == f"/scorekeeper/{session.public_id}/"
    download = client.get(f"/scorekeeper/{session.public_id}/export.json")
    assert "attachment" in download["Content-Disposition"]
    assert json.loads(download.content) == sheet


def test_import_page_shows_why_a_sheet_is_refused(client):
    client.force_login(user())
    response = client.post("/scorekeeper/import/", {"json": '{"game": "chess"}'})
    assert "Unknown game" in response.content.decode()
    assert not PlaySession.objects.exists()


def test_demo_sessions_load_once():
    from scoring.demo import load_demo_club

    first = load_demo_club()
    second = load_demo_club()
    assert first["sessions"] == len(DEMO_SHEETS) and second["sessions"] == 0
    assert PlaySession.objects.in_progress().count() == 1


@pytest.mark.parametrize("sheet", DEMO_SHEETS, ids=[s["game"] for s in DEMO_SHEETS])
def test_importing_an_exported_sheet_again_skips_it(client, sheet):
    client.force_login(user())
    first = client.post("/scorekeeper/import/", {"json": json.dumps(sheet)})
    session = PlaySession.objects.get()
    exported = client.get(f"/scorekeeper/{session.public_id}/export.json").content
    again = client.post("/scorekeeper/import/", {"json": exported.decode()}, follow=True)
    assert first.status_code == 302 and PlaySession.objects.count() == 1
    assert again.redirect_chain[-1][0] == f"/scorekeeper/{session.public_id}/"
    assert "This sheet is here already; nothing was imported." in again.content.decode()


def test_a_sheet_with_other_entries_is_imported_beside_it(client):
    client.force_login(user())
    sheet = {"game": "sarkophag", "players": ["Anna", "Ben", "Clara"], "limit": 100}
    sheet["rounds"] = [{"heads": {"Anna": 1, "Ben": 2, "Clara": 20}}]
    client.post("/scorekeeper/import/", {"json": json.dumps(sheet)})
    sheet["rounds"] = [{"heads": {"Anna": 2, "Ben": 1, "Clara": 20}}]
    client.post("/scorekeeper/import/", {"json": json.dumps(sheet)})
    assert PlaySession.objects.count() == 2


def test_import_page_refuses_roles_that_are_numbers(client):
    client.force_login(user())
    sheet = {"game": "sarg", "players": ["1", "2"], "roles": {"queen": 1, "king": 2}}
    sheet["rounds"] = [{"queen": 10, "king": 12}] * 6
    response = client.post("/scorekeeper/import/", {"json": json.dumps(sheet)})
    assert response.status_code == 200
    assert "(at roles.queen) Nothing was imported." in response.content.decode()
    assert not PlaySession.objects.exists()
