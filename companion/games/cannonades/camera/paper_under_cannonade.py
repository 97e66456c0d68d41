"""A card found by its shape under a read cannonade, what shows of it a face's paper and ink: the ship that cannonade
lies on, face up, its markers hidden. face_down leaves a card whose corners its neighbours hide and that shows a
face's paper and ink unknown (MOSTLY_PAPER): in a row it may be a cannonade lying on a ship, or a face to read again.
A card reaching under a read cannonade is no cannonade (a cannonade is laid onto a ship, never under one), so such a
card, its markers still unread, is a face-up ship (tuning views 7432 and 7581: S38 under C18, S32 under C19, each
0.8 of it showing, asked although the seat's count was plain)."""

from __future__ import annotations

from dataclasses import dataclass, replace

import cv2
import numpy as np

from companion.games.cannonades.camera import face_down
from companion.games.cannonades.camera.face_up import PlacedFace
from companion.games.cannonades.camera.settings import ReaderSettings
from companion.games.cannonades.deck import Deck
from companion.games.cannonades.kit import cards, table

PAPER_UNDER_CANNONADE = (f"{face_down.MOSTLY_PAPER}, reaching under a read cannonade: the ship it lies on, face up, "
                         "its markers hidden")


@dataclass(frozen=True)
class PaperUnderSettings:
    # Its rectangle, fitted to what shows of it, lies a little off the cannonade over it: within the cannonade's cut
    # margin (face_up_margin_mm) and this past it is touching, as a face's strip touches it (paper_strip's reach_mm).
    reach_mm: float = 4.0


PAPER_UNDER = PaperUnderSettings()


def card_outline_mm(centre_mm: tuple[float, float], axis_deg: float) -> np.ndarray:
    """The four corners (table mm) of a card lying at `centre_mm` with its long axis `axis_deg` from north."""
    along = np.array(table.direction_vector(axis_deg)) * cards.CARD_MM[1] / 2
    across = np.array([-along[1], along[0]]) * cards.CARD_MM[0] / cards.CARD_MM[1]
    centre = np.array(centre_mm, np.float64)
    return np.array([centre - along - across, centre - along + across, centre + along + across, centre + along - across])


def gap_to_cannonade_mm(blob: face_down.Blob, faces: list[PlacedFace], deck: Deck,
                        players: int | None = None) -> float | None:
    """The least gap (table mm) between the card's rectangle and a read cannonade's, 0 when they overlap; None when no
    cannonade is read. With `players`, only the cannonades in a seat (one in the discard pile lies on no ship)."""
    outline = np.float32(card_outline_mm(blob.centre_mm, blob.axis_deg)).reshape(-1, 1, 2)
    gaps = []
    for face in faces:
        if deck.cards[face.index].kind == "cannonade" and (
                players is None or table.area_of(*face.centre_mm, players).startswith("seat")):
            corners = np.float32(face.corners_mm).reshape(-1, 1, 2)
            inside = max(max(cv2.pointPolygonTest(corners, tuple(map(float, point[0])), True) for point in outline),
                         max(cv2.pointPolygonTest(outline, tuple(map(float, point[0])), True) for point in corners))
            gaps.append(max(0.0, -inside) if cv2.intersectConvexConvex(outline, corners)[0] <= 0 else 0.0)
    return min(gaps, default=None)


def faces_under_cannonades(blobs: list[face_down.Blob], faces: list[PlacedFace], deck: Deck, players: int,
                           settings: ReaderSettings, paper: PaperUnderSettings = PAPER_UNDER) -> list[face_down.Blob]:
    """`blobs` with each paper-and-ink card (MOSTLY_PAPER) whose rectangle touches a seat's read cannonade (within its
    cut margin and `reach_mm`) made a face-up card at `under_face_confidence` (the reader counts it its seat's ship,
    unnamed)."""
    out = []
    for blob in blobs:
        if blob.face == "unknown" and blob.why == face_down.MOSTLY_PAPER:
            gap = gap_to_cannonade_mm(blob, faces, deck, players)
            if gap is not None and gap <= settings.face_up_margin_mm + paper.reach_mm:
                blob = replace(blob, face="up", confidence=settings.under_face_confidence, why=PAPER_UNDER_CANNONADE)
        out.append(blob)
    return out
