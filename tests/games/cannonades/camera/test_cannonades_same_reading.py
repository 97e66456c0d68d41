"""The photo read's shortcuts (issue 18, DESIGN.md section 5) give what the slower way gave: a card rectangle's counts
worked on its own box as on the whole window, the paper-bright test on the card's box as on the whole view, the
blob masks made once and shared, and a rendered view's blobs and unexplained pieces the same either way."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from companion.games.cannonades.camera import face_down, face_paper, table_mask, touching, unexplained
from companion.games.cannonades.camera.reader import table_homography
from companion.games.cannonades.camera.settings import SETTINGS
from companion.games.cannonades.render.draw import render_scene
from companion.games.cannonades.render.scene import random_scene
from companion.render.options import RenderOptions


def _random_mask(rng: np.random.Generator, shape: tuple[int, int], blobs: int) -> np.ndarray:
    mask = np.zeros(shape, np.uint8)
    for _ in range(blobs):
        centre = rng.uniform((0, 0), shape[::-1])
        size = rng.uniform(20, 120, 2)
        box = cv2.boxPoints((tuple(centre), tuple(size), float(rng.uniform(0, 180))))
        cv2.fillPoly(mask, [np.int32(np.round(box))], 255)
    return mask


def _rectangle(rng: np.random.Generator, shape: tuple[int, int]) -> np.ndarray:
    """A card-sized rectangle somewhere on (or partly off) a window of `shape`, float corners."""
    centre = rng.uniform((-30, -30), (shape[1] + 30, shape[0] + 30))
    return cv2.boxPoints((tuple(centre), (63.0, 88.0), float(rng.uniform(0, 180)))).astype(np.float64)


def _counts_on_the_whole_window(blob, remaining, outline, edge_px):
    """touching.best_card's counts as they were made before: the rectangle drawn on the whole window."""
    canvas = np.zeros_like(remaining)
    cv2.fillPoly(canvas, [np.int32(np.round(outline))], 255)
    around = cv2.dilate(canvas, np.ones((2 * edge_px + 1,) * 2, np.uint8)) - canvas
    return (cv2.countNonZero(canvas), cv2.countNonZero(cv2.bitwise_and(canvas, blob)),
            cv2.countNonZero(cv2.bitwise_and(canvas, remaining)), cv2.countNonZero(around),
            cv2.countNonZero(cv2.bitwise_and(around, remaining)))


def test_a_card_rectangle_s_counts_on_its_own_box_are_those_on_the_whole_window():
    rng = np.random.default_rng(18)
    for _ in range(300):
        shape = tuple(int(v) for v in rng.integers(60, 260, 2))
        blob = _random_mask(rng, shape, 4)
        remaining = blob & _random_mask(rng, shape, 3)
        outline = _rectangle(rng, shape)
        edge = SETTINGS.split_edge_px
        card, box = touching.card_on_box(outline, edge + 1, blob.shape)
        around = cv2.dilate(card, np.ones((2 * edge + 1,) * 2, np.uint8)) - card
        on_box = (cv2.countNonZero(card), cv2.countNonZero(card & blob[box]), cv2.countNonZero(card & remaining[box]),
                  cv2.countNonZero(around), cv2.countNonZero(around & remaining[box]))
        assert on_box == _counts_on_the_whole_window(blob, remaining, outline, edge)


def _paper_bright_on_the_whole_view(grey, outline_px, cover, settings, others_px=()):
    """face_paper.paper_bright as it was before its box: every mask the size of the view."""
    inside = np.zeros_like(cover)
    cv2.fillPoly(inside, [np.int32(np.round(outline_px))], 255)
    margin = int(round(settings.face_up_margin_mm * settings.top_px_per_mm))
    face = cv2.erode(cover, np.ones((2 * margin + 1,) * 2, np.uint8)) > 0
    paper = grey[face & (cv2.dilate(inside, np.ones((settings.paper_beside_px,) * 2, np.uint8)) > 0) & (inside == 0)]
    own = inside.copy()
    if others_px:
        cv2.fillPoly(own, [np.int32(np.round(other)) for other in others_px], 0)
    return face_paper.paper_verdict(paper, grey[(own > 0) & (cover == 0)], grey[(inside > 0) & face], settings)


def test_the_paper_bright_test_on_the_card_s_box_is_the_test_on_the_whole_view():
    rng = np.random.default_rng(5)
    answers = set()
    for _ in range(300):
        shape = (int(rng.integers(150, 300)), int(rng.integers(150, 300)))
        cover = _random_mask(rng, shape, 2)
        grey = np.where(cover > 0, rng.integers(150, 256, shape), rng.integers(0, 256, shape)).astype(np.uint8)
        outline = _rectangle(rng, shape)
        others = (_rectangle(rng, shape),) if rng.random() < 0.3 else ()
        expected = _paper_bright_on_the_whole_view(grey, outline, cover, SETTINGS, others)
        assert face_paper.paper_bright(grey, outline, cover, SETTINGS, others) == expected
        answers.add(expected)
    assert answers == {None, True, False}   # every answer was met


@pytest.fixture(scope="module")
def view():
    """Tuning seed 9's rendered view (ember, as the benchmark renders it: a card under a face-up card), seen from above."""
    scene = random_scene(9, RenderOptions(jpeg_quality=60 + 9 % 36), style="ember")
    image = render_scene(scene).image
    to_image, _ = table_homography(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY))
    top, view_to_table = table_mask.top_view(image, to_image, SETTINGS)
    return top, view_to_table


def test_a_rendered_view_s_blobs_and_unexplained_pieces_are_the_same_with_the_masks_made_once(view):
    top, view_to_table = view
    difference = table_mask.table_difference(top, SETTINGS)
    not_table, armless = table_mask.table_masks(top, SETTINGS, difference)
    masks = face_down.blob_mask(not_table, view_to_table, [], SETTINGS)
    shared = face_down.find_blobs(top, view_to_table, [], SETTINGS, not_table, armless, difference, masks)
    alone = face_down.find_blobs(top, view_to_table, [], SETTINGS, not_table, armless.copy(), difference)
    assert shared == alone and shared
    explained = unexplained.explained_mask(*masks, SETTINGS)
    with_explained = unexplained.unexplained_pieces(difference, *masks, SETTINGS, explained)
    without = unexplained.unexplained_pieces(difference, *masks, SETTINGS)
    assert len(with_explained) == len(without)
    assert all(np.array_equal(a, b) for a, b in zip(with_explained, without))
    assert np.array_equal(difference.grey, cv2.cvtColor(top, cv2.COLOR_BGR2GRAY))


def test_the_squared_colour_distance_made_a_band_of_rows_at_a_time_is_the_whole_picture_s():
    rng = np.random.default_rng(3)
    for height in (1, 31, 32, 33, 97, 620):
        lab, background = (rng.integers(0, 256, (height, 211, 3), dtype=np.uint8) for _ in range(2))
        difference = cv2.subtract(lab, background, dtype=cv2.CV_32F)
        whole = cv2.transform(cv2.multiply(difference, difference), np.array([[0.25, 1.0, 1.0]], np.float32))
        assert np.array_equal(table_mask.squared_distance(lab, background), whole.reshape(height, 211))
