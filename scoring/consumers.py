"""Live score sheets: a websocket group per sheet; every phone watching redraws on change.

After an edit commits, ``scoring.sheets.notify_changed`` sends "sheet.changed" to the
sheet's group. Each consumer then renders the live part of the sheet for its own user (an
editor sees the Edit buttons, a watcher does not), the header (its status badge) and, for
an editor, the Undo/Finish forms at the new version and the sheet's state (which
``entry-form.js`` reads to move a new-round form on when that round was saved elsewhere),
and sends it as HTML; the htmx ws extension swaps it in by id. Works on the in-memory
layer and on Redis alike; through a Redis outage the socket stays open and is sent the sheet
as it stands once Redis is back (``sarco.layer_outages``). Frames too big or too fast are
refused and a socket that keeps on is closed (``sarco.socket_limits``).
"""

from __future__ import annotations

from channels.db import database_sync_to_async
from django.template.loader import render_to_string

from sarco.live_socket import LiveSocket

from .models import PlaySession
from .sheets import group_name


class SheetConsumer(LiveSocket):
    async def connect(self):
        self.public_id = self.scope["url_route"]["kwargs"]["public_id"]
        if not await self._exists():
            await self.close(code=4404)
            return
        await self.join(group_name(self.public_id))
        await self.accept()

    def after_outage_message(self) -> dict:
        return {"type": "sheet.changed"}  # edits may have been missed meanwhile

    async def sheet_changed(self, event):
        html = await self._render()
        if html:
            await self.send(text_data=html)

    @database_sync_to_async
    def _exists(self) -> bool:
        return PlaySession.objects.filter(public_id=self.public_id).exists()

    @database_sync_to_async
    def _render(self) -> str | None:
        from .views.sheet_context import live_context

        session = PlaySession.objects.filter(public_id=self.public_id).first()
        if session is None:
            return None
        user = self.scope.get("user")
        can_edit = bool(user is not None and session.can_edit(user))
        context = live_context(session, can_edit)
        context.update(oob=True, head_oob=True, user=user)
        parts = [
            render_to_string("scoring/_sheet_live.html", context),
            render_to_string("scoring/_sheet_head.html", context),
        ]
        if can_edit and not session.is_finished:  # fresh versions for Undo and Finish
            parts.append(render_to_string("scoring/_sheet_actions.html", context))
        elif can_edit:  # finished on another device: nothing left to enter
            parts.append(GONE)
        return "".join(parts)


GONE = (
    '<section id="entry" hx-swap-oob="delete"></section>'
    '<section id="sheet-actions" hx-swap-oob="delete"></section>'
)
