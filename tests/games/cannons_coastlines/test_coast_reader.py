"""The Cannons & Coastlines camera reader on the bundled samples (exact truth beside each)."""

import json
import math
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.games.cannons_coastlines.reader import Seat, read_frame

SAMPLES = Path(__file__).resolve().parents[3] / "samples" / "coast"


def _sample(name):
    truth = json.loads((SAMPLES / f"{name}.json").read_text(encoding="utf-8"))
    seats = [Seat(player, truth["table"]["factions"][player]) for player in truth["table"]["players"]]
    return cv2.imread(str(SAMPLES / f"{name}.jpg")), truth, seats


@pytest.mark.xfail(strict=True, reason="issue 7 target not met yet: a heading is 3 degrees off on the straight view")
@pytest.mark.parametrize("name", ["coast-2-straight-even"])
def test_ship_poses_within_issue_targets(name):
    image, truth, seats = _sample(name)
    observation = read_frame(image, 1.0, None, seats=seats)
    seen = 0
    for ship in truth["ships"]:
        read = observation.table.ships.get(ship["id"])
        if read is None:
            continue
        seen += 1
        assert math.hypot(read.x - ship["x"], read.y - ship["y"]) * 25.4 < 5.0, ship["id"]
        assert abs((read.heading - ship["heading"] + 180) % 360 - 180) < 2.0, ship["id"]
    assert seen >= len(truth["ships"]) // 2


def test_a_hidden_ship_keeps_its_last_pose_marked_stale():
    image, truth, seats = _sample("coast-2-straight-even")
    first = read_frame(image, 1.0, None, seats=seats)
    ship_id = next(iter(first.table.ships))
    ship = first.table.ships[ship_id]
    corners = np.array([first.to_image((ship.x + dx, ship.y + dy)) for dx in (-3.5, 3.5) for dy in (-3.5, 3.5)])
    covered = image.copy()
    x0, y0 = corners.min(0).astype(int)
    x1, y1 = corners.max(0).astype(int)
    covered[y0:y1, x0:x1] = (120, 160, 210)   # a hand's colour over the ship
    second = read_frame(covered, 2.0, first, seats=seats)
    assert second.ships[ship_id].stale and second.ships[ship_id].last_seen == 1.0
    assert (second.table.ships[ship_id].x, second.table.ships[ship_id].y) == (ship.x, ship.y)
    assert any(ship_id in problem for problem in second.problems)


def test_no_table_markers_names_every_corner():
    observation = read_frame(np.full((720, 1280, 3), 128, np.uint8), 0.0)
    assert observation.table is None
    for marker in ("20 (top-left)", "21 (top-right)", "22 (bottom-right)", "23 (bottom-left)"):
        assert any(marker in problem for problem in observation.problems)
