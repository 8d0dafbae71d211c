"""``?format=csv`` of the standings and league pages: a header row, then one row per player
the page shows (with the same filters), as ``text/csv``. Column names are stable keys for
spreadsheets, not translated labels; numbers are plain (a point, no grouping)."""

from __future__ import annotations

from collections.abc import Iterable

from django.http import HttpResponse
from django.utils.text import slugify

from scoring.exports import csv_lines

STANDINGS_HEADER = ["rank", "player", "rating", "mu", "sigma", "games", "wins", "win_share"]
STANDINGS_HEADER += ["last_played", "trend_30_days", "guest", "bot"]
LEAGUE_HEADER = ["season", "game", "rank", "player", "games", "wins", "points"]
LEAGUE_HEADER += ["average_place", "guest", "bot"]
TOP_HEADER = ["game", "rank", "player", "rating", "games"]


def wants_csv(request) -> bool:
    return request.GET.get("format") == "csv"


def csv_response(header: list[str], rows: Iterable[list], filename: str) -> HttpResponse:
    text = "".join(csv_lines(header, rows))
    response = HttpResponse(text, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{slugify(filename) or "table"}.csv"'
    return response


def _number(value: float | None, digits: int = 2) -> str:
    return "" if value is None else f"{value:.{digits}f}"


def _yes(value: bool) -> str:
    return "yes" if value else "no"


def standings_rows(rows) -> Iterable[list]:
    for r in rows:
        yield [
            r.rank,
            r.name,
            _number(r.ordinal),
            _number(r.mu),
            _number(r.sigma),
            r.games,
            r.wins,
            _number(r.win_share, 3),
            r.last_played.isoformat() if r.last_played else "",
            _number(r.trend),
            _yes(r.is_guest),
            _yes(r.is_bot),
        ]


def top_rows(boards) -> Iterable[list]:
    for board in boards:
        for r in board["rows"]:
            yield [board["game"], r.rank, r.name, _number(r.ordinal), r.games]


def league_rows(season, tables) -> Iterable[list]:
    for table in tables:
        for r in table.rows:
            yield [
                season.name,
                table.game,
                "" if r.rank is None else r.rank,
                r.name,
                r.games,
                r.wins,
                _number(r.points),
                _number(r.average_place),
                _yes(r.is_guest),
                _yes(r.is_bot),
            ]
