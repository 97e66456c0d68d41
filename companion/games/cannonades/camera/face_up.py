"""Face-up cards from their markers: each card marker (ids.CARD_DICTIONARY) names its card and its
corner, so one readable marker places the whole card on the table (a similarity fit in table mm)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

from companion.games.cannonades.camera.settings import ReaderSettings
from companion.games.cannonades.kit import cards
from companion.kit import ids
from companion.vision.markers import get_dictionary


SHARPEN_SIGMA_PX = 1.5   # the unsharp mask's blur: a marker module is 2 to 4 px on a far face


@dataclass(frozen=True)
class PlacedFace:
    index: int                      # deck-list index
    centre_mm: tuple[float, float]
    angle_deg: float                # where the card's top faces, clockwise from north
    corners_mm: np.ndarray          # the card's outline in table mm (TL, TR, BR, BL)
    markers: int                    # how many of its two markers were read
    confidence: float


@lru_cache(maxsize=4)
def card_detector(settings: ReaderSettings) -> cv2.aruco.ArucoDetector:
    parameters = cv2.aruco.DetectorParameters()
    parameters.perspectiveRemovePixelPerCell = settings.pixels_per_cell
    parameters.perspectiveRemoveIgnoredMarginPerCell = settings.ignored_margin_per_cell
    low, high, step = settings.threshold_window
    parameters.adaptiveThreshWinSizeMin, parameters.adaptiveThreshWinSizeMax = low, high
    parameters.adaptiveThreshWinSizeStep = step
    parameters.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    return cv2.aruco.ArucoDetector(get_dictionary(ids.CARD_DICTIONARY), parameters)


def find_card_markers(grey: np.ndarray, settings: ReaderSettings) -> dict[int, list[np.ndarray]]:
    """{card marker id: [its corners in picture px, ...]} read on the enlarged picture."""
    scale = settings.marker_upscale
    if settings.sharpen:
        grey = cv2.addWeighted(grey, 1 + settings.sharpen, cv2.GaussianBlur(grey, (0, 0), SHARPEN_SIGMA_PX), -settings.sharpen, 0)
    big = cv2.resize(grey, None, fx=scale, fy=scale, interpolation=cv2.INTER_LINEAR) if scale != 1 else grey
    corners, found, _ = card_detector(settings).detectMarkers(big)
    seen: dict[int, list[np.ndarray]] = {}
    for marker_id, quad in zip([] if found is None else found.ravel().tolist(), corners):
        seen.setdefault(marker_id, []).append(quad.reshape(4, 2).astype(np.float64) / scale)
    return seen


def _marker_in_card(corner: int) -> np.ndarray:
    x, y = cards.marker_positions()[corner]
    m = cards.MARKER_MM
    return np.array([(x, y), (x + m, y), (x + m, y + m), (x, y + m)], np.float64)


CARD_OUTLINE = np.array([(0, 0), (cards.CARD_MM[0], 0), cards.CARD_MM, (0, cards.CARD_MM[1])], np.float64)
CARD_MIDDLE = np.array(cards.CARD_MM) / 2


def place_faces(markers_px: dict[int, list[np.ndarray]], to_table: np.ndarray, deck_size: int,
                settings: ReaderSettings) -> tuple[list[PlacedFace], list[str]]:
    """Cards placed from their markers, and notes about markers that could not be trusted."""
    by_card: dict[int, list[tuple[int, np.ndarray]]] = {}
    notes = []
    for marker_id, sightings in markers_px.items():
        named = ids.card_of(marker_id, deck_size)
        if named is None:
            notes.append(f"card marker {marker_id} belongs to no card of this deck: ignored")
            continue
        if len(sightings) > 1:
            notes.append(f"card marker {marker_id} seen {len(sightings)} times: that card is unknown")
            by_card[named[0]] = []
            continue
        if named[0] in by_card and by_card[named[0]] == []:
            continue
        quad_mm = cv2.perspectiveTransform(sightings[0][None], to_table)[0]
        by_card.setdefault(named[0], []).append((named[1], quad_mm))
    placed = []
    for index, sightings in by_card.items():
        if not sightings:
            continue
        source = np.concatenate([_marker_in_card(corner) for corner, _ in sightings])
        target = np.concatenate([quad for _, quad in sightings])
        fit, _ = cv2.estimateAffinePartial2D(source, target, method=cv2.LMEDS)
        if fit is None:
            continue
        scale = math.hypot(fit[0, 0], fit[1, 0])
        moved = source @ fit[:, :2].T + fit[:, 2]
        misfit = float(np.abs(moved - target).max())
        if abs(scale - 1) > settings.scale_tolerance or misfit > settings.markers_disagree_mm:
            notes.append(f"card #{index}: its markers do not sit as printed (scale {scale:.2f}, "
                         f"misfit {misfit:.1f} mm): unknown")
            continue
        outline = CARD_OUTLINE @ fit[:, :2].T + fit[:, 2]
        centre = CARD_MIDDLE @ fit[:, :2].T + fit[:, 2]
        up = -fit[:, 1]   # the card's -v axis in table mm
        angle = math.degrees(math.atan2(up[0], -up[1])) % 360
        confidence = settings.both_markers_confidence if len(sightings) == 2 else settings.one_marker_confidence
        placed.append(PlacedFace(index, (float(centre[0]), float(centre[1])), angle, outline, len(sightings), confidence))
    return placed, notes
