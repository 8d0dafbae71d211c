"""Stored rounds name seats, not players: names live only in the sheet format."""

import pytest
from django.contrib.auth.models import User

from scoring import player_organising, sheet_import, sheets
from scoring.models import Round
from scoring.seat_keys import to_names, to_seats
from tests.scoring.organiser_helpers import organiser, player

pytestmark = pytest.mark.django_db

NAMES = ["Anna", "Ben"]
SACRIFICE = {
    "trophies": {"Anna": ["KH", "JK", "QD"], "Ben": ["QS"]},
    "sacrificed": {"Anna": ["AS"]},
    "lost_by_cards": "Anna",
}


def test_to_seats_keys_every_per_player_map_and_name_value_by_seat():
    assert to_seats(SACRIFICE, NAMES) == {
        "trophies": {"0": ["KH", "JK", "QD"], "1": ["QS"]},
        "sacrificed": {"0": ["AS"]},
        "lost_by_cards": 0,
    }


def test_to_names_gives_the_sheet_format_back():
    assert to_names(to_seats(SACRIFICE, NAMES), NAMES) == SACRIFICE


def test_sarg_entries_name_nobody_and_stay_as_they_are():
    grid = {"grid": [["QH", "7S", "2C"], ["JK", "5D", "9D"], ["AH", "KS", "3C"]]}
    assert to_seats(grid, NAMES) == grid
    assert to_seats({"queen": 38, "king": 30}, NAMES) == {"queen": 38, "king": 30}


def test_a_player_named_like_a_seat_number_keeps_their_seat():
    names = ["1", "0"]
    entry = {"heads": {"1": 4, "0": 9}}
    assert to_seats(entry, names) == {"heads": {"0": 4, "1": 9}}
    assert to_names(to_seats(entry, names), names) == entry


def test_a_saved_round_is_stored_by_seat():
    owner = User.objects.create_user("keeper")
    seated = [player("Anna"), player("Ben"), player("Cleo")]
    session = sheets.create_session("sarkophag", owner, seated)
    heads = {"Anna": 12, "Ben": 7, "Cleo": 9}
    sheets.apply_edit(session.public_id, owner, "add", entry={"heads": heads})
    stored = Round.objects.get(session=session)
    assert stored.entry == {"heads": {"0": 12, "1": 7, "2": 9}}
    assert stored.named_entry() == {"heads": heads}


def test_a_rename_writes_no_round_and_the_export_names_the_player_anew():
    owner = User.objects.create_user("keeper")
    anna = player("Anna")
    session = sheets.create_session("sacrifice", owner, [anna, player("Ben")])
    sheets.apply_edit(session.public_id, owner, "end", entry=SACRIFICE)
    version = Round.objects.get(session=session).changed_in_version
    stored = Round.objects.get(session=session).entry
    player_organising.rename(anna, "Anna B", by=organiser(), reason="Surname.")
    round_ = Round.objects.get(session=session)
    assert (round_.entry, round_.changed_in_version) == (stored, version)
    exported = sheet_import.export_sheet(session)
    assert exported["lost_by_cards"] == "Anna B"
    assert exported["trophies"]["Anna B"] == ["KH", "JK", "QD"]
