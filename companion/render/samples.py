"""A bundled rendered sample (samples/renders/, samples/coast/), whichever game it shows."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from companion.render.options import RenderOptions


@dataclass(frozen=True)
class Sample:
    name: str
    seed: int
    options: RenderOptions
    note: str


def write_truth(path: Path, truth: dict) -> Path:
    # Compact: a clip's truth lists every frame, and the bundled samples must stay small.
    Path(path).write_text(json.dumps(truth, separators=(",", ":")) + "\n", encoding="utf-8")
    return Path(path)
