"""The organisers' page for bulk import: the same as ``manage.py import_sheets``, for a club
bringing its paper history through the browser. All or nothing; a re-upload skips what is in."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from scoring.bulk_import import ImportRefused, import_sheets

MAX_BYTES = 10 * 1024 * 1024


def _read(upload) -> object:
    if upload is None:
        raise ImportRefused(_("Choose a JSON file to import."))
    if upload.size > MAX_BYTES:
        raise ImportRefused(
            _("The file is larger than 10 MB: import it with manage.py import_sheets instead.")
        )
    try:
        return json.loads(upload.read().decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise ImportRefused(_("This file is not valid JSON.")) from None


@staff_member_required
@require_http_methods(["GET", "HEAD", "POST"])
def bulk_import(request):
    error = None
    if request.method == "POST":
        try:
            counts = import_sheets(_read(request.FILES.get("file")), request.user)
        except ImportRefused as exc:
            error = _("%(reason)s Nothing was imported.") % {"reason": str(exc).rstrip(".") + "."}
        else:
            messages.success(request, counts.line())
            return redirect("leaderboard:import")
    return render(request, "leaderboard/import.html", {"error": error, "max_mb": 10})
