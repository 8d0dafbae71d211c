"""What every organisers' admin page shares: read-only pages whose changes are small forms
that ask why (``OrganiserAdmin``), a refusal shown on its form, the seat number column.
Used by ``scoring.admin`` and ``games.admin``."""

from __future__ import annotations

import json
from functools import wraps

from django.contrib import admin, messages
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.contrib.admin.options import IncorrectLookupParameters
from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied
from django.http import HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from django_htmx.http import HttpResponseClientRedirect

from . import organising
from .admin_links import PermittedLinks
from .models import AuditEntry
from .numbers import form_ints

FORM_TEMPLATE = "admin/scoring/organise_form.html"


def pretty_json(value, indent: int | None = 1) -> str:
    return format_html("<pre class='sarco-json'>{}</pre>", json.dumps(value, indent=indent))


def whole_page_redirects(view):
    """A page htmx posts to (the round correction) answers a redirect (saved; the session gone;
    logged out meanwhile) by telling htmx to load that page whole, where the browser would
    otherwise follow it and htmx swap a part of another page into this one."""

    @wraps(view)
    def wrapped(request, *args, **kwargs):
        response = view(request, *args, **kwargs)
        if getattr(request, "htmx", False) and isinstance(response, HttpResponseRedirect):
            return HttpResponseClientRedirect(response["Location"])
        return response

    return wrapped


class Gone(Exception):
    """The object of an organiser's page no longer exists."""


class NulSafeChangelist:
    """A filter or search with a NUL byte is an invalid filter (the list is shown again with
    Django's "invalid filters" notice, an export goes back to the list), not a server error:
    PostgreSQL cannot compare a text column with NUL, and no real filter holds one."""

    def get_changelist_instance(self, request):
        if any("\x00" in key or "\x00" in "".join(vals) for key, vals in request.GET.lists()):
            raise IncorrectLookupParameters
        return super().get_changelist_instance(request)


class OrganiserAdmin(PermittedLinks, NulSafeChangelist, admin.ModelAdmin):
    """View-only pages plus the organisers' own forms (each asks why)."""

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False  # the form would bypass the audit trail; see has_organise_permission

    def has_delete_permission(self, request, obj=None) -> bool:
        return False  # deleting asks why: see the models' own delete pages

    def has_organise_permission(self, request, obj=None) -> bool:
        opts = self.opts
        return request.user.has_perm(f"{opts.app_label}.change_{opts.model_name}")

    def _organise_url(self, view: str, *args) -> str:
        return reverse(f"admin:{self.opts.app_label}_{self.opts.model_name}_{view}", args=args)

    def _route(self, suffix: str, view, name: str):
        def gone_is_a_message(request, object_id):
            """As the admin's own pages do: a deleted (merged, sent twice) object sends the
            organiser on with a message instead of a 404."""
            try:
                return view(request, object_id)
            except Gone:
                return self._get_obj_does_not_exist_redirect(request, self.opts, object_id)

        return path(
            f"<path:object_id>/{suffix}/",
            whole_page_redirects(self.admin_site.admin_view(gone_is_a_message)),
            name=f"{self.opts.app_label}_{self.opts.model_name}_{name}",
        )

    def _object_or_404(self, request, object_id, *, perm="organise"):
        if not getattr(self, f"has_{perm}_permission")(request):
            raise PermissionDenied
        obj = self.get_object(request, unquote(object_id))
        if obj is None:
            raise Gone
        return obj

    def form_page(
        self, request, obj, form, *, title, intro="", submit, danger=False, template=None, **extra
    ):
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "original": obj,
            "title": title,
            "intro": intro,
            "form": form,
            "submit": submit,
            "danger": danger,
            "change_url": self._organise_url("change", obj.pk) if obj else None,
            **extra,
        }
        return TemplateResponse(request, template or FORM_TEMPLATE, context)

    def done(self, request, obj, message: str, *, to_change=True) -> HttpResponseRedirect:
        self.message_user(request, message, messages.SUCCESS)
        if to_change and obj is not None:
            return HttpResponseRedirect(self._organise_url("change", obj.pk))
        return HttpResponseRedirect(self._organise_url("changelist"))

    def organise_form(self, request, obj, form, *, act, done, **page):
        """One organiser's form about ``obj``. A valid post calls the service through
        ``act(cleaned_data)``: its refusal goes on the form, else the organiser goes on with
        ``done``, a success message for ``obj``'s page, or ``done(cleaned_data)`` making the
        answer itself. Otherwise (a GET, an invalid form, a refusal) the form page, with
        ``page`` (title, intro, submit, ...) for ``form_page``."""
        if request.method == "POST" and form.is_valid():
            try:
                act(form.cleaned_data)
            except organising.OrganisingRefused as exc:
                refusal_to_form(form, exc)
            else:
                return done(form.cleaned_data) if callable(done) else self.done(request, obj, done)
        return self.form_page(request, obj, form, **page)

    def response_action(self, request, queryset):
        """Ticked ids that are no ids (a forged post: "", "²", 5,000 digits) are dropped:
        Django filters by them as they come, which ended in a server error."""
        post = request.POST.copy()
        ticked = form_ints(post.getlist(ACTION_CHECKBOX_NAME))
        post.setlist(ACTION_CHECKBOX_NAME, [str(n) for n in ticked])
        request.POST = post
        return super().response_action(request, queryset)

    def change_view(self, request, object_id, form_url="", extra_context=None):
        obj = self.get_object(request, object_id)
        extra = dict(extra_context or {})
        if obj is not None:
            extra["audit_entries"] = AuditEntry.objects.about(obj)[:50]
            extra["may_organise"] = self.has_organise_permission(request, obj)
            remove = getattr(self, "has_remove_permission", None)
            extra["may_remove"] = bool(remove and remove(request, obj))
        return super().change_view(request, object_id, form_url, extra)


def refusal_to_form(form, exc) -> None:
    """Show a service refusal on the field it concerns (or on the whole form)."""
    field = getattr(exc, "field", None)
    form.add_error(field if field in form.fields else None, exc.message)


@admin.display(description=_("seat"), ordering="position")
def seat_number(seat) -> int:
    """Seats counted from 1, as every page names them ("Anna at seat 1"), not the stored 0."""
    return seat.position + 1
