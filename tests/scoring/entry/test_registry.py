"""One registry maps a game's name to its entry module; every game has one."""

import ast
from pathlib import Path

import scoring
from scoring.calculators import GAMES, compute
from scoring.entry import END_GAMES, ENTRIES, build_sheet, entry_of

NAMES = ["Anna", "Ben", "Clara"]


def test_every_game_of_the_calculators_has_its_entry_module():
    assert set(ENTRIES) == set(GAMES)
    for game, module in ENTRIES.items():
        assert (game, module.GAME) == (module.GAME, game)
        assert module.__name__ == f"scoring.entry.{game}"
        assert entry_of(game) is module


def test_end_games_are_the_ones_entered_once():
    assert set(END_GAMES) == {"sarcophagus", "sacrifice"}


def test_an_empty_form_of_each_game_builds_a_sheet_the_calculators_read():
    for game in ENTRIES:
        names = NAMES if game == "sarkophag" else NAMES[:2]
        roles = {"queen": "Anna", "king": "Ben"} if game == "sarg" else {}
        sheet = build_sheet(game, names, roles, {}, [])
        assert compute(sheet)["players"] == names


def test_no_if_game_chains_in_the_scorekeeper():
    """The dispatch on a game's name is the registry's, not ``if game == "..."`` chains."""
    root = Path(scoring.__file__).parent
    for path in [*root.glob("entry/*.py"), root / "views" / "sheet_context.py"]:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Compare) and any(isinstance(o, ast.Eq) for o in node.ops):
                values = [getattr(c, "value", None) for c in node.comparators]
                assert not set(values) & set(GAMES), f"{path.name}:{node.lineno}"
