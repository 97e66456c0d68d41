"""Colour references: sample the printed patch sheet under today's light, classify colours in Lab."""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Protocol

import cv2
import numpy as np

from calibration import pose
from calibration.store import CalibrationFileError, read_json
from companion.games.excerpt import excerpt
from companion.vision.markers import detect_markers

Lab = tuple[float, float, float]

# The sheet is resampled top-down at this scale before patches are read: 2 px per mm
# leaves a 36 mm patch 72 px wide, plenty for a median, and keeps the warp cheap.
SAMPLE_PX_PER_MM = 2.0
# Only the middle of each patch is read, so a slightly wrong homography, blur or the
# printer's edge bleed never mixes in the white paper around it.
PATCH_INSET_FRACTION = 0.25
MIN_MARKERS = 2
FILE_KIND = "colour-references"


class PatchSheet(Protocol):
    """The printed patch sheet as calibration needs it, in sheet mm (companion.kit.layout's
    patch_sheet_layout is one; the caller passes it, so calibration knows no kit)."""

    title: str
    width: float
    height: float
    markers: Sequence[Any]   # each with .id and .corners (TL, TR, BR, BL)
    patches: Sequence[Any]   # each with .name and .rect (x, y, width, height, inset(mm))


@dataclass(frozen=True)
class ColourReferences:
    """Lab (CIE L*a*b*, D65) of each printed patch as the camera saw it, with its pixel spread."""

    references: dict[str, Lab]
    spread: dict[str, float] = field(default_factory=dict)
    created: str = ""
    source: str = ""

    def to_json(self) -> dict:
        return {
            "kind": FILE_KIND,
            "created": self.created,
            "source": self.source,
            "space": "CIELAB D65, L 0..100",
            "references": {name: [round(v, 3) for v in lab] for name, lab in self.references.items()},
            "spread": {name: round(value, 3) for name, value in self.spread.items()},
        }

    @classmethod
    def from_json(cls, data: dict) -> ColourReferences:
        """Parsed from `to_json`'s form; ValueError naming the key that is wrong."""
        if not isinstance(data, dict) or data.get("kind") != FILE_KIND:
            found = data.get("kind") if isinstance(data, dict) else type(data).__name__
            raise ValueError(f"expected kind {FILE_KIND!r}, found {excerpt(found)}")
        for key in ("created", "references"):
            if key not in data:
                raise ValueError(f"missing key {key!r}")
        references = {}
        for name, lab in _entries(data, "references"):
            if not (isinstance(lab, list) and len(lab) == 3 and all(_is_number(v) for v in lab)):
                raise ValueError(f"references.{excerpt(name, quote=False)} should be [L, a, b], got {excerpt(lab)}")
            references[name] = (float(lab[0]), float(lab[1]), float(lab[2]))
        spread = {}
        for name, value in _entries(data, "spread"):
            if not _is_number(value):
                raise ValueError(f"spread.{excerpt(name, quote=False)} should be a number, got {excerpt(value)}")
            spread[name] = float(value)
        return cls(references, spread, str(data["created"]), str(data.get("source", "")))

    def save(self, path: Path) -> Path:
        path = Path(path)
        path.write_text(json.dumps(self.to_json(), indent=2) + "\n", encoding="utf-8")
        return path

    @classmethod
    def load(cls, path: Path) -> ColourReferences:
        """The references in `path`; CalibrationFileError quoting the path and the problem."""
        path = Path(path)
        data = read_json(path, "colour references file")
        try:
            return cls.from_json(data)
        except ValueError as error:
            raise CalibrationFileError(path, str(error)) from None


def _entries(data: dict, key: str):
    value = data.get(key, {})
    if not isinstance(value, dict):
        raise ValueError(f"{key} should be an object of names, got {excerpt(value)}")
    return value.items()


def _is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


@dataclass(frozen=True)
class Classification:
    """The nearest reference to a sample, and how clearly it beat the next nearest.

    `confidence` is 1 - nearest / runner-up distance: 1 for an exact match, near 0 when the
    sample sits halfway between two references.
    """

    name: str
    confidence: float
    distance: float
    runner_up: str | None
    runner_up_distance: float


def lab_of(pixels_bgr: np.ndarray) -> Lab:
    """The median Lab colour of BGR uint8 pixels (any shape ending in 3)."""
    lab = _to_lab(pixels_bgr).reshape(-1, 3)
    if lab.size == 0:
        raise ValueError("no pixels to measure: the region is empty")
    median = np.median(lab, axis=0)
    return float(median[0]), float(median[1]), float(median[2])


def classify_lab(sample: Lab, references: ColourReferences | Mapping[str, Lab],
                 among: Iterable[str] | None = None) -> Classification:
    """The reference nearest to `sample` (Euclidean, CIE76 delta E), optionally only `among` names."""
    table = references.references if isinstance(references, ColourReferences) else dict(references)
    if among is not None:
        wanted = list(among)
        missing = [name for name in wanted if name not in table]
        if missing:
            raise ValueError(f"no reference for {missing}; the references are {sorted(table)}")
        table = {name: table[name] for name in wanted}
    if not table:
        raise ValueError("no references to classify against")
    ranked = sorted((math.dist(sample, lab), name) for name, lab in table.items())
    best_distance, best = ranked[0]
    if len(ranked) == 1:
        return Classification(best, 1.0, best_distance, None, math.inf)
    second_distance, second = ranked[1]
    confidence = 1.0 - best_distance / second_distance if second_distance > 0 else 0.0
    return Classification(best, confidence, best_distance, second, second_distance)


def locate_patch_sheet(image: np.ndarray, sheet: PatchSheet) -> np.ndarray:
    """The homography from sheet millimetres to image pixels; SheetNotFound when unsure."""
    marker_layout = pose.SheetLayout({placement.id: placement.corners for placement in sheet.markers})
    located = pose.locate_sheet(detect_markers(image), marker_layout)
    if len(located.markers_used) < MIN_MARKERS:
        # One 30 mm marker pins its own corner well but tilts the far patches by guesswork.
        raise pose.SheetNotFound(
            f"{sheet.title} not located reliably: only marker {list(located.markers_used)} of "
            f"{sorted(marker_layout.markers)} is usable; {MIN_MARKERS} are needed"
        )
    return located.matrix


def sample_references(image: np.ndarray, sheet: PatchSheet, *, source: str = "") -> ColourReferences:
    """Read every patch of the colour `sheet` in a BGR photo; the sheet may be seen in perspective.

    SheetNotFound when fewer than two of the sheet's markers are seen and agree.
    """
    to_image = locate_patch_sheet(image, sheet)
    scale = np.diag([SAMPLE_PX_PER_MM, SAMPLE_PX_PER_MM, 1.0])
    size = (int(round(sheet.width * SAMPLE_PX_PER_MM)), int(round(sheet.height * SAMPLE_PX_PER_MM)))
    top_down = cv2.warpPerspective(image, scale @ np.linalg.inv(to_image), size, flags=cv2.INTER_AREA)
    references, spread = {}, {}
    for patch in sheet.patches:
        inner = patch.rect.inset(patch.rect.width * PATCH_INSET_FRACTION)
        x0, y0 = (int(round(v * SAMPLE_PX_PER_MM)) for v in (inner.x, inner.y))
        x1, y1 = (int(round(v * SAMPLE_PX_PER_MM)) for v in (inner.x + inner.width, inner.y + inner.height))
        pixels = _to_lab(top_down[y0:y1, x0:x1]).reshape(-1, 3)
        median = np.median(pixels, axis=0)
        references[patch.name] = (float(median[0]), float(median[1]), float(median[2]))
        # Mean delta E of the pixels from their median: the noise a cell reading must expect.
        spread[patch.name] = float(np.linalg.norm(pixels - median, axis=1).mean())
    created = datetime.now(timezone.utc).isoformat(timespec="seconds")
    return ColourReferences(references, spread, created, source)


def _to_lab(pixels_bgr: np.ndarray) -> np.ndarray:
    pixels = np.asarray(pixels_bgr)
    if pixels.dtype != np.uint8 or pixels.shape[-1] != 3:
        raise ValueError(f"expected BGR uint8 pixels (..., 3), got {pixels.dtype} {pixels.shape}")
    # Float input keeps Lab in real units (L 0..100) instead of OpenCV's 8-bit rescaling.
    as_image = (pixels.reshape(-1, 1, 3).astype(np.float32) / 255.0)
    return cv2.cvtColor(as_image, cv2.COLOR_BGR2Lab).reshape(pixels.shape)
