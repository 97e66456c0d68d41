"""Ships on the Cannons & Coastlines table, from their deck tags.

A ship's tag lies on its deck, HULL_HEIGHT_MM above the table: its corners are mapped through
the table plane raised by that height (otherwise perspective moves a ship by several mm at
45 degrees). Centre and heading come from the tag; the fittings from the card's holes: an
empty hole shows dark at deck height, a fitted one is covered by a mast's foot or a crate.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from companion.games.cannons_coastlines.factions import ShipCard
from companion.kit import coast_pieces as kit
from companion.vision.coast_frame import TableFrame
from companion.vision.coast_tag_edges import refine_tag_pose

EMPTY_HOLE_DARKNESS = 0.6     # an empty hole is darker than this share of the deck round it


@dataclass(frozen=True)
class ShipPose:
    centre_mm: tuple[float, float]
    heading: float
    tag_corners_mm: np.ndarray


def ship_pose(frame: TableFrame, tag_corners_px: np.ndarray, card: ShipCard, grey: np.ndarray | None = None) -> ShipPose:
    """The ship's pose from its tag's corners, refined from the tag's edges when `grey` is given."""
    corners = frame.to_table(tag_corners_px, kit.HULL_HEIGHT_MM)
    forward = (corners[0] + corners[1]) / 2 - (corners[3] + corners[2]) / 2
    right = (corners[1] + corners[2]) / 2 - (corners[0] + corners[3]) / 2
    # The tag's forward edge and its sideways edge turned back: two estimates of one heading.
    heading = math.atan2(forward[1] + (-right[0]), forward[0] + right[1])
    tag_centre = corners.mean(0)
    if grey is not None:
        # The marker's top edge faces the bow: the tag square is turned a quarter more.
        tag_centre, angle, _ = refine_tag_pose(grey, frame, tag_centre, heading + math.pi / 2)
        heading = angle - math.pi / 2
    unit = np.array([math.cos(heading), math.sin(heading)])
    centre = tag_centre + unit * kit.ship_tag_offset_mm(card.length)
    return ShipPose((float(centre[0]), float(centre[1])), math.degrees(heading) % 360.0, corners)


def read_holes(grey: np.ndarray, frame: TableFrame, pose: ShipPose, card: ShipCard) -> tuple[tuple[bool, ...], float]:
    """Whether each of the card's holes holds its fitting, and the least clear hole's margin 0..1."""
    unit = np.array([math.cos(math.radians(pose.heading)), math.sin(math.radians(pose.heading))])
    centre = np.array(pose.centre_mm)
    holes = kit.fitting_holes_mm(card.length, len(card.fittings))
    filled, margins = [], []
    for along in holes:
        spot = centre + unit * along
        # The deck round the hole, a little to each side of the centreline.
        side = np.array([-unit[1], unit[0]]) * (card.beam * kit.MM_PER_INCH * 0.3)
        points = frame.to_image(np.array([spot, spot + side, spot - side]), kit.HULL_HEIGHT_MM)
        hole = _darkest(grey, points[0], 1)
        deck = max(_mean(grey, points[1], 1), _mean(grey, points[2], 1), 1.0)
        ratio = hole / deck
        filled.append(ratio >= EMPTY_HOLE_DARKNESS)
        margins.append(min(1.0, abs(ratio - EMPTY_HOLE_DARKNESS) / 0.3))
    return tuple(filled), (min(margins) if margins else 1.0)


def _darkest(grey, point, reach) -> float:
    x, y = int(round(point[0])), int(round(point[1]))
    patch = grey[max(0, y - reach):y + reach + 1, max(0, x - reach):x + reach + 1]
    return float(patch.min()) if patch.size else 255.0


def _mean(grey, point, reach) -> float:
    x, y = int(round(point[0])), int(round(point[1]))
    patch = grey[max(0, y - reach):y + reach + 1, max(0, x - reach):x + reach + 1]
    return float(patch.mean()) if patch.size else 0.0
