"""The live picture of a board: every read cell outlined (the pipeline adds the reader's problem as a banner)."""

from __future__ import annotations

import numpy as np

from companion.games.cannonball_colony.observation import BoardObservation

GOOD, DOUBT, HIDDEN, ASKED = (80, 200, 80), (0, 170, 255), (60, 60, 230), (255, 0, 255)


def annotate(image: np.ndarray, observation: BoardObservation, highlight=()) -> np.ndarray:
    """The frame with every read cell outlined: green when sure, amber when unsure, red under a hand."""
    import cv2

    out = image.copy()
    # One drawing call per colour: each call lets go of the GIL, and while the reader thread
    # holds it every call waits its turn, so a call per cell would slow the picture down.
    by_colour: dict[tuple, list] = {GOOD: [], DOUBT: [], HIDDEN: []}
    for cell, outline in observation.cell_outlines.items():
        if cell in observation.hidden:
            colour = HIDDEN
        elif observation.confidence.get(cell, 1.0) < 0.6:
            colour = DOUBT
        else:
            colour = GOOD
        by_colour[colour].append(_points(outline))
    for colour, outlines in by_colour.items():
        if outlines:
            cv2.polylines(out, outlines, True, colour, 1, cv2.LINE_AA)
    asked = [_points(observation.cell_outlines[cell]) for cell in highlight if cell in observation.cell_outlines]
    if asked:
        cv2.polylines(out, asked, True, ASKED, 4, cv2.LINE_AA)
    return out


def _points(outline) -> np.ndarray:
    return np.asarray(outline, np.float32).reshape(-1, 1, 2).round().astype(np.int32)
