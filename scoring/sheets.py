"""Score sheets kept in the database: build the sheet JSON of a session, apply one edit.

A sheet is the JSON format of docs/scorekeeper.md. Every edit is a delta (add a round,
replace round N, undo the last entry, set the end-of-game entry, finish) applied under a row
lock on the session: the candidate sheet is computed by ``scoring.calculators.compute``
(which asks the rules engines) and only a sheet that computes is saved. After the commit the
sheet's websocket group hears "changed", so every phone watching redraws.

Sarcophagus and Sacrifice are entered once, at the end: their entry is kept as round 1.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone

from .calculators import SheetError, compute
from .models import Player, PlaySession, Round, Seat
from .players import free_name, tidy_name

ROUND_GAMES = ("sarkophag", "sarg")
END_GAMES = ("sarcophagus", "sacrifice")
END_KEYS = {
    "sarcophagus": ("tiles", "sarcophagus", "discard"),
    "sacrifice": ("trophies", "sacrificed"),
}
SETUP_FIELDS = ("game", "players", "roles", "limit", "to_1000")


class EditRefused(SheetError):
    """An edit the sheet cannot take; ``field`` is the sheet path it concerns (or None)."""


@dataclass
class Outcome:
    session: PlaySession
    result: dict[str, Any] | None
    message: str
    extra: dict[str, Any] = field(default_factory=dict)


# --- the sheet JSON ---------------------------------------------------------------------------


def build_sheet(
    game: str,
    players: list[str],
    roles: dict[str, str],
    options: dict[str, Any],
    entries: list[dict[str, Any]],
) -> dict[str, Any]:
    sheet: dict[str, Any] = {"game": game, "players": list(players)}
    if game == "sarkophag":
        if options.get("limit") is not None:
            sheet["limit"] = options["limit"]
        sheet["rounds"] = list(entries)
    elif game == "sarg":
        sheet["roles"] = dict(roles)
        if options.get("to_1000"):
            sheet["to_1000"] = True
        sheet["rounds"] = list(entries)
    else:
        for key, value in (entries[0] if entries else {}).items():
            sheet[key] = value
    return sheet


def seats_of(session: PlaySession) -> list[Seat]:
    return list(session.seats.select_related("player").order_by("position"))


def rounds_of(session: PlaySession) -> list[Round]:
    return list(session.rounds.order_by("number"))


def roles_of(seats: list[Seat]) -> dict[str, str]:
    return {seat.role: seat.player.name for seat in seats if seat.role}


def sheet_of(session: PlaySession, seats=None, rounds=None) -> dict[str, Any]:
    """The session as a score sheet (the import/export JSON)."""
    seats = seats_of(session) if seats is None else seats
    rounds = rounds_of(session) if rounds is None else rounds
    return build_sheet(
        session.game,
        [seat.player.name for seat in seats],
        roles_of(seats),
        session.options,
        [r.entry for r in rounds],
    )


# --- live updates -----------------------------------------------------------------------------


def group_name(public_id: uuid.UUID | str) -> str:
    return f"sheet.{uuid.UUID(str(public_id)).hex}"


def notify_changed(public_id: uuid.UUID | str, version: int) -> None:
    """Tell every phone watching the sheet that it changed (call after commit)."""
    layer = get_channel_layer()
    if layer is not None:
        message = {"type": "sheet.changed", "version": version}
        async_to_sync(layer.group_send)(group_name(public_id), message)


# --- creating a sheet -------------------------------------------------------------------------


def player_named(name: str) -> Player:
    """The club player with this name (any case), or a new guest of that name."""
    name = tidy_name(name)
    player = Player.objects.filter(name__iexact=name).first()
    if player is None:
        player = Player.objects.create(name=free_name(name), is_guest=True)
    return player


def _check_setup(game: str, players: list[str], roles: dict, options: dict) -> None:
    """Refuse a table the rules do not allow (seat count, roles, limit)."""
    try:
        compute(build_sheet(game, players, roles, options, []))
    except SheetError as exc:
        if exc.field in SETUP_FIELDS:
            raise EditRefused(exc.message, exc.field) from None


@transaction.atomic
def create_session(
    game: str,
    user,
    players: list[Player],
    options: dict[str, Any] | None = None,
    roles: dict[str, str] | None = None,
    mode: str = PlaySession.Mode.TABLETOP,
) -> PlaySession:
    """A new sheet in progress; ``roles`` maps a role to a player name (Sarg)."""
    options = {k: v for k, v in (options or {}).items() if v is not None}
    roles = roles or {}
    if game not in dict(PlaySession.GAME_CHOICES):
        raise EditRefused(f"There is no game called {game!r}.", "game")
    names = [p.name for p in players]
    _check_setup(game, names, roles, options)
    session = PlaySession.objects.create(
        game=game,
        mode=mode,
        options=options,
        created_by=user if user is not None and user.is_authenticated else None,
    )
    role_of = {name: role for role, name in roles.items()}
    Seat.objects.bulk_create(
        Seat(session=session, player=p, position=i, role=role_of.get(p.name, ""))
        for i, p in enumerate(players)
    )
    return session


# --- editing a sheet --------------------------------------------------------------------------


def _stale(round_: Round, seen_version: int | None) -> bool:
    return seen_version is not None and round_.changed_in_version > seen_version


def apply_edit(
    public_id,
    user,
    op: str,
    *,
    entry: dict[str, Any] | None = None,
    number: int | None = None,
    seen_version: int | None = None,
) -> Outcome:
    """Apply one edit under the session's row lock; EditRefused leaves the sheet as it was.

    ``op``: ``add`` (a round), ``replace`` (round ``number``), ``undo`` (remove the last
    entry), ``end`` (the end-of-game entry of Sarcophagus and Sacrifice), ``finish``.
    ``seen_version`` is the session version the phone was showing: replacing or undoing a
    round that changed after it is refused, everything else lands on top of the others.
    """
    with transaction.atomic():
        session = PlaySession.objects.select_for_update().get(public_id=public_id)
        if not session.can_edit(user):
            raise PermissionDenied(
                "Only the player who started this sheet or an organiser may edit it."
            )
        if session.is_finished:
            raise EditRefused("This game is finished; its sheet can no longer be changed.")
        seats = seats_of(session)
        rounds = rounds_of(session)
        entries = [r.entry for r in rounds]
        game = session.game
        index: int | None = None  # the round this edit writes (0-based)
        if op == "add":
            if game in END_GAMES:
                raise EditRefused(f"{session.get_game_display()} is entered once, at the end.")
            entries.append(entry)
            index = len(entries) - 1
            message = f"Round {index + 1} saved."
        elif op == "replace":
            if game in END_GAMES or not number or not 1 <= number <= len(rounds):
                raise EditRefused(f"There is no round {number} to change.")
            if _stale(rounds[number - 1], seen_version):
                raise EditRefused(
                    f"Round {number} was changed on another phone meanwhile. Your change was "
                    "not saved: look at the round as it is now and change it again if needed."
                )
            index = number - 1
            entries[index] = entry
            message = f"Round {number} changed."
        elif op == "undo":
            if not rounds:
                raise EditRefused("There is nothing to undo yet.")
            if _stale(rounds[-1], seen_version):
                raise EditRefused(
                    "The last entry was made or changed on another phone after your page was "
                    "drawn, so it was not undone. Look at it first, then undo again if needed."
                )
            entries.pop()
            message = (
                "The end-of-game entry was removed."
                if game in END_GAMES
                else f"Round {len(rounds)} was removed."
            )
        elif op == "end":
            if game not in END_GAMES:
                raise EditRefused(f"{session.get_game_display()} is entered round by round.")
            if rounds and _stale(rounds[0], seen_version):
                raise EditRefused(
                    "The sheet was changed on another phone meanwhile. Your entry was not "
                    "saved: look at it as it is now and enter it again if needed."
                )
            entries = [entry]
            index = 0
            message = "End of game entered."
        elif op == "finish":
            if not rounds:
                raise EditRefused("Enter at least one round before finishing the game.")
            message = "Game finished. Places are recorded."
        else:
            raise EditRefused(f"Unknown edit {op!r}.")

        sheet = build_sheet(
            game, [s.player.name for s in seats], roles_of(seats), session.options, entries
        )
        try:
            result = compute(sheet) if entries else None
        except SheetError as exc:
            raise EditRefused(exc.message, exc.field) from None
        if op == "finish" and game == "sarg" and not result["finished"]:
            raise EditRefused(
                f"Sarg is six rounds; {len(rounds)} are entered. Enter the rest before finishing."
            )

        session.version += 1
        _write_rounds(session, rounds, entries, index, seats, result)
        _write_results(seats, result)
        if op == "finish":
            session.status = PlaySession.Status.FINISHED
            session.finished_at = timezone.now()
        session.save(update_fields=["version", "status", "finished_at"])
        version, pid = session.version, session.public_id
        transaction.on_commit(lambda: notify_changed(pid, version))
        extra = {}
        if result and result.get("finished") and session.status != PlaySession.Status.FINISHED:
            extra["game_over"] = True
        return Outcome(session, result, message, extra)


def _credited_list(seats: list[Seat], credited: dict[str, int]) -> list[int]:
    return [credited.get(seat.player.name, 0) for seat in seats]


def _write_rounds(session, rounds, entries, index, seats, result) -> None:
    """Store the entries: delete the ones gone, write the changed one, refresh credited."""
    keep = len(entries)
    if len(rounds) > keep:
        Round.objects.filter(session=session, number__gt=keep).delete()
        rounds = rounds[:keep]
    computed = (result or {}).get("rounds") or []
    for i, entry in enumerate(entries):
        if session.game in END_GAMES:
            credited = _credited_list(seats, (result or {}).get("totals", {}))
        else:
            credited = _credited_list(seats, computed[i]["credited"]) if i < len(computed) else []
        if i < len(rounds):
            round_ = rounds[i]
            changed = i == index
            if changed or round_.credited != credited:
                round_.entry = entry
                round_.credited = credited
                if changed:
                    round_.changed_in_version = session.version
                round_.save(update_fields=["entry", "credited", "changed_in_version"])
        else:
            Round.objects.create(
                session=session,
                number=i + 1,
                entry=entry,
                credited=credited,
                changed_in_version=session.version,
            )


def _write_results(seats: list[Seat], result: dict | None) -> None:
    for seat in seats:
        name = seat.player.name
        seat.score = result["totals"].get(name) if result else None
        seat.place = result["places"].get(name) if result else None
        seat.save(update_fields=["score", "place"])


# --- import and export ------------------------------------------------------------------------


def export_sheet(session: PlaySession) -> dict[str, Any]:
    """The session as the JSON of docs/scorekeeper.md (what ``import_sheet`` reads back)."""
    return sheet_of(session)


def _renamed(value: Any, names: dict[str, str]) -> Any:
    """An entry with the sheet's player names replaced by the club's spelling."""
    if isinstance(value, dict):
        return {names.get(k, k): _renamed(v, names) for k, v in value.items()}
    if isinstance(value, list):
        return [_renamed(v, names) for v in value]
    return value


@transaction.atomic
def import_sheet(data: Any, user, *, finish: bool | None = None) -> PlaySession:
    """A session from sheet JSON. Names match club players case-insensitively; unknown names
    become guests. A sheet the rules consider over is stored finished (unless ``finish`` says
    otherwise). Invalid sheets raise EditRefused and store nothing."""
    try:
        result = compute(data)
    except SheetError as exc:
        raise EditRefused(exc.message, exc.field) from None
    game = result["game"]
    players = [player_named(name) for name in result["players"]]
    names = {old: p.name for old, p in zip(result["players"], players, strict=True)}
    roles = {role: names.get(name, name) for role, name in (data.get("roles") or {}).items()}
    options: dict[str, Any] = {}
    if game == "sarkophag" and data.get("limit") is not None:
        options["limit"] = data["limit"]
    if game == "sarg" and data.get("to_1000"):
        options["to_1000"] = True
    session = create_session(game, user, players, options, roles)
    if game in END_GAMES:
        entries = [{k: _renamed(data[k], names) for k in END_KEYS[game] if k in data}]
    else:
        entries = [_renamed(entry, names) for entry in data.get("rounds") or []]
    seats = seats_of(session)
    renamed = build_sheet(game, [p.name for p in players], roles, options, entries)
    result = compute(renamed)
    session.version = 1
    _write_rounds(session, [], entries, None, seats, result)
    _write_results(seats, result)
    if finish if finish is not None else result["finished"]:
        session.status = PlaySession.Status.FINISHED
        session.finished_at = timezone.now()
    session.save()
    return session
