"""Whose area a point of the table is in: three players (seat 1 bottom, 2 left, 3 top), the deck (D)
and the discard pile (P) in the middle, on a map every 60 mm; each point alone (area_of) and all at
once (area_indices, the reader's grids) agree."""

from __future__ import annotations

import numpy as np

from companion.games.cannonades.kit import table

THREE_PLAYERS = """
233333333333333
223333333333333
222333333333333
222223333333333
222222DPP333333
222222DPP111111
222222DPP111111
222221111111111
222111111111111
221111111111111
111111111111111
"""
LETTER = {"deck": "D", "discard": "P", "seat 1": "1", "seat 2": "2", "seat 3": "3"}


def _points(step_mm: float) -> np.ndarray:
    xs, ys = np.meshgrid(np.arange(0, table.PLAY_MM[0] + 1, step_mm), np.arange(0, table.PLAY_MM[1] + 1, step_mm))
    return np.stack([xs, ys], axis=-1)


def test_three_players_areas_on_a_map_of_the_table():
    points = _points(60.0)
    seen = "\n".join("".join(LETTER[table.area_of(x, y, 3)] for x, y in row) for row in points)
    assert seen == THREE_PLAYERS.strip()


def test_all_points_at_once_get_the_areas_each_point_gets_alone():
    points = _points(20.0).reshape(-1, 2)
    for players in (2, 3, 4):
        names = table.area_names(players)
        at_once = [names[index] for index in table.area_indices(points, players)]
        assert at_once == [table.area_of(x, y, players) for x, y in points]
        assert set(at_once) == set(names)
