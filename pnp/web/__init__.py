"""`pnp serve`: the table-side web app (Starlette under uvicorn).

A thin layer like the CLI: a request is read and bounded (`guard.py`), handed to the same
library calls the commands use (`pnp.check`, the games' checkers, the Majority 2 engine and
log writer), and the answer rendered (Jinja2 templates and static files shipped in this
package, nothing fetched from the internet). The server keeps no state between requests:
an entry in progress lives in the player's browser.
"""

from pnp.web.app import create_app

__all__ = ["create_app"]
