"""A build drawn by forked workers is the build drawn in one process: the same bytes, the
same problems in the same order, and nothing written when a check fails."""

from __future__ import annotations

import hashlib

import pytest

from pnp.kits import parallel


def _tree(folder):
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture
def jobs(monkeypatch):
    def use(count: int) -> None:
        monkeypatch.setenv("PNP_JOBS", str(count))
        monkeypatch.setattr(parallel, "MIN_FILES", 1)  # fork even for a small plan
    return use


@pytest.mark.slow
def test_workers_write_the_same_bytes_as_one_process(cli, tmp_path, jobs):
    for count in (1, 2, 3):
        jobs(count)
        result = cli("build", "d20-stacks", "majority-rules", "--out", tmp_path / str(count))
        assert result.exit_code == 0, result.stderr
    assert _tree(tmp_path / "1") == _tree(tmp_path / "2") == _tree(tmp_path / "3")
    assert any(name.endswith("kit.pdf") for name in _tree(tmp_path / "2"))


@pytest.mark.slow
def test_kits_alone_are_the_same_bytes_in_workers(cli, tmp_path, jobs):
    """`-c kit`: the plan has the packed kits but not their documents, so each worker
    draws its kit whole (the documents too); with the documents planned, the kits are
    joined in the build's own process. The same bytes every way."""
    for count in (1, 2):
        jobs(count)
        result = cli("build", "d20-stacks", "majority-rules", "-c", "kit", "--out",
                     tmp_path / f"kits{count}")
        assert result.exit_code == 0, result.stderr
    jobs(2)
    result = cli("build", "d20-stacks", "majority-rules", "--out", tmp_path / "all")
    assert result.exit_code == 0, result.stderr
    kits = _tree(tmp_path / "kits1")
    assert kits == _tree(tmp_path / "kits2")
    every = _tree(tmp_path / "all")
    assert {name for name in kits if name.endswith(".pdf")} == {
        "d20-stacks/kit.pdf", "majority-rules/kit.pdf"}
    assert all(every[name] == digest for name, digest in kits.items() if name.endswith(".pdf"))


@pytest.mark.slow
def test_every_problem_is_told_in_plan_order_and_nothing_is_written(cli, tmp_path, jobs):
    words = tmp_path / "long.txt"
    words.write_text("Door\nPneumonoultramicroscopicsilicovolcanoconiosis\n"
                     "Window\nHippopotomonstrosesquippedaliophobia\n", encoding="utf-8")
    told = {}
    for count in (1, 2):
        jobs(count)
        out = tmp_path / f"out{count}"
        result = cli("build", "majority", "--words", words, "--paper", "a5", "--out", out)
        assert result.exit_code == 2
        told[count] = result.stderr
        assert not list(out.rglob("*.pdf"))
    assert told[1] == told[2]
    assert "Pneumonoultramicroscopicsilicovolcanoconiosis" in told[2]
    assert "Hippopotomonstrosesquippedaliophobia" in told[2]


_JOIN = """
import hashlib, io, sys
from reportlab.pdfgen.canvas import Canvas
import pnp.render.pdf as pdf
if sys.argv[1] == "lean":
    pdf.lean_pypdf()
pypdf = pdf.pypdf_module()
writer = pypdf.PdfWriter()
for text in ("one", "two"):
    drawn = io.BytesIO()
    c = Canvas(drawn, invariant=1)
    c.drawString(72, 72, text)
    c.save()
    for page in pypdf.PdfReader(drawn).pages:
        writer.add_page(page)
out = io.BytesIO()
writer.write(out)
print(hashlib.sha256(out.getvalue()).hexdigest(), "cryptography" in sys.modules,
      "fontTools" in sys.modules)
"""


@pytest.mark.slow
def test_the_command_joins_pdfs_with_a_lean_pypdf_into_the_same_bytes():
    """`pnp` imports pypdf without its optional backends (encryption, text extraction):
    the PDFs it joins are the bytes a whole pypdf joins, and a library caller's pypdf
    stays whole. In fresh processes, as the choice is made at pypdf's import."""
    import subprocess
    import sys

    def join(mode: str) -> list[str]:
        return subprocess.run([sys.executable, "-c", _JOIN, mode], capture_output=True,
                              text=True, check=True).stdout.split()

    from importlib.util import find_spec

    lean, whole = join("lean"), join("whole")
    assert lean[0] == whole[0]
    assert lean[1:] == ["False", "False"]
    assert whole[1:] == [str(find_spec(name) is not None)
                         for name in ("cryptography", "fontTools")]
