"""A board is judged three times a read (its roads, the bare cells where a piece may have been missed, the land
where the looks see paint), and the judge keeps what each cell alone gives for the board's view: judging it again
over other cells must judge every cell exactly as a judge that never saw the board."""

from __future__ import annotations

import cv2
import pytest

from benchmarks.taught_accuracy import render_pair
from calibration.pieces import teach
from companion.games.cannonball_colony.camera.look_judge import on_road
from companion.games.cannonball_colony.camera.reader import IslandReader
from companion.games.cannonball_colony.camera.taught import TaughtPieces
from companion.games.cannonball_colony.kit.boards import ISLAND_CELLS
from companion.games.cannonball_colony.render.teaching import sheet_record


@pytest.mark.slow   # 10 s: the benchmark's tuning seed 6016 rendered and read
def test_a_board_judged_again_over_other_cells_is_judged_as_by_a_fresh_judge(tmp_path):
    island, _, sheet = render_pair(6016, False, tmp_path)
    looks = teach([("sheet.png", cv2.imread(str(sheet)))], sheet_record())
    image = cv2.imread(str(island))
    reading = IslandReader(taught=TaughtPieces(looks)).read_stages(image, 0.0)
    every = [(col, row) for row in range(ISLAND_CELLS) for col in range(ISLAND_CELLS)]
    for board, view in reading.views.items():
        roads = [cell for cell in every if on_road(reading.tokens[(board, *cell)])]
        strict = frozenset(roads[::3])
        kept = TaughtPieces(looks).judge
        kept.judge(view, every)                            # the whole board first, as land and roads alike
        kept.judge(view, roads[1::2])                      # then a few of its roads, without the pieces beside them
        again = kept.judge(view, roads, strict=strict)
        fresh = TaughtPieces(looks).judge.judge(view, roads, strict=strict)
        assert again == fresh
        assert any(len(judged.token) == 2 for judged in fresh)   # pieces stood there, hiding what is behind them
