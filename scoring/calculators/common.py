"""Checks and rankings that every game's sheet needs."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games.engines import get_engine
from sarco.engine_text import refusal

from .errors import SheetError


def check_keys(value: dict[str, Any], allowed: Iterable[str], what: str, field: str = "") -> None:
    """Refuse a key that is not one of ``allowed``, naming it: nothing unasked is stored."""
    allowed = tuple(allowed)
    for key in value:
        if key not in allowed:
            raise SheetError(
                _("Unknown key “%(key)s”: %(what)s has only %(allowed)s.")
                % {"key": key, "what": what, "allowed": ", ".join(allowed)},
                f"{field}.{key}" if field else key,
            )


def check_players(players: Any, game: str) -> list[str]:
    """A list of distinct, non-empty names, as many as the game seats. Distinct as the club
    tells names apart (``scoring.players.name_key``), so an import seats each one once."""
    from ..players import NAME_LENGTH, name_key, tidy_name

    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise SheetError(_("Players must be a list of names."), "players")
    names = [" ".join(p.split()) for p in players]
    if any(not tidy_name(name) for name in names):
        raise SheetError(_("Every player needs a name."), "players")
    if any(len(name) > NAME_LENGTH for name in names):
        raise SheetError(
            _("A player's name has at most %(n)d characters.") % {"n": NAME_LENGTH}, "players"
        )
    folded = [name_key(name) for name in names]
    if len(set(folded)) != len(folded):
        raise SheetError(_("Each player may sit at the table only once."), "players")
    engine = get_engine(game)
    if not engine.min_players <= len(names) <= engine.max_players:
        params = {
            "game": game.capitalize(),
            "low": engine.min_players,
            "high": engine.max_players,
            "count": len(names),
        }
        if engine.min_players == engine.max_players:
            message = _("%(game)s is played by %(low)d players, not %(count)d.")
        else:
            message = _("%(game)s is played by %(low)d to %(high)d players, not %(count)d.")
        raise SheetError(message % params, "players")
    return names


def check_written_totals(written: Any, players: list[str], computed: dict[str, int]) -> None:
    """The totals written on a paper sheet, if given, are the ones its entries add up to: a
    slip of the pen on paper or in the typing shows here instead of in the standings."""
    if written is None:
        return
    given = per_player(written, players, "totals", required=False)
    for name, total in given.items():
        if type(total) is not int:
            raise SheetError(_("A written total must be a whole number."), f"totals.{name}")
        if total != computed.get(name):
            raise SheetError(
                _(
                    "The total written for %(name)s is %(written)d, but the entries add up "
                    "to %(computed)d."
                )
                % {"name": name, "written": total, "computed": computed.get(name)},
                f"totals.{name}",
            )


def per_player(value: Any, players: list[str], field: str, *, required: bool) -> dict[str, Any]:
    """A {player: entry} object whose keys are players of this sheet (all of them if required)."""
    if value is None and not required:
        return {}
    if not isinstance(value, dict):
        raise SheetError(_("This must be an object with an entry per player."), field)
    unknown = [name for name in value if name not in players]
    if unknown:
        raise SheetError(
            _("%(name)s does not play in this game.") % {"name": unknown[0]},
            f"{field}.{unknown[0]}",
        )
    if required:
        missing = [name for name in players if name not in value]
        if missing:
            raise SheetError(
                _("Nothing is entered for %(name)s.") % {"name": missing[0]},
                f"{field}.{missing[0]}",
            )
    return value


def parsed_per_player(
    value: Any, players: list[str], field: str, parse: Callable[[str], str]
) -> dict[str, list[str]]:
    """Each player's list of cards or tiles, normalised by the engine's ``parse``."""
    given = per_player(value, players, field, required=False)
    parsed: dict[str, list[str]] = {}
    for name in players:
        where = f"{field}.{name}"
        parsed[name] = [canonical(parse, item, where) for item in name_list(given.get(name), where)]
    return parsed


# The ranks a German pack prints: B (Bube) and D (Dame); K (König) and A (Ass) are as in English.
GERMAN_RANKS = {"B": "J", "D": "Q"}


def from_reader_s_pack(typed: Any) -> Any:
    """A card typed with the rank letters on the reader's cards, in the engine's notation:
    in German, ``DH`` (Dame of hearts) is ``QH`` and ``BS`` is ``JS``. Neither letter is a
    rank in the engine's notation, so nothing else changes meaning."""
    if not (isinstance(typed, str) and (get_language() or "").startswith("de")):
        return typed
    rank, suit = typed[:-1], typed[-1:]
    return GERMAN_RANKS[rank] + suit if rank in GERMAN_RANKS else typed


def as_written(card: str) -> str:
    """A card in the engine's notation as the reader writes it (``QH`` is ``DH`` in German),
    for the messages that name it."""
    if not (get_language() or "").startswith("de"):
        return card
    letters = {english: german for german, english in GERMAN_RANKS.items()}
    rank, suit = card[:-1], card[-1:]
    return letters[rank] + suit if rank in letters else card


def canonical(parse: Callable[[str], str], typed: Any, field: str) -> str:
    """A card or tile in the engine's own notation. A loose spelling (``qh``, ``5-Sun``) is
    refused with the right one: what is stored must be what the edit page shows. German
    readers may write ranks as their cards print them (``DH`` for ``QH``)."""
    typed = from_reader_s_pack(typed)
    try:
        written = parse(typed)
    except ValueError as exc:
        raise SheetError(refusal(exc), field) from None
    if written != typed:
        raise SheetError(
            _("Write %(typed)s as %(written)s.") % {"typed": repr(typed), "written": written},
            field,
        )
    return written


def whole_number(value: Any, field: str, what: str, high: int | None = None) -> int:
    """A whole number from 0 (to ``high``), or a SheetError that says what was expected."""
    if type(value) is not int:
        raise SheetError(_("%(what)s must be a whole number.") % {"what": what}, field)
    if value < 0:
        raise SheetError(_("%(what)s cannot be negative.") % {"what": what}, field)
    if high is not None and value > high:
        raise SheetError(
            _("%(what)s cannot be more than %(high)d.") % {"what": what, "high": high}, field
        )
    return value


def name_list(value: Any, field: str) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise SheetError(_("This must be a list."), field)
    return value


def places(players: Iterable[str], key: Callable[[str], Any]) -> dict[str, int]:
    """Competition ranking by ``key`` (smaller is better): ties share a place, 1, 1, 3."""
    ordered = sorted(players, key=key)
    result: dict[str, int] = {}
    for position, name in enumerate(ordered, start=1):
        previous = ordered[position - 2] if position > 1 else None
        same = previous is not None and key(previous) == key(name)
        result[name] = result[previous] if same else position
    return result


def names_of(seats: Iterable[int], players: list[str]) -> list[str]:
    return [players[seat] for seat in seats]


def zeroes(players: list[str]) -> dict[str, int]:
    return dict.fromkeys(players, 0)


def add(totals: Mapping[str, int], credited: Mapping[str, int]) -> dict[str, int]:
    return {name: totals[name] + credited.get(name, 0) for name in totals}
