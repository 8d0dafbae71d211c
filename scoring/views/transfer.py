"""A sheet out and in as a file: the export of one sheet (the JSON of docs/scorekeeper.md)
and the import page (a file or pasted JSON). The work is ``scoring.sheet_import``'s."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from .. import sheet_import
from ..calculators import SheetError
from ..models import PlaySession
from ..sheet_text import MAX_SHEET_BYTES, read_sheet_json, too_large


@require_safe
def export(request, public_id):
    session = get_object_or_404(PlaySession, public_id=public_id)
    response = JsonResponse(sheet_import.export_sheet(session), json_dumps_params={"indent": 2})
    stamp = session.created_at.strftime("%Y-%m-%d")
    response["Content-Disposition"] = (
        f'attachment; filename="{session.game}-{stamp}-{session.public_id.hex[:8]}.json"'
    )
    return response


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def import_sheet(request):
    error = None
    text = ""
    if request.method == "POST":
        upload = request.FILES.get("file")
        if upload is None:
            text = request.POST.get("json", "")
        try:
            if upload is not None and upload.size > MAX_SHEET_BYTES:
                raise too_large(upload.size)
            raw = upload.read(MAX_SHEET_BYTES + 1) if upload is not None else text
            session = sheet_import.import_sheet(read_sheet_json(raw), request.user, skip_same=True)
        except sheet_import.AlreadyImported as exc:
            messages.info(request, exc.message)
            return redirect("sheet", public_id=exc.session.public_id)
        except SheetError as exc:
            where = _(" (at %(field)s)") % {"field": exc.field} if exc.field else ""
            error = _("%(why)s%(where)s Nothing was imported.") % {
                "why": exc.message,
                "where": where,
            }
            if len(text) > MAX_SHEET_BYTES:
                text = ""  # not a megabyte back into the page
        else:
            messages.success(request, _("Sheet imported."))
            return redirect("sheet", public_id=session.public_id)
    return render(request, "scoring/import.html", {"error": error, "text": text})
