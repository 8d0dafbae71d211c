"""`manage.py score FILE`: the issue's four example sheets, and refusals."""

import json

import pytest
from django.core.management import CommandError, call_command

EXAMPLES = {
    "sarkophag": {
        "game": "sarkophag",
        "players": ["Anna", "Ben", "Clara"],
        "limit": 100,
        "rounds": [
            {"heads": {"Anna": 12, "Ben": 0, "Clara": 7}},
            {"cards": {"Anna": [22, 15], "Ben": [], "Clara": [9, 8, 36]}},
        ],
    },
    "sarg": {
        "game": "sarg",
        "players": ["Anna", "Ben"],
        "roles": {"queen": "Anna", "king": "Ben"},
        "rounds": [
            {"grid": [["QH", "7S", "2C"], ["JK", "5D", "9D"], ["AH", "KS", "3C"]]},
            {"queen": 38, "king": 30},
        ],
    },
    "sarcophagus": {
        "game": "sarcophagus",
        "players": ["Ron", "Amy"],
        "tiles": {"Ron": ["5-sun", "2-moon"], "Amy": ["ace-sun", "null-arms"]},
        "sarcophagus": {"Amy": ["null-moon"]},
        "discard": {"Ron": "2-moon"},
    },
    "sacrifice": {
        "game": "sacrifice",
        "players": ["Anna", "Ben"],
        "trophies": {"Anna": ["KH", "JK"], "Ben": ["QS"]},
        "sacrificed": {"Anna": ["AS", "7D"], "Ben": ["KD"]},
    },
}
TOTALS = {
    "sarkophag": {"Anna": 19, "Ben": 0, "Clara": 11},
    "sarg": {"Anna": 57, "Ben": 74},
    "sarcophagus": {"Ron": 7, "Amy": 0},
    "sacrifice": {"Anna": 42, "Ben": 20},
}


def run(path) -> dict:
    from io import StringIO

    out = StringIO()
    call_command("score", str(path), stdout=out)
    return json.loads(out.getvalue())


@pytest.mark.parametrize("game", EXAMPLES)
def test_issue_examples_print_totals_winners_and_a_breakdown(tmp_path, game):
    path = tmp_path / f"{game}.json"
    path.write_text(json.dumps(EXAMPLES[game]))
    result = run(path)
    assert result["totals"] == TOTALS[game]
    assert result["winners"]
    assert "breakdown" in result


def test_invalid_sheet_is_a_command_error_naming_the_field(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({**EXAMPLES["sarg"], "rounds": [{"queen": -3, "king": 1}]}))
    with pytest.raises(CommandError, match=r"Invalid sheet \[rounds.0.queen\]: .*negative"):
        run(path)


def test_broken_json_is_a_command_error(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{")
    with pytest.raises(CommandError, match="not valid JSON"):
        run(path)


def test_command_line_exit_code_and_stderr(tmp_path):
    import subprocess
    import sys

    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"game": "sarg", "players": ["Solo"]}))
    done = subprocess.run(
        [sys.executable, "manage.py", "score", str(path)],
        capture_output=True,
        text=True,
        env={**__import__("os").environ, "DEBUG": "true"},
    )
    assert done.returncode == 1
    assert done.stdout == ""
    assert "2 players, not 1" in done.stderr
