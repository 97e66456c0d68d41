"""A far island is placed board by board: each board found beside the placed ones is followed by another search
beside them all. Those searches share the picture's reads (board_beside.BesideReads), so the sides searched before
are not read again, and the boards are placed to the bit as when every search read afresh."""

from __future__ import annotations

from collections import Counter

import cv2
import numpy as np
import pytest

from companion.games.cannonball_colony.camera import board_beside, board_finder
from companion.games.cannonball_colony.camera.board_finder import search


def _fix_bytes(fix) -> tuple:
    return (tuple((m.id, m.corners) for m in fix.markers), tuple(sorted(fix.scores.items())),
            tuple((board, located.markers_used, located.sheet_to_image.tobytes())
                  for board, located in sorted(fix.located.items())))


class Forgetful(board_beside.BesideReads):
    """Every search beside the boards reads afresh, as before the reads were shared."""

    def with_paper(self, paper: float) -> "Forgetful":
        return Forgetful(self.grey, self.settings, paper)


@pytest.mark.slow   # 6 s: the taught benchmark's tuning seed 6421 rendered
def test_a_far_island_placed_board_by_board_reads_each_quad_once_and_finds_what_fresh_reads_found(tmp_path, monkeypatch):
    from benchmarks.taught_accuracy import render_pair

    island, _, _ = render_pair(6421, False, tmp_path)   # a camera about 1.5 m away: markers about 12 px
    grey = cv2.imread(str(island), cv2.IMREAD_GRAYSCALE)
    reads: Counter = Counter()
    reading = board_beside.many_pattern_scores

    def counted(image, quads, settings):
        reads.update((np.asarray(quad).tobytes(), settings.px_per_module) for quad in quads)
        return reading(image, quads, settings)

    monkeypatch.setattr(board_beside, "many_pattern_scores", counted)
    shared = search(grey)
    assert sorted(shared.located) == [1, 2, 3, 4] and len(shared.markers) == 16   # three boards found beside others
    assert max(reads.values()) == 1
    read_once = sum(reads.values())

    reads.clear()
    monkeypatch.setattr(board_finder, "BesideReads", Forgetful)
    fresh = search(grey)
    assert max(reads.values()) > 1 and sum(reads.values()) > 1.2 * read_once
    assert _fix_bytes(fresh) == _fix_bytes(shared)
