"""A member's vacations (``play:vacation``): on those days their turn-based clocks stop.

The page lists the vacations still to come, takes a new one (a date range) and cancels one;
``games.vacations`` has the last word on each (days left this year, overlaps), and its
refusal is shown on the page.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from .. import vacations
from ..models import Vacation


class DateInput(forms.DateInput):
    input_type = "date"


class VacationForm(forms.Form):
    starts = forms.DateField(label=gettext_lazy("First day"), widget=DateInput)
    ends = forms.DateField(label=gettext_lazy("Last day"), widget=DateInput)

    def clean(self):
        data = super().clean()
        starts, ends = data.get("starts"), data.get("ends")
        if starts and ends and ends < starts:
            self.add_error("ends", _("The last day comes before the first."))
        return data


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def vacation(request):
    form = VacationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            vacations.take_vacation(request.user, data["starts"], data["ends"])
        except ValueError as exc:
            form.add_error(None, getattr(exc, "message", str(exc)))
        else:
            messages.success(request, _("Enjoy your vacation: your turn-based clocks stop then."))
            return redirect("play:vacation")
    status = 400 if request.method == "POST" else 200
    return render(request, "games/vacation.html", _context(request.user, form), status=status)


@require_POST
@login_required
def cancel(request, pk: int):
    held = get_object_or_404(Vacation, pk=pk, user=request.user)
    try:
        vacations.cancel_vacation(request.user, held)
    except ValueError as exc:
        messages.error(request, getattr(exc, "message", str(exc)))
    else:
        messages.success(request, _("Vacation cancelled."))
    return redirect("play:vacation")


def _context(user, form: VacationForm) -> dict:
    today = timezone.localdate()
    return {
        "form": form,
        "today": today,
        "days_left": vacations.days_left(user, today.year),
        "vacations": Vacation.objects.filter(user=user, ends__gte=today).order_by("starts"),
    }
