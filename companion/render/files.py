"""Writing a render's picture and its ground truth to files, for any game's `companion render` part."""

from __future__ import annotations

import json
from pathlib import Path

PICTURE_SUFFIXES = (".png", ".jpg", ".jpeg")


def check_picture_path(out: Path) -> None:
    """ValueError unless `out` names a picture file a render can write."""
    if out.suffix.lower() not in PICTURE_SUFFIXES:
        raise ValueError(f"--out '{out}': the picture must be a .png or .jpg file")


def write_bytes(path: Path, data: bytes) -> None:
    """ValueError quoting the path when it cannot be written."""
    try:
        path.write_bytes(data)
    except OSError as error:
        raise ValueError(f"cannot write '{path}': {error.strerror}") from None


def write_truth_file(path: Path | None, truth: dict) -> Path | None:
    """The ground truth as indented JSON at `path` (nothing when None); the path written."""
    if path is None:
        return None
    write_bytes(path, (json.dumps(truth, indent=1) + "\n").encode("utf-8"))
    return path
