"""Running the app: the listening socket, the address people open, uvicorn.

The socket is bound before anything is printed, so the printed address is one that
answers (also with `--port 0`, which picks a free port) and a port already in use is a
clear error instead of a half-started server.
"""

from __future__ import annotations

import ipaddress
import secrets
import socket
from urllib.parse import quote

from pnp.errors import UsageError

LOOPBACK = ("127.0.0.1", "localhost", "::1")


def is_local(host: str) -> bool:
    """True for addresses only this machine can reach."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def access_token(host: str, given: str | None) -> str | None:
    """The token the server requires: `given`, or a fresh one when the server is reachable
    from the network; None (no token) on a loopback address without `--token`."""
    if given is not None:
        if not given or len(given) > 200 or not given.isprintable() or " " in given:
            raise UsageError("--token: use 1 to 200 printable characters without spaces")
        return given
    return None if is_local(host) else secrets.token_urlsafe(12)


def bind(host: str, port: int) -> socket.socket:
    """A listening TCP socket on host:port; UsageError when that is impossible."""
    if not 0 <= port <= 65535:
        raise UsageError(f"--port {port}: expected 0-65535 (0 picks a free port)")
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as exc:
        raise UsageError(f"--host {host}: {exc.strerror}") from None
    family, _, _, _, address = infos[0]
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
        sock.listen(128)
    except OSError as exc:
        sock.close()
        raise UsageError(f"cannot listen on {host}:{port}: {exc.strerror}") from None
    sock.set_inheritable(True)
    return sock


def public_url(sock: socket.socket, host: str, token: str | None) -> str:
    """The address to open, with the token: this machine's network name or address for a
    server shared on the network, else the loopback address it listens on."""
    port = sock.getsockname()[1]
    shown = host
    if host in ("0.0.0.0", "::"):
        shown = _lan_address() or socket.gethostname()
    if ":" in shown:
        shown = f"[{shown}]"
    url = f"http://{shown}:{port}/"
    return url + (f"?token={quote(token)}" if token else "")


def _lan_address() -> str | None:
    """This machine's first non-loopback IPv4 address: its network interfaces' (Linux), else
    what its own name resolves to. Nothing is sent anywhere to find it."""
    for address in _interface_addresses() + _name_addresses():
        if not ipaddress.ip_address(address).is_loopback:
            return address
    return None


def _interface_addresses() -> list[str]:
    """Each network interface's IPv4 address (SIOCGIFADDR; empty where unsupported)."""
    try:
        import fcntl
        import struct

        names = [name for _, name in socket.if_nameindex()]
    except (ImportError, OSError, AttributeError):
        return []
    found = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        for name in names:
            try:
                packed = fcntl.ioctl(probe.fileno(), 0x8915,
                                     struct.pack("256s", name[:15].encode()))
            except OSError:
                continue
            found.append(socket.inet_ntoa(packed[20:24]))
    return found


def _name_addresses() -> list[str]:
    try:
        return [info[4][0] for info in
                socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
    except OSError:
        return []


def terminal_qr(url: str) -> str:
    """A QR code of `url` drawn with block characters, for a phone's camera."""
    import io

    import segno

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()


def run(app, sock: socket.socket) -> None:
    """Serve `app` on the bound socket until Ctrl-C, SIGTERM or SIGHUP. Each ends the
    server the same way, its open requests finished and this function returning or
    raising (SystemExit for SIGTERM), so the caller's `finally` always runs: uvicorn
    catches SIGINT and SIGTERM and sends them again, to the handler found before it,
    once it has stopped; SIGHUP (a closed terminal, `systemctl reload`) it ignores."""
    import signal

    import uvicorn

    from pnp.web.connections import CONNECTIONS, TimedH11Protocol

    _more_files(CONNECTIONS + 256)
    config = uvicorn.Config(app, log_level="warning", access_log=False,
                            server_header=False, timeout_keep_alive=5, http=TimedH11Protocol,
                            limit_concurrency=CONNECTIONS,
                            h11_max_incomplete_event_size=64 * 1024)
    server = uvicorn.Server(config)

    def stopped(signum, frame) -> None:
        raise SystemExit(128 + signum)

    def hang_up(signum, frame) -> None:
        server.should_exit = True

    signal.signal(signal.SIGTERM, stopped)
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, hang_up)
    server.run(sockets=[sock])


def _more_files(wanted: int) -> None:
    """Raise this process's open-file limit towards `wanted` (within the hard limit), so
    the connection limit is reached before the system's."""
    try:
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        if soft != resource.RLIM_INFINITY and soft < wanted:
            top = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
            resource.setrlimit(resource.RLIMIT_NOFILE, (top, hard))
    except (ImportError, ValueError, OSError):  # not on this system: its own limit stays
        pass
