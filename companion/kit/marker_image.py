"""A printed marker as pixels: what the sheets print and what a renderer lays on a piece, from one place."""

from __future__ import annotations

import numpy as np

from companion.kit import ids
from companion.vision.markers import get_dictionary


def marker_image(marker_id: int, side_px: int, dictionary: str = ids.DICTIONARY) -> np.ndarray:
    """Marker `marker_id` as a `side_px` square grey image (0 black, 255 white), one module of black border."""
    import cv2

    return cv2.aruco.generateImageMarker(get_dictionary(dictionary), marker_id, side_px, borderBits=1)


def marker_modules(marker_id: int, dictionary: str = ids.DICTIONARY) -> np.ndarray:
    """The marker's modules, border included, one pixel each: True where the print is black."""
    bits = get_dictionary(dictionary).markerSize
    return marker_image(marker_id, bits + 2, dictionary) < 128
