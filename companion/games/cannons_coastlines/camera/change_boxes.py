"""Where in the picture each thing the reader read lies, so the frame memory (vision/frame_memory.py) reads it
again only when the picture changed there: a ship's hull and masts, an island and its flag, a mat and what stands on
it, a table corner marker."""

from __future__ import annotations

import numpy as np

from companion.games.cannons_coastlines.camera.kit_sizes import TABLE_MARKERS
from companion.games.cannons_coastlines.kit import pieces as kit
from companion.games.cannons_coastlines.table import Ship
from companion.kit import ids
from companion.vision.frame_memory import quad_key


MAST_TOP_MM = kit.HULL_HEIGHT_MM + kit.MAST_HEIGHT_MM


def table_marker_px(frame, marker_id: int) -> np.ndarray:
    """Where `frame` puts table corner marker `marker_id`'s four corners in the picture."""
    corners_in = kit.table_marker_corners_in(TABLE_MARKERS.index(marker_id))
    return frame.to_image(np.array(corners_in) * kit.MM_PER_INCH)


def ship_box(frame, pose, card) -> np.ndarray:
    """Picture points round the hull and its masts, whose change means the ship must be read again."""
    outline = np.array(Ship("", "", "", card, pose.centre_mm[0] / kit.MM_PER_INCH, pose.centre_mm[1] / kit.MM_PER_INCH,
                            pose.heading, ()).outline()) * kit.MM_PER_INCH
    return np.vstack([frame.to_image(outline), frame.to_image(outline, MAST_TOP_MM)])


def island_tags_key(markers) -> bytes:
    return b"".join(bytes([marker_id]) + quad_key(quad) for marker_id, quad in sorted(markers.items())
                    if ids.island_flag(1) <= marker_id < ids.island_flag(1) + ids.FLEETS)


def islands_box(frame, seen, seats: int, corners_px) -> np.ndarray | list[np.ndarray]:
    """Picture points round each island and its flag piece (a box each: a hand between islands
    changes none); the whole play area while fewer islands than seats were found (a hidden one
    may show again anywhere)."""
    if len(seen.islands) < seats:
        return corners_px
    top = kit.ISLAND_THICKNESS_MM + kit.FLAG_BASE_THICKNESS_MM + kit.FLAG_POLE_HEIGHT_MM
    boxes = []
    for island in seen.islands.values():
        outline = np.array(island.outline) * kit.MM_PER_INCH
        boxes.append(np.vstack([frame.to_image(outline), frame.to_image(outline, top)]))
    return boxes


def mat_box(frame, place, grow: float) -> np.ndarray:
    """Picture points round the mat and what stands on it (`grow` mm round the mat)."""
    width, height = kit.MAT_MM
    corners = np.array([(-grow, -grow), (width + grow, -grow), (width + grow, height + grow), (-grow, height + grow)])
    return frame.to_image(place.to_table(corners))
