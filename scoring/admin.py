from django.contrib import admin

from .models import Player


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "is_guest", "user", "created_at"]
    list_filter = ["is_guest"]
    search_fields = ["name", "user__username", "user__email"]
    autocomplete_fields = ["user"]
    ordering = ["name"]
