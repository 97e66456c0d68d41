"""Taught, a blob read as one crate that the fittings zone's left or right edge cuts, covering less than a taught
crate, is asked (camera/fitting_doubts.py, crate_cut_by_the_edge): tuning seed 4856 cleo, a navy mast's yellow
pennant at the zone's left edge, its pale sail and grey pole unseen, was read as a crate (6.9 mm thick, 210 mm^2,
0.65 of the group's 324 mm^2 crate), sure and wrong. Blobs drawn as masks of the fittings zone (mm)."""

from __future__ import annotations

import numpy as np

from companion.games.cannons_coastlines.camera.fitting_doubts import BlobShape, crate_cut_by_the_edge
from companion.games.cannons_coastlines.camera.mat_looks import MatLooks
from companion.games.cannons_coastlines.camera.mat_picture import MAT_PX_PER_MM
from companion.games.cannons_coastlines.camera.settings import MatSettings

GROUP = MatLooks(mast_paint_mm=14.0, mast_mm2=150.0, crate_mm2=324.0, mast_length_mm=46.0, taught=True)


def read_as_a_crate(x: float, y: float, width: float, height: float, looks: MatLooks = GROUP) -> list[str]:
    """The doubts for a blob filling the rectangle (mm) of the 136 x 58 mm fittings zone, read as one crate."""
    blob = np.zeros((int(58 * MAT_PX_PER_MM), int(136 * MAT_PX_PER_MM)), bool)
    blob[int(y * MAT_PX_PER_MM):int((y + height) * MAT_PX_PER_MM), int(x * MAT_PX_PER_MM):int((x + width) * MAT_PX_PER_MM)] = True
    shape = BlobShape(area_mm2=width * height, length_mm=max(width, height), thickest_mm=min(width, height) / 2, thin_mm=0.0)
    return crate_cut_by_the_edge(blob, shape, looks, MatSettings())


def test_a_pennant_cut_by_the_left_edge_read_as_a_crate_is_asked():
    doubts = read_as_a_crate(0, 34, 15, 14)   # 210 mm^2, 0.65 of a crate
    assert len(doubts) == 1 and "edge" in doubts[0]


def test_the_same_blob_clear_of_the_edges_is_not_asked_here():
    assert read_as_a_crate(40, 34, 15, 14) == []


def test_a_whole_crate_at_the_edge_is_not_asked():
    """A crate at the zone's left edge covering its taught mm^2 or more (those on mats read right: 1.23 and more)."""
    assert read_as_a_crate(0, 20, 20, 20) == []
    assert read_as_a_crate(116, 20, 20, 20) == []


def test_untaught_nothing_is_asked():
    assert read_as_a_crate(0, 34, 15, 14, MatLooks()) == []
