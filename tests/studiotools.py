"""Helpers for the studio's tests: hostile uploads made on the spot (the same bytes every
run), a multipart form poster, and a look into the studio's folder."""

from __future__ import annotations

import io
import json
import uuid
import zipfile
from pathlib import Path

from tests.webtools import EXAMPLES, request

OVER_STRONG = EXAMPLES / "majority2-overpowered-promo.json"


def zip_bytes(entries: list[tuple[zipfile.ZipInfo | str, bytes]],
              method: int = zipfile.ZIP_DEFLATED) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", method) as zf:
        for name, data in entries:
            zf.writestr(name, data)
    return out.getvalue()


def zip_bomb() -> bytes:
    """20 MB of zeros packed into about 20 KB: over the studio's packing ratio."""
    return zip_bytes([("zeros.png", bytes(20 * 1024 * 1024))])


def climbing_zip() -> bytes:
    return zip_bytes([("../evil.png", b"x"), ("/etc/evil.png", b"x"),
                      ("art/..\\evil.png", b"x")])


def symlink_zip() -> bytes:
    info = zipfile.ZipInfo("ghost.png")
    info.create_system = 3
    info.external_attr = 0o120777 << 16
    return zip_bytes([(info, b"/etc/passwd")])


def huge_png() -> bytes:
    """A 10,001 × 10,001 one-bit PNG: over 100 megapixels, 12 KB on disk."""
    from PIL import Image

    out = io.BytesIO()
    Image.new("1", (10_001, 10_001)).save(out, format="PNG")
    return out.getvalue()


def small_png(colour=(200, 40, 40), size=(660, 210)) -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, format="PNG")
    return out.getvalue()


NOT_AN_IMAGE = b"this is a text file wearing a .png name\n"


def post_form(url: str, fields: dict[str, str | list[str]],
              files: dict[str, tuple[str, bytes]]) -> tuple[int, dict, bytes]:
    """A multipart/form-data POST: text fields and (file name, bytes) uploads."""
    boundary = uuid.UUID(int=7).hex
    parts = []
    for name, values in fields.items():
        for value in values if isinstance(values, list) else [values]:
            parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"'
                         f"\r\n\r\n{value}\r\n".encode())
    for name, (filename, data) in files.items():
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; '
                     f'filename="{filename}"\r\nContent-Type: application/octet-stream'
                     f"\r\n\r\n".encode() + data + b"\r\n")
    body = b"".join(parts) + f"--{boundary}--\r\n".encode()
    return request(url, body, "POST",
                   {"Content-Type": f"multipart/form-data; boundary={boundary}"})


def post(url: str, value) -> tuple[int, dict, bytes]:
    return request(url, json.dumps(value).encode(), "POST",
                   {"Content-Type": "application/json", "Accept": "application/json"})


def leftovers(root: Path) -> list[Path]:
    """The job folders requests left in the studio's folder (each request has one)."""
    return sorted((root / "jobs").iterdir()) if (root / "jobs").exists() else []


def example_document() -> dict:
    return json.loads(OVER_STRONG.read_text("utf-8"))
