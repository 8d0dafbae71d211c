"""The nights' pages: the list, a night, announcing and changing one, coming and going.

Views only read and render; every write goes through ``nights.attendance`` (who comes) or
``nights.organising`` (the night itself).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db import transaction
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from games import tables
from games.engines import GAME_NAMES
from games.forms import NewTableForm
from sarco.catalog import GAMES
from scoring.numbers import form_int
from scoring.played import club_locations

from . import attendance, ical, organising, reminders
from .forms import NewNightForm, NightForm
from .models import CalendarFeed, Night, NightTable
from .results import results_of
from .sheets import may_link, new_sheet_url

PAST_PER_PAGE = 20
MAX_ID = 2**31 - 1


def _night(night_id: int) -> Night:
    night = Night.objects.filter(pk=night_id).first() if night_id <= MAX_ID else None
    if night is None:
        raise Http404(_("There is no such night."))
    return night


def forbidden(request) -> HttpResponse:
    return render(request, "nights/forbidden.html", status=403)


@require_safe
def night_list(request):
    past = Paginator(Night.objects.past(), PAST_PER_PAGE).get_page(
        form_int(request.GET.get("page"), 10_000) or 1
    )
    return render(
        request,
        "nights/list.html",
        {
            "upcoming": Night.objects.upcoming(),
            "past": past,
            "can_announce": organising.can_announce(request.user),
        },
    )


@require_safe
def night(request, night_id: int):
    night = _night(night_id)
    people = list(night.attendances.select_related("user__player"))
    context = {
        "night": night,
        "coming": [a for a in people if not a.waiting],
        "waiting": [a for a in people if a.waiting],
        "mine": next((a for a in people if a.user_id == request.user.pk), None),
        "can_change": organising.can_change(request.user, night),
        "results": results_of(night),
        "can_start": may_link(request.user, night),
    }
    if request.GET.get("view") == "print":
        return render(request, "nights/night_print.html", context)
    if context["can_start"]:
        context["new_sheets"] = [(game, new_sheet_url(night, game.slug)) for game in GAMES]
    return render(request, "nights/night.html", context)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def announce(request):
    if not organising.can_announce(request.user):
        return forbidden(request)
    form = NewNightForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        values = form.values()
        nights = organising.announce_weekly(
            request.user, weeks=form.cleaned_data["weeks"], **values
        )
        messages.success(request, _("Night announced."))
        return redirect("nights:night", nights[0].pk)
    return render(
        request, "nights/form.html", {"form": form, "places": club_places(), "night": None}
    )


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def change(request, night_id: int):
    night = _night(night_id)
    if not organising.can_change(request.user, night):
        return forbidden(request)
    form = NightForm.for_night(night, request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        organising.change(night, **form.values())
        messages.success(request, _("Night changed."))
        return redirect("nights:night", night.pk)
    return render(
        request, "nights/form.html", {"form": form, "places": club_places(), "night": night}
    )


@login_required
@require_POST
def cancel(request, night_id: int):
    night = _night(night_id)
    if not organising.can_change(request.user, night):
        return forbidden(request)
    organising.cancel(night)
    messages.success(request, _("Night cancelled."))
    return redirect("nights:night", night.pk)


@login_required
@require_POST
def come(request, night_id: int):
    night = _night(night_id)
    try:
        outcome = attendance.come(night.pk, request.user)
    except attendance.AttendanceRefused as exc:
        messages.error(request, exc.message)
    else:
        if outcome.waiting:
            messages.success(request, _("The night is full: you are on the waiting list."))
        else:
            messages.success(request, _("You come. See you there!"))
    return redirect("nights:night", night.pk)


@login_required
@require_POST
def leave(request, night_id: int):
    night = _night(night_id)
    attendance.leave(night.pk, request.user)
    messages.success(request, _("You no longer come."))
    return redirect("nights:night", night.pk)


@login_required
@require_POST
def open_table(request, night_id: int):
    """An online table of the night's, opened with the game's fewest seats; the host sits
    down and the others join from the night's page or the lobby."""
    night = _night(night_id)
    game = request.POST.get("game", "")
    if game not in GAME_NAMES or not may_link(request.user, night):
        messages.error(request, _("Only members who come open a table for this night."))
        return redirect("nights:night", night.pk)
    try:
        with transaction.atomic():
            table = tables.open_table(game, request.user, seats=NewTableForm(game).low)
            NightTable.objects.create(night=night, table=table)
    except tables.TableError as exc:
        messages.error(request, exc.message)
        return redirect("nights:night", night.pk)
    return redirect("play:table", public_id=table.public_id)


@require_http_methods(["GET", "HEAD", "POST"])
def not_coming(request, token: str):
    """The reminder's link: the page asks, the button frees the seat (no login needed; a
    mail scanner's GET changes nothing)."""
    found = reminders.read_token(token)
    night = Night.objects.filter(pk=found[0]).first() if found else None
    member = night.attendances.filter(user_id=found[1]).first() if night else None
    context = {"night": night, "member": member, "done": False}
    if found is None or night is None:
        return render(request, "nights/not_coming.html", {"invalid": True}, status=400)
    if request.method == "POST" and member is not None:
        attendance.leave(night.pk, member.user)
        context.update(done=True, member=None)
    return render(request, "nights/not_coming.html", context)


ICS = "text/calendar; charset=utf-8"


@require_safe
def night_ics(request, night_id: int):
    night = _night(night_id)
    response = HttpResponse(ical.calendar_of([night], _("Club night")), content_type=ICS)
    response["Content-Disposition"] = f'attachment; filename="night-{night.pk}.ics"'
    return response


@require_safe
def feed(request, token: str):
    """A member's private feed: the secret address is the only key (calendar apps do not
    log in), so a wrong or revoked one is a plain 404."""
    found = CalendarFeed.objects.filter(token=token).select_related("user").first()
    if found is None or not found.user.is_active:
        raise Http404(_("There is no such calendar."))
    body = ical.calendar_of(ical.feed_nights(found), _("Club nights"))
    return HttpResponse(body, content_type=ICS)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def calendar_page(request):
    """The member's feed: its address, which nights, a new address (the old one stops)."""
    current = CalendarFeed.objects.filter(user=request.user).first()
    if request.method == "POST":
        action = request.POST.get("action")
        if action == "new":
            ical.new_feed(request.user, all_nights=request.POST.get("all_nights") == "on")
            messages.success(request, _("Your calendar has a new address; the old one stops."))
        elif action == "revoke" and current is not None:
            current.delete()
            messages.success(request, _("Your calendar address no longer works."))
        return redirect("nights:calendar")
    url = None
    if current is not None:
        url = request.build_absolute_uri(reverse("nights:feed", args=[current.token]))
    return render(request, "nights/calendar.html", {"feed": current, "feed_url": url})


def club_places() -> list[str]:
    """Places used before: the sessions' locations and the earlier nights' places."""
    places = dict.fromkeys(club_locations())
    places.update(dict.fromkeys(Night.objects.exclude(place="").values_list("place", flat=True)))
    return list(places)[:50]
