"""Taught, a fleet's paint as dark as wood on a mast blob no prize of it was read from is asked about
(camera/dark_paint.py). Kept tuning mats 4425 cleo and 5094 anna: a group whose yellow fleet is a dark ochre (taught
hue 73 and 81 deg), its mast beside a red or blue one read as that fleet's, or let go, the mat sure of too few prizes.
Pieces drawn from above on a white mat (mm), read as the mat reader reads its fittings zone."""

from __future__ import annotations

from dataclasses import replace

from companion.games.cannons_coastlines.camera.mat_looks import FLEET_HUES_DEG, MatLooks
from companion.games.cannons_coastlines.camera.mats import read_fittings
from companion.games.cannons_coastlines.kit import pieces as kit
from tests.games.cannons_coastlines.drawn_mats import mat_with

ZONE = kit.mat_zone("fittings")
CREAM_SAIL, GREY_POLE = (200, 222, 228), (90, 90, 95)   # BGR, as white-balanced
RED, OCHRE = (60, 40, 200), (40, 130, 180)               # the ochre: Lab L 148, hue 78 deg, chroma 54 (wood's hue)
YELLOW_FLEET, RED_FLEET = 2, 4
# 5094 anna's group as taught, its yellow fleet's hue the ochre's; a short band (a pennant-like stripe).
OCHRE_GROUP = MatLooks(fleet_hues_deg=tuple({**FLEET_HUES_DEG, YELLOW_FLEET: 78.0}.items()), mast_paint_mm=14.0,
                       mast_mm2=340.0, crate_mm2=290.0, mast_length_mm=37.0, mast_half_width_mm=3.4, taught=True)


def mast(x: float, band: tuple[int, int, int]) -> list:
    """A mast lying across the zone: a cream sail 34 x 12 mm, a band of paint across it, a grey pole 36 mm long."""
    return [((ZONE.x + x, ZONE.y + 20, 34, 12), CREAM_SAIL), ((ZONE.x + x, ZONE.y + 24, 34, 4), band),
            ((ZONE.x + x + 15, ZONE.y + 8, 4, 36), GREY_POLE)]


def read(*pieces, looks: MatLooks = OCHRE_GROUP):
    return read_fittings(mat_with(*pieces), looks=looks, fleets={YELLOW_FLEET, 3, RED_FLEET})


def test_an_ochre_mast_beside_a_red_one_read_as_red_is_asked_about():
    masts, _, doubts, _ = read(*mast(10, RED), *mast(44, OCHRE))
    assert masts == [RED_FLEET, RED_FLEET]   # the ochre band is wood to the paint test: the red band's reading stands
    assert any(f"of fleet {YELLOW_FLEET}'s paint as dark as wood on a mast blob read as fleet {RED_FLEET}" in doubt
               for doubt in doubts), doubts


def test_two_red_masts_side_by_side_are_read_sure():
    masts, _, doubts, _ = read(*mast(10, RED), *mast(44, RED))
    assert masts == [RED_FLEET, RED_FLEET]
    assert doubts == []


def test_untaught_no_such_doubt_is_named():
    _, _, doubts, _ = read(*mast(10, RED), *mast(44, OCHRE), looks=replace(OCHRE_GROUP, taught=False))
    assert not any("as dark as wood" in doubt for doubt in doubts), doubts
