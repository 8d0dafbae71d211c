"""A finished table stepped move by move, replayed from its seed and move log.

Once the game is over nothing is secret any more, so each step also shows every hand. A
table still running has no replay: its page already shows the public log.
"""

from __future__ import annotations

import itertools

from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_safe

from ..boards import board_context, hand_faces
from ..labels import game_title, seat_names
from ..models import Table
from ..replay import table_states

MAX_STEP_DIGITS = 6


def _step(raw: str, last: int) -> int:
    """The asked step, clamped to 0..last; the last step when it is not a plain number."""
    if not raw.isascii() or not raw.isdigit() or len(raw) > MAX_STEP_DIGITS:
        return last
    return min(int(raw), last)


@require_safe
def replay(request, public_id):
    table = get_object_or_404(Table.objects.with_seats(), public_id=public_id)
    context = {"table": table, "game_title": game_title(table.game)}
    if table.status != Table.Status.FINISHED or table.seed is None:
        return render(request, "games/replay.html", context)
    last = table.version
    step = _step(request.GET.get("step", str(last)), last)
    state = next(itertools.islice(table_states(table), step, None))
    engine = table.engine
    names = seat_names(table.seats.all())
    view = engine.view(state, None)
    hands = [
        {
            "name": name,
            "faces": hand_faces(table.game, engine.view(state, position).get("hand", [])),
        }
        for position, name in enumerate(names)
    ]
    del state
    context.update(
        {
            "step": step,
            "last": last,
            "prev": max(step - 1, 0),
            "next": min(step + 1, last),
            "board": board_context(table.game, view, [], names),
            "hands": hands,
            "names": names,
        }
    )
    return render(request, "games/replay.html", context)
