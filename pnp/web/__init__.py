"""`pnp serve`: the table-side web app (Starlette under uvicorn), and the phone app it
shares with `pnp export web`.

A thin layer like the CLI: a request is read and bounded (`guard.py`), handed to the same
library calls the commands use (`pnp.check`, the games' checkers, the Majority 2 engine and
log writer), and the answer rendered (Jinja2 templates and static files shipped in this
package, nothing fetched from the internet). The server keeps no state between requests:
an entry in progress lives in the player's browser.

The server is imported only when asked for (`create_app`): the phone's in-browser checker
imports modules of this package (`inbrowser.py`) on a Python that has no Starlette.
"""

__all__ = ["create_app"]


def __getattr__(name: str):
    if name == "create_app":
        from pnp.web.app import create_app

        return create_app
    raise AttributeError(f"module 'pnp.web' has no attribute {name!r}")
