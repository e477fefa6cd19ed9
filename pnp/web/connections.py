"""Time limits on reading a request, so connections that never finish cannot fill the
server.

uvicorn times out only a connection idle between requests (keep-alive). A client that
opens a connection and sends half its headers, or stops in the middle of a body, was
kept forever, and 520 of them pushed the server past its connection limit: everyone got
503. `TimedH11Protocol` adds two clocks: a request's headers must be complete within
`HEADER_SECONDS` of the connection (or the previous response), and a body must not stall
for `BODY_IDLE_SECONDS`; past either the client gets 408 and the connection is closed.
"""

from __future__ import annotations

import os

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol


def _seconds(name: str, default: float) -> float:
    try:
        value = float(os.environ.get(name, default))
    except ValueError:
        return default
    return min(max(value, 0.2), 600) if value == value else default


HEADER_SECONDS = _seconds("PNP_SERVE_HEADER_SECONDS", 10)
"""Time for a request's headers (a phone on a slow network needs well under one)."""
BODY_IDLE_SECONDS = _seconds("PNP_SERVE_BODY_IDLE_SECONDS", 30)
"""Longest pause in a request body (an upload that stops sending)."""
CONNECTIONS = 4096
"""Connections open at once before uvicorn answers 503: unfinished ones are closed within
HEADER_SECONDS, so only a flood of new ones could reach it."""

TIMEOUT = (b"HTTP/1.1 408 Request Timeout\r\ncontent-type: text/plain; charset=utf-8\r\n"
           b"content-length: 32\r\nconnection: close\r\n\r\n"
           b"The request took too long to send")


class TimedH11Protocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with a clock on headers and on body pauses."""

    def connection_made(self, transport) -> None:  # type: ignore[override]
        self._clock = None
        self._clock_kind = None
        super().connection_made(transport)
        self._watch()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        self._watch()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._watch()

    def connection_lost(self, exc) -> None:
        self._stop_clock()
        super().connection_lost(exc)

    def _watch(self) -> None:
        """Set the clock for what the connection now waits for from the client."""
        if self.transport is None or self.transport.is_closing():
            return self._stop_clock()
        state = self.conn.their_state
        answering = self.cycle is not None and not self.cycle.response_complete
        if state is h11.IDLE and not answering:
            if self._clock_kind != "headers":  # from the first wait, not the last byte
                self._start_clock("headers", HEADER_SECONDS)
        elif state is h11.SEND_BODY:
            self._start_clock("body", BODY_IDLE_SECONDS)
        else:
            self._stop_clock()

    def _start_clock(self, kind: str, seconds: float) -> None:
        self._stop_clock()
        self._clock_kind = kind
        self._clock = self.loop.call_later(seconds, self._too_slow)

    def _stop_clock(self) -> None:
        if self._clock is not None:
            self._clock.cancel()
        self._clock, self._clock_kind = None, None

    def _too_slow(self) -> None:
        self._clock, self._clock_kind = None, None
        if self.transport.is_closing():
            return
        if self.cycle is None or self.cycle.response_complete or \
                not self.cycle.response_started:
            self.transport.write(TIMEOUT)
        if self.cycle is not None:
            self.cycle.keep_alive = False
        self.transport.close()
