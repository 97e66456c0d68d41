"""The Colony's reader on a stream of frames: a frame where a hand sowed into one log measures that log
again, on the board's frame and patch maps it already had, and keeps every other log's look and row."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.games.the_colony.camera.reader import LONE_SHARE, ColonyReader, StreamMemory
from companion.games.the_colony.kit.board import space_places

SAMPLES = Path(__file__).resolve().parents[4] / "samples" / "colony"


def _bead_on(picture: np.ndarray, frame, centre_mm, colour=(30, 28, 26)) -> np.ndarray:
    """The picture with a dark bead-sized ellipse (3 mm across the board's x) at a board point."""
    x, y = frame.to_image([centre_mm])[0]
    edge = frame.to_image([(centre_mm[0] + 3.0, centre_mm[1])])[0]
    radius = int(round(np.hypot(*(edge - (x, y)))))
    changed = picture.copy()
    cv2.ellipse(changed, (int(x), int(y)), (radius, int(radius * 0.75)), 0, 0, 360, colour, -1, cv2.LINE_AA)
    return changed


@pytest.fixture(scope="module")
def photo():
    return cv2.imread(str(SAMPLES / "colony-even-straight.jpg"))


@pytest.mark.slow
def test_a_frame_where_one_log_changed_reads_that_log_again_and_keeps_the_others(photo):
    reader, memory = ColonyReader(), StreamMemory()
    first = reader.read(photo, 0.0, memory=memory)
    empty = next(r.space for r in first.spaces if r.eggs == 0 and not r.hidden)
    index = reader.layout.ids.index(empty)
    looks_before, rows_before = [look for look, _ in memory.looks], memory.measured.rows.copy()
    frame, maps = memory.frame, memory.maps
    centre = next(p.centre for p in space_places(reader.layout) if p.id == empty)
    changed = _bead_on(photo, memory.frame, centre)
    after = reader.read(changed, 1.0, memory=memory)
    assert memory.frame is frame and memory.maps is maps      # the markers did not move: nor did the board
    assert after.reading(empty).eggs == 1                     # the change is seen ...
    assert memory.looks[index][0] is not looks_before[index]
    kept = [i for i in range(len(looks_before)) if i != index]
    assert all(memory.looks[i][0] is looks_before[i] for i in kept)   # ... and no other log was measured again
    assert [after.spaces[i].eggs for i in kept] == [first.spaces[i].eggs for i in kept]
    # the other logs' counter rows stand too, but for the one column every log shares (the lone beads' share)
    shared = np.ones(rows_before.shape[1], bool)
    shared[LONE_SHARE] = False
    assert np.array_equal(memory.measured.rows[kept][:, shared], rows_before[kept][:, shared])
    # what it kept is what a fresh read of the new picture measures: the same reading, log by log
    fresh = ColonyReader().read(changed)
    assert [(r.eggs, r.ant, r.hidden) for r in after.spaces] == [(r.eggs, r.ant, r.hidden) for r in fresh.spaces]
    assert [r.confidence for r in after.spaces] == pytest.approx([r.confidence for r in fresh.spaces], abs=1e-9)


@pytest.mark.slow
def test_a_faint_change_below_the_threshold_keeps_the_logs_look_while_a_bead_on_another_is_read(photo):
    """The threshold lives in the settings: a smudge paler than `still_step` (a shadow's edge) is no
    change to its log, in the same frame as a bead dropped on another log."""
    reader, memory = ColonyReader(), StreamMemory()
    first = reader.read(photo, 0.0, memory=memory)
    smudged, beaded = [r.space for r in first.spaces if r.eggs == 0 and not r.hidden][:2]
    centres = {p.id: p.centre for p in space_places(reader.layout)}
    paper = photo[tuple(memory.frame.to_image([centres[smudged]])[0].astype(int)[::-1])].astype(int)
    faint = tuple(int(v) for v in np.clip(paper - reader.settings.still_step / 2, 0, 255))
    looks = {space: memory.looks[reader.layout.ids.index(space)][0] for space in (smudged, beaded)}
    picture = _bead_on(_bead_on(photo, memory.frame, centres[smudged], faint), memory.frame, centres[beaded])
    after = reader.read(picture, 1.0, memory=memory)
    assert memory.looks[reader.layout.ids.index(smudged)][0] is looks[smudged]
    assert memory.looks[reader.layout.ids.index(beaded)][0] is not looks[beaded]
    assert after.reading(beaded).eggs == 1 and after.reading(smudged).eggs == 0


def test_a_corner_marker_lost_and_found_again_on_a_still_board_keeps_the_boards_frame(photo):
    """colony-clips3, clip 4034 (tilt 25): one corner marker was found in some still frames and not in others, and
    each time the frame was made again from three markers or four, the far logs moved 3-6 px, so a still table read
    as moving and as under a hand for three whole turns. Now a frame stands while the markers it was made from that
    still show lie within `held_marker_px` of where they lay (corners wobble a pixel or two), and no other shows."""
    reader, memory = ColonyReader(), StreamMemory()
    reader.read(photo, 0.0, memory=memory)
    assert len(memory.markers) == 4
    frame = memory.frame
    lost = min(memory.markers)
    box = memory.markers[lost]
    x0, y0 = np.floor(box.min(axis=0)).astype(int) - 4
    x1, y1 = np.ceil(box.max(axis=0)).astype(int) + 4
    covered = photo.copy()
    covered[y0:y1, x0:x1] = covered[y0:y1, x0:x1].mean(axis=(0, 1)).astype(np.uint8)   # a plain patch over it
    reader.read(covered, 1.0, memory=memory)
    assert lost not in memory.markers and memory.frame is frame          # three of four, where they lay: held
    reader.read(photo, 2.0, memory=memory)
    assert lost in memory.markers and memory.frame is frame              # found again: still the same frame
    moved = cv2.warpAffine(photo, np.float32([[1, 0, 6], [0, 1, 0]]), photo.shape[1::-1], borderMode=cv2.BORDER_REPLICATE)
    reader.read(moved, 3.0, memory=memory)
    assert memory.frame is not frame                                     # the board moved 6 px: a new frame
