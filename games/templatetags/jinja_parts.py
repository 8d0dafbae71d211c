"""``{% jinja "name" %}``: a part written for Jinja2 (``games.jinja``) drawn where a Django
template would include it, so each part has one template whether the page draws it or the
live fragments share it drawn (``games.shared_parts``)."""

from __future__ import annotations

from django import template
from django.template import engines
from django.utils.safestring import SafeString, mark_safe

register = template.Library()

# What a part may use of the including template's context; nothing else reaches it. A
# board's own template (Sarg's) needs what the page gives it: the parts drawn once a version,
# whether it is a replay, and the move form's address and token; the table's frame
# (games/_table_live.html) the table, the viewer's seat, the seats, the banner, the buttons,
# the clock and the invite link as well.
PASSED = (
    *("board", "version", "new_events", "shared", "replay", "urls", "csrf_token"),
    *("table", "seat", "seats", "seats_by_place", "banner", "page_title", "controls"),
    *("bot_levels", "clock", "invite_url", "oob"),
)


@register.simple_tag(takes_context=True)
def jinja(context, name: str) -> SafeString:
    """The Jinja2 template ``name`` drawn with the context's ``PASSED`` names."""
    passed = {key: context[key] for key in PASSED if key in context}
    return mark_safe(engines["jinja2"].get_template(name).render(passed))  # escaped there
