"""Taught, a crate with no lid of paint on its core is voted by its blob's colours as a whole; where those are as faint
as a wooden crate's tint and its fleet's paint barely shows on it, it is asked (camera/crate_blobs.py,
faint_lidless_crate). Fresh tuning seed 4997 dev: a privateers' crate, its dark lid unseen by the paint test, read as
the merchants' by its wood's yellow tint (strongest chroma 18.2, no merchants' paint on it), sure and wrong."""

from __future__ import annotations

from companion.games.cannons_coastlines.camera.crate_blobs import faint_lidless_crate
from companion.games.cannons_coastlines.camera.settings import MatSettings


def test_a_crate_read_by_its_woods_tint_is_asked():
    doubts = faint_lidless_crate(2, chroma=18.2, fleet_paint_mm2=0.0, settings=MatSettings())
    assert len(doubts) == 1 and "faint colour" in doubts[0] and "fleet 2" in doubts[0]


def test_a_faint_crate_showing_its_fleets_paint_is_not_asked():
    """3675 cleo: chroma 19.0, but 31.5 mm^2 of its fleet's paint on it (read right and sure)."""
    assert faint_lidless_crate(1, chroma=19.0, fleet_paint_mm2=31.5, settings=MatSettings()) == []


def test_a_crate_coloured_as_a_lid_is_not_asked():
    """3584 anna: no paint patch of its fleet (a yellow lid the paint test holds too dark), chroma 30.9: read right and sure."""
    assert faint_lidless_crate(2, chroma=30.9, fleet_paint_mm2=0.0, settings=MatSettings()) == []
