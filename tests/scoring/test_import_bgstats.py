"""`manage.py import_bgstats`: a BG Stats export's plays of the four games, matched by name,
previewed with --dry-run, skipped by uuid when seen before, all or nothing."""

import copy
import io
import json

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from scoring import ratings
from scoring.bgstats import places_of
from scoring.models import Player, PlaySession, Rating, Seat

pytestmark = pytest.mark.django_db

EXPORT = {
    "games": [
        {"id": 1, "name": "Sarg", "uuid": "g1"},
        {"id": 2, "name": "Sarkophag", "uuid": "g2"},
        {"id": 3, "name": "Catan", "uuid": "g3"},
    ],
    "players": [
        {"id": 10, "name": "anna"},
        {"id": 11, "name": "Ben"},
        {"id": 12, "name": "Clara"},
    ],
    "locations": [{"id": 5, "name": "vereinsheim"}, {"id": 6, "name": "Park"}],
    "plays": [
        {
            "uuid": "p-1",
            "playDate": "2024-05-17 20:30:00",
            "gameRefId": 1,
            "locationRefId": 5,
            "comments": "Finale",
            "playerScores": [
                {"playerRefId": 10, "score": "120", "winner": True, "rank": 0, "seatOrder": 0},
                {"playerRefId": 11, "score": "98", "winner": False, "rank": 0, "seatOrder": 1},
            ],
        },
        {
            "uuid": "p-2",
            "playDate": "2024-05-18 19:00:00",
            "gameRefId": 2,
            "locationRefId": 6,
            "playerScores": [
                {"playerRefId": 10, "score": "12", "winner": False, "rank": 0},
                {"playerRefId": 11, "score": "3", "winner": True, "rank": 0},
                {"playerRefId": 12, "score": "3", "winner": True, "rank": 0},
            ],
        },
        {
            "uuid": "p-3",
            "playDate": "2024-05-18 21:00:00",
            "gameRefId": 3,
            "playerScores": [{"playerRefId": 10, "score": "9"}, {"playerRefId": 11}],
        },
    ],
}


def run(tmp_path, data, *args):
    path = tmp_path / "bgstats.json"
    path.write_text(json.dumps(data))
    out = io.StringIO()
    call_command("import_bgstats", str(path), *args, stdout=out)
    return out.getvalue()


def test_the_plays_of_the_four_games_come_in_with_date_place_and_notes(tmp_path):
    PlaySession.objects.create(game="sarg", location="Vereinsheim")
    Player.objects.create(name="Anna")
    out = run(tmp_path, EXPORT)
    assert "2 new" in out and "1 left out" in out
    sarg = PlaySession.objects.get(game="sarg", status="finished")
    local = timezone.localtime(sarg.finished_at, timezone.get_default_timezone())
    assert (local.date().isoformat(), local.hour, local.minute) == ("2024-05-17", 20, 30)
    assert (sarg.location, sarg.notes) == ("Vereinsheim", "Finale")  # the club's spelling
    seats = list(sarg.seats.order_by("position").values_list("player__name", "score", "place"))
    assert seats == [("Anna", 120, 1), ("Ben", 98, 2)]
    assert Player.objects.count() == 3


def test_winners_tie_and_fewest_heads_place_first_in_sarkophag(tmp_path):
    run(tmp_path, EXPORT)
    seats = Seat.objects.filter(session__game="sarkophag").order_by("position")
    assert list(seats.values_list("player__name", "place")) == [
        ("anna", 3),
        ("Ben", 1),
        ("Clara", 1),
    ]


def test_imported_plays_are_rated_as_a_full_replay(tmp_path):
    run(tmp_path, EXPORT)
    kept = sorted(Rating.objects.values_list("player__name", "game", "mu", "sigma"))
    assert len(kept) == 5
    assert ratings.replay("sarg").rows_written == 0
    assert ratings.replay("sarkophag").rows_written == 0


def test_a_dry_run_lists_what_would_be_created_and_writes_nothing(tmp_path):
    out = run(tmp_path, EXPORT, "--dry-run")
    assert "nothing was written" in out
    assert "new players: anna, Ben, Clara" in out
    assert "new locations: Park, vereinsheim" in out
    assert not PlaySession.objects.exists() and not Player.objects.exists()


def test_a_second_import_skips_the_plays_by_their_uuid(tmp_path):
    run(tmp_path, EXPORT)
    kept = sorted(Rating.objects.values_list("player__name", "game", "mu", "sigma"))
    out = run(tmp_path, EXPORT)
    assert "0 new" in out and "2 imported before" in out
    assert PlaySession.objects.count() == 2
    assert sorted(Rating.objects.values_list("player__name", "game", "mu", "sigma")) == kept


def test_a_bad_play_stops_the_import_naming_it_and_nothing_is_written(tmp_path):
    data = copy.deepcopy(EXPORT)
    data["plays"][1]["playerScores"][2]["score"] = "lots"
    with pytest.raises(CommandError, match=r"plays\.1\.playerScores\.2\.score"):
        run(tmp_path, data)
    assert not PlaySession.objects.exists() and not Player.objects.exists()


def test_a_play_in_the_future_is_refused(tmp_path):
    data = copy.deepcopy(EXPORT)
    data["plays"][0]["playDate"] = "2999-01-01 20:00:00"
    with pytest.raises(CommandError, match=r"plays\.0\.playDate"):
        run(tmp_path, data)
    assert not PlaySession.objects.exists()


def test_a_file_that_is_no_export_is_refused_with_a_message(tmp_path):
    with pytest.raises(CommandError, match="not a BG Stats export"):
        run(tmp_path, [{"game": "sarg"}])


def test_ranks_given_for_every_seat_are_the_places():
    seats = [{"rank": 2, "score": 1}, {"rank": 1, "score": 0}, {"rank": 2, "score": 5}]
    assert places_of("sarg", seats, "x") == [2, 1, 2]


def test_the_sheet_page_shows_the_final_scores_of_an_imported_play(tmp_path, client):
    run(tmp_path, EXPORT)
    sarg = PlaySession.objects.get(game="sarg")
    page = client.get(f"/scorekeeper/{sarg.public_id}/").content.decode()
    assert "120" in page and "98" in page


def test_the_json_to_import_leaves_out_plays_with_final_scores_only(tmp_path):
    from scoring.exports import sheet_lines

    run(tmp_path, EXPORT)
    assert json.loads("".join(sheet_lines(PlaySession.objects.all()))) == []
