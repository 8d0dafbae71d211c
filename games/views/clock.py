"""The clock's one button: "+1 day" at a turn-based table (``clocks.give_day``)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from .. import clocks
from .table import _act, _seat


@require_POST
def give_day(request, public_id):
    def action(table):
        return clocks.give_day(table, request.user, _seat(request))

    return _act(request, public_id, action, done=_("You gave a day."))
