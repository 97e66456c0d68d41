"""A taught piece's height, measured where its paint ends along the camera's lean.

Seen from a camera above the table, a standing piece's top is cast away from the camera: on the
table plane its silhouette runs from its base's near edge, along the line from the point under the
camera through the piece, to its top's far edge raised and cast back. With the camera known (the
sheet's markers give it), the base's near edge and the silhouette's far end along that line fix the
height: the top's far edge at distance r from the point under the camera, cast from a camera h_c
above the table, lies at r * h_c / (h_c - h). The width and shape come from the solid fitted to the
whole silhouette (companion.vision.piece_solids), which the camera sees well from above; the height it
fits poorly when the piece stands off its square's middle (the offset read as height). How far a
millimetre of height moves the far end says how well the height is known; a camera straight over the
piece cannot tell a disc from a tower.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from companion.vision.plane_camera import PlaneCamera
from companion.vision.piece_solids import Solid, Window, drawn, silhouette


@dataclass(frozen=True)
class HeightSettings:
    shown_share: float = 0.5            # a window pixel shows the piece at this share
    edge_quantiles: tuple[float, float] = (0.02, 0.98)   # the silhouette's near and far ends, strays left out
    side_margin_mm: float = 2.0         # across the lean: paint farther than the piece's half width and this is not its
    censored_mm: float = 2.0            # pixels not counted this near past the far end: the top may reach on
    least_points: int = 12              # fewer pixels of paint than this: nothing measured
    heights_mm: tuple[float, ...] = tuple(np.arange(0.5, 60.5, 1.5))


@dataclass(frozen=True)
class HeightReading:
    height_mm: float
    spread_mm: float     # how far the height may be off from a window pixel's error at the far end
    reason: str = ""


def lean_height(window: Window, centre_mm, camera: PlaneCamera, solid: Solid,
                settings: HeightSettings = HeightSettings()) -> HeightReading | None:
    """The piece's height from its silhouette's extent along the camera's lean, or None when too little shows."""
    eye = np.asarray(camera.position[:2], np.float64)
    eye_height = camera.height_mm
    centre = np.asarray(centre_mm, np.float64)
    away = centre - eye
    distance = float(np.linalg.norm(away))
    if distance < 1e-6:
        return None
    along = away / distance
    across = np.array([-along[1], along[0]])
    shown = (window.shares >= settings.shown_share) & (window.known > 0.5)
    ys, xs = np.nonzero(shown)
    if len(xs) < settings.least_points:
        return None
    points = window.origin_mm + (np.column_stack([xs, ys]) + 0.5) * window.mm_per_px - eye
    radial, lateral = points @ along, points @ across
    # The piece's own paint: within its half width (its top's cast a little wider) of its middle across the lean.
    half = solid.width_mm / 2 * (np.sqrt(2) if solid.shape == "square" else 1.0)
    middle = float(np.median(lateral))
    own = np.abs(lateral - middle) <= half + settings.side_margin_mm
    if own.sum() < settings.least_points:
        return None
    near, far = np.quantile(radial[own], settings.edge_quantiles)
    # Where its far end meets a pixel not counted (another square, the piece behind), its top may reach on unseen.
    ys_all, xs_all = np.nonzero(window.known <= 0.5)
    if len(xs_all):
        unknown = window.origin_mm + (np.column_stack([xs_all, ys_all]) + 0.5) * window.mm_per_px - eye
        beyond = unknown @ along - far
        if np.any((beyond > -window.mm_per_px) & (beyond <= settings.censored_mm)
                  & (np.abs(unknown @ across - middle) <= half)):
            return None
    # The same ends of the solid's own silhouette, drawn in the window, at each height tried: the height whose
    # silhouette is as long along the lean as the paint is (a square's corners and a narrowing top count the same).
    base = eye + along * (near + _half_extent(solid, along)) + across * middle
    lengths = []
    for height in settings.heights_mm:
        drawn_mask = drawn(silhouette(replace(solid, height_mm=float(height)), base, camera), window) >= settings.shown_share
        dys, dxs = np.nonzero(drawn_mask)
        if len(dxs) < settings.least_points:
            lengths.append(np.nan)
            continue
        drawn_radial = (window.origin_mm + (np.column_stack([dxs, dys]) + 0.5) * window.mm_per_px - eye) @ along
        low, high = np.quantile(drawn_radial, settings.edge_quantiles)
        lengths.append(high - low)
    lengths = np.array(lengths)
    valid = ~np.isnan(lengths)
    if valid.sum() < 2:
        return None
    heights = np.array(settings.heights_mm)[valid]
    lengths = np.maximum.accumulate(lengths[valid])
    height = float(np.interp(far - near, lengths, heights))
    # How far the height may be off for a window pixel's error in the paint's length.
    slope = (lengths[-1] - lengths[0]) / max(heights[-1] - heights[0], 1e-6)
    spread = float(window.mm_per_px / max(slope, 1e-6))
    return HeightReading(height, spread, f"paint {far - near:.1f} mm long along the lean, {eye_height:.0f} mm under the camera")


def standing_place(window: Window, square_mm, camera: PlaneCamera, settings: HeightSettings = HeightSettings()):
    """Plane mm under the middle of the piece whose paint the window shows, as its paint's near end and width across
    the lean place it (a piece stands a few mm off its square's middle, and a fit allowed a millimetre off reads the
    offset as height); the square's middle when too little shows."""
    square = np.asarray(square_mm, np.float64)
    eye = np.asarray(camera.position[:2], np.float64)
    away = square - eye
    if np.linalg.norm(away) < 1e-6:
        return square
    along = away / np.linalg.norm(away)
    across = np.array([-along[1], along[0]])
    ys, xs = np.nonzero((window.shares >= settings.shown_share) & (window.known > 0.5))
    if len(xs) < settings.least_points:
        return square
    points = window.origin_mm + (np.column_stack([xs, ys]) + 0.5) * window.mm_per_px - eye
    radial, lateral = points @ along, points @ across
    left, right = np.quantile(lateral, settings.edge_quantiles)
    near = np.quantile(radial, settings.edge_quantiles[0])
    return eye + along * (near + (right - left) / 2) + across * (left + right) / 2


def _half_extent(solid: Solid, direction: np.ndarray) -> float:
    if solid.shape == "square":
        return float((abs(direction[0]) + abs(direction[1])) * solid.width_mm / 2)
    return solid.width_mm / 2
