"""The standings filters: period (all time, this year, a season, dates), mode, minimum
games, and whether guests and bots are shown. Read from GET, so every view is a shareable
link; a value that does not parse falls back to its default with a message."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from urllib.parse import urlencode

from django import forms
from django.utils import formats, timezone
from django.utils.translation import gettext as gettext_now
from django.utils.translation import gettext_lazy as _

from scoring.models import PlaySession, Season

PERIODS = [
    ("all", _("All time")),
    ("year", _("This year")),
    ("season", _("A season")),
    ("dates", _("Dates")),
]
MODES = [("both", _("Online and tabletop")), ("online", _("Online")), ("tabletop", _("Tabletop"))]


class StandingsForm(forms.Form):
    period = forms.ChoiceField(label=_("Period"), choices=PERIODS, required=False)
    season = forms.ModelChoiceField(
        label=_("Season"), queryset=Season.objects.all(), required=False, empty_label=None
    )
    start = forms.DateField(
        label=_("From"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )
    end = forms.DateField(
        label=_("To"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )
    mode = forms.ChoiceField(label=_("Mode"), choices=MODES, required=False)
    min = forms.IntegerField(
        label=_("Minimum games"),
        min_value=0,
        max_value=10000,
        required=False,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    everyone = forms.BooleanField(label=_("Show guests and bots"), required=False)


@dataclass(frozen=True)
class Filter:
    """What the standings show; ``start``/``end`` bound ``finished_at`` (end exclusive)."""

    period: str = "all"
    start: dt.datetime | None = None
    end: dt.datetime | None = None
    mode: str = "both"
    min_games: int = 0
    everyone: bool = False
    season: Season | None = None
    query: str = ""

    @property
    def whole_history(self) -> bool:
        """Unfiltered events: the stored ratings are the answer."""
        return self.start is None and self.end is None and self.mode == "both"

    def describe(self) -> str:
        """What the selection holds, in words, for the page to say."""
        day = lambda moment: formats.date_format(timezone.localtime(moment), "DATE_FORMAT")  # noqa: E731
        if self.season:
            period = self.season.name
        elif self.start and self.end:
            last = self.end - dt.timedelta(days=1)
            period = gettext_now("%(a)s to %(b)s") % {"a": day(self.start), "b": day(last)}
        elif self.start:
            period = gettext_now("since %(a)s") % {"a": day(self.start)}
        elif self.end:
            last = self.end - dt.timedelta(days=1)
            period = gettext_now("until %(b)s") % {"b": day(last)}
        else:
            period = gettext_now("all time")
        mode = {
            "online": gettext_now("online only"),
            "tabletop": gettext_now("tabletop only"),
        }.get(self.mode, gettext_now("online and tabletop"))
        return f"{period}, {mode}"

    @property
    def trend_until(self) -> dt.datetime:
        """The trend runs over the 30 days before the period's end (or now)."""
        now = timezone.now()
        return min(now, self.end) if self.end else now

    @property
    def trend_from(self) -> dt.datetime:
        return self.trend_until - dt.timedelta(days=30)


def _midnight(day: dt.date) -> dt.datetime:
    return timezone.make_aware(dt.datetime.combine(day, dt.time()))


def read_filter(params) -> tuple[Filter, StandingsForm]:
    """The filter a request asks for (defaults where a value does not parse)."""
    form = StandingsForm(params)
    form.is_valid()
    data = form.cleaned_data
    period = data.get("period") or "all"
    start = end = season = None
    if period == "year":
        start = _midnight(dt.date(timezone.localdate().year, 1, 1))
    elif period == "season" and data.get("season"):
        season = data["season"]
        start, end = season.bounds()
    elif period == "dates":
        if data.get("start"):
            start = _midnight(data["start"])
        if data.get("end"):
            end = _midnight(data["end"] + dt.timedelta(days=1))
    else:
        period = "all"
    mode = data.get("mode") or "both"
    flt = Filter(
        period=period,
        start=start,
        end=end,
        mode=mode if mode in PlaySession.Mode.values else "both",
        min_games=data.get("min") or 0,
        everyone=bool(data.get("everyone")),
        season=season,
    )
    return Filter(**{**flt.__dict__, "query": query_of(flt, data)}), form


def query_of(flt: Filter, data: dict) -> str:
    """The GET query that shows this filter (defaults left out)."""
    params: dict[str, str] = {}
    if flt.period != "all":
        params["period"] = flt.period
    if flt.season:
        params["season"] = str(flt.season.pk)
    if flt.period == "dates":
        for key in ("start", "end"):
            if data.get(key):
                params[key] = data[key].isoformat()
    if flt.mode != "both":
        params["mode"] = flt.mode
    if flt.min_games:
        params["min"] = str(flt.min_games)
    if flt.everyone:
        params["everyone"] = "on"
    return urlencode(params)
