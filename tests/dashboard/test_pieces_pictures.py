"""The Pieces screen's pictures, drawn on plain frames: squares outlined in their state's colour with a tick on
the learned ones, the view framed on the sheet without leaving the frame, and one tile per label on the card."""

from __future__ import annotations

import numpy as np

from companion.dashboard.teaching_picture import COLOURS, PictureSettings, annotate, framed, looks_card

RECORD = {"squares": [{"label": "Fs", "centre_mm": [0, 0], "side_mm": 24}, {"label": "Cs", "centre_mm": [0, 0], "side_mm": 24}]}
QUADS = np.array([[[200, 300], [300, 300], [300, 400], [200, 400]],
                  [[500, 300], [600, 300], [600, 400], [500, 400]]], np.float64)


def near(pixel, colour, tolerance=40) -> bool:
    return bool(np.abs(pixel.astype(int) - np.array(colour)).max() <= tolerance)


def test_a_learned_square_is_outlined_green_and_ticked_a_bare_one_red():
    frame = np.full((720, 1280, 3), 128, np.uint8)
    states = {"Fs": ("learned", ""), "Cs": ("not learned", "empty in camera frame 3")}
    picture = annotate(frame, RECORD, QUADS, states, "1 of 2 squares learned")
    assert picture.shape == frame.shape and (frame == 128).all()            # drawn on a copy
    assert near(picture[350, 200], COLOURS["learned"]) and near(picture[350, 500], COLOURS["not learned"])
    assert (picture[282, 300] == 255).all() and near(picture[306, 300], COLOURS["learned"])   # the tick at its corner
    assert near(picture[5, 640], (30, 30, 30), 5)                            # the headline's band


def test_a_frame_with_no_sheet_located_only_gets_the_headline():
    frame = np.full((720, 1280, 3), 128, np.uint8)
    picture = annotate(frame, RECORD, None, {}, "the teaching sheet is not located")
    assert (picture[60:] == 128).all()


def test_the_view_is_framed_on_the_sheet_in_a_fixed_shape_and_never_past_the_frame():
    frame = np.zeros((720, 1280, 3), np.uint8)
    frame[:, 1200:] = 255                                                    # a white strip at the right edge
    settings = PictureSettings()
    corner = framed(frame, np.array([[1150.0, 650.0], [1270.0, 710.0]]), settings)
    assert corner.shape[:2] == settings.view_px[::-1]
    assert (corner[:, -5:] == 255).all() and (corner[:, :5] == 0).all()      # shifted inside, not padded
    whole = framed(frame, np.array([[-500.0, -500.0], [2000.0, 1500.0]]), settings)
    assert whole.shape[:2] == settings.view_px[::-1]


def test_the_card_has_a_tile_for_each_label_and_says_why_one_is_not_learned():
    labels = ("Ff", "Cf", "Bf", "Fs", "Cs", "Bs", "r")
    states = {label: ("learned", "") for label in labels} | {"Cs": ("not learned", "too like Fs in camera frame 2")}
    crops = {label: np.full((120, 120, 3), 90, np.uint8) for label in labels if label != "Cs"}
    settings = PictureSettings()
    card = looks_card(labels, {}, states, crops, {}, settings)
    width, height = settings.tile_px
    assert card.shape == (2 * height, settings.columns * width, 3)
    fs_tile, cs_tile = card[:height, 3 * width:4 * width], card[:height, 4 * width:5 * width]   # the 4th and 5th
    assert (fs_tile[20:120, 40:130] == 90).all()                            # Fs's picture as the camera saw it
    assert (cs_tile[20:120, 40:130] == 250).all()                           # none where nothing was learned
    assert near(fs_tile[5, 5], COLOURS["learned"], 60) and near(cs_tile[5, 5], COLOURS["not learned"], 60)
