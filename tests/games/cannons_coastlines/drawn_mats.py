"""Mats drawn from above for the mat reader's unit tests: white paper with coloured rectangles (mm), at the
resolution the reader looks at a mat's fittings zone."""

from __future__ import annotations

import cv2
import numpy as np

from companion.games.cannons_coastlines.camera.mat_picture import MAT_PX_PER_MM
from companion.games.cannons_coastlines.kit import pieces as kit

PAPER, SAIL = (235, 235, 235), (120, 125, 130)   # BGR, as white-balanced


def mat_with(*rectangles) -> np.ndarray:
    """A blank mat with each ((x, y, w, h) mm, BGR colour) filled in, in order."""
    picture = np.full((int(kit.MAT_MM[1] * MAT_PX_PER_MM), int(kit.MAT_MM[0] * MAT_PX_PER_MM), 3), PAPER, np.uint8)
    for (x, y, w, h), colour in rectangles:
        cv2.rectangle(picture, (int(x * MAT_PX_PER_MM), int(y * MAT_PX_PER_MM)),
                      (int((x + w) * MAT_PX_PER_MM) - 1, int((y + h) * MAT_PX_PER_MM) - 1), colour, -1)
    return picture
