"""Online tables: the live state of an online session (see docs/contracts/tables-api.md).

A table holds its engine state as JSON (``engine.to_json``), the seed it was dealt from and
an append-only move log (``TableMove``), so every game replays from seed + moves. Only
``games.tables`` writes these rows; everything else reads them.

A few facts of the engine state are kept in columns too, so the database can answer the
lobby's and the bot runner's questions without loading states: ``to_act`` (the seats that
must decide now) and ``bot_to_act`` (one of them is played by a bot). A seat reads whether it
is to act from its table's ``to_act``, so a move writes no seat rows.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games import held_seats, kept_state
from games.engines import Engine, get_engine
from games.engines.registry import game_choices

# What a rendering of a table reads with each seat: its person and their club name.
SEAT_PEOPLE = "user__player"

GAME_CHOICES = game_choices()


class TableQuerySet(models.QuerySet):
    def waiting(self):
        """Tables still filling their seats."""
        return self.filter(status=Table.Status.OPEN)

    def running(self):
        return self.filter(status=Table.Status.PLAYING)

    def finished(self):
        return self.filter(status=Table.Status.FINISHED)

    def live(self):
        """Waiting or running: what a lobby lists."""
        return self.filter(status__in=(Table.Status.OPEN, Table.Status.PLAYING))

    def of_user(self, user):
        """Tables where ``user`` holds (or held, before a bot took over) a seat."""
        if user is None or not user.is_authenticated:
            return self.none()
        return self.filter(pk__in=TableSeat.objects.filter(user=user).values("table_id"))

    def awaiting(self, user):
        """Running tables where it is ``user``'s turn (their seat is to act, not a bot's).
        Whose turn it is lives in the table's ``to_act`` list; a person sits at a handful of
        running tables, so their seats are matched here, in one read, rather than in JSON SQL
        that differs per database."""
        if user is None or not user.is_authenticated:
            return self.none()
        seats = TableSeat.objects.filter(
            user=user, bot_level="", table__status=Table.Status.PLAYING
        ).values_list("table_id", "position", "table__to_act")
        due = [table_id for table_id, position, to_act in seats if position in (to_act or [])]
        return self.running().filter(pk__in=due)

    def to_act_for(self, user):
        """``awaiting(user)``, the table that has waited longest for them first (its last
        move, or the start, is when their turn came)."""
        return self.awaiting(user).order_by(models.F("last_move_at").asc(nulls_first=True), "id")

    def for_game(self, game: str | None):
        """Tables of one game; all of them when ``game`` is empty."""
        return self.filter(game=game) if game else self

    def joinable(self):
        """Waiting tables with a free seat that is not kept for invited players."""
        free = TableSeat.objects.filter(user__isnull=True, bot_level="", invite_only=False)
        return self.waiting().filter(pk__in=free.values("table_id"))

    def bot_due(self):
        """Running tables where a bot must move now (the bot runner's question)."""
        return self.filter(status=Table.Status.PLAYING, bot_to_act=True)

    def newest_first(self):
        return self.order_by("-created_at", "-id")

    def with_seats(self):
        """Each table's seats with what a rendering reads of them (users and club names), in
        one statement for all the tables."""
        return self.prefetch_related(
            models.Prefetch("seats", queryset=TableSeat.objects.select_related(SEAT_PEOPLE))
        )


class Table(kept_state.KeptState, models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("waiting for players")
        PLAYING = "playing", _("playing")
        FINISHED = "finished", _("finished")
        CANCELLED = "cancelled", _("cancelled")
        ABANDONED = "abandoned", _("abandoned")

    public_id = models.UUIDField(
        _("public id"),
        default=uuid.uuid4,
        unique=True,
        editable=False,
        help_text=_("The id in every URL."),
    )
    game = models.CharField(_("game"), max_length=20, choices=GAME_CHOICES)
    options = models.JSONField(
        _("options"), default=dict, blank=True, help_text=_('Engine options, e.g. {"limit": 100}.')
    )
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.OPEN
    )
    version = models.PositiveIntegerField(
        _("version"), default=0, help_text=_("The number of moves applied.")
    )
    state_json = models.JSONField(
        _("engine state"),
        null=True,
        blank=True,
        help_text=_("The engine state (engine.to_json); empty before start."),
    )
    seed = models.BigIntegerField(_("seed"), null=True, blank=True)
    to_act = models.JSONField(
        _("to act"), default=list, blank=True, help_text=_("Seats that must decide now.")
    )
    bot_to_act = models.BooleanField(
        _("bot to act"), default=False, help_text=_("A bot plays one of to_act.")
    )
    seat_changes = models.PositiveIntegerField(
        _("seat changes"),
        default=0,
        help_text=_("Seats handed to a bot or taken back during the game."),
    )
    host = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        on_delete=models.SET_NULL,
        related_name="hosted_tables",
        verbose_name=_("host"),
    )
    rematch_of = models.ForeignKey(
        "self",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="rematches",
        help_text=_("The finished table this one is a rematch of."),
        verbose_name=_("rematch of"),
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    started_at = models.DateTimeField(_("started"), null=True, blank=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)
    last_move_at = models.DateTimeField(
        _("last move"),
        null=True,
        blank=True,
        help_text=_("When the last move (or the start) happened."),
    )
    clock = models.JSONField(
        _("clock"),
        null=True,
        blank=True,
        help_text=_(
            'The pace: empty for none, {"kind": "live", "seconds": N} or '
            '{"kind": "daily", "days": D} (games.clock_kinds).'
        ),
    )
    clock_due = models.DateTimeField(
        _("clock due"),
        null=True,
        blank=True,
        help_text=_("The earliest deadline of a seat to act; run_clocks looks here."),
    )
    session = models.ForeignKey(
        "scoring.PlaySession",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="tables",
        help_text=_("The scoring session written when the game ended."),
        verbose_name=_("session"),
    )

    objects = TableQuerySet.as_manager()

    class Meta:
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        ordering = ["-created_at", "-id"]
        indexes = [
            models.Index(fields=["status", "game", "-created_at"], name="table_lobby_idx"),
            # On the id, not on ``last_move_at``: a move sets that, and on PostgreSQL an
            # update that changes an indexed column cannot stay on its page (HOT): every
            # move wrote a new entry into each of the table's indexes. The due tables are
            # few; the runner sorts them by their last move itself.
            models.Index(
                fields=["id"],
                name="table_bot_due_idx",
                condition=Q(status="playing", bot_to_act=True),
            ),
            models.Index(
                fields=["clock_due"],
                name="table_clock_due_idx",
                condition=Q(status="playing", clock_due__isnull=False),
            ),
        ]

    _held_seats: list[TableSeat] | None = None  # ``hold_seats``

    def __str__(self) -> str:
        return gettext("%(game)s table %(id)s (%(status)s)") % {
            "game": self.get_game_display(),
            "id": self.public_id,
            "status": self.get_status_display(),
        }

    @property
    def engine(self) -> Engine:
        return get_engine(self.game)

    @property
    def seat_list(self) -> list[TableSeat]:
        """The seats in order: those handed on with the table (``hold_seats``), else as
        loaded (``with_seats``) or read. What reads a table's seats reads them here, so a
        table worked out in memory (``recent_tables``) shows its own seats without a query."""
        if self._held_seats is not None:
            return self._held_seats
        return list(self.seats.all())

    def hold_seats(self, seats: list[TableSeat]) -> None:
        """Hand ``seats`` on with the table for ``seat_list``: the seats a move read, or a
        copy's. Each seat's table becomes this one, so its ``to_act`` follows this table's."""
        for seat in seats:
            held_seats.hold(seat, self)  # weakly: ``games.held_seats``
        self._held_seats = seats

    def refresh_from_db(self, using=None, fields=None, from_queryset=None) -> None:
        """As Django drops the loaded seats on a refresh, so the held ones go."""
        if fields is None or "seats" in fields:
            self._held_seats = None
        super().refresh_from_db(using, fields, from_queryset)

    def seat_of(self, user) -> int | None:
        """The position of ``user``'s seat, or None (spectators, logged-out visitors)."""
        if user is None or not user.is_authenticated:
            return None
        for seat in self.seat_list:
            if seat.user_id == user.pk:
                return seat.position
        return None

    @property
    def seat_count(self) -> int:
        return self.seats.count()

    @property
    def is_open(self) -> bool:
        return self.status == self.Status.OPEN

    @property
    def is_playing(self) -> bool:
        return self.status == self.Status.PLAYING

    @property
    def is_finished(self) -> bool:
        return self.status == self.Status.FINISHED


class TableSeat(held_seats.HeldSeat, models.Model):
    """One seat: a person (``user``), a bot (``bot_level``), or free (neither).

    A person's seat handed to a bot keeps its ``user`` (so the seat can be taken back) and
    gets a ``bot_level``: whenever ``bot_level`` is set, the bot plays the seat.
    """

    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="seats", verbose_name=_("table")
    )
    position = models.PositiveSmallIntegerField(_("position"), help_text=_("0 is the first seat."))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="table_seats",
        verbose_name=_("user"),
    )
    bot_level = models.CharField(
        _("bot"),
        max_length=20,
        blank=True,
        help_text=_("The bot playing this seat (games.bots kind)."),
    )
    invite_only = models.BooleanField(
        _("invite only"),
        default=False,
        help_text=_("Kept for someone with the link; the lobby does not offer it."),
    )
    last_seen_at = models.DateTimeField(
        _("last seen"),
        null=True,
        blank=True,
        help_text=_("When the seat's person last had the table open (games.presence)."),
    )
    deadline = models.DateTimeField(
        _("deadline"),
        null=True,
        blank=True,
        help_text=_("When this seat, to act now, runs out of time (its time bank included)."),
    )
    bank_seconds = models.PositiveIntegerField(
        _("time bank"),
        default=0,
        help_text=_("Live clocks: the seconds of time bank this seat has left."),
    )
    timeouts = models.PositiveSmallIntegerField(
        _("timeouts in a row"),
        default=0,
        help_text=_("Moves a bot made for this seat in a row because its time ran out."),
    )
    left = models.BooleanField(
        _("left"),
        default=False,
        help_text=_("Handed to a bot after timeouts in a row: the result records a leaver."),
    )
    days_given = models.JSONField(
        _("days given by"),
        default=list,
        blank=True,
        help_text=_("Daily clocks: the positions that gave this seat a day in its turn now."),
    )
    looked_version = models.PositiveIntegerField(
        _("looked at version"),
        default=0,
        help_text=_("The table's version when this seat's person last had the table open."),
    )
    player = models.ForeignKey(
        "scoring.Player",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="table_seats",
        help_text=_("The scoring player of this seat, fixed at the start."),
        verbose_name=_("player"),
    )

    class Meta:
        verbose_name = _("table seat")
        verbose_name_plural = _("table seats")
        ordering = ["table", "position"]
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="table_seat_unique"),
        ]

    def __str__(self) -> str:
        return gettext("seat %(seat)d of table %(table)s") % {
            "seat": self.position + 1,
            "table": self.table_id,
        }

    @property
    def to_act(self) -> bool:
        """This seat must decide now, as its table's ``to_act`` says."""
        return self.position in (self.table.to_act or [])

    to_act.fget.short_description = _("to act")  # the admin's column

    @property
    def is_bot(self) -> bool:
        return bool(self.bot_level)

    @property
    def is_free(self) -> bool:
        return self.user_id is None and not self.bot_level

    @property
    def handed_to_bot(self) -> bool:
        """A person's seat that a bot plays for now."""
        return self.user_id is not None and bool(self.bot_level)


TableSeat.table = held_seats.HeldTableDescriptor(TableSeat._meta.get_field("table"))


class TableMove(models.Model):
    """One applied move; rows are only ever appended. ``number`` is the version it made."""

    table = models.ForeignKey(
        Table,
        on_delete=models.CASCADE,
        related_name="moves",
        verbose_name=_("table"),
        db_index=False,  # ``table_move_unique`` (table, number) leads with it: one index a move
    )
    number = models.PositiveIntegerField(_("number"), help_text=_("1 is the first move."))
    seat = models.PositiveSmallIntegerField(_("seat"))
    move = models.JSONField(_("move"))
    to_act_before = models.JSONField(
        _("to act before"),
        default=list,
        blank=True,
        help_text=_("The seats that were to decide when it was made."),
    )
    by_bot = models.BooleanField(_("by a bot"), default=False)
    timed_out = models.BooleanField(
        _("timed out"),
        default=False,
        db_default=False,  # the lean move write (move_writes) does not name it
        help_text=_("A bot made this move because the seat's time ran out (games.clocks)."),
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("move")
        verbose_name_plural = _("moves")
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="table_move_unique"),
        ]

    def __str__(self) -> str:
        return gettext("move %(number)d of table %(table)s") % {
            "number": self.number,
            "table": self.table_id,
        }


class Vacation(models.Model):
    """Days a member is away: their turn-based clocks stop (``games.clocks``). A member has
    ``clock_kinds.VACATION_DAYS_A_YEAR`` days a calendar year."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="vacations",
        verbose_name=_("member"),
    )
    starts = models.DateField(_("first day"))
    ends = models.DateField(_("last day"))
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("vacation")
        verbose_name_plural = _("vacations")
        ordering = ["user", "starts"]
        constraints = [
            models.CheckConstraint(
                condition=Q(ends__gte=models.F("starts")), name="vacation_order"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user}: {self.starts} to {self.ends}"

    @property
    def days(self) -> int:
        return (self.ends - self.starts).days + 1


class TurnMail(models.Model):
    """A "your turn" mail sent for a turn-based table: at most one a table a member a day,
    and one reminder when most of the time is used (``kind``)."""

    class Kind(models.TextChoices):
        TURN = "turn", _("your turn")
        REMINDER = "reminder", _("reminder")

    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="turn_mails", verbose_name=_("table")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="+",
        verbose_name=_("member"),
    )
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices)
    version = models.PositiveIntegerField(_("version"), help_text=_("The table's version."))
    sent_at = models.DateTimeField(_("sent"), auto_now_add=True)

    class Meta:
        verbose_name = _("turn mail")
        verbose_name_plural = _("turn mails")
        ordering = ["-sent_at"]
        indexes = [models.Index(fields=["table", "user", "-sent_at"], name="turn_mail_recent_idx")]

    def __str__(self) -> str:
        return f"{self.kind} to {self.user} for {self.table_id}"
