"""A faint shape's outline found again at a level of its own. The reader's masks cut the colour distance from
the table at fixed levels (or one the whole view's noise sets): a back a few units off a cloth of nearly its colour
(slate on navy, ember on burgundy) crosses such a level only in patches, its pattern and the sensor's noise making
its outline ragged, no card's shape. Averaged wider, and cut midway between what the shape covers and the table
around it, the same back's outline is its rectangle again. Used on a piece of what no card explains
(unexplained.backs_in: a column of slate backs) and on a blob that is not one card (face_down._judge: an ember back
whose diamond made its blob a stump with a point)."""

from __future__ import annotations

import cv2
import numpy as np

from companion.games.cannonades.camera import table_mask
from companion.games.cannonades.camera.settings import ReaderSettings


def refit(piece, difference: table_mask.TableDifference, explained: np.ndarray,
          settings: ReaderSettings) -> np.ndarray | None:
    """The piece's outline (the top view's px, a contour) found again on the colour distance averaged over
    `refit_smooth_mm` (what is `explained` left out of the average), cut midway between the piece's and the
    table's around it (a ring `refit_ring_mm` out), grown at most `refit_reach_mm`, nothing explained taken in,
    opened by `unexplained_faint_open_mm`: the largest shape overlapping the piece. None when no table shows
    around it, nothing is left, or that shape holds less than `refit_holds` of the piece: the refit finds the
    piece's outline again, never a part of it (two backs touching, one of them fainter, are not one back)."""
    scale = settings.top_px_per_mm
    reach = int(round(settings.refit_reach_mm * scale))
    near, far = (_odd(2 * mm * scale) for mm in settings.refit_ring_mm)
    pad = max(reach, far)
    x, y, w, h = cv2.boundingRect(piece)
    x0, y0 = max(x - pad, 0), max(y - pad, 0)
    x1, y1 = min(x + w + pad, explained.shape[1]), min(y + h + pad, explained.shape[0])
    inside = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.drawContours(inside, [piece - [x0, y0]], -1, 255, cv2.FILLED)
    free = (explained[y0:y1, x0:x1] == 0).astype(np.float32)
    window = (_odd(settings.refit_smooth_mm * scale),) * 2
    averaged = cv2.blur(difference.squared[y0:y1, x0:x1].astype(np.float32) * free, window) / np.maximum(
        cv2.blur(free, window), 1e-3)
    ring = (cv2.dilate(inside, np.ones((far, far), np.uint8)) > 0) & (cv2.dilate(inside, np.ones((near, near), np.uint8)) == 0)
    own, around = averaged[(inside > 0) & (free > 0)], averaged[ring & (free > 0)]
    if own.size == 0 or around.size == 0:
        return None
    level = (float(np.median(own)) + float(np.median(around))) / 2
    grown_piece = cv2.dilate(inside, np.ones((2 * reach + 1,) * 2, np.uint8)) > 0
    shape = ((averaged > level) & grown_piece & (free > 0)).astype(np.uint8) * 255
    shape = cv2.morphologyEx(shape, cv2.MORPH_OPEN, np.ones((_odd(settings.unexplained_faint_open_mm * scale),) * 2,
                                                            np.uint8))
    overlapping = [contour for contour in cv2.findContours(shape, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0]
                   if cv2.countNonZero(cv2.bitwise_and(_drawn(contour, shape.shape), inside))]
    if not overlapping:
        return None
    found = max(overlapping, key=cv2.contourArea)
    held = cv2.countNonZero(cv2.bitwise_and(_drawn(found, shape.shape), inside)) / max(cv2.countNonZero(inside), 1)
    return found + [x0, y0] if held >= settings.refit_holds else None


def _drawn(contour, shape: tuple[int, ...]) -> np.ndarray:
    canvas = np.zeros(shape, np.uint8)
    cv2.drawContours(canvas, [contour], -1, 255, cv2.FILLED)
    return canvas


def _odd(px: float) -> int:
    return int(round(px)) | 1
