"""A stretch of pole with a fleet's paint beside it, off the prizes: a pale mast (mats.read_fittings).

Taught, a thin blob showing no paint and covering less than a taught mast is let go as a stretch of pole (a
pennant's part seen as its own blob). But a pale striped or pennant mast with a pale pole leaves only its
pole in the prize mask: its sail is as pale as the paper, and its band or pennant, painted pale or blurred on a
far mat, is too little saturated for the mask while still showing its fleet's hue (MatSettings.paint_min_chroma
and up). That paint lies beside the pole, off every prize's blob. A stretch of pole with such paint within
MatSettings.pole_paint_reach_mm of it, a MatSettings.pole_paint_least_mm2 worth of one fleet's, is read as a mast
of that fleet, always asked about (the players confirm it). Paint near another prize's blob is that prize's
(a pennant's or a lid's blur), and paint taken by one stretch is not taken again by the next (a pole's two parts).
"""

from __future__ import annotations

from typing import Callable

import cv2
import numpy as np

from companion.games.cannons_coastlines.camera.mat_picture import MAT_PX_PER_MM
from companion.games.cannons_coastlines.camera.settings import MatSettings

# A 0/1 mask of the zone -> each fleet's paint found within it (0/1 each): mats._fleet_paint over the whole zone.
PaintWithin = Callable[[np.ndarray], dict[int, np.ndarray]]


class PolePaint:
    """The paint lying off the prizes of one fittings zone, handed out to the stretches of pole beside it."""

    def __init__(self, mask: np.ndarray, paint_within: PaintWithin, settings: MatSettings = MatSettings()):
        self.settings = settings
        self._mask = mask > 0
        self._paint_within = paint_within
        self._taken = np.zeros(mask.shape, bool)

    def mast_beside(self, blob: np.ndarray) -> tuple[int, float]:
        """(fleet, mm^2) of the most of one fleet's paint lying within reach of `blob`, off it (its own pixels were
        judged by its colours: a pole's shade) and near no other prize's blob, when that is MatSettings.pole_paint_least_mm2 or more (its pixels are then taken); else (0, mm^2)."""
        settings = self.settings
        reach = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (int(2 * settings.pole_paint_reach_mm * MAT_PX_PER_MM) | 1,) * 2)
        near = cv2.dilate(blob.astype(np.uint8), reach) > 0
        clear = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (int(2 * settings.paint_join_mm * MAT_PX_PER_MM) | 1,) * 2)
        others = cv2.dilate((self._mask & ~blob).astype(np.uint8), clear) > 0
        where = near & ~others & ~self._mask & ~self._taken
        if not where.any():
            return 0, 0.0
        shown = {fleet: (paint > 0) & where for fleet, paint in self._paint_within(where.astype(np.uint8)).items()}
        fleet = max(shown, key=lambda f: int(shown[f].sum()), default=0)
        mm2 = float(shown[fleet].sum()) / MAT_PX_PER_MM ** 2 if fleet else 0.0
        if mm2 < settings.pole_paint_least_mm2:
            return 0, mm2
        self._taken |= shown[fleet]
        return fleet, mm2
