"""League points per place (a season's scheme), pure: a seat's points from its place, the
table's size and the places of the others, so ties and table sizes are fair.

- ``shared``: a table of n seats shares 6 n points by place, in steps so the last still
  scores: place k (1 = best) is worth 12 (n - k + 1) / (n + 1). Two seats: 8 and 4; three:
  9, 6, 3; five: 10, 8, 6, 4, 2. Every seat averages 6 whatever the table's size.
- ``beaten``: 10 times the share of opponents beaten, a tied opponent counting half.
- ``fixed``: the season's list of points per place; places beyond it score 0.

Tied seats share the points of the places they take together (two tied for first at three
seats: (9 + 6) / 2 = 7.5 each), in every scheme.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from django.utils.translation import gettext as _

SEAT_SHARE = 6
BEATEN_SCALE = 10
MAX_FIXED_PLACES = 20
MAX_FIXED_POINTS = 1000


class PointsRefused(ValueError):
    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def parse_fixed(text: str) -> tuple[float, ...]:
    """``"10, 6, 3, 1"`` as points per place; refused with a message when it is not a list
    of at most 20 numbers from 0 to 1000."""
    parts = [p.strip() for p in (text or "").split(",")]
    if not any(parts):
        raise PointsRefused(_("Give the points for at least the first place, e.g. 10, 6, 3, 1."))
    values = []
    for part in parts:
        try:
            value = float(part)
        except ValueError:
            value = None
        if value is None or not part.replace(".", "", 1).isdigit() or value > MAX_FIXED_POINTS:
            raise PointsRefused(
                _("“%(part)s” is not a number of points from 0 to %(max)d.")
                % {"part": part, "max": MAX_FIXED_POINTS}
            )
        values.append(value)
    if len(values) > MAX_FIXED_PLACES:
        raise PointsRefused(_("At most %(n)d places get points.") % {"n": MAX_FIXED_PLACES})
    return tuple(values)


def slot_points(scheme: str, seats: int, fixed: Sequence[float] = ()) -> list[float]:
    """The points of each place 1..seats at a table of ``seats``, before ties."""
    if scheme == "fixed":
        return [fixed[k] if k < len(fixed) else 0.0 for k in range(seats)]
    if scheme == "beaten":
        return [BEATEN_SCALE * (seats - k) / (seats - 1) for k in range(1, seats + 1)]
    return [2 * SEAT_SHARE * (seats - k + 1) / (seats + 1) for k in range(1, seats + 1)]


def table_points(scheme: str, places: Sequence[int], fixed: Sequence[float] = ()) -> list[float]:
    """Each seat's points, in the order of ``places`` (1 = best; equal places tie): tied
    seats share the slots they take. Places are read as an order, so 1, 1, 3 and 1, 1, 2
    both mean two tied for first, then the third."""
    slots = slot_points(scheme, len(places), fixed)
    counts = Counter(places)
    share: dict[int, float] = {}
    taken = 0
    for place in sorted(counts):
        n = counts[place]
        share[place] = sum(slots[taken : taken + n]) / n
        taken += n
    return [share[place] for place in places]


def table_places(places: Sequence[int]) -> list[float]:
    """Each seat's place as the table's ranks (ties take the lower number: 1, 1, 3)."""
    counts = Counter(places)
    rank, ranks = 1, {}
    for place in sorted(counts):
        ranks[place] = rank
        rank += counts[place]
    return [ranks[p] for p in places]
