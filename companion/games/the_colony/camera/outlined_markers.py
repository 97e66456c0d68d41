"""Corner markers whose bits the detector could not read, taken from its outlines where the board's frame puts them.

At a steep tilt a far corner marker is 15-20 px across and blurred: ArUco outlines its black square (a "rejected
candidate") but cannot read its bits, so the board's frame is made from the two near markers alone and the far
logs' circles land a log's radius off (clip 4148: every log then read 0-2 for 3, every turn asked). The frame from
the markers read still puts each missing marker within about a side of where it lies, and nothing else on a board's
corner is a dark square of a marker's size. So an outline is taken for the missing marker only when it is the one
outline there of about the marker's size, and the frame made with it still fits every marker's corners closely.
"""

from __future__ import annotations

import cv2
import numpy as np

from companion.games.the_colony.camera.board_frame import board_table_layout
from companion.games.the_colony.camera.settings import SETTINGS, ColonyReaderSettings
from companion.games.the_colony.kit.board import marker_corners_mm
from companion.kit import ids
from companion.vision.table_frame import TableFrame, find_markers, table_frame


def with_outlined_markers(image: np.ndarray, frame: TableFrame, markers: dict[int, np.ndarray],
                          settings: ColonyReaderSettings = SETTINGS) -> tuple[TableFrame, dict[int, np.ndarray]]:
    """The board's frame made from `markers` (those read) and the missing corner markers' outlines, with the
    outlines taken; `frame` itself and none when no outline is taken."""
    missing = [m for m in ids.TABLE_CORNER_MARKERS.ids if m not in markers]
    if not missing:
        return frame, {}
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
    outlines: list[np.ndarray] = []
    find_markers(grey, outlines)
    size, layout, corners_mm = image.shape[1::-1], board_table_layout(), marker_corners_mm()
    taken: dict[int, np.ndarray] = {}
    for _ in range(settings.outline_rounds):
        current = table_frame({**markers, **taken}, size, layout) if taken else frame
        found = {m: quad for m in missing if m not in taken
                 for quad in [_outline_at(current.to_image(corners_mm[m]), outlines, settings)] if quad is not None}
        if not found:
            break
        taken.update(found)
    if not taken:
        return frame, {}
    better = table_frame({**markers, **taken}, size, layout)
    if better is None or better.residual_px > settings.outline_residual_px:
        return frame, {}
    return better, taken


def _outline_at(expected: np.ndarray, outlines: list[np.ndarray], settings: ColonyReaderSettings) -> np.ndarray | None:
    """The one outline near `expected` (a marker's four corners, px) of about its size, its corners in `expected`'s
    order; None when there is none or more than one."""
    side = _side(expected)
    near: list[np.ndarray] = []
    for quad in outlines:
        if np.linalg.norm(quad.mean(0) - expected.mean(0)) > settings.outline_reach * side:
            continue
        if not settings.outline_size[0] <= _side(quad) / side <= settings.outline_size[1]:
            continue
        # Both detector settings often outline the same square: it counts once.
        if all(np.linalg.norm(quad.mean(0) - other.mean(0)) > settings.outline_same * side for other in near):
            near.append(quad)
    if len(near) != 1:
        return None
    turns = [np.roll(quad, turn, axis=0) for quad in (near[0], near[0][::-1]) for turn in range(4)]
    return min(turns, key=lambda quad: float(np.linalg.norm(quad - expected, axis=1).sum()))


def _side(quad: np.ndarray) -> float:
    return float(np.linalg.norm(quad - np.roll(quad, 1, axis=0), axis=1).mean())
