"""How round a flat top's pips can read once the photo's blur is stretched onto the die's plane. The pip counter
looks at a die's top straight down on a plane at a die's height (pip_counter.py), where a flat top's pips are
round discs; but the photo blurs them in the picture, about alike every way, and a pixel of the picture covers more
of the die's plane along the line of sight than across it, the more so the lower the camera (seen from 30 degrees
up, about twice as much). So a flat top's blurred pips, seen straight down, are stretched along the line of sight:
a pip a few pixels across in the picture reads squashed as a cocked die's tilted top does. The squash this alone
makes is worked out here from the view (a blur of `picture_blur_px` in the picture, a round pip of the radius found),
so the pips are doubted only when squashed beyond it (face_checks.pips_squashed). The same blur, measured in the
die-top view's pixels (blur_reach_px), is how far a far die's side or the table beyond it is smeared onto its top's
edges: a die at the picture's far side is a few pixels across, and its edges may stray more (face_checks.outline_limit)."""

from __future__ import annotations

import math

import numpy as np

from companion.games.black_cannon.camera.board_view import BoardView
from companion.games.black_cannon.camera.settings import ReaderSettings

# A flat disc's second moment along any axis, over its radius squared.
DISC_MOMENT = 0.25


def picture_px_on_plane(view: BoardView, origin_mm, px_per_mm: float, height_mm: float, point_px) -> np.ndarray:
    """The 2x2 spread (second moments) on the die-top view (`px_per_mm`, its top-left at `origin_mm`, the plane
    `height_mm` up) that one picture pixel of spread, the same every way, makes round `point_px` of that view."""
    inverse = np.linalg.inv(view_to_picture(view, origin_mm, px_per_mm, height_mm, point_px))
    return inverse @ inverse.T


def view_to_picture(view: BoardView, origin_mm, px_per_mm: float, height_mm: float, point_px) -> np.ndarray:
    """The 2x2 Jacobian from the die-top view's px (as picture_px_on_plane's view) to picture px round `point_px`."""
    scale = np.array([[1 / px_per_mm, 0, origin_mm[0]], [0, 1 / px_per_mm, origin_mm[1]], [0, 0, 1.0]])
    matrix = view.raised(height_mm) @ scale          # die-top view px -> picture px
    x, y = float(point_px[0]), float(point_px[1])
    w = matrix[2, 0] * x + matrix[2, 1] * y + matrix[2, 2]
    seen = (matrix[:2, 0] * x + matrix[:2, 1] * y + matrix[:2, 2]) / w
    return (matrix[:2, :2] - np.outer(seen, matrix[2, :2])) / w


def flat_pips_roundness(view: BoardView, origin_mm, settings: ReaderSettings, point_px, pip_radius_px: float) -> float:
    """How round (as die_face.pips_roundness measures it: 1 round) a flat top's round pips of `pip_radius_px` round
    `point_px` of the die-top view read after a blur of `picture_blur_px` in the picture."""
    spread = DISC_MOMENT * pip_radius_px ** 2 * np.eye(2) + settings.picture_blur_px ** 2 * picture_px_on_plane(
        view, origin_mm, settings.dice_px_per_mm, settings.die_top_guess_mm, point_px)
    low, high = np.linalg.eigvalsh(spread)
    return float(math.sqrt(max(low, 0.0) / high))


def blur_reach_px(view: BoardView, origin_mm, settings: ReaderSettings, point_px) -> float:
    """How far (die-top view px) a blur of `picture_blur_px` in the picture reaches round `point_px` of the die-top
    view, along the way it reaches farthest: a far die is small in the picture, so its blur covers more of its top."""
    spread = picture_px_on_plane(view, origin_mm, settings.dice_px_per_mm, settings.die_top_guess_mm, point_px)
    return settings.picture_blur_px * math.sqrt(float(np.linalg.eigvalsh(spread)[-1]))
