"""`pnp` on a pseudo-terminal, for the tests that need a real terminal (prompt_toolkit
reads keys from one): start it, read what it shows, and collect its exit status."""

from __future__ import annotations

import fcntl
import os
import select
import signal
import struct
import sys
import termios
import time
from pathlib import Path

import pytest

PNP = Path(sys.executable).with_name("pnp")
LEFT, BACKSPACE, ENTER, CTRL_C = b"\x1b[D", b"\x7f", b"\r", b"\x03"
CURSOR_QUERY = b"\x1b[6n"


def spawn(args: list[str], cwd: Path, rows: int = 30, columns: int = 120) -> tuple[int, int]:
    """`pnp ARGS` running in `cwd` on a new pseudo-terminal: (pid, terminal fd)."""
    pty = pytest.importorskip("pty")
    pid, fd = pty.fork()
    if pid == 0:  # the child: become pnp
        os.chdir(cwd)
        os.execve(str(PNP), [str(PNP), *args], dict(os.environ, TERM="xterm"))
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    return pid, fd


def shown_next(fd: int, wait: float) -> bytes | None:
    """What the terminal shows next within `wait` seconds (b"": nothing yet; None: the
    program has exited). A cursor-position query is answered as a terminal does."""
    if not select.select([fd], [], [], wait)[0]:
        return b""
    try:
        chunk = os.read(fd, 65536)
    except OSError:  # the child has exited
        return None
    if CURSOR_QUERY in chunk:  # row 1, column 1
        os.write(fd, b"\x1b[1;1R")
    return chunk or None


def finish(pid: int, fd: int) -> int:
    """The program's exit status (killed if it still waits for keys: a step failed)."""
    done, status = os.waitpid(pid, os.WNOHANG)
    deadline = time.monotonic() + 0.5  # looked at often: most programs exit at once
    while not done and time.monotonic() < deadline:
        time.sleep(0.01)
        done, status = os.waitpid(pid, os.WNOHANG)
    if not done:
        os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
    os.close(fd)
    return os.waitstatus_to_exitcode(status)
