"""The organisers' admin: sessions, players, seasons and the audit trail.

Pages are read-only views; every change is an action or a small form that asks why and
goes through ``scoring.organising`` (which writes the audit entry and fixes the ratings).
Organisers hold "change" permissions that mean "may organise" (see ``scoring.organisers``);
the plain change forms are never offered, so nothing bypasses the audit trail.
"""

from __future__ import annotations

import uuid

from django.contrib import admin
from django.contrib.admin.utils import unquote
from django.db.models import Count, F
from django.db.models.functions import Coalesce
from django.urls import path, reverse
from django.utils.formats import date_format
from django.utils.html import format_html
from django.utils.timezone import get_default_timezone, localtime
from django.utils.translation import gettext as _t
from django.utils.translation import gettext_lazy as _

from . import player_organising
from .admin_base import NulSafeChangelist, OrganiserAdmin, pretty_json, seat_number
from .admin_forms import (
    SeasonForm,
)
from .admin_links import PermittedLinks
from .admin_session_views import SessionViews
from .admin_views import PlayerViews, may_undo_merges, undo_merge_view
from .models import AuditEntry, Player, PlaySession, Round, Season, Seat
from .views.sheet_context import ROLE_LABEL

PLAYED = Coalesce("finished_at", "created_at")  # PlaySession.played_at, in the database

admin.site.site_header = _("sarco: the club's admin")
admin.site.site_title = _("sarco admin")
admin.site.index_title = _("Organise the club")


# --- sessions -----------------------------------------------------------------------------------


class VoidedFilter(admin.SimpleListFilter):
    title = _("voided")
    parameter_name = "voided"

    def lookups(self, request, model_admin):
        return [("yes", _("void")), ("no", _("counts"))]

    def queryset(self, request, queryset):
        if self.value() == "yes":
            return queryset.filter(voided_at__isnull=False)
        if self.value() == "no":
            return queryset.filter(voided_at__isnull=True)
        return queryset


class SeatInline(PermittedLinks, admin.TabularInline):
    model = Seat
    extra = 0
    fields = [seat_number, "player", "role_name", "score", "place"]
    readonly_fields = fields
    can_delete = False

    @admin.display(description=_("role"))
    def role_name(self, seat: Seat) -> str:
        """Sarg's role in the reader's language, not its stored key ("queen")."""
        return ROLE_LABEL.get(seat.role, seat.role)

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


class RoundInline(SeatInline):
    model = Round
    fields = ["number", "shown_entry", "credited", "changed_in_version"]
    readonly_fields = fields

    @admin.display(description=_("entry"))
    def shown_entry(self, round_: Round) -> str:
        # as the sheet format names the players; one line: narrow screens wrap it
        return pretty_json(round_.named_entry(), indent=None)


@admin.register(PlaySession)
class PlaySessionAdmin(SessionViews, OrganiserAdmin):
    list_display = ["label", "players", "is_void", "mode", "status"]
    list_display_links = ["label"]
    list_filter = [
        "game",
        "mode",
        "status",
        ("finished_at", admin.DateFieldListFilter),
        VoidedFilter,
        ("seats__player", admin.RelatedOnlyFieldListFilter),
    ]
    search_fields = ["seats__player__name"]
    date_hierarchy = "finished_at"
    list_per_page = 50
    fields = [
        "public_id",
        "game",
        "mode",
        "options",
        "status",
        "created_by",
        "created_at",
        "finished_at",
        "played_on",
        "location",
        "notes",
        "voided_at",
        "version",
    ]
    readonly_fields = fields
    inlines = [SeatInline, RoundInline]
    actions = [
        "void_selected",
        "restore_selected",
        "delete_selected",
        "export_sessions",
        "export_seats",
        "export_json",
    ]

    # by when the game was played, not by when its row was made (an import of old sheets is
    # not news): its day first (a sheet in progress may be backdated), then its time
    ordering = [F("played_on").desc(nulls_last=True), PLAYED.desc(), "-id"]

    def get_queryset(self, request):
        return super().get_queryset(request).with_seats()

    def get_search_results(self, request, queryset, search_term):
        """Player names; a whole public id (from a sheet's link) finds its session too."""
        found, duplicates = super().get_search_results(request, queryset, search_term)
        try:
            public_id = uuid.UUID(search_term.strip())
        except ValueError:
            return found, duplicates
        return found | queryset.filter(public_id=public_id), True

    @admin.display(description=_("session"), ordering=PLAYED)
    def label(self, session: PlaySession) -> str:
        """Game and the day it was played first: what an organiser looks for, and short
        enough for a phone; the day in the club's time zone and the reader's format."""
        when = localtime(session.played_at, get_default_timezone())
        return f"{session.get_game_display()}, {date_format(when, 'SHORT_DATE_FORMAT')}"

    @admin.display(description=_("players"))
    def players(self, session: PlaySession) -> str:
        return ", ".join(seat.player.name for seat in session.seats.all())

    @admin.display(description=_("void"), boolean=True)
    def is_void(self, session: PlaySession) -> bool:
        return session.voided_at is not None

    def has_remove_permission(self, request, obj=None) -> bool:
        return request.user.has_perm("scoring.delete_playsession")

    def has_export_permission(self, request) -> bool:
        return self.has_view_permission(request)

    # pages ------------------------------------------------------------------------------------

    def get_urls(self):
        exports_ = [
            path(
                f"export/{name}/",
                self.admin_site.admin_view(self.export_view),
                {"kind": name},
                name=f"scoring_playsession_export_{name}",
            )
            for name in ("sessions", "seats", "json")
        ]
        return [
            *exports_,
            self._route("correct", self.correct_view, "correct"),
            self._route("void", self.void_view, "void"),
            self._route("restore", self.restore_view, "restore"),
            self._route("remove", self.remove_view, "remove"),
            self._route("redate", self.redate_view, "redate"),
            *super().get_urls(),
        ]

    def changelist_view(self, request, extra_context=None):
        extra = dict(extra_context or {})
        query = request.GET.urlencode()
        extra["export_links"] = [
            (
                reverse(f"admin:scoring_playsession_export_{kind}")
                + (f"?{query}" if query else ""),
                label,
            )
            for kind, label in (
                ("sessions", _("CSV of these sessions")),
                ("seats", _("CSV of their seat results")),
                ("json", _("JSON to import")),
            )
        ]
        return super().changelist_view(request, extra)

    # correcting a round: the scorekeeper's entry form of the game, and why -------------------


# --- players ------------------------------------------------------------------------------------


class KindFilter(admin.SimpleListFilter):
    title = _("kind")
    parameter_name = "kind"

    def lookups(self, request, model_admin):
        return [("member", _("members")), ("guest", _("guests")), ("bot", _("bots"))]

    def queryset(self, request, queryset):
        if self.value() == "member":
            return queryset.members()
        if self.value() == "guest":
            return queryset.filter(is_guest=True, is_bot=False)
        if self.value() == "bot":
            return queryset.filter(is_bot=True)
        return queryset


@admin.register(Player)
class PlayerAdmin(PlayerViews, OrganiserAdmin):
    list_display = ["name", "kind", "user", "sessions", "created_at"]
    list_filter = [KindFilter]
    search_fields = ["name", "user__username", "user__email"]
    ordering = ["name"]
    fields = ["name", "kind", "user", "sessions", "created_at"]
    readonly_fields = fields
    actions = ["merge_selected"]

    def get_queryset(self, request):
        return (
            super().get_queryset(request).select_related("user").annotate(seat_count=Count("seats"))
        )

    @admin.display(description=_("kind"))
    def kind(self, player: Player) -> str:
        if player.is_bot:
            return _t("bot")
        return _t("guest") if player.is_guest else _t("member")

    @admin.display(description=_("sessions"), ordering="seat_count")
    def sessions(self, player: Player) -> int:
        return player.seat_count

    def get_urls(self):
        return [
            self._route("rename", self.rename_view, "rename"),
            self._route("link", self.link_view, "link"),
            self._route("merge", self.merge_view, "merge"),
            *super().get_urls(),
        ]


# --- seasons and the audit trail ----------------------------------------------------------------


@admin.register(Season)
class SeasonAdmin(NulSafeChangelist, admin.ModelAdmin):
    list_display = ["name", "start", "end", "scheme", "min_games"]
    form = SeasonForm
    search_fields = ["name"]
    date_hierarchy = "start"


@admin.register(AuditEntry)
class AuditEntryAdmin(NulSafeChangelist, admin.ModelAdmin):
    """Read only, for everyone: no add, change or delete, whatever the permissions say."""

    list_display = ["at", "actor_name", "action", "target", "short_reason"]
    list_filter = [
        "action",
        ("target_type", admin.RelatedOnlyFieldListFilter),
        ("at", admin.DateFieldListFilter),
        "actor_name",
    ]
    search_fields = ["target_label", "reason", "actor_name", "target_id"]
    date_hierarchy = "at"
    fields = [
        "at",
        "actor_name",
        "action",
        "target_type",
        "target",
        "shown_before",
        "shown_after",
        "reason",
    ]
    readonly_fields = fields

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False

    def get_urls(self):
        undo = self.admin_site.admin_view(
            lambda request, object_id: undo_merge_view(self, request, object_id)
        )
        return [
            path("<path:object_id>/undo-merge/", undo, name="scoring_auditentry_undo_merge"),
            *super().get_urls(),
        ]

    def change_view(self, request, object_id, form_url="", extra_context=None):
        """A merge's entry offers its undo, or names the entry that undid it."""
        extra = dict(extra_context or {})
        entry = self.get_object(request, unquote(object_id))
        if entry is not None and entry.action == AuditEntry.Action.MERGE:
            extra["undone_by"] = player_organising.merge_undone_by(entry)
            extra["may_undo_merge"] = extra["undone_by"] is None and may_undo_merges(request)
        return super().change_view(request, object_id, form_url, extra)

    @admin.display(description=_("object"), ordering="target_label")
    def target(self, entry: AuditEntry) -> str:
        model = entry.target_type.model_class()
        if model is None or not model._default_manager.filter(pk=entry.target_id).exists():
            return entry.target_label
        url = reverse(
            f"admin:{model._meta.app_label}_{model._meta.model_name}_change", args=[entry.target_id]
        )
        return format_html('<a href="{}">{}</a>', url, entry.target_label)

    @admin.display(description=_("why"))
    def short_reason(self, entry: AuditEntry) -> str:
        return entry.reason if len(entry.reason) <= 60 else entry.reason[:59] + "…"

    @admin.display(description=_("before"))
    def shown_before(self, entry: AuditEntry) -> str:
        return pretty_json(entry.before)

    @admin.display(description=_("after"))
    def shown_after(self, entry: AuditEntry) -> str:
        return pretty_json(entry.after)
