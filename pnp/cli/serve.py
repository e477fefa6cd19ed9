"""`pnp serve`: the table-side checker in a browser, for phones at the table."""

from __future__ import annotations

import typer

from pnp.cli.app import app, user_errors


@app.command("serve")
def serve_command(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on. 0.0.0.0 "
                             "shares the app on the local network (then an access token "
                             "is required)."),
    port: int = typer.Option(8000, "--port", help="Port to listen on (0: any free port)."),
    token: str = typer.Option(None, "--token", help="The access token to require (default: "
                              "a new one when shared on the network, none on 127.0.0.1)."),
) -> None:
    """Serve the score checker and the Majority 2 game log to phones and browsers.

    Prints the address to open and a QR code of it. Everything a player enters stays in
    their browser; the server keeps nothing between requests.

    Example: pnp serve --host 0.0.0.0 --port 8000
    """
    from pnp.web import create_app, server

    with user_errors():
        required = server.access_token(host, token)
        sock = server.bind(host, port)
    url = server.public_url(sock, host, required)
    typer.echo(f"pnp serve: open {url}")
    if required:
        typer.echo("The access token is part of the address; a request without it gets 403.")
    typer.echo(for_phones(host, url))
    typer.echo("Press Ctrl-C to stop.", err=True)
    from pnp.web.studio import folders

    folders.sweep()
    try:
        server.run(create_app(required, (host,)), sock)
    finally:
        folders.clean_up()


def for_phones(host: str, url: str) -> str:
    """A QR code of the address for a phone's camera, when a phone can open it; on a
    loopback address (only this computer reaches it) how to reach the app from a phone
    instead: a QR code of 127.0.0.1 opens nothing on a phone."""
    from pnp.web import server

    if server.is_local(host):
        return ("Only this computer can open that address. For phones: pnp serve --host "
                "0.0.0.0 (on this network, with an access token), or pnp export web DIR to "
                "put the app on any web server; opened once, it works offline.")
    return server.terminal_qr(url)
