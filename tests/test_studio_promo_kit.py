"""The kit builder with the promo designer's download (issue 31's studio items): its
`my-promos.zip` is taken as it is, a picture a promo card prints is never called unused,
a picture that prints soft is said to, and every missing picture is named at once — also
by `pnp build -c kit`, which drew the packed kit unchecked and stopped at the first."""

from __future__ import annotations

import base64
import io
import json
import zipfile
from pathlib import Path

import pytest
from PIL import Image

from pnp.errors import PnpError
from pnp.kits.build import plan_build
from pnp.kits.request import BuildRequest
from tests.webtools import EXAMPLES, asgi_client

FORM = {"games": "majority2", "paper": "a4", "output": "kit"}


def _promos(*arts: str) -> dict:
    base = json.loads((EXAMPLES / "majority2-my-promos.json").read_text("utf-8"))
    del base["$schema"]
    card = base["cards"][0]
    base["cards"] = [dict(card, id=f"promo-{f}-archmage", faction=f, colour=c, art=art)
                     for art, (f, c) in zip(arts, [("witches", "blue"), ("demons", "green")],
                                            strict=False)]
    return base


def _png(width: int, height: int) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), "red").save(out, "PNG")
    return out.getvalue()


def _zip(files: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zf:
        for name, data in files.items():
            zf.writestr(name, data)
    return out.getvalue()


def _built(files: dict) -> list[dict]:
    answer = asgi_client(_app()).post("/api/studio/build", data=FORM, files=files)
    assert answer.status_code == 200, answer.text
    return json.loads(base64.urlsafe_b64decode(answer.headers["X-Pnp-Warnings"]))


def _app():
    from pnp.web.app import create_app

    return create_app()


@pytest.mark.slow
def test_the_designers_zip_builds_and_its_soft_picture_is_said():
    promos = _promos("art/dragon-hoarder.png")
    upload = _zip({"my-promos.json": json.dumps(promos).encode(),
                   "art/dragon-hoarder.png": _png(60, 20)})
    warnings = _built({"promos": ("my-promos.zip", upload, "application/zip")})
    assert [w["message"] for w in warnings if "prints soft" in w["message"]], warnings
    assert not [w for w in warnings if "matches no card" in w["message"]]


@pytest.mark.slow
def test_a_picture_a_promo_card_prints_is_not_called_unused():
    promos = _promos("art/dragon-hoarder.png")
    art = _zip({"art/dragon-hoarder.png": _png(600, 840), "art/readme.txt": b"x"})
    warnings = _built({"promos": ("my-promos.json", json.dumps(promos).encode(),
                                  "application/json"),
                       "art": ("art.zip", art, "application/zip")})
    assert not [w for w in warnings if "matches no card" in w["message"]], warnings


@pytest.mark.slow
def test_a_zip_without_its_promo_file_is_refused_by_name():
    answer = asgi_client(_app()).post("/api/studio/build", data=FORM, files={
        "promos": ("my-promos.zip", _zip({"art/x.png": _png(10, 10)}), "application/zip")})
    assert answer.status_code == 422
    assert "holds no promo file (.json)" in answer.text


def test_the_packed_kit_names_every_missing_picture(tmp_path: Path):
    path = tmp_path / "p.json"
    path.write_text(json.dumps(_promos("art/one.png", "art/two.png")), "utf-8")
    request = BuildRequest(games=("majority2",), components=("kit",), out_dir=tmp_path / "o",
                           promos=(path,))
    (kit,) = plan_build(request)
    problems = kit.check()
    assert {Path(p.file).name for p in problems} == {"one.png", "two.png"}
    with pytest.raises(PnpError):
        from pnp.kits.build import run_build

        run_build(request, None, [kit])
