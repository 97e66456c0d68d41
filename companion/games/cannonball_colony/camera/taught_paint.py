"""A country's paint as its teaching squares showed it, kept clear of what is not the piece.

Each square's paint is the median of the brightest of the points that showed a piece (SquareLook.colour: lit faces,
not shaded ones). But the points that show "a piece" are those vivid enough, and on the sheet that is not only the
piece: paper in a tall neighbour's tinted shadow, or the piece in front of it leaning over its square, pass too. Under
a dark paint (a navy disc, a deep green tower) such points are the brightest, so they are what colour() gives: 7509's
French paint came out beige and its Portuguese one olive-brown, and every French piece on the island was read as
Portuguese (seeds 7500-7599: seven of 368 countries' paints more than 40 degrees of hue off their true paint).

The points of a square's own paint share its chromaticity (the red, green and blue shares of its colour: a shaded
face is darker, not another hue), and they are most of its points: the paint is taken from those points near their
median chromaticity, brightest first. Only where that turns the country's paint's hue far (the lit points were
another colour's) is it used; otherwise the paint stays as colour() gives it, lit faces and all, since the island's
pieces are named against it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from calibration.piece_looks_file import SquareLook
from companion.vision.colour_classes import lab_of_linear


@dataclass(frozen=True)
class PaintSettings:
    lit_share: float = 0.4          # the brightest share of the paint's points, as SquareLook.colour takes them
    # A point is the square's own paint when its chromaticity (summed absolute difference of its red, green and blue
    # shares) lies this near the median of the square's points that showed a piece.
    chromaticity_reach: float = 0.12
    least_points: int = 3           # fewer such points: the square's colour() as it is
    # The country's paint from its own points replaces colour()'s when their hues lie this far apart (Lab, degrees).
    # Set on tuning seeds 7500-7599 (tuned families; each country's paint against the seed's true one): the eight
    # countries whose colour() paint was 40 degrees or more off its true hue turned 28-152 degrees (to 0-4 off but
    # 7509's French, 86 -> 59), every other country 19 or less.
    least_hue_turn_deg: float = 25.0


@dataclass(frozen=True)
class CountryPaint:
    paint: np.ndarray | None    # balanced linear BGR, as SquareLook.colour gives it; None: no square showed it
    why: str                    # "" when colour()'s paint is kept, else why its own points' was taken


def square_paint(square: SquareLook, settings: PaintSettings = PaintSettings()) -> np.ndarray | None:
    """The square's paint from the points of its own colour only: those near the median chromaticity of the
    points that showed a piece, the brightest `lit_share` of them."""
    if square.balanced is None or square.shares is None or not (square.shares > 0.5).any():
        return None
    shown = square.balanced[square.shares > 0.5]
    chromaticity = shown / np.maximum(shown.sum(axis=1, keepdims=True), 1e-6)
    own = np.abs(chromaticity - np.median(chromaticity, axis=0)).sum(axis=1) <= settings.chromaticity_reach
    if own.sum() < settings.least_points:
        return square.colour(settings.lit_share)
    points = shown[own]
    luma = points.sum(axis=1)
    return np.median(points[luma >= np.quantile(luma, 1 - settings.lit_share)], axis=0)


def country_paint(squares: list[SquareLook], settings: PaintSettings = PaintSettings()) -> CountryPaint:
    """One country's paint over its squares (the median of theirs): colour()'s, or its own points' where their hues
    lie `least_hue_turn_deg` or more apart."""
    lit = [paint for paint in (square.colour(settings.lit_share) for square in squares) if paint is not None]
    if not lit:
        return CountryPaint(None, "")
    usual = np.median(np.array(lit), axis=0)
    own = [paint for paint in (square_paint(square, settings) for square in squares) if paint is not None]
    cleared = np.median(np.array(own), axis=0)
    turn = _hue_turn_deg(usual, cleared)
    if turn < settings.least_hue_turn_deg:
        return CountryPaint(usual, "")
    return CountryPaint(cleared, f"its squares' brightest points were another colour, {turn:.0f} degrees of hue from "
                                 "their own paint's: the paint taken from the points of the squares' own colour")


def _hue_turn_deg(first: np.ndarray, second: np.ndarray) -> float:
    """How far apart two balanced BGR colours' hues lie (Lab, degrees)."""
    lab = lab_of_linear(np.clip(np.array([first, second], np.float64)[:, ::-1], 0, None))
    hues = np.degrees(np.arctan2(lab[:, 2], lab[:, 1]))
    turn = abs(float(hues[0] - hues[1])) % 360
    return min(turn, 360 - turn)
