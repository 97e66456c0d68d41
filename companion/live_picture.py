"""What the live picture shares across games: a banner for what cannot be drawn, or a reading's problem."""

from __future__ import annotations

import numpy as np


def banner(image: np.ndarray, text: str) -> np.ndarray:
    import cv2

    out = image.copy()
    height = max(28, image.shape[0] // 18)
    cv2.rectangle(out, (0, 0), (image.shape[1], height), (30, 30, 30), -1)
    cv2.putText(out, text, (10, int(height * 0.72)), cv2.FONT_HERSHEY_SIMPLEX, height / 42, (255, 255, 255), 1, cv2.LINE_AA)
    return out
