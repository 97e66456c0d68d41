"""What a harbour mat's pieces look like to its reader: the kit's own, or a group's as taught
(camera/taught.py): each fleet's paint hue, the coins' size and colours, and the patches of paint a
lying mast shows.

Hues are Lab a*b* angles on the white-balanced mat picture (mat_picture), as the reader measures them.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from companion.games.cannons_coastlines.kit import pieces as kit


def hue_deg(ab: np.ndarray) -> np.ndarray:
    return np.degrees(np.arctan2(ab[..., 1], ab[..., 0])) % 360.0


FLEET_REFERENCES = {look.fleet: cv2.cvtColor(np.uint8([[look.rgb[::-1]]]), cv2.COLOR_BGR2Lab)[0, 0, 1:].astype(np.float32) - 128
                    for look in kit.FLEET_LOOKS}
FLEET_HUES_DEG = {fleet: float(hue_deg(ab)) for fleet, ab in FLEET_REFERENCES.items()}


@dataclass(frozen=True)
class MatLooks:
    fleet_hues_deg: tuple[tuple[int, float], ...] = tuple(FLEET_HUES_DEG.items())
    coin_diameter_mm: float = kit.COIN_DIAMETER_MM
    # Where a coin's kind colour is sampled, as shares of its radius (None: CoinSettings.ring_sample_mm,
    # the kit's ring), and the hue all the coins' metal shares (its votes name no kind).
    coin_sample_shares: tuple[float, ...] | None = None
    coin_metal_hue_deg: float | None = None
    # How many patches of its fleet's paint one lying mast shows (a band across the sail, cut by the pole: 2).
    patches_per_mast: float = 1.0
    mast_paint_mm: float = 0.0       # taught: how long one mast's patch of paint is (0: not known)
    # What one lying mast, one crate and one coin cover of the mat (mm^2, mats.prize_mask and coin_cover):
    # the prizes and coins read must cover about what the zones show. The kit's: its pieces taught from
    # renders of the teaching sheet (benchmarks/coast_taught_accuracy.py --kit-looks: 247-311, 226-288, 493-516).
    mast_mm2: float = 285.0
    crate_mm2: float = 260.0
    coin_mm2: float = 500.0
    # How long one lying mast's blob is (mm, fitting_doubts.length_mm over mats.prize_mask; the kit's from
    # the same renders: 46-48): a crate's blob with a thin stretch half as long holds a pole.
    mast_length_mm: float = 47.0
    # How thick one lying mast's blob is at its widest (half-width, mm, as fitting_doubts.BlobShape.thickest_mm);
    # taught only (0: not known; the kit's masts are thin poles). A sail painted all over is as thick as a crate.
    mast_half_width_mm: float = 0.0
    taught: bool = False


KIT_LOOKS = MatLooks()


def band_mm(looks: MatLooks) -> float:
    """How far one taught mast's paint reaches (mm); 0 when not known."""
    return looks.mast_paint_mm * looks.patches_per_mast
