"""Ships on the Cannons & Coastlines table, from their deck tags.

A ship's tag lies on its deck, HULL_HEIGHT_MM above the table: its corners are mapped through
the table plane raised by that height (otherwise perspective moves a ship by several mm at
45 degrees). Centre and heading come from the tag (the fittings are read in fittings.py).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from companion.games.cannons_coastlines.factions import ShipCard
from companion.games.cannons_coastlines.kit import pieces as kit
from companion.vision.table_frame import TableFrame
from companion.vision.tag_edges import TagEdgeSettings, refine_tag_pose
from companion.games.cannons_coastlines.camera.kit_sizes import SHIP_TAG


@dataclass(frozen=True)
class ShipPose:
    centre_mm: tuple[float, float]
    heading: float
    tag_corners_mm: np.ndarray


def ship_pose(frame: TableFrame, tag_corners_px: np.ndarray, card: ShipCard, grey: np.ndarray | None = None,
              edges: TagEdgeSettings = TagEdgeSettings()) -> ShipPose:
    """The ship's pose from its tag's corners, refined from the tag's edges when `grey` is given."""
    corners = frame.to_table(tag_corners_px, kit.HULL_HEIGHT_MM)
    forward = (corners[0] + corners[1]) / 2 - (corners[3] + corners[2]) / 2
    right = (corners[1] + corners[2]) / 2 - (corners[0] + corners[3]) / 2
    # The tag's forward edge and its sideways edge turned back: two estimates of one heading.
    heading = math.atan2(forward[1] + (-right[0]), forward[0] + right[1])
    tag_centre = corners.mean(0)
    if grey is not None:
        # The marker's top edge faces the bow: the tag square is turned a quarter more.
        tag_centre, angle, _ = refine_tag_pose(grey, frame, tag_centre, heading + math.pi / 2, SHIP_TAG, edges)
        heading = angle - math.pi / 2
    unit = np.array([math.cos(heading), math.sin(heading)])
    centre = tag_centre + unit * kit.ship_tag_offset_mm(card.length)
    return ShipPose((float(centre[0]), float(centre[1])), math.degrees(heading) % 360.0, corners)
