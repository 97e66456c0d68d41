"""Ships from their deck tags: a tag lying flat at its kind's deck height is a standing ship (its
square from the stand's centre, behind the tag), a tag seen standing up is a ship knocked over. The
fleets whose tag the first search missed are looked for again by their paint (ship_search.py)."""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from companion.games.black_cannon.board import square_name
from companion.games.black_cannon.camera.board_view import BoardView
from companion.games.black_cannon.camera.settings import ReaderSettings
from companion.games.black_cannon.camera.tag_pose import lies_on_its_side, side_stray, upright_fit
from companion.games.black_cannon.kit import pieces as kit
from companion.vision.markers import DetectedMarker


@dataclass(frozen=True)
class SeenShip:
    fleet: str
    kind: str | None               # None: a hull on its side whose tag is not seen
    square: str | None             # None: off the squares
    centre_mm: tuple[float, float]  # board frame
    sunk: bool
    carrying: bool | None          # None: not known (sunk)
    confidence: float
    how: str                       # "deck tag", "tag on its side", "hull colour" (ship_search.py)


def on_square(view: BoardView, centre) -> str | None:
    found = view.geometry.square_at(*centre)
    return square_name(*found) if found else None


def ships_from_tags(view: BoardView, markers: list[DetectedMarker], image: np.ndarray,
                    settings: ReaderSettings) -> list[SeenShip]:
    ships = []
    for marker in markers:
        tag = kit.deck_tag_of(marker.id)
        if tag is None:
            continue
        fleet, kind = tag
        height = kit.HULL_HEIGHT_MM[kind]
        corners = view.to_board(marker.corners, height)
        stray = side_stray(corners)
        # Seen from 45 degrees up, a flat tag and one standing on its side make the same outline: when the outline
        # fits both (or neither), the paint round it tells, and when that cannot either, the players are asked.
        fit = upright_fit(view, marker.corners)
        upright = float(fit[0])
        flat_fits, upright_fits = stray <= settings.flat_tag_side_tolerance, upright <= settings.flat_tag_side_tolerance
        # A flat tag whose outline strays just past the tolerance (a galleon's at the board's edge, seen steeply) is
        # told by the paint too, and read standing only as a question.
        narrowly = upright_fits and stray <= settings.flat_tag_side_tolerance + settings.flat_tag_narrow_miss
        outline_tells = flat_fits != upright_fits and not narrowly
        on_side = (None if outline_tells
                   else lies_on_its_side(view, image, marker.corners, FLEET_HUES[fleet], kind, settings, fit))
        flat = flat_fits if on_side is None else not on_side
        told = (1.0 if outline_tells or (on_side is not None and flat_fits) or (narrowly and on_side)
                else settings.untold_tag_confidence)
        if flat:
            centre_tag = corners.mean(axis=0)
            bow = (corners[0] + corners[1]) / 2 - (corners[3] + corners[2]) / 2
            bow /= max(np.linalg.norm(bow), 1e-9)
            centre = centre_tag - bow * kit.tag_offset_mm()
            ledge = centre + bow * kit.CHEST_LEDGE_AT_MM
            carrying = kind != "raft" and _chest_at(view, image, ledge, height)
            ships.append(SeenShip(fleet, kind, on_square(view, centre), tuple(map(float, centre)), False, carrying,
                                  min(1.0 - min(stray, 1.0), told), "deck tag"))
        else:
            # Standing on its edge: the card's middle is about half a beam up.
            centre = view.to_board([np.mean(marker.corners, axis=0)], kit.STAND_MM[0] / 2)[0]
            ships.append(SeenShip(fleet, kind, on_square(view, centre), tuple(map(float, centre)), True, None,
                                  told * (1.0 - min(upright, 1.0)), "tag on its side"))
    return ships


def _chest_at(view: BoardView, image: np.ndarray, ledge_mm, height: float) -> bool:
    """A chest token on the stern ledge: the chest's brown, not the hull's paint, round that point."""
    u, v = cv2.perspectiveTransform(np.float64([[ledge_mm]]), view.raised(height)).reshape(2)
    x, y = int(round(u)), int(round(v))
    patch = image[max(y - 2, 0):y + 3, max(x - 2, 0):x + 3]
    if patch.size == 0:
        return False
    return is_chest_colour(patch.reshape(-1, 3).mean(axis=0))


def _hue_sat(bgr) -> tuple[float, float, float]:
    pixel = np.uint8([[np.clip(bgr, 0, 255)]])
    h, s, v = cv2.cvtColor(pixel, cv2.COLOR_BGR2HSV_FULL)[0, 0]
    return float(h) * 360 / 256, float(s) / 255, float(v) / 255


def is_chest_colour(bgr) -> bool:
    hue, sat, val = _hue_sat(bgr)
    return 15 <= hue <= 42 and sat >= 0.45 and val <= 0.75


def is_chest_token(blob, settings: ReaderSettings) -> bool:
    """A blob of the chests' brown, of one to a few tokens' size."""
    return is_chest_colour(blob.colour) and settings.chest_area_mm2[0] <= blob.area_mm2 <= settings.chest_area_mm2[1]


def chest_mask(bgr_image: np.ndarray) -> np.ndarray:
    """Where a picture shows the chests' brown (is_chest_colour, pixel by pixel)."""
    hsv = cv2.cvtColor(bgr_image, cv2.COLOR_BGR2HSV_FULL).astype(np.float32)
    hue = hsv[:, :, 0] * 360 / 256
    return (hue >= 15) & (hue <= 42) & (hsv[:, :, 1] >= 0.45 * 255) & (hsv[:, :, 2] <= 0.75 * 255)


FLEET_HUES = {fleet: _hue_sat(rgb[::-1])[0] for fleet, rgb in kit.FLEET_RGB.items()}


def near_a_ship(centre_mm, ships: list[SeenShip], settings: ReaderSettings) -> bool:
    return any(math.dist(centre_mm, ship.centre_mm) < settings.ship_clear_mm for ship in ships)
