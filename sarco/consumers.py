"""A tiny websocket consumer that proves the socket and the channel layer both work.

A client joins the group "ping"; whatever it sends goes out through the channel layer to
every member of the group (itself included) as {"echo": ..., "via": "channel layer"}. With
the in-memory layer that proves one process; with Redis it proves any number of processes.
"""

from channels.generic.websocket import AsyncJsonWebsocketConsumer

GROUP = "ping"


class PingConsumer(AsyncJsonWebsocketConsumer):
    async def connect(self):
        await self.channel_layer.group_add(GROUP, self.channel_name)
        await self.accept()

    async def disconnect(self, code):
        await self.channel_layer.group_discard(GROUP, self.channel_name)

    async def receive_json(self, content, **kwargs):
        await self.channel_layer.group_send(GROUP, {"type": "ping.echo", "echo": content})

    async def ping_echo(self, event):
        await self.send_json({"echo": event["echo"], "via": "channel layer"})
