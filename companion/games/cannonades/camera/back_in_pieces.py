"""A back found in pieces. A blotched or gradient back has patches near the cloth's colour: the blob mask
(face_down.blob_mask) cuts it into pieces of 0.2-0.5 of a card, each judged alone as a card-like shape not one
card, and the seat is asked. The faint mask (table_mask.TableDifference.faint_mask) holds the whole card. When
what shows there (blob mask or faint mask, off the read faces) is one piece that unexplained.whole_back calls one
whole card, no card found reaching into it, and every unknown piece in it lies wholly inside it, the pieces are
that one back, face down. Anything else (a row of backs touching end to end, a back half hidden, a piece beside a
card found) stays unknown."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from companion.games.cannonades.camera import face_down, unexplained
from companion.games.cannonades.camera.paper_under_cannonade import card_outline_mm
from companion.games.cannonades.camera.settings import ReaderSettings

BACK_IN_PIECES = ("one whole card's shape where the faint mask holds it, found in pieces (a blotched back's patches near "
                  "the cloth's colour), no card found in it, no marker")


@dataclass(frozen=True)
class PiecesSettings:
    # Every piece lies in the whole shape: at least this share of its sampled points (its rim may blur past it).
    piece_inside_least: float = 0.9
    # A card found may reach into the shape by no more than this share of it (its blurred rim, not a card under it).
    found_share_most: float = 0.02
    # The back is as sure as a faint whole back found by its shape alone (settings.unexplained_back_confidence).
    confidence: float = 0.7


PIECES = PiecesSettings()


def backs_in_pieces(blobs: list[face_down.Blob], shown: np.ndarray, covered: np.ndarray, view_to_table: np.ndarray,
                    settings: ReaderSettings, pieces: PiecesSettings = PIECES) -> list[face_down.Blob]:
    """The blobs, each whole back found in pieces one face-down blob in their place. `shown`: the blob mask or the
    faint mask (either, non-zero); `covered`: where the read faces lie."""
    split = [blob for blob in blobs if blob.face == "unknown" and blob.why.startswith(face_down.NOT_ONE_CARD)]
    if not split:
        return blobs
    mask = np.uint8((shown > 0) & (covered == 0)) * 255
    count, labels = cv2.connectedComponents(mask)
    table_to_view = np.linalg.inv(view_to_table)

    def labels_of(points_mm) -> np.ndarray:
        px = np.round(cv2.perspectiveTransform(np.array([points_mm], np.float64), table_to_view)[0]).astype(int)
        px[:, 0] = np.clip(px[:, 0], 0, labels.shape[1] - 1)
        px[:, 1] = np.clip(px[:, 1], 0, labels.shape[0] - 1)
        return labels[px[:, 1], px[:, 0]]

    found = np.zeros_like(mask)
    for blob in blobs:
        if blob.face != "unknown":
            outline = cv2.perspectiveTransform(card_outline_mm(blob.centre_mm, blob.axis_deg)[None], table_to_view)[0]
            cv2.fillPoly(found, [np.int32(np.round(outline))], 255)
    by_shape: dict[int, list[face_down.Blob]] = {}
    straying = set()   # shapes a piece lies mostly in but reaches out of: more than one card there
    for blob in split:
        inside = labels_of(blob.points_mm or (blob.centre_mm,))
        shape = int(np.bincount(inside, minlength=count).argmax())
        if shape and np.mean(inside == shape) >= pieces.piece_inside_least:
            by_shape.setdefault(shape, []).append(blob)
        else:
            straying.add(shape)
    others = [blob for blob in blobs if blob not in split]
    joined, replaced = [], set()
    for shape, members in by_shape.items():
        if shape in straying or any(labels_of((blob.centre_mm,))[0] == shape for blob in others):   # another card in it
            continue
        component = np.uint8(labels == shape) * 255
        if cv2.countNonZero(cv2.bitwise_and(component, found)) > pieces.found_share_most * cv2.countNonZero(component):
            continue
        contour = max(cv2.findContours(component, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0], key=cv2.contourArea)
        if not unexplained.whole_back(contour, settings):
            continue
        centre, axis = face_down.centre_axis(contour, view_to_table)
        area = cv2.contourArea(contour) / settings.top_px_per_mm ** 2
        joined.append(face_down.Blob("down", centre, axis, area, pieces.confidence, BACK_IN_PIECES))
        replaced.update(id(blob) for blob in members)
    if not joined:
        return blobs
    return [blob for blob in blobs if id(blob) not in replaced] + joined
