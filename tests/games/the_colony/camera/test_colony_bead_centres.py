"""The Colony's bead-centre density: beads drawn as dark ellipses on a log's darkness, apart and
touching, against how many there are; the log's circle following the lean of tall beads; and the
picture's bead size taken from plain blobs when no bead lies alone and convex."""

from __future__ import annotations

import numpy as np
import pytest

from companion.games.the_colony.camera.bead_centres import bead_cells, bead_counts, bead_density, bead_grid
from companion.games.the_colony.camera.features import SpaceLook, bead_unit
from companion.games.the_colony.camera.settings import SETTINGS

PX_PER_MM = SETTINGS.px_per_mm
SIDE = int(round(2 * SETTINGS.annulus_mm[1] * PX_PER_MM))


def drawn_log(beads_mm: list[tuple[float, float]], half_axes_mm=(3.0, 2.3), turn_deg: float = 30.0) -> np.ndarray:
    """A log's darkness (0 paper, 0.85 bead) with a bead at each (x, y) mm from its centre."""
    import cv2

    darkness = np.zeros((SIDE, SIDE), np.float32)
    for x, y in beads_mm:
        centre = (int(round((x * PX_PER_MM + SIDE / 2) * 4)), int(round((y * PX_PER_MM + SIDE / 2) * 4)))
        axes = (int(round(half_axes_mm[0] * PX_PER_MM * 4)), int(round(half_axes_mm[1] * PX_PER_MM * 4)))
        cv2.ellipse(darkness, centre, axes, turn_deg, 0, 360, 0.85, -1, cv2.LINE_AA, shift=2)
    return darkness


def counted(darkness: np.ndarray, unit_mm2: float = np.pi * 3.0 * 2.3, lean=(0.0, 0.0)) -> tuple[float, float]:
    grid = bead_grid(SIDE, PX_PER_MM)
    total, peaks = bead_counts(bead_density(darkness, unit_mm2, grid), grid, lean)
    return total, peaks


APART = [(-7.0, -6.0), (6.0, -6.0), (0.0, 0.0), (-7.0, 6.5), (7.0, 6.5)]


def test_a_bare_log_holds_no_bead():
    assert counted(np.zeros((SIDE, SIDE), np.float32)) == (0.0, 0.0)


def test_a_lone_bead_adds_about_one_wherever_it_lies():
    singles = [counted(drawn_log([place]))[0] for place in APART]
    assert all(0.8 < total < 1.4 for total in singles)
    assert max(singles) - min(singles) < 0.1


@pytest.mark.parametrize("count", [2, 3, 5])
def test_beads_lying_apart_add_one_lone_bead_each(count):
    single = counted(drawn_log(APART[:1]))[0]
    total, _ = counted(drawn_log(APART[:count]))
    assert abs(total - count * single) < 0.3


def test_beads_touching_in_a_row_are_not_one_blob():
    # Side by side along their short axes: one dark blob of three beads.
    single = counted(drawn_log(APART[:1]))[0]
    total, _ = counted(drawn_log([(-4.6, 0.0), (0.0, 0.0), (4.6, 0.0)], turn_deg=90.0))
    assert abs(total - 3 * single) < 0.5


def cells(darkness: np.ndarray, unit_mm2: float = np.pi * 3.0 * 2.3) -> tuple[float, float, float]:
    grid = bead_grid(SIDE, PX_PER_MM)
    peaks, beads, largest = bead_cells(bead_density(darkness, unit_mm2, grid), grid, unit_mm2)
    return peaks, beads, largest


def test_every_bead_of_a_touching_cluster_keeps_its_own_cell():
    # Five beads in a cross, each touching the middle one: one dark blob, five cells of about a bead each.
    cross = [(0.0, 0.0), (-4.8, 0.0), (4.8, 0.0), (0.0, -6.4), (0.0, 6.4)]
    peaks, beads, largest = cells(drawn_log(cross, turn_deg=90.0))
    assert (peaks, beads) == (5.0, 5.0)
    assert 0.7 < largest < 1.5


def test_a_bare_log_has_no_cell():
    assert cells(np.zeros((SIDE, SIDE), np.float32)) == (0.0, 0.0, 0.0)


def test_the_log_follows_the_lean_of_tall_beads():
    # A bead whose middle shows 16 mm out: outside the log when nothing leans, inside when it leans 3 mm that way.
    darkness = drawn_log([(16.0, 0.0)])
    assert counted(darkness)[0] < 0.5
    assert round(counted(darkness, lean=(3.0, 0.0))[0]) == 1


def _look(blobs, lone=()):
    return SpaceLook(tuple(blobs), tuple(lone), sum(blobs), sum(blobs), 1, sum(blobs), 0.0, 0.8, 200.0, 0.0, 1.0)


def test_the_bead_size_comes_from_lone_beads_or_else_from_the_smaller_blobs():
    lone = [_look([25.0, 52.0], lone=[25.0]), _look([26.0], lone=[26.0])]
    assert bead_unit(lone) == pytest.approx(25.5)
    # Tall beads seen steeply: no blob passes as lone; singles (about 70 mm2) are the lower quartile.
    steep = [_look([71.0]), _look([74.0]), _look([61.0, 150.0]), _look([76.0]), _look([107.0])]
    assert 60.0 <= bead_unit(steep) <= 75.0
    assert bead_unit([_look([200.0])]) == SETTINGS.unit_default_mm2
