"""Naming colours in Lab against references: shaded and white-balanced inks keep their names."""

import numpy as np
import pytest

from companion.kit.palette import PLAYERS, TERRAIN
from companion.games.cannonball_colony.camera.kit_colours import KIT_COLOURS
from companion.vision.colour_classes import CLASS_INDEX, ColourTable, default_references, srgb_to_linear


@pytest.fixture(scope="module")
def table():
    return ColourTable(colours=KIT_COLOURS)


def name(table, linear_rgb):
    bgr = np.asarray(linear_rgb, np.float32)[::-1].reshape(1, 1, 3)
    return [n for n, i in CLASS_INDEX.items() if i == table.classify(bgr)[0, 0]][0]


@pytest.mark.parametrize("token, expected", [("g", "grass"), ("f", "forest"), ("l", "lake"), ("m", "mountain")])
@pytest.mark.parametrize("shade", [1.0, 0.6])
def test_printed_terrain_keeps_its_name_in_light_and_in_shadow(table, token, expected, shade):
    printed = default_references(KIT_COLOURS)[expected]
    assert name(table, printed * shade) == expected


@pytest.mark.parametrize("country", list(PLAYERS))
def test_a_piece_keeps_its_owner_lit_shaded_and_muted(table, country):
    colour = srgb_to_linear(PLAYERS[country].rgb)
    grey = colour @ [0.2126, 0.7152, 0.0722]
    muted = grey + 0.6 * (colour - grey)           # a webcam's tame colours
    assert name(table, colour) == country
    assert name(table, colour * 0.5) == country
    assert name(table, muted) == country


def test_paper_is_paper_and_a_colour_the_kit_lacks_is_other(table):
    assert name(table, [1.0, 1.0, 1.0]) == "paper"
    assert name(table, srgb_to_linear((150, 60, 190))) == "other"   # purple: no ink, no piece


def test_calibrated_references_are_taken_relative_to_their_white():
    from calibration.colour import ColourReferences
    from companion.vision.colour_classes import lab_of_linear, references_from_calibration

    warm = np.array([1.0, 0.85, 0.6])        # R, G, B of a warm lamp
    labs = {}
    for name_, rgb in {"white": (255, 255, 255), "road": (215, 195, 150),
                       **{n: TERRAIN[t].rgb for t, n in zip("gflm", ("grass", "forest", "lake", "mountain"))},
                       **{n: c.rgb for n, c in PLAYERS.items()}}.items():
        labs[name_] = tuple(float(v) for v in lab_of_linear((srgb_to_linear(rgb) * warm)[None])[0])
    relative = references_from_calibration(ColourReferences(labs))
    assert np.allclose(relative["grass"], srgb_to_linear(TERRAIN["g"].rgb), atol=0.02)
    assert np.allclose(relative["paper"], 1.0)
