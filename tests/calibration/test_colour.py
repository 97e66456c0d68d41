"""Colour references: photograph the printed patch sheet under warm and cool light, then classify."""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from calibration.colour import (
    ColourReferences,
    classify_lab,
    lab_of,
    sample_references,
)
from calibration.pose import SheetNotFound
from companion.kit import layout
from companion.games.cannonball_colony.kit import boards
from companion.games.cannonball_colony.kit.printed import render_board
from companion.kit.sheets import render_sheet

DPI = 100
PAPER = layout.PAPERS["a4"]
SHEET = layout.patch_sheet_layout()
# Per-channel gains (B, G, R): tungsten-like warm light and shade-like cool light.
WARM = (0.70, 0.90, 1.08)
COOL = (1.08, 0.97, 0.78)


def photograph(light, *, seed=0):
    """The patch sheet on a table, seen from a tilted camera, under `light`, with a
    brighter left than right, sensor noise and JPEG compression. Returns the photo and
    the homography from sheet millimetres to photo pixels."""
    page = render_sheet(SHEET, PAPER, DPI)
    page_h, page_w = page.shape[:2]
    source = np.float32([[0, 0], [page_w, 0], [page_w, page_h], [0, page_h]])
    target = np.float32([[330, 90], [950, 120], [1130, 900], [170, 880]])
    page_to_photo = cv2.getPerspectiveTransform(source, target)
    photo = cv2.warpPerspective(page, page_to_photo, (1280, 960), borderValue=(60, 95, 130))
    shading = np.linspace(1.05, 0.8, photo.shape[1], dtype=np.float32)[None, :, None]
    lit = photo.astype(np.float32) * np.float32(light)[None, None, :] * shading
    lit += np.random.default_rng(seed).normal(0, 3.0, lit.shape)
    photo = np.clip(lit, 0, 255).astype(np.uint8)
    photo = cv2.imdecode(cv2.imencode(".jpg", photo, [cv2.IMWRITE_JPEG_QUALITY, 85])[1], cv2.IMREAD_COLOR)
    offset_x, offset_y = SHEET.page_offset(PAPER)
    px_per_mm = DPI / layout.MM_PER_INCH
    mm_to_page = np.array([[px_per_mm, 0, offset_x * px_per_mm], [0, px_per_mm, offset_y * px_per_mm],
                           [0, 0, 1]])
    return photo, page_to_photo @ mm_to_page


def spot(photo, sheet_to_photo, x_mm, y_mm, radius=3):
    """The pixels around the point of the sheet at (x_mm, y_mm), as a player's piece would cover them."""
    x, y, w = sheet_to_photo @ np.array([x_mm, y_mm, 1.0])
    column, row = int(round(x / w)), int(round(y / w))
    return photo[row - radius:row + radius + 1, column - radius:column + radius + 1]


@pytest.mark.parametrize("light", [WARM, COOL], ids=["warm", "cool"])
def test_under_one_light_every_patch_is_classified_as_itself(light):
    photo, sheet_to_photo = photograph(light)
    references = sample_references(photo, SHEET, source="synthetic")
    assert set(references.references) == {patch.name for patch in SHEET.patches}
    for patch in SHEET.patches:
        # A spot off the middle of the patch, not the area the references came from.
        x = patch.rect.x + 0.2 * patch.rect.width
        y = patch.rect.y + 0.8 * patch.rect.height
        verdict = classify_lab(lab_of(spot(photo, sheet_to_photo, x, y)), references)
        assert verdict.name == patch.name, (patch.name, verdict)
        assert verdict.confidence > 0.5, (patch.name, verdict)


def test_warm_light_makes_the_white_patch_yellower_than_cool_light_does():
    warm = sample_references(photograph(WARM)[0], SHEET)
    cool = sample_references(photograph(COOL)[0], SHEET)
    # b* is the blue (-) to yellow (+) axis.
    assert warm.references["white"][2] > cool.references["white"][2] + 10


def test_terrain_is_classified_among_the_terrain_references_only():
    photo, sheet_to_photo = photograph(WARM)
    references = sample_references(photo, SHEET)
    grass = SHEET.patches[0]
    assert grass.name == "grass"
    verdict = classify_lab(lab_of(spot(photo, sheet_to_photo, *grass.rect.centre)), references,
                           among=("grass", "forest", "lake", "mountain"))
    assert verdict.name == "grass"
    assert verdict.runner_up in {"forest", "lake", "mountain"}


def test_a_sample_between_two_references_has_low_confidence():
    references = {"grass": (70.0, -40.0, 50.0), "forest": (30.0, -30.0, 20.0)}
    halfway = (50.0, -35.0, 35.0)
    assert classify_lab(halfway, references).confidence == pytest.approx(0.0, abs=1e-9)
    assert classify_lab((70.0, -40.0, 50.0), references).confidence == pytest.approx(1.0)


def test_references_are_saved_and_loaded_as_json_with_their_date(tmp_path):
    references = sample_references(photograph(COOL)[0], SHEET, source="table-photo.jpg")
    path = references.save(tmp_path / "colour.json")
    data = json.loads(path.read_text())
    assert data["kind"] == "colour-references"
    assert data["created"].startswith("20")
    loaded = ColourReferences.load(path)
    assert loaded.created == references.created
    assert loaded.source == "table-photo.jpg"
    for name, lab in references.references.items():
        assert loaded.references[name] == pytest.approx(lab, abs=1e-3)


def test_a_broken_references_file_says_where_it_went_wrong(tmp_path):
    path = tmp_path / "colour.json"
    path.write_text('{"kind": "colour-references", "created": "2026-01-01", '
                    '"references": {"grass": [70, -40]}}')
    with pytest.raises(ValueError, match=r"colour.json: references.grass should be \[L, a, b\], got \[70, -40\]"):
        ColourReferences.load(path)
    path.write_text('{"kind": "colour-references",\n "created": }')
    with pytest.raises(ValueError, match="colour.json: not JSON: .* at line 2 column 13"):
        ColourReferences.load(path)
    with pytest.raises(ValueError, match="nowhere.json: no such colour references file"):
        ColourReferences.load(tmp_path / "nowhere.json")


def test_a_photo_without_the_patch_sheet_is_refused_naming_the_markers_it_shows():
    board = render_board(boards.island_board_layout(1), PAPER, DPI, (("g",) * 6,) * 6)
    with pytest.raises(SheetNotFound, match=r"none of its markers \(16, 17, 18, 19\) seen once; "
                                            r"seen: 0, 1, 2, 3"):
        sample_references(board, SHEET)


def test_one_corner_marker_alone_is_not_trusted_to_place_the_far_patches():
    photo, _ = photograph(WARM)
    height = photo.shape[0]
    # A hand over the sheet: only the top-left marker (id 16) is left in view.
    photo[int(0.3 * height):] = 0
    photo[:, 640:] = 0
    with pytest.raises(SheetNotFound, match=r"only marker \[16\] of \[16, 17, 18, 19\] is usable; 2 are needed"):
        sample_references(photo, SHEET)


def test_calibrate_colour_writes_the_references_file_and_refuses_a_photo_without_the_sheet(tmp_path):
    import subprocess
    import sys

    import cv2

    from calibration.colour import ColourReferences

    photo, _ = photograph(WARM)
    cv2.imwrite(str(tmp_path / "sheet.png"), photo)
    out = tmp_path / "colours.json"
    done = subprocess.run([sys.executable, "-m", "companion", "calibrate", "colour", "--image",
                           str(tmp_path / "sheet.png"), "--out", str(out)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "12 colour references" in done.stdout
    assert set(ColourReferences.load(out).references) == {patch.name for patch in SHEET.patches}
    blank = tmp_path / "blank.png"
    cv2.imwrite(str(blank), photo[:40, :40])
    refused = subprocess.run([sys.executable, "-m", "companion", "calibrate", "colour", "--image", str(blank),
                              "--out", str(out)], capture_output=True, text=True)
    assert refused.returncode == 2 and "blank.png" in refused.stderr
