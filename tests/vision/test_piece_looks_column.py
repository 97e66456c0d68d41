"""A look's profile (companion.vision.piece_looks.profile): a piece is one column from its base up, so paint seen
again above a gap (a piece behind it) does not count; each height seen takes the least share at it or below."""

from __future__ import annotations

import numpy as np
import pytest

from companion.vision.piece_looks import LookSettings, profile

SETTINGS = LookSettings()


def column_look(shares_by_height: list[float], hidden_heights=()) -> tuple[np.ndarray, np.ndarray]:
    """A look whose base is fully painted and whose column shows `shares_by_height` (one share a height, all across);
    the heights in `hidden_heights` are behind another piece (not known)."""
    across, base = len(SETTINGS.across), SETTINGS.base_count
    shares = np.concatenate([np.ones(base), np.repeat(shares_by_height, across)]).astype(np.float32)
    known = np.ones_like(shares)
    for height in hidden_heights:
        known[base + height * across:base + (height + 1) * across] = 0.0
    return shares, known


def heights_of(shares: np.ndarray, known: np.ndarray) -> np.ndarray:
    values, _ = profile(shares, SETTINGS, known)
    return values[0, -len(SETTINGS.heights_mm):]


def test_paint_seen_again_above_a_gap_is_not_this_piece():
    count = len(SETTINGS.heights_mm)
    column = [1.0, 1.0, 0.0] + [1.0] * (count - 3)     # a short piece, and a tall one behind it
    assert heights_of(*column_look(column)).tolist() == [1.0, 1.0] + [0.0] * (count - 2)


def test_a_hidden_height_keeps_its_own_value_and_does_not_break_the_column():
    count = len(SETTINGS.heights_mm)
    column = [0.9, 0.5, 0.2] + [0.7] * (count - 3)
    heights = heights_of(*column_look(column, hidden_heights=(1,)))
    assert heights[0] == pytest.approx(0.9)
    assert heights[1] == 0.0                               # nothing known there: no share
    assert heights[2] == pytest.approx(0.2)                # the least seen at it or below
    assert np.all(heights[3:] == heights[2])


def test_the_column_of_many_looks_at_once_is_each_looks_alone():
    rng = np.random.default_rng(3)
    shares = (rng.random((30, SETTINGS.count)) * (rng.random((30, SETTINGS.count)) > 0.3)).astype(np.float32)
    known = (rng.random((30, SETTINGS.count)) > 0.2).astype(np.float32)
    together, valid = profile(shares, SETTINGS, known)
    for row in range(30):
        alone, alone_valid = profile(shares[row], SETTINGS, known[row])
        assert together[row].tobytes() == alone[0].tobytes() and np.array_equal(valid[row], alone_valid[0])
