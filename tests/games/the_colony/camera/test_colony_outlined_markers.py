"""The Colony's reader on a stream: a far corner marker the detector outlines but cannot read (colony-clips6).

Clip 4148 (colony eggs, tilt 28): the two far corner markers are 15-17 px across and blurred, so ArUco outlines
their black squares but reads no bits, and the board's frame was made from the two near markers alone. Its far logs'
circles then lay a log's radius off the printed ones, every log read 0-2 for 3, and all three turns were asked. The
frame from the near markers still puts each far marker within about a side of where it lies, and its outline is the
one dark square of a marker's size there: the stream's frame now takes it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.games.the_colony.camera.reader import ColonyReader
from companion.games.the_colony.camera.stream_memory import StreamMemory
from companion.games.the_colony.position import Position
from companion.games.the_colony.render.scene import RenderOptions, compose_scene
from companion.games.the_colony.render.clip import CLIP_SIZE
from companion.games.the_colony.render.draw import render_frame


@pytest.fixture(scope="module")
def clip_4148_setup():
    """The first frame of clip 4148: the rulebook's setup, no hand yet."""
    scene = compose_scene(Position.setup(), 4148, replace(RenderOptions(size=CLIP_SIZE), hand=False), "colony-egg")
    return render_frame(scene, 0).image


def test_far_markers_outlined_but_not_read_still_make_the_boards_frame(clip_4148_setup):
    memory = StreamMemory()
    reading = ColonyReader().read(clip_4148_setup, 0.0, memory=memory)
    assert sorted(memory.markers) == [21, 22]           # the near two read; the far two only outlined
    assert sorted(memory.outlines) == [20, 23]
    far = ["L1", "L2", "L14", "L15", "L16", "L17", "L18"]
    assert [reading.reading(space).eggs for space in far] == [3] * len(far)
    assert not any(reading.reading(space).ant for space in far)


def test_the_frame_with_outlines_stands_while_the_markers_read_wobble_a_pixel(clip_4148_setup):
    """At frame 3 a corner of marker 22 read 3 px from where it lay (its centre 0.8 px): the frame was made anew
    just as a hand came over the far markers, without their outlines, and stood so for the rest of the clip."""
    memory = StreamMemory()
    reader = ColonyReader()
    reader.read(clip_4148_setup, 0.0, memory=memory)
    frame = memory.frame
    wobbled = {marker: quad.copy() for marker, quad in memory.frame_markers.items()}
    wobbled[22][0] += (2.9, 0.5)
    assert memory.still(wobbled, reader.settings)
    pushed = {marker: quad + (6.0, 0.0) for marker, quad in memory.frame_markers.items()}
    assert not memory.still(pushed, reader.settings)
    assert memory.frame is frame
