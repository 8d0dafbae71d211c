"""The statistics a player looks for (as BG Stats gives them); the club's figures are in
``club_stats``.

Everything is read from the rating events: one row per seat of a finished, not voided
session, so voided sessions never count. A win is first place (a shared first place is a
win, as in the standings); every other result is a loss. Opponents are members: guests and
bots are left out of the nemesis, the favourite opponent, the K-index, new opponents and the
most active members, as the standings leave them out, while the games played with them still
count as plays. Months and years are the club's (``TIME_ZONE``).

The player's figures come from one query over their sessions (plus one for the links of a
few sessions), worked out in Python, and are cached per change of any game's ratings.
"""

from __future__ import annotations

import datetime as dt
import uuid
from collections import Counter
from dataclasses import dataclass, field

from django.core.cache import cache
from django.utils import formats, timezone

from scoring.models import Player, PlaySession, RatingEvent, RatingLedger
from scoring.replays import replay_reference, session_url

from .players import GAME_NAMES, LOWER_IS_BETTER, UNITS

MIN_TOGETHER = 3  # games together before an opponent can be a nemesis or a favourite
MONTHS_CHARTED = 24
CACHE_SECONDS = 600  # also bounds how long a renamed opponent keeps the old name here
_MISSING = object()


# --- what is read ------------------------------------------------------------------------


@dataclass(frozen=True)
class Play:
    """One of the player's rated results."""

    session_id: int
    public_id: uuid.UUID
    game: str
    at: dt.datetime
    place: int
    score: int | None
    seats: int

    @property
    def won(self) -> bool:
        return self.place == 1


@dataclass(frozen=True)
class Meeting:
    """An opponent's seat at one of the player's sessions."""

    session_id: int
    player_id: int
    name: str
    place: int
    is_member: bool  # not a guest, not a bot


def club_time(moment: dt.datetime) -> dt.datetime:
    """``moment`` on the club's clock: months and years are the club's."""
    return timezone.localtime(moment, timezone.get_default_timezone())


def read_plays(player: Player) -> tuple[list[Play], list[Meeting]]:
    """The player's results in time order and everyone else's seats at those sessions, in
    one query."""
    rows = (
        RatingEvent.objects.filter(session__rating_events__player=player)
        .order_by("at", "session_id", "position")
        .values_list(
            "session_id",
            "session__public_id",
            "game",
            "at",
            "place",
            "score",
            "opponents",
            "player_id",
            "player__name",
            "player__is_guest",
            "player__is_bot",
        )
    )
    plays, meetings = [], []
    for sid, public_id, game, at, place, score, others, pid, name, guest, bot in rows:
        if pid == player.pk:
            plays.append(Play(sid, public_id, game, at, place, score, others + 1))
        else:
            meetings.append(Meeting(sid, pid, name, place, not (guest or bot)))
    return plays, meetings


# --- streaks -------------------------------------------------------------------------------


@dataclass
class Streaks:
    current: int = 0  # the length of the run the latest play belongs to
    current_won: bool = False  # whether that run is of wins
    longest_wins: int = 0
    longest_losses: int = 0


def streaks(plays: list[Play]) -> Streaks:
    """Runs of wins and of losses over all four games, in the order they were played."""
    out = Streaks()
    for play in plays:
        if play.won == out.current_won and out.current:
            out.current += 1
        else:
            out.current, out.current_won = 1, play.won
        if play.won:
            out.longest_wins = max(out.longest_wins, out.current)
        else:
            out.longest_losses = max(out.longest_losses, out.current)
    return out


# --- best and worst ------------------------------------------------------------------------


@dataclass
class Extremes:
    """A game's best and worst score; the earlier session where a score repeats."""

    game: str
    best: Play
    worst: Play
    best_url: str = ""
    worst_url: str = ""

    @property
    def title(self) -> str:
        return GAME_NAMES[self.game]

    @property
    def unit(self) -> str:
        return UNITS[self.game]


def _better(game: str, a: int, b: int) -> bool:
    return a < b if game in LOWER_IS_BETTER else a > b


def extremes(plays: list[Play]) -> list[Extremes]:
    """Per game with scores, in the club's game order: the best and the worst score."""
    found: dict[str, Extremes] = {}
    for play in plays:
        if play.score is None:
            continue
        rec = found.get(play.game)
        if rec is None:
            found[play.game] = Extremes(play.game, play, play)
            continue
        if _better(play.game, play.score, rec.best.score):
            rec.best = play
        if _better(play.game, rec.worst.score, play.score):
            rec.worst = play
    return [found[g] for g in GAME_NAMES if g in found]


# --- opponents -----------------------------------------------------------------------------


@dataclass
class Opponent:
    player_id: int
    name: str
    together: int = 0
    beaten: int = 0  # the player placed higher
    beat_them: int = 0  # the opponent placed higher

    @property
    def lost_share(self) -> float:
        return self.beat_them / self.together

    @property
    def won_share(self) -> float:
        return self.beaten / self.together


def opponents(plays: list[Play], meetings: list[Meeting]) -> list[Opponent]:
    """Every member met, with games together and who placed higher, most met first."""
    place = {p.session_id: p.place for p in plays}
    found: dict[int, Opponent] = {}
    for m in meetings:
        if not m.is_member:
            continue
        opp = found.setdefault(m.player_id, Opponent(m.player_id, m.name))
        opp.together += 1
        mine = place[m.session_id]
        opp.beaten += mine < m.place
        opp.beat_them += mine > m.place
    return sorted(found.values(), key=lambda o: (-o.together, o.name.casefold()))


def nemesis(met: list[Opponent], minimum: int = MIN_TOGETHER) -> Opponent | None:
    """The opponent who places above the player in the largest share of their games
    together (at least ``minimum``); ties go to more games together, then the name."""
    return _top_share(met, lambda o: (o.lost_share, o.beat_them), minimum)


def favourite(met: list[Opponent], minimum: int = MIN_TOGETHER) -> Opponent | None:
    """The opponent the player places above in the largest share of their games together
    (at least ``minimum``); ties go to more games together, then the name."""
    return _top_share(met, lambda o: (o.won_share, o.beaten), minimum)


def _top_share(met, share, minimum) -> Opponent | None:
    eligible = [o for o in met if o.together >= minimum and share(o)[1] > 0]
    if not eligible:
        return None
    return min(eligible, key=lambda o: (-share(o)[0], -o.together, o.name.casefold()))


def k_index(together: list[int]) -> int:
    """The largest N such that N opponents were played with at least N times each."""
    n = 0
    for i, count in enumerate(sorted(together, reverse=True), start=1):
        if count < i:
            break
        n = i
    return n


# --- per game and per year -----------------------------------------------------------------


@dataclass
class GameSummary:
    game: str
    plays: int = 0
    wins: int = 0
    place_sum: int = 0
    best_score: int | None = None

    @property
    def title(self) -> str:
        return GAME_NAMES[self.game]

    @property
    def unit(self) -> str:
        return UNITS[self.game]

    @property
    def win_share(self) -> float:
        return self.wins / self.plays if self.plays else 0.0

    @property
    def average_place(self) -> float:
        return self.place_sum / self.plays if self.plays else 0.0


def per_game(plays: list[Play]) -> list[GameSummary]:
    """Plays, wins, places and the best score of each game played, in the club's order."""
    out: dict[str, GameSummary] = {}
    for play in plays:
        row = out.setdefault(play.game, GameSummary(play.game))
        row.plays += 1
        row.wins += play.won
        row.place_sum += play.place
        if play.score is not None and (
            row.best_score is None or _better(play.game, play.score, row.best_score)
        ):
            row.best_score = play.score
    return [out[g] for g in GAME_NAMES if g in out]


def most_played(counts: Counter) -> list[str]:
    """The names of the games played most (every one of them on a tie), in the club's order."""
    if not counts:
        return []
    top = max(counts.values())
    return [GAME_NAMES[g] for g in GAME_NAMES if counts.get(g) == top]


@dataclass
class YearReview:
    year: int
    plays: int = 0
    wins: int = 0
    games: Counter = field(default_factory=Counter)
    new_opponents: list[str] = field(default_factory=list)

    @property
    def games_played(self) -> int:
        return len(self.games)

    @property
    def most_played(self) -> list[str]:
        return most_played(self.games)


def years(plays: list[Play], meetings: list[Meeting]) -> list[YearReview]:
    """Each year played, newest first: plays, wins, games, the most played game and the
    members met for the first time that year."""
    when = {p.session_id: p.at for p in plays}
    out: dict[int, YearReview] = {}
    for play in plays:
        row = out.setdefault(club_time(play.at).year, YearReview(club_time(play.at).year))
        row.plays += 1
        row.wins += play.won
        row.games[play.game] += 1
    seen: set[int] = set()
    for m in meetings:  # in time order, so the first meeting comes first
        if m.is_member and m.player_id not in seen:
            seen.add(m.player_id)
            out[club_time(when[m.session_id]).year].new_opponents.append(m.name)
    return sorted(out.values(), key=lambda r: -r.year)


# --- months --------------------------------------------------------------------------------


@dataclass
class MonthCount:
    year: int
    month: int
    plays: int = 0
    games: Counter = field(default_factory=Counter)

    @property
    def label(self) -> str:
        return formats.date_format(dt.date(self.year, self.month, 1), "YEAR_MONTH_FORMAT")

    @property
    def most_played(self) -> list[str]:
        return most_played(self.games)


def month_range(counts: dict[tuple[int, int], MonthCount], limit: int = MONTHS_CHARTED):
    """The latest ``limit`` months up to the last one played, months without plays
    included (so the chart's gaps show), oldest first."""
    if not counts:
        return []
    first, last = min(counts), max(counts)
    year, month = last
    out = []
    while len(out) < limit and (year, month) >= first:
        out.append(counts.get((year, month)) or MonthCount(year, month))
        year, month = (year, month - 1) if month > 1 else (year - 1, 12)
    return out[::-1]


def plays_per_month(plays: list[Play]) -> list[MonthCount]:
    counts: dict[tuple[int, int], MonthCount] = {}
    for play in plays:
        local = club_time(play.at)
        row = counts.setdefault((local.year, local.month), MonthCount(local.year, local.month))
        row.plays += 1
        row.games[play.game] += 1
    return month_range(counts)


# --- the player's page ---------------------------------------------------------------------


@dataclass
class SessionLink:
    """Where a session's page is: its online table's replay, or its score sheet."""

    url: str
    at: dt.datetime
    game: str

    @property
    def title(self) -> str:
        return GAME_NAMES[self.game]


@dataclass
class PlayerStats:
    plays: int
    wins: int
    first: SessionLink | None
    last: SessionLink | None
    streaks: Streaks
    extremes: list[Extremes]
    nemesis: Opponent | None
    favourite: Opponent | None
    most_met: Opponent | None
    k_index: int
    per_game: list[GameSummary]
    months: list[MonthCount]
    years: list[YearReview]

    @property
    def win_share(self) -> float:
        return self.wins / self.plays if self.plays else 0.0


def _links(plays: list[Play]) -> dict[int, str]:
    """Each session's page: the replay of an online table, else the score sheet (one query)."""
    replays = dict(
        PlaySession.objects.filter(pk__in=[p.session_id for p in plays])
        .annotate(replay=replay_reference("pk"))
        .values_list("pk", "replay")
    )
    return {p.session_id: session_url(replays.get(p.session_id), p.public_id) for p in plays}


def compute_player_stats(player: Player) -> PlayerStats | None:
    """Everything the player's statistics show, or None before their first rated game."""
    plays, meetings = read_plays(player)
    if not plays:
        return None
    ends = extremes(plays)
    linked = [plays[0], plays[-1], *(p for e in ends for p in (e.best, e.worst))]
    links = _links(linked)
    for e in ends:
        e.best_url, e.worst_url = links[e.best.session_id], links[e.worst.session_id]
    met = opponents(plays, meetings)
    return PlayerStats(
        plays=len(plays),
        wins=sum(p.won for p in plays),
        first=SessionLink(links[plays[0].session_id], plays[0].at, plays[0].game),
        last=SessionLink(links[plays[-1].session_id], plays[-1].at, plays[-1].game),
        streaks=streaks(plays),
        extremes=ends,
        nemesis=nemesis(met),
        favourite=favourite(met),
        most_met=met[0] if met else None,
        k_index=k_index([o.together for o in met]),
        per_game=per_game(plays),
        months=plays_per_month(plays),
        years=years(plays, meetings),
    )


def ratings_version() -> str:
    """Changes whenever any game's ratings (and so its events) change."""
    ledger = RatingLedger.objects.order_by("game").values_list("game", "generation")
    return ",".join(f"{g}{n}" for g, n in ledger)


def player_stats(player: Player) -> PlayerStats | None:
    """``compute_player_stats``, once per change of the ratings."""
    key = f"player-stats:{player.pk}:{ratings_version()}"
    found = cache.get(key, _MISSING)
    if found is _MISSING:  # None is a cached answer: no rated games yet
        found = compute_player_stats(player)
        cache.set(key, found, CACHE_SECONDS)
    return found
