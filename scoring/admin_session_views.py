"""The pages behind a play session's admin buttons and actions: correcting a round through
the game's own entry form, voiding, restoring, redating and removing (each asks why), and
the exports. ``scoring.admin`` registers the session admin with these views."""

from __future__ import annotations

import json

from django.contrib import admin, messages
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.contrib.admin.options import IncorrectLookupParameters
from django.core.exceptions import PermissionDenied
from django.http import HttpResponseRedirect
from django.template.loader import render_to_string
from django.utils.translation import gettext as _t
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from . import exports, organising, stored_sheets
from .admin_base import Gone, refusal_to_form
from .admin_forms import (
    ReasonForm,
    RedateForm,
)
from .admin_views import new_results
from .calculators import SheetError
from .entry import entry_of
from .entry.form import MAX_VERSION, entry_context
from .models import PlaySession
from .numbers import form_int
from .views.sheet_context import ROLE_LABEL

CORRECT_TEMPLATE = "admin/scoring/playsession/correct_round.html"


class SessionViews:
    """Views of ``PlaySessionAdmin`` (an ``OrganiserAdmin``), routed by its ``get_urls``."""

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
        seats = stored_sheets.seats_of(session)
        rounds = stored_sheets.rounds_of(session)
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
                for r, e in zip(rounds, stored_sheets.entries_of(rounds, seats), strict=True)
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
