"""An arm held still over the play area is seen though nothing moves between frames; a piece moved on the
table, an arm resting on the table's edge outside the play area and a lamp's change that lasts are not arms.

The pictures: a grained table (1280x720) with a play area drawn on it, an arm as a sleeve and a hand reaching
in from the picture's bottom edge, and each frame its own sensor noise, as a webcam's are."""

from __future__ import annotations

import numpy as np
import pytest

from companion.vision.arm_watch import ArmWatch, ArmWatchSettings

SIZE = (720, 1280)
PLAY = [[(200, 100), (1080, 100), (1080, 560), (200, 560)]]       # the play area's polygon, picture pixels
CORNERS = PLAY[0]
FPS = 4.0


def table() -> np.ndarray:
    rng = np.random.default_rng(7)
    grain = np.cumsum(rng.normal(0, 3, (SIZE[0], 1)), axis=0) + rng.normal(0, 4, SIZE)
    image = np.stack([90 + grain, 120 + grain, 160 + grain], axis=2)          # BGR: a mid brown wood
    image[100:560, 200:1080] += 20                                            # the play area, a little lighter
    return np.clip(image, 0, 255).astype(np.uint8)


def with_arm(image: np.ndarray, sleeve=(84, 52, 38), reach_y: int = 380, x: int = 700) -> np.ndarray:
    """A sleeve from the bottom edge up to a hand whose fingers end at `reach_y`."""
    out = image.copy()
    out[reach_y + 120:, x - 45:x + 45] = sleeve
    out[reach_y:reach_y + 130, x - 55:x + 55] = (150, 175, 220)               # skin
    return out


def with_piece(image: np.ndarray, at=(400, 300)) -> np.ndarray:
    out = image.copy()
    out[at[1]:at[1] + 40, at[0]:at[0] + 100] = (40, 60, 170)                  # a red ship's hull
    return out


def noisy(image: np.ndarray, seed: int) -> np.ndarray:
    noise = np.random.default_rng(seed).normal(0, 2.5, image.shape)
    return np.clip(image + noise, 0, 255).astype(np.uint8)


def watch_stream(pictures, motions, watch: ArmWatch | None = None, start: float = 0.0) -> list:
    watch = watch or ArmWatch()
    return [watch.look(noisy(picture, index), start + index / FPS, motion, PLAY, CORNERS)
            for index, (picture, motion) in enumerate(zip(pictures, motions))]


def test_an_arm_that_comes_in_and_holds_still_is_seen_in_every_frame_until_it_leaves():
    clear, arm = table(), with_arm(table())
    pictures = [clear, clear, arm, arm, arm, arm, arm, clear, clear]
    motions = [0.0, 0.0, 0.03, 0.0, 0.0, 0.0, 0.0, 0.02, 0.0]     # the hand still from the fourth frame on
    sightings = watch_stream(pictures, motions)
    # A moving picture is not looked at (the motion test waits for it): the arm is seen from the first calm frame.
    assert [s.over for s in sightings] == [False, False, False, True, True, True, True, False, False]
    assert sightings[4].play_share == pytest.approx(0.05, abs=0.03)
    # Its outline is the whole arm, from the picture's edge to the fingertips, to show the players why it waits.
    ys = [y for _, y in sightings[4].outline_px]
    assert max(ys) >= SIZE[0] - 8 and min(ys) == pytest.approx(380, abs=16)


def test_a_sleeve_the_table_s_colour_still_joins_its_hand_to_the_edge_when_the_gap_is_small():
    clear = table()
    arm = with_arm(clear)
    arm[560:575, 655:745] = clear[560:575, 655:745]     # a stretch of sleeve the wood's very colour (15 px)
    sightings = watch_stream([clear, arm, arm], [0.0, 0.03, 0.0])
    assert sightings[-1].over


def test_a_piece_moved_on_the_table_is_no_arm_and_becomes_the_table():
    clear = table()
    moved = with_piece(clear)
    watch = ArmWatch()
    arm = with_arm(moved)
    sightings = watch_stream([clear, moved, moved, arm, arm], [0.0, 0.003, 0.0, 0.03, 0.0], watch)
    assert [s.over for s in sightings] == [False, False, False, False, True]
    # The arm's share is the arm's alone: the piece moved before it is part of the table by then.
    alone = watch_stream([clear, with_arm(clear), with_arm(clear)], [0.0, 0.03, 0.0])[-1]
    assert sightings[-1].play_share == pytest.approx(alone.play_share, abs=0.002)


def test_an_arm_resting_on_the_table_s_edge_outside_the_play_area_is_not_over_it():
    clear = table()
    resting = with_arm(clear, reach_y=590, x=1180)      # below and right of the play area
    sightings = watch_stream([clear, resting, resting, resting], [0.0, 0.02, 0.0, 0.0])
    assert not any(s.over for s in sightings)


def test_a_change_from_the_edge_that_stays_still_for_long_is_taken_as_the_table_and_said():
    clear = table()
    lamp = np.clip(clear.astype(np.int16) + 40, 0, 255).astype(np.uint8)     # a lamp turned on: all lighter
    watch = ArmWatch(ArmWatchSettings(settle_seconds=3.0))
    pictures = [clear, lamp] + [lamp] * 16
    sightings = watch_stream(pictures, [0.0, 0.5] + [0.0] * 16, watch)
    assert all(s.over for s in sightings[2:12])                # seen as reaching in while it lasts ...
    settled = [index for index, s in enumerate(sightings) if s.note]
    assert settled and "taken as the table" in sightings[settled[0]].note
    assert not any(s.over for s in sightings[settled[0]:])       # ... and the table from then on
    assert settled[0] / FPS >= 3.0


def test_a_camera_that_moved_takes_the_table_afresh():
    clear = table()
    shifted = np.roll(clear, 30, axis=1)
    watch = ArmWatch()
    watch_stream([clear, clear], [0.0, 0.0], watch)
    moved_corners = [(x + 30, y) for x, y in CORNERS]
    for index, (picture, motion) in enumerate([(shifted, 0.4), (shifted, 0.0), (with_arm(shifted), 0.03),
                                               (with_arm(shifted), 0.0)]):
        sighting = watch.look(noisy(picture, 9 + index), 1.0 + index / FPS, motion, [moved_corners], moved_corners)
        assert sighting.over == (index == 3)   # the shifted table, calm, is taken afresh: not an arm


def test_a_dark_sleeve_on_a_dark_cloth_joins_its_hand_to_the_edge_through_faint_change():
    """The sleeve differs from the cloth by 9 levels only (under the 14 a change needs alone); the hand by far more."""
    weave = np.random.default_rng(3).normal(0, 3, SIZE)
    cloth = np.clip(np.stack([70 + weave, 48 + weave, 40 + weave], axis=2), 0, 255).astype(np.uint8)   # navy
    sleeve = (61, 39, 31)
    arm = with_arm(cloth, sleeve=sleeve)
    sightings = watch_stream([cloth, arm, arm, arm], [0.0, 0.03, 0.0, 0.0])
    assert [s.over for s in sightings] == [False, False, True, True]


def test_faint_change_alone_is_no_arm():
    """A soft shadow from the edge, 9 levels darker, with nothing strong in it: no arm."""
    clear = table()
    shade = clear.copy()
    shade[400:, 600:800] = np.clip(shade[400:, 600:800].astype(np.int16) - 9, 0, 255).astype(np.uint8)
    sightings = watch_stream([clear, shade, shade], [0.0, 0.01, 0.0])
    assert not any(s.over for s in sightings)


def test_a_die_thrown_to_the_picture_s_edge_is_no_arm_where_an_arm_must_cross_the_edge_broadly():
    """Black Cannon's dice land anywhere, even at the picture's edge: with `least_edge_share` an arm must cover 1% of
    the picture's outer band where it comes in; a die grazing it is a piece, a sleeve crossing it an arm."""
    clear = table()
    inset = [[(77, 43), (1203, 43), (1203, 677), (77, 677)]]       # the picture inside a 6% band
    die = clear.copy()
    die[610:720, 600:624] = (235, 235, 235)                          # an ivory die at the bottom edge, and its shadow
    edge_wise = ArmWatch(ArmWatchSettings(least_edge_share=0.01))
    for settings, picture, expected in ((edge_wise.settings, die, False), (ArmWatchSettings(), die, True),
                                        (edge_wise.settings, with_arm(clear, reach_y=500), True)):
        watch = ArmWatch(settings)
        sightings = [watch.look(noisy(p, i), i / FPS, m, inset, ()) for i, (p, m) in
                     enumerate([(clear, 0.0), (picture, 0.003), (picture, 0.0)])]
        assert sightings[-1].over is expected
