"""Test clients for the hostile-input runs, logged in once per test and handed out as they
were for every example: a volume run of a thousand requests pays for each visitor's login
(a session written, about 11 ms) once, not once a request."""

from __future__ import annotations

from http.cookies import SimpleCookie

from django.test import Client


class Visitors:
    """One client per visitor (``None`` for an anonymous one), made on first use.

    Each example gets the client with the cookies it had just after its login: a request
    that logged out, logged in as someone else or set a cookie leaves nothing for the next
    example. Make it outside the example's rolled-back transaction, so the sessions outlive
    it."""

    def __init__(self, users: dict[str, object]) -> None:
        self._users = users
        self._clients: dict[str, tuple[Client, SimpleCookie]] = {}

    def client(self, who: str) -> Client:
        if who not in self._clients:
            client = Client(raise_request_exception=False)
            if self._users[who] is not None:
                client.force_login(self._users[who])
            self._clients[who] = (client, SimpleCookie(client.cookies))
        client, cookies = self._clients[who]
        client.cookies = SimpleCookie(cookies)
        return client
