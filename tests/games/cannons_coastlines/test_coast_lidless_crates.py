"""Taught, a crate showing no lid of paint on its core is voted by its own colours, not by a mast's band half lying on
its blob (crate_blobs.lidless_crate_part). Kept tuning mat 6206 anna (sure and wrong): a navy mast's cream sail,
parted by its pale pole, its red band's right half joined to a pirates' crate whose faint ochre makes no lid; the
band's halves read as the mast, and the crate, voted over its whole blob, taken for the navy's. Drawn from above on a
white mat (mm)."""

from __future__ import annotations

from companion.games.cannons_coastlines.camera.mat_looks import MatLooks
from companion.games.cannons_coastlines.camera.mats import read_fittings
from companion.games.cannons_coastlines.kit import pieces as kit
from tests.games.cannons_coastlines.drawn_mats import PAPER, mat_with

ZONE = kit.mat_zone("fittings")
CREAM_SAIL, RED = (200, 222, 228), (60, 40, 200)   # BGR, as white-balanced
FAINT_YELLOW = (150, 185, 200)                       # Lab L 193, chroma 20: too faint for a lid's patch
YELLOW_FLEET, RED_FLEET = 2, 4
TAUGHT = MatLooks(mast_paint_mm=38.0, mast_mm2=340.0, crate_mm2=290.0, mast_length_mm=37.0, mast_half_width_mm=3.4,
                  taught=True)
CRATE = ((ZONE.x + 80, ZONE.y + 30, 18, 18), FAINT_YELLOW)
# A mast lying against the crate's left side: its sail and band across, parted by a pole as pale as the paper.
MAST = [((ZONE.x + 44, ZONE.y + 34, 36, 12), CREAM_SAIL), ((ZONE.x + 44, ZONE.y + 38, 36, 4), RED),
        ((ZONE.x + 59, ZONE.y + 22, 6, 36), PAPER)]


def read(*pieces):
    return read_fittings(mat_with(*pieces), looks=TAUGHT, fleets={YELLOW_FLEET, 3, RED_FLEET})


def test_a_faint_crate_beside_a_mast_is_not_read_by_the_masts_band():
    masts, crates, doubts, _ = read(CRATE, *MAST)
    assert masts == [RED_FLEET]
    assert crates == [YELLOW_FLEET]     # its own faint colour, still asked: no lid of paint
    assert any("showing no lid of paint" in doubt for doubt in doubts), doubts


def test_the_same_crate_alone_reads_the_same():
    _, crates, _, _ = read(CRATE)
    assert crates == [YELLOW_FLEET]

