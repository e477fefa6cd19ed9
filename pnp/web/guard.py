"""What every request passes first: the server's own name, the access token and the body
size cap.

The Host header must name this server: an IP address, a localhost name, this machine's
name or the `--host` given. A web page on another site that makes its own name resolve
to 127.0.0.1 (DNS rebinding) so its scripts can read the answers sends its own name as
Host and is refused. A request that changes something (POST, PUT, PATCH, DELETE) that a
browser sent from another page's origin — its Origin header names another site, or
`Sec-Fetch-Site: cross-site` — is refused too: a page anywhere on the web can send a
`text/plain` POST to 127.0.0.1 without asking (no CORS preflight), but only this app's
own pages can send one with this app's Origin. Both are 403 before the app sees them.

Pure ASGI, so a request over the cap is refused before its body is read: a declared
`Content-Length` over the cap is answered 413 at once, and a body that streams past the
cap (chunked, or lying about its length) fails while it is read. The token is compared in
constant time; a right `?token=` sets a cookie so the pages' own links, assets and API
calls need not repeat it.
"""

from __future__ import annotations

import contextlib
import hmac
import ipaddress
import socket
from http.cookies import SimpleCookie
from urllib.parse import parse_qs, urlsplit

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from pnp.web.errors import error_response, refusal_response

DEFAULT_BODY_LIMIT = 1024 * 1024
"""Largest request body (bytes) unless a feature allows more for its paths: a record or a
whole Majority 2 log is a few tens of kilobytes."""

COOKIE = "pnp_token"
CHANGING = frozenset({"POST", "PUT", "PATCH", "DELETE"})
"""Methods that change something or run a job: checked for a foreign Origin."""


class BodyTooLarge(HTTPException):
    def __init__(self, limit: int):
        super().__init__(413, f"The request is larger than the {limit // 1024} KB this "
                              "page accepts.")


class Guard:
    def __init__(self, app: ASGIApp, token: str | None, default_limit: int,
                 limits: dict[str, int], names: tuple[str, ...] = ()):
        self.app = app
        self.token = token
        self.names = own_names(names)
        self.default_limit = default_limit
        self.limits = sorted(limits.items(), key=lambda item: -len(item[0]))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        foreign = self._foreign(scope)
        if foreign is not None:
            await error_response(scope, 403, foreign, title="Refused")(scope, receive, send)
            return
        from_query = self._query_token(scope)
        from_cookie = self._cookie_token(scope)
        if self.token is not None and not (self._fits(from_query) or self._fits(from_cookie)):
            await refusal_response(scope, _refusal(from_query, from_cookie))(
                scope, receive, send)
            return
        limit = self._limit(scope["path"])
        declared = _header(scope, b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > limit):
            status = 413 if declared.isdigit() else 400
            message = (BodyTooLarge(limit).detail if status == 413
                       else "The Content-Length header is not a number.")
            await error_response(scope, status, message)(scope, receive, send)
            return
        if self.token is not None and self._fits(from_query):
            send = _with_cookie(send, self.token)
        await self.app(scope, _capped(receive, limit), send)

    def _foreign(self, scope: Scope) -> str | None:
        """Why the request is not this server's own (a Host of another name, a change sent
        from another site's page), or None."""
        host = _header(scope, b"host")
        if host is not None and not self._ours(_host_name(host)):
            return ("This server answers only to its own names (localhost, its IP "
                    f"addresses, this computer's name), not to {host[:80]!r}.")
        if scope.get("method") not in CHANGING:
            return None
        origin = _header(scope, b"origin")
        cross = (_header(scope, b"sec-fetch-site") or "").lower() == "cross-site"
        if cross or (origin is not None and (host is None or not _same_place(origin, host))):
            return ("A page of another site cannot send requests to this server; use the "
                    "app's own pages, or a script without an Origin header.")
        return None

    def _ours(self, name: str) -> bool:
        if name in self.names or name == "localhost" or name.endswith(".localhost"):
            return True
        try:
            ipaddress.ip_address(name)
        except ValueError:
            return False
        return True  # an address literal cannot be rebound to this server by DNS

    def _fits(self, given: str | None) -> bool:
        return given is not None and hmac.compare_digest(given.encode(), self.token.encode())

    def _limit(self, path: str) -> int:
        return next((size for prefix, size in self.limits if path.startswith(prefix)),
                    self.default_limit)

    @staticmethod
    def _query_token(scope: Scope) -> str | None:
        values = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("token")
        return values[0] if values else None

    @staticmethod
    def _cookie_token(scope: Scope) -> str | None:
        raw = _header(scope, b"cookie")
        if raw is None:
            return None
        cookie = SimpleCookie()
        try:
            cookie.load(raw)
        except Exception:  # a malformed Cookie header is no token
            return None
        return cookie[COOKIE].value if COOKIE in cookie else None


def _refusal(from_query: str | None, from_cookie: str | None) -> str:
    """Why the token did not open the server, in the words of the person holding the phone."""
    if from_query is not None:
        return ("The access token in this address is not this server's: each run of "
                "pnp serve makes a new one. Open the address it printed this time.")
    if from_cookie is not None:
        return ("This browser kept the access token of an earlier run of pnp serve; "
                "this run has a new one. Open the address it printed this time.")
    return ("This server is shared on the network and opens only with its access token, "
            "which is part of the address pnp serve printed (it ends in ?token=...).")


def own_names(extra: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The names (other than localhost and IP addresses) this server answers to: this
    machine's name, with .local (mDNS) and its full name, and the `--host` given."""
    names = {socket.gethostname(), socket.gethostname() + ".local", *extra}
    with contextlib.suppress(OSError):
        names.add(socket.getfqdn())
    return tuple(sorted(n.lower().rstrip(".") for n in names if n))


def _host_name(host: str) -> str:
    """The name in a Host header, without its port or an IPv6 address's brackets."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:host.find("]")] if "]" in host else host
    return host.rsplit(":", 1)[0].rstrip(".") if host.count(":") == 1 else host.rstrip(".")


def _same_place(origin: str, host: str) -> bool:
    """The Origin header names the host and port the request was sent to (`null`, from a
    sandboxed frame or a file, never does)."""
    try:
        parts = urlsplit(origin)
        return parts.scheme in ("http", "https") and parts.netloc.lower() == host.lower()
    except ValueError:
        return False


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key.lower() == name:
            return value.decode("latin-1")
    return None


def _capped(receive: Receive, limit: int) -> Receive:
    seen = 0

    async def capped() -> Message:
        nonlocal seen
        message = await receive()
        if message["type"] == "http.request":
            seen += len(message.get("body", b""))
            if seen > limit:
                raise BodyTooLarge(limit)
        return message
    return capped


def _with_cookie(send: Send, token: str) -> Send:
    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start":
            headers = list(message.get("headers", []))
            headers.append((b"set-cookie", f"{COOKIE}={token}; Path=/; HttpOnly; "
                                           "SameSite=Strict".encode("latin-1")))
            message = {**message, "headers": headers}
        await send(message)
    return sending
