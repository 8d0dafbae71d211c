"""The organisers' admin: sessions, players, seasons and the audit trail.

Pages are read-only views; every change is an action or a small form that asks why and
goes through ``scoring.organising`` (which writes the audit entry and fixes the ratings).
Organisers hold "change" permissions that mean "may organise" (see ``scoring.organisers``);
the plain change forms are never offered, so nothing bypasses the audit trail.
"""

from __future__ import annotations

import json
import uuid
from functools import wraps

from django.contrib import admin, messages
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.contrib.admin.options import IncorrectLookupParameters
from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied
from django.db.models import Count, F
from django.db.models.functions import Coalesce
from django.http import HttpResponseRedirect
from django.template.loader import render_to_string
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.formats import date_format
from django.utils.html import format_html
from django.utils.timezone import get_default_timezone, localtime
from django.utils.translation import gettext as _t
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext
from django_htmx.http import HttpResponseClientRedirect

from . import exports, organising, sheets
from .admin_forms import (
    LinkLoginForm,
    MergeForm,
    ReasonForm,
    RedateForm,
    RenameForm,
    SeasonForm,
)
from .admin_links import PermittedLinks
from .admin_views import may_undo_merges, new_results, undo_merge_view
from .calculators import SheetError
from .entry import entry_of
from .entry.form import MAX_VERSION, entry_context
from .models import AuditEntry, Player, PlaySession, Round, Season, Seat
from .numbers import form_int, form_ints
from .views.sheet_context import ROLE_LABEL

FORM_TEMPLATE = "admin/scoring/organise_form.html"
PLAYED = Coalesce("finished_at", "created_at")  # PlaySession.played_at, in the database
CORRECT_TEMPLATE = "admin/scoring/playsession/correct_round.html"

admin.site.site_header = _("sarco: the club's admin")
admin.site.site_title = _("sarco admin")
admin.site.index_title = _("Organise the club")


def pretty_json(value, indent: int | None = 1) -> str:
    return format_html("<pre class='sarco-json'>{}</pre>", json.dumps(value, indent=indent))


def whole_page_redirects(view):
    """A page htmx posts to (the round correction) answers a redirect (saved; the session gone;
    logged out meanwhile) by telling htmx to load that page whole, where the browser would
    otherwise follow it and htmx swap a part of another page into this one."""

    @wraps(view)
    def wrapped(request, *args, **kwargs):
        response = view(request, *args, **kwargs)
        if getattr(request, "htmx", False) and isinstance(response, HttpResponseRedirect):
            return HttpResponseClientRedirect(response["Location"])
        return response

    return wrapped


class Gone(Exception):
    """The object of an organiser's page no longer exists."""


class NulSafeChangelist:
    """A filter or search with a NUL byte is an invalid filter (the list is shown again with
    Django's "invalid filters" notice, an export goes back to the list), not a server error:
    PostgreSQL cannot compare a text column with NUL, and no real filter holds one."""

    def get_changelist_instance(self, request):
        if any("\x00" in key or "\x00" in "".join(vals) for key, vals in request.GET.lists()):
            raise IncorrectLookupParameters
        return super().get_changelist_instance(request)


class OrganiserAdmin(PermittedLinks, NulSafeChangelist, admin.ModelAdmin):
    """View-only pages plus the organisers' own forms (each asks why)."""

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False  # the form would bypass the audit trail; see has_organise_permission

    def has_delete_permission(self, request, obj=None) -> bool:
        return False  # deleting asks why: see the models' own delete pages

    def has_organise_permission(self, request, obj=None) -> bool:
        opts = self.opts
        return request.user.has_perm(f"{opts.app_label}.change_{opts.model_name}")

    def _organise_url(self, view: str, *args) -> str:
        return reverse(f"admin:{self.opts.app_label}_{self.opts.model_name}_{view}", args=args)

    def _route(self, suffix: str, view, name: str):
        def gone_is_a_message(request, object_id):
            """As the admin's own pages do: a deleted (merged, sent twice) object sends the
            organiser on with a message instead of a 404."""
            try:
                return view(request, object_id)
            except Gone:
                return self._get_obj_does_not_exist_redirect(request, self.opts, object_id)

        return path(
            f"<path:object_id>/{suffix}/",
            whole_page_redirects(self.admin_site.admin_view(gone_is_a_message)),
            name=f"{self.opts.app_label}_{self.opts.model_name}_{name}",
        )

    def _object_or_404(self, request, object_id, *, perm="organise"):
        if not getattr(self, f"has_{perm}_permission")(request):
            raise PermissionDenied
        obj = self.get_object(request, unquote(object_id))
        if obj is None:
            raise Gone
        return obj

    def form_page(
        self, request, obj, form, *, title, intro="", submit, danger=False, template=None, **extra
    ):
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "original": obj,
            "title": title,
            "intro": intro,
            "form": form,
            "submit": submit,
            "danger": danger,
            "change_url": self._organise_url("change", obj.pk) if obj else None,
            **extra,
        }
        return TemplateResponse(request, template or FORM_TEMPLATE, context)

    def done(self, request, obj, message: str, *, to_change=True) -> HttpResponseRedirect:
        self.message_user(request, message, messages.SUCCESS)
        if to_change and obj is not None:
            return HttpResponseRedirect(self._organise_url("change", obj.pk))
        return HttpResponseRedirect(self._organise_url("changelist"))

    def organise_form(self, request, obj, form, *, act, done, **page):
        """One organiser's form about ``obj``. A valid post calls the service through
        ``act(cleaned_data)``: its refusal goes on the form, else the organiser goes on with
        ``done``, a success message for ``obj``'s page, or ``done(cleaned_data)`` making the
        answer itself. Otherwise (a GET, an invalid form, a refusal) the form page, with
        ``page`` (title, intro, submit, ...) for ``form_page``."""
        if request.method == "POST" and form.is_valid():
            try:
                act(form.cleaned_data)
            except organising.OrganisingRefused as exc:
                refusal_to_form(form, exc)
            else:
                return done(form.cleaned_data) if callable(done) else self.done(request, obj, done)
        return self.form_page(request, obj, form, **page)

    def response_action(self, request, queryset):
        """Ticked ids that are no ids (a forged post: "", "²", 5,000 digits) are dropped:
        Django filters by them as they come, which ended in a server error."""
        post = request.POST.copy()
        ticked = form_ints(post.getlist(ACTION_CHECKBOX_NAME))
        post.setlist(ACTION_CHECKBOX_NAME, [str(n) for n in ticked])
        request.POST = post
        return super().response_action(request, queryset)

    def change_view(self, request, object_id, form_url="", extra_context=None):
        obj = self.get_object(request, object_id)
        extra = dict(extra_context or {})
        if obj is not None:
            extra["audit_entries"] = AuditEntry.objects.about(obj)[:50]
            extra["may_organise"] = self.has_organise_permission(request, obj)
            remove = getattr(self, "has_remove_permission", None)
            extra["may_remove"] = bool(remove and remove(request, obj))
        return super().change_view(request, object_id, form_url, extra)


def refusal_to_form(form, exc) -> None:
    """Show a service refusal on the field it concerns (or on the whole form)."""
    field = getattr(exc, "field", None)
    form.add_error(field if field in form.fields else None, exc.message)


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


@admin.display(description=_("seat"), ordering="position")
def seat_number(seat) -> int:
    """Seats counted from 1, as every page names them ("Anna at seat 1"), not the stored 0."""
    return seat.position + 1


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
class PlaySessionAdmin(OrganiserAdmin):
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

    def correct_view(self, request, object_id):
        """The round's entry in the game's own entry form (``scoring.entry``, as on the
        sheet), prefilled from the round. A button of that form (a stepper, a card, a mode)
        or Enter draws the page again from what was posted, computed; ``action=save``
        corrects the round through ``organising.correct_round``, with the entry form's
        checks and messages. ``number`` (the round) and ``version`` (the session's version
        the page was first drawn at) travel as hidden inputs."""
        session = self._object_or_404(request, object_id)
        numbers = list(session.rounds.order_by("number").values_list("number", flat=True))
        if not numbers:
            messages.warning(request, _t("This session has no rounds to correct."))
            return HttpResponseRedirect(self._organise_url("change", session.pk))
        if request.method != "POST":
            number = form_int(request.GET.get("round"), MAX_VERSION)
            number = number if number in numbers else numbers[0]
            return self._correct_page(request, session, number, seen=session.version)
        number = form_int(request.POST.get("number"), MAX_VERSION)
        seen = form_int(request.POST.get("version"), MAX_VERSION)
        reason = request.POST.get("reason", "")[: 2 * organising.REASON_LENGTH]
        if number not in numbers:  # not a round of this session: nothing of the post is used
            notice = _t("This session has no such round, so nothing was saved.")
            return self._correct_afresh(request, session, numbers[0], reason, notice)
        if request.POST.get("action") != "save":
            return self._correct_page(
                request, session, number, post=request.POST, seen=seen, reason=reason
            )
        if seen is None:  # a page we did not draw: no version to check the session against
            stale = organising.SessionChanged().message
            return self._correct_afresh(request, session, number, reason, stale)
        form = ReasonForm(request.POST)
        entry = entry_context(request, session, number=number, post=request.POST)
        notice = _t("Nothing was saved.")  # the entry form or the reason says why
        if not form.is_valid() and not reason.strip():  # the field is below the round
            notice = _t("Say why: the reason is kept in the audit trail.")
        if form.is_valid() and entry["draft_entry"] is not None:
            try:
                outcome, _audit = organising.correct_round(
                    session,
                    number,
                    entry["draft_entry"],
                    by=request.user,
                    reason=form.cleaned_data["reason"],
                    seen_version=seen,
                )
            except PlaySession.DoesNotExist:  # deleted since the page was drawn
                raise Gone from None
            except organising.SessionChanged as exc:
                return self._correct_afresh(request, session, number, reason, exc.message)
            except organising.OrganisingRefused as exc:
                refusal_to_form(form, exc)
            except SheetError as exc:  # its message ends "Nothing was saved."
                entry = entry_context(
                    request, session, number=number, post=request.POST, refusal=exc
                )
                notice = None
            else:
                return self.done(
                    request,
                    session,
                    _t("%(message)s Totals, places and ratings are updated.")
                    % {"message": outcome.message},
                )
        return self._correct_page(
            request, session, number, entry=entry, form=form, seen=seen, notice=notice
        )

    def _correct_afresh(self, request, session, number, reason, notice):
        """The correction page drawn again from the session as it is now (its current
        version, the round's stored entry) with ``notice``, why nothing was saved; the
        reason typed is kept."""
        session = self.get_object(request, str(session.pk))
        if session is None:
            raise Gone
        numbers = list(session.rounds.order_by("number").values_list("number", flat=True))
        if number not in numbers:
            if not numbers:
                messages.warning(request, _t("This session has no rounds to correct."))
                return HttpResponseRedirect(self._organise_url("change", session.pk))
            number = numbers[0]
        return self._correct_page(
            request, session, number, seen=session.version, reason=reason, notice=notice
        )

    def _correct_page(
        self,
        request,
        session,
        number,
        *,
        seen,
        post=None,
        entry=None,
        form=None,
        reason="",
        notice=None,
    ):
        """The page: the results and entries now, the game's entry form for round
        ``number`` (from ``post``, or the stored entry), and why."""
        seats = sheets.seats_of(session)
        rounds = sheets.rounds_of(session)
        if entry is None:
            entry = entry_context(
                request, session, number=number, post=post, seats=seats, rounds=rounds
            )
        if form is None:  # not a save: nothing to complain about yet
            form = ReasonForm(initial={"reason": reason})
        at_end = entry_of(session.game).AT_END
        return self.form_page(
            request,
            session,
            form,
            template=CORRECT_TEMPLATE,
            title=_t("Correct a round"),
            intro=_t(
                "The scorekeeper's rules check the new entry, exactly as on the sheet; totals, "
                "places and ratings are recomputed."
            ),
            submit=_t("Save the correction"),
            rounds=[
                (r.number, json.dumps(e))
                for r, e in zip(rounds, sheets.entries_of(rounds, seats), strict=True)
            ],
            seat_rows=[(seat, ROLE_LABEL.get(seat.role, "")) for seat in seats],
            chosen=number,
            chosen_label=_t("End of game") if at_end else _t("Round %(n)d") % {"n": number},
            form_action="#organise-round",  # drawn again, the page opens at the round
            seen="" if seen is None else seen,
            notice=notice,
            entry=entry,
            entry_fields=render_to_string(entry["entry_template"], entry, request=request),
            new_results=new_results(entry, seats),
            by_round=not at_end,
        )

    def _reason_view(
        self, request, object_id, *, perm, service, title, intro, submit, done, danger=False
    ):
        session = self._object_or_404(request, object_id, perm=perm)
        return self.organise_form(
            request,
            session,
            ReasonForm(request.POST or None),
            act=lambda data: service(session, by=request.user, reason=data["reason"]),
            done=lambda data: self.done(
                request, session, done, to_change=service is not organising.delete_session
            ),
            title=title,
            intro=intro,
            submit=submit,
            danger=danger,
        )

    def void_view(self, request, object_id):
        return self._reason_view(
            request,
            object_id,
            perm="organise",
            service=organising.void,
            title=_t("Void this session"),
            intro=_t("The session is kept but leaves the standings and the ratings."),
            submit=_t("Void it"),
            done=_t("The session is void; ratings are updated."),
            danger=True,
        )

    def restore_view(self, request, object_id):
        return self._reason_view(
            request,
            object_id,
            perm="organise",
            service=organising.restore,
            title=_t("Restore this session"),
            intro=_t("The session counts again in the standings and the ratings."),
            submit=_t("Restore it"),
            done=_t("The session counts again; ratings are updated."),
        )

    def redate_view(self, request, object_id):
        """The played date, changed through the audit trail; ratings follow."""
        session = self._object_or_404(request, object_id)
        form = RedateForm(request.POST or None, initial={"played_on": session.played_on})
        return self.organise_form(
            request,
            session,
            form,
            act=lambda data: organising.redate(
                session, data["played_on"], by=request.user, reason=data["reason"]
            ),
            done=_t("The played date is changed; ratings, standings and the league follow it."),
            title=_t("Change the played date"),
            intro=_t(
                "A finished game keeps its time of day; its ratings are replayed from the "
                "earlier of the two dates."
            ),
            submit=_t("Change the date"),
        )

    def remove_view(self, request, object_id):
        return self._reason_view(
            request,
            object_id,
            perm="remove",
            service=organising.delete_session,
            title=_t("Delete this session"),
            intro=_t(
                "The session and its rounds are deleted for good (its sheet stays in the audit "
                "trail). To keep it but stop it counting, void it instead."
            ),
            submit=_t("Delete it"),
            done=_t("The session was deleted; ratings are updated."),
            danger=True,
        )

    # actions on the list ----------------------------------------------------------------------

    def _bulk(self, request, queryset, *, service, title, intro, submit, done, danger=False):
        """An action with an intermediate page that asks why, then one service call for all
        the sessions (an audit entry each, the ratings updated once)."""
        form = ReasonForm(request.POST if "apply" in request.POST else None)
        if "apply" in request.POST and form.is_valid():
            outcome = service(queryset, by=request.user, reason=form.cleaned_data["reason"])
            if outcome.audits:
                self.message_user(request, done(len(outcome.audits)), messages.SUCCESS)
            for label, why in outcome.refused:
                self.message_user(request, f"{label}: {why}", messages.WARNING)
            return None
        return self.form_page(
            request,
            None,
            form,
            title=title,
            intro=intro,
            submit=submit,
            danger=danger,
            selected=queryset,
            action=request.POST.get("action", ""),
            checkbox_name=ACTION_CHECKBOX_NAME,
        )

    @admin.action(description=_("Void the selected sessions"), permissions=["organise"])
    def void_selected(self, request, queryset):
        return self._bulk(
            request,
            queryset,
            service=organising.void_sessions,
            title=_t("Void these sessions"),
            intro=_t("They are kept but leave the standings and the ratings."),
            submit=_t("Void them"),
            done=lambda n: (
                ngettext("%(n)d session is void.", "%(n)d sessions are void.", n) % {"n": n}
            ),
        )

    @admin.action(description=_("Restore the selected sessions"), permissions=["organise"])
    def restore_selected(self, request, queryset):
        return self._bulk(
            request,
            queryset,
            service=organising.restore_sessions,
            title=_t("Restore these sessions"),
            intro=_t("They count again in the standings and the ratings."),
            submit=_t("Restore them"),
            done=lambda n: (
                ngettext("%(n)d session counts again.", "%(n)d sessions count again.", n) % {"n": n}
            ),
        )

    @admin.action(description=_("Delete the selected sessions"), permissions=["remove"])
    def delete_selected(self, request, queryset):
        """Django's own bulk delete (same name, so it is replaced) would skip the audit trail."""
        return self._bulk(
            request,
            queryset,
            service=organising.delete_sessions,
            title=_t("Delete these sessions"),
            intro=_t(
                "They and their rounds are deleted for good (each sheet stays in the audit "
                "trail). To keep them but stop them counting, void them instead."
            ),
            submit=_t("Delete them"),
            done=lambda n: (
                ngettext(
                    "%(n)d session was deleted; ratings are updated.",
                    "%(n)d sessions were deleted; ratings are updated.",
                    n,
                )
                % {"n": n}
            ),
            danger=True,
        )

    @admin.action(description=_("Export the selected sessions (CSV)"), permissions=["export"])
    def export_sessions(self, request, queryset):
        return exports.sessions_csv(queryset)

    @admin.action(description=_("Export their seat results (CSV)"), permissions=["export"])
    def export_seats(self, request, queryset):
        return exports.seats_csv(queryset)

    @admin.action(
        description=_("Export the selected sessions (JSON to import)"), permissions=["export"]
    )
    def export_json(self, request, queryset):
        return exports.sheets_json(queryset)

    def export_view(self, request, kind: str):
        """The changelist's filtered sessions (the same query string), streamed."""
        if not self.has_export_permission(request):
            raise PermissionDenied
        try:
            queryset = self.get_changelist_instance(request).get_queryset(request)
        except IncorrectLookupParameters:
            self.message_user(request, _t("These filters are not valid."), messages.ERROR)
            return HttpResponseRedirect(self._organise_url("changelist"))
        maker = {
            "sessions": exports.sessions_csv,
            "seats": exports.seats_csv,
            "json": exports.sheets_json,
        }
        return maker[kind](queryset)


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
class PlayerAdmin(OrganiserAdmin):
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

    def rename_view(self, request, object_id):
        player = self._object_or_404(request, object_id)
        return self.organise_form(
            request,
            player,
            RenameForm(request.POST or None, initial={"name": player.name}),
            act=lambda data: organising.rename(
                player, data["name"], by=request.user, reason=data["reason"]
            ),
            done=_t("The player is renamed."),
            title=_t("Rename %(name)s") % {"name": player.name},
            intro=_t(
                "The same rules as at sign-up: spaces tidied, unique in the club whatever the case."
            ),
            submit=_t("Rename"),
        )

    def link_view(self, request, object_id):
        player = self._object_or_404(request, object_id)
        return self.organise_form(
            request,
            player,
            LinkLoginForm(
                request.POST or None,
                initial={"username": player.user.get_username() if player.user else ""},
            ),
            act=lambda data: organising.link_login(
                player, data["username"], by=request.user, reason=data["reason"]
            ),
            done=_t("The player's login is updated."),
            title=_t("Link %(name)s to a login") % {"name": player.name},
            intro=_t("Whoever logs in with it plays as this player; a guest becomes a member."),
            submit=_t("Save the link"),
        )

    def merge_view(self, request, object_id):
        player = self._object_or_404(request, object_id)
        return self.organise_form(
            request,
            player,
            MergeForm(request.POST or None, exclude=[player.pk]),
            act=lambda data: organising.merge(
                player, data["into"], by=request.user, reason=data["reason"]
            ),
            done=lambda data: self.done(  # on to the page of the player merged into
                request,
                data["into"],
                _t("%(source)s is merged into %(into)s.")
                % {"source": player.name, "into": data["into"].name},
            ),
            title=_t("Merge %(name)s into another player") % {"name": player.name},
            intro=_t(
                "Every seat and rating of %(name)s moves to the player you pick, and %(name)s is "
                "removed. Refused if both sat at one session."
            )
            % {"name": player.name},
            submit=_t("Merge"),
            danger=True,
        )

    @admin.action(
        description=_("Merge the selected players into another"), permissions=["organise"]
    )
    def merge_selected(self, request, queryset):
        chosen = list(queryset)
        form = MergeForm(
            request.POST if "apply" in request.POST else None, exclude=[p.pk for p in chosen]
        )
        if "apply" in request.POST and form.is_valid():
            into = form.cleaned_data["into"]
            for player in chosen:
                try:
                    organising.merge(
                        player, into, by=request.user, reason=form.cleaned_data["reason"]
                    )
                except organising.OrganisingRefused as exc:
                    self.message_user(request, f"{player.name}: {exc.message}", messages.WARNING)
                else:
                    self.message_user(
                        request,
                        _t("%(source)s is merged into %(into)s.")
                        % {"source": player.name, "into": into.name},
                        messages.SUCCESS,
                    )
            return None
        return self.form_page(
            request,
            None,
            form,
            title=_t("Merge players"),
            intro=_t("Every seat and rating of the players below moves to the one you pick."),
            submit=_t("Merge"),
            danger=True,
            selected=chosen,
            action=request.POST.get("action", ""),
            checkbox_name=ACTION_CHECKBOX_NAME,
        )


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
            extra["undone_by"] = organising.merge_undone_by(entry)
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
