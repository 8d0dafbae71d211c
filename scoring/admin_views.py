"""Parts of the organisers' admin pages kept out of ``scoring.admin`` (a long module): the
round correction's new totals, the merge undo and the bulk delete with a reason."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext as _

from . import organising
from .admin_forms import ReasonForm
from .models import AuditEntry
from .numbers import form_int

FORM_TEMPLATE = "admin/scoring/organise_form.html"


def new_results(entry: dict[str, Any], seats) -> list[dict[str, Any]]:
    """Per seat, what the corrected round would make of the game: the round's credit and the
    running total after it (games entered round by round), the new total and place, and the
    total now. Empty while the form holds no entry the rules can compute."""
    preview = entry.get("preview")
    if not preview:
        return []
    round_ = entry.get("preview_round") or {}
    credited, running = round_.get("credited") or {}, round_.get("running") or {}
    return [
        {
            "name": seat.player.name,
            "credited": credited.get(seat.player.name),
            "running": running.get(seat.player.name),
            "total": preview["totals"].get(seat.player.name),
            "place": preview["places"].get(seat.player.name),
            "was": seat.score,
        }
        for seat in seats
    ]


# --- undoing a merge, from its audit entry ------------------------------------------------------


def may_undo_merges(request) -> bool:
    """Organisers who may merge players may undo a merge."""
    return request.user.has_perm("scoring.change_player")


def undo_merge_view(model_admin, request, object_id: str):
    """The merge's audit entry: what an undo does, why it cannot (if so), and why it is done."""
    if not may_undo_merges(request):
        raise PermissionDenied
    entry = AuditEntry.objects.filter(pk=form_int(object_id)).first()
    if entry is None:
        return model_admin._get_obj_does_not_exist_redirect(request, model_admin.opts, object_id)
    form = ReasonForm(request.POST or None)
    refusal = organising.merge_undo_refusal(entry)
    if request.method == "POST" and refusal is None and form.is_valid():
        try:
            undo = organising.undo_merge(entry, by=request.user, reason=form.cleaned_data["reason"])
        except organising.OrganisingRefused as exc:
            refusal = exc.message
        else:
            model_admin.message_user(
                request,
                _("The merge is undone: %(name)s is back with their games.")
                % {"name": undo.target_label},
                messages.SUCCESS,
            )
            return HttpResponseRedirect(
                reverse("admin:scoring_player_change", args=[undo.target_id])
            )
    merged, into = entry.before.get("merged", {}), entry.after.get("into", {})
    context = {
        **model_admin.admin_site.each_context(request),
        "opts": model_admin.opts,
        "original": entry,
        "title": _("Undo this merge"),
        "intro": _(
            "%(merged)s comes back as they were before the merge, with exactly the seats, "
            "rating events and records that moved to %(into)s (and their login, if it moved); "
            "the names in their sheets are theirs again and the ratings are replayed."
        )
        % {"merged": merged.get("name", "?"), "into": into.get("name", "?")},
        "refusal": refusal,
        "form": form,
        "submit": _("Undo the merge"),
        "danger": False,
        "change_url": reverse("admin:scoring_auditentry_change", args=[entry.pk]),
    }
    return TemplateResponse(request, FORM_TEMPLATE, context)
