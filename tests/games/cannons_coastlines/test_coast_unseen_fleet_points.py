"""A prize mast whose fleet's paint was not seen (camera/reader.py, _mat_from_reading): on the taught tuning seeds
(4189 ben, 3547 ben) a pale mast was found on the mat, but its band too faint for any fleet's colour, and it was
dropped from the points. Where every fleet it can come from gives the same points for a mast, it is counted (the
players are still asked); where they differ, or one fleet is left (prize_fleets chose already), it is not."""

from __future__ import annotations

from companion.games.cannons_coastlines.camera.mats import MatReading, read_fittings
from companion.games.cannons_coastlines.camera.reader import Seat, _mat_from_reading
from companion.games.cannons_coastlines.factions import load_rulebook
from companion.games.cannons_coastlines.scoring import Holdings, points, value_table
from tests.games.cannons_coastlines.drawn_mats import mat_with
from tests.games.cannons_coastlines.test_coast_prize_fleets import TAUGHT, faint_banded_mast

BOOK = load_rulebook()
CARDS = {key: faction.prize_values for key, faction in BOOK.factions.items()}


def ben_reads_his_mat(seats: list[Seat]):
    """Ben (fleet 2, merchants) took one mast whose band is too faint for a fleet's colour."""
    masts, crates, doubts, _ = read_fittings(mat_with(*faint_banded_mast(100)), looks=TAUGHT)
    assert masts == [0]   # the mast was found, its fleet was not
    reading = MatReading(2, {}, masts, crates, [], 0.9, doubts)
    mat, named = _mat_from_reading(reading, 2, seats, set(range(1, len(seats) + 1)), CARDS)
    return points(Holdings(mat.coin_count, dict(mat.prizes)), value_table(BOOK)).total, named


def test_a_mast_of_unseen_paint_counts_when_every_fleet_it_can_come_from_gives_three():
    # 4189: anna navy, ben merchants, cleo pirates; a navy or a pirates' mast is 3 points either way.
    total, named = ben_reads_his_mat([Seat("anna", "navy"), Seat("ben", "merchants"), Seat("cleo", "pirates")])
    assert total == 3
    assert any("counted as" in doubt and "3 points" in doubt for doubt in named)   # still asked


def test_it_is_left_out_when_the_fleets_it_can_come_from_give_different_points():
    # A merchants' mast is 2, a navy's 3: the points cannot be told.
    total, named = ben_reads_his_mat([Seat("anna", "navy"), Seat("ben", "pirates"), Seat("cleo", "merchants")])
    assert total == 0
    assert "a prize mast from an unknown fleet" in named


def test_it_is_left_out_with_one_fleet_left():
    # Two players: prize_fleets already chose (or chose not to: a pole's stretch beside painted masts).
    total, _ = ben_reads_his_mat([Seat("anna", "navy"), Seat("ben", "merchants")])
    assert total == 0
