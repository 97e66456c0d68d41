"""Reading a part of a Cannonades table's picture again: the card markers in a window of the table, and each card
whose markers were not read, or shape of cards no rectangles explain, read again on its own patch of the picture
with the re-read settings in turn (a face smeared by the camera's shake, a face with one marker clear of a hand), and
a card with printed corners none of them reads, from its markers' bits where its shape places them (marker_grid.py)."""

from __future__ import annotations

import itertools
import math

import cv2
import numpy as np

from companion.games.cannonades.camera import face_down, face_up, marker_grid
from companion.games.cannonades.camera.grid_read_settings import GRID_READ_SETTINGS, GridReadSettings
from companion.games.cannonades.camera.settings import (REREAD_MARGIN_MM, REREAD_SETTINGS, REREAD_WITHIN_SHAPE_MM,
                                                         ReaderSettings)
from companion.games.cannonades.kit import cards


def markers_in_window(grey: np.ndarray, to_image: np.ndarray, window_mm: tuple[float, float, float, float],
                      settings: ReaderSettings) -> dict[int, list[np.ndarray]]:
    """The card markers in the part of the picture that shows the window (the play area's too: a card beyond it is
    not read, and the detector's passes over the enlarged picture cost in proportion to what they cover)."""
    x0, y0, x1, y1 = window_in_picture(to_image, window_mm)
    patch = grey[y0:y1, x0:x1]
    if patch.size == 0:
        return {}
    return {marker_id: [quad + (x0, y0) for quad in quads]
            for marker_id, quads in face_up.find_card_markers(patch, settings).items()}


def window_in_picture(to_image: np.ndarray, window_mm: tuple[float, float, float, float]) -> tuple[int, int, int, int]:
    """The picture's px box (left, top, right, bottom) that shows the window of the table."""
    left, top, right, bottom = window_mm
    corners = cv2.perspectiveTransform(np.array([[[left, top], [right, top], [right, bottom], [left, bottom]]],
                                                np.float64), to_image)[0]
    x0, y0 = np.maximum(np.floor(corners.min(axis=0)).astype(int), 0)
    x1, y1 = np.ceil(corners.max(axis=0)).astype(int)
    return int(x0), int(y0), int(x1), int(y1)


def read_again(grey: np.ndarray, to_image: np.ndarray, to_table: np.ndarray, blobs: list[face_down.Blob],
                deck_size: int, known: set[int], shapes: bool, within_mm: tuple[float, float, float, float] | None = None,
                ) -> tuple[list[face_up.PlacedFace], list[face_down.Blob]]:
    """Each card with printed corners whose markers were not read, each shape of cards touching or
    overlapping that no card rectangles explain (a face smeared by the camera's shake among them) and each
    arm with what it touches (a face with one marker clear of the hand; these two only when `shapes`), within
    `within_mm` when given, read again on its own patch of the picture (each of REREAD_SETTINGS in turn):
    the cards found there, and only there, replace the unknown shape."""
    faces, kept = [], []
    for blob in blobs:
        box = reread_box(blob, shapes)
        if box is None or (within_mm is not None and not inside(blob.centre_mm, within_mm)):
            kept.append(blob)
            continue
        left, top, right, bottom = window_in_picture(to_image, box)
        patch = grey[top:bottom, left:right]
        found = []
        for settings in REREAD_SETTINGS if patch.size else ():   # until one reads a card there
            markers = {marker_id: [quad + (left, top) for quad in quads]
                       for marker_id, quads in face_up.find_card_markers(patch, settings).items()}
            placed, _ = face_up.place_faces(markers, to_table, deck_size, settings)
            found = [face for face in placed if face.index not in known and belongs(face, blob)]
            if blob.why.startswith(face_down.PRINTED_CORNERS) and len(found) > 1:
                found = []   # one card's shape: two faces read there is no reading
            if found:
                break
        if not found and patch.size and blob.why.startswith(face_down.PRINTED_CORNERS):
            by_bits = marker_grid.read_by_grid(grey, to_image, blob, deck_size)   # its markers' border did not close
            found = [by_bits] if by_bits is not None and by_bits.index not in known else []
        if not found:
            kept.append(blob)
        for face in found:
            faces.append(face)
            known.add(face.index)
    split, kept = faces_split_apart(grey, to_image, kept, deck_size, known)
    return faces + split, kept


def faces_split_apart(grey: np.ndarray, to_image: np.ndarray, blobs: list[face_down.Blob], deck_size: int,
                      known: set[int], settings: GridReadSettings = GRID_READ_SETTINGS,
                      ) -> tuple[list[face_up.PlacedFace], list[face_down.Blob]]:
    """A soft face whose paper is near the cloth's colour may come out as two small unknown shapes, its two markers
    with their ink (tuning view 5698: a far face on beige linen, 0.2 and 0.3 of a card): two such shapes, each under
    `pair_piece_most_cards`, lying together within one card's rectangle (its sides `pair_side_tolerance` over), are
    read from their markers' bits (marker_grid.read_by_grid) about their smallest rectangle's middle and long axis, or
    along their markers' diagonal (_diagonal_poses); the face named, not read before, replaces both. The rest of
    `blobs` is returned as it was."""
    card_mm2 = cards.CARD_MM[0] * cards.CARD_MM[1]
    most_short, most_long = (side * (1 + settings.pair_side_tolerance) for side in cards.CARD_MM)
    pieces = [blob for blob in blobs if blob.face == "unknown" and blob.why.startswith(face_down.NOT_ONE_CARD)
              and blob.points_mm and blob.area_mm2 < settings.pair_piece_most_cards * card_mm2]
    faces, used = [], set()
    for first, second in itertools.combinations(pieces, 2):
        if id(first) in used or id(second) in used:
            continue
        (x, y), (width, height), angle = cv2.minAreaRect(np.float32(first.points_mm + second.points_mm))
        if min(width, height) > most_short or max(width, height) > most_long:
            continue
        face = None
        for centre, axis in [((x, y), (angle + (90.0 if width >= height else 0.0)) % 180.0)] + _diagonal_poses(first, second):
            pair = face_down.Blob("unknown", (float(centre[0]), float(centre[1])), float(axis),
                                  first.area_mm2 + second.area_mm2, 0.0, face_down.PRINTED_CORNERS)
            face = marker_grid.read_by_grid(grey, to_image, pair, deck_size)
            if face is not None:
                break
        if face is not None and face.index not in known:
            faces.append(face)
            known.add(face.index)
            used |= {id(first), id(second)}
    return faces, [blob for blob in blobs if id(blob) not in used]


def reread_box(blob: face_down.Blob, shapes: bool) -> tuple[float, float, float, float] | None:
    """The part of the table (mm) a blob is read again in, or None when it is not read again (a shape of
    several cards or an arm unless `shapes`)."""
    if blob.face == "down":
        return None   # a face-up card with hidden markers (HIDDEN_FACE) is read again: a corner may show
    if blob.why.startswith(face_down.PRINTED_CORNERS):
        reach = max(cards.CARD_MM) / 2 + REREAD_MARGIN_MM
        x, y = blob.centre_mm
        return x - reach, y - reach, x + reach, y + reach
    if shapes and blob.why.startswith((face_down.NOT_ONE_CARD, face_down.REACHING_IN)) and blob.points_mm:
        points = np.array(blob.points_mm)
        (x0, y0), (x1, y1) = points.min(axis=0) - REREAD_MARGIN_MM, points.max(axis=0) + REREAD_MARGIN_MM
        return float(x0), float(y0), float(x1), float(y1)
    return None


def belongs(face: face_up.PlacedFace, blob: face_down.Blob) -> bool:
    """Whether a face read again is the blob's: near a card-shaped blob's centre, inside a bigger shape."""
    if blob.why.startswith(face_down.PRINTED_CORNERS):
        return face_down.distance(face.centre_mm, blob.centre_mm) <= REREAD_MARGIN_MM
    points = np.array(blob.points_mm)
    return bool(np.min(np.hypot(*(points - face.centre_mm).T)) <= REREAD_WITHIN_SHAPE_MM)


def inside(point_mm: tuple[float, float], box_mm: tuple[float, float, float, float]) -> bool:
    return box_mm[0] <= point_mm[0] <= box_mm[2] and box_mm[1] <= point_mm[1] <= box_mm[3]


def _diagonal_poses(first: face_down.Blob, second: face_down.Blob) -> list[tuple[tuple[float, float], float]]:
    """The card's middle and long axis (two ways round) when the two shapes are its two markers: their centres lie on
    a diagonal through its middle, the line between them turned from its long axis by the markers' placing."""
    (x0, y0), (x1, y1) = ((x + cards.MARKER_MM / 2, y + cards.MARKER_MM / 2) for x, y in cards.marker_positions())
    turn = math.degrees(math.atan2(x1 - x0, y1 - y0))
    (u0, v0), (u1, v1) = first.centre_mm, second.centre_mm
    line = math.degrees(math.atan2(u1 - u0, -(v1 - v0))) % 180.0   # clockwise from north, as a blob's axis
    middle = ((u0 + u1) / 2, (v0 + v1) / 2)
    return [(middle, (line + turn) % 180.0), (middle, (line - turn) % 180.0)]
