"""Online tables for organisers: the running tables, abandon a stuck one, hand a seat to a bot.

Read-only pages (like the sessions'); the two changes ask why and go through
``games.organising``, which calls ``games.tables`` and writes the audit entry.
"""

from __future__ import annotations

from django import forms
from django.contrib import admin
from django.utils.translation import gettext as _t
from django.utils.translation import gettext_lazy as _

from scoring.admin_base import OrganiserAdmin, refusal_to_form, seat_number
from scoring.admin_forms import ReasonForm
from scoring.admin_links import PermittedLinks
from scoring.organising import OrganisingRefused

from . import organising
from .bot_players import level_choices
from .models import Table, TableSeat
from .tables import TableError


class HandToBotForm(ReasonForm):
    position = forms.TypedChoiceField(label=_("Seat"), coerce=int)
    level = forms.ChoiceField(label=_("Bot level"), choices=level_choices)
    field_order = ["position", "level", "reason"]

    def __init__(self, *args, table: Table, **kwargs):
        super().__init__(*args, **kwargs)
        people = table.seats.filter(user__isnull=False, bot_level="").select_related("user")
        self.fields["position"].choices = [
            (s.position, _("Seat %(n)d: %(name)s") % {"n": s.position + 1, "name": s.user})
            for s in people.order_by("position")
        ]
        self.fields["level"].initial = "heuristic"


class LiveFilter(admin.SimpleListFilter):
    title = _("state")
    parameter_name = "live"

    def lookups(self, request, model_admin):
        return [("running", _("running")), ("waiting", _("waiting")), ("over", _("over"))]

    def queryset(self, request, queryset):
        if self.value() == "running":
            return queryset.running()
        if self.value() == "waiting":
            return queryset.waiting()
        if self.value() == "over":
            return queryset.exclude(status__in=[Table.Status.OPEN, Table.Status.PLAYING])
        return queryset


class TableSeatInline(PermittedLinks, admin.TabularInline):
    model = TableSeat
    extra = 0
    fields = [seat_number, "user", "bot_level", "player", "to_act"]
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Table)
class TableAdmin(OrganiserAdmin):
    list_display = ["__str__", "game", "status", "seated", "version", "last_move_at", "started_at"]
    list_filter = [LiveFilter, "game", "status"]
    search_fields = ["seats__user__username", "host__username"]
    date_hierarchy = "created_at"
    readonly_fields = [
        "public_id",
        "game",
        "status",
        "options",
        "version",
        "host",
        "created_at",
        "started_at",
        "last_move_at",
        "finished_at",
        "session",
    ]
    fields = readonly_fields
    inlines = [TableSeatInline]

    def get_queryset(self, request):
        return super().get_queryset(request).with_seats()

    @admin.display(description=_("seats"))
    def seated(self, table: Table) -> str:
        return ", ".join(
            f"{s.user or '—'}{' (' + s.bot_level + ')' if s.bot_level else ''}"
            for s in table.seats.all()
        )

    def get_urls(self):
        return [
            self._route("abandon", self.abandon_view, "abandon"),
            self._route("hand-to-bot", self.hand_to_bot_view, "hand_to_bot"),
            *super().get_urls(),
        ]

    def change_view(self, request, object_id, form_url="", extra_context=None):
        table = self.get_object(request, object_id)
        extra = dict(extra_context or {})
        if table is not None:
            extra["may_abandon"] = table.status in (Table.Status.OPEN, Table.Status.PLAYING)
            extra["may_hand_to_bot"] = table.status == Table.Status.PLAYING
        return super().change_view(request, object_id, form_url, extra)

    def abandon_view(self, request, object_id):
        table = self._object_or_404(request, object_id)
        form = ReasonForm(request.POST or None)
        if request.method == "POST" and form.is_valid():
            try:
                organising.abandon(table, by=request.user, reason=form.cleaned_data["reason"])
            except TableError as exc:
                form.add_error(None, str(exc))
            except OrganisingRefused as exc:
                refusal_to_form(form, exc)
            else:
                return self.done(request, table, _t("The table is abandoned; its bots stop."))
        return self.form_page(
            request,
            table,
            form,
            title=_t("Abandon this table"),
            intro=_t("The game ends here and nothing is recorded in the scores; its bots stop."),
            submit=_t("Abandon it"),
            danger=True,
        )

    def hand_to_bot_view(self, request, object_id):
        table = self._object_or_404(request, object_id)
        form = HandToBotForm(request.POST or None, table=table)
        if request.method == "POST" and form.is_valid():
            data = form.cleaned_data
            try:
                organising.hand_seat_to_bot(
                    table,
                    data["position"],
                    by=request.user,
                    reason=data["reason"],
                    level=data["level"],
                )
            except TableError as exc:
                form.add_error(None, str(exc))
            except OrganisingRefused as exc:
                refusal_to_form(form, exc)
            else:
                return self.done(request, table, _t("A bot plays that seat now."))
        return self.form_page(
            request,
            table,
            form,
            title=_t("Hand a seat to a bot"),
            intro=_t("For a player who left: the bot plays their seat until they take it back."),
            submit=_t("Hand it over"),
        )
