"""The generated parts of the docs' reference, made from the code at `make docs` time, so
they cannot drift from it: every command and option of the CLI (read from the typer app
through click, as `pnp --help` reads it) and every JSON Schema (printed by `pnp schema`).

A page asks for a part with a marker line, `<!-- generated: cli -->` or
`<!-- generated: schemas -->`; tools/mkdocs_hooks.py puts the part in its place while the
site is built, and tests/test_docs_reference.py checks the parts name everything.
"""

from __future__ import annotations

import json
import re

import typer.main
from typer.testing import CliRunner

from pnp.cli import app

MARKER = re.compile(r"^<!-- generated: (\w+) -->$", re.MULTILINE)


def fill(markdown: str) -> str:
    """`markdown` with every marker replaced by the part it names."""
    parts = {"cli": cli_reference, "schemas": schema_reference}

    def part(match: re.Match) -> str:
        if match.group(1) not in parts:
            raise ValueError(f"unknown generated part {match.group(1)!r}")
        return parts[match.group(1)]()

    return MARKER.sub(part, markdown)


# --- the CLI -------------------------------------------------------------------------

def commands() -> list[tuple[str, object]]:
    """Every command as typed (`pnp build`, `pnp export png`), in `pnp --help` order."""
    root = typer.main.get_command(app)
    found = []

    def walk(path: str, command) -> None:
        found.append((path, command))
        if _is_group(command):
            ctx = _context(command, path)
            for name in command.list_commands(ctx):
                walk(f"{path} {name}", command.get_command(ctx, name))

    walk("pnp", root)
    return found


def cli_reference() -> str:
    """One section per command: its usage, its help, its arguments and options."""
    return "\n".join(_command_section(path, command) for path, command in commands()[1:])


def _is_group(command) -> bool:
    return hasattr(command, "list_commands")


def _context(command, path: str):
    """A context of the click that typer carries (typer may bring its own copy)."""
    return command.context_class(command, info_name=path)


def _command_section(path: str, command) -> str:
    ctx = _context(command, path)
    usage = " ".join(command.collect_usage_pieces(ctx))
    lines = [f"## `{path}`", "", "```text", f"{path} {usage}".rstrip(), "```", ""]
    lines += [_help_text(command.help or ""), ""]
    if _is_group(command):
        lines += ["| command | what it does |", "|---|---|"]
        for name in command.list_commands(ctx):
            sub = command.get_command(ctx, name)
            anchor = _anchor(f"{path} {name}")
            lines.append(f"| [`{path} {name}`](#{anchor}) | {_cell(sub.get_short_help_str(200))} |")
        lines.append("")
    params = command.get_params(ctx)  # its own, and --help
    arguments = [p for p in params if p.param_type_name == "argument"]
    options = [p for p in params if p.param_type_name == "option" and not p.hidden]
    if arguments:
        lines += ["| argument | what it is |", "|---|---|"]
        for param in arguments:
            name = param.make_metavar(ctx) if _takes_ctx(param) else param.make_metavar()
            lines.append(f"| `{_names(name)}` | {_cell(getattr(param, 'help', None) or '')} |")
        lines.append("")
    if options:
        lines += ["| option | what it does | default |", "|---|---|---|"]
        for param in options:
            record = param.get_help_record(ctx)
            if record is None:
                continue
            names, text = record
            lines.append(f"| `{_names(names)}` | {_cell(_strip_default(text))} "
                         f"| {_default(param)} |")
    return "\n".join(lines) + "\n"


def _takes_ctx(param) -> bool:
    import inspect

    return "ctx" in inspect.signature(param.make_metavar).parameters


def _help_text(text: str) -> str:
    """A command's docstring as Markdown: its prose as paragraphs, its examples as one
    block of commands."""
    prose, examples = [], []
    for paragraph in text.replace("\b", "").strip().split("\n\n"):
        paragraph = paragraph.strip()
        if paragraph.startswith("Example:"):
            examples.append(" ".join(paragraph.removeprefix("Example:").split()))
        elif paragraph:
            prose.append(_escape(" ".join(paragraph.split())))
    if examples:
        prose.append("```sh\n" + "\n".join(examples) + "\n```")
    return "\n\n".join(prose)


METAVARS = {"<path_value>": "PATH", "<str>": "TEXT", "<float>": "NUMBER", "<int>": "INTEGER"}


def _names(text: str) -> str:
    """An option's names and value as help shows them, its value in capitals."""
    for raw, shown in METAVARS.items():
        text = text.replace(raw, shown)
    return text


def _strip_default(text: str) -> str:
    return re.sub(r"\s*\[(default|required)[^\]]*\]\s*$", "", text)


def _default(param) -> str:
    if param.required:
        return "required"
    if param.is_flag and param.secondary_opts:
        return f"`{param.opts[0] if param.default else param.secondary_opts[0]}`"
    if param.default in (None, "", (), []) or param.is_flag and not param.default:
        return ""
    value = param.default
    if isinstance(value, (list, tuple)):
        value = ", ".join(str(v) for v in value)
    return f"`{value}`"


def _cell(text: str) -> str:
    return _escape(" ".join(text.split())).replace("|", "\\|")


def _escape(text: str) -> str:
    """Prose that shows `<game>` as written, not as an HTML tag (code spans stay as they are)."""
    parts = text.split("`")
    for i in range(0, len(parts), 2):
        parts[i] = parts[i].replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return "`".join(parts)


def _anchor(title: str) -> str:
    """The anchor mkdocs gives a heading `` `title` ``."""
    return re.sub(r"[^a-z0-9_ -]", "", title.lower()).strip().replace(" ", "-")


# --- the schemas ---------------------------------------------------------------------

def schema_names() -> list[str]:
    """The names `pnp schema` lists."""
    return _pnp("schema").split()


def schema(name: str) -> dict:
    """The schema `pnp schema NAME` prints."""
    return json.loads(_pnp("schema", name))


def _pnp(*args: str) -> str:
    result = CliRunner().invoke(app, list(args), catch_exceptions=False)
    if result.exit_code != 0:
        raise RuntimeError(f"pnp {' '.join(args)}: exit {result.exit_code}: {result.output}")
    return result.stdout


def schema_reference() -> str:
    """One section per schema: what it is, its top-level keys, the whole schema."""
    return "\n".join(_schema_section(name) for name in schema_names())


def _schema_section(name: str) -> str:
    value = schema(name)
    lines = [f"## `{name}`", ""]
    if value.get("title"):
        lines += [f"**{_cell(value['title'])}**", ""]
    if value.get("description"):
        lines += [" ".join(value["description"].split()), ""]
    lines += [f"`pnp schema {name}` prints it.", ""]
    properties = value.get("properties", {})
    if properties:
        required = set(value.get("required", []))
        lines += ["| key | type | required | what it is |", "|---|---|---|---|"]
        for key, spec in properties.items():
            spec = _resolve(value, spec)
            lines.append(f"| `{key}` | {_type(value, spec)} | {'yes' if key in required else ''} "
                         f"| {_cell(spec.get('description') or spec.get('title') or '')} |")
        lines.append("")
    body = json.dumps(value, indent=2, ensure_ascii=False)
    lines += ['??? example "The whole schema"', "", "    ```json"]
    lines += ["    " + line for line in body.splitlines()]
    lines += ["    ```", ""]
    return "\n".join(lines)


def _resolve(root: dict, spec: dict) -> dict:
    """A `$ref` into the schema's own `$defs`, followed once (its own keys win)."""
    ref = spec.get("$ref", "")
    if ref.startswith("#/$defs/"):
        target = root.get("$defs", {}).get(ref.removeprefix("#/$defs/"), {})
        return {**target, **{k: v for k, v in spec.items() if k != "$ref"}}
    return spec


def _type(root: dict, spec: dict) -> str:
    if "enum" in spec:
        return ", ".join(f"`{json.dumps(v)}`" for v in spec["enum"][:8]) + \
            (" …" if len(spec["enum"]) > 8 else "")
    if "const" in spec:
        return f"`{json.dumps(spec['const'])}`"
    kind = spec.get("type")
    if isinstance(kind, list):
        return " or ".join(kind)
    if kind:
        return kind
    for word in ("oneOf", "anyOf"):
        if word in spec:
            return " or ".join(_type(root, _resolve(root, s)) or "…" for s in spec[word])
    return ""
