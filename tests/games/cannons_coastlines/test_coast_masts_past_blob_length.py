"""Masts read on one blob lie end to end or side by side along it: the blob is at least as long as they are, in taught
masts (fitting_doubts.masts_past_blob_length, MatSettings.masts_over_length_doubt). Fresh tuning seed 5553 ben: three
striped masts side by side in a row, their sails touching, read as four (a dark pole's blue tint taken for the blue
fleet's paint, that band counted twice) on a blob 3.0 masts long, sure, its coins' unclear kinds only a note. Drawn
from above (mm) as the reader's blob: poles across a row of sails."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from companion.games.cannons_coastlines.camera.fitting_doubts import blob_shape, unexplained_blobs
from companion.games.cannons_coastlines.camera.mat_looks import MatLooks
from companion.games.cannons_coastlines.camera.mat_picture import MAT_PX_PER_MM
from companion.games.cannons_coastlines.camera.settings import MatSettings

# 5553 ben's group as taught: masts 34 mm long, a band across the sail as long.
STRIPED = MatLooks(mast_mm2=346.0, crate_mm2=205.0, mast_length_mm=34.0, mast_paint_mm=34.7, mast_half_width_mm=3.7,
                   taught=True)


def masts_side_by_side(count: int) -> np.ndarray:
    """`count` masts lying side by side: each a sail 34 mm across the row and 10 mm deep, its pole 4 mm wide and 34 mm
    long crossing it; the sails touch (one blob). Bool over a zone 60 x 160 mm."""
    mask = np.zeros((int(60 * MAT_PX_PER_MM), int(160 * MAT_PX_PER_MM)), np.uint8)
    px = lambda mm: int(round(mm * MAT_PX_PER_MM))
    for at in range(count):
        left = 10 + 34 * at
        cv2.rectangle(mask, (px(left), px(25)), (px(left + 34) - 1, px(35) - 1), 1, -1)        # its sail
        cv2.rectangle(mask, (px(left + 15), px(13)), (px(left + 19) - 1, px(47) - 1), 1, -1)   # its pole
    return mask > 0


def doubts_of(blob: np.ndarray, masts: int, looks: MatLooks = STRIPED) -> list[str]:
    depth = cv2.distanceTransform(blob.astype(np.uint8), cv2.DIST_L2, 5) / MAT_PX_PER_MM
    return unexplained_blobs([(blob_shape(blob, depth, MatSettings()), 0, 0)], masts, 0, looks, MatSettings())


def test_four_masts_read_on_a_blob_about_three_masts_long_are_asked():
    doubts = doubts_of(masts_side_by_side(3), 4)
    assert any(doubt.startswith("4 masts read on a blob 2.9") for doubt in doubts), doubts


def test_the_three_masts_it_holds_or_two_on_a_blob_of_two_are_not_doubted_for_it():
    assert not any("masts read on a blob" in doubt for doubt in doubts_of(masts_side_by_side(3), 3))
    assert not any("masts read on a blob" in doubt for doubt in doubts_of(masts_side_by_side(2), 2))


def test_untaught_the_kits_masts_are_not_held_to_it():
    untaught = replace(STRIPED, taught=False)
    assert not any("masts read on a blob" in doubt for doubt in doubts_of(masts_side_by_side(3), 4, untaught))
