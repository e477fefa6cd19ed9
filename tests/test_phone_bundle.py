"""The phone app's checker bundle: the subset of the package the browser runs, with the
libraries it needs, and nothing of the server, the CLI, reportlab or Pillow.

The bundle is run here on a bare CPython 3.11 that sees only the bundle and the standard
library (`-I -S`: no site-packages), as Pyodide sees it: every example and hostile record
gets POST /api/check's answer of this process (which has the real rpds-py), word for word,
and a Majority 2 log steps as on the server. A module of the subset that starts importing
anything outside the bundle fails here first.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
import zipfile

import pytest

from pnp.web.phone import bundle, runtime, site
from tests.phonetools import ROOT, library_answer, records

FORBIDDEN = ("reportlab", "PIL", "starlette", "uvicorn", "jinja2", "typer", "rich", "click",
             "numpy", "matplotlib", "pypdfium2", "simplejpeg", "segno", "multipart",
             "pnp.cli", "pnp.kits", "pnp.simulate", "pnp.render.pdf", "pnp.web.app",
             "pnp.web.server", "pnp.web.studio")

_RUN = """
import json, sys
sys.path.insert(0, sys.argv[1])
from pnp.web.inbrowser import answer, warm, warm_errors
warm()
warm_errors()
texts = json.loads(sys.stdin.read())
out = {name: json.loads(answer("check", text)) for name, text in texts.items()}
out["log-step"] = json.loads(answer("log", json.dumps({"players": ["Ana", "Bo"]})))
loaded = {name: getattr(module, "__file__", None) for name, module in list(sys.modules.items())}
print(json.dumps({"answers": out, "modules": loaded}))
"""


@pytest.fixture(scope="module")
def bare(tmp_path_factory):
    """The bundle run on a bare interpreter: its answers and the modules it loaded."""
    folder = tmp_path_factory.mktemp("bundle")
    zipfile.ZipFile(io.BytesIO(bundle.bundle_zip())).extractall(folder)
    texts = records()
    done = subprocess.run([sys.executable, "-I", "-S", "-c", _RUN, str(folder)],
                          input=json.dumps(texts), capture_output=True, text=True, cwd=folder)
    assert done.returncode == 0, done.stderr[-3000:]
    return folder, texts, json.loads(done.stdout)


@pytest.mark.slow
def test_the_bundle_answers_as_the_server_does(bare):
    _, texts, seen = bare
    for name, text in texts.items():
        assert seen["answers"][name]["data"] == library_answer(text), name
    from pnp.web.log_steps import step

    assert seen["answers"]["log-step"] == {"status": 200, "data": step({"players": ["Ana", "Bo"]})}


@pytest.mark.slow
def test_the_bundle_imports_only_itself_and_the_standard_library(bare):
    folder, _, seen = bare
    for name, file in seen["modules"].items():
        top = name.split(".")[0]
        assert not name.startswith(FORBIDDEN), name
        if top not in sys.stdlib_module_names and file is not None:
            assert file.startswith(str(folder)), (name, file)
    assert "rpds" in seen["modules"]  # jsonschema ran on the pure-Python stand-in


def test_the_bundle_holds_no_server_cli_or_drawing_code():
    names = set(bundle.bundle_files())
    assert not [n for n in names if n.startswith(tuple(m.replace(".", "/") + "/"
                                                       for m in FORBIDDEN) + ("pnp/cli",))]
    assert not [n for n in names if n.endswith((".so", ".pyd", ".pyi"))]
    assert "pnp/render/pdf.py" not in names and "pnp/data/majority2/members.json" in names


@pytest.mark.slow
def test_the_bundle_is_the_same_bytes_every_time():
    first = bundle.bundle_zip()
    bundle.bundle_zip.cache_clear()
    assert bundle.bundle_zip() == first


def test_package_json_pins_the_runtime_the_app_expects():
    pinned = json.loads((ROOT / "package.json").read_text("utf-8"))["dependencies"]["pyodide"]
    locked = json.loads((ROOT / "package-lock.json").read_text("utf-8"))
    assert pinned == runtime.VERSION == locked["packages"]["node_modules/pyodide"]["version"]


@pytest.mark.slow
def test_a_missing_runtime_says_how_to_get_it(cli, tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_WEB_RUNTIME", str(tmp_path / "nowhere"))
    out = tmp_path / "app"
    result = cli("export", "web", out)
    assert result.exit_code == 2
    assert "make web-runtime" in result.output and "Pyodide 0.25.1" in result.output
    assert not out.exists()


def test_the_exported_app_lists_every_file_in_its_service_worker(tmp_path):
    if not runtime.available():
        pytest.skip("no Pyodide in node_modules: `make web-runtime` installs it")
    files = site.app_files(server=False)
    worker = files["sw.js"].decode()
    kept = json.loads(worker.split("const FILES = ", 1)[1].split(";\n", 1)[0])
    assert set(kept) == {"./", *files} - {"sw.js"}  # the browser fetches the worker itself
    assert b"window.PNP_SERVER = false" in files["app-mode.js"]
    assert b"window.PNP_SERVER = true" in site.app_files(server=True)["app-mode.js"]


def test_every_language_has_every_word_of_the_app():
    """Each language's app and studio words (data/pages/strings.<lang>.json, `app` and
    `studio`) have every key of the English ones, with the same {values} to fill in and
    the same one/other shape, and the pages and scripts ask for no key the English ones
    lack; app-words.js carries the app's, with each language's own name for the switch."""
    import re

    from pnp.kits.pages import language_names, page_words

    holes = lambda text: sorted(re.findall(r"\{(\w+)\}", json.dumps(text)))  # noqa: E731
    for part in ("app", "studio"):
        english = page_words("en").said[part]
        for lang in language_names():
            words = page_words(lang).said[part]
            assert set(words) == set(english), (lang, part)
            for key, text in english.items():
                assert holes(words[key]) == holes(text), (lang, key)
                assert isinstance(words[key], dict) == isinstance(text, dict), (lang, key)
    english = {**page_words("en").said["app"], **page_words("en").said["studio"]}
    web = ROOT / "pnp" / "web"
    asked = set()
    for path in [*web.glob("templates/*.html"), *web.glob("static/*.js")]:
        text = path.read_text("utf-8")
        asked |= set(re.findall(r'data-t="(\w+)"', text))
        attrs = " ".join(re.findall(r'data-t-attr="([^"]+)"', text))
        asked |= set(re.findall(r"=(\w+)", attrs))
        asked |= set(re.findall(r'\bT\("(\w+)"', text)) | set(re.findall(r'\bt\("(\w+)"', text))
    assert asked and asked <= set(english), sorted(asked - set(english))
    script = site.app_words().decode("utf-8")
    assert '"it": "Italiano"' in script and '"Controlla una partita"' in script



def _imported_at_load(tree) -> list[str]:
    """The modules a module imports when it is loaded: its top level and class bodies,
    not inside functions (those run only when called). `from P import NAME` counts
    P.NAME where that is a module of the package's source."""
    import ast

    found, todo = [], list(tree.body)
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.append(node.module)
            found += [f"{node.module}.{a.name}" for a in node.names
                      if _source_of(f"{node.module}.{a.name}") is not None]
        elif not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            todo += list(ast.iter_child_nodes(node))
    return found


def _source_of(module: str) -> str | None:
    """The path of a pnp module's source file, as the bundle names it; None for another
    library's module or a name that is no module."""
    if not module.startswith("pnp."):
        return None
    path = module.replace(".", "/")
    for candidate in (f"{path}.py", f"{path}/__init__.py"):
        if (ROOT / candidate).is_file():
            return candidate
    return None


def test_every_pnp_module_the_bundle_loads_is_in_it():
    """Read, not run (the slow tests run the bundle): a module of the bundle that imports
    a pnp module left out of it, at load time, would stop the phone's checker from
    starting (a font module once imported the PDF side's subset cache)."""
    import ast

    files = bundle.bundle_files()
    missing = [(name, module) for name, data in files.items()
               if name.startswith("pnp/") and name.endswith(".py")
               for module in _imported_at_load(ast.parse(data))
               if module.startswith("pnp.") and _source_of(module) not in files]
    assert missing == []
