"""Sacrifice's S9 loss by running out of cards on the scorekeeper: the entry form's choice,
the saved sheet and its page, import, export, bulk import and renames."""

import io
import json
import re

import pytest
from django.core.management import CommandError, call_command

from scoring import player_organising, sheet_import, sheets, stored_sheets
from scoring.calculators import compute
from scoring.models import PlaySession, Rating
from tests.scoring.organiser_helpers import organiser, player

from .sheet_helpers import entry_url, players, user

pytestmark = pytest.mark.django_db

# Anna leads on points (45 to 10) but ran out of cards: Ben wins (S9).
ENTRY = {
    "trophies": {"Anna": ["KH", "JK", "QD"], "Ben": ["QS"]},
    "sacrificed": {"Anna": ["AS"], "Ben": []},
    "lost_by_cards": "Anna",
}
SHEET = {"game": "sacrifice", "players": ["Anna", "Ben"], **ENTRY}
FACES = [r + s for r in "JQK" for s in "HSDC"]


def alerts(response) -> list[str]:
    return re.findall(r'role="alert"[^>]*>([^<]+)', response.content.decode())


def places(session):
    return {s.player.name: s.place for s in session.seats.select_related("player")}


def post(**data):
    return {
        "trophies-0": ["KH", "JK#1", "QD"],
        "trophies-1": ["QS"],
        "sacrificed-0": ["AS"],
        **data,
    }


# --- the entry form ---------------------------------------------------------------------------


def test_the_form_asks_whether_someone_ran_out_of_cards(client, owner):
    session = sheets.create_session("sacrifice", owner, players("Anna", "Ben"))
    body = client.get(f"/scorekeeper/{session.public_id}/").content.decode()
    assert "Did someone run out of cards?" in body
    assert "fewer than 7 cards" in body
    radios = re.findall(
        r'<input type="radio" name="lost_by_cards" value="([^"]*)"( checked)?', body
    )
    assert radios == [("", " checked"), ("0", ""), ("1", "")]
    assert "Anna ran out of cards and lost" in body and "Ben ran out of cards and lost" in body


def test_a_tap_keeps_the_choice_and_saves_nothing(client, owner):
    session = sheets.create_session("sacrifice", owner, players("Anna", "Ben"))
    response = client.post(entry_url(session), post(lost_by_cards="0"), HTTP_HX_REQUEST="true")
    body = response.content.decode()
    assert re.search(r'name="lost_by_cards" value="0" checked', body)
    assert not session.rounds.exists()


def test_saving_a_loss_by_cards_ranks_the_loser_second_and_the_page_says_why(client, owner):
    session = sheets.create_session("sacrifice", owner, players("Anna", "Ben"))
    data = post(lost_by_cards="0", action="save", seen="0")
    response = client.post(entry_url(session), data, HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and not alerts(response)
    assert session.rounds.get().named_entry() == ENTRY
    assert places(session) == {"Anna": 2, "Ben": 1}
    assert {s.player.name: s.score for s in session.seats.select_related("player")} == {
        "Anna": 45,
        "Ben": 10,
    }
    body = client.get(f"/scorekeeper/{session.public_id}/").content.decode()
    assert "Anna has fewer than 7 cards left and loses: Ben wins." in body
    assert re.search(r'name="lost_by_cards" value="0" checked', body)
    client.post(f"/scorekeeper/{session.public_id}/finish/", {"seen": "1"})
    session.refresh_from_db()
    assert session.status == PlaySession.Status.FINISHED
    assert places(session) == {"Anna": 2, "Ben": 1}
    body = client.get(f"/scorekeeper/{session.public_id}/").content.decode()
    assert "Anna has fewer than 7 cards left and loses: Ben wins." in body
    exported = client.get(f"/scorekeeper/{session.public_id}/export.json")
    assert json.loads(exported.content) == SHEET


def test_choosing_nobody_again_takes_the_loss_back(client, owner):
    session = sheets.create_session("sacrifice", owner, players("Anna", "Ben"))
    client.post(entry_url(session), post(lost_by_cards="0", action="save", seen="0"))
    client.post(entry_url(session), post(lost_by_cards="", action="save", seen="1"))
    assert "lost_by_cards" not in session.rounds.get().named_entry()
    assert places(session) == {"Anna": 1, "Ben": 2}
    body = client.get(f"/scorekeeper/{session.public_id}/").content.decode()
    assert "fewer than 7 cards left" not in body


def test_a_loss_by_cards_after_all_14_trophies_is_refused_on_the_form(client, owner):
    session = sheets.create_session("sacrifice", owner, players("Anna", "Ben"))
    data = {
        "trophies-0": [*FACES[:6], "JK#1"],
        "trophies-1": [*FACES[6:], "JK#2"],
        "lost_by_cards": "1",
        "action": "save",
        "seen": "0",
    }
    response = client.post(entry_url(session), data, HTTP_HX_REQUEST="true")
    assert any("14 trophies" in a for a in alerts(response))
    assert 'class="lost-by-cards field-invalid"' in response.content.decode()
    assert not session.rounds.exists()


# --- import and export ------------------------------------------------------------------------


def test_import_then_export_keeps_the_loss_by_cards():
    session = sheet_import.import_sheet(SHEET, user())
    assert session.status == PlaySession.Status.FINISHED
    assert places(session) == {"Anna": 2, "Ben": 1}
    assert sheet_import.export_sheet(session) == SHEET


def test_an_import_names_the_loser_as_the_club_spells_them():
    player("Anna")
    sheet = {
        "game": "sacrifice",
        "players": ["anna", "Ben"],
        "trophies": {"anna": ["KH"], "Ben": ["QS"]},
        "sacrificed": {"anna": ["AS"]},
        "lost_by_cards": "anna",
    }
    session = sheet_import.import_sheet(sheet, user())
    assert session.rounds.get().named_entry()["lost_by_cards"] == "Anna"
    assert places(session) == {"Anna": 2, "Ben": 1}
    with pytest.raises(sheet_import.AlreadyImported):
        sheet_import.import_sheet(sheet, user(name="other"), skip_same=True)


def test_an_import_with_a_bad_loser_by_cards_is_refused_naming_the_field():
    with pytest.raises(sheets.EditRefused) as refused:
        sheet_import.import_sheet({**SHEET, "lost_by_cards": "Clara"}, user())
    assert refused.value.field == "lost_by_cards"
    assert not PlaySession.objects.exists()


def run_import(tmp_path, data):
    path = tmp_path / "sheets.json"
    path.write_text(json.dumps(data))
    out = io.StringIO()
    call_command("import_sheets", str(path), stdout=out, stderr=io.StringIO())
    return out.getvalue()


def test_the_import_command_takes_the_loss_by_cards_and_rates_by_it(tmp_path):
    out = run_import(tmp_path, [{**SHEET, "date": "2024-05-17"}])
    assert "1 session imported" in out
    session = PlaySession.objects.get()
    assert places(session) == {"Anna": 2, "Ben": 1}
    assert session.rounds.get().named_entry() == ENTRY
    assert sheet_import.export_sheet(session) == SHEET
    anna, ben = (Rating.objects.get(player__name=n, game="sacrifice") for n in ("Anna", "Ben"))
    assert ben.mu > anna.mu
    assert "0 sessions imported, 1 skipped" in run_import(
        tmp_path, [{**SHEET, "date": "2024-05-17"}]
    )


def test_the_import_command_matches_the_loser_to_the_club_spelling(tmp_path):
    player("Anna")
    sheet = {**SHEET, "players": ["ANNA", "Ben"], "lost_by_cards": "ANNA"}
    sheet["trophies"] = {"ANNA": ["KH"], "Ben": ["QS"]}
    sheet["sacrificed"] = {"ANNA": ["AS"]}
    run_import(tmp_path, [{**sheet, "date": "2024-05-17"}])
    session = PlaySession.objects.get()
    assert session.rounds.get().named_entry()["lost_by_cards"] == "Anna"
    assert compute(stored_sheets.sheet_of(session))["winners"] == ["Ben"]


@pytest.mark.parametrize(
    ("change", "field"),
    [({"lost_by_cards": "Clara"}, "lost_by_cards"), ({"lost_by_card": "Anna"}, "lost_by_card")],
)
def test_the_import_command_refuses_a_bad_loss_by_cards(tmp_path, change, field):
    with pytest.raises(CommandError) as caught:
        run_import(tmp_path, [{**SHEET, **change, "date": "2024-05-17"}])
    assert f"sheet 0, field {field}" in str(caught.value)
    assert not PlaySession.objects.exists()


# --- renames --------------------------------------------------------------------------------


def test_a_rename_rewrites_the_loser_by_cards_so_the_sheet_still_computes():
    olga = organiser()
    session = sheet_import.import_sheet(SHEET, user())
    anna = session.seats.get(position=0).player
    player_organising.rename(anna, "Anna B", by=olga, reason="Surname.")
    assert session.rounds.get().named_entry()["lost_by_cards"] == "Anna B"
    assert compute(stored_sheets.sheet_of(session))["winners"] == ["Ben"]
    assert places(session) == {"Anna B": 2, "Ben": 1}
