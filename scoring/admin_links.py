"""Read-only relations on the organisers' admin pages, linked only where the reader may follow.

Django's read-only field links a related object to its admin page whatever the reader's
permissions, so an organiser (who may not view logins) met a bare 403 behind "created by".
Here such a relation shows the object's name without a link.
"""

from __future__ import annotations

from django.core.exceptions import FieldDoesNotExist
from django.db import models


class PlainRelation:
    """A read-only relation shown by name, without a link (a callable the admin displays)."""

    def __init__(self, field: models.Field):
        self.field = field
        self.__name__ = field.name  # the admin's CSS class: field-<name>, as before
        self.short_description = field.verbose_name

    def __call__(self, obj):
        return getattr(obj, self.field.name)

    def __eq__(self, other) -> bool:
        return isinstance(other, PlainRelation) and other.field is self.field

    def __hash__(self) -> int:
        return hash(("PlainRelation", self.field.model, self.field.name))


class PermittedLinks:
    """For a model admin or an inline: a read-only relation to an object whose admin page the
    reader may not view is shown by name only."""

    def _unlinked(self, request, names):
        return [self._shown(request, name) for name in names]

    def _shown(self, request, name):
        if not isinstance(name, str):
            return name
        try:
            field = self.model._meta.get_field(name)
        except FieldDoesNotExist:  # a method or an attribute of the admin: not a relation
            return name
        if not (field.is_relation and (field.many_to_one or field.one_to_one)):
            return name
        related = self.admin_site._registry.get(field.related_model)
        if related is not None and related.has_view_or_change_permission(request):
            return name
        return PlainRelation(field)

    def get_fields(self, request, obj=None):
        return self._unlinked(request, super().get_fields(request, obj))

    def get_readonly_fields(self, request, obj=None):
        return self._unlinked(request, super().get_readonly_fields(request, obj))
