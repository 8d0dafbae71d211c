"""The lobby's form for opening a table: seats, the game's options, and who sits where."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games.bots import BOT_LEVELS
from games.engines import get_engine

from .bot_players import LEVEL_LABELS
from .options import MAX_LIMIT

OPEN, INVITE = "open", "invite"
BOT_PREFIX = "bot:"


def seat_choices() -> list[tuple[str, Any]]:
    bots = [
        (f"{BOT_PREFIX}{kind}", _("Bot (%(level)s)") % {"level": LEVEL_LABELS[kind]})
        for kind in BOT_LEVELS
    ]
    return [(OPEN, _("Open: anyone in the lobby")), (INVITE, _("Invite only: by link")), *bots]


class NewTableForm(forms.Form):
    """One game's form: only that game's seat range, options and seats 2 to its maximum.

    Prefixed with the game's name, so the lobby can show one per game; the game itself is
    posted as a plain ``game`` field beside it.
    """

    seats = forms.TypedChoiceField(label=_("Players"), coerce=int)
    to_1000 = forms.BooleanField(
        label=_("Play to 1000 points"),
        required=False,
        help_text=_("Otherwise the game is six rounds, one deck."),
    )
    limit = forms.IntegerField(
        label=_("Head limit"),
        required=False,
        min_value=1,
        max_value=MAX_LIMIT,
        help_text=_("Play rounds until someone has more than this many heads; empty: one round."),
    )

    def __init__(self, game: str, *args, **kwargs):
        kwargs.setdefault("prefix", game)
        super().__init__(*args, **kwargs)
        self.game = game
        engine = get_engine(game)
        self.low, self.high = engine.min_players, engine.max_players
        counts = range(self.low, self.high + 1)
        self.fields["seats"].choices = [(n, str(n)) for n in counts]
        self.fields["seats"].initial = self.low
        if self.low == self.high:
            self.fields["seats"].widget = forms.HiddenInput()
        if game != "sarg":
            del self.fields["to_1000"]
        if game != "sarkophag":
            del self.fields["limit"]
        for position in range(1, self.high):
            self.fields[f"seat_{position}"] = forms.ChoiceField(
                label=_("Seat %(number)s") % {"number": position + 1},
                choices=seat_choices(),
                initial=OPEN,
            )

    @property
    def seat_fields(self):
        return [self[f"seat_{position}"] for position in range(1, self.high)]

    def table_args(self) -> dict[str, Any]:
        """``open_table``'s keyword arguments from the cleaned form."""
        data = self.cleaned_data
        seats = data["seats"]
        options: dict[str, Any] = {}
        if "to_1000" in data:
            options["to_1000"] = data["to_1000"]
        if data.get("limit") is not None:
            options["limit"] = data["limit"]
        bots, invite_only = {}, []
        for position in range(1, seats):
            choice = data.get(f"seat_{position}", OPEN)
            if choice.startswith(BOT_PREFIX):
                bots[position] = choice.removeprefix(BOT_PREFIX)
            elif choice == INVITE:
                invite_only.append(position)
        return {"seats": seats, "options": options, "bots": bots, "invite_only": invite_only}
