"""Nights in the admin: organisers see every night, who comes and the games played there."""

from django.contrib import admin

from .models import Attendance, CalendarFeed, Night, NightSession, NightTable, Reminder


class AttendanceInline(admin.TabularInline):
    model = Attendance
    extra = 0
    fields = ("user", "joined_at", "waiting")
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False  # who comes is the members' own word (nights.attendance)


class NightSessionInline(admin.TabularInline):
    model = NightSession
    extra = 0
    raw_id_fields = ("session",)


class NightTableInline(admin.TabularInline):
    model = NightTable
    extra = 0
    raw_id_fields = ("table",)


@admin.register(Night)
class NightAdmin(admin.ModelAdmin):
    list_display = ("starts_at", "place", "capacity", "cancelled_at")
    list_filter = ("cancelled_at",)
    search_fields = ("place", "note")
    date_hierarchy = "starts_at"
    readonly_fields = ("sequence", "created_at", "created_by")
    inlines = [AttendanceInline, NightSessionInline, NightTableInline]


@admin.register(Attendance)
class AttendanceAdmin(admin.ModelAdmin):
    list_display = ("night", "user", "joined_at", "waiting")
    list_filter = ("waiting",)
    raw_id_fields = ("night", "user")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(Reminder)
class ReminderAdmin(admin.ModelAdmin):
    """Which reminders went out: a record, never edited."""

    list_display = ("night", "user", "sent_at")
    raw_id_fields = ("night", "user")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(CalendarFeed)
class CalendarFeedAdmin(admin.ModelAdmin):
    """Who has a calendar feed; the secret address is never shown, only revoked (deleted)."""

    list_display = ("user", "all_nights", "created_at")
    exclude = ("token",)

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
