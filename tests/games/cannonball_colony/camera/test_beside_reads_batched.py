"""The board search reads its candidate quads in batches of up to QUADS_AT_ONCE (each patch warped alone, the
arithmetic done for the batch at once), and the search beside placed boards tests each quad's border ring once.
These scenarios pin that it finds, to the bit, what reading and testing one quad at a time found: on random quads,
and on two butted boards with one of them forgotten."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from companion.games.cannonball_colony.camera import board_beside
from companion.games.cannonball_colony.camera.board_beside import BesideSettings, _like_markers, search_beside
from companion.games.cannonball_colony.camera.board_finder import search
from companion.games.cannonball_colony.camera.marker_reading import (MarkerSettings, _module_layout, _pattern_matrix,
                                                                     many_pattern_scores, pattern_scores, read_many)
from tests.games.cannonball_colony.camera.test_board_finder import photograph, true_corners
from tests.games.cannonball_colony.camera.test_same_reading_faster import modules_by_rows_and_columns, random_quads


def read_alone(grey: np.ndarray, quad: np.ndarray, settings: MarkerSettings) -> np.ndarray | None:
    """A quad's table as first written, one quad at a time."""
    size, target = _module_layout(settings.px_per_module)[:2]
    patch = cv2.warpPerspective(grey, cv2.getPerspectiveTransform(quad.astype(np.float32), target), (size, size),
                                flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE).astype(np.float32)
    modules = modules_by_rows_and_columns(cv2.integral(patch), settings.px_per_module)
    ordered = np.sort(modules, axis=1)
    low, high = ordered[:, 3:4], ordered[:, -4:-3]
    keep = (high - low)[:, 0] >= settings.min_contrast
    if not keep.any():
        return None
    signed = np.clip((modules[keep] - (low[keep] + high[keep]) / 2) / ((high[keep] - low[keep]) / 2), -1, 1)
    return (signed @ _pattern_matrix().T / signed.shape[1]).max(axis=0)


class OneAtATime(board_beside.BesideReads):
    """The search's reads and ring tests, each quad alone and never remembered."""

    def many(self, quads, settings: MarkerSettings) -> list:
        return [read_alone(self.grey, quad, settings) if np.linalg.norm(quad[0] - quad[2]) >= settings.min_marker_px
                else None for quad in quads]

    def like_markers(self, quads: np.ndarray) -> np.ndarray:
        return np.array([bool(_like_markers(self.grey, quad[None], self.paper, self.settings)[0]) for quad in quads], bool)


@pytest.fixture(scope="module")
def butted():
    picture, to_image = photograph()
    grey = cv2.cvtColor(picture, cv2.COLOR_BGR2GRAY)
    fix = search(grey)
    assert sorted(fix.located) == [1, 2]
    return grey, fix, true_corners(to_image, 2, 205)


def found_forgetting_board_two(grey, fix, settings=BesideSettings(), reading=MarkerSettings()) -> dict:
    """search_beside with board 2 and its markers forgotten: what it finds beside board 1, as bytes."""
    taken = [np.mean(m.corners, axis=0) for m in fix.markers if m.id in fix.located[1].markers_used]
    found = search_beside(grey, {1: fix.located[1]}, settings, reading, taken)
    return {marker_id: quad.tobytes() for marker_id, quad in found.items()}


def test_quads_read_in_a_batch_give_each_quads_table_read_alone(butted):
    grey = butted[0]
    rng = np.random.default_rng(21)
    quads = random_quads(150, rng, grey.shape[1], grey.shape[0])
    for settings in (MarkerSettings(), MarkerSettings(px_per_module=6)):
        together = many_pattern_scores(grey, quads, settings)
        alone = [read_alone(grey, quad, settings) for quad in quads]
        assert [t is None for t in together] == [a is None for a in alone]
        assert all(t is None or t.tobytes() == a.tobytes() for t, a in zip(together, alone))
        assert 0 < sum(t is None for t in together) < len(quads)   # flat patches and marker-like ones both met
        big = [np.linalg.norm(quad[0] - quad[2]) >= settings.min_marker_px for quad in quads]
        assert 0 < sum(big) < len(quads)   # some too small to be read
        assert [None if t is None else t.tobytes() for t in read_many(grey, quads, settings)] == \
            [None if t is None or not read else t.tobytes() for t, read in zip(alone, big)]
    readable = next(quad for quad in quads if read_alone(grey, quad, MarkerSettings()) is not None)
    assert pattern_scores(grey, readable).tobytes() == read_alone(grey, readable, MarkerSettings()).tobytes()


def test_a_forgotten_board_is_found_beside_the_other_as_when_its_quads_were_read_one_at_a_time(butted, monkeypatch):
    grey, fix, truth = butted
    batched = found_forgetting_board_two(grey, fix)
    assert batched and all(marker_id in truth for marker_id in batched)
    for marker_id, quad in batched.items():   # a marker of board 2, where it is printed, to a few pixels
        assert np.abs(np.frombuffer(quad).reshape(4, 2) - truth[marker_id]).max() < 3.0
    monkeypatch.setattr(board_beside, "BesideReads", OneAtATime)
    assert found_forgetting_board_two(grey, fix) == batched


def test_a_forgotten_board_read_from_its_four_corners_together_is_found_as_one_at_a_time(butted, monkeypatch):
    grey, fix, truth = butted
    # No single read is good enough: only the placements' four corners read together can find the board.
    blind = MarkerSettings(open_min_score=2.0)
    batched = found_forgetting_board_two(grey, fix, BesideSettings(), blind)
    assert batched and all(marker_id in truth for marker_id in batched)
    monkeypatch.setattr(board_beside, "BesideReads", OneAtATime)
    assert found_forgetting_board_two(grey, fix, BesideSettings(), blind) == batched
    assert found_forgetting_board_two(grey, fix, BesideSettings(joint_min_score=1.5), blind) == {}
