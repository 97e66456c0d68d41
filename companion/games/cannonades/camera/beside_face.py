"""A card beside a read face: a dim back a few mm from a face-up card comes out one shape with the table gap
between them (the mask's closing joins them across it). One card rectangle in that shape, all it leaves lying in
the gap beside the face and as near the table's colour as a gap is, is that card; a second card's strip or a
hand is not explained so. A faint shape's halo widens it past a card all round as well: shrunk by the halo, the
same test finds the back between two faces (card_beside_face_in_halo)."""

from __future__ import annotations

import cv2
import numpy as np

from companion.games.cannonades.camera import touching
from companion.games.cannonades.camera.settings import ReaderSettings
from companion.games.cannonades.kit import cards


def card_beside_face(contour: np.ndarray, settings: ReaderSettings, cover: np.ndarray) -> touching.SplitCard | None:
    """One card rectangle in a blob touching a read face (`cover`: the faces' footprints with their cut margin)
    when all the blob holds beyond it lies in the gap next to that face, within `beside_face_gap_mm` of it: the
    table between them taken in, not a second card or a hand. The rectangle lies beside the face, not under it
    (a card under a face is split_blob's, judged by the paper showing), or None."""
    scale = settings.top_px_per_mm
    card_px = cards.CARD_AREA_MM2 * scale ** 2
    if not 1 - settings.card_area_tolerance <= cv2.contourArea(contour) / card_px <= settings.beside_face_max_cards:
        return None
    blob, face, offset = touching.blob_and_faces(contour, settings, cover)
    if not touching.touches(blob, face, settings):
        return None
    far = cv2.bitwise_not(_gap_beside(face, settings))
    canvas = np.zeros_like(blob)
    best, best_inside = None, 0.0
    polygon = cv2.approxPolyDP(contour - offset, settings.split_outline_px, True).reshape(-1, 2).astype(np.float64)
    for outline in touching.rectangles_on(polygon, settings):
        inside = touching.inside_share(canvas, blob, outline)
        if inside < settings.split_inside or inside <= best_inside:
            continue
        if touching.inside_share(canvas, face, outline) > settings.beside_face_overlap:
            continue
        beyond = cv2.bitwise_and(touching.cut_out(blob.copy(), outline, settings), far)
        if cv2.countNonZero(beyond) <= (1 - settings.fit_holds) * card_px:
            best, best_inside = touching.SplitCard(outline + offset, inside), inside
    return best


def gap_is_table(contour: np.ndarray, settings: ReaderSettings, cover: np.ndarray, card: touching.SplitCard,
                 squared: np.ndarray) -> bool:
    """Whether what a blob holds beyond the card `card_beside_face` found is the table gap it took in: its colour
    distance from the table (`squared`, the view's squared distance; the median) at most `beside_face_gap_share` of
    the card's own, `beside_face_inset_mm` inside its edges. A second card's strip is as far from the table as
    the card (tuning view 3049: two backs end to end, the second half under a cannonade, 50 against 51; the faint
    backs joined to a face across the gap, 195 and 2043: 4.9 against 14.9 and 3.5 against 20.7)."""
    blob, _, offset = touching.blob_and_faces(contour, settings, cover)
    beyond = touching.cut_out(blob, card.outline_px - offset, settings) > 0
    inset = 2 * int(round(settings.beside_face_inset_mm * settings.top_px_per_mm)) + 1
    inside = np.zeros_like(blob)
    cv2.fillPoly(inside, [np.int32(np.round(card.outline_px - offset))], 255)
    inside = cv2.erode(inside, np.ones((inset, inset), np.uint8)) > 0
    if not beyond.any() or not inside.any():
        return True
    distance = np.sqrt(touching.seen_through(squared, offset, blob.shape).astype(np.float32))
    return float(np.median(distance[beyond])) <= settings.beside_face_gap_share * float(np.median(distance[inside]))


def card_beside_face_in_halo(contour: np.ndarray, settings: ReaderSettings, cover: np.ndarray,
                             squared: np.ndarray) -> touching.SplitCard | None:
    """card_beside_face, its gap the table's (gap_is_table), on a faint shape shrunk by its halo (`split_halo_mm`, as
    touching.fitted_in_halo): a dim back between two faces with the gaps to both taken in comes out wider and
    longer than a card by its halo all round, no rectangle on its outline leaving only the gaps (tuning view 6813:
    an ember back on beige linen between S17 and S23, one shape 107 x 75 mm, 1.3 cards' area, its seat asked)."""
    shrunk = touching.grown_outline(contour, -settings.split_halo_mm * settings.top_px_per_mm)
    card = None if shrunk is None else card_beside_face(shrunk, settings, cover)
    return card if card is not None and gap_is_table(shrunk, settings, cover, card, squared) else None


def _gap_beside(face: np.ndarray, settings: ReaderSettings) -> np.ndarray:
    """The faces' footprints grown by `beside_face_gap_mm`: the table gap beside them a blob may have taken in."""
    reach = 2 * int(round(settings.beside_face_gap_mm * settings.top_px_per_mm)) + 1
    return cv2.dilate(face, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (reach, reach)))
