from django.contrib import admin

from .models import Player, PlaySession, Round, Seat


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "is_guest", "user", "created_at"]
    list_filter = ["is_guest"]
    search_fields = ["name", "user__username", "user__email"]
    autocomplete_fields = ["user"]
    ordering = ["name"]


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    autocomplete_fields = ["player"]
    fields = ["position", "player", "role", "score", "place"]


class RoundInline(admin.TabularInline):
    model = Round
    extra = 0
    fields = ["number", "entry", "credited", "changed_in_version"]


@admin.register(PlaySession)
class PlaySessionAdmin(admin.ModelAdmin):
    list_display = ["game", "mode", "status", "created_by", "created_at", "finished_at", "version"]
    list_filter = ["game", "mode", "status"]
    search_fields = ["seats__player__name", "public_id"]
    readonly_fields = ["public_id", "created_at", "version"]
    date_hierarchy = "created_at"
    inlines = [SeatInline, RoundInline]
