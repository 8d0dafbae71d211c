"""What organisers do to players, each with its audit entry (``scoring.organising``'s trail):
rename, link a login, merge two players into one, and undo a merge exactly.
"""

from __future__ import annotations

from django.apps import apps
from django.db import IntegrityError, transaction
from django.db.models import Min
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _

from . import ratings
from .models import (
    AuditEntry,
    Player,
    PlaySession,
    Rating,
    RatingEvent,
    Seat,
    SeatRecord,
)
from .new_players import ensure_player_for
from .organising import OrganisingRefused, clean_reason, record
from .players import tidy_name

Action = AuditEntry.Action


def check_name(typed: str, player: Player | None = None) -> str:
    """A new display name by the sign-up rules: tidied, not empty, unique in the club."""
    name = tidy_name(typed or "")
    if not name:
        raise OrganisingRefused(_("A player needs a name."), "name")
    if Player.objects.named(name).exclude(pk=getattr(player, "pk", None)).exists():
        raise OrganisingRefused(_("A club player already has this name."), "name")
    return name


def rename(player: Player, typed: str, *, by, reason: str) -> AuditEntry:
    reason = clean_reason(reason)
    with transaction.atomic():
        player = Player.objects.select_for_update().get(pk=player.pk)
        name = check_name(typed, player)
        if name == player.name:
            raise OrganisingRefused(_("That is the player's name already."), "name")
        before = {"name": player.name}
        player.name = name
        try:
            with transaction.atomic():
                player.save(update_fields=["name"])
        except IntegrityError:  # a spelling the key folds together with another name
            raise OrganisingRefused(_("A club player already has this name."), "name") from None
        return record(by, Action.RENAME, player, before=before, after={"name": name}, reason=reason)


def link_login(player: Player, user, *, by, reason: str) -> AuditEntry:
    """Let ``user`` (None: nobody) play as ``player``. A player with a login is a member;
    the login's own unused player is removed so that it has just one, and a login that is
    unlinked gets a fresh player of its own, as every login has."""
    reason = clean_reason(reason)
    with transaction.atomic():
        player = Player.objects.select_for_update().get(pk=player.pk)
        if player.is_bot:
            raise OrganisingRefused(_("A bot cannot have a login."), "user")
        if player.user_id == (user.pk if user is not None else None):
            raise OrganisingRefused(_("The player is linked so already."), "user")
        before = {
            "user": player.user.get_username() if player.user else None,
            "guest": player.is_guest,
        }
        if user is not None:
            current = Player.objects.filter(user=user).exclude(pk=player.pk).first()
            if current is not None:
                if _referenced(current):
                    raise OrganisingRefused(
                        _(
                            "This login already plays as %(name)s, who has played games: "
                            "merge %(name)s into this player instead."
                        )
                        % {"name": current.name},
                        "user",
                    )
                current.delete()
            player.is_guest = False
        old_user = player.user
        player.user = user
        player.save(update_fields=["user", "is_guest"])
        if old_user is not None and old_user != user:
            ensure_player_for(old_user)  # every login has a player (scoring.new_players)
        after = {"user": user.get_username() if user else None, "guest": player.is_guest}
        return record(by, Action.LINK, player, before=before, after=after, reason=reason)


def _references(player: Player):
    """Querysets of every row that points at ``player`` (seats, rating events, records,
    online table seats, whatever joins players later)."""
    for relation in Player._meta.related_objects:
        if relation.one_to_many:
            field = relation.field.name
            yield field, relation.related_model._base_manager.filter(**{field: player})


def _referenced(player: Player) -> bool:
    return any(rows.exists() for _field, rows in _references(player))


def _move_references(source: Player, into: Player) -> None:
    """Every row that points at ``source`` points at ``into`` instead."""
    for field, rows in _references(source):
        rows.update(**{field: into})


def merge(source: Player, into: Player, *, by, reason: str) -> AuditEntry:
    """Move every seat and rating event of ``source`` (a guest or a duplicate) to ``into``,
    then delete ``source``; refused if both sat at one session. Ratings are replayed from
    the first session that moved."""
    reason = clean_reason(reason)
    with transaction.atomic():
        locked = Player.objects.select_for_update().filter(pk__in=[source.pk, into.pk])
        found = {p.pk: p for p in locked}
        if source.pk == into.pk:
            raise OrganisingRefused(_("A player cannot be merged into themselves."))
        if len(found) != 2:
            raise OrganisingRefused(_("One of these players no longer exists."))
        source, into = found[source.pk], found[into.pk]
        if source.is_bot or into.is_bot:
            raise OrganisingRefused(_("Bots are not merged."))
        if source.user_id and into.user_id:
            raise OrganisingRefused(
                _("Both players have a login; unlink one of them first."), "into"
            )
        together = PlaySession.objects.filter(seats__player=source).filter(seats__player=into)
        if together.exists():
            raise OrganisingRefused(
                _(
                    "%(source)s and %(into)s sat at the same session (%(session)s); merging "
                    "them would seat one person twice."
                )
                % {"source": source.name, "into": into.name, "session": together.first()},
                "into",
            )
        seats = Seat.objects.filter(player=source)
        session_ids = sorted(seats.values_list("session_id", flat=True))
        starts = dict(
            seats.filter(session__finished_at__isnull=False)
            .values_list("session__game")
            .annotate(first=Min("session__finished_at"))
        )
        before = {
            "merged": {
                "id": source.pk,
                "name": source.name,
                "guest": source.is_guest,
                "created_at": source.created_at.isoformat(),
            },
            "into": {"id": into.pk, "name": into.name, "guest": into.is_guest},
            "sessions": session_ids,
        }
        moved = _moved_rows(source)  # what an undo moves back, exactly
        login = source.user_id
        source.ratings.all().delete()  # recomputed by the replay below
        _move_references(source, into)
        if source.user_id:
            user, source.user = source.user, None
            source.save(update_fields=["user"])
            into.user = user
            into.is_guest = False
            into.save(update_fields=["user", "is_guest"])
        source.delete()
        for game, first in starts.items():
            ratings.replay(game, since=(first, 0))
        after = {
            "into": {"id": into.pk, "name": into.name},
            "sessions": session_ids,
            "moved": moved,
            "login": login,
        }
        return record(by, Action.MERGE, into, before=before, after=after, reason=reason)


# --- undoing a merge ----------------------------------------------------------------------------

# Rows kept from the sessions (ratings replayed, records rewritten): a merge's undo moves them
# back by session, not by id, since a replay or a correction may have written them anew.
DERIVED = (Rating, RatingEvent, SeatRecord)


def _moved_rows(player: Player) -> dict[str, list[int]]:
    """The ids of the rows pointing at ``player`` that a merge moves, per "model:field"."""
    return {
        f"{rows.model._meta.label_lower}:{field}": sorted(rows.values_list("pk", flat=True))
        for field, rows in _references(player)
        if rows.model not in DERIVED
    }


def _moved_back(entry: AuditEntry, into: Player):
    """(rows, field) for each kind of row the merge moved, as they point at ``into`` now;
    None when any of them changed since (deleted, moved on by a later merge)."""
    found = []
    for key, ids in entry.after["moved"].items():
        label, _sep, field = key.partition(":")
        try:
            model = apps.get_model(label)
        except (LookupError, ValueError):
            return None
        rows = model._base_manager.filter(pk__in=ids, **{field: into})
        if rows.count() != len(ids):
            return None
        found.append((rows, field))
    return found


def merge_undone_by(entry: AuditEntry) -> AuditEntry | None:
    """The audit entry that undid the merge ``entry``, if any."""
    return AuditEntry.objects.filter(action=Action.UNDO_MERGE, before__merge=entry.pk).first()


def merge_undo_refusal(entry: AuditEntry) -> str | None:
    """Why the merge ``entry`` cannot be undone exactly now; None when it can."""
    if entry.action != Action.MERGE:
        return _("Only a merge can be undone.")
    if merge_undone_by(entry) is not None:
        return _("This merge has been undone already.")
    if not isinstance(entry.after.get("moved"), dict):
        return _(
            "This merge was recorded before merges could be undone, so it cannot be undone exactly."
        )
    merged, into_id = entry.before["merged"], entry.after["into"]["id"]
    into = Player.objects.filter(pk=into_id).first()
    if into is None:
        return _(
            "%(into)s no longer exists (merged or removed since), so this merge cannot be "
            "undone exactly."
        ) % {"into": entry.after["into"]["name"]}
    taken = Player.objects.filter(pk=merged["id"]) | Player.objects.named(merged["name"])
    if taken.exists():
        return _(
            "A club player is called %(name)s now: rename them first, then undo the merge."
        ) % {"name": merged["name"]}
    if entry.after.get("login") and into.user_id != entry.after["login"]:
        return _(
            "The login the merge gave %(into)s is no longer theirs, so this merge cannot be "
            "undone exactly."
        ) % {"into": into.name}
    if _moved_back(entry, into) is None:
        return _(
            "Some of what the merge moved has changed since (a session deleted, or merged "
            "again), so this merge cannot be undone exactly."
        )
    return None


def undo_merge(entry: AuditEntry, *, by, reason: str) -> AuditEntry:
    """Undo the merge ``entry`` exactly: the merged player is back (id, name, kind, login),
    the rows the merge moved point at them again, their sessions' rounds name them again,
    and the ratings are replayed from their first game. Refused, changing nothing, when that
    can no longer be exact."""
    reason = clean_reason(reason)
    with transaction.atomic():
        entry = AuditEntry.objects.select_for_update().get(pk=entry.pk)
        into = Player.objects.select_for_update().filter(pk=entry.after.get("into", {}).get("id"))
        into = into.first()
        refusal = merge_undo_refusal(entry)
        if refusal is not None:
            raise OrganisingRefused(refusal)
        merged, login = entry.before["merged"], entry.after.get("login")
        if login:
            into.user = None
            into.is_guest = entry.before["into"]["guest"]
            into.save(update_fields=["user", "is_guest"])
        restored = Player(
            pk=merged["id"], name=merged["name"], is_guest=merged["guest"], user_id=login
        )
        restored.save(force_insert=True)
        Player.objects.filter(pk=restored.pk).update(
            created_at=parse_datetime(merged["created_at"])
        )
        for rows, field in _moved_back(entry, into):
            rows.update(**{field: restored})
        sessions = entry.after["sessions"]
        for model in (RatingEvent, SeatRecord):
            model.objects.filter(player=into, session_id__in=sessions).update(player=restored)
        starts = (
            PlaySession.objects.filter(pk__in=sessions, finished_at__isnull=False)
            .values_list("game")
            .annotate(first=Min("finished_at"))
        )
        for game, first in starts:
            ratings.replay(game, since=(first, 0))
        return record(
            by,
            Action.UNDO_MERGE,
            restored,
            before={"merge": entry.pk, "into": {"id": into.pk, "name": into.name}},
            after={"restored": {"id": restored.pk, "name": restored.name}, "sessions": sessions},
            reason=reason,
        )
