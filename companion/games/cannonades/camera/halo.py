"""A read face's halo taken for an arm. A face-up card lying over the play area's edge reaches beyond it, so
the arm finder (arms.py) takes the card itself for an arm and grows it; cut out as a read face, the card leaves
a ring of table round it, 17-19 mm wide on tuning views, that still reaches in from beyond the play area and so
would leave its seat unsure. A real arm reaches hundreds of mm from any face, and is not the table's colour.
A back's strip beside a face could make the same shape, but its print differs from the table: only a shape
lying wholly near the read faces with next to nothing in it off the table's colour (smoothed, above the faint
level a card is found at, past the faces' blurred edges) is a halo, and is table."""

from __future__ import annotations

import cv2
import numpy as np

from companion.games.cannonades.camera.settings import ReaderSettings
from companion.games.cannonades.camera.table_mask import TableDifference
from companion.games.cannonades.kit import cards


def only_halo(contour, cover: np.ndarray, difference: TableDifference, settings: ReaderSettings) -> bool:
    """Whether a shape reaching in (a contour in the top view's px) is only the halo of the read faces:
    every pixel of it within `halo_reach_mm` of a face's footprint (`cover`: the faces grown by their cut
    margin), and under `halo_substance_cards` of a card's area of it, farther than `halo_clear_mm` from
    them, off the table's colour."""
    scale = settings.top_px_per_mm
    reach = int(round(settings.halo_reach_mm * scale)) + 1
    x, y, w, h = cv2.boundingRect(contour)
    x0, y0 = max(x - reach, 0), max(y - reach, 0)
    x1, y1 = min(x + w + reach, cover.shape[1]), min(y + h + reach, cover.shape[0])
    faces = cover[y0:y1, x0:x1]
    fx, fy, fw, fh = cv2.boundingRect(faces)
    beyond = (x - x0 < fx - reach or y - y0 < fy - reach or x + w - x0 > fx + fw + reach
              or y + h - y0 > fy + fh + reach)
    if fw == 0 or beyond:   # no face, or part of the shape beyond the faces' box grown by the reach (an arm): cheap
        return False
    shape = np.zeros(faces.shape, np.uint8)
    cv2.drawContours(shape, [contour - [x0, y0]], -1, 255, cv2.FILLED)
    shape[faces > 0] = 0
    from_faces = cv2.distanceTransform(np.uint8(faces == 0), cv2.DIST_L2, 3) / scale
    inside = shape > 0
    if not inside.any() or float(from_faces[inside].max()) > settings.halo_reach_mm:
        return False
    off_colour = difference.smooth[y0:y1, x0:x1] > difference.faint ** 2
    substance = np.count_nonzero(inside & off_colour & (from_faces > settings.halo_clear_mm)) / scale ** 2
    return substance < settings.halo_substance_cards * cards.CARD_MM[0] * cards.CARD_MM[1]
