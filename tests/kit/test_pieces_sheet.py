"""`companion print pieces --game G`: the teaching sheet and its pieces-sheet.json, read back from the
printed PNG as a camera would (markers where the JSON says, squares where it says), for both games
and both papers."""

from __future__ import annotations

import base64
import itertools
import json
import re
import zlib

import cv2
import numpy as np
import pytest

from companion.cli import main
from companion.commands import print_kit
from companion.games import plugins
from companion.games.cannons_coastlines.factions import COIN_KINDS
from companion.kit import layout, output
from companion.kit.part import GameKit
from companion.kit.pieces_sheet import PiecesSheet, PiecesSheetSettings, PieceSquare, pieces_sheet_layout
from companion.kit.sheets import FONT
from companion.vision.markers import detect_markers

DPI = 150
PRINT_DPI = 300   # `companion print`'s default
GAMES = ("cannonball-colony", "cannons-coastlines")
PAPERS = ("a4", "letter")
# The detected corners of a 150 DPI print land within a fraction of a pixel (0.17 mm) of the truth.
CORNER_TOLERANCE_MM = 0.5
COLONY_PIECES = [kind + country for country in "fspe" for kind in "FCB"] + ["r"]
FLEETS = ("blue", "yellow", "green", "red")
COAST_PIECES = ([f"mast:{fleet}" for fleet in FLEETS] + [f"crate:{fleet}" for fleet in FLEETS] + ["hull"]
                + [f"coin:{kind}" for kind in COIN_KINDS])


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    """{(game, paper): folder} with the sheet printed as PDF and PNG."""
    folders = {}
    for game, paper in itertools.product(GAMES, PAPERS):
        folder = tmp_path_factory.mktemp(f"{game}-{paper}")
        assert main(["print", "pieces", "--game", game, "--paper", paper, "--out", str(folder),
                     "--dpi", str(DPI)]) == 0
        folders[game, paper] = folder
    return folders


def record_of(folder) -> dict:
    return json.loads((folder / "pieces-sheet.json").read_text())


def page_mm(point_px) -> np.ndarray:
    # OpenCV puts pixel centres on integers, so a pixel's outer edge sits half a pixel out.
    return (np.asarray(point_px, float) + 0.5) * layout.MM_PER_INCH / DPI


def pixel(image, x_mm, y_mm) -> int:
    return int(image[int(y_mm / layout.MM_PER_INCH * DPI), int(x_mm / layout.MM_PER_INCH * DPI)].min())


def test_each_game_and_paper_gets_a_pdf_a_png_and_the_json_of_its_page(printed):
    for (game, paper), folder in printed.items():
        assert {path.name for path in folder.iterdir()} == {
            f"pieces-{game}-{paper}.png", f"pieces-{game}-{paper}.pdf", "pieces-sheet.json"}
        record = record_of(folder)
        size = layout.PAPERS[paper]
        assert set(record) == {"game", "paper", "page_mm", "sheet_origin_mm", "markers", "squares"}
        assert (record["game"], record["paper"], record["page_mm"]) == (game, paper, [size.width_mm, size.height_mm])
        png = (folder / f"pieces-{game}-{paper}.png").read_bytes()
        assert output.png_dpi(png) == pytest.approx(DPI, rel=1e-4)
        height, width = cv2.imdecode(np.frombuffer(png, np.uint8), cv2.IMREAD_COLOR).shape[:2]
        assert (width, height) == (round(size.width_mm / 25.4 * DPI), round(size.height_mm / 25.4 * DPI))
        pdf = (folder / f"pieces-{game}-{paper}.pdf").read_bytes()
        boxes = re.findall(rb"/MediaBox \[ 0 0 ([\d.]+) ([\d.]+) \]", pdf)
        assert [(float(w), float(h)) for w, h in boxes] == [pytest.approx(size.size_points, abs=1e-3)]


def test_the_markers_the_json_gives_are_found_in_the_png_at_its_corners(printed):
    for folder in printed.values():
        record = record_of(folder)
        image = cv2.imread(str(next(folder.glob("*.png"))))
        found = {marker.id: page_mm(marker.corners) for marker in detect_markers(image)}
        assert sorted(found) == [44, 45, 46, 47] == [marker["id"] for marker in record["markers"]]
        for marker in record["markers"]:
            error = np.abs(found[marker["id"]] - np.array(marker["corners_mm"])).max()
            assert error < CORNER_TOLERANCE_MM, (folder.name, marker["id"], error)
        # The first marker's top-left corner is the sheet's origin on the page.
        assert record["markers"][0]["corners_mm"][0] == record["sheet_origin_mm"]


def test_every_kind_of_piece_has_exactly_one_square_labelled_with_its_token(printed):
    for paper in PAPERS:
        colony = [square["label"] for square in record_of(printed["cannonball-colony", paper])["squares"]]
        assert sorted(label for label in colony if label != ".") == sorted(COLONY_PIECES)
        assert colony.count(".") >= 1                       # empty squares: what no piece looks like
        coast = [square["label"] for square in record_of(printed["cannons-coastlines", paper])["squares"]]
        assert sorted(coast) == sorted(COAST_PIECES)
        assert "coin:full_sail" in coast and "mast:blue" in coast and "Fs" in colony and "Bp" in colony


def pdf_texts(data: bytes) -> list[str]:
    """The strings the PDF's pages show, from the content streams reportlab writes (ASCII85 over Flate)."""
    texts = []
    for match in re.finditer(rb"/Filter \[ /ASCII85Decode /FlateDecode \] /Length (\d+)\s*>>\s*stream\r?\n", data):
        raw = data[match.end():match.end() + int(match.group(1))]
        content = zlib.decompress(base64.a85decode(raw.strip().removesuffix(b"~>"))).decode("latin-1")
        texts += re.findall(r"\((.*?)\) Tj", content)
    return texts


def test_the_pdf_prints_every_label_of_the_json(printed):
    for (game, paper), folder in printed.items():
        shown = pdf_texts((folder / f"pieces-{game}-{paper}.pdf").read_bytes())
        assert {square["label"] for square in record_of(folder)["squares"]} <= set(shown)


def test_a_label_longer_than_its_square_is_printed_smaller_so_it_stays_under_its_own_square():
    settings = PiecesSheetSettings()
    for game in GAMES:
        placed = pieces_sheet_layout(print_kit.pieces_sheets()[game], settings)
        for item, label in zip(placed.squares, placed.sheet.labels[3::2]):   # after the title, hint and footer
            assert label.text == item.square.label
            # As a 300 DPI PNG draws it (kit/sheets.py Page.text): the font scaled to the capital height.
            cap_px = max(round(label.height * PRINT_DPI / layout.MM_PER_INCH), 4)
            scale = cap_px / cv2.getTextSize("H", FONT, 1.0, 1)[0][1]
            width_px = cv2.getTextSize(label.text, FONT, scale, max(1, int(round(scale * 1.6))))[0][0]
            width = width_px * layout.MM_PER_INCH / PRINT_DPI
            assert width <= item.rect.width + settings.gap_mm, (game, label.text, width)


def test_squares_lie_inside_the_printable_area_clear_of_each_other_and_of_the_markers(printed):
    for (game, paper), folder in printed.items():
        record = record_of(folder)
        width, height = record["page_mm"]
        margin = layout.PRINT_MARGIN_MM
        boxes = [(x - side / 2, y - side / 2, x + side / 2, y + side / 2)
                 for square in record["squares"] for (x, y), side in [(square["centre_mm"], square["side_mm"])]]
        markers = [(*np.min(m["corners_mm"], axis=0), *np.max(m["corners_mm"], axis=0)) for m in record["markers"]]
        for left, top, right, bottom in boxes + markers:
            assert margin <= left and right <= width - margin and margin <= top and bottom <= height - margin
        for (a, b) in itertools.combinations(boxes + markers, 2):
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (game, paper, a, b)
        if game == "cannonball-colony":     # each square is an island cell, the size of the pieces played on one
            assert {square["side_mm"] for square in record["squares"]} == {24.0}


def test_each_square_is_printed_empty_with_a_dark_outline_where_the_json_puts_it(printed):
    for folder in printed.values():
        image = cv2.imread(str(next(folder.glob("*.png"))))
        for square in record_of(folder)["squares"]:
            (x, y), half = square["centre_mm"], square["side_mm"] / 2
            assert pixel(image, x, y) == 255, square
            assert pixel(image, x + half * 0.8, y - half * 0.8) == 255, square
            for dx, dy in ((-half, 0), (half, 0), (0, -half), (0, half)):
                assert pixel(image, x + dx * 0.995, y + dy * 0.995) < 100, (square, dx, dy)


@pytest.mark.parametrize("argv, says", [
    (["print", "pieces"], "pieces: no --game: expected --game one of black-cannon, cannonball-colony, cannons-coastlines"),
    (["print", "pieces", "--game", "chess"], "pieces: --game 'chess': expected --game one of black-cannon, cannonball-colony"),
    (["print", "islands", "--game", "cannonball-colony"], "--game 'cannonball-colony': only the pieces sheet takes --game"),
])
def test_a_missing_or_unknown_game_is_a_usage_error_naming_the_option(argv, says, tmp_path, capsys):
    assert main([*argv, "--out", str(tmp_path)]) == 2
    assert says in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("option, value", [("--paper", "a5"), ("--format", "svg"), ("--dpi", "10")])
def test_a_bad_paper_format_or_dpi_is_a_usage_error_naming_the_option(option, value, tmp_path, capsys):
    try:
        status = main(["print", "pieces", "--game", "cannonball-colony", option, value, "--out", str(tmp_path)])
    except SystemExit as stop:     # argparse refuses a choice outside its list itself
        status = stop.code
    assert status == 2
    assert option in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_a_sheet_with_more_than_a_page_of_squares_is_refused_naming_the_square_that_did_not_fit():
    crowded = PiecesSheet("crowded", ((PieceSquare("big", "a big piece", 150.0), PieceSquare("bigger", "", 160.0)),))
    with pytest.raises(ValueError, match="crowded: no room for the 160 mm square 'bigger' inside 200 x 268 mm"):
        pieces_sheet_layout(crowded)


class KitWithoutPieces:
    """A game with a kit part but no pieces sheet."""

    def has(self, part: str) -> bool:
        return part == "kit"

    def load(self, part: str):
        return GameKit()


def test_a_game_whose_kit_has_no_pieces_sheet_is_not_offered(monkeypatch, tmp_path, capsys):
    colony = plugins()["cannonball-colony"]
    monkeypatch.setattr(print_kit, "plugins", lambda: {"cannonball-colony": colony, "tiny": KitWithoutPieces()})
    assert list(print_kit.pieces_sheets()) == ["cannonball-colony"]
    assert main(["print", "pieces", "--game", "tiny", "--out", str(tmp_path)]) == 2
    assert "--game 'tiny': expected --game one of cannonball-colony" in capsys.readouterr().err
