"""A stretch of bare pole in line with the mast it sticks out of (mats.read_fittings).

Taught, a striped mast's sail can be as pale as the paper: the prize mask then keeps the end of its pole sticking
out past the sail and its band's paint (or the band's halves) as blobs apart. The pole's end showing no patch of
paint was read as a mast of its own, by its faint colour or by paint beside it (pole_paint): one mast over (tuning
seed 3121 anna, read 3 masts for 2), or a mast of no fleet beside the right ones (3121 ben). It is that mast's: a bar
(as thin as a pole) whose line runs on, past a gap the pale sail leaves, into a mast's blob lying across it (the band
across the pole), the two together no longer than a taught mast. Such a stretch of pole is not read at all; the rest
of the mat is read as before (a mast blob lying along the line, as masts side by side lie, leaves it alone).
The blob it runs into must be a band: one showing no paint and half a mast long is a mast lying along its own pole,
and a pale mast's foot lying across its line is a mast of its own (3372 anna: one mast read for two, sure).
A stretch showing its fleet's colour (too dark a yellow or orange for a patch of paint) is a pennant, not a pole: 4594
anna's orange pennant, at the zone's edge in line with the next mast's pennant, was left out, the mast lost, sure.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from companion.games.cannons_coastlines.camera.fitting_doubts import length_mm
from companion.games.cannons_coastlines.camera.mat_looks import MatLooks
from companion.games.cannons_coastlines.camera.mat_picture import MAT_PX_PER_MM
from companion.games.cannons_coastlines.camera.settings import MatSettings


@dataclass(frozen=True)
class InLine:
    """How a blob lies along a stretch of pole's line, past its ends: `gap_mm` from the stretch's end to the blob's
    nearest pixel on the line, `span_mm` from the stretch's far end to the blob's farthest pixel on the line."""
    gap_mm: float
    span_mm: float


def bar_axis(blob: np.ndarray) -> tuple[np.ndarray, np.ndarray, float, float]:
    """(centre, unit direction along, half-length mm, width mm) of a blob (bool mask), by its spread."""
    points = np.argwhere(blob).astype(np.float64)
    centre = points.mean(axis=0)
    spread, axes = np.linalg.eigh(np.cov((points - centre).T))
    width, length = np.sqrt(12.0 * np.maximum(spread, 0.0)) / MAT_PX_PER_MM
    return centre, axes[:, 1], float(length) / 2, float(width)


def in_line(stretch: np.ndarray, other: np.ndarray, settings: MatSettings) -> InLine | None:
    """How `other` lies on `stretch`'s line past either end, within MatSettings.stub_line_reach_mm of the line;
    None when none of it does."""
    centre, along, half, _ = bar_axis(stretch)
    offset = np.argwhere(other).astype(np.float64) - centre
    on = offset @ along
    across = np.abs(offset @ np.array([-along[1], along[0]]))
    past = (across <= settings.stub_line_reach_mm * MAT_PX_PER_MM) & (np.abs(on) > half * MAT_PX_PER_MM)
    if not past.any():
        return None
    reach = np.abs(on[past]) / MAT_PX_PER_MM
    return InLine(float(reach.min() - half), float(reach.max() + half))


def poles_in_line(pieces: list[tuple[str, np.ndarray]], patches: list[tuple[int, np.ndarray]], looks: MatLooks,
                  settings: MatSettings, colour_of: Callable[[np.ndarray], tuple[float, float]] | None = None
                  ) -> list[tuple[str, np.ndarray]]:
    """The pieces to read: taught, the mast blobs (kind "mast") showing no patch of paint (`patches`: fleet, mask)
    that are another mast's pole (pole_of_another) left out, unless they show a pennant's colour (pennant_colour:
    `colour_of` gives a blob's mm^2 of pixels coloured as a fleet's and how strong the strongest are). No doubt is
    named for them: the mat's other doubts ask as they did."""
    if not looks.taught or settings.stub_span_share <= 0:
        return pieces
    masts = [blob for kind, blob in pieces if kind == "mast"]
    bare = [blob for blob in masts if not any((patch & blob).any() for _, patch in patches)]
    return [(kind, blob) for kind, blob in pieces
            if kind != "mast" or not any(blob is other for other in bare)
            or not pole_of_another(blob, masts, looks, settings, bare)
            or (colour_of is not None and pennant_colour(*colour_of(blob), settings))]


def pennant_colour(coloured_mm2: float, chroma: float, settings: MatSettings) -> bool:
    """Whether a blob showing no patch of paint still shows a pennant: MatSettings.stub_pennant_least_mm2 of pixels
    coloured as a fleet's, the strongest of them (fleet_colour.strong_chroma) MatSettings.stub_pennant_chroma or more
    (a wooden or cream-tinted pole's end shows a yellowish tint as wide, but faint)."""
    return coloured_mm2 >= settings.stub_pennant_least_mm2 and chroma >= settings.stub_pennant_chroma


def pole_of_another(blob: np.ndarray, masts: list[np.ndarray], looks: MatLooks, settings: MatSettings,
                    bare: list[np.ndarray] = ()) -> bool:
    """Whether `blob`, a bar no wider than MatSettings.pole_max_width_mm, runs on within MatSettings.stub_gap_mm of
    its end into another of `masts` lying across it (MatSettings.stub_cross_least_deg), the two no longer together
    along its line than MatSettings.stub_span_share of a taught mast, that other a band across the pole: one of
    `bare` (showing no patch of paint) MatSettings.stub_bare_band_most_share of a taught mast long or more is a mast
    lying along its own pole, and `blob` across its line is not its pole's end."""
    _, along, _, width = bar_axis(blob)
    if width > settings.pole_max_width_mm:
        return False
    for other in masts:
        if other is blob:
            continue
        line = in_line(blob, other, settings)
        if line is None or line.gap_mm > settings.stub_gap_mm or line.span_mm > settings.stub_span_share * looks.mast_length_mm:
            continue
        crossing = np.degrees(np.arccos(min(1.0, abs(float(along @ bar_axis(other)[1])))))
        if crossing < settings.stub_cross_least_deg:
            continue
        if not (any(other is unpainted for unpainted in bare)
                and length_mm(other) >= settings.stub_bare_band_most_share * looks.mast_length_mm):
            return True
    return False
