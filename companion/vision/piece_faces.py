"""How much lighter a piece's top face is than its sides, where a kind's solid says they show.

Two kinds of one silhouette from above (a short wide cannon and a tall narrow fort) put their top faces in other
places of it: a solid drawn at the piece's place under the camera (companion.vision.piece_solids) says which of
the silhouette's pixels its top face covers and which its sides. Under one light a kind's top is lit alike
wherever it stands, so the contrast (the median log lightness of the paint on the top face less that on the
sides) measured with the right kind's solid is near what its teaching square showed; with a wrong kind's solid,
top and sides are each a mix of the piece's faces and the contrast is off. Paint and light strength drop out of
a difference of logs.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from companion.vision.piece_solids import Solid, Window, cast, drawn_levels, silhouette
from companion.vision.plane_camera import PlaneCamera


@dataclass(frozen=True)
class FaceSettings:
    least_pixels: int = 8    # of the piece's paint on the top face and on the sides, or no contrast worth comparing


def face_contrast(lightness: np.ndarray, shown: np.ndarray, solid: Solid, centre_mm, camera: PlaneCamera,
                  window: Window, settings: FaceSettings = FaceSettings()) -> float | None:
    """The median log lightness of the `shown` pixels (the piece's paint) on `solid`'s top face, standing at
    `centre_mm`, less that on its sides; None when either shows too few of them."""
    centre = np.asarray(centre_mm, np.float64)
    # More than half covered: a drawn level over 127 of 255 (drawn()'s share over 0.5, without the float copy).
    top = drawn_levels(cast(centre + solid.footprint(solid.top), solid.height_mm, camera), window) > 127
    whole = drawn_levels(silhouette(solid, centre, camera), window) > 127
    on_top, on_sides = shown & top, shown & whole & ~top
    if on_top.sum() < settings.least_pixels or on_sides.sum() < settings.least_pixels:
        return None
    return float(np.median(lightness[on_top]) - np.median(lightness[on_sides]))


def contrast_gap(seen: float | None, taught: list[float]) -> float | None:
    """How far a piece's contrast is from the median of a kind's taught ones; None when either side has none."""
    taught = [value for value in taught if value is not None]
    if seen is None or not taught:
        return None
    return abs(seen - float(np.median(taught)))
