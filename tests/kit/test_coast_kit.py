"""The Cannons & Coastlines kit: pieces as pure data, and the printed sheets at true size."""

import ast
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.cli import main
from companion.games.cannons_coastlines.kit import pieces as kit
from companion.kit import ids
from companion.kit.output import png_dpi


def test_the_pieces_module_is_pure_so_the_rules_side_can_use_it():
    tree = ast.parse(Path(kit.__file__).read_text())
    imported = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    imported |= {node.module.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert not imported & {"cv2", "numpy", "flask", "serial"}


def test_a_knocked_off_fitting_leaves_its_hole_empty_and_the_rest_keep_their_kinds():
    assert kit.fitted_holes(("mast", "cargo", "cargo"), ("cargo", "mast")) == ("mast", "cargo", None)
    assert kit.fitted_holes(("mast", "mast"), ()) == (None, None)


def test_holes_lie_between_the_deck_tag_and_the_bow_shoulder():
    for length in (4.0, 5.5, 6.0):
        half = length * kit.MM_PER_INCH / 2
        holes = kit.fitting_holes_mm(length, 3)
        tag_front = -half + kit.TAG_STERN_GAP_MM + kit.SHIP_TAG_CARD_MM
        assert tag_front < holes[0] < holes[-1] <= half - length * kit.MM_PER_INCH * kit.BOW_SHARE + 1e-9
        assert kit.ship_tag_offset_mm(length) == pytest.approx(-(tag_front - kit.SHIP_TAG_CARD_MM / 2))


def test_table_markers_touch_the_play_area_corners_with_their_inner_corner():
    width, height = kit.PLAY_AREA_IN
    for corner, expected in enumerate(((0, 0), (width, 0), (width, height), (0, height))):
        corners = kit.table_marker_corners_in(corner)
        assert corners[kit.TABLE_MARKER_INNER_CORNER[corner]] == pytest.approx(expected)


def test_every_coin_kind_differs_in_colour_and_icon():
    looks = list(kit.COIN_LOOKS.values())
    assert len({look.rgb for look in looks}) == len({look.icon for look in looks}) == 6
    with pytest.raises(ValueError, match="'gold'"):
        kit.coin_look("gold")


def _found(path: Path) -> dict[int, np.ndarray]:
    image = cv2.imread(str(path), cv2.IMREAD_GRAYSCALE)
    detector = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50))
    corners, found, _ = detector.detectMarkers(image)
    return {} if found is None else {int(i): c.reshape(4, 2) for i, c in zip(found.ravel(), corners)}


def _side_mm(corners: np.ndarray, dpi: float) -> float:
    return float(np.linalg.norm(corners[1] - corners[0])) * 25.4 / dpi


def test_print_coast_writes_tags_mats_flags_and_corners_at_true_size(tmp_path, capsys):
    assert main(["print", "coast", "--players", "3", "--paper", "letter", "--dpi", "150", "--out", str(tmp_path)]) == 0
    pages = {path.name: path for path in tmp_path.glob("*.png")}
    assert (tmp_path / "coast-kit-letter.pdf").read_bytes().startswith(b"%PDF")
    expectations = {"coast-table-corners-letter.png": (ids.TABLE_CORNER_MARKERS.ids, kit.TABLE_MARKER_MM),
                    "coast-flag-tags-letter.png": (ids.ISLAND_FLAG_MARKERS.ids, kit.FLAG_TAG_MARKER_MM)}
    for fleet in (1, 2, 3):
        expectations[f"coast-ship-tags-fleet-{fleet}-letter.png"] = (
            [ids.ship_tag(fleet, ship) for ship in (1, 2, 3)], kit.SHIP_TAG_MARKER_MM)
        expectations[f"coast-harbour-mat-{fleet}-letter.png"] = ([ids.harbour_mat(fleet)], kit.MAT_MARKER_MM)
    assert set(pages) == set(expectations)   # three players: no fleet 4 tags, no mat 4
    for name, (wanted, size_mm) in expectations.items():
        dpi = png_dpi(pages[name].read_bytes())
        assert dpi == pytest.approx(150, abs=0.1)
        found = _found(pages[name])
        assert sorted(found) == sorted(wanted), name
        for corners in found.values():
            assert _side_mm(corners, dpi) == pytest.approx(size_mm, abs=0.5), name


def test_print_coast_refuses_a_fifth_player():
    with pytest.raises(SystemExit):
        main(["print", "coast", "--players", "5"])
