"""What a page did while a test used it: the Content-Security-Policy violations the browser
reported (a `securitypolicyviolation` event, a "Refused to ..." console message), its console
and page errors, its failed answers, and the moves it posted instead of sending them on its
socket. One watch serves the page tours and the whole games, so a whole game checks all of
it at once instead of being played again for each."""

from __future__ import annotations

LISTEN = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__cspViolations.push(
    `${event.violatedDirective} blocked ${event.blockedURI || "inline"} at ` +
    `${event.sourceFile || location.pathname}:${event.lineNumber}`
  );
});
"""


class PageWatch:
    """Everything the browser said on one page (and the pages it moves to). Made before the
    page's first `goto`: the listener is an init script."""

    def __init__(self, page):
        self.page = page
        self.policy: list[str] = []  # console messages about the policy
        self.errors: list[str] = []  # console errors, page errors, answers >= 400
        self.posts = 0  # moves posted to `play:move`
        page.add_init_script(LISTEN)
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.on("request", self._request)
        page.on("response", self._response)

    def _console(self, message) -> None:
        text = message.text
        if "Content Security Policy" in text or "Refused to" in text:
            self.policy.append(f"{self.page.url}: {text}")
        elif message.type == "error":
            self.errors.append(text)

    def _request(self, request) -> None:
        if request.method == "POST" and request.url.rstrip("/").endswith("/move"):
            self.posts += 1

    def _response(self, response) -> None:
        if response.status >= 400:
            self.errors.append(f"{response.status} {response.url}")

    def visit(self, url: str) -> None:
        self.page.goto(url)
        self.page.wait_for_load_state("networkidle")
        self.check(url)

    def check(self, where: str) -> None:
        """No violation of the policy so far."""
        events = self.page.evaluate("window.__cspViolations || []")
        assert not events, f"{where}: {events}"
        assert not self.policy, self.policy

    def check_game(self, where: str) -> None:
        """A whole game's page: no violation, no error, and every move on the socket."""
        self.check(where)
        assert self.errors == [], f"{where}: {self.errors}"
        assert self.posts == 0, f"{where}: every move went on the socket, not {self.posts} posts"
