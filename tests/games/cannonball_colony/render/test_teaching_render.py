"""A photo of the teaching sheet with a group's own pieces on it: the sheet is found where it lies,
each square holds its piece in its owner's paint, and a set's kinds look different from each other."""

from __future__ import annotations

import colorsys
import random

import cv2
import numpy as np
import pytest

from companion.games.cannonball_colony.cells import Country, PieceKind
from companion.games.cannonball_colony.render.piece_sets import choose_piece_set
from companion.games.cannonball_colony.render.teaching import compose_teaching, render_teaching, sheet_record
from companion.kit import ids
from companion.kit.palette import PLAYERS
from companion.render.options import RenderOptions
from companion.render.piece_shapes import FAMILIES, PieceLook, owner_colour
from companion.vision.markers import detect_markers


def test_a_piece_set_gives_its_three_kinds_three_families_of_different_sizes():
    for seed in range(20):
        pieces = choose_piece_set(seed)
        assert len(set(pieces.families)) == 3
        assert len({round(look.width_mm) for _, look in pieces.looks}) == 3
        assert all(12.0 <= look.width_mm <= 23.0 for _, look in pieces.looks)   # half a 24 mm cell to nearly all of it


def test_a_set_drawn_without_a_family_never_uses_it():
    kept = tuple(family for family in FAMILIES if family != "barrel")
    assert all("barrel" not in choose_piece_set(seed, kept).families for seed in range(30))


def test_an_owner_colour_stays_near_its_ink_hue():
    rng = random.Random(4)
    for country in Country:
        ink = colorsys.rgb_to_hls(*(c / 255 for c in PLAYERS[country.value].rgb))[0]
        for _ in range(50):
            hue = colorsys.rgb_to_hls(*(c / 255 for c in owner_colour(PLAYERS[country.value].rgb, rng)))[0]
            assert min(abs(hue - ink), 1 - abs(hue - ink)) * 360 <= 14.5


def test_an_unknown_family_is_refused_by_name():
    with pytest.raises(ValueError, match="'pyramid'"):
        PieceLook("pyramid", 10, 10, 0)


@pytest.mark.slow   # 3 s: renders the sheet
def test_the_rendered_sheet_shows_its_markers_and_each_piece_in_its_owners_paint():
    pieces = choose_piece_set(8)
    scene = compose_teaching(pieces, 8, RenderOptions(size=(960, 540), tilt_deg=20, jpeg_quality=90))
    frame = render_teaching(scene)
    found = {marker.id: marker for marker in detect_markers(frame.image)}
    assert len(set(ids.PIECES_SHEET_MARKERS.ids) & set(found)) >= 3   # 20 mm markers, a blurry 960x540 webcam
    record = sheet_record()
    markers = [marker for marker in record["markers"] if marker["id"] in found]
    page = np.float32([corner for marker in markers for corner in marker["corners_mm"]])
    seen = np.float32([found[marker["id"]].corners for marker in markers]).reshape(-1, 2)
    to_image, _ = cv2.findHomography(page, seen)
    hsv = cv2.cvtColor(frame.image, cv2.COLOR_BGR2HSV_FULL)
    for square in record["squares"]:
        x, y = cv2.perspectiveTransform(np.float32([[square["centre_mm"]]]), to_image)[0, 0]
        patch = hsv[int(y) - 2:int(y) + 3, int(x) - 2:int(x) + 3].reshape(-1, 3)
        if len(square["label"]) == 2:   # a piece stands on its square's middle, painted its owner's colour
            country = next(c for c in Country if c.initial == square["label"][1])
            paint = colorsys.rgb_to_hsv(*(c / 255 for c in pieces.colour(country)))[0] * 256
            hue = float(np.median(patch[:, 0]))
            assert min(abs(hue - paint), 256 - abs(hue - paint)) < 20, square["label"]
            assert np.median(patch[:, 1]) > 60, square["label"]
        elif square["label"] == ".":    # the empty squares show white paper
            assert np.median(patch[:, 1]) < 40 and np.median(patch[:, 2]) > 120
    assert {kind for kind, _ in pieces.looks} == set(PieceKind)


def test_a_closer_photo_has_the_page_span_the_share_asked_and_keeps_it_in_the_picture():
    from companion.render.teaching_photo import PAPER

    corners = [(0, 0), (PAPER.width_mm, 0), (PAPER.width_mm, PAPER.height_mm), (0, PAPER.height_mm)]
    for seed in range(5):
        drawn, closer = (compose_teaching(choose_piece_set(seed), seed, RenderOptions(), fill=fill).photo
                         for fill in (None, 0.95))
        spans = []
        for photo in (drawn, closer):
            pixels = photo.camera.project([(*photo.page_to_table(x, y), 0.0) for x, y in corners])
            size = np.array([photo.camera.width, photo.camera.height])
            assert (pixels >= 0).all() and (pixels <= size - 1).all(), seed
            spans.append(float(np.max(np.ptp(pixels, axis=0) / size)))
        assert 0.55 <= spans[0] <= 0.9 and spans[1] == pytest.approx(0.95, abs=0.03), (seed, spans)
        assert drawn.light == closer.light and drawn.page_angle_deg == closer.page_angle_deg   # the same table, closer
