"""Table geometry in inches: touching within a quarter inch, nearest outlines, the first ship hit."""

import pytest

from companion.games.cannons_coastlines.geometry import (distance, first_hit, forward, inside_table, port,
                                                          ship_outline, touching)

SQUARE_ISLAND = ((10.0, 10.0), (14.0, 10.0), (14.0, 14.0), (10.0, 14.0))


def test_a_ship_outline_points_its_bow_along_the_heading():
    hull = ship_outline(20, 20, 90, length=5, beam=2)   # heading 90: bow towards +y (down the table)
    bow = max(hull, key=lambda p: p[1])
    assert bow == pytest.approx((20.0, 22.5))
    assert port(90) == pytest.approx((1.0, 0.0)) and forward(0) == pytest.approx((1.0, 0.0))


@pytest.mark.parametrize("gap, touches", [(0.0, True), (0.2, True), (0.25, True), (0.3, False), (2.0, False)])
def test_touching_is_within_a_quarter_inch(gap, touches):
    # A ship sailing down the table (+y) with its side `gap` inches left of the island's edge.
    hull = ship_outline(10 - 1 - gap, 12, 90, length=5, beam=2)
    assert distance(hull, SQUARE_ISLAND) == pytest.approx(gap, abs=1e-9)
    assert touching(hull, SQUARE_ISLAND) is touches


def test_the_first_ship_in_the_line_of_fire_takes_the_shot():
    ships = {"near": ship_outline(10, 0, 90, 4, 1.6), "far": ship_outline(20, 0, 90, 4, 1.6),
             "aside": ship_outline(15, 5, 0, 4, 1.6)}
    assert first_hit((0.0, 0.0), (1.0, 0.0), ships) == ("near", pytest.approx(9.2))
    assert first_hit((0.0, 0.0), (1.0, 0.0), ships, skip={"near"})[0] == "far"
    assert first_hit((0.0, 0.0), (0.0, -1.0), ships) is None


def test_a_ship_over_the_table_edge_is_off_the_table():
    assert inside_table(ship_outline(3, 3, 0, 4, 1.6), 72, 48)
    assert not inside_table(ship_outline(1, 3, 0, 4, 1.6), 72, 48)
