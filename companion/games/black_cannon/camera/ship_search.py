"""Ships the first marker search missed. A deck tag of 17 mm is only 15-30 pixels across in a 720p
picture, and tilted or blurred its cells run together; where the foreground shows a fleet's paint and
no tag of that fleet was read, the tag is looked for again in straight-down views of each deck's
height, magnified. A hull whose tag still cannot be read is that fleet's ship, read unsure: standing
when the black ink of a tag shows on top (its kind unknown), knocked over when only paint shows (its
tag faces sideways: a hull on its side shows its painted side and, at most, shadow)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache, partial
from typing import Callable

import cv2
import numpy as np

from companion.games.black_cannon.camera.blurred_tags import read_blurred_tag
from companion.games.black_cannon.camera.board_view import BoardView
from companion.games.black_cannon.camera.foreground import Blob, TableView
from companion.games.black_cannon.camera.settings import ReaderSettings
from companion.games.black_cannon.camera.ships import (FLEET_HUES, SeenShip, chest_mask, near_a_ship, on_square,
                                                      ships_from_tags)
from companion.games.black_cannon.kit import pieces as kit
from companion.vision.components import parts_with_stats
from companion.vision.markers import DEFAULT_DICTIONARY, DetectedMarker, get_dictionary


@dataclass(frozen=True)
class HullPaint:
    """What a foreground blob shows, pixel by pixel: each fleet's paint, and dark grey as a tag's black ink
    (all of it, and the part beside a card's white: a shadow is dark too, but lies beside no white), in mm²;
    and how square the tag's card and ink are, its narrowest width over its longest (a flat card is square seen
    straight down; a card standing on a knocked-over stand's side is a strip)."""

    fleets: dict[str, float]
    ink_mm2: float
    ink_by_card_mm2: float
    tag_squareness: float = 1.0

    def tag_on_top(self, settings: ReaderSettings) -> bool:
        return (self.ink_mm2 >= settings.tag_ink_mm2 and self.ink_by_card_mm2 >= settings.tag_ink_by_card_mm2
                and self.tag_squareness >= settings.tag_on_top_squareness)

    def fleet(self, settings: ReaderSettings) -> str | None:
        best = max(self.fleets, key=self.fleets.get, default=None)
        return best if best is not None and self.fleets[best] >= settings.hull_paint_mm2 else None


def hull_paint(table: TableView, blob: Blob, settings: ReaderSettings) -> HullPaint:
    ppm = table.px_per_mm
    x0, y0 = (np.array(blob.box_mm[:2]) - table.origin_mm) * ppm
    x1, y1 = (np.array(blob.box_mm[2:]) - table.origin_mm) * ppm
    box = (slice(max(int(y0), 0), int(np.ceil(y1)) + 1), slice(max(int(x0), 0), int(np.ceil(x1)) + 1))
    inside = table.mask[box] > 0
    hsv = cv2.cvtColor(table.picture[box], cv2.COLOR_BGR2HSV_FULL).astype(np.float32)
    hue, sat, val = hsv[:, :, 0] * (360 / 256), hsv[:, :, 1] / 255, hsv[:, :, 2] / 255
    # The paint's hue as printed: a warm lamp turns a green hull yellow and a blue one grey (tuning seeds: four
    # knocked-over hulls under it showed 0-25 mm2 of their paint). The card and ink are judged as seen.
    printed = table.picture[box] if table.gain is None else \
        np.clip(table.picture[box] / np.maximum(table.gain[box], 1e-3), 0, 255).astype(np.uint8)
    paint_hsv = cv2.cvtColor(printed, cv2.COLOR_BGR2HSV_FULL).astype(np.float32)
    paint_hue, paint_sat = paint_hsv[:, :, 0] * (360 / 256), paint_hsv[:, :, 1] / 255
    painted = inside & (paint_sat >= settings.fleet_saturation) & (val >= settings.paint_brightness) & ~chest_mask(table.picture[box])
    fleets = {}
    for fleet, fleet_hue in FLEET_HUES.items():
        near = np.abs((paint_hue - fleet_hue + 180) % 360 - 180) <= settings.fleet_hue_tolerance_deg
        fleets[fleet] = float(np.count_nonzero(painted & near)) / ppm ** 2
    ink = inside & (sat <= settings.ink_saturation) & (val <= settings.ink_brightness)
    card = (inside & (sat <= settings.card_saturation) & (val >= settings.card_brightness)).astype(np.uint8)
    reach = 2 * int(round(settings.ink_card_reach_mm * ppm)) + 1
    by_card = ink & (cv2.dilate(card, np.ones((reach, reach), np.uint8)) > 0)
    return HullPaint(fleets, float(np.count_nonzero(ink)) / ppm ** 2, float(np.count_nonzero(by_card)) / ppm ** 2,
                     _squareness(ink | (card > 0)))


def _squareness(tag: np.ndarray) -> float:
    """The largest part of a mask (gaps of a pixel closed): its least-area rectangle's short side over its long."""
    closed = cv2.morphologyEx(tag.astype(np.uint8), cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))
    count, labels, stats, _ = parts_with_stats(closed)
    if count < 2:
        return 0.0
    largest = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    points = np.column_stack(np.nonzero(labels == largest))[:, ::-1].astype(np.float32)
    _, (width, height), _ = cv2.minAreaRect(points)
    return float(min(width, height) / max(width, height, 1e-9))


@lru_cache(maxsize=4)
def _blurred_tag_detector(cell_px: int, cell_margin: float, window_px: int) -> cv2.aruco.ArucoDetector:
    """ArUco reading each cell from its middle only: a blurred tag's cells bleed into their neighbours
    at the edges (on tuning seeds' unread tags: 9 of 52 read with the defaults, 41 with these)."""
    parameters = cv2.aruco.DetectorParameters()
    parameters.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    parameters.perspectiveRemovePixelPerCell = cell_px
    parameters.perspectiveRemoveIgnoredMarginPerCell = cell_margin
    parameters.adaptiveThreshWinSizeMax = window_px
    return cv2.aruco.ArucoDetector(get_dictionary(DEFAULT_DICTIONARY), parameters)


def _tags_in(patch: np.ndarray, px_per_mm: float, settings: ReaderSettings,
             straight_down: bool = True) -> list[tuple[int, np.ndarray]]:
    """The tags ArUco reads in a patch, and, in a straight-down patch of a deck's plane, those whose outline it
    found but could not decode read from their cells' middles (blurred_tags.py)."""
    detector = _blurred_tag_detector(settings.tag_cell_px, settings.tag_cell_margin, settings.tag_threshold_window_px)
    grey = cv2.cvtColor(patch, cv2.COLOR_BGR2GRAY)
    corners, ids, rejected = detector.detectMarkers(grey)
    found = [] if ids is None else [(int(i), quad.reshape(4, 2)) for i, quad in zip(ids.ravel(), corners)]
    for quad in rejected if straight_down else ():
        read = read_blurred_tag(grey, quad.reshape(4, 2), px_per_mm, settings)
        if read is not None:
            found.append(read)
    return found


def tags_near(view: BoardView, image: np.ndarray, centre_mm, settings: ReaderSettings,
              enough: Callable[[list[int]], bool] | None = None) -> list[DetectedMarker]:
    """Deck tags round a board point, found in magnified straight-down views of each deck's plane;
    their corners mapped back into the photo, so they are read as if the first search had found them.
    `enough`: whether the tags found so far (their ids, in the order found) settle what the caller takes from
    them; the search then stops (a later view only adds tags after them, and the first such view's tags end it)."""
    half = settings.tag_search_mm / 2
    origin = (centre_mm[0] - half, centre_mm[1] - half)
    found: dict[int, DetectedMarker] = {}
    for px_per_mm in settings.tag_search_px_per_mm:
        for kind in kit.KINDS:
            height = kit.HULL_HEIGHT_MM[kind]
            patch = view.warp(image, px_per_mm, origin, (2 * half, 2 * half), height)
            to_photo = view.raised(height) @ np.array([[1 / px_per_mm, 0, origin[0]], [0, 1 / px_per_mm, origin[1]], [0, 0, 1.0]])
            for marker_id, quad in _tags_in(patch, px_per_mm, settings):
                if kit.deck_tag_of(marker_id) is None or marker_id in found:
                    continue
                corners = cv2.perspectiveTransform(np.float64(quad).reshape(-1, 1, 2), to_photo).reshape(-1, 2)
                found[marker_id] = DetectedMarker(marker_id, tuple((float(x), float(y)) for x, y in corners))
            if enough is not None and enough(list(found)):
                return list(found.values())
        if found:
            return list(found.values())
    return tags_in_photo(view, image, centre_mm, settings)


def tags_in_photo(view: BoardView, image: np.ndarray, centre_mm, settings: ReaderSettings) -> list[DetectedMarker]:
    """Deck tags round a board point in the photo itself, magnified: a knocked-over stand's tag stands on its
    side, and a straight-down view of a deck's plane smears it; seen as the camera sees it, it is a marker
    in perspective, which ArUco reads (tuning seeds: 8 of 13 knocked-over stands no other look read)."""
    middle = np.float64(centre_mm)
    height = kit.STAND_MM[0] / 2            # a stand on its side: its tag's middle about half its beam up
    reach = settings.tag_search_mm / 2
    points = cv2.perspectiveTransform(np.float64([[middle, middle + (reach, 0.0), middle + (0.0, reach)]]),
                                      view.raised(height)).reshape(-1, 2)
    px_per_mm = float(np.linalg.norm(points[1:] - points[0], axis=1).mean()) / reach
    half = int(round(reach * px_per_mm))
    x, y = (int(round(v)) for v in points[0])
    x0, y0 = max(x - half, 0), max(y - half, 0)
    crop = image[y0:y + half, x0:x + half]
    if crop.shape[0] < 2 or crop.shape[1] < 2:
        return []
    for zoom_to in settings.tag_search_px_per_mm:
        zoom = zoom_to / px_per_mm
        patch = cv2.resize(crop, None, fx=zoom, fy=zoom, interpolation=cv2.INTER_CUBIC)
        found = [DetectedMarker(marker_id, tuple((float(u / zoom + x0), float(v / zoom + y0)) for u, v in quad))
                 for marker_id, quad in _tags_in(patch, zoom_to, settings, straight_down=False)
                 if kit.deck_tag_of(marker_id) is not None]
        if found:
            return found
    return []


def _ours_found(ids: list[int], fleet: str | None, known: set[str]) -> bool:
    """Whether tags found in this order settle the ship unread_ships takes from them: the first tag of the blob's
    fleet, or, for a blob of ink alone, the first tag of any fleet not read yet (ships_from_tags makes one ship a
    deck tag, of its id's fleet, in order)."""
    fleets = [kit.deck_tag_of(marker_id)[0] for marker_id in ids]
    return fleet in fleets if fleet is not None else any(found not in known for found in fleets)


def clear_of_ships(view: BoardView, table: TableView, ships: list[SeenShip], settings: ReaderSettings) -> TableView:
    """The table's blobs of colour or hue (TableView.tinted) with the stands already read taken out: each stand's
    footprint, from the board up to its top as the camera sees it. A hull on the square beside a stand read joins
    its blob; dropping every blob near a stand read lost it (tuning seeds: a raft beside a frigate)."""
    mask = table.tinted.copy()
    ppm = table.px_per_mm
    ring = np.array([[np.cos(a), np.sin(a)] for a in np.linspace(0, 2 * np.pi, 16, endpoint=False)])
    for ship in ships:
        top = kit.STAND_MM[0] if ship.sunk else kit.HULL_HEIGHT_MM.get(ship.kind, max(kit.HULL_HEIGHT_MM.values()))
        base = np.array(ship.centre_mm) + ring * settings.ship_footprint_mm
        raised = cv2.perspectiveTransform(base.reshape(-1, 1, 2), view.raised(top)).reshape(-1, 2)
        outline = np.vstack([base, view.to_board(raised)])
        pixels = np.round((outline - table.origin_mm) * ppm).astype(np.int32)
        cv2.fillConvexPoly(mask, cv2.convexHull(pixels), 0)
    return replace(table, mask=mask)


def unread_ships(view: BoardView, image: np.ndarray, table: TableView, hulls: list[Blob], seen: list[SeenShip],
                 settings: ReaderSettings) -> list[SeenShip]:
    """The ships of the fleets with no tag read, from the blobs showing their paint or a tag's ink: first by a
    tag found on a second look round every such blob, then, for the fleets still unread, by the paint alone
    (unsure). A tag read names its ship wherever the paint points: a blob of a fleet's colour that is no hull
    (a die's side, a hand's sleeve) no longer takes the fleet's place before its own stand is looked at."""
    known = {ship.fleet for ship in seen}
    painted = sorted(((hull_paint(table, blob, settings), blob) for blob in hulls),
                     key=lambda item: -max(item[0].fleets.values(), default=0.0))
    painted = [(paint, blob) for paint, blob in painted
               if paint.fleet(settings) is not None or paint.ink_mm2 >= settings.tag_ink_mm2]
    found: list[SeenShip] = []
    for paint, blob in painted:
        fleet = paint.fleet(settings)
        if fleet in known or (fleet is None and len(known) == len(kit.FLEET_ORDER)):
            continue
        if near_a_ship(blob.centre_mm, found, settings):
            continue
        # Seen straight down a standing stand shows little paint round its tag: the tag's ink is worth a look too.
        tags = tags_near(view, image, blob.centre_mm, settings, partial(_ours_found, fleet=fleet, known=known))
        tagged = [ship for ship in ships_from_tags(view, tags, image, settings) if ship.fleet not in known]
        ours = [ship for ship in tagged if ship.fleet == fleet] or tagged[:1]
        if ours:
            found.append(ours[0])
            known.add(ours[0].fleet)
    for paint, blob in painted:
        fleet = paint.fleet(settings)
        if fleet is None or fleet in known:
            continue
        if near_a_ship(blob.centre_mm, found, settings):
            continue
        centre = (float(blob.centre_mm[0]), float(blob.centre_mm[1]))
        standing = paint.tag_on_top(settings)
        found.append(SeenShip(fleet, None, on_square(view, centre), centre, not standing, None,
                              settings.unread_hull_confidence, "hull colour, tag unread" if standing else "hull colour"))
        known.add(fleet)
    return found
