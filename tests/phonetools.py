"""Records the phone app's checker is compared on with `pnp check`: every shipped example
and hostile text (deep nesting, NaN, huge numbers, duplicate keys, control characters,
binary junk, a byte-order mark, lone surrogates). Each is JSON *text*, as a file holds it.

`cli_answer(text)` is what `pnp check --json` says of that text in a file, in the shape the
app answers: the report (exit 0 or 1), or `{"error", "status": 422, "problems"}` built
from the problems it prints on stderr (exit 2) — POST /api/check's answer. The command
runs in this process (the CLI's own code and output, without a new Python's start).
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from typer.testing import CliRunner

from pnp.check import check_text
from pnp.cli import app
from pnp.errors import PnpError

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "data" / "examples"

HOSTILE = {
    "deep": '{"game": "majority", "players": ' + "[" * 5000 + "]" * 5000 + "}",
    "nan": '{"game": "majority-rules", "players": ["A", "B"], "claimed": {"A": NaN}, '
           '"rounds": [{"gold": 1, "dice": {"A": "11111111", "B": "22222222"}}]}',
    "huge": '{"game": "d20-stacks", "players": ["A", "B"], "stacks": [["A:1"]], '
            '"claimed": {"A": 1' + "0" * 400 + "}}",
    "float": '{"game": "majority-rules", "players": ["A", "B"], "claimed": {"A": 18.0, '
             '"B": 18.5}, "rounds": [{"gold": 1, "dice": {"A": "11111111", "B": "22222222"}}]}',
    "duplicate": '{"game": "majority2", "players": ["Ana", "Bo"], "players": ["Ana", "Cy"]}',
    "control": '{"game": "d20-stacks", "players": ["A\\u001b[31m", "B\\n"], "stacks": []}',
    "junk": "\u0000\u00ff\u00fe binary \x7f junk {[",
    "bom": "\ufeff" + '{"game": "d20-stacks", "players": ["A", "B"], "stacks": [["A:1"]]}',
    "surrogate": '{"game": "d20-stacks", "players": ["\\ud800", "B"], "stacks": []}',
    "trailing-space": '{"game": "majority2", "players": ["Ana ", "Bo"], "score_areas": '
                      '{"Ana ": [], "Bo": []}, "coins": {"Ana ": 0, "Bo": 0}}',
    "not-an-object": "[1, 2, 3]",
    "unknown-game": '{"game": "chess", "players": ["A", "B"]}',
    "empty": "",
    "schema-soup": '{"game": "majority", "players": ["Ana", "Ana", ""], "rounds": [{"turns": '
                   '[{"Ana": "Q"}], "variant": "blue"}], "final": {"Zed": {"ones": -1}}, '
                   '"rules": null, "typo": 1}',
}


def records() -> dict[str, str]:
    """Every example game record and every hostile text, by name."""
    found = {p.name: p.read_text("utf-8") for p in sorted(EXAMPLES.glob("*.json"))
             if "custom-promos" not in p.name}  # names a promo file: a file's own case
    return {**found, **HOSTILE}


def library_answer(text: str) -> dict:
    """POST /api/check's answer for `text`, from the library in this process."""
    from pnp.web.answers import Refused, check_answer

    try:
        return check_answer(text)
    except Refused as exc:
        return exc.to_json()


def cli_answer(text: str) -> dict:
    """What `pnp check --json FILE` says of `text` written to FILE, in the app's shape."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "record.json"
        path.write_text(text, "utf-8", errors="surrogatepass")
        done = CliRunner().invoke(app, ["check", str(path), "--json"],
                                  catch_exceptions=False)
    if done.exit_code in (0, 1):
        return json.loads(done.stdout)
    assert done.exit_code == 2, done.stderr
    return {"error": "The record cannot be checked.", "status": 422,
            "problems": _problems(text, str(path), done.stderr)}


def _problems(text: str, file: str, stderr: str) -> list[dict]:
    """The problems `pnp check` printed, as the app reports them: each line checked against
    the library's own problems for the same text (file name aside), so a difference in any
    word fails the comparison."""
    try:
        check_text(text, file)
        problems = []
    except PnpError as exc:
        problems = exc.problems
    printed = [line.removeprefix("error: ") for line in stderr.splitlines() if line]
    from pnp.cli.app import shown

    assert printed == [shown(str(p)) for p in problems], (printed, problems)
    return [{"path": p.path, "line": p.line, "message": p.message} for p in problems]
