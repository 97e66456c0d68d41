"""The still reader on the bundled clip's real frames: a frame with a hand coming over the table is not
read; the first two steady frames are read in full, later ones showing the same table keep the reading,
also after a hand came and went, and one that differs from it by a die's pip is read again; and the live
picture writes the reading across its foot."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.games.black_cannon.camera.live import BlackCannonCamera
from companion.games.black_cannon.camera.board_view import locate_board
from companion.games.black_cannon.camera.reader import Reading
from companion.games.black_cannon.camera.stills import StillReader, committed_table, table_tokens
from companion.tracking import Gated
from companion.vision.frames import open_source
from companion.vision.markers import detect_markers

ARTIFACTS = Path(__file__).resolve().parents[3] / "artifacts"   # where the dashboard tests' screenshots go
CLIP = BlackCannonCamera.clip()
TRUTH = json.loads(CLIP.with_suffix(".json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def frames():
    return [frame.image for frame in open_source(str(CLIP))]


@pytest.mark.slow   # four full reads
def test_a_hand_over_the_table_is_not_read_and_a_steady_table_is_read_twice(frames):
    hand = next(r["index"] for r in TRUTH["frames"] if r["hand"])
    reader = StillReader()
    readings = [reader.read_frame(frames[i], i / 4.0) for i in range(hand - 2, hand + 4)]
    before, at_hand, after = readings[:2], readings[2], readings[3:]
    assert at_hand.reading is None and at_hand.motion > reader.settings.moving_share
    assert after[0].reading is None                       # the hand has just left: still moving
    assert [r.fresh for r in after[1:]] == [True, True]   # two full reads once steady
    assert reader.reads == 2 + sum(r.fresh for r in before)

    state = TRUTH["states"][TRUTH["frames"][hand + 3]["state"]]
    ships = {fleet: (s.kind, s.square) for fleet, s in after[-1].seen.ships.items()}
    expected = {w.split("=")[0]: tuple(w.split("=")[1].split("@")) for w in
                next(line for line in state["board_text"].splitlines() if line.startswith("ships:")).split()[1:]}
    assert ships == expected

    again = StillReader()
    for i in range(hand + 1, hand + 4):
        again.read_frame(frames[i], i / 4.0)
    reused = again.read_frame(frames[hand + 3], 9.0)       # the same picture again: nothing new to read
    assert not reused.fresh and again.reads == 2 and reused.seen == after[-1].seen

    picture = BlackCannonCamera.annotate(frames[hand + 3], after[-1], ("D4",))
    assert picture.shape == frames[0].shape and not np.array_equal(picture, frames[hand + 3])
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    cv2.imwrite(str(ARTIFACTS / "black-cannon-live-reading.png"), picture)


def test_a_die_turned_over_where_it_lay_is_read_again_and_sensor_noise_is_not(frames):
    still = next(r["index"] for r in TRUTH["frames"] if r["hand"]) + 3
    reader = StillReader()
    first = reader.read_frame(frames[still], 0.0)
    reader.read_frame(frames[still], 0.1)                              # read twice: the table is confirmed still
    noisy = np.clip(frames[still] + np.random.default_rng(5).normal(0, 3, frames[still].shape), 0, 255).astype(np.uint8)
    assert not reader.read_frame(noisy, 0.25).fresh                  # a webcam's grain is the same table
    view = locate_board(detect_markers(frames[still]), frames[still].shape[1::-1], 12, 12)
    at = np.float64([[first.reading.dice[0].centre_mm]])
    x, y = map(int, cv2.perspectiveTransform(at, view.to_image).reshape(2))
    turned = noisy.copy()
    cv2.circle(turned, (x, y), 2, (20, 20, 20), -1)                   # one more pip where the die lies
    again = reader.read_frame(turned, 0.5)
    assert again.motion <= reader.settings.moving_share and again.fresh and reader.reads == 3


def test_the_committed_table_is_the_latest_reading_when_it_agrees_with_the_vote():
    from companion.games.black_cannon.inference import SeenDie, SeenShip, SeenTable

    seen = SeenTable({"red": SeenShip("D4", "galleon")}, (SeenDie(3, (150.2, 33.9), "F2"), SeenDie(None, (20.0, 300.0), "A11")),
                     {"D4": 3})
    assert committed_table(table_tokens(seen), seen) is seen
    voted = committed_table(table_tokens(seen), None)
    assert voted.ships["red"].square == "D4" and not voted.ships["red"].sure   # rebuilt: never sure
    assert {(d.pips, d.where) for d in voted.dice} == {(None, "A11"), (3, "F2")} and voted.chests == {"D4": 3}


def test_a_die_read_as_another_count_in_the_next_still_frame_is_asked_about():
    from companion.games.black_cannon.camera.seen_die import SeenDie as ReadDie
    from companion.games.black_cannon.camera.reader import Reading

    # Two still frames of one table, as a reader might see a cocked die: its tilted top read 3, then 5.
    readings = iter([Reading(True, dice=(ReadDie(3, 1.0, (80.0, 120.0), "3 pips"), ReadDie(4, 1.0, (200.0, 60.0), "4 pips"))),
                     Reading(True, dice=(ReadDie(5, 1.0, (80.6, 119.5), "5 pips"), ReadDie(4, 1.0, (200.3, 60.2), "4 pips")))])
    reader = StillReader(read=lambda image, board: next(readings))
    table = np.full((360, 640, 3), 90, np.uint8)
    first = reader.read_frame(table, 0.0)
    second = reader.read_frame(table, 0.25)
    assert [d.pips for d in first.seen.dice] == [3, 4]
    assert second.fresh and [d.pips for d in second.seen.dice] == [None, 4]   # asked, not taken; the 4 stands
    assert "what does it show?" in second.problems[0]
    moved = reader.read_frame(np.full((360, 640, 3), 200, np.uint8), 0.5)     # thrown again: moving, unread
    assert moved.reading is None



def test_a_hand_held_still_over_the_table_is_not_read_and_nothing_is_committed_under_it(frames):
    """The clip's hand frame held for four frames (each with its own sensor noise): the picture is calm, so only the
    arm watch can tell; no frame under it is read, and the tracker waits for the hand."""
    hand = next(r["index"] for r in TRUTH["frames"] if r["hand"])
    held = [np.clip(frames[hand] + np.random.default_rng(seed).normal(0, 2.0, frames[hand].shape), 0, 255)
            .astype(np.uint8) for seed in range(4)]
    read = []
    reader = StillReader(read=lambda image, board: read.append(image) or Reading(board_seen=False))
    readings = [reader.read_frame(image, i / 4.0) for i, image in enumerate([frames[hand - 2]] * 2 + held)]
    # The hand's first frame moves (not read: the motion test); it is seen in every calm frame after.
    assert [r.arm for r in readings] == [False, False, False, True, True, True]
    assert readings[-1].motion <= reader.settings.moving_share      # calm: the motion test alone would read it
    assert len(read) == 2                                           # the two steady frames only
    camera = BlackCannonCamera()
    outcomes = [camera.track(r) for r in readings[2:]]
    assert all(isinstance(o, Gated) for o in outcomes) and all("hand" in o.reason for o in outcomes[1:])
