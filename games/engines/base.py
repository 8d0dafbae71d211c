"""What every rules engine shares: the error type and the protocol it follows.

Engines are pure Python: no Django, no I/O, no global state. See docs/contracts/rules-api.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol


class Text(str):
    """An English sentence that keeps its template and parameters, so a page in another
    language can say it in that language (the Django side translates ``template`` with
    gettext and fills in ``params``). It *is* the English sentence, so anything that reads
    it as a ``str`` (tests, logs, the bots) sees the same text as before.

    ``makemessages`` extracts the templates: ``Text`` is one of its keywords (see
    ``games/management/commands/makemessages.py``). A parameter that is itself a ``Text``
    (a suit, a direction) is translated too; anything else (cards, numbers, ``{p0}``
    placeholders) is filled in as it is.
    """

    template: str
    params: dict[str, Any]

    def __new__(cls, template: str, **params: Any) -> Text:
        text = super().__new__(cls, template % params if params else template)
        text.template = template
        text.params = params
        return text

    def __reduce__(self):
        return (_text, (self.template, self.params))


def _text(template: str, params: dict[str, Any]) -> Text:
    return Text(template, **params)


class PluralText(Text):
    """A ``Text`` whose wording depends on ``number`` (``1 card``, ``3 cards``); extracted with
    the ``PluralText:1,2`` keyword and translated with ngettext."""

    plural: str
    number: int

    def __new__(cls, singular: str, plural: str, number: int, **params: Any) -> PluralText:
        chosen = singular if number == 1 else plural
        text = str.__new__(cls, chosen % params if params else chosen)
        text.template, text.plural, text.number, text.params = singular, plural, number, params
        return text

    def __reduce__(self):
        return (_plural_text, (self.template, self.plural, self.number, self.params))


def _plural_text(singular: str, plural: str, number: int, params: dict[str, Any]) -> PluralText:
    return PluralText(singular, plural, number, **params)


class IllegalMove(ValueError):
    """A move the rules refuse. The message is shown to the player as it is; when it is a
    ``Text``, ``message_id`` and ``params`` let a page show it in the player's language."""

    @property
    def message_id(self) -> str:
        return getattr(self.args[0], "template", str(self)) if self.args else ""

    @property
    def params(self) -> dict[str, Any]:
        return dict(getattr(self.args[0], "params", {})) if self.args else {}


Move = dict[str, Any]
View = dict[str, Any]


class Engine(Protocol):
    """The engine protocol of docs/contracts/rules-api.md; each game module has one: ``ENGINE``."""

    name: str
    min_players: int
    max_players: int

    def new_game(self, players: int | Sequence[str], seed: int, **options: Any) -> Any: ...
    def to_act(self, state: Any) -> list[int]: ...
    def legal_moves(self, state: Any, seat: int) -> list[Move]: ...
    def apply(self, state: Any, seat: int, move: Move) -> Any: ...
    def is_over(self, state: Any) -> bool: ...
    def scores(self, state: Any) -> list[int]: ...
    def winners(self, state: Any) -> list[int]: ...
    def view(self, state: Any, seat: int | None) -> View: ...
    def to_json(self, state: Any) -> dict[str, Any]: ...
    def from_json(self, data: dict[str, Any]) -> Any: ...


def seat_count(players: int | Sequence[str], low: int, high: int, game: str) -> int:
    """Accept a seat count or a list of player names; refuse counts the game can't seat."""
    count = players if isinstance(players, int) else len(players)
    if not low <= count <= high:
        if low == high:
            raise ValueError(
                Text(
                    "%(game)s is played by %(low)d players, not %(count)d.",
                    game=game,
                    low=low,
                    count=count,
                )
            )
        raise ValueError(
            Text(
                "%(game)s is played by %(low)d to %(high)d players, not %(count)d.",
                game=game,
                low=low,
                high=high,
                count=count,
            )
        )
    return count
