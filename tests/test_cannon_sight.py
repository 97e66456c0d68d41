"""The cannon's base marker (id 48) seen beside a printed island board, under perspective: the live
pipeline hands the frame to the spotter, which places the cannon and the board's cells in board
1's sheet millimetres, and aiming at a cell then uses those measured places."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.hardware.aim import Aimer, CannonNotLocated, apply
from companion.games.cannonball_colony.hardware.sight import CannonSpotter
from companion.games.cannonball_colony.cells import Cell
from companion.games.cannonball_colony.text import parse_board
from companion.kit import layout, sheets
from companion.games.cannonball_colony.kit import terrain
from companion.live import Pipeline
from companion.session import EventLog, Session
from companion.vision.markers import get_dictionary
from companion.games.cannonball_colony.record import RECORD
from companion.games.cannonball_colony.camera.live import ColonyCamera

PX_PER_MM = 4.0
TABLE = layout.Paper("table", 300.0, 360.0)   # a patch of table round board 1
MARKER_MM, CANNON_AT = 40.0, (96.0, 240.0)     # the cannon sits below the board, in sheet mm
# The sample island: boards A1 and G1, so board 2 is out of this photo.
BOARD = (Path(__file__).resolve().parents[1] / "samples" / "boards" / "cannonball-colony-dispute.txt").read_text()


def table_photo(tilt: bool = True) -> np.ndarray:
    """Board 1 and the cannon's marker on one table, seen by a tilted camera."""
    dpi = PX_PER_MM * layout.MM_PER_INCH
    sheet = layout.island_board_layout(1)
    image = sheets.render_sheet(sheet, TABLE, dpi, terrain.random_terrain(7, 1))
    offset = sheet.page_offset(TABLE)
    side = int(round(MARKER_MM * PX_PER_MM))
    tile = cv2.aruco.generateImageMarker(get_dictionary("DICT_4X4_50"), 48, side, borderBits=1)
    tile = cv2.rotate(tile, cv2.ROTATE_90_CLOCKWISE)   # its top edge, so the muzzle, towards the sheet's +x
    x0 = int(round((offset[0] + CANNON_AT[0] - MARKER_MM / 2) * PX_PER_MM))
    y0 = int(round((offset[1] + CANNON_AT[1] - MARKER_MM / 2) * PX_PER_MM))
    image[y0:y0 + side, x0:x0 + side] = tile[:, :, None]
    if not tilt:
        return image
    h, w = image.shape[:2]
    source = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    target = np.float32([[0.12 * w, 0.05 * h], [0.9 * w, 0], [w, h], [0, 0.93 * h]])
    return cv2.warpPerspective(image, cv2.getPerspectiveTransform(source, target), (w, h),
                               borderValue=(60, 90, 120))


def test_the_spotter_places_the_cannon_and_the_cells_on_the_table():
    aimer = Aimer()
    spotter = CannonSpotter(aimer.place, aimer.note, every_s=0.0)
    fix = spotter(table_photo())
    assert fix is not None and aimer.fix is fix and fix.source == "camera" and fix.frame_board == 1
    assert (fix.pose.x, fix.pose.y) == pytest.approx(CANNON_AT, abs=1.0)
    assert fix.pose.heading == pytest.approx(0.0, abs=1.0)
    assert apply(fix.boards[1], 0.5, 0.5) == pytest.approx((36.0, 36.0), abs=1.0)   # A1's centre
    status = aimer.status()
    assert status["located"] and status["message"].startswith("Cannon located by the camera at (96, 240) mm")


def test_aiming_uses_the_measured_cells_and_says_when_a_board_was_not_seen():
    aimer = Aimer()
    CannonSpotter(aimer.place, every_s=0.0)(table_photo())
    position = parse_board(BOARD)
    solution = aimer.solve(position, Cell.parse("D1"))   # 24 mm frame + 3.5 and 0.5 cells of 24 mm
    assert solution.measured and (solution.x, solution.y) == pytest.approx((108.0, 36.0), abs=1.0)
    assert solution.bearing == pytest.approx(-86.6, abs=1.0)   # up the sheet, a little to the right
    assert solution.range_mm == pytest.approx(204.4, abs=1.0)
    with pytest.raises(ValueError, match="board 2 was out of view when the camera located the cannon"):
        aimer.solve(position, Cell.parse("H2"))


def test_the_marker_without_the_island_is_not_a_fix_and_the_panel_hears_why():
    aimer = Aimer()
    photo = table_photo(tilt=False)
    top = layout.island_board_layout(1).page_offset(TABLE)[1]
    photo[: int((top + 200) * PX_PER_MM)] = 255   # cover the board, keep the cannon's marker
    assert CannonSpotter(aimer.place, aimer.note, every_s=0.0)(photo) is None
    assert aimer.fix is None
    assert "sees the cannon's marker but cannot place it on the table" in aimer.status()["message"]
    with pytest.raises(CannonNotLocated, match="marker \\(id 48\\)"):
        aimer.solve(parse_board(BOARD), Cell.parse("A1"))


def test_the_live_pipeline_shows_every_frame_to_the_spotter_and_looks_twice_a_second(tmp_path):
    aimer = Aimer()
    clock = [0.0]
    spotter = CannonSpotter(aimer.place, clock=lambda: clock[0])
    pipeline = Pipeline(ColonyCamera, Session(EventLog(tmp_path / "game.sqlite"), RECORD), None, None, see_cannon=spotter)
    photo = table_photo(tilt=False)
    for step in range(4):             # four frames in 0.3 s: one look
        clock[0] = step * 0.1
        pipeline.process(photo, clock[0])
    assert spotter.fixes == 1 and aimer.fix is not None
    clock[0] = 0.6
    pipeline.process(photo, clock[0])
    assert spotter.fixes == 2
