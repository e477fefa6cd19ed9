"""The Jinja2 templates shipped with the package (autoescaped: every value from a record
or a request is shown as text, never as markup).

`url_for` in a template gives a link relative to the page it is on (`../static/app.css`
on `/check/majority`), never an absolute address: Starlette's own builds one from the
request's Host header, which a client chooses, so a request naming `evil.example` got
pages whose every link and script pointed there. A relative link also keeps working
behind a proxy that serves the app under a folder of its own.
"""

from __future__ import annotations

from pathlib import Path

from jinja2 import pass_context
from starlette.templating import Jinja2Templates

TEMPLATES = Jinja2Templates(directory=Path(__file__).resolve().parent / "templates")


def relative_link(page: str, target: str) -> str:
    """`target` (a path from the app's root, e.g. `/static/app.css`) as a link from the
    page at path `page`: one `../` per folder the page is in, counted as a browser counts
    them (an empty segment of `/a//b` is a folder too), so it never names a host."""
    folders = page.split("/")[1:-1]
    link = "../" * len(folders) + target.lstrip("/")
    return link or "./"


@pass_context
def _url_for(context: dict, name: str, /, **params) -> str:
    request = context["request"]
    target = str(request.app.url_path_for(name, **params))
    page = request.scope.get("path", "/")
    root = request.scope.get("root_path", "")
    if root and page.startswith(root):
        page = page[len(root):] or "/"
    return relative_link(page, target)


TEMPLATES.env.globals["url_for"] = _url_for
