"""Taught, the end of a pole sticking out past a sail as pale as the paper is that mast's, not a mast of its own
(camera/pole_stubs.py): tuning seed 3121 anna, two striped masts, each read from its band's blob, and one pole's end
above its band read as a third mast. Blobs drawn as masks of the fittings zone (mm, as the mat reader sees them)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from companion.games.cannons_coastlines.camera.mat_looks import MatLooks
from companion.games.cannons_coastlines.camera.mat_picture import MAT_PX_PER_MM
from companion.games.cannons_coastlines.camera.pole_stubs import poles_in_line
from companion.games.cannons_coastlines.camera.settings import MatSettings

STRIPED = MatLooks(mast_paint_mm=14.0, mast_mm2=150.0, crate_mm2=250.0, mast_length_mm=46.0, taught=True)
BLUE_FLEET = 1


def bar(x: float, y: float, width: float, height: float) -> np.ndarray:
    """A blob of the fittings zone (136 x 58 mm) filling the rectangle (mm)."""
    blob = np.zeros((int(58 * MAT_PX_PER_MM), int(136 * MAT_PX_PER_MM)), bool)
    blob[int(y * MAT_PX_PER_MM):int((y + height) * MAT_PX_PER_MM), int(x * MAT_PX_PER_MM):int((x + width) * MAT_PX_PER_MM)] = True
    return blob


def read(pieces, painted, looks=STRIPED, colour_of=None):
    patches = [(BLUE_FLEET, blob) for blob in painted]
    return [blob for _, blob in poles_in_line([("mast", blob) for blob in pieces], patches, looks, MatSettings(), colour_of)]


def test_a_pole_end_above_its_band_past_a_pale_sail_is_not_read():
    """3121 anna: a pole's end 19 mm long at the zone's top, 22 mm of pale sail, then the band's blob across it."""
    pole_end, band = bar(15, 0, 4, 19), bar(8, 41, 15, 9)
    kept = read([pole_end, band], [band])
    assert len(kept) == 1 and kept[0] is band


def test_masts_side_by_side_are_all_read():
    """Parallel masts: each pale one lies beside the next, none on another's line across it."""
    pale, painted = bar(15, 5, 4, 40), bar(30, 5, 4, 40)
    assert len(read([pale, painted], [painted])) == 2


def test_bands_in_a_row_are_all_read():
    """Two band halves too pale for a patch lie on each other's line, along it, not across: both kept."""
    left, right = bar(0, 41, 15, 5), bar(37, 41, 15, 5)
    assert len(read([left, right], [])) == 2


def test_a_pole_too_far_along_from_the_band_is_still_read():
    """The two together longer than a taught mast's span share: a mast of its own lying end to end (kept)."""
    pole_end, band = bar(15, 0, 4, 19), bar(8, 41, 15, 9)
    short_masts = replace(STRIPED, mast_length_mm=30.0)
    assert len(read([pole_end, band], [band], short_masts)) == 2


def test_untaught_every_blob_is_read():
    pole_end, band = bar(15, 0, 4, 19), bar(8, 41, 15, 9)
    assert len(read([pole_end, band], [band], MatLooks())) == 2


def test_a_pale_masts_end_across_the_line_of_a_whole_unpainted_mast_is_read():
    """3372 anna: two pennant masts lying parallel, their sails as pale as the paper; the right one shows only its
    sail's foot, a stubby blob whose spread lies across the masts, in line with the left mast's blob. That blob shows
    no patch of paint and is 26 mm long (0.57 of a taught mast): a mast lying along its own pole, not a band across
    another's; the stub is the second mast, read (one mast was lost, sure)."""
    looks = replace(STRIPED, mast_length_mm=45.0)
    left_mast, right_foot = bar(75, 24, 5, 26), bar(107, 39, 16, 6)
    assert len(read([left_mast, right_foot], [], looks)) == 2
    # The same stub in line with a short bare band (under half a mast long) is still its pole's end.
    short_band = bar(75, 34, 5, 12)
    assert len(read([short_band, right_foot], [], looks)) == 1


def test_a_pennant_too_dark_for_a_patch_in_line_with_the_next_mast_is_read():
    """4594 anna: a pirates' orange pennant at the zone's left edge, its pale sail and pole hardly seen, shows no patch
    of paint (too dark for the yellow its fleet is printed in) yet 50 mm^2 of its fleet's colour, strongly coloured;
    the privateers' mast's green pennant lies 26 mm on along its line. It is a mast of its own (it was left out as
    that mast's pole's end: one mast lost, sure)."""
    orange, green = bar(0, 40, 16, 8), bar(42, 30, 8, 19)
    ochre_pennant = lambda blob: (50.0, 41.5) if blob is orange else (60.0, 45.0)
    assert len(read([orange, green], [green], colour_of=ochre_pennant)) == 2
    # 4319 dev: a wooden pole's end, its yellow tint as wide but faint (chroma 29), is still left out.
    tinted_pole = lambda blob: (33.0, 29.0) if blob is orange else (60.0, 45.0)
    assert read([orange, green], [green], colour_of=tinted_pole) == [green]
    assert read([orange, green], [green]) == [green]
