"""The single photo's read was made faster without changing any reading: each shortcut must give, to the bit, what
the slower way gave. These scenarios pin the equivalences the shortcuts rely on, on a photographed board and on
random quads and points."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from companion.games.cannonball_colony.camera.board_beside import (BORDER_RING, MARKER_UNIT, BesideSettings, _like_markers,
                                                                   _near_taken, BesideReads)
from companion.games.cannonball_colony.camera.look_judge import _hidden_each
from companion.games.cannonball_colony.camera.marker_reading import (MODULES, MarkerSettings, _module_layout, _module_means,
                                                                     _pattern_matrix, pattern_scores, read_scores)
from companion.games.cannonball_colony.camera.untaught_check import kit_pieces
from companion.vision.piece_looks import inside_convex
from tests.games.cannonball_colony.camera.test_board_finder import photograph


@pytest.fixture(scope="module")
def grey():
    picture, _ = photograph()
    return cv2.cvtColor(picture, cv2.COLOR_BGR2GRAY)


def random_quads(count: int, rng, width: float, height: float, size=(6.0, 40.0)) -> np.ndarray:
    """Quads (count, 4, 2) of markers from 6 to 40 px across, turned and sheared a little, all over the picture."""
    centres = rng.uniform([0, 0], [width, height], (count, 2))
    sides = rng.uniform(*size, count)
    angles = rng.uniform(0, 2 * np.pi, count)
    unit = np.array([[-0.5, -0.5], [0.5, -0.5], [0.5, 0.5], [-0.5, 0.5]])
    turn = np.stack([np.cos(angles), -np.sin(angles), np.sin(angles), np.cos(angles)], axis=1).reshape(-1, 2, 2)
    corners = (unit[None] @ turn.transpose(0, 2, 1)) * sides[:, None, None] + centres[:, None]
    return corners + rng.normal(0, 0.6, corners.shape)


def modules_by_rows_and_columns(total: np.ndarray, k: int) -> np.ndarray:
    """Every module's mean at every shift, as first written: the integral image indexed by rows and columns, then
    reordered (shifts * shifts, 36)."""
    pad = k // 2
    shifts = np.arange(0, 2 * pad + 1, max(1, pad // 2))
    starts = (shifts[:, None] + np.arange(MODULES)[None, :] * k + k // 4).ravel()
    span = k - 2 * (k // 4)
    y0, x0 = starts[:, None], starts[None, :]
    sums = total[y0 + span, x0 + span] - total[y0, x0 + span] - total[y0 + span, x0] + total[y0, x0]
    count = len(shifts)
    return sums.reshape(count, MODULES, count, MODULES).transpose(0, 2, 1, 3).reshape(count * count, -1) / span ** 2


def test_a_markers_modules_summed_from_every_boxs_sums_are_those_of_rows_and_columns(grey):
    rng = np.random.default_rng(7)
    for k in (6, 8):
        layout = _module_layout(k)
        size, target = layout[:2]
        quads = random_quads(40, rng, grey.shape[1], grey.shape[0])
        totals = np.array([cv2.integral(cv2.warpPerspective(
            grey, cv2.getPerspectiveTransform(quad.astype(np.float32), target), (size, size), flags=cv2.INTER_LINEAR,
            borderMode=cv2.BORDER_REPLICATE).astype(np.float32)) for quad in quads])
        together = _module_means(totals, layout)
        for total, found in zip(totals, together):
            assert found.tobytes() == modules_by_rows_and_columns(total, k).tobytes()


def test_many_quads_in_the_photograph_are_read_whatever_the_size_limit(grey):
    rng = np.random.default_rng(6)
    tables = [pattern_scores(grey, quad) for quad in random_quads(200, rng, grey.shape[1], grey.shape[0])]
    assert sum(table is not None for table in tables) > 50   # many show enough contrast to be read
    assert all(table is None or table.shape == _pattern_matrix().shape[:1] for table in tables)


def test_a_quad_read_again_under_a_lower_size_limit_gives_the_same_table(grey):
    rng = np.random.default_rng(8)
    reads = BesideReads(grey)
    small = MarkerSettings(min_marker_px=5.0)
    for quad in random_quads(60, rng, grey.shape[1], grey.shape[0], size=(6.0, 14.0)):
        for settings in (MarkerSettings(), small, small):
            expected, found = read_scores(grey, quad, settings), reads.many([quad], settings)[0]
            assert (found is None) == (expected is None)
            assert found is None or found.tobytes() == expected.tobytes()


def test_placements_tested_together_look_like_markers_as_when_tested_one_by_one(grey):
    rng = np.random.default_rng(9)
    quads = random_quads(400, rng, grey.shape[1], grey.shape[0])
    settings, paper = BesideSettings(), float(np.percentile(grey, 90))
    together = _like_markers(grey, quads, paper, settings)
    height, width = grey.shape
    for quad, like in zip(quads, together):   # one quad at a time, as first written
        to_image = cv2.getPerspectiveTransform(MARKER_UNIT, quad.astype(np.float32))
        points = cv2.perspectiveTransform(BORDER_RING.reshape(-1, 1, 2), to_image).reshape(-1, 2)
        xs = np.clip(np.rint(points[:, 0]).astype(int), 0, width - 1)
        ys = np.clip(np.rint(points[:, 1]).astype(int), 0, height - 1)
        assert like == (float(grey[ys, xs].mean()) < settings.dark_share * paper)
    assert 0 < together.sum() < len(quads)   # the photographed markers' rings are dark, the rest mostly not


def test_markers_near_placed_ones_are_found_together_as_one_by_one():
    rng = np.random.default_rng(10)
    quads = random_quads(500, rng, 300, 200)
    taken = rng.uniform([0, 0], [300, 200], (25, 2))
    centres = quads.mean(axis=1)
    together = _near_taken(centres, quads, taken)
    for centre, quad, near in zip(centres, quads, together):   # np.linalg.norm's size, one quad at a time
        size = np.linalg.norm(quad[0] - quad[2])
        assert near == bool((np.sqrt(((centre - taken) ** 2).sum(axis=1)) < 0.5 * size).any())
    assert 0 < together.sum() < len(quads)
    assert not _near_taken(centres, quads, np.zeros((0, 2))).any()   # nothing placed yet


def test_what_an_outline_hides_of_every_cell_at_once_is_what_it_hides_of_each():
    rng = np.random.default_rng(11)
    cells = [rng.uniform(0, 100, (27, 2)) + rng.uniform(0, 300, 2) for _ in range(40)]
    outline = cv2.convexHull(rng.uniform(120, 200, (8, 2)).astype(np.float32)).reshape(-1, 2).astype(np.float64)
    lows, highs = np.array([c.min(axis=0) for c in cells]), np.array([c.max(axis=0) for c in cells])
    together = _hidden_each(cells, lows, highs, outline)
    for points, hidden in zip(cells, together):   # each cell alone, its box tested first
        clear = (outline.min(axis=0) > points.max(axis=0)).any() or (outline.max(axis=0) < points.min(axis=0)).any()
        assert (hidden is None) == clear
        assert hidden is None or np.array_equal(hidden, inside_convex(points, outline))
    assert any(h is None for h in together) and any(h is not None and h.any() for h in together)


def test_each_players_paint_counted_in_one_product_as_one_by_one():
    rng = np.random.default_rng(12)
    for base_count in (6, 9, 12, 15, 20):
        painted = rng.random((4, base_count)) > 0.5
        known = (rng.random(base_count) > 0.3).astype(np.float32)
        together = (painted * known).sum(axis=1) / known.sum()
        one_by_one = np.array([(paint * known).sum() / known.sum() for paint in painted])
        assert together.tobytes() == one_by_one.tobytes()


def test_every_reader_gets_its_own_copy_of_the_kit_pieces_worked_out_once():
    first, second = kit_pieces(), kit_pieces()
    if first is None:
        pytest.skip("no kit_looks.json")
    assert first.pieces is not second.pieces and first.pieces.judge is not second.pieces.judge
    assert first.pieces.table is second.pieces.table   # the looks are not worked out again
    first.pieces._revised[1] = "kept"
    assert second.pieces._revised == {}                # but what one reader keeps is its own


def test_the_lightness_spreads_of_many_cells_taken_together_are_each_cells_alone():
    rng = np.random.default_rng(13)
    for size in (64, 100, 144):
        lightness = rng.normal(60, 15, (20, size))
        low, high = np.percentile(lightness, (10, 90), axis=1)
        for row, spread in zip(lightness, high - low):
            alone_low, alone_high = np.percentile(row, (10, 90))
            assert float(spread) == float(alone_high - alone_low)


def test_the_print_medians_of_many_cells_taken_together_are_each_cells_alone():
    rng = np.random.default_rng(14)
    for size in (100, 144, 196):
        middles = rng.random((30, size, 3)).astype(np.float32)
        together = np.median(middles, axis=1)
        for middle, median in zip(middles, together):
            assert median.tobytes() == np.median(middle, axis=0).tobytes()


def test_every_new_reader_uses_the_networks_read_once_from_their_file():
    from companion.games.cannonball_colony.camera.reader import IslandReader

    first, second = IslandReader(), IslandReader()
    assert first.models is second.models and set(first.models) >= {"cells", "ships"}


@pytest.mark.slow   # 6 s: the taught benchmark's tuning seed 6001 rendered
def test_a_far_view_whose_first_look_places_all_sixteen_markers_is_not_searched_again_enlarged(tmp_path, monkeypatch):
    from benchmarks.taught_accuracy import render_pair
    from companion.games.cannonball_colony.camera import board_finder

    island, _, _ = render_pair(6001, False, tmp_path)   # four boards far off: markers small enough to look again
    far = cv2.imread(str(island), cv2.IMREAD_GRAYSCALE)
    enlarged_looks = []
    enlarged = board_finder._enlarged

    def counted(*args):
        enlarged_looks.append(args[4])
        return enlarged(*args)
    monkeypatch.setattr(board_finder, "_enlarged", counted)
    fix = board_finder.search(far)
    assert enlarged_looks == [] and len(fix.markers) == 16 and sorted(fix.located) == [1, 2, 3, 4]
    monkeypatch.setattr(board_finder, "_complete", lambda fix: False)
    looked_again = board_finder.search(far)
    assert enlarged_looks == [2.0]   # its small markers did ask for the enlarged look
    assert [(m.id, np.asarray(m.corners).tobytes()) for m in fix.markers] == \
        [(m.id, np.asarray(m.corners).tobytes()) for m in looked_again.markers]
    assert fix.scores == looked_again.scores and fix.problems == looked_again.problems
