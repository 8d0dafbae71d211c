"""A sheet's played date, location and notes, changed from its page (scoring.played)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ..models import PlaySession
from ..played import club_locations, details_form_for, update_details
from .sheet_context import sheet_context
from .sheets import forbidden


@login_required
@require_POST
def sheet_details(request, public_id):
    session = get_object_or_404(PlaySession, public_id=public_id)
    if not session.can_edit(request.user):
        return forbidden(request, session)
    form = details_form_for(session, request.POST)
    if form.is_valid():
        data = form.cleaned_data
        update_details(
            session.public_id,
            request.user,
            location=data["location"],
            notes=data["notes"],
            played_on=data.get("played_on"),
        )
        messages.success(request, _("Date, location and notes saved."))
        return redirect("sheet", public_id=session.public_id)
    context = sheet_context(request, session)
    context.update(details_form=form, locations=club_locations(), details_open=True)
    return render(request, "scoring/sheet.html", context, status=400)
