"""Print the kit with `companion print`, then read the PNG sheets back as a camera would."""

from __future__ import annotations

import base64
import json
import re
import zlib

import cv2
import numpy as np
import pytest

from companion.cli import main
from companion.commands.print_kit import marker_groups
from companion.kit import ids, layout, output, palette
from companion.games.cannonball_colony.kit import boards
from companion.games.cannonball_colony.kit.terrain import parse_terrain
from companion.vision.markers import detect_markers

DPI = 150
MM_PER_PX = layout.MM_PER_INCH / DPI
# Half a pixel at 150 DPI is 0.085 mm; detected corners land well within this.
CORNER_TOLERANCE_MM = 0.35


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    folder = tmp_path_factory.mktemp("kit")
    status = main(["print", "all", "--out", str(folder), "--dpi", str(DPI), "--seed", "11",
                   "--board", "1", "--board", "2", "--board", "3", "--board", "4",
                   "--terrain", "gfgmlg/ffgggl/gglmgg/fggffg/mgglgf/ggfggm"])
    assert status == 0
    return folder


def read_sheet(path):
    image = cv2.imread(str(path))
    assert image is not None, f"could not read {path}"
    return image


def to_sheet_mm(point_px, sheet, paper):
    # OpenCV puts pixel centres on integers, so a pixel's outer edge sits half a pixel out.
    offset_x, offset_y = sheet.page_offset(paper)
    return (point_px[0] + 0.5) * MM_PER_PX - offset_x, (point_px[1] + 0.5) * MM_PER_PX - offset_y


def assert_markers_where_the_layout_says(image, sheet, paper):
    found = detect_markers(image)
    assert sorted(m.id for m in found) == sorted(p.id for p in sheet.markers)
    for marker in found:
        expected = np.array(sheet.marker(marker.id).corners)
        measured = np.array([to_sheet_mm(corner, sheet, paper) for corner in marker.corners])
        assert np.abs(measured - expected).max() < CORNER_TOLERANCE_MM, (marker.id, measured, expected)


def colour_at(image, x_mm, y_mm, sheet, paper):
    offset_x, offset_y = sheet.page_offset(paper)
    column = int((x_mm + offset_x) / MM_PER_PX)
    row = int((y_mm + offset_y) / MM_PER_PX)
    return tuple(int(v) for v in image[row, column])


def test_each_island_board_is_found_and_placed_by_its_own_four_markers(kit):
    paper = layout.PAPERS["a4"]
    for board in range(1, 5):
        image = read_sheet(kit / f"island-board-{board}-a4.png")
        sheet = boards.island_board_layout(board)
        assert_markers_where_the_layout_says(image, sheet, paper)
        assert {ids.island_board_of(m.id)[0] for m in detect_markers(image)} == {board}


def test_island_cells_are_printed_in_their_terrain_inks(kit):
    record = json.loads((kit / "island-boards.json").read_text())
    assert record["boards"]["1"] == "gfgmlg/ffgggl/gglmgg/fggffg/mgglgf/ggfggm"
    assert record["seed"] == 11
    paper = layout.PAPERS["a4"]
    for board in ("1", "3"):
        sheet = boards.island_board_layout(int(board))
        image = read_sheet(kit / f"island-board-{board}-a4.png")
        for row, tokens in enumerate(parse_terrain(record["boards"][board])):
            for column, token in enumerate(tokens):
                centre = sheet.grid.cell_centre(column, row)
                assert colour_at(image, *centre, sheet, paper) == palette.terrain_colour(token).bgr


def test_the_patch_sheet_shows_each_reference_colour_where_the_layout_says(kit):
    paper = layout.PAPERS["a4"]
    sheet = layout.patch_sheet_layout()
    image = read_sheet(kit / "colour-patches-a4.png")
    assert_markers_where_the_layout_says(image, sheet, paper)
    for patch in sheet.patches:
        assert colour_at(image, *patch.rect.centre, sheet, paper) == palette.patch_colour(patch.name).bgr


def test_marker_sheets_carry_every_printable_id_once(kit):
    paper = layout.PAPERS["a4"]
    for name, group in marker_groups().items():
        image = read_sheet(kit / f"markers-{name}-a4.png")
        assert_markers_where_the_layout_says(image, layout.marker_sheet_layout(group), paper)


def test_pngs_are_a4_at_their_embedded_dpi_so_they_print_at_real_size(kit):
    data = (kit / "island-board-2-a4.png").read_bytes()
    # PNG stores whole pixels per metre: 5906 /m is 150.01 DPI, 0.01% off over a page.
    assert output.png_dpi(data) == pytest.approx(DPI, rel=1e-4)
    height, width = read_sheet(kit / "island-board-2-a4.png").shape[:2]
    assert (width, height) == (round(210 / MM_PER_PX), round(297 / MM_PER_PX))


def test_pdfs_have_one_a4_page_per_sheet(kit):
    islands = (kit / "island-boards-a4.pdf").read_bytes()
    assert islands.startswith(b"%PDF-1.") and islands.rstrip().endswith(b"%%EOF")
    media_boxes = re.findall(rb"/MediaBox \[ 0 0 ([\d.]+) ([\d.]+) \]", islands)
    assert len(media_boxes) == 4
    assert {(float(w), float(h)) for w, h in media_boxes} == {(595.2756, 841.8898)}
    markers = (kit / "markers-a4.pdf").read_bytes()
    assert len(re.findall(rb"/Type /Page\b", markers)) == len(marker_groups())


def test_pdf_markers_are_vector_rectangles_that_read_back_where_the_layout_says(kit):
    """No picture in the PDF: each marker is black rectangles, and drawn back at 150 DPI they are
    found with their ids at the layout's corners, as in the PNGs."""
    paper = layout.PAPERS["a4"]
    data = (kit / "markers-a4.pdf").read_bytes()
    assert b"/Subtype /Image" not in data
    pages = pdf_black_rectangles(data)
    assert len(pages) == len(marker_groups())
    for rectangles, group in zip(pages, marker_groups().values()):
        image = draw_rectangles(rectangles, paper)
        assert_markers_where_the_layout_says(image, layout.marker_sheet_layout(group), paper)


def test_the_charuco_pdf_is_traced_into_rectangles_and_reads_as_the_board(kit):
    data = (kit / "charuco-a4.pdf").read_bytes()
    assert b"/Subtype /Image" not in data
    image = draw_rectangles(pdf_black_rectangles(data)[0], layout.PAPERS["a4"])
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_6X6_250)
    board = cv2.aruco.CharucoBoard((5, 7), 40.0, 20.0, dictionary)
    _, corner_ids, _, _ = cv2.aruco.CharucoDetector(board).detectBoard(image)
    assert corner_ids is not None and len(corner_ids) == 24


def pdf_black_rectangles(data: bytes) -> list[list[tuple[float, float, float, float]]]:
    """Each page's black filled rectangles (x, y, width, height in points, y up), read from the
    content streams reportlab writes (ASCII85 over Flate): enough of PDF to check our own output."""
    pages = []
    for match in re.finditer(rb"/Filter \[ /ASCII85Decode /FlateDecode \] /Length (\d+)\s*>>\s*stream\r?\n", data):
        raw = data[match.end():match.end() + int(match.group(1))]
        content = zlib.decompress(base64.a85decode(raw.strip().removesuffix(b"~>"))).decode("latin-1")
        black, found, operands = False, [], []
        for token in content.split():
            if token == "rg":
                black = [float(v) for v in operands[-3:]] == [0.0, 0.0, 0.0]
            elif token == "re" and black:
                found.append(tuple(float(v) for v in operands[-4:]))
            if re.fullmatch(r"-?[\d.]+", token):
                operands.append(token)
            else:
                operands = []
        pages.append(found)
    return pages


def draw_rectangles(rectangles, paper) -> np.ndarray:
    """The rectangles in black on a white `paper` at DPI, pixel (0, 0) at the page's top-left."""
    scale = DPI / 72.0
    height = round(paper.height_mm / MM_PER_PX)
    image = np.full((height, round(paper.width_mm / MM_PER_PX), 3), 255, np.uint8)
    for x, y, width, tall in rectangles:
        top = height - (y + tall) * scale
        cv2.rectangle(image, (round(x * scale), round(top)), (round((x + width) * scale) - 1, round(top + tall * scale) - 1),
                      (0, 0, 0), -1)
    return image


def test_the_charuco_board_has_40_mm_squares_on_a4(kit):
    image = read_sheet(kit / "charuco-a4.png")
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_6X6_250)
    board = cv2.aruco.CharucoBoard((5, 7), 40.0, 20.0, dictionary)
    corners, corner_ids, _, _ = cv2.aruco.CharucoDetector(board).detectBoard(image)
    assert corner_ids is not None and len(corner_ids) == 24
    by_id = {int(i): c for i, c in zip(corner_ids.ravel(), corners.reshape(-1, 2))}
    # Corners 0 and 3 are the ends of the first row of inner corners: 3 squares apart.
    assert np.linalg.norm(by_id[3] - by_id[0]) * MM_PER_PX == pytest.approx(120.0, abs=0.3)


def test_on_letter_the_charuco_board_shrinks_and_says_which_pattern_to_calibrate_with(tmp_path, capsys):
    assert main(["print", "charuco", "--paper", "letter", "--format", "png", "--out",
                 str(tmp_path), "--dpi", "100"]) == 0
    said = capsys.readouterr().out
    assert "printed charuco:5x7:38mm:19mm:DICT_6X6_250 instead" in said
    assert (tmp_path / "charuco-letter.png").exists()
    assert not (tmp_path / "charuco-letter.pdf").exists()


def test_an_island_board_tilted_45_degrees_is_still_identified(kit):
    image = read_sheet(kit / "island-board-4-a4.png")
    height, width = image.shape[:2]
    # Squash the far edge as a camera at about 45 degrees would, on a wooden-brown table.
    source = np.float32([[0, 0], [width, 0], [width, height], [0, height]])
    target = np.float32([[0.25 * width, 0], [0.75 * width, 0], [width, 0.7 * height], [0, 0.7 * height]])
    view = cv2.warpPerspective(image, cv2.getPerspectiveTransform(source, target), (width, height),
                               borderValue=(40, 70, 110))
    assert sorted(m.id for m in detect_markers(view)) == [12, 13, 14, 15]


def test_bad_terrain_is_refused_with_its_row_and_column(tmp_path, capsys):
    status = main(["print", "islands", "--out", str(tmp_path), "--board", "2",
                   "--terrain", "gfgmlg/ffgggl/ggxmgg/fggffg/mgglgf/ggfggm"])
    assert status == 2
    error = capsys.readouterr().err
    assert "--terrain for board 2" in error
    assert "row 3, column 3: 'x' is not a terrain" in error


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_sheet_fits_both_papers_inside_the_print_margins(paper):
    sheets = [boards.island_board_layout(1), layout.patch_sheet_layout(),
              *(layout.marker_sheet_layout(group) for group in marker_groups().values())]
    for sheet in sheets:
        x, y = sheet.page_offset(layout.PAPERS[paper])
        assert min(x, y) >= layout.PRINT_MARGIN_MM, sheet.title
