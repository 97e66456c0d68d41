"""A lonely cannonade's ship found placed off along its own axis: a card whose strip shows between a face-up card and
a cannonade, the rest of it under them, is fitted to what shows, and what shows does not say where along its length
it lies: its rectangle may slide toward either face and still hold all of its strip inside what shows and the faces.
Placed toward the other face (tuning views 5967, 5977: backs 43 and 54 mm toward the face-up ship beside them, over
it), the cannonade laid on it was counted lonely and its seat asked. A cannonade lies on a ship (the rules): when the
card can slide so far under the cannonade that it is the ship the cannonade lies on (its centre within
`cannonade_reach_mm`), and it is the one such card, it is."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from companion.games.cannonades.camera.settings import ReaderSettings
from companion.games.cannonades.camera.touching import box_around


@dataclass(frozen=True)
class SlideSettings:
    """How a card found by its shape may slide along its length (slide_under); tuning views 5967 and 5977, seeds
    below 6100. The strip it shows, off the faces and the other cards found (its rim, `rim_px`, opened away), stays
    `strip_kept` inside the slid rectangle; the slid rectangle lies `ReaderSettings.split_inside` in what shows and
    the faces, as any card split from a shape must; tried every `step_px`."""
    strip_kept: float = 0.95
    rim_px: int = 2
    step_px: float = 2.0


SLIDE_SETTINGS = SlideSettings()


def slid_centre(card_px: np.ndarray, cannonade_px: np.ndarray, shown: np.ndarray, cover: np.ndarray,
                others_px: list[np.ndarray], view_to_table: np.ndarray, settings: ReaderSettings,
                slide: SlideSettings = SLIDE_SETTINGS) -> tuple[float, float] | None:
    """Where (table mm) a card found by its shape (`card_px`, its rectangle or outline in the top view's px) may lie
    along its length nearest a lonely cannonade (`cannonade_px`), still holding what shows of it (in `shown`, off
    `cover`, the faces with their cut margin, and off `others_px`, the other cards found), `split_inside` in `shown`
    and `cover`: when its centre comes within `cannonade_reach_mm` of the cannonade's, that place, else None."""
    corners = np.float64(card_px).reshape(-1, 2)
    if len(corners) != 4:   # a faint back's outline: its fitted rectangle
        corners = np.float64(cv2.boxPoints(cv2.minAreaRect(np.float32(corners))))
    sides = [corners[1] - corners[0], corners[2] - corners[1]]
    length = max(sides, key=lambda side: np.hypot(*side))
    along = length / max(np.hypot(*length), 1e-6)
    centre, target = corners.mean(axis=0), np.float64(cannonade_px).reshape(-1, 2).mean(axis=0)
    reach = float(np.dot(target - centre, along))
    pad = int(np.ceil(abs(reach))) + 2
    x0, y0, x1, y1 = box_around(np.int32(np.round(np.vstack([corners, np.float64(cannonade_px).reshape(-1, 2)]))), pad,
                                shown.shape)

    def window(outline) -> np.ndarray:   # an outline in the box's px
        return np.int32(np.round(np.asarray(outline, np.float64).reshape(-1, 2) - [x0, y0]))

    room = (shown[y0:y1, x0:x1] > 0) | (cover[y0:y1, x0:x1] > 0)
    strip = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.fillPoly(strip, [window(corners)], 255)
    strip[(shown[y0:y1, x0:x1] == 0) | (cover[y0:y1, x0:x1] > 0)] = 0
    for other in others_px:
        cv2.fillPoly(strip, [window(other)], 0)
    rim = 2 * slide.rim_px + 1
    strip = cv2.morphologyEx(strip, cv2.MORPH_OPEN, np.ones((rim, rim), np.uint8)) > 0
    if not strip.any():
        return None
    best = None
    for shift in np.arange(0.0, abs(reach) + slide.step_px, slide.step_px):   # slid on while it still fits
        moved = corners + along * np.sign(reach) * min(shift, abs(reach))
        card = np.zeros_like(strip, np.uint8)
        cv2.fillPoly(card, [window(moved)], 255)
        inside = card > 0
        if strip[inside].sum() < slide.strip_kept * strip.sum() or room[inside].mean() < settings.split_inside:
            break
        best = moved.mean(axis=0)
    if best is None:
        return None
    best_mm = cv2.perspectiveTransform(best[None, None], view_to_table)[0, 0]
    target_mm = cv2.perspectiveTransform(target[None, None], view_to_table)[0, 0]
    if np.hypot(*(best_mm - target_mm)) >= settings.cannonade_reach_mm:
        return None
    return float(best_mm[0]), float(best_mm[1])
