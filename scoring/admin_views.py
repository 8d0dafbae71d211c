"""Organisers' admin views kept apart from the registrations in ``scoring.admin``: the
round correction's new totals, the merge undo, the bulk delete with a reason, and the
player's pages (rename, link a login, merge). The session's own views are in
``scoring.admin_session_views``."""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.core.exceptions import PermissionDenied
from django.http import HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext as _t
from django.utils.translation import gettext_lazy

from . import organising, player_organising
from .admin_base import FORM_TEMPLATE
from .admin_forms import (
    LinkLoginForm,
    MergeForm,
    ReasonForm,
    RenameForm,
)
from .models import AuditEntry
from .numbers import form_int


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
    refusal = player_organising.merge_undo_refusal(entry)
    if request.method == "POST" and refusal is None and form.is_valid():
        try:
            undo = player_organising.undo_merge(
                entry, by=request.user, reason=form.cleaned_data["reason"]
            )
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


class PlayerViews:
    """Views of ``PlayerAdmin`` (an ``OrganiserAdmin``): rename, link a login, merge."""

    def rename_view(self, request, object_id):
        player = self._object_or_404(request, object_id)
        return self.organise_form(
            request,
            player,
            RenameForm(request.POST or None, initial={"name": player.name}),
            act=lambda data: player_organising.rename(
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
            act=lambda data: player_organising.link_login(
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
            act=lambda data: player_organising.merge(
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
        description=gettext_lazy("Merge the selected players into another"),
        permissions=["organise"],
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
                    player_organising.merge(
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
