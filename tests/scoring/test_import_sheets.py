"""`manage.py import_sheets`: all or nothing, index and field of a bad sheet, no duplicates."""

import io
import json

import pytest
from django.core.management import CommandError, call_command

from scoring import ratings
from scoring.models import Player, PlaySession, Rating, RatingEvent, SeatRecord

pytestmark = pytest.mark.django_db

SARG = {
    "game": "sarg",
    "players": ["Anna", "Ben"],
    "roles": {"queen": "Anna", "king": "Ben"},
    "rounds": [{"queen": 10 + i, "king": 12} for i in range(6)],
}
KOPH = {
    "game": "sarkophag",
    "players": ["anna", "Ben", "Clara"],
    "rounds": [{"heads": {"anna": 4, "Ben": 0, "Clara": 9}}],
}


def run(tmp_path, sheets):
    path = tmp_path / "sheets.json"
    path.write_text(json.dumps(sheets))
    out, err = io.StringIO(), io.StringIO()
    call_command("import_sheets", str(path), stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def snapshot():
    return sorted(Rating.objects.values_list("player__name", "game", "mu", "sigma", "games"))


def test_imports_sessions_finished_at_their_dates_with_counts(tmp_path):
    sheets = [
        {**SARG, "date": "2024-05-17", "id": "paper-1"},
        {**KOPH, "date": "2024-05-18T20:30", "mode": "online"},
    ]
    out, err = run(tmp_path, sheets)
    assert "2 sheets read: 2 sessions imported, 0 skipped" in out
    assert out.count("\n") == 1
    assert "reading" in err  # the progress bar
    koph = PlaySession.objects.get(game="sarkophag")
    assert (koph.mode, koph.status, koph.finished_at.day) == ("online", "finished", 18)
    assert Player.objects.filter(name__iexact="anna").count() == 1  # matched, any case
    assert RatingEvent.objects.count() == 5
    assert SeatRecord.objects.get(player__name="Ben", game="sarkophag").fewest_heads == 0


def test_importing_the_same_file_twice_changes_nothing(tmp_path):
    sheets = [{**SARG, "date": "2024-05-17", "id": 7}, {**KOPH, "date": "2024-05-18"}]
    run(tmp_path, sheets)
    before = snapshot()
    out, _ = run(tmp_path, sheets)
    assert "0 sessions imported, 2 skipped" in out
    assert PlaySession.objects.count() == 2
    assert snapshot() == before


def test_ratings_equal_a_full_replay_when_old_history_arrives_late(tmp_path):
    run(tmp_path, [{**SARG, "date": "2025-01-01"}])
    run(
        tmp_path,
        [
            {
                **SARG,
                "date": "2024-01-01",
                "players": ["Ben", "Anna"],
                "roles": {"queen": "Ben", "king": "Anna"},
            }
        ],
    )
    before = snapshot()
    assert ratings.replay("sarg").rows_written == 0
    assert snapshot() == before


@pytest.mark.parametrize(
    ("sheet", "where"),
    [
        ({**SARG, "date": "yesterday"}, "sheet 1, field date"),
        ({**SARG, "date": "２０２４-01-01"}, "sheet 1, field date"),
        ({**SARG, "date": "2024-01-01", "mode": "chess"}, "sheet 1, field mode"),
        ({**SARG, "date": "2024-01-01", "rounds": SARG["rounds"][:3]}, "sheet 1, field rounds"),
        ({**KOPH, "date": "2024-01-01", "rounds": [{"heads": {"anna": "x"}}]}, "sheet 1, field"),
        ("not a sheet", "sheet 1"),
        ({**SARG, "date": "2024-01-01", "roles": {"queen": 1, "king": 2}}, "field roles.queen"),
        (
            {**SARG, "date": "2024-01-01", "players": ["1", "2"], "roles": {"queen": 1, "king": 2}},
            "sheet 1, field roles.queen",
        ),
    ],
)
def test_a_bad_sheet_stops_everything_naming_index_and_field(tmp_path, sheet, where):
    with pytest.raises(CommandError) as caught:
        run(tmp_path, [{**SARG, "date": "2024-01-01"}, sheet])
    assert where in str(caught.value)
    assert "Nothing was imported" in str(caught.value)
    assert not PlaySession.objects.exists()
    assert not Player.objects.exists()


def test_not_json_and_not_a_list_are_refused(tmp_path):
    path = tmp_path / "x.json"
    path.write_text("{nope")
    with pytest.raises(CommandError, match="not valid JSON"):
        call_command("import_sheets", str(path), stdout=io.StringIO(), stderr=io.StringIO())
    with pytest.raises(CommandError, match="list of sheets"):
        run(tmp_path, {"game": "sarg"})


def test_sheets_computed_in_worker_processes_name_the_first_bad_one(monkeypatch):
    from scoring import bulk_import

    monkeypatch.setattr(bulk_import, "CHUNK", 2)
    good = [{**SARG, "date": f"2024-01-{d:02d}"} for d in range(1, 8)]
    bad = [*good[:5], {**SARG, "date": "x"}, {**SARG, "mode": "y", "date": "2024-02-01"}]
    with pytest.raises(bulk_import.ImportRefused) as caught:
        bulk_import.import_sheets(bad, workers=2)
    assert (caught.value.index, caught.value.field) == (5, "date")
    assert not PlaySession.objects.exists()
    counts = bulk_import.import_sheets(good, workers=2)
    assert counts.imported == 7
    dates = PlaySession.objects.order_by("finished_at").values_list("finished_at__day", flat=True)
    assert list(dates) == list(range(1, 8))


def test_a_big_import_renews_the_planner_statistics(monkeypatch):
    """After a bulk load PostgreSQL is told to ANALYZE (SQLite: nothing to do); the import and
    its replay still give the same ratings."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from scoring import bulk_import, bulk_rows

    monkeypatch.setattr(bulk_import, "ANALYZE_AFTER", 1)
    monkeypatch.setattr(ratings, "ANALYZE_AFTER", 1)
    sheets = [{**SARG, "date": f"2024-01-{d:02d}"} for d in range(1, 4)]
    with CaptureQueriesContext(connection) as queries:
        bulk_import.import_sheets(sheets)
    analyzed = [q["sql"] for q in queries if q["sql"].startswith("ANALYZE")]
    assert len(analyzed) == (2 if connection.vendor == "postgresql" else 0)
    before = snapshot()
    assert not ratings.replay("sarg").changed
    assert snapshot() == before
    bulk_rows.analyze(PlaySession)  # callable on its own, on either database


# --- the admin's "JSON to import" export, imported back ---------------------------------------


def phone_session():
    from .organiser_helpers import finished_sarg

    return finished_sarg()


def online_session():
    from tests.games.helpers import bot_table, play_out

    return play_out(bot_table("sarkophag", seats=3), seed=1).session


def imported_session():
    from scoring.bulk_import import import_sheets

    import_sheets([{**SARG, "date": "2025-03-01", "id": "paper-7"}])
    return PlaySession.objects.get()


def exported():
    from scoring.exports import sheet_lines

    return json.loads("".join(sheet_lines(PlaySession.objects.all())))


@pytest.mark.parametrize("origin", [phone_session, online_session, imported_session])
def test_importing_the_admins_export_again_adds_nothing(tmp_path, origin):
    origin()
    sheets = exported()
    before = (snapshot(), PlaySession.objects.count(), Player.objects.count())
    out, _ = run(tmp_path, sheets)
    assert f"0 sessions imported, {len(sheets)} skipped" in out
    assert (snapshot(), PlaySession.objects.count(), Player.objects.count()) == before


def test_importing_the_export_after_a_rename_creates_no_player(tmp_path):
    phone_session()
    sheets = exported()
    Player.objects.filter(name="Ben").update(name="Benjamin", name_key="benjamin")
    before = Player.objects.count()
    out, _ = run(tmp_path, sheets)
    assert "0 new players" in out or "0 new player" in out
    assert Player.objects.count() == before and not Player.objects.filter(name="Ben").exists()


def test_the_same_id_twice_in_one_file_names_both_sheets(tmp_path):
    sheets = [{**SARG, "date": "2024-01-01", "id": "a"}, {**KOPH, "date": "2024-01-02"}]
    sheets.append({**SARG, "date": "2024-01-03", "id": "a"})
    with pytest.raises(CommandError) as caught:
        run(tmp_path, sheets)
    message = str(caught.value)
    assert "sheet 2, field id" in message and "sheet 0" in message
    assert not PlaySession.objects.exists()


# --- the line of counts and a paper sheet's written totals ------------------------------------


def test_the_counts_use_the_singular_for_one(tmp_path):
    out, _ = run(tmp_path, [{**SARG, "date": "2024-05-17", "players": ["Anna", "Ben"]}])
    assert out.strip() == (
        "1 sheet read: 1 session imported, 0 skipped as already there, 2 new players; "
        "ratings replayed for Sarg."
    )
    again, _ = run(tmp_path, [{**SARG, "date": "2024-05-17"}])
    assert again.strip() == (
        "1 sheet read: 0 sessions imported, 1 skipped as already there, 0 new players; "
        "no ratings to replay."
    )


def test_the_counts_in_german_have_their_plural_forms():
    from django.utils import translation

    from scoring.bulk_import import Counts

    with translation.override("de"):
        one = Counts(sheets=1, imported=1, skipped=0, new_players=1, games=["sarg"]).line()
        none = Counts(sheets=2, skipped=2).line()
    assert one.startswith("1 Blatt gelesen: 1 Partie importiert, 0 als schon vorhanden")
    assert "1 neuer Spieler; Wertungen neu berechnet für Sarg." in one
    assert none.startswith("2 Blätter gelesen: 0 Partien importiert")
    assert none.endswith("0 neue Spieler; keine Wertungen neu zu berechnen.")


def test_written_totals_are_checked_and_not_stored(tmp_path):
    from scoring.models import Round

    sacrifice = {
        "game": "sacrifice",
        "players": ["Anna", "Ben"],
        "trophies": {"Anna": ["KH", "JK"], "Ben": ["QS"]},
        "sacrificed": {"Anna": ["AS", "7D"], "Ben": ["KD"]},
    }
    from scoring.calculators import compute

    totals = compute(sacrifice)["totals"]
    run(tmp_path, [{**sacrifice, "date": "2024-05-17", "totals": totals}])
    assert "totals" not in Round.objects.get().entry
    assert {s.player.name: s.score for s in PlaySession.objects.get().seats.all()} == totals


def test_a_written_total_that_differs_stops_the_import_naming_sheet_and_player(tmp_path):
    written = {"Anna": 999, "Ben": 12 * 6}
    sheets = [{**SARG, "date": "2024-05-17"}, {**SARG, "date": "2024-05-18", "totals": written}]
    with pytest.raises(CommandError) as caught:
        run(tmp_path, sheets)
    message = str(caught.value)
    assert "sheet 1, field totals.Anna" in message and "written for Anna is 999" in message
    assert not PlaySession.objects.exists()
