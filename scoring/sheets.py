"""Score sheets kept in the database: create a session's sheet, apply one edit.

A sheet is the JSON format of docs/scorekeeper.md. Every edit is a delta (add a round,
replace round N, undo the last entry, set the end-of-game entry, finish) applied under a row
lock on the session: the candidate sheet is computed by ``scoring.calculators.compute``
(which asks the rules engines) and only a sheet that computes is saved. After the commit the
sheet's websocket group hears "changed", so every phone watching redraws.

Sarcophagus and Sacrifice are entered once, at the end: their entry is kept as round 1.
Why an edit is refused is ``scoring.sheet_checks``; a stored session read back as a sheet is
``scoring.stored_sheets``; a sheet's import and export is ``scoring.sheet_import``.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from games.engines.registry import find, spec_of
from sarco import group_messages

from .calculators import SheetError, compute
from .entry import END_GAMES, build_sheet
from .models import AppliedEdit, Player, PlaySession, Round, Seat
from .new_players import guest_named
from .played import finishing_moment
from .ratings import leavers_last, session_changed
from .seat_keys import to_seats
from .sheet_checks import EditRefused, StaleEdit, check_adding, check_restoring, not_over, stale
from .sheet_results import result_of
from .stored_sheets import entries_of, names_of, roles_of, rounds_of, seats_of

SETUP_FIELDS = ("game", "players", "roles", "limit", "to_1000")


@dataclass
class Outcome:
    session: PlaySession
    result: dict[str, Any] | None
    message: str
    extra: dict[str, Any] = field(default_factory=dict)


# --- live updates -----------------------------------------------------------------------------


def group_name(public_id: uuid.UUID | str) -> str:
    return f"sheet.{uuid.UUID(str(public_id)).hex}"


def notify_changed(public_id: uuid.UUID | str, version: int) -> None:
    """Tell every phone watching the sheet that it changed (call after commit)."""
    group_messages.send(group_name(public_id), {"type": "sheet.changed", "version": version})


# --- creating a sheet -------------------------------------------------------------------------


def player_named(name: str) -> Player:
    """The club player with this name (any spelling), or a new guest of that name."""
    return guest_named(name)


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
    public_id: uuid.UUID | None = None,
    details: dict[str, Any] | None = None,
) -> PlaySession:
    """A new sheet in progress; ``roles`` maps a role to a player name (Sarg); ``details``
    its ``played_on``, ``location`` and ``notes`` (scoring.played). ``public_id`` is the id
    a phone gave a sheet it started offline (unique: it is accepted once)."""
    options = {k: v for k, v in (options or {}).items() if v is not None}
    roles = roles or {}
    if game not in dict(PlaySession.GAME_CHOICES):
        raise EditRefused(_("There is no game called %(game)r.") % {"game": game}, "game")
    names = [p.name for p in players]
    _check_setup(game, names, roles, options)
    session = PlaySession.objects.create(
        public_id=public_id or uuid.uuid4(),
        game=game,
        mode=mode,
        options=options,
        created_by=user if user is not None and user.is_authenticated else None,
        **(details or {}),
    )
    role_of = {name: role for role, name in roles.items()}
    Seat.objects.bulk_create(
        Seat(session=session, player=p, position=i, role=role_of.get(p.name, ""))
        for i, p in enumerate(players)
    )
    return session


@transaction.atomic
def start_session(
    game: str,
    user,
    chosen: list[Player],
    guests: list[str],
    options=None,
    *,
    swap=False,
    public_id: uuid.UUID | None = None,
    details: dict[str, Any] | None = None,
) -> PlaySession:
    """A new sheet of the club players picked, in seat order, then the guests named. All or
    nothing: a sheet the rules refuse creates no guest. ``swap`` exchanges the first two
    seats (Sacrifice's starter decks) or, in a game with roles, who takes which (Sarg's Queen
    and King: the roles its spec names, in seat order)."""
    players = chosen + [player_named(name) for name in guests]
    roles: dict[str, str] = {}
    spec = find(game)
    named = spec.roles if spec is not None else ()
    if named and len(players) == len(named):
        roles = {
            role: p.name for role, p in zip(named, players[::-1] if swap else players, strict=True)
        }
    elif swap and len(players) == 2:
        players = players[::-1]
    return create_session(game, user, players, options, roles, public_id=public_id, details=details)


def swap_seats(public_id, user, seen_version: int | None) -> Outcome:
    """Exchange the two seats of a two-player sheet before its first entry (and with them
    Sarg's roles: seat 1 stays the Queen), e.g. when Sacrifice's decks were dealt the other
    way round. A repeated request would swap back: it is refused unless the sheet is still
    at ``seen_version``, the version the page showed."""
    with transaction.atomic():
        session = PlaySession.objects.select_for_update().get(public_id=public_id)
        if not session.can_edit(user):
            raise PermissionDenied(
                _(_("Only the player who started this sheet or an organiser may edit it."))
            )
        if seen_version != session.version:
            raise StaleEdit(
                _("The seats were already swapped (on another device, or by a second tap).")
            )
        seats = seats_of(session)
        if session.is_finished or session.rounds.exists() or len(seats) != 2:
            raise EditRefused(
                _("Seats can be swapped only on a two-player sheet before its first entry.")
            )
        first, second = seats
        first.role, second.role = second.role, first.role
        first.position, second.position = 2, 0
        first.save(update_fields=["position", "role"])
        second.save(update_fields=["position", "role"])
        first.position = 1
        first.save(update_fields=["position"])
        session.version += 1
        session.save(update_fields=["version"])
        version, pid = session.version, session.public_id
        transaction.on_commit(lambda: notify_changed(pid, version))
        return Outcome(
            session,
            None,
            _("Seats swapped: %(first)s is now in seat 1.") % {"first": second.player.name},
        )


# --- editing a sheet --------------------------------------------------------------------------


def apply_edit(
    public_id,
    user,
    op: str,
    *,
    entry: dict[str, Any] | None = None,
    number: int | None = None,
    seen_version: int | None = None,
    key: uuid.UUID | None = None,
) -> Outcome:
    """Apply one edit under the session's row lock; EditRefused leaves the sheet as it was.

    ``op``: ``add`` (a round; ``number`` is the round the form was opened for), ``replace``
    (round ``number``), ``undo`` (remove the last entry; ``extra["undone"]`` says which),
    ``restore`` (put back the entry an undo removed, as round ``number``), ``end`` (the
    end-of-game entry of Sarcophagus and Sacrifice), ``finish`` (once the game is over).
    ``seen_version`` is the session version the form was opened at: replacing a round that
    changed after it, or undoing when anything changed after it, is refused with
    ``StaleEdit``; so a repeated request applies once. A restore needs the sheet still at
    ``seen_version``, the version the undo left. ``key`` is the phone's own id for this
    edit: an edit whose key was applied before is not applied again, it answers as applied
    (``extra["already"]``), so an entry replayed after a lost answer counts once.
    """
    with transaction.atomic():
        session = PlaySession.objects.select_for_update().get(public_id=public_id)
        if not session.can_edit(user):
            raise PermissionDenied(
                _("Only the player who started this sheet or an organiser may edit it.")
            )
        if key is not None:
            applied = applied_edit(session, key)
            if applied is not None:
                return applied
        if session.is_finished:
            raise EditRefused(_("This game is finished; its sheet can no longer be changed."))
        seats = seats_of(session)
        rounds = rounds_of(session)
        entries = entries_of(rounds, seats)
        game = session.game
        index: int | None = None  # the round this edit writes (0-based)
        undone: dict[str, Any] | None = None
        if op == "add":
            if game in END_GAMES:
                raise EditRefused(
                    _("%(game)s is entered once, at the end.")
                    % {"game": session.get_game_display()}
                )
            check_adding(number, rounds, session.version, seen_version)
            entries.append(entry)
            index = len(entries) - 1
            message = _("Round %(number)s saved.") % {"number": index + 1}
        elif op == "replace":
            if game in END_GAMES or not number or not 1 <= number <= len(rounds):
                raise EditRefused(_("There is no round %(number)s to change.") % {"number": number})
            if stale(rounds[number - 1], seen_version):
                raise StaleEdit(
                    _("Round %(number)s was changed on another device; here it is now.")
                    % {"number": number}
                )
            index = number - 1
            entries[index] = entry
            message = _("Round %(number)s changed.") % {"number": number}
        elif op == "undo":
            if not rounds:
                raise EditRefused(_("There is nothing to undo yet."))
            if seen_version is not None and session.version != seen_version:
                raise StaleEdit(
                    _(
                        "The sheet changed after your page was drawn (on another device, or "
                        "this undo was already done), so nothing was undone. Here it is now."
                    )
                )
            undone = {"number": len(rounds), "entry": entries.pop()}
            message = (
                _("The end-of-game entry was removed.")
                if game in END_GAMES
                else _("Round %(number)d was removed.") % {"number": len(rounds)}
            )
        elif op == "restore":
            check_restoring(number, rounds, session.version, seen_version)
            entries.append(entry)
            index = len(entries) - 1
            message = (
                _("The end-of-game entry was restored.")
                if game in END_GAMES
                else _("Round %(number)d was restored.") % {"number": len(entries)}
            )
        elif op == "end":
            if game not in END_GAMES:
                raise EditRefused(
                    _("%(game)s is entered round by round.") % {"game": session.get_game_display()}
                )
            if rounds and stale(rounds[0], seen_version):
                raise StaleEdit(
                    _(
                        "The end of the game was already entered (on another device, or by a "
                        "second tap); here it is now."
                    )
                )
            entries = [entry]
            index = 0
            message = _("End of game entered.")
        elif op == "finish":
            if not rounds:
                raise EditRefused(_("Enter at least one round before finishing the game."))
            message = _("Game finished. Places are recorded.")
        else:
            raise EditRefused(_("Unknown edit %(op)r.") % {"op": op})

        sheet = build_sheet(
            game, [s.player.name for s in seats], roles_of(seats), session.options, entries
        )
        try:
            result = result_of(sheet) if entries else None
        except SheetError as exc:
            raise EditRefused(exc.message, exc.field) from None
        if op == "finish" and not result["finished"]:
            raise EditRefused(not_over(game, session.options, len(rounds)))

        session.version += 1
        _write_rounds(session, rounds, entries, index, seats, result)
        _write_results(seats, result)
        if op == "finish":
            session.status = PlaySession.Status.FINISHED
            session.finished_at = finishing_moment(session.played_on)
        session.save(update_fields=["version", "status", "finished_at"])
        if op == "finish":
            session_changed(session)
        if key is not None:
            _record_key(session, key, op, None if index is None or game in END_GAMES else index + 1)
        version, pid = session.version, session.public_id
        transaction.on_commit(lambda: notify_changed(pid, version))
        extra: dict[str, Any] = {"undone": undone} if undone else {}
        if result and result.get("finished") and session.status != PlaySession.Status.FINISHED:
            extra["game_over"] = True
        return Outcome(session, result, message, extra)


def applied_edit(session: PlaySession, key: uuid.UUID) -> Outcome | None:
    """The answer to an edit whose key was applied before (None if it was not): the same
    entry sent twice, or again after its answer was lost."""
    applied = AppliedEdit.objects.filter(key=key).first()
    if applied is None:
        return None
    if applied.session_id != session.pk:
        raise EditRefused(_("This entry belongs to another sheet; nothing was saved."))
    message = (
        _("Round %(number)s was already saved from this phone.") % {"number": applied.number}
        if applied.number
        else _("This entry was already saved from this phone.")
    )
    return Outcome(session, None, message, {"already": True, "number": applied.number})


def _record_key(session: PlaySession, key: uuid.UUID, op: str, number: int | None) -> None:
    """Keep the key with the edit, in its transaction: both are saved or neither."""
    try:
        with transaction.atomic():
            AppliedEdit.objects.create(key=key, session=session, op=op, number=number)
    except IntegrityError:  # the key was just used on another sheet
        raise EditRefused(_("This entry belongs to another sheet; nothing was saved.")) from None


def abandon(public_id, user) -> bool:
    """Delete a sheet in progress, rounds and all (its keeper or an organiser; the page asks
    first). False when it was already gone, so a repeated request changes nothing."""
    with transaction.atomic():
        session = PlaySession.objects.select_for_update().filter(public_id=public_id).first()
        if session is None:
            return False
        if not session.can_edit(user):
            raise PermissionDenied(
                _("Only the player who started this sheet or an organiser may delete it.")
            )
        if session.is_finished:
            raise EditRefused(
                _(
                    "A finished game belongs to the results and the ratings; an organiser can "
                    "void or delete it in the admin."
                )
            )
        session.delete()
        return True


def correct_round(session_id: int, number: int, entry: dict[str, Any]) -> Outcome:
    """An organiser's correction of round ``number`` (1 for the end-of-game entry), even of
    a finished session: the same calculators and messages as the sheet, totals and places
    rewritten. A finished Sarg must still be over after it. Ratings are the caller's."""
    with transaction.atomic():
        session = PlaySession.objects.select_for_update().get(pk=session_id)
        seats = seats_of(session)
        rounds = rounds_of(session)
        if not 1 <= number <= len(rounds):
            raise EditRefused(_("There is no round %(number)s to change.") % {"number": number})
        entries = entries_of(rounds, seats)
        entries[number - 1] = entry
        sheet = build_sheet(
            session.game, [s.player.name for s in seats], roles_of(seats), session.options, entries
        )
        try:
            result = result_of(sheet)
        except SheetError as exc:
            raise EditRefused(exc.message, exc.field) from None
        ends_by_score = spec_of(session.game).ends_by_score
        if session.is_finished and ends_by_score and not result["finished"]:
            raise EditRefused(_("After this change the game would not be over; it is finished."))
        session.version += 1
        _write_rounds(session, rounds, entries, number - 1, seats, result)
        _write_results(seats, result)
        session.save(update_fields=["version"])
        version, pid = session.version, session.public_id
        transaction.on_commit(lambda: notify_changed(pid, version))
        return Outcome(session, result, _("Round %(number)s changed.") % {"number": number})


def _credited_list(seats: list[Seat], credited: dict[str, int]) -> list[int]:
    return [credited.get(seat.player.name, 0) for seat in seats]


def _write_rounds(session, rounds, entries, index, seats, result) -> None:
    """Store the entries: delete the ones gone, write the changed one, refresh credited."""
    keep = len(entries)
    if len(rounds) > keep:
        Round.objects.filter(session=session, number__gt=keep).delete()
        rounds = rounds[:keep]
    computed = (result or {}).get("rounds") or []
    names = names_of(seats)
    new: list[Round] = []
    for i, named in enumerate(entries):
        entry = to_seats(named, names)
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
            new.append(
                Round(
                    session=session,
                    number=i + 1,
                    entry=entry,
                    credited=credited,
                    changed_in_version=session.version,
                )
            )
    Round.objects.bulk_create(new)  # a new session's rounds in one statement


def _write_results(seats: list[Seat], result: dict | None) -> None:
    """Totals and places as the calculators give them, except that a player who left an
    online game stays last (as the ratings rank them), however often the session is
    recomputed (an organiser's correction, say)."""
    places = [result["places"].get(s.player.name) if result else None for s in seats]
    if None not in places:
        places = leavers_last(places, [seat.left for seat in seats])
    for seat, place in zip(seats, places, strict=True):
        seat.score = result["totals"].get(seat.player.name) if result else None
        seat.place = place
        seat.save(update_fields=["score", "place"])


def fill_session(
    session: PlaySession,
    roles: dict[str, str],
    entries: list[dict],
    seats: list[Seat] | None = None,
) -> dict:
    """Write a new session's rounds and results from its entries, as the calculators compute
    them; the calculators' result is returned. Imports and online games share this path, so a
    session reads the same however it came in. ``seats``: the session's seats with their
    players, where the caller has read them (they get their scores and places)."""
    seats = seats_of(session) if seats is None else seats
    names = [seat.player.name for seat in seats]
    result = compute(build_sheet(session.game, names, roles, session.options, entries))
    session.version = 1
    _write_rounds(session, [], entries, None, seats, result)
    _write_results(seats, result)
    return result
