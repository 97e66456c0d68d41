"""A coin's kind changes no points (every coin held is one): taught, a coin whose ring colour is unclear is a note on a
mat whose every crate read lies alone on its blob about a taught crate's size (masts and hulls as many as there are),
shown but not asked (mats.read_mat, MatSettings.kind_note_crate_shares). Beside a crate far smaller or larger than
taught, or sharing its blob, it still asks: on the kept tuning mats 3400-5499 every mat with a ring unclear whose
prizes were read wrong read such a crate (3430 cleo, 4748 anna: a mast read as a crate; 4379 dev: a crate added), and
that doubt was the only one asking for them. Untaught, a narrow lead still lowers the mat's confidence as before. Coins drawn from above
on a white mat: brass discs 22 mm across, each with its kind's ring."""

from __future__ import annotations

import dataclasses

import cv2
import numpy as np

from companion.games.cannons_coastlines.camera.mat_looks import MatLooks
from companion.games.cannons_coastlines.camera.mat_picture import MAT_PX_PER_MM
from companion.games.cannons_coastlines.camera.mats import read_mat
from companion.games.cannons_coastlines.kit import pieces as kit
from tests.games.cannons_coastlines.drawn_mats import SAIL, mat_with

SKILLED_GUNNER, REPAIR_CREW, FULL_SAIL = 38.0, 129.0, 176.0   # the kinds' ring hues (Lab, degrees)
RED_CRATE = ((90, 30, 16, 16), (40, 40, 200))                 # a crate of fleet 4 in the fittings zone (BGR)
RED_MAST = [((120, 60, 45, 4), SAIL), ((120, 54, 16, 6), (40, 40, 200))]   # a lying mast of fleet 4: its pole, its pennant
# A group's pieces as taught: masts 40 mm long, crates 11 mm, coins covering what these drawn coins cover.
TAUGHT = MatLooks(mast_mm2=250.0, crate_mm2=180.0, mast_length_mm=40.0, mast_half_width_mm=3.0, coin_mm2=380.0,
                  taught=True)
# Masts 47 mm long with a pennant 10 mm (a band): the drawn mast below is one of them.
TAUGHT_PENNANTS = MatLooks(mast_paint_mm=10.0, mast_mm2=300.0, crate_mm2=300.0, mast_length_mm=47.0, coin_mm2=380.0,
                           taught=True)


class Flattened:
    """Stands for the mat's flattener: the mat is already seen from above."""

    def __init__(self, picture: np.ndarray):
        self.picture = picture

    def flatten(self, *_):
        return self.picture


def ring_colour(hue_deg: float) -> tuple[int, int, int]:
    lab = np.uint8([[[150, 128 + 60 * np.cos(np.radians(hue_deg)), 128 + 60 * np.sin(np.radians(hue_deg))]]])
    return tuple(int(v) for v in cv2.cvtColor(lab, cv2.COLOR_Lab2BGR)[0, 0])


def mat_with_coins(rings, *prizes) -> np.ndarray:
    """Coins in a row across the coin zone; each ring a hue, or two (its halves: a ring half in shadow)."""
    picture = mat_with(*prizes)
    px = lambda mm: int(mm * MAT_PX_PER_MM)
    for at, ring in enumerate(rings):
        first, second = ring if isinstance(ring, tuple) else (ring, ring)
        centre = (px(30 + 30 * at), px(120))
        cv2.circle(picture, centre, px(11), tuple(reversed(kit.COIN_EDGE_RGB)), -1)
        cv2.ellipse(picture, centre, (px(10.5), px(10.5)), 0, 0, 180, ring_colour(first), -1)
        cv2.ellipse(picture, centre, (px(10.5), px(10.5)), 0, 180, 360, ring_colour(second), -1)
        cv2.circle(picture, centre, px(7.5), tuple(reversed(kit.COIN_BRASS_RGB)), -1)
    return cv2.GaussianBlur(picture, (0, 0), 1.0)


def read(picture: np.ndarray, looks: MatLooks = TAUGHT):
    return read_mat(None, None, 1, None, [], Flattened(picture), looks=looks)


def test_taught_coins_alone_one_of_unclear_kind_are_sure_and_the_kind_is_noted():
    reading = read(mat_with_coins([(SKILLED_GUNNER, REPAIR_CREW), FULL_SAIL, REPAIR_CREW]))
    assert sum(reading.coins.values()) == 3
    assert reading.doubts == [] and reading.confidence >= 0.6          # 3 points, not asked
    assert reading.notes == ["a coin whose ring colour is unclear (read as repair crew)"]


def test_taught_coins_of_clear_kinds_carry_no_note():
    reading = read(mat_with_coins([SKILLED_GUNNER, FULL_SAIL, REPAIR_CREW]))
    assert (sum(reading.coins.values()), reading.doubts, reading.notes) == (3, [], [])


def test_taught_a_coin_of_unclear_kind_beside_a_mast_alone_is_noted_not_asked():
    reading = read(mat_with_coins([(SKILLED_GUNNER, REPAIR_CREW), FULL_SAIL], *RED_MAST), TAUGHT_PENNANTS)
    assert (reading.masts, reading.crates, sum(reading.coins.values())) == ([4], [], 2)
    assert reading.doubts == [] and reading.confidence >= 0.6          # 2 coins and a mast, not asked
    assert reading.notes == ["a coin whose ring colour is unclear (read as repair crew)"]


def test_taught_a_coin_of_unclear_kind_beside_a_mast_and_a_crate_of_the_taught_size_is_noted():
    reading = read(mat_with_coins([(SKILLED_GUNNER, REPAIR_CREW), FULL_SAIL], *RED_MAST, RED_CRATE), TAUGHT_PENNANTS)
    assert (reading.masts, reading.crates) == ([4], [4])                # the crate ~0.9 of a taught crate's mm^2
    assert reading.doubts == [] and reading.notes == ["a coin whose ring colour is unclear (read as repair crew)"]


def test_taught_a_coin_of_unclear_kind_beside_a_crate_far_smaller_or_larger_than_taught_still_asks():
    """A crate covering 0.64 of a taught crate (4748 anna: a pale mast's pennant and foot) or over twice one (3430 cleo:
    a mast whose sail is as wide as a crate): the prize may be misread, and the coin's doubt is what asks for it."""
    for crate_mm2 in (400.0, 120.0):
        looks = dataclasses.replace(TAUGHT, crate_mm2=crate_mm2)
        reading = read(mat_with_coins([(SKILLED_GUNNER, REPAIR_CREW), FULL_SAIL], RED_CRATE), looks)
        assert (reading.crates, sum(reading.coins.values())) == ([4], 2)
        assert reading.doubts == ["a coin whose ring colour is unclear (read as repair crew)"] and reading.notes == []
        assert reading.confidence < 0.6


def test_untaught_a_coin_of_unclear_kind_still_asks():
    reading = read(mat_with_coins([(SKILLED_GUNNER, REPAIR_CREW), FULL_SAIL]), MatLooks(coin_mm2=380.0))
    assert "a coin whose ring colour is unclear (read as repair crew)" in reading.doubts and reading.notes == []
