"""The phone's provisional totals (static/js/provisional.js and each game's rule,
static/js/provisional-<game>.js) against the server's calculators (scoring.calculators) on the
same sheets, in the browser that runs them: random sheets of every game, so the JavaScript
cannot drift from the rules without a test failing."""

import random
from pathlib import Path

import pytest

from games.engines.sacrifice import MARKET, STARTERS, TROPHIES
from games.engines.sarcophagus.tiles import TILES
from games.engines.sarg import DECK
from scoring.calculators import SheetError, compute

SCRIPTS = Path(__file__).resolve().parents[2] / "static" / "js"
NAMES = ["Anna", "Ben", "Clara", "Dora", "Emil", "Fritz"]
SHEETS_PER_GAME = 150


def sarkophag(rng: random.Random) -> dict:
    players = NAMES[: rng.randint(3, 6)]
    rounds = []
    for _ in range(rng.randint(1, 4)):
        if rng.random() < 0.5:
            rounds.append({"heads": {name: rng.randint(0, 12) for name in players}})
        else:
            deck = rng.sample(range(1, 61), 10 * len(players))
            rounds.append({"cards": {n: deck[i * 10 : i * 10 + rng.randint(0, 10)]
                                     for i, n in enumerate(players)}})  # fmt: skip
    return {"game": "sarkophag", "players": players, "limit": 10_000, "rounds": rounds}


def sarg(rng: random.Random) -> dict:
    if rng.random() < 0.2:  # equal totals at the end: the bonus goes by the best round (G6)
        queen = [rng.randint(0, 60) for _ in range(6)]
        king = list(queen)
        i, j = rng.sample(range(6), 2)
        shift = rng.randint(0, king[j])  # the same total, another best round
        king[i], king[j] = king[i] + shift, king[j] - shift
        rounds = [{"queen": q, "king": k} for q, k in zip(queen, king, strict=True)]
        return {"game": "sarg", "players": ["Anna", "Ben"],
                "roles": {"queen": "Ben", "king": "Anna"}, "rounds": rounds}  # fmt: skip
    rounds = []
    deck = list(DECK)
    rng.shuffle(deck)
    for number in range(rng.randint(1, 6)):
        if rng.random() < 0.7:
            cards = deck[number * 9 : number * 9 + 9]
            rounds.append({"grid": [cards[0:3], cards[3:6], cards[6:9]]})
        else:
            score = rng.randint(0, 60)
            tie = rng.random() < 0.3
            rounds.append({"queen": score, "king": score if tie else rng.randint(0, 60)})
    queen, king = rng.sample(["Anna", "Ben"], 2)
    roles = {"queen": queen, "king": king}
    return {"game": "sarg", "players": ["Anna", "Ben"], "roles": roles, "rounds": rounds}


def sarcophagus(rng: random.Random) -> dict:
    players = NAMES[: rng.randint(2, 4)]
    claimable = [t for t in TILES if t.startswith(("null-", "5-"))]
    buried_tiles = rng.sample(claimable, rng.randint(0, 3))
    rest = [t for t in TILES if t not in buried_tiles]
    rng.shuffle(rest)
    tiles = {name: rest[i :: len(players)][: rng.randint(0, 6)] for i, name in enumerate(players)}
    if rng.random() < 0.3:  # a whole suit's numbers, for the biggest set bonus
        suit = rng.choice(("sun", "moon", "crown", "arms"))
        whole = [f"{v}-{suit}" for v in "2345"]
        tiles = {name: [t for t in held if t not in whole] for name, held in tiles.items()}
        tiles[players[0]] += whole
    buried: dict[str, list[str]] = {}
    for tile in buried_tiles:
        buried.setdefault(rng.choice(players), []).append(tile)
    discard = {}
    for name in buried:
        numbers = [t for t in tiles[name] + buried[name] if t.split("-")[0] in "2345"]
        if numbers and rng.random() < 0.5:
            discard[name] = rng.choice(numbers)
    return {"game": "sarcophagus", "players": players, "tiles": tiles, "sarcophagus": buried,
            "discard": discard}  # fmt: skip


def sacrifice(rng: random.Random) -> dict:
    players = ["Anna", "Ben"]
    trophies = list(TROPHIES)
    rng.shuffle(trophies)
    won = {"Anna": [], "Ben": []}
    for card in trophies[: rng.randint(1, 14)]:
        won[rng.choice(players)].append(card)
    market = list(MARKET)
    rng.shuffle(market)
    sacrificed = {}
    for seat, name in enumerate(players):
        mine = rng.sample(STARTERS[seat], rng.randint(0, 4)) + market[seat * 10 : seat * 10 + 3]
        mine += rng.sample(won[name], min(len(won[name]), rng.randint(0, 2)))
        sacrificed[name] = mine
    listed = {name: [c for c in won[name] if rng.random() < 0.8] for name in players}
    return {"game": "sacrifice", "players": players, "trophies": listed, "sacrificed": sacrificed}


MAKERS = {"sarkophag": sarkophag, "sarg": sarg, "sarcophagus": sarcophagus, "sacrifice": sacrifice}


def load_rule(phone, game: str) -> None:
    """The shared script, then the game's own rule, as its scorekeeper page loads them."""
    phone.add_script_tag(content=(SCRIPTS / "provisional.js").read_text())
    phone.add_script_tag(content=(SCRIPTS / f"provisional-{game}.js").read_text())


def sheets_of(game: str) -> list[dict]:
    """Random sheets the server takes (the rare impossible one drawn is left out)."""
    rng = random.Random(game)
    made = []
    while len(made) < SHEETS_PER_GAME:
        sheet = MAKERS[game](rng)
        try:
            compute(sheet)
        except SheetError:
            continue
        made.append(sheet)
    return made


@pytest.mark.browser
@pytest.mark.parametrize("game", list(MAKERS))
def test_the_phone_adds_up_as_the_server_does(phone, game):
    sheets = sheets_of(game)
    load_rule(phone, game)

    on_phone = phone.evaluate("sheets => sheets.map(SarcoProvisional.totals)", sheets)

    on_server = [compute(sheet)["totals"] for sheet in sheets]
    assert on_phone == on_server


@pytest.mark.browser
def test_an_entry_form_s_fields_are_read_as_the_sheet_format(phone):
    load_rule(phone, "sarg")
    fields = [["mode", "grid"], *[[f"cell-{i}", c] for i, c in enumerate(DECK[:9])]]

    entry = phone.evaluate("f => SarcoProvisional.entry('sarg', f, ['Anna', 'Ben'])", fields)

    assert entry == {"grid": [list(DECK[0:3]), list(DECK[3:6]), list(DECK[6:9])]}
