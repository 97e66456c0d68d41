"""A back found in pieces. A blotched or gradient back has patches near the cloth's colour: the blob mask
(face_down.blob_mask) cuts it into pieces of 0.2-0.5 of a card, each judged alone as a card-like shape not one
card, and the seat is asked. The faint mask (table_mask.TableDifference.faint_mask) holds the whole card. When
what shows there (blob mask or faint mask, off the read faces) is one piece that unexplained.whole_back calls one
whole card, no card found reaching into it, and every unknown piece in it lies wholly inside it, the pieces are
that one back, face down. A gloss band or a blotch cuts a back found by its shape the same way: pieces lying in one
whole card's shape beside the one back found in it are that back's own (one card's shape holds one card), and go.
Where the shape is larger than a card (the faint mask's halo, or a back found touching it), the pieces' own span is
measured, the cards found cut out: one whole card, touching no read face, is a back (_back_by_its_pieces).
Anything else (a row of backs touching end to end, a back half hidden, pieces beside a card found not spanning a
whole card) stays unknown."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from companion.games.cannonades.camera import face_down, touching, unexplained
from companion.games.cannonades.camera.paper_under_cannonade import card_outline_mm
from companion.games.cannonades.camera.settings import ReaderSettings
from companion.games.cannonades.kit import cards

BACK_IN_PIECES = ("one whole card's shape where the faint mask holds it, found in pieces (a blotched back's patches near "
                  "the cloth's colour), no card found in it, no marker")

BACK_IN_SPECKS = ("one whole card's shape where the faint mask holds it, the blob mask's pieces of it each too small for a "
                  "card (a blotched back's patches near the cloth's colour), no card found in it, no marker")


BACK_BY_ITS_PIECES = ("one whole card's span of the blob mask's pieces in a shape the faint mask's halo or a card found "
                      "beside it makes larger than a card (a back cut by a gloss band or blotches), no marker")


@dataclass(frozen=True)
class PiecesSettings:
    # Every piece lies in the whole shape: at least this share of its sampled points (its rim may blur past it).
    piece_inside_least: float = 0.9
    # A card found may reach into the shape by no more than this share of it (its blurred rim, not a card under it).
    found_share_most: float = 0.02
    # A piece of what shows holding no blob is a back in specks when at least this share of it is the blob mask's
    # (the rest the faint mask's; a shape the faint mask alone holds is unexplained.py's), it is no larger than this
    # many cards and solid, and the specks' hull is one whole card (unexplained.whole_back). Fresh tuning view 10864's
    # blotched back: 0.30 specks, 1.16 cards, solidity 0.94, hull 86 x 62 mm. 0.2 and 1.35 a choice, not fitted.
    specks_least: float = 0.2
    specks_shape_most_cards: float = 1.35
    # The back is as sure as a faint whole back found by its shape alone (settings.unexplained_back_confidence).
    confidence: float = 0.7
    # A shape that is not one card (the faint mask's halo widens it, or a back found touches it) is measured again by
    # the hull of its blob-mask pieces, the cards found in it cut out first, widened by this many mm (their blob
    # reaches past the card outline fitted to it by a blurred rim). Set by hand, not fitted.
    found_margin_mm: float = 4.0


PIECES = PiecesSettings()


def backs_in_pieces(blobs: list[face_down.Blob], shown: np.ndarray, covered: np.ndarray, view_to_table: np.ndarray,
                    settings: ReaderSettings, pieces: PiecesSettings = PIECES,
                    specks: np.ndarray | None = None) -> list[face_down.Blob]:
    """The blobs, each whole back found in pieces one face-down blob in their place. `shown`: the blob mask or the
    faint mask (either, non-zero); `covered`: where the read faces lie; `specks`: the blob mask, when a whole back
    whose every piece was too small for a blob (a speck) is looked for too."""
    split = [blob for blob in blobs if blob.face == "unknown" and blob.why.startswith(face_down.NOT_ONE_CARD)]
    if not split and specks is None:
        return blobs
    mask = np.uint8((shown > 0) & (covered == 0)) * 255
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask)
    table_to_view = np.linalg.inv(view_to_table)

    def labels_of(points_mm) -> np.ndarray:
        return _labels_at(labels, points_mm, table_to_view)

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
        if shape in straying:
            continue
        inside = [blob for blob in others if labels_of((blob.centre_mm,))[0] == shape]
        component = np.uint8(labels == shape) * 255
        contour = max(cv2.findContours(component, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0], key=cv2.contourArea)
        if _a_found_back_s_own(inside, contour, settings):
            replaced.update(id(blob) for blob in members)
            continue
        crowded = inside or (cv2.countNonZero(cv2.bitwise_and(component, found))
                             > pieces.found_share_most * cv2.countNonZero(component))   # another card in it
        if crowded or not unexplained.whole_back(contour, settings):
            back = (None if specks is None or any(blob.face == "unknown" for blob in inside) else
                    _back_by_its_pieces(component, members, specks, found, covered, labels_of, view_to_table, settings,
                                        pieces))
            if back is not None:
                joined.append(back)
                replaced.update(id(blob) for blob in members)
            continue
        centre, axis = face_down.centre_axis(contour, view_to_table)
        area = cv2.contourArea(contour) / settings.top_px_per_mm ** 2
        joined.append(face_down.Blob("down", centre, axis, area, pieces.confidence, BACK_IN_PIECES))
        replaced.update(id(blob) for blob in members)
    if specks is not None:
        joined += _backs_in_specks(blobs, labels, stats, specks, found, labels_of, view_to_table, settings, pieces)
    if not replaced and not joined:
        return blobs
    return [blob for blob in blobs if id(blob) not in replaced] + joined


def _back_by_its_pieces(component: np.ndarray, members: list[face_down.Blob], specks: np.ndarray, found: np.ndarray,
                        covered: np.ndarray, labels_of, view_to_table: np.ndarray, settings: ReaderSettings,
                        pieces: PiecesSettings) -> face_down.Blob | None:
    """One back whose pieces lie in a shape that is not one card: the faint mask's halo widened it (11098's purple back
    cut across by a gloss band: the shape 98 x 78 mm), or it touches a back found beside it (10715's column of two, the
    upper one's face as green as the felt). The cards found cut out, the part of the shape the pieces lie in is at
    most `specks_shape_most_cards`, its blob-mask pixels touch no read face (a face half under a cannonade shows its
    paper in pieces too: 10689's S18 was spanned so and counted a back), and their hull is one whole card."""
    margin = max(1, int(round(pieces.found_margin_mm * settings.top_px_per_mm)))
    widened = cv2.dilate(found, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * margin + 1, 2 * margin + 1)))
    rest = cv2.bitwise_and(component, cv2.bitwise_not(widened))
    count, labels = cv2.connectedComponents(rest)
    points = [point for blob in members for point in (blob.points_mm or (blob.centre_mm,))]
    inside = labels_of(points)   # the shape's labels; the pieces' places in `rest` are read the same way
    part_of = _labels_at(labels, points, np.linalg.inv(view_to_table))
    part = int(np.bincount(part_of, minlength=count).argmax())
    if not part or np.mean(part_of == part) < pieces.piece_inside_least or not inside.all():
        return None
    piece = np.uint8(labels == part) * 255
    if cv2.countNonZero(piece) > pieces.specks_shape_most_cards * cards.CARD_AREA_MM2 * settings.top_px_per_mm ** 2:
        return None
    own = cv2.bitwise_and(piece, specks)   # the blob mask's: the faint mask's halo may reach a face a gap away
    shown = cv2.findNonZero(own)
    if shown is None or touching.touches(own, covered, settings):
        return None
    hull = cv2.convexHull(shown)
    if not unexplained.whole_back(hull, settings):
        return None
    centre, axis = face_down.centre_axis(hull, view_to_table)
    return face_down.Blob("down", centre, axis, cv2.contourArea(hull) / settings.top_px_per_mm ** 2, pieces.confidence,
                          BACK_BY_ITS_PIECES)


def _labels_at(labels: np.ndarray, points_mm, table_to_view: np.ndarray) -> np.ndarray:
    """The labels under table points (mm), each point taken into the view and kept on the picture."""
    px = np.round(cv2.perspectiveTransform(np.array([points_mm], np.float64), table_to_view)[0]).astype(int)
    px[:, 0] = np.clip(px[:, 0], 0, labels.shape[1] - 1)
    px[:, 1] = np.clip(px[:, 1], 0, labels.shape[0] - 1)
    return labels[px[:, 1], px[:, 0]]


def _a_found_back_s_own(inside: list[face_down.Blob], contour, settings: ReaderSettings) -> bool:
    """Whether the pieces in a shape are a back's found beside them: the shape one whole card holding that one back
    (a gloss band or a blotch cut it; one card's shape holds one card; tuning 9488, 9667, 9907 seat 1)."""
    return len(inside) == 1 and inside[0].face == "down" and unexplained.whole_back(contour, settings)


def _backs_in_specks(blobs: list[face_down.Blob], labels: np.ndarray, stats: np.ndarray, specks: np.ndarray,
                     found: np.ndarray, labels_of, view_to_table: np.ndarray, settings: ReaderSettings,
                     pieces: PiecesSettings) -> list[face_down.Blob]:
    """Whole backs the blob mask cut into specks only (each under `partial_card_share` of a card: no blob at all,
    yet taken as explained, so nothing asked; fresh tuning view 10864, a blotched back on navy cloth): a solid piece
    of what shows holding no blob, no card found reaching into it, `specks_least` of it specks, whose specks span
    one whole card."""
    taken = set(labels_of(tuple(blob.centre_mm for blob in blobs)).tolist()) if blobs else set()
    for blob in blobs:
        if blob.points_mm:
            taken.update(labels_of(blob.points_mm).tolist())
    least = settings.unexplained_back_least_cards * cards.CARD_AREA_MM2 * settings.top_px_per_mm ** 2
    backs = []
    for shape in range(1, len(stats)):
        if shape in taken or stats[shape, cv2.CC_STAT_AREA] < least:
            continue
        x, y, w, h = stats[shape, :4]
        component = np.uint8(labels[y:y + h, x:x + w] == shape) * 255
        size = cv2.countNonZero(component)
        if (cv2.countNonZero(cv2.bitwise_and(component, found[y:y + h, x:x + w])) > pieces.found_share_most * size
                or cv2.countNonZero(cv2.bitwise_and(component, specks[y:y + h, x:x + w])) < pieces.specks_least * size):
            continue
        if size > pieces.specks_shape_most_cards * cards.CARD_AREA_MM2 * settings.top_px_per_mm ** 2:
            continue
        outline = max(cv2.findContours(component, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0], key=cv2.contourArea)
        if cv2.contourArea(outline) < settings.unexplained_back_solidity * cv2.contourArea(cv2.convexHull(outline)):
            continue
        # The faint mask's halo widens the shape past a card (10864: 94 x 75 mm); the specks span the card itself.
        hull = cv2.convexHull(cv2.findNonZero(cv2.bitwise_and(component, specks[y:y + h, x:x + w])) + [int(x), int(y)])
        if not unexplained.whole_back(hull, settings):
            continue
        centre, axis = face_down.centre_axis(hull, view_to_table)
        area = cv2.contourArea(hull) / settings.top_px_per_mm ** 2
        backs.append(face_down.Blob("down", centre, axis, area, pieces.confidence, BACK_IN_SPECKS))
    return backs
