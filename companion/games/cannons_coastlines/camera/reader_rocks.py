"""The rocks stage of the Cannons & Coastlines reader: rocks found by colour away from the
ships and islands already read (and from a held island's flag shadow: a rock put within 2.4"
of a held island is not looked for), named as in the last frame where one lies within a
rock's width of where it was, else `rock-N`."""

from __future__ import annotations

import cv2
import numpy as np

from companion.games.cannons_coastlines.kit import pieces as kit
from companion.games.cannons_coastlines.camera import rocks as coast_rocks
from companion.games.cannons_coastlines.camera.islands import PX_PER_IN
from companion.games.cannons_coastlines.camera.settings import RockSettings

FLAG_SHADOW_IN = (kit.FLAG_BASE_THICKNESS_MM + kit.FLAG_POLE_HEIGHT_MM) / kit.MM_PER_INCH


def read_rocks(flat_lab: np.ndarray, outside: np.ndarray, frame, cast, hulls: np.ndarray, islands: dict,
               previous_rocks: dict, settings: RockSettings = RockSettings()) -> dict[str, tuple[tuple[float, float], ...]]:
    elsewhere = np.zeros(flat_lab.shape[:2], np.uint8)
    flags = np.zeros_like(elsewhere)
    for island in islands.values():
        if len(island.outline) >= 3:
            polygon = [np.round(np.array(island.outline) * PX_PER_IN - 0.5).astype(np.int32)]
            cv2.fillPoly(flags if island.holder else elsewhere, polygon, 1)
    # A flag's shadow, grey on a grey table and as compact as a rock, falls within the flag
    # piece's height of its island.
    reach = 2 * int(round(FLAG_SHADOW_IN * PX_PER_IN)) + 1
    elsewhere |= cv2.dilate(flags, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (reach, reach)))
    elsewhere |= hulls
    grow = 2 * int(round(settings.piece_margin_in * PX_PER_IN)) + 1
    elsewhere = cv2.dilate(elsewhere, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (grow, grow))).astype(bool) | outside
    rocks: dict[str, tuple] = {}
    fresh = []
    for outline in coast_rocks.find_rocks(flat_lab, elsewhere, frame, cast, settings):
        rounded = tuple((round(float(x), 3), round(float(y), 3)) for x, y in outline)
        name = _previous_name(outline.mean(0), previous_rocks, rocks, settings.same_rock_in)
        if name is None:
            fresh.append(rounded)
        else:
            rocks[name] = rounded
    number = 1
    for outline in sorted(fresh):
        while f"rock-{number}" in rocks or f"rock-{number}" in previous_rocks:
            number += 1
        rocks[f"rock-{number}"] = outline
    return rocks


def _previous_name(centre, previous_rocks: dict, taken: dict, same_rock_in: float) -> str | None:
    for name, outline in sorted(previous_rocks.items()):
        if name not in taken and np.linalg.norm(np.array(outline).mean(0) - centre) <= same_rock_in:
            return name
    return None


def rocks_box(frame, rocks: dict, corners_px) -> np.ndarray | list[np.ndarray]:
    """Picture points round each rock (base and top), a box each; the whole play area while
    none was found (one may be put down or uncovered anywhere)."""
    if not rocks:
        return corners_px
    boxes = []
    for outline in rocks.values():
        outline_mm = np.array(outline) * kit.MM_PER_INCH
        boxes.append(np.vstack([frame.to_image(outline_mm), frame.to_image(outline_mm, kit.ROCK_HEIGHT_MM)]))
    return boxes
