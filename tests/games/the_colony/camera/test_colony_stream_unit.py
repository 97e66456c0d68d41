"""The Colony's reader on a stream: one bead's size is the camera's, not one picture's (colony-clips5).

Clip 4137 (glass beads, tilt 35): for 65 frames every picture's lone beads measured about 33 mm2; after red's last
sowing the still table's few lone blobs measured 19 mm2, and since a still table's reading stands, every log was
counted on 19: 4 eggs read 7, and no legal move fitted for the rest of the clip. Now a picture whose own size is
far off the stream's usual one is read on the usual one; a picture near it keeps its own (the counter learnt each
picture's own size)."""

from __future__ import annotations

import pytest

from companion.games.the_colony.camera.settings import SETTINGS
from companion.games.the_colony.camera.stream_memory import StreamMemory

CLIP_4137_BEFORE = [32.0, 33.0, 33.0, 39.0, 46.0, 35.0, 39.0, 33.0, 30.0, 27.0, 34.0, 44.0]


def streamed(units) -> StreamMemory:
    memory = StreamMemory()
    for unit in units:
        memory.steady_unit(unit, True, SETTINGS)
    return memory


def test_a_still_picture_whose_lone_beads_measure_far_too_small_is_read_on_the_streams_bead_size():
    memory = streamed(CLIP_4137_BEFORE)
    assert memory.steady_unit(19.0, True, SETTINGS) == pytest.approx(33.0)
    # the still table's frames that follow add nothing: the odd picture never becomes the usual size
    for _ in range(30):
        assert memory.steady_unit(19.0, False, SETTINGS) == pytest.approx(33.0)


def test_a_picture_near_the_streams_bead_size_keeps_its_own():
    memory = streamed(CLIP_4137_BEFORE)
    assert memory.steady_unit(30.0, True, SETTINGS) == 30.0


def test_a_picture_with_no_bead_to_measure_takes_the_streams_size_not_the_default():
    """Clip 4054 (pony beads): from frame 10 on no open log showed a lone bead, and the default 30 mm2 stood
    for about 70."""
    memory = streamed([70.0, 68.0, 71.0])
    assert memory.steady_unit(None, True, SETTINGS) == pytest.approx(70.0)
    assert StreamMemory().steady_unit(None, True, SETTINGS) is None   # nothing measured yet: the picture's default
