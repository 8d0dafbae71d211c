"""A rating history as SVG geometry, drawn on the server (no JavaScript chart library).

The x axis counts the player's games in that game (even steps read better on a phone than
calendar time with long gaps); the y axis is the ordinal, with a few round gridlines. A
month-by-month table carries the same data for screen readers and as a text alternative.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from django.utils import formats, timezone

WIDTH, HEIGHT = 640, 260
LEFT, RIGHT, TOP, BOTTOM = 58, 14, 14, 38
MAX_POINTS = 160


@dataclass
class Chart:
    points: str = ""  # the polyline's points attribute
    last: tuple[float, float] = (0.0, 0.0)
    gridlines: list[tuple[float, str]] = field(default_factory=list)  # (y, label)
    first_label: str = ""
    last_label: str = ""
    low: float = 0.0
    high: float = 0.0
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    right_edge: int = WIDTH - RIGHT
    bottom_edge: int = HEIGHT - BOTTOM


def _sample(points: list, limit: int = MAX_POINTS) -> list:
    if len(points) <= limit:
        return points
    step = (len(points) - 1) / (limit - 1)
    return [points[round(i * step)] for i in range(limit)]


def _ticks(low: float, high: float) -> list[float]:
    span = max(high - low, 1.0)
    raw = span / 3
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw)
    first = math.ceil(low / step) * step
    return [first + i * step for i in range(int((high - first) / step) + 1)]


def _tick_label(value: float) -> str:
    """A gridline's number as the reader writes it (12.5, German 12,5)."""
    return f"{value:g}".replace(".", formats.get_format("DECIMAL_SEPARATOR"))


def rating_chart(history: list) -> Chart | None:
    """The chart of ``history`` (points with ``at`` and ``ordinal``), or None when empty."""
    if not history:
        return None
    values = [p.ordinal for p in history]
    low, high = min(*values, 0.0), max(*values, 0.0)
    pad = max((high - low) * 0.08, 0.5)
    low, high = low - pad, high + pad
    sampled = _sample(list(enumerate(history)))
    count = max(len(history) - 1, 1)
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(i: int) -> float:
        return LEFT + inner_w * (i / count if len(history) > 1 else 0.5)

    def y(v: float) -> float:
        return TOP + inner_h * (high - v) / (high - low)

    coords = [(round(x(i), 1), round(y(p.ordinal), 1)) for i, p in sampled]
    local = timezone.localtime
    return Chart(
        points=" ".join(f"{a},{b}" for a, b in coords),
        last=coords[-1],
        gridlines=[(round(y(t), 1), _tick_label(t)) for t in _ticks(low, high)],
        first_label=formats.date_format(local(history[0].at), "YEAR_MONTH_FORMAT"),
        last_label=formats.date_format(local(history[-1].at), "YEAR_MONTH_FORMAT"),
        low=min(values),
        high=max(values),
    )


@dataclass
class MonthRow:
    month: str
    ordinal: float
    games: int


def monthly(history: list, limit: int = 12) -> list[MonthRow]:
    """The rating at the end of each month played (the latest ``limit`` months)."""
    rows: dict[str, MonthRow] = {}
    for p in history:
        month = f"{timezone.localtime(p.at):%Y-%m}"
        row = rows.setdefault(month, MonthRow(month, p.ordinal, 0))
        row.ordinal = p.ordinal
        row.games += 1
    return list(rows.values())[-limit:]


@dataclass
class Bar:
    x: float
    y: float
    width: float
    height: float


@dataclass
class BarChart:
    """Plays per month as bars: the same frame as the rating chart, integer gridlines."""

    bars: list[Bar] = field(default_factory=list)
    gridlines: list[tuple[float, str]] = field(default_factory=list)
    first_label: str = ""
    last_label: str = ""
    high: int = 0
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    right_edge: int = WIDTH - RIGHT
    bottom_edge: int = HEIGHT - BOTTOM


def month_bars(months: list) -> BarChart | None:
    """A bar per month (objects with ``plays`` and ``label``), or None when empty."""
    if not months:
        return None
    high = max(max(m.plays for m in months), 1)
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    slot = inner_w / len(months)

    def y(v: float) -> float:
        return TOP + inner_h * (high - v) / high

    ticks = [t for t in _ticks(0, high) if t == int(t)]
    return BarChart(
        bars=[
            Bar(
                round(LEFT + i * slot + slot * 0.15, 1),
                round(y(m.plays), 1),
                round(slot * 0.7, 1),
                round(inner_h * m.plays / high, 1),
            )
            for i, m in enumerate(months)
        ],
        gridlines=[(round(y(t), 1), _tick_label(t)) for t in ticks],
        first_label=months[0].label,
        last_label=months[-1].label,
        high=high,
    )
