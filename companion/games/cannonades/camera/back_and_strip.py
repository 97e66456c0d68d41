"""A back and a face's strip found as one shape, split: the ship under a lonely cannonade, face up. A seat's column of
cards, a back, then a face with a cannonade laid over most of it: what shows of the face is a paper strip between the
back and the cannonade, and when it touches the back the two are found as one shape a little more than a card's
area (NOT_ONE_CARD), the cannonade's ship unseen, the seat asked although its count is plain (tuning views 7542 and
7390, seat 2: 1.2 cards' area, red backs on pine and slate backs on green felt). Such a shape is split in two when
its part by the cannonade is paper (much brighter than the rest: a back's part by the cannonade would be as dark as
the back) and nothing else lies under the cannonade: the rest a back, face down, the strip the face-up ship the
cannonade lies on, its markers hidden.

A strip as dark as the back before it is the same column with a back under the cannonade (tuning view 7695, seat 2:
two backs joined as one shape of 1.24 cards, the second half under C22): split the same way when the strip is a
back's all through, its ship face down, laid at the cannonade's centre (what shows of a ship under a cannonade is
its far end, whose own centre may lie past `cannonade_reach_mm` of the cannonade)."""

from __future__ import annotations

from dataclasses import dataclass, replace

import cv2
import numpy as np

from companion.games.cannonades.camera import face_down
from companion.games.cannonades.camera.face_up import PlacedFace
from companion.games.cannonades.camera.settings import ReaderSettings
from companion.games.cannonades.camera.table_mask import PAPER_PERCENTILE
from companion.games.cannonades.deck import Deck
from companion.games.cannonades.kit import cards, table

BACK_BESIDE_STRIP = "a back, found joined to the paper strip of the face under the cannonade beside it"
BACK_BESIDE_BACK_STRIP = "a back, found joined to the strip of the back under the cannonade beside it"
BACK_STRIP_UNDER_CANNONADE = ("a back's strip beside a cannonade, as dark as the back before it and found joined to it: "
                              "the ship the cannonade lies on, face down")
STRIP_UNDER_CANNONADE = ("a face's paper strip beside a cannonade, found joined to the back before it: the ship the "
                         "cannonade lies on, face up, its markers hidden")


@dataclass(frozen=True)
class BackAndStripSettings:
    # The shape: more than one card and less than a card and a half (a back and a strip; 7542 and 7390 are 1.2).
    least_cards: float = 1.1
    most_cards: float = 1.35
    # Its points this near the cannonade's outline are the strip (a strip shows 10-25 mm of a card's length).
    strip_mm: float = 12.0
    # The shape touches the cannonade: its nearest point within this of the cannonade's outline (paper_strip's reach).
    touch_mm: float = 8.0
    # A point is unlike the back (paper or ink) when its grey lies this share of the back's median grey off it.
    unlike_back: float = 0.5
    # The strip is a face's paper and ink when this share of its points are unlike the back.
    least_unlike_share: float = 0.6
    # The rest, the back, must show most of a card (its points' share of a card's sampled area).
    least_back_share: float = 0.6
    # The strip is a back's when at most this share of its points are unlike the back (a back's own points: 0.23-0.25
    # on 7542 and 7390, its pattern and border; a face's strip 0.78-0.79).
    most_dark_unlike_share: float = 0.4
    # ... and only when the back is darker than this share of the cannonade's paper grey: 7695's slate back 0.24, 10635's
    # yellow back 0.79 (a face's strip there read a back's; fresh varied 10600-10899). 0.6 a choice between them.
    dark_back_most_of_paper: float = 0.6


BACK_AND_STRIP = BackAndStripSettings()


def _outside_mm(points: np.ndarray, corners_mm: np.ndarray) -> np.ndarray:
    """Each point's distance outside the card outline (mm; negative inside)."""
    contour = np.float32(corners_mm).reshape(-1, 1, 2)
    return np.array([-cv2.pointPolygonTest(contour, (float(x), float(y)), True) for x, y in points])


def _lonely_seat_cannonades(faces: list[PlacedFace], blobs: list[face_down.Blob], deck: Deck, players: int,
                            settings: ReaderSettings) -> list[PlacedFace]:
    """The seats' read cannonades with no read face and no card found by its shape (but the unknown shapes) within
    `cannonade_reach_mm`: a cannonade whose ship is not seen."""
    reach = settings.cannonade_reach_mm
    lonely = []
    for face in faces:
        if deck.cards[face.index].kind != "cannonade" or not table.area_of(*face.centre_mm, players).startswith("seat"):
            continue
        near_face = any(other is not face and deck.cards[other.index].kind != "cannonade"
                        and face_down.distance(other.centre_mm, face.centre_mm) < reach for other in faces)
        near_card = any(blob.face != "unknown" and face_down.distance(blob.centre_mm, face.centre_mm) < reach
                        for blob in blobs)
        if not near_face and not near_card:
            lonely.append(face)
    return lonely


def split_back_and_strip(blobs: list[face_down.Blob], faces: list[PlacedFace], deck: Deck, players: int,
                         view: np.ndarray, view_to_table: np.ndarray, settings: ReaderSettings,
                         split: BackAndStripSettings = BACK_AND_STRIP) -> list[face_down.Blob]:
    """`blobs` with each unknown shape of a back and a strip, touching a lonely seat's cannonade, split into the back
    (face down) and the cannonade's ship: face up where the strip is a face's paper (at `under_face_confidence`),
    face down where it is as dark as the back. `view` is the
    top view (colour or grey), made grey only when a lonely cannonade is read: most reads have none."""
    lonely = _lonely_seat_cannonades(faces, blobs, deck, players, settings)
    if not lonely:
        return blobs
    grey_view = cv2.cvtColor(view, cv2.COLOR_BGR2GRAY) if view.ndim == 3 else view
    table_to_view = np.linalg.inv(view_to_table)
    point_mm2 = (face_down.SAMPLE_STEP_PX / settings.top_px_per_mm) ** 2
    out = []
    for blob in blobs:
        area_cards = blob.area_mm2 / cards.CARD_AREA_MM2
        if (blob.face != "unknown" or not blob.why.startswith(face_down.NOT_ONE_CARD) or not blob.points_mm
                or not split.least_cards <= area_cards <= split.most_cards
                or not table.area_of(*blob.centre_mm, players).startswith("seat")):
            out.append(blob)
            continue
        points = np.array(blob.points_mm, np.float64)
        pieces = None
        for cannonade in lonely:
            outside = _outside_mm(points, cannonade.corners_mm)
            strip, back = outside <= split.strip_mm, outside > split.strip_mm
            if outside.min() > split.touch_mm or not strip.any() or back.sum() * point_mm2 < (
                    split.least_back_share * cards.CARD_AREA_MM2):
                continue
            px = np.int32(np.round(cv2.perspectiveTransform(np.float32(points)[None], table_to_view)[0]))
            px = np.clip(px, 0, np.array(grey_view.shape[::-1]) - 1)
            grey = grey_view[px[:, 1], px[:, 0]].astype(np.float64)
            back_grey = max(float(np.median(grey[back])), 1.0)
            unlike_share = (np.abs(grey - back_grey) > split.unlike_back * back_grey)[strip].mean()
            if unlike_share <= split.most_dark_unlike_share:       # a back's strip: the ship face down
                if _too_light_to_tell(back_grey, grey_view, cannonade, table_to_view, split):
                    continue
                pieces = _back_and_ship(blob, points, back, point_mm2, settings, "down", cannonade.centre_mm,
                                        BACK_BESIDE_BACK_STRIP, BACK_STRIP_UNDER_CANNONADE)
            elif unlike_share >= split.least_unlike_share:         # a face's paper and ink: the ship face up
                pieces = _back_and_ship(blob, points, back, point_mm2, settings, "up", points[strip].mean(axis=0),
                                        BACK_BESIDE_STRIP, STRIP_UNDER_CANNONADE)
            else:
                continue
            break
        out.extend(pieces or [blob])
    return out


def _too_light_to_tell(back_grey: float, grey_view: np.ndarray, cannonade: PlacedFace, table_to_view: np.ndarray,
                       split: BackAndStripSettings) -> bool:
    """Whether the back is too light for its strip to be told from a face's by grey: over `dark_back_most_of_paper`
    of the cannonade's paper grey (its PAPER_PERCENTILE), a face's strip of paper round its dark marker lies as near
    the back's grey as a back's own strip (fresh tuning view 10635 seat 4: S29's strip under C12 beside a yellow
    back, 0.11 unlike it, read a back, sure)."""
    outline = cv2.perspectiveTransform(np.float64(cannonade.corners_mm)[None], table_to_view)[0]
    inside = np.zeros(grey_view.shape[:2], np.uint8)
    cv2.fillPoly(inside, [np.int32(np.round(outline))], 255)
    paper = grey_view[inside > 0]
    return paper.size > 0 and back_grey > split.dark_back_most_of_paper * float(np.percentile(paper, PAPER_PERCENTILE))


def _back_and_ship(blob: face_down.Blob, points: np.ndarray, back: np.ndarray, point_mm2: float,
                   settings: ReaderSettings, ship_face: str, ship_centre_mm, back_why: str,
                   ship_why: str) -> list[face_down.Blob]:
    """The shape split in two: the back at its points' mean, face down, and the ship the cannonade lies on, `ship_face`
    at `ship_centre_mm` (a face's strip where its paper shows; a back's at the cannonade's centre, what shows of it
    being its far end)."""
    confidence = settings.under_back_confidence if ship_face == "down" else settings.under_face_confidence
    return [replace(blob, face="down", centre_mm=tuple(float(v) for v in points[back].mean(axis=0)),
                    area_mm2=float(back.sum() * point_mm2), confidence=settings.under_back_confidence,
                    why=back_why, points_mm=()),
            replace(blob, face=ship_face, centre_mm=tuple(float(v) for v in ship_centre_mm),
                    area_mm2=float((~back).sum() * point_mm2), confidence=confidence, why=ship_why, points_mm=())]
