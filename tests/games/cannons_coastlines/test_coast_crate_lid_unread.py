"""A blob read as crates whose thick parts show most of a fleet no crate read from it is of (crate_blobs.read_crate_blob):
asked. Tuning seed 5466 anna: a merchants' mast, its yellow band across a sail as wide as a crate, lying against a
pirates' crate; the crate's thick core was too small to count beside the sail's, so the sail was taken for the crate and
the crate read as the merchants', sure. Drawn from above as the reader's masks (mm): the sail's part, the crate's, and a
strip joining them; the paint patches lie on them."""

from __future__ import annotations

import cv2
import numpy as np

from companion.games.cannons_coastlines.camera.crate_blobs import PartColours, read_crate_blob
from companion.games.cannons_coastlines.camera.mat_looks import MatLooks
from companion.games.cannons_coastlines.camera.mat_picture import MAT_PX_PER_MM

YELLOW_FLEET, RED_FLEET = 2, 4
TAUGHT = MatLooks(mast_mm2=510.0, crate_mm2=275.0, mast_length_mm=33.0, mast_paint_mm=33.0, mast_half_width_mm=5.4,
                  taught=True)
SHAPE = (int(60 * MAT_PX_PER_MM), int(100 * MAT_PX_PER_MM))


def drawn(*rectangles_mm) -> np.ndarray:
    """Rectangles (x, y, width, height in mm) as one bool mask."""
    mask = np.zeros(SHAPE, np.uint8)
    px = lambda mm: int(round(mm * MAT_PX_PER_MM))
    for x, y, w, h in rectangles_mm:
        cv2.rectangle(mask, (px(x), px(y)), (px(x + w) - 1, px(y + h) - 1), 1, -1)
    return mask > 0


SAIL = (10, 15, 30, 22)        # the mast's sail, as wide as a crate: its thick part the larger
CRATE = (44, 17, 18, 18)       # the crate, a little small: its thick part a speck under a core's least
JOIN = (40, 24, 4, 4)
YELLOW_BAND_HALF = (12, 23, 12, 6)


def read(lid_fleet_patch):
    blob = drawn(SAIL, CRATE, JOIN)
    depth = cv2.distanceTransform(blob.astype(np.uint8), cv2.DIST_L2, 5) / MAT_PX_PER_MM
    inside = [(YELLOW_FLEET, drawn(YELLOW_BAND_HALF)), lid_fleet_patch]
    colours = PartColours(lambda part: (0, 0.0, 0), lambda part: {}, lambda part: 0.0)
    return read_crate_blob(blob, depth, inside, colours, lambda patch, fleet: False, TAUGHT)


def test_a_crate_whose_red_lid_is_outvoted_by_the_sail_beside_it_is_asked():
    masts, crates, doubts = read((RED_FLEET, drawn((47, 20, 12, 12))))
    assert crates == [YELLOW_FLEET]                  # read as the sail's, as before
    assert any(f"the paint most on its thick parts fleet {RED_FLEET}'s" in doubt for doubt in doubts), doubts


def test_where_the_lid_read_is_the_paint_most_on_the_thick_parts_nothing_is_asked():
    """The crate's lid as small as the band's half: the sail's yellow is the most paint on the thick parts and the
    crate read is of it."""
    masts, crates, doubts = read((RED_FLEET, drawn((51, 24, 4, 4))))
    assert crates == [YELLOW_FLEET] and doubts == []
