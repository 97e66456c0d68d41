"""A country's taught paint from its squares' own colour, not from brighter points of another one. On taught
benchmark tuning seed 7509 the French pieces are navy (a disc, a tower, a wedge) and the Portuguese deep green; on
the sheet the brightest of the points that showed each piece were paper in a tall neighbour's tinted shadow or the
orange and red towers in front, so colour()'s French paint came out beige and the Portuguese olive-brown, and the
island's French pieces were read as Portuguese."""

from __future__ import annotations

import json
from dataclasses import replace

import cv2
import numpy as np
import pytest

from benchmarks.read_accuracy import truth_tokens
from benchmarks.taught_accuracy import render_pair
from calibration.piece_looks_file import LEARNED, SquareLook
from calibration.pieces import teach
from companion.games.cannonball_colony.camera.reader import IslandReader
from companion.games.cannonball_colony.camera.taught import TaughtPieces
from companion.games.cannonball_colony.camera.taught_paint import country_paint, square_paint
from companion.games.cannonball_colony.camera.taught_settings import TaughtSettings
from companion.games.cannonball_colony.render.teaching import sheet_record

NAVY = np.array([0.26, 0.05, 0.06])          # balanced linear BGR, 7509's French disc's lit face
SHADOWED_PAPER = np.array([0.34, 0.45, 0.68])  # paper in an orange tower's shadow: vivid enough to pass for a piece


def navy_square(label: str, tinted: int) -> SquareLook:
    """A navy piece's square: 20 points of its paint, lit to shaded, and `tinted` brighter points of shadowed paper."""
    paint = [NAVY * shade for shade in np.linspace(0.5, 1.0, 20)]
    points = np.array(paint + [SHADOWED_PAPER] * tinted + [np.ones(3)] * 10)
    shares = np.array([1.0] * (20 + tinted) + [0.0] * 10)
    return SquareLook(label, LEARNED, "sheet.png", balanced=points, shares=shares)


def test_a_squares_paint_is_taken_from_the_points_of_its_own_colour():
    square = navy_square("Ff", tinted=9)
    assert square.colour()[2] > square.colour()[0]          # the brightest points: the shadowed paper, redder than blue
    own = square_paint(square)
    assert own[0] > 3 * own[2] and np.allclose(own, NAVY * 0.93, atol=0.03)   # the disc's lit face


def test_the_countrys_paint_turns_only_where_its_squares_lit_points_were_another_colour():
    tinted = country_paint([navy_square("Ff", 9), navy_square("Cf", 8), navy_square("Bf", 0)])
    assert tinted.paint[0] > 3 * tinted.paint[2] and "another colour" in tinted.why
    clean = [navy_square("Ff", 0), navy_square("Cf", 0), navy_square("Bf", 0)]
    kept = country_paint(clean)   # one colour throughout: colour()'s paint, as before
    assert kept.why == "" and np.array_equal(kept.paint, np.median([square.colour() for square in clean], axis=0))


@pytest.mark.slow   # about 20 s: the benchmark's tuning seed 7509 rendered, its sheet taught and its island read twice
def test_french_pieces_are_read_french_when_their_paint_is_taught_from_their_own_colour(tmp_path):
    island, truth, sheet = render_pair(7509, False, tmp_path)
    looks = teach([("sheet.png", cv2.imread(str(sheet)))], sheet_record())
    tokens, _ = truth_tokens(json.loads(truth.read_text()))
    french = [key for key, token in tokens.items() if len(token) == 2 and token[1] == "f"]
    image = cv2.imread(str(island))

    def owners(settings: TaughtSettings) -> list[str]:
        reading = IslandReader(taught=TaughtPieces(looks, settings)).read_stages(image, 0.0, None)
        return [reading.tokens[key][1] for key in french if len(reading.tokens[key]) == 2]

    settings = TaughtSettings()
    unturned = owners(replace(settings, paint=replace(settings.paint, least_hue_turn_deg=360.0)))
    assert len(french) == 9 and unturned.count("p") >= 7          # colour()'s paints: read as Portugal's
    assert owners(settings).count("f") >= 6 and owners(settings).count("p") == 0
