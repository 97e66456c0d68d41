"""Cannons & Coastlines renders: the truth is what the pixels show."""

import cv2
import numpy as np
import pytest

from companion.cli import main
from companion.games.cannons_coastlines.geometry import distance, inside_table
from companion.games.cannons_coastlines.render import RenderOptions, random_coast_table, render_coast_table


def _detect(image) -> dict[int, np.ndarray]:
    detector = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50))
    parameters = detector.getDetectorParameters()
    parameters.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    detector.setDetectorParameters(parameters)
    corners, found, _ = detector.detectMarkers(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY))
    return {} if found is None else {int(i): c.reshape(4, 2) for i, c in zip(found.ravel(), corners)}


@pytest.fixture(scope="module")
def clean_render():
    table = random_coast_table(11, players=3)
    return render_coast_table(table, 11, RenderOptions(tilt_deg=0.0, light="even", noisy=False))


def test_markers_are_found_where_the_truth_puts_them(clean_render):
    found = _detect(clean_render.image)
    truth = {marker["id"]: marker for marker in clean_render.truth["markers"]}
    unhidden = {marker_id for marker_id, marker in truth.items() if marker["hidden_share"] == 0}
    assert len([m for m in unhidden if 24 <= m <= 35]) >= 5
    assert unhidden <= set(found)   # a mast or pennant over a tag may hide it; nothing else does
    for marker_id, corners in found.items():
        assert marker_id in truth, f"marker {marker_id} seen but not in the truth"
        # Ship tags are small: their corners to a pixel; the big cards' corners a little looser.
        tolerance = 1.0 if 24 <= marker_id <= 35 else 1.6
        assert np.abs(corners - np.array(truth[marker_id]["corners"])).max() < tolerance, marker_id


def test_the_truth_describes_the_table_that_was_drawn(clean_render):
    truth, table = clean_render.truth, clean_render.scene.table
    assert [ship["id"] for ship in truth["ships"]] == sorted(table.ships)
    for ship in truth["ships"]:
        assert ship["marker"] == 24 + 3 * (ship["fleet"] - 1) + ship["ship"] - 1
    camera = truth["camera"]
    exact = np.array(truth["table"]["table_to_undistorted_image"]).reshape(3, 3)
    corner = exact @ [table.width, table.height, 1.0]
    seen = cv2.undistortPoints(np.float64([truth["table"]["corners_px"][2]]).reshape(1, 1, 2), np.array(camera["K"]),
                               np.array(camera["distortion"]), P=np.array(camera["K"])).ravel()
    assert corner[:2] / corner[2] == pytest.approx(seen, abs=0.01)
    fitted = np.array(truth["table"]["table_to_image"]).reshape(3, 3) @ [table.width, table.height, 1.0]
    miss = np.abs(fitted[:2] / fitted[2] - truth["table"]["corners_px"][2]).max()
    assert miss <= truth["table"]["table_to_image_max_error_px"] + 1e-3
    for mat in truth["mats"]:
        assert sum(mat["coins"].values()) == sum(piece["kind"] == "coin" for piece in mat["pieces"])
        assert len(mat["prizes"]) == sum(piece["kind"] != "coin" for piece in mat["pieces"])


def test_random_tables_keep_the_setup_rules():
    for seed in range(6):
        table = random_coast_table(seed, players=2 + seed % 3)
        islands = [island.outline for island in table.islands.values()]
        assert len(islands) == len(table.players)
        assert all(distance(a, b) >= 6.0 for i, a in enumerate(islands) for b in islands[i + 1:])
        outlines = [ship.outline() for ship in table.ships.values()]
        assert all(inside_table(outline, table.width, table.height) for outline in outlines)
        others = outlines + islands + list(table.rocks.values())
        for index, outline in enumerate(outlines):
            assert all(distance(outline, other) > 0.25 for other in others[:index] + others[index + 1:])
        assert all(0 <= mat.coin_count <= 25 for mat in table.mats.values())


def test_a_hand_over_a_ship_is_reported_covering_it():
    table = random_coast_table(5, players=2)
    rendered = render_coast_table(table, 5, RenderOptions(size=(640, 360), tilt_deg=20, hand=True, supersample=1))
    hand = rendered.truth["hand"]
    reached = min(table.ships.values(), key=lambda s: np.hypot(*np.subtract(rendered.scene.to_render((s.x, s.y)),
                                                                             rendered.scene.hand.reach_mm)))
    assert reached.id in hand["covered_ships"]
    assert hand["covered_ships"] == [s["id"] for s in rendered.truth["ships"] if s["covered_by_hand"]]
    bare = render_coast_table(table, 5, RenderOptions(size=(640, 360), tilt_deg=20, supersample=1))
    assert bare.truth["hand"] is None and not any(s["covered_by_hand"] for s in bare.truth["ships"])


def test_same_seed_same_pixels():
    table = random_coast_table(8, players=4)
    options = RenderOptions(size=(320, 180), supersample=1, jpeg_quality=80)
    first, second = (render_coast_table(table, 8, options) for _ in range(2))
    assert first.jpeg == second.jpeg and first.truth == second.truth
    assert render_coast_table(table, 9, options).jpeg != first.jpeg


def test_bad_requests_name_the_bad_value():
    with pytest.raises(ValueError, match="got 5"):
        random_coast_table(1, players=5)
    with pytest.raises(ValueError, match="tilt 50"):
        RenderOptions(tilt_deg=50)


def test_render_command_writes_a_coast_picture_and_its_truth(tmp_path, capsys):
    out, truth = tmp_path / "coast.jpg", tmp_path / "coast.json"
    assert main(["render", "cannons-coastlines", "--seed", "3", "--players", "2", "--size", "320x180",
                 "--out", str(out), "--truth", str(truth)]) == 0
    assert cv2.imread(str(out)).shape == (180, 320, 3)
    assert '"game": "cannons-coastlines"' in truth.read_text()
    assert main(["render", "cannons-coastlines", "--tilt", "60"]) == 2
    assert "--tilt 60" in capsys.readouterr().err
