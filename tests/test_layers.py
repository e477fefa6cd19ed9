"""The package's layers: imports only go downwards, and no module imports itself in a circle.

    cli, web  >  kits, simulate, check, validate  >  games  >  render  >  content  >  errors

Every import counts, also one inside a function (a call-time import still ties the two
modules together); imports under `if TYPE_CHECKING:` do not, since they never run.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "pnp"
LAYERS = (("cli", "web"), ("kits", "simulate", "check", "validate"), ("games",), ("render",),
          ("content",), ("errors",))
RANK = {room: depth for depth, rooms in enumerate(LAYERS) for room in rooms}


def module_of(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_of(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _runtime_nodes(tree: ast.AST):
    """Every node except those under an `if TYPE_CHECKING:` block."""
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped.update(id(n) for stmt in node.body for n in ast.walk(stmt))
    return (n for n in ast.walk(tree) if id(n) not in skipped)


def _known(name: str) -> str | None:
    """The longest module of the package that `name` lies in (a name imported from a
    module resolves to the module)."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def imports_of(module: str) -> set[str]:
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in _runtime_nodes(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
            names = [f"{base}.{alias.name}" for alias in node.names] + [base]
        else:
            continue
        found.update(m for m in map(_known, names) if m and m != module)
    # A package's __init__ that imports its own modules (a registry) is no circle.
    return {m for m in found if not m.startswith(module + ".")
            or MODULES[module].name != "__init__.py"} - _parents(module)


def _parents(module: str) -> set[str]:
    parts = module.split(".")
    return {".".join(parts[:i]) for i in range(1, len(parts))}


@cache
def graph() -> dict[str, set[str]]:
    """Each module's imports. Worked out when a test asks (parsing the package takes ~1 s),
    not when the file is collected: each xdist worker collects every file."""
    return {m: imports_of(m) for m in MODULES}


def rank(module: str) -> int | None:
    parts = module.split(".")
    return RANK.get(parts[1]) if len(parts) > 1 else None


def upward_imports(graph: dict[str, set[str]]) -> list[str]:
    return sorted(f"{m} -> {t}" for m, targets in graph.items() for t in targets
                  if rank(m) is not None and rank(t) is not None and rank(t) < rank(m))


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (iterative Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_no_import_goes_up_a_layer():
    assert upward_imports(graph()) == []


def test_no_import_circles():
    assert circles(graph()) == []


def test_every_room_of_the_package_has_a_layer():
    rooms = {m.split(".")[1] for m in MODULES if m.count(".") >= 1}
    assert rooms - set(RANK) <= {"__main__"}


def test_the_top_holds_only_the_two_small_jobs_and_the_errors():
    top = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert top == ["__init__.py", "__main__.py", "check.py", "errors.py", "validate.py"]


@pytest.mark.parametrize("source, expected", [
    ({"a": {"b"}, "b": {"a"}, "c": set()}, [["a", "b"]]),
    ({"a": {"b"}, "b": {"c"}, "c": {"a"}}, [["a", "b", "c"]]),
    ({"a": {"b"}, "b": set()}, []),
])
def test_the_circle_finder_finds_circles(source, expected):
    assert circles(source) == expected


def test_the_layer_check_sees_an_upward_import():
    graph = {"pnp.render.x": {"pnp.kits.build"}, "pnp.kits.build": {"pnp.render.x"}}
    assert upward_imports(graph) == ["pnp.render.x -> pnp.kits.build"]


def test_a_call_time_import_counts(tmp_path):
    """The import inside a function that hid the build <-> documents circle is seen."""
    tree = ast.parse("def f():\n    from pnp.kits.build import PlannedFile\n")
    assert any(isinstance(n, ast.ImportFrom) for n in _runtime_nodes(tree))
