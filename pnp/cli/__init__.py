"""The `pnp` command line: a thin typer layer, one module per verb, over the library.

The collector is paused while the commands and their libraries are imported, and what
the imports made is then frozen (kept out of every later collection): tens of thousands
of objects that live as long as the process, which the collector would otherwise walk
again and again while they are made and on every full collection after (about 4% of a
small build's time). Frozen objects also stay untouched in forked build workers."""

import gc

_COLLECTING = gc.isenabled()
gc.disable()

from pnp.cli import (  # noqa: E402, F401  (each module registers its command)
    build,
    check,
    export,
    games,
    play,
    printer,
    schema,
    serve,
    simulate,
    validate,
)
from pnp.cli.app import app, one_line_summaries  # noqa: E402

one_line_summaries()
gc.freeze()
if _COLLECTING:
    gc.enable()


def main() -> None:
    from pnp.render.pdf import lean_pypdf

    lean_pypdf()  # a command never decrypts a PDF nor extracts text with pypdf
    app()


__all__ = ["app", "main"]
