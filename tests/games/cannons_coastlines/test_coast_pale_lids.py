"""Taught, a crate's lid too pale for the prize mask leaves a hole in its blob; paper enclosed by the blob is part of
it where its thickness is measured when it is darker than the paper or, as light as the paper, shows a lid's tint
(camera/fitting_doubts.py, prize_depth_mm). Tuning seed 4641 anna: a merchants' crate with a pale yellow lid, a 9 mm^2
hole at L 235 and chroma 24.4 in its 15 mm blob, measured 4.0 mm thick and read as a mast, sure and wrong. A sail as
pale as the paper, enclosed by its pole and outline, stays paper. Pictures drawn as Lab masks of the fittings zone."""

from __future__ import annotations

import numpy as np

from companion.games.cannons_coastlines.camera.fitting_doubts import prize_depth_mm
from companion.games.cannons_coastlines.camera.mat_picture import MAT_PX_PER_MM
from companion.games.cannons_coastlines.camera.settings import MatSettings

PAPER = (236, 128, 128)


def crate_with_a_hole(hole_lab: tuple[int, int, int]) -> tuple[np.ndarray, np.ndarray]:
    """(prize mask, Lab zone picture): a 15 mm crate's blob at 40-55 x 20-35 mm with a 4 mm hole in its middle
    coloured `hole_lab`, on paper."""
    size = (int(58 * MAT_PX_PER_MM), int(136 * MAT_PX_PER_MM))
    mm = lambda v: int(v * MAT_PX_PER_MM)
    mask = np.zeros(size, np.uint8)
    mask[mm(20):mm(35), mm(40):mm(55)] = 1
    lab = np.zeros(size + (3,), np.uint8)
    lab[:] = PAPER
    lab[mask > 0] = (150, 128, 160)     # the crate's wooden sides
    mask[mm(25.5):mm(29.5), mm(45.5):mm(49.5)] = 0
    lab[mask == 0] = PAPER
    lab[mm(25.5):mm(29.5), mm(45.5):mm(49.5)] = hole_lab
    return mask, lab


def thickest_mm(hole_lab: tuple[int, int, int]) -> float:
    mask, lab = crate_with_a_hole(hole_lab)
    return float(prize_depth_mm(mask, lab, MatSettings()).max())


def test_a_pale_yellow_lid_as_light_as_the_paper_is_measured_with_its_crate():
    """4641 anna's lid: L 235, chroma 24 (a* -2, b* +24): the crate is as thick as a crate again."""
    assert thickest_mm((235, 126, 152)) >= MatSettings().crate_min_half_width_mm


def test_a_sail_as_pale_as_the_paper_stays_paper():
    """A cream sail's tint, chroma 16 (the holes as light as the paper on mats 3400-4899 show 15-18): the blob stays
    a ring, thinner than a crate."""
    assert thickest_mm((232, 128, 144)) < MatSettings().crate_min_half_width_mm
    assert thickest_mm(PAPER) < MatSettings().crate_min_half_width_mm


def test_untaught_no_hole_is_filled():
    mask, lab = crate_with_a_hole((235, 126, 152))
    assert float(prize_depth_mm(mask, lab, None).max()) < MatSettings().crate_min_half_width_mm
