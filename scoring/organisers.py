"""The Organisers group: exactly the permissions the club's organisers need in the admin.

Organisers are staff (so the admin lets them in) but never superusers. They *view* sessions,
players, tables, ratings and the audit trail; every change they make goes through
``scoring.organising`` (and ``games.organising``), which the admin offers as actions guarded
by these permissions. Nobody gets add, change or delete on audit entries.
"""

from __future__ import annotations

from django.contrib.auth.models import Group, Permission
from django.db import transaction
from django.db.models import Q

GROUP_NAME = "Organisers"

# (app label, codename). "change" on a session means: correct, void and restore it;
# on a player: rename, merge, link to a login; on a table: abandon it, hand a seat to a bot.
PERMISSIONS: tuple[tuple[str, str], ...] = (
    ("scoring", "view_playsession"),
    ("scoring", "change_playsession"),
    ("scoring", "delete_playsession"),
    ("scoring", "view_seat"),
    ("scoring", "view_round"),
    ("scoring", "view_player"),
    ("scoring", "change_player"),
    ("scoring", "view_rating"),
    ("scoring", "view_auditentry"),
    ("scoring", "view_season"),
    ("scoring", "add_season"),
    ("scoring", "change_season"),
    ("scoring", "delete_season"),
    ("games", "view_table"),
    ("games", "change_table"),
    ("games", "view_tableseat"),
    ("nights", "view_night"),
    ("nights", "add_night"),
    ("nights", "change_night"),
    ("nights", "view_attendance"),
)


def permissions():
    """The Permission rows of PERMISSIONS that exist (models still to come are skipped)."""
    wanted = Q(pk__in=[])
    for app, codename in PERMISSIONS:
        wanted |= Q(content_type__app_label=app, codename=codename)
    return Permission.objects.filter(wanted)


@transaction.atomic
def ensure_group() -> Group:
    """The Organisers group with exactly PERMISSIONS (idempotent)."""
    group, _ = Group.objects.get_or_create(name=GROUP_NAME)
    group.permissions.set(permissions())
    return group


GRANTING_APPS = frozenset(app for app, _ in PERMISSIONS)


def ensure_group_after_migrate(sender, using="default", **kwargs) -> None:
    """post_migrate receiver, after the migrate of an app whose permissions the group holds
    (their rows are made by then); the signal comes once per app, and the others add none.
    Each test of the database empties it and sends the signal again, so this counts."""
    if using == "default" and sender.label in GRANTING_APPS:
        ensure_group()
