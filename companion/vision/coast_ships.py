"""Ships and islands on the Cannons & Coastlines table, from their tags.

A ship's tag lies on its deck, HULL_HEIGHT_MM above the table: its corners are mapped through
the table plane raised by that height (otherwise perspective moves a ship by several mm at
45 degrees). Centre and heading come from the tag (the fittings are read in coast_fittings).
An island's holder is the colour of the flag at its pole, beside its flag tag.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from companion.games.cannons_coastlines.factions import ShipCard
from companion.kit import coast_pieces as kit
from companion.vision.coast_frame import TableFrame
from companion.vision.coast_mats import FLEET_REFERENCES, nearest_colour
from companion.vision.coast_tag_edges import refine_tag_pose

FLAG_MIN_CHROMA = 18.0        # a flag is a strong colour; the table or island behind it is not
ISLAND_WINDOW_IN = 3.6        # half the side of the window an island is looked for in
ISLAND_PX_PER_IN = 8.0


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


def flag_fleet(image: np.ndarray, frame: TableFrame, tag_corners_px: np.ndarray) -> tuple[int | None, float]:
    """The fleet whose flag flies at the island's pole (None: no flag), and a 0..1 margin."""
    centre = frame.to_table(tag_corners_px, kit.ISLAND_THICKNESS_MM).mean(0)
    pole = centre + np.array(kit.FLAG_POLE_OFFSET_MM)
    flag_w, flag_h = kit.FLAG_MM
    top = kit.ISLAND_THICKNESS_MM + kit.FLAG_POLE_HEIGHT_MM
    spots = [(pole + (1.6 + flag_w * share, 0.0), top - flag_h * rise) for share in (0.3, 0.5, 0.7) for rise in (0.3, 0.5, 0.7)]
    pixels = np.array([frame.to_image(point, height)[0] for point, height in spots])
    # The table under the flag, for comparison: a red cloth must not read as a red flag.
    pixels = np.vstack([pixels, frame.to_image(pole + (1.6 + flag_w / 2, 0.0))])
    h, w = image.shape[:2]
    xs = np.clip(np.round(pixels[:, 0]).astype(int), 0, w - 1)
    ys = np.clip(np.round(pixels[:, 1]).astype(int), 0, h - 1)
    lab = cv2.cvtColor(image[ys, xs].reshape(1, -1, 3), cv2.COLOR_BGR2Lab).reshape(-1, 3)
    samples = lab[:-1, 1:].astype(np.float32) - 128
    ab = np.median(samples, axis=0)
    chroma = float(np.linalg.norm(ab))
    ground = lab[-1, 1:].astype(np.float32) - 128
    if chroma < FLAG_MIN_CHROMA or np.linalg.norm(ab - ground) < 10:
        return None, min(1.0, abs(chroma - FLAG_MIN_CHROMA) / FLAG_MIN_CHROMA)
    fleet, margin = nearest_colour(ab, FLEET_REFERENCES)
    return int(fleet), margin


def island_outline(image: np.ndarray, frame: TableFrame, tag_corners_px: np.ndarray,
                   table_lab: np.ndarray) -> tuple[tuple[tuple[float, float], ...], float]:
    """The island's outline in table inches (sand and grass set apart from the table's colour),
    and a confidence that falls when the island runs out of the window looked at."""
    centre_in = frame.to_table(tag_corners_px, kit.ISLAND_THICKNESS_MM).mean(0) / kit.MM_PER_INCH
    side = int(2 * ISLAND_WINDOW_IN * ISLAND_PX_PER_IN)
    origin = centre_in - ISLAND_WINDOW_IN
    grid = np.stack(np.meshgrid(np.arange(side), np.arange(side)), -1).reshape(-1, 2) / ISLAND_PX_PER_IN + origin
    pixels = frame.to_image(grid * kit.MM_PER_INCH, kit.ISLAND_THICKNESS_MM).reshape(side, side, 2).astype(np.float32)
    patch = cv2.remap(image, pixels[..., 0], pixels[..., 1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    lab = cv2.cvtColor(patch, cv2.COLOR_BGR2Lab).astype(np.float32)
    differs = (np.linalg.norm(lab - table_lab, axis=2) > 22).astype(np.uint8)
    differs = cv2.morphologyEx(differs, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))
    count, labels = cv2.connectedComponents(differs)
    middle = labels[side // 2, side // 2]
    if middle == 0:
        return (), 0.0
    blob = (labels == middle).astype(np.uint8)
    contours, _ = cv2.findContours(blob, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    contour = cv2.approxPolyDP(max(contours, key=cv2.contourArea), 1.0, True).reshape(-1, 2)
    touches = blob[0].any() or blob[-1].any() or blob[:, 0].any() or blob[:, -1].any()
    outline = tuple((round(float(x / ISLAND_PX_PER_IN + origin[0]), 3), round(float(y / ISLAND_PX_PER_IN + origin[1]), 3))
                    for x, y in contour)
    return outline, (0.4 if touches else 0.9)
