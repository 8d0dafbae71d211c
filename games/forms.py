"""The lobby's form for opening a table: seats, the game's options, and who sits where."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _

from games import clock_kinds
from games.bots import BOT_LEVELS
from games.engines.registry import Option, spec_of
from sarco.engine_text import lazy_say

from .bot_players import LEVEL_LABELS

OPEN, INVITE = "open", "invite"
BOT_PREFIX = "bot:"
NO_CLOCK = ""

_describe = lazy(clock_kinds.describe, str)  # in the reader's language, when drawn


def pace_value(clock: clock_kinds.Clock) -> str:
    """A pace as the form posts it: "" (no clock), "live:60", "daily:3"."""
    if clock_kinds.is_live(clock):
        return f"{clock_kinds.LIVE}:{clock['seconds']}"
    if clock_kinds.is_daily(clock):
        return f"{clock_kinds.DAILY}:{clock['days']}"
    return NO_CLOCK


def pace_choices() -> list[tuple[Any, Any]]:
    """No clock, then the live clocks and the turn-based days, each group in its own words."""
    live = [{"kind": clock_kinds.LIVE, "seconds": n} for n in clock_kinds.LIVE_SECONDS]
    daily = [{"kind": clock_kinds.DAILY, "days": n} for n in clock_kinds.DAILY_DAYS]
    return [
        (NO_CLOCK, _describe(None)),
        (_("Live: a clock per move"), [(pace_value(c), _describe(c)) for c in live]),
        (_("Turn-based: days per move"), [(pace_value(c), _describe(c)) for c in daily]),
    ]


def parse_pace(value: str) -> clock_kinds.Clock:
    """The clock a posted pace names, checked by ``clean_clock`` (``ClockError`` if not)."""
    if value == NO_CLOCK:
        return None
    kind, _sep, number = value.partition(":")
    if not (number.isascii() and number.isdigit() and len(number) <= 3):
        raise clock_kinds.ClockError(_("Choose a pace from the list."))
    amount = "seconds" if kind == clock_kinds.LIVE else "days"
    return clock_kinds.clean_clock({"kind": kind, amount: int(number)})


def seat_choices() -> list[tuple[str, Any]]:
    bots = [
        (f"{BOT_PREFIX}{kind}", _("Bot (%(level)s)") % {"level": LEVEL_LABELS[kind]})
        for kind in BOT_LEVELS
    ]
    return [(OPEN, _("Open: anyone in the lobby")), (INVITE, _("Invite only: by link")), *bots]


def option_field(option: Option) -> forms.Field:
    """The form field of one of a game's options, in its own words."""
    words = {"label": lazy_say(option.label), "help_text": lazy_say(option.help)}
    if option.kind is bool:
        return forms.BooleanField(required=False, **words)
    return forms.IntegerField(required=False, min_value=option.low, max_value=option.high, **words)


class NewTableForm(forms.Form):
    """One game's form: only that game's seat range, options and seats 2 to its maximum.

    The options are the game's own (its spec in ``games.engines.registry``): a switch is a
    checkbox, a number a whole-number field that may be left empty.

    Prefixed with the game's name, so the lobby can show one per game; the game itself is
    posted as a plain ``game`` field beside it.
    """

    seats = forms.TypedChoiceField(label=_("Players"), coerce=int)
    pace = forms.ChoiceField(
        label=_("Pace"),
        required=False,
        choices=pace_choices,
        help_text=_(
            "A live clock keeps a game going at the table; turn-based tables give each move "
            "days, to play over a week. Out of time, a bot moves for you."
        ),
    )

    def __init__(self, game: str, *args, **kwargs):
        kwargs.setdefault("prefix", game)
        super().__init__(*args, **kwargs)
        self.game = game
        spec = spec_of(game)
        engine = spec.engine
        self.options = spec.options
        self.low, self.high = engine.min_players, engine.max_players
        counts = range(self.low, self.high + 1)
        self.fields["seats"].choices = [(n, str(n)) for n in counts]
        self.fields["seats"].initial = self.low
        if self.low == self.high:
            self.fields["seats"].widget = forms.HiddenInput()
        for option in self.options:
            self.fields[option.name] = option_field(option)
        for position in range(1, self.high):
            self.fields[f"seat_{position}"] = forms.ChoiceField(
                label=_("Seat %(number)s") % {"number": position + 1},
                choices=seat_choices(),
                initial=OPEN,
            )

    def clean_pace(self) -> clock_kinds.Clock:
        try:
            return parse_pace(self.cleaned_data.get("pace") or NO_CLOCK)
        except clock_kinds.ClockError as exc:
            raise forms.ValidationError(str(exc)) from None

    @property
    def option_fields(self):
        return [self[option.name] for option in self.options]

    @property
    def seat_fields(self):
        return [self[f"seat_{position}"] for position in range(1, self.high)]

    def table_args(self) -> dict[str, Any]:
        """``open_table``'s keyword arguments from the cleaned form."""
        data = self.cleaned_data
        seats = data["seats"]
        options: dict[str, Any] = {}
        for option in self.options:
            if option.kind is bool or data.get(option.name) is not None:
                options[option.name] = data[option.name]
        bots, invite_only = {}, []
        for position in range(1, seats):
            choice = data.get(f"seat_{position}", OPEN)
            if choice.startswith(BOT_PREFIX):
                bots[position] = choice.removeprefix(BOT_PREFIX)
            elif choice == INVITE:
                invite_only.append(position)
        return {
            "seats": seats,
            "options": options,
            "bots": bots,
            "invite_only": invite_only,
            "clock": data.get("pace"),
        }
