"""Every link a page writes is relative to the page: none is built from the request's Host
header (a client names any host there, and the page's links, scripts and forms pointed at
it) and none names a host at all."""

from __future__ import annotations

import re

import pytest

from pnp.web.app import create_app
from pnp.web.templating import relative_link
from tests.webtools import asgi_client

HTML = {"Accept": "text/html"}
PAGES = ["/", "/check/majority2", "/log/majority2", "/rulings", "/studio",
         "/studio/majority2/promo", "/studio/build", "/no/such//page"]


@pytest.mark.parametrize("page, target, link", [
    ("/", "/static/app.css", "static/app.css"),
    ("/", "/", "./"),
    ("/check/majority", "/static/app.css", "../static/app.css"),
    ("/check/majority", "/", "../"),
    ("/studio/majority2/promo", "/studio", "../../studio"),
    ("/a//b", "/static/x.js", "../../static/x.js"),  # an empty segment is a folder too
])
def test_a_link_climbs_one_level_per_folder_of_the_page(page, target, link):
    assert relative_link(page, target) == link


def test_no_page_writes_a_host_into_its_links():
    client = asgi_client(create_app())
    for page in PAGES:
        answer = client.get(page, headers=HTML)
        links = re.findall(r'(?:href|src|action)="([^"]*)"', answer.text)
        assert links, page
        for link in links:
            assert "//" not in link and not link.startswith("/"), (page, link)
            assert "localhost" not in link, (page, link)
