"""Hostile score sheets: odd types, deep nesting, huge numbers, unknown keys, loose card
notation, over-long or unstorable text. Each is refused with a message naming where, by the
calculators (so by every path), by `manage.py score` (an error, never a traceback) and by the
import page (a message, nothing stored)."""

import json
import subprocess
import sys

import pytest
from django.core.management import CommandError, call_command

from scoring import sheet_import
from scoring.calculators import SheetError, compute
from scoring.models import Player, PlaySession
from scoring.sheet_text import MAX_SHEET_BYTES

from .sheet_helpers import user

SARG = {"game": "sarg", "players": ["Anna", "Ben"], "roles": {"queen": "Anna", "king": "Ben"}}
KOPH = {"game": "sarkophag", "players": ["Anna", "Ben", "Clara"]}
SARC = {"game": "sarcophagus", "players": ["Ron", "Amy"]}
SACR = {"game": "sacrifice", "players": ["Anna", "Ben"]}
SQUARE = [["QH", "7S", "2C"], ["JK", "5D", "9D"], ["AH", "KS", "3C"]]


def nested(depth: int):
    value: object = "x"
    for _ in range(depth):
        value = [value]
    return value


# (sheet, the field the refusal names, a piece of its message)
HOSTILE = {
    "roles not an object": ({**SARG, "roles": ["Anna", "Ben"]}, "roles", "Queen"),
    "ints for names": ({**SARG, "players": [1, 2]}, "players", "list of names"),
    "lone surrogate": ({**SARG, "players": ["A\ud800", "Ben"]}, "players.0", "surrogate"),
    "NUL in a name": ({**SACR, "players": ["A\x00", "Ben"]}, "players.0", "NUL"),
    "NUL in a card": ({**SACR, "trophies": {"Anna": ["K\x00H"]}}, "trophies.Anna.0", "NUL"),
    "over-long key": ({**SACR, "trophies": {"x" * 5000: []}}, "trophies", "at most 100"),
    "over-long name": ({**SACR, "players": ["x" * 41, "Ben"]}, "players", "at most 40"),
    "look-alike names": ({**SACR, "players": ["Anna", "ＡＮＮＡ"]}, "players", "only once"),
    "deep nesting": ({**KOPH, "rounds": nested(500)}, "rounds.0.0.0.0.0.0", "nested deeper"),
    "huge number": ({**KOPH, "limit": 10**4000}, "limit", "big"),
    "huge heads": (
        {**KOPH, "rounds": [{"heads": {"Anna": 10**50, "Ben": 0, "Clara": 0}}]},
        "rounds.0.heads.Anna",
        "big",
    ),
    "NaN": ({**KOPH, "limit": float("nan")}, "limit", "big"),
    "unknown sheet key": ({**SARG, "comment": "hi"}, "comment", "comment"),
    "unknown round key": (
        {**KOPH, "rounds": [{"heads": {"Anna": 1, "Ben": 0, "Clara": 0}, "note": "x"}]},
        "rounds.0.note",
        "note",
    ),
    "unknown key beside a square": (
        {**SARG, "rounds": [{"grid": SQUARE, "queen": 1}]},
        "rounds.0.queen",
        "queen",
    ),
    "lowercase card in a square": (
        {**SARG, "rounds": [{"grid": [["qh", *SQUARE[0][1:]], *SQUARE[1:]]}]},
        "rounds.0.grid",
        "as QH",
    ),
    "lowercase trophy": ({**SACR, "trophies": {"Anna": ["kh"]}}, "trophies.Anna", "as KH"),
    "spaced sacrifice": ({**SACR, "sacrificed": {"Anna": [" AS"]}}, "sacrificed.Anna", "as AS"),
    "capitalised tile": ({**SARC, "tiles": {"Ron": ["5-Sun"]}}, "tiles.Ron", "as 5-sun"),
    "capitalised discard": (
        {**SARC, "tiles": {"Ron": ["5-sun"]}, "discard": {"Ron": "5-SUN"}},
        "discard.Ron",
        "as 5-sun",
    ),
    "a player named like a field": (
        {**KOPH, "players": ["cards", "heads", "limit"], "rounds": [{"cards": {"heads": [99]}}]},
        "rounds.0.cards.heads",
        "1 to 60",
    ),
    "a set as a value": ({**KOPH, "limit": {1, 2}}, "limit", "only text"),
}


@pytest.mark.parametrize("name", HOSTILE)
def test_the_calculators_refuse_it_naming_where(name):
    sheet, field, words = HOSTILE[name]
    with pytest.raises(SheetError) as refused:
        compute(sheet)
    assert refused.value.field == field
    assert words in refused.value.message


def test_players_named_like_fields_are_still_scored():
    sheet = {
        **KOPH,
        "players": ["cards", "heads", "limit"],
        "limit": 100,
        "rounds": [{"cards": {"heads": [22, 15]}}, {"heads": {"cards": 1, "heads": 0, "limit": 0}}],
    }
    assert compute(sheet)["totals"] == {"cards": 1, "heads": 7, "limit": 0}


JSON_ONLY = {k: v for k, v in HOSTILE.items() if k not in ("a set as a value",)}


def as_json(sheet) -> str:
    return json.dumps(sheet, allow_nan=True)


@pytest.mark.parametrize("name", JSON_ONLY)
def test_the_score_command_says_what_is_wrong(tmp_path, name):
    path = tmp_path / "sheet.json"
    path.write_text(as_json(HOSTILE[name][0]), encoding="utf-8", errors="surrogatepass")
    with pytest.raises(CommandError, match=r"Invalid sheet"):
        call_command("score", str(path))


@pytest.mark.parametrize(
    "content",
    [
        b"\xff\xfe not utf-8",
        b'{"game": "sarg", "limit": ' + b"9" * 5000 + b"}",
        b"[" * 100_000 + b"]" * 100_000,
        b"{" * 50,
        b" " * (MAX_SHEET_BYTES + 1),
        b"",
    ],
    ids=["not utf-8", "5000 digits", "deep json", "broken json", "over 1 MB", "empty"],
)
def test_the_score_command_refuses_unreadable_files(tmp_path, content):
    path = tmp_path / "sheet.json"
    path.write_bytes(content)
    with pytest.raises(CommandError):
        call_command("score", str(path))


def test_the_command_line_prints_an_error_never_a_traceback(tmp_path):
    files = []
    for n, content in enumerate(
        [b"\xff", b'{"game": "sarg", "players": ["\\ud800", "B"]}', b"[" * 100_000, b"9" * 5000]
    ):
        files.append(tmp_path / f"{n}.json")
        files[-1].write_bytes(content)
    files.append(tmp_path)  # a directory
    for path in files:
        done = subprocess.run(
            [sys.executable, "manage.py", "score", str(path)],
            capture_output=True,
            text=True,
            env={**__import__("os").environ, "DEBUG": "true"},
        )
        assert done.returncode == 1, path
        assert "Traceback" not in done.stderr and done.stderr.strip(), done.stderr


@pytest.mark.django_db
@pytest.mark.parametrize("name", JSON_ONLY)
def test_the_import_page_refuses_it_and_stores_nothing(client, name):
    client.force_login(user())
    players_before = Player.objects.count()
    text = as_json(HOSTILE[name][0])
    response = client.post("/scorekeeper/import/", {"json": text})
    assert response.status_code == 200
    assert "Nothing was imported" in response.content.decode()
    assert not PlaySession.objects.exists()
    assert Player.objects.count() == players_before


@pytest.mark.django_db
def test_an_upload_over_1_mb_is_refused_with_a_message(client):
    from django.core.files.uploadedfile import SimpleUploadedFile

    client.force_login(user())
    big = b'{"game": "sarg", "pad": "' + b"x" * MAX_SHEET_BYTES + b'"}'
    response = client.post(
        "/scorekeeper/import/", {"file": SimpleUploadedFile("big.json", big, "application/json")}
    )
    assert response.status_code == 200
    assert "at most 1 MB" in response.content.decode()
    assert not PlaySession.objects.exists()


@pytest.mark.django_db
def test_a_paste_over_1_mb_is_refused_with_a_message(client):
    client.force_login(user())
    big = '{"game": "sarg", "pad": "' + "x" * MAX_SHEET_BYTES + '"}'
    response = client.post("/scorekeeper/import/", {"json": big})
    page = response.content.decode()
    assert response.status_code == 200 and "at most 1 MB" in page
    assert "x" * 1000 not in page  # the megabyte is not sent back
    assert not PlaySession.objects.exists()


@pytest.mark.django_db
def test_a_body_far_over_the_limit_is_a_bad_request_not_a_crash(client):
    client.force_login(user())
    response = client.post("/scorekeeper/import/", {"json": "x" * (5 * MAX_SHEET_BYTES)})
    assert response.status_code == 400


@pytest.mark.django_db
def test_an_export_serves_back_only_what_was_entered():
    sheet = {**SARG, "rounds": [{"grid": SQUARE}, {"queen": 5, "king": 7}]}
    session = sheet_import.import_sheet(sheet, user())
    assert sheet_import.export_sheet(session) == sheet
