"""A prize's fleet among those the rules allow on its mat (camera/prize_fleets.py): on the taught tuning seeds
500-699, masts whose dark blue or teal band blurred to little chroma were read as no fleet, or a cream sail
voted them a fleet not at the table, and their points were lost. Pieces drawn from above on a white mat (mm),
read as the mat reader reads its fittings zone."""

from __future__ import annotations

import numpy as np

from companion.games.cannons_coastlines.camera.mat_looks import FLEET_HUES_DEG, MatLooks
from companion.games.cannons_coastlines.camera.mats import read_fittings
from companion.games.cannons_coastlines.camera.prize_fleets import faint_fleet
from tests.games.cannons_coastlines.drawn_mats import SAIL, mat_with
from tests.games.cannons_coastlines.test_coast_mast_bands import RED_FLEET, STRIPED, striped_mast_parted_by_its_pole

FAINT_BLUE = (125, 110, 104)   # BGR, as white-balanced
BLUE_FLEET, YELLOW_FLEET = 1, 2
TAUGHT = MatLooks(mast_mm2=400.0, crate_mm2=300.0, taught=True)


def faint_banded_mast(x: float, y: float = 30.0) -> list:
    """A grey sail 11 x 30 mm (as thin as a mast) with a band of dark, faint blue across it (chroma 9: under what
    the reader takes for paint, 10, or for a fleet's colour, 16)."""
    return [((x, y, 11, 30), SAIL), ((x, y + 12, 11, 6), FAINT_BLUE)]


def test_a_faint_band_is_no_fleets_colour_when_any_fleet_may_be_read():
    masts, _, doubts, _ = read_fittings(mat_with(*faint_banded_mast(100)), looks=TAUGHT)
    assert masts == [0]
    assert any("fleet colour was not seen" in doubt for doubt in doubts)


def test_a_faint_band_names_its_fleet_among_those_allowed_and_stays_a_doubt():
    masts, _, doubts, _ = read_fittings(mat_with(*faint_banded_mast(100)), looks=TAUGHT, fleets={1, 3, 4})
    assert masts == [BLUE_FLEET]
    assert any("taken as fleet 1 by its faint colour" in doubt for doubt in doubts)


def test_a_prize_of_a_fleet_not_allowed_with_no_other_colour_stays_unknown():
    """The mat's own fleet's paint (blue here): no allowed fleet's hue is near it, so no fleet is guessed."""
    masts, _, doubts, _ = read_fittings(mat_with(*faint_banded_mast(100)), looks=TAUGHT, fleets={2, 3, 4})
    assert masts == [0]
    assert any("read as no fleet's colour" in doubt for doubt in doubts)


def test_a_cream_sail_votes_for_no_fleet_far_from_its_hue():
    hues = dict(FLEET_HUES_DEG)
    cream = np.array([[235, 122, 160]] * 200, np.uint8)    # Lab: light, a yellowish hue (chroma 33)
    assert faint_fleet(cream, {BLUE_FLEET, 3, 4}, hues) == 0
    assert faint_fleet(cream, {YELLOW_FLEET}, hues) == YELLOW_FLEET


def test_a_mast_of_no_seen_colour_at_a_two_player_table_is_the_other_players_and_still_asked():
    """3165 ben (taught tuning seed): three masts whose paint was not seen, the count right, on a mat whose prizes can
    only be the other player's fleet. Where more fleets are possible, it stays of no fleet."""
    plain_sail = ((100, 30, 11, 30), SAIL)
    masts, _, doubts, _ = read_fittings(mat_with(plain_sail), looks=TAUGHT, fleets={YELLOW_FLEET})
    assert masts == [YELLOW_FLEET]
    assert any("the only one it can be taken from" in doubt for doubt in doubts)
    assert any("fleet colour was not seen" in doubt for doubt in doubts)
    masts, _, _, _ = read_fittings(mat_with(plain_sail), looks=TAUGHT, fleets={YELLOW_FLEET, 3})
    assert masts == [0]


def test_a_mast_of_no_seen_colour_beside_a_mast_showing_the_only_fleets_paint_stays_of_no_fleet():
    """2271 ben (taught tuning seed): two masts read by their paint and a blob of no paint beside them, one mast too
    many. The paint is not hidden on this mat, so the bare blob is not taken as that fleet's mast."""
    picture = mat_with(*striped_mast_parted_by_its_pole(80), ((130, 30, 11, 30), SAIL))
    masts, _, doubts, _ = read_fittings(picture, looks=STRIPED, fleets={RED_FLEET})
    assert masts == [RED_FLEET, 0]
    assert any("read as no fleet's colour" in doubt for doubt in doubts)
