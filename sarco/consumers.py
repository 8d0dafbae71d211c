"""The websocket router's last route: any path no app serves is closed, cleanly.

Without it the router raises "No route found" for a mistyped or hostile path, a traceback in
the log for every such knock. (The old /ws/ping/ echo is gone: it relayed any anonymous
client's JSON to every other client. The round trip through the channel layer is tested on
the scorekeeper's sheet socket instead.)
"""

from channels.generic.websocket import AsyncWebsocketConsumer

NOT_FOUND = 4404  # a private-use close code: "no such socket"


class NotFoundConsumer(AsyncWebsocketConsumer):
    async def connect(self):
        await self.accept()
        await self.close(code=NOT_FOUND)

    async def receive(self, text_data=None, bytes_data=None):
        """Nothing is listened to on a closed socket."""
