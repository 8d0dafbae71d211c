"""Sarg scoring: line values (G4), the round score with its tie rule (G5), the end bonus (G6).

These are the docs/contracts/rules-api.md functions the scorekeeper calls: they validate their input
and explain their result; the engine calls the same functions, so a rule exists once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from ..base import Text
from .cards import COLUMN_VALUE, JOKER, RED, ROW_VALUE, SUIT, parse_card
from .square import COLUMN_LINES, ROW_LINES

AXES = ("row", "column")
ROLE_OF_AXIS = {"row": "queen", "column": "king"}


def line_detail(cards: Sequence[str], axis: str) -> dict[str, Any]:
    """One line's value and why: ``{cards, base, multiplier, value, vampire}``.

    A line holding a joker (vampire) is worth 0: base 0, multiplier 1, so that
    ``value == base * multiplier`` always holds for pages that show the sum.
    """
    cards = _line_cards(cards)
    values = _axis_values(axis)
    if JOKER in cards:
        return {"cards": cards, "base": 0, "multiplier": 1, "value": 0, "vampire": True}
    base = sum(values[card] for card in cards)
    multiplier = _multiplier(cards)
    return {
        "cards": cards,
        "base": base,
        "multiplier": multiplier,
        "value": base * multiplier,
        "vampire": False,
    }


def line_value(cards: Sequence[str], axis: str) -> int:
    """The value of three cards as a row (``axis="row"``, Queen) or a column (King)."""
    return line_detail(cards, axis)["value"]


def fast_line_value(a: str, b: str, c: str, values: dict[str, int]) -> int:
    """``line_value`` without validation or explanation, for the engine's and bot's inner loops."""
    if a == JOKER or b == JOKER or c == JOKER:
        return 0
    return (values[a] + values[b] + values[c]) * _multiplier((a, b, c))


def _multiplier(cards: Sequence[str]) -> int:
    """G4: only the single highest applies: x5 one suit, x3 one colour, x2 two of one suit."""
    a, b, c = (SUIT[card] for card in cards)
    if a == b == c:
        return 5
    if RED[cards[0]] == RED[cards[1]] == RED[cards[2]]:
        return 3
    if a in (b, c) or b == c:
        return 2
    return 1


def _axis_values(axis: str) -> dict[str, int]:
    if axis == "row":
        return ROW_VALUE
    if axis == "column":
        return COLUMN_VALUE
    raise ValueError(Text("The axis is 'row' (Queen) or 'column' (King), not %(axis)r.", axis=axis))


def _line_cards(cards: Sequence[str]) -> list[str]:
    if isinstance(cards, str) or not isinstance(cards, Sequence) or len(cards) != 3:
        raise ValueError(Text("A line is three cards, not %(cards)r.", cards=cards))
    return [parse_card(card) for card in cards]


def validate_grid(grid: Any) -> None:
    """Refuse anything but a full 3x3 square of known cards, each at most once (jokers twice)."""
    if isinstance(grid, str) or not isinstance(grid, Sequence) or len(grid) != 3:
        raise ValueError(Text("The square must have exactly 3 rows of 3 cards."))
    cards = []
    for r, row in enumerate(grid):
        if isinstance(row, str) or not isinstance(row, Sequence) or len(row) != 3:
            raise ValueError(Text("Row %(r)s of the square must hold exactly 3 cards.", r=r + 1))
        for c, card in enumerate(row):
            try:
                cards.append(parse_card(card))
            except ValueError as exc:
                raise ValueError(
                    Text("Row %(r)s, column %(c)s: %(exc)s", r=r + 1, c=c + 1, exc=exc.args[0])
                ) from None
    for card, count in Counter(cards).items():
        if count > (2 if card == JOKER else 1):
            if card == JOKER:
                raise ValueError(
                    Text(
                        "There are only two jokers, but the square holds it %(count)s times.",
                        count=count,
                    )
                )
            raise ValueError(
                Text(
                    "%(card)s is in the deck once, but the square holds it %(count)s times.",
                    card=card,
                    count=count,
                )
            )


def score_round(grid: Sequence[Sequence[str]]) -> dict[str, Any]:
    """Score a full square: credited ``queen``/``king`` plus every line and the tie level.

    G5: each is credited their best line; if the two best are equal, their second-best;
    if those are equal too, their third-best, equal or not.
    """
    validate_grid(grid)
    square = [[parse_card(card) for card in row] for row in grid]
    rows = [line_detail(square[r], "row") for r in range(3)]
    columns = [line_detail([square[r][c] for r in range(3)], "column") for c in range(3)]
    row_order = _best_first(rows)
    column_order = _best_first(columns)
    level = 1
    while level < 3 and (
        rows[row_order[level - 1]]["value"] == columns[column_order[level - 1]]["value"]
    ):
        level += 1
    queen_line, king_line = row_order[level - 1], column_order[level - 1]
    return {
        "queen": rows[queen_line]["value"],
        "king": columns[king_line]["value"],
        "rows": rows,
        "columns": columns,
        "credited": {"queen": queen_line, "king": king_line},
        "level": level,
    }


def _best_first(lines: list[dict[str, Any]]) -> list[int]:
    """Line indices from best to worst; equal values keep board order (top or left first)."""
    return sorted(range(3), key=lambda i: -lines[i]["value"])


def credited(row_values: Sequence[int], column_values: Sequence[int]) -> tuple[int, int]:
    """G5 on bare line values: the (queen, king) credit, for the engine and bot fast paths."""
    rows = sorted(row_values, reverse=True)
    columns = sorted(column_values, reverse=True)
    for level in range(2):
        if rows[level] != columns[level]:
            return rows[level], columns[level]
    return rows[2], columns[2]


def final_result(rounds: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Totals plus the end bonus (G6), and a sentence explaining the bonus.

    The higher total gains the difference; equal totals: the highest single credited round
    score goes as a bonus to whoever was credited it, and nobody gains if both were.
    """
    queen_scores, king_scores = _round_scores(rounds)
    totals = {"queen": sum(queen_scores), "king": sum(king_scores)}
    bonus, bonus_to, explanation = _bonus(totals, queen_scores, king_scores)
    result = dict(totals)
    if bonus_to:
        result[bonus_to] += bonus
    return {
        **result,
        "bonus": bonus,
        "bonus_to": bonus_to,
        "totals": totals,
        "explanation": explanation,
    }


def _round_scores(rounds: Sequence[dict[str, Any]]) -> tuple[list[int], list[int]]:
    if isinstance(rounds, str | dict) or not isinstance(rounds, Sequence):
        raise ValueError(
            Text("The rounds are a list of round scores like {'queen': 38, 'king': 30}.")
        )
    scores: tuple[list[int], list[int]] = ([], [])
    for n, round_ in enumerate(rounds, 1):
        for role, column in zip(("queen", "king"), scores, strict=True):
            value = round_.get(role) if isinstance(round_, dict) else None
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ValueError(
                    Text("Round %(n)s needs a whole, non-negative %(role)s score.", n=n, role=role)
                )
            column.append(value)
    return scores


def _bonus(
    totals: dict[str, int], queen_scores: list[int], king_scores: list[int]
) -> tuple[int, str | None, str]:
    queen, king = totals["queen"], totals["king"]
    if queen != king:
        leader, behind = ("queen", "king") if queen > king else ("king", "queen")
        high, low = totals[leader], totals[behind]
        numbers = {"high": high, "low": low, "bonus": high - low, "final": 2 * high - low}
        if leader == "queen":
            text = Text(
                "The Queen leads %(high)s to %(low)s and gains the difference, %(bonus)s, as a "
                "bonus: %(final)s to %(low)s.",
                **numbers,
            )
        else:
            text = Text(
                "The King leads %(high)s to %(low)s and gains the difference, %(bonus)s, as a "
                "bonus: %(final)s to %(low)s.",
                **numbers,
            )
        return high - low, leader, text
    best_queen, best_king = max(queen_scores, default=0), max(king_scores, default=0)
    if best_queen == best_king:
        return (
            0,
            None,
            Text(
                "The totals are equal (%(total)s each) and both were credited the highest round "
                "score, %(best)s, so there is no bonus.",
                total=queen,
                best=best_queen,
            ),
        )
    role = "queen" if best_queen > best_king else "king"
    best = max(best_queen, best_king)
    numbers = {"total": queen, "best": best, "final": queen + best}
    if role == "queen":
        text = Text(
            "The totals are equal (%(total)s each); the highest round score, %(best)s, was "
            "credited to the Queen, who gains it as a bonus: %(final)s to %(total)s.",
            **numbers,
        )
    else:
        text = Text(
            "The totals are equal (%(total)s each); the highest round score, %(best)s, was "
            "credited to the King, who gains it as a bonus: %(final)s to %(total)s.",
            **numbers,
        )
    return best, role, text


def round_credit(grid: Sequence[str]) -> tuple[int, int]:
    """The (queen, king) credit of a full flat square: ``score_round`` without the explanation."""
    rows = [fast_line_value(grid[a], grid[b], grid[c], ROW_VALUE) for a, b, c in ROW_LINES]
    columns = [fast_line_value(grid[a], grid[b], grid[c], COLUMN_VALUE) for a, b, c in COLUMN_LINES]
    return credited(rows, columns)
